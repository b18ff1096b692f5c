#include <stdio.h>

/* Called from Fortran with a NUL-terminated character array.  */
void
show_text (const char *s)
{
  printf ("%s: teh end\n", s); /* { ltospell-warning "teh" } */
}
