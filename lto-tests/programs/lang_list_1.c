#include <stdio.h>

void
paint (int n)
{
  if (n > 1)
    puts ("Choose a seperate colour for each layer"); /* { ltospell-warning "seperate" } */
}
