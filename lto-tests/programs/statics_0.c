/* Same-named static functions and variables in four units, linked in
   several partitions: LTO privatizes their names (describe.lto_priv.N),
   so anything that makes WPA stream a body again, or in another order,
   renames them and changes the code.  The [codegen] lines compare every
   mode with the link without the plugin.  */
/* { ltospell-cflags "-O2 --param=lto-min-partition=1 --param=lto-partitions=4" } */
#include <stdio.h>

static int counter;

static const char *
describe (int x)
{
  static const char *const names[] = { "unit 0 first", "unit 0 second" };
  counter += x;
  return names[x & 1];
}

static void __attribute__ ((noinline))
report (int x)
{
  printf ("%s: %d in unit 0, which is fine\n", describe (x), counter);
}

void entry_1 (int); void entry_2 (int); void entry_3 (int);
int
main (int argc, char **argv)
{
  (void) argv;
  report (argc);
  entry_1 (argc);
  entry_2 (argc);
  entry_3 (argc);
  return counter & 1;
}
