#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

static const wchar_t *const wide_messages[] = {
  L"First entry",
  L"Seperate entry", /* { ltospell-warning "Seperate" } { ltospell-note "in the initializer of 'wide_messages' (unit lto-tests/programs/wide_1.c), referenced by 'wide_entry'" } */
};

__attribute__ ((noipa)) void
emit_wide (const wchar_t *s)
{
  size_t n = wcslen (s);
  fwrite (s, sizeof *s, n, stdout);
}

__attribute__ ((noipa)) void
emit16 (const char16_t *s)
{
  size_t n = 0;
  while (s[n])
    n++;
  fwrite (s, sizeof *s, n, stdout);
}

__attribute__ ((noipa)) void
emit32 (const char32_t *s)
{
  size_t n = 0;
  while (s[n])
    n++;
  fwrite (s, sizeof *s, n, stdout);
  emit16 (u"The adress of the 16-bit text"); /* { ltospell-warning "adress" } { ltospell-note "used in function 'emit32' (unit lto-tests/programs/wide_1.c)" } */
}

const wchar_t *
wide_entry (int i)
{
  return wide_messages[i & 1];
}
