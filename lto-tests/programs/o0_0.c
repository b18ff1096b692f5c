/* Compiled and linked at -O0: a static inline function of a header is
   not inlined, so its string is used in two functions of the same name,
   one per unit.  */
/* { ltospell-cflags "-O0" } */

#include "o0.h"

void other (void);

int
main (void)
{
  log_note ("start");
  other ();
  return 0;
}
