#include <stdio.h>

static const char version[] = "version one point zero";

void
second (void)
{
  puts ("Usage: tool [options] file");
  puts (version);
  puts ("output file");
}
