#include <stdio.h>

#include "macro.h"

void
retry (int n)
{
  if (n > 2)
    puts (MSG_TIMEOUT); /* { ltospell-note "also used in function 'retry' (unit lto-tests/programs/macro_1.c)" } */
}
