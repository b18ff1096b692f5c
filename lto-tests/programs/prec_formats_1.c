#include <stdio.h>

void
zorbulate (const char *s)
{
  puts (s);
}
