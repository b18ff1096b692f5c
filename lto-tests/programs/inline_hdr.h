/* A logger in a header, inlined at compile time into three units.  */

#include <stdio.h>

static inline void
log_warn (const char *what)
{
  fprintf (stderr, "warning: %s: could not recieve a reply\n", what); /* { ltospell-warning "recieve" } { ltospell-note "in function 'main' (unit lto-tests/programs/inline_hdr_0.c), inlined from 'log_warn' (lto-tests/programs/inline_hdr_0.c:18)" } { ltospell-note "in function 'main' (unit lto-tests/programs/inline_hdr_0.c), inlined from 'log_warn' (lto-tests/programs/inline_hdr_0.c:20)" } { ltospell-note "in function 'poll_server' (unit lto-tests/programs/inline_hdr_1.c), inlined from 'log_warn' (lto-tests/programs/inline_hdr_1.c:9)" } { ltospell-note "in function 'close_session' (unit lto-tests/programs/inline_hdr_2.c), inlined from 'log_warn' (lto-tests/programs/inline_hdr_2.c:9)" } */
}
