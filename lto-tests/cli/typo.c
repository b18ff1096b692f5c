/* Used by cli_tests.py: a one-unit program with two misspellings in two
   functions, for the command-line tests (non-LTO compile, -w, -Werror,
   quiet).  Not an LTO test itself: it is not named NAME_0.c.  */

#include <stdio.h>

__attribute__ ((noinline)) static void
report (int status)
{
  printf ("Could not recieve the reply (status %d)\n", status); /* { ltospell-warning "recieve" } { ltospell-note "used in function 'report'" } */
}

int
main (int argc, char **argv)
{
  (void) argv;
  report (argc);
  puts ("The transfer was not sucessful."); /* { ltospell-warning "sucessful" } { ltospell-note "used in function 'main'" } */
  return 0;
}
