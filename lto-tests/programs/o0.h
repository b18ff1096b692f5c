/* At -O0 nothing is inlined: each unit has its own copy of log_note.  */

#include <stdio.h>

static inline void
log_note (const char *what)
{
  printf ("note: %s happened untill now\n", what); /* { ltospell-warning "untill" } { ltospell-note "in function 'log_note' (unit lto-tests/programs/o0_0.c)" } { ltospell-note "in function 'log_note' (unit lto-tests/programs/o0_1.c)" } */
}
