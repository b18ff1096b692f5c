/* The American spelling in a British program.  */

#include <stdio.h>

void
pick (int n)
{
  printf ("Pick a color between 1 and %d\n", n); /* { ltospell-warning "color" } */
}
