#include <stdio.h>

void
status (int n)
{
  printf ("The Zorblax frobnicator is at %d; blorfing is off.\n", n); /* { ltospell-warning "blorfing" } */
}
