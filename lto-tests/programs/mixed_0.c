/* C and C++ units in one program (linked with g++): a C main calling
   an extern "C" function of a C++ unit.  */

#include <stdio.h>

const char *make_title (int n);

int
main (int argc, char **argv)
{
  (void) argv;
  printf ("The operation was not sucessful (%d)\n", argc); /* { ltospell-warning "sucessful" } { ltospell-note "used in function 'main' (unit lto-tests/programs/mixed_0.c)" } */
  puts (make_title (argc));
  return 0;
}
