/* A prefixed word that is one edit from a common word is a typo.  */

#include <stdio.h>

void
more_compounds (void)
{
  puts ("The righthand side waits untill the end"); /* { ltospell-warning "untill" } */
}
