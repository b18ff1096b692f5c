#include <stdio.h>
#include <string.h>

const char *
translate (const char *s)
{
  return s;
}

int
lookup (const char *key)
{
  /* Compared here and printed below: checked.  */
  static const char both[] = "paralel kilobites"; /* { ltospell-warning "paralel" } { ltospell-warning "kilobites" } */
  if (strcmp (key, both) == 0)
    return 2;
  puts (both);
  return 0;
}
