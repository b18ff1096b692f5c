#include "o0.h"

void
other (void)
{
  log_note ("other");
  puts ("Nothing else occured"); /* { ltospell-warning "occured" } { ltospell-note "used in function 'other' (unit lto-tests/programs/o0_1.c)" } */
}
