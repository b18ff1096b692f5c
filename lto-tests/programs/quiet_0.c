/* quiet: no summary line (the runner checks that it is absent), the
   findings are unchanged.  */
/* { ltospell-options "quiet" } */

#include <stdio.h>

void tell (int);

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("An error occured"); /* { ltospell-warning "occured" } */
  tell (argc);
  return 0;
}
