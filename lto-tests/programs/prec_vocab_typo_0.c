/* A typo of a word only the project's word lists know (dict/'s
   "whitespace": aspell does not know it, so it cannot suggest it) is
   as sure a typo as one of an everyday word, and warns with the
   default confidence=medium (btop 1.1.3 wrote "withespace").  A name
   far from any word still stays in the low tier (prec_vocab_typo_1.c).  */

#include <stdio.h>

void show_help (void);

int
main (void)
{
  puts ("Trim leading withespace from each line."); /* { ltospell-warning "withespace" } */
  show_help ();
  return 0;
}
