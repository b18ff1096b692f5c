/* netprobe: a pretend network probe, the ltospell demo program.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int probe_host (const char *host, int count);

int verbose;

static const char *const usage_lines[] = {
  "Usage: netprobe [-v] [-c COUNT] HOST...",
  "Send COUNT probes to each HOST and print the round-trip times.",
  "  -v        print every reply as soon as it is recieved",
  "  -c COUNT  number of probes for each host (default 3)",
};

static void
usage (FILE *out)
{
  for (size_t i = 0; i < sizeof usage_lines / sizeof usage_lines[0]; i++)
    fprintf (out, "%s\n", usage_lines[i]);
}

int
main (int argc, char **argv)
{
  int count = 3, failures = 0, i;

  for (i = 1; i < argc && argv[i][0] == '-'; i++)
    {
      if (strcmp (argv[i], "-v") == 0)
	verbose = 1;
      else if (strcmp (argv[i], "-c") == 0 && i + 1 < argc)
	count = atoi (argv[++i]);
      else
	{
	  usage (stderr);
	  return 2;
	}
    }
  if (i == argc || count <= 0)
    {
      if (count <= 0)
	log_error (argv[0], "the probe count must be a positive number");
      usage (stderr);
      return 2;
    }
  log_info ("starting");
  for (; i < argc; i++)
    failures += probe_host (argv[i], count) != 0;
  if (failures)
    fprintf (stderr, "%d of the hosts did not reply untill the end\n", failures);
  return failures != 0;
}
