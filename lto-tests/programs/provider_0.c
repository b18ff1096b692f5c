/* provider=hunspell: the Hunspell dictionary instead of enchant's
   default for en_US (Aspell here).  */
/* { ltospell-options "provider=hunspell lang=en_US" } */

#include <stdio.h>

void shout (int);

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("Wait untill the download is complete"); /* { ltospell-warning "untill" } */
  shout (argc);
  return 0;
}
