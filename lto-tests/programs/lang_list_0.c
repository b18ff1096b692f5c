/* lang=en_US,en_GB: a word is right if either dictionary has it, so both
   spellings of colour pass; misspellings in both are still flagged.  */
/* { ltospell-options "lang=en_US,en_GB" } */

#include <stdio.h>

void paint (int);

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("The colour of the sky");
  puts ("The color of the sea");
  paint (argc);
  return 0;
}
