/* A header that says it is a system header: its strings are the
   library's, not the program's, and are never reported, neither in an
   inline function inlined into the program nor in a table the program
   reads.  */

#pragma GCC system_header

#include <stdio.h>

static const char *const sys_hdr_messages[] = {
  "the libary could not recieve it",
  "an unknwon flurbix error",
};

static inline void
sys_hdr_log (int i)
{
  fprintf (stderr, "syshdr: %s, wich is fatal\n", sys_hdr_messages[i & 1]);
}
