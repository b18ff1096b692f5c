/* Wide and Unicode string literals: L"" (4-byte wchar_t), u"" (UTF-16),
   U"" (UTF-32) and u8"" (UTF-8, with a character outside ASCII), in
   function bodies and in a table.  */

#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

void emit_wide (const wchar_t *s);
void emit16 (const char16_t *s);
void emit32 (const char32_t *s);
const wchar_t *wide_entry (int i);

int
main (int argc, char **argv)
{
  (void) argv;
  emit_wide (L"Could not recieve the wide message"); /* { ltospell-warning "recieve" } { ltospell-note "used in function 'main' (unit lto-tests/programs/wide_0.c)" } */
  emit16 (u"The lenght of this text is wrong"); /* { ltospell-warning "lenght" } */
  emit32 (U"Wait untill the end of the line"); /* { ltospell-warning "untill" } */
  puts (u8"Occured at the end \u2192 nothing to do"); /* { ltospell-warning "Occured" } */
  emit_wide (wide_entry (argc));
  return 0;
}
