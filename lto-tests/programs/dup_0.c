/* Duplication: a clean program (no misspelling) whose strings are
   copied across three units, as literals the linker merges and as
   named arrays it does not.  report_tests.py checks the dups=
   summary line by line, and that werror links a clean program.  */

#include <stdio.h>

void second (void);
void third (void);

static const char version[] = "version one point zero";

int
main (void)
{
  puts ("Usage: tool [options] file");
  puts (version);
  puts ("Writing the output file");
  second ();
  third ();
  return 0;
}
