/* Everyday English that a spell checker of program strings must leave
   alone beyond the contract's list: contractions, possessives,
   hyphenated words, e-mail addresses, quotes and punctuation, escapes.
   No marker: any warning fails.  */

#include <stdio.h>

void more_prose (int argc);

int
main (int argc, char **argv)
{
  (void) argv;
  if (argc > 1)
    puts ("It doesn't work, and we can't retry; the program's output is empty.");
  puts ("Report bugs to <bugs@example.org>, or \"write\" to the 'list'.");
  more_prose (argc);
  return 0;
}
