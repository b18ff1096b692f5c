/* A static inline function of a header, inlined into several units:
   one warning, in the header, and a note for each inlined copy naming
   its unit, the function it is now in and the call site.  main calls
   the logger twice: two uses.  The line numbers in the markers of
   inline_hdr.h are those of the calls here and in the other units.  */

#include "inline_hdr.h"

void poll_server (int);
void close_session (int);

int
main (int argc, char **argv)
{
  poll_server (argc);
  close_session (argc);
  if (argc > 1)
    log_warn (argv[1]);
  if (argc > 2)
    log_warn (argv[2]);
  return 0;
}
