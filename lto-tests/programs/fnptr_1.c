#include <stdio.h>

static void
on_start (void)
{
  puts ("The start was sucessful"); /* { ltospell-warning "sucessful" } { ltospell-note "used in function 'on_start' (unit lto-tests/programs/fnptr_1.c)" } */
}

static void
on_stop (void)
{
  puts ("Stopped untill further notice"); /* { ltospell-warning "untill" } { ltospell-note "used in function 'on_stop' (unit lto-tests/programs/fnptr_1.c)" } */
}

void (*const handlers[]) (void) = { on_start, on_stop };
