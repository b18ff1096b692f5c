
#include <stdio.h>

static int counter;

static const char *
describe (int x)
{
  static const char *const names[] = { "unit 3 first", "unit 3 second" };
  counter += x;
  return names[x & 1];
}

static void __attribute__ ((noinline))
report (int x)
{
  printf ("%s: %d in unit 3, which is fine\n", describe (x), counter);
}

void
entry_3 (int x)
{
  report (x + 3);
}
