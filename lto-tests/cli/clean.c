/* Used by cli_tests.py: a one-unit program without misspellings, linked
   with bad plugin arguments.  */

#include <stdio.h>

int
main (int argc, char **argv)
{
  printf ("Hello from %s with %d arguments.\n", argv[0], argc - 1);
  return 0;
}
