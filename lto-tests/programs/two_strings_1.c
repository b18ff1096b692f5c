#include <stdio.h>

void
read_body (int n)
{
  if (n > 3)
    puts ("Unable to recieve data"); /* { ltospell-warning "recieve" } { ltospell-note "used in function 'read_body' (unit lto-tests/programs/two_strings_1.c)" } */
}
