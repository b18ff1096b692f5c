/* util.h: logging helpers shared by the units of netprobe.  */

#ifndef NETPROBE_UTIL_H
#define NETPROBE_UTIL_H

#include <stdio.h>

extern int verbose;

static inline void
log_info (const char *what)
{
  if (verbose)
    fprintf (stderr, "netprobe: %s\n", what);
}

static inline void
log_error (const char *host, const char *what)
{
  fprintf (stderr, "netprobe: %s: %s (check teh address and try again)\n", host, what);
}

#endif
