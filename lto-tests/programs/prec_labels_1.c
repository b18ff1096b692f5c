#include <ctype.h>

/* A comparison of the program's own, named as the C library's.  */
int
my_strcasecmp (const char *a, const char *b)
{
  for (; *a && tolower ((unsigned char) *a) == tolower ((unsigned char) *b);
       a++, b++)
    ;
  return tolower ((unsigned char) *a) - tolower ((unsigned char) *b);
}
