#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

/* A NUL inside a table entry, and entries that are only bytes.  */
static const char *const byte_table[] = {
  "first\0then occured after the terminator", /* { ltospell-warning "occured" } */
  "\xff\xff\xff\xff",
  "",
  "\0\0\0",
};

__attribute__ ((noipa)) void
show_bytes (const char *s, size_t n)
{
  fwrite (s, 1, n, stdout);
}

__attribute__ ((noipa)) void
show_wide (const wchar_t *s, size_t n)
{
  fwrite (s, sizeof *s, n, stdout);
}

__attribute__ ((noipa)) void
show16 (const char16_t *s, size_t n)
{
  fwrite (s, sizeof *s, n, stdout);
}

__attribute__ ((noipa)) void
show32 (const char32_t *s, size_t n)
{
  fwrite (s, sizeof *s, n, stdout);
}

const char *
pick_table (int i)
{
  return byte_table[i & 3];
}
