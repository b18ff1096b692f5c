#include <stdio.h>

void
more (int n)
{
  if (n > 3)
    puts ("Sucessful"); /* { ltospell-warning "Sucessful" } */
  printf ("%d items were lost untill now\n", n); /* { ltospell-warning "untill" } */
}
