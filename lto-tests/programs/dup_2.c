#include <stdio.h>

void
third (void)
{
  puts ("Usage: tool [options] file");
  puts ("Finished.");
  puts ("finished");
}
