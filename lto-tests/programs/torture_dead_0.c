/* Torture: strings only in code the program never runs.  A static
   function nobody calls, an extern function nobody calls (LTO removes
   it as unreachable), a branch under if (0), code after
   __builtin_unreachable, and a live string for contrast.

   A "dead" marker's word must be warned for exactly when its string
   reaches the executable (the runner looks for it in the .rodata of
   the link without the plugin): at -O0 GCC keeps the functions nobody
   calls, so both of those strings are live there; at -O2 LTO removes
   them, and the contract says no warning without the `dead` option.
   The if (0) and after-unreachable strings are gone at every level.  */

#include <stdio.h>

void never_called_extern (void);
int live_helper (int);

static void
never_called_static (void)
{
  puts ("static and never called: wich is dead"); /* { ltospell-dead "wich" } */
}

int
main (int argc, char **argv)
{
  (void) argv;
  if (0)
    puts ("under if zero: blorfing"); /* { ltospell-dead "blorfing" } */
  if (argc > 1000)
    {
      __builtin_unreachable ();
      puts ("after unreachable: kilobites"); /* { ltospell-dead "kilobites" } */
    }
  puts ("this string is live and we recieve it"); /* { ltospell-warning "recieve" } */
  return live_helper (argc);
}
