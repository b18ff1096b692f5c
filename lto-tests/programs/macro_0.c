/* A string in a macro of a header, expanded in two units: one string,
   reported where it is first expanded, with a note for each use.  */

#include <stdio.h>

#include "macro.h"

void retry (int);

int
main (int argc, char **argv)
{
  (void) argv;
  if (argc > 1)
    puts (MSG_TIMEOUT); /* { ltospell-warning "wich" } { ltospell-note "used in function 'main' (unit lto-tests/programs/macro_0.c)" } */
  retry (argc);
  return 0;
}
