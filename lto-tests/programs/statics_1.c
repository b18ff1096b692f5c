
#include <stdio.h>

static int counter;

static const char *
describe (int x)
{
  static const char *const names[] = { "unit 1 first", "unit 1 second" };
  counter += x;
  return names[x & 1];
}

static void __attribute__ ((noinline))
report (int x)
{
  printf ("%s: %d in unit 1, which is fine\n", describe (x), counter);
}

void
entry_1 (int x)
{
  report (x + 1);
}
