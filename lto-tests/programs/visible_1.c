#include <stdio.h>

const char *
tr (const char *msgid)
{
  return msgid;
}

void
other (void)
{
  puts ("a seperate message"); /* { ltospell-warning "seperate" } */
}
