#include <stdio.h>

void
print_usage (const char *prog)
{
  printf ("usage: %s [--wait <tiemout>] <file> <new-branch>\n", prog); /* { ltospell-warning "tiemout" } */
  printf ("<b>Note</b>: give the <file> to read, then the <count>.\n");
}
