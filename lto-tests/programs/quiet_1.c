#include <stdio.h>

void
tell (int n)
{
  if (n)
    puts ("This is teh end"); /* { ltospell-warning "teh" } */
}
