/* The same string in two units, in static functions that have the same
   name: one warning at the first use, a note for each use, with the
   function names as written (no .lto_priv suffix).  */

#include <stdio.h>

void poll_peer (int);

__attribute__ ((noinline)) static void
report (int code)
{
  printf ("Connection lost: teh server closed the socket (%d)\n", code); /* { ltospell-warning "teh" } { ltospell-note "used in function 'report' (unit lto-tests/programs/shared_str_0.c)" } */
}

int
main (int argc, char **argv)
{
  (void) argv;
  report (argc);
  poll_peer (argc);
  return 0;
}
