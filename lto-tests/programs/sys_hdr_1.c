#include "sys_hdr.h"

void
report (int n)
{
  sys_hdr_log (n + 1);
  printf ("%s %d\n", sys_hdr_messages[n & 1], n);
  puts ("the program's own adress"); /* { ltospell-warning "adress" } */
}
