/* The name of the program being linked (-o) is right in its own
   messages: cli-program-name links this as "zorblex" (no finding) and
   as "prog" (one).  */

#include <stdio.h>

int
main (void)
{
  puts ("Zorblex 1.0, the tool that checks everything");
  return 0;
}
