
#include <stdio.h>

static int counter;

static const char *
describe (int x)
{
  static const char *const names[] = { "unit 2 first", "unit 2 second" };
  counter += x;
  return names[x & 1];
}

static void __attribute__ ((noinline))
report (int x)
{
  printf ("%s: %d in unit 2, wich is odd\n", describe (x), counter); /* { ltospell-warning "wich" } */
}

void
entry_2 (int x)
{
  report (x + 2);
}
