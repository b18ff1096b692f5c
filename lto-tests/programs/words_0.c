/* words=FILE, given twice: the listed words are accepted (a lowercase
   entry in any capitalisation), other unknown words are still
   flagged.  */
/* { ltospell-options "words=lto-tests/programs/words_extra.txt words=lto-tests/programs/words_more.txt" } */

#include <stdio.h>

void status (int);

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("The frobnicator is ready.");
  puts ("Frobnicator started in Zorblax mode.");
  if (argc > 1)
    puts ("The frobnicator could not recieve the blorfing signal"); /* { ltospell-warning "recieve" } { ltospell-warning "blorfing" } */
  status (argc);
  return 0;
}
