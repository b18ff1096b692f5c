#include <stdio.h>

void
shout (int n)
{
  if (n > 1)
    puts ("The lenght of the queue is wrong"); /* { ltospell-warning "lenght" } */
}
