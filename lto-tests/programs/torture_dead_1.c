#include <stdio.h>

void
never_called_extern (void)
{
  puts ("extern and never called: paramter"); /* { ltospell-dead "paramter" } */
}

int
live_helper (int x)
{
  return x > 5;
}
