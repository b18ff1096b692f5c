/* net.c: probing one host (pretend: the times come from the name).  */

#include <stdio.h>
#include <string.h>

#include "util.h"

static unsigned
fake_rtt_us (const char *host, int seq)
{
  unsigned h = 2166136261u;
  for (const char *p = host; *p; p++)
    h = (h ^ (unsigned char) *p) * 16777619u;
  return 1000 + (h >> (seq % 16)) % 50000;
}

int
probe_host (const char *host, int count)
{
  unsigned total = 0;

  if (strlen (host) > 253)
    {
      log_error (host, "the host name is too long");
      return -1;
    }
  if (strchr (host, ' '))
    {
      log_error (host, "a host name can not contain a space");
      return -1;
    }
  for (int seq = 0; seq < count; seq++)
    {
      unsigned rtt = fake_rtt_us (host, seq);
      total += rtt;
      if (verbose)
	printf ("%s: reply %d recieved in %u.%03u ms\n", host, seq + 1, rtt / 1000, rtt % 1000);
    }
  printf ("%s: %d probes, average %.3f ms, lenght of the run %u us\n",
	  host, count, total / 1000.0 / count, total);
  return 0;
}
