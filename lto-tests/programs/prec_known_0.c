/* Two tiers: a word on a known-misspellings list (codespell's, and
   typos=FILE) is reported with the list's fix, even in a one-word
   string; a word only the dictionary rejects is reported in running
   text, not in a one-word string, which is far more often a name.  */
/* { ltospell-options "typos=lto-tests/programs/prec_typos.txt confidence=low" } */

#include <stdio.h>

void more (int);

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("The zorbliness is gone."); /* { ltospell-warning "zorbliness" } */
  puts ("frobliness");
  puts ("Blorfing"); /* { ltospell-warning "Blorfing" } */
  more (argc);
  return 0;
}
