/* Strings from a system header (sys_hdr.h, #pragma GCC system_header)
   are skipped; the program's own strings around them are still checked,
   in this unit and in the other.  */

#include "sys_hdr.h"

void report (int);

int
main (int argc, char **argv)
{
  sys_hdr_log (argc);
  report (argc);
  puts (argv[0] ? "a seperate line of the program" : ""); /* { ltospell-warning "seperate" } */
  return 0;
}
