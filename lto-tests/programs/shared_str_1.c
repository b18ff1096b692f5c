#include <stdio.h>

__attribute__ ((noinline)) static void
report (int code)
{
  printf ("Connection lost: teh server closed the socket (%d)\n", code); /* { ltospell-note "also used in function 'report' (unit lto-tests/programs/shared_str_1.c)" } */
}

void
poll_peer (int n)
{
  if (n > 1)
    report (n);
}
