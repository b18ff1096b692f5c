/* Torture: the bytes of string constants.  Wide (wchar_t), char16_t,
   char32_t and u8 literals, invalid UTF-8, an unpaired UTF-16
   surrogate, and embedded NUL bytes: the text after a NUL is checked
   too, in every element size.  Run in the torture matrix (optimization
   levels, -g/-g0, fat objects, -fno-merge-constants, every partition
   mode); see README.md.  */

#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

void show_bytes (const char *s, size_t n);
void show_wide (const wchar_t *s, size_t n);
void show16 (const char16_t *s, size_t n);
void show32 (const char32_t *s, size_t n);
const char *pick_table (int i);

/* Pass a literal with its length in elements, NULs included.  */
#define SHOW(fn, lit) fn (lit, sizeof (lit) / sizeof (lit)[0] - 1)

int
main (int argc, char **argv)
{
  (void) argv;
  /* The misspelling is after the NUL: C functions never see it, the
     binary still carries it.  */
  SHOW (show_bytes, "visible part\0hidden part that we recieve"); /* { ltospell-warning "recieve" } */
  SHOW (show_wide, L"wide visible\0wide hidden lenght"); /* { ltospell-warning "lenght" } */
  SHOW (show16, u"short visible\0short hidden untill"); /* { ltospell-warning "untill" } */
  SHOW (show32, U"long visible\0long hidden adress"); /* { ltospell-warning "adress" } */
  /* Invalid UTF-8 around a misspelling, and a stray continuation byte.  */
  SHOW (show_bytes, "broken \xff\xfe bytes before teh word \x80 end"); /* { ltospell-warning "teh" } */
  /* A lone high surrogate in UTF-16.  */
  SHOW (show16, u"lone \xD800 surrogate then a paralel word"); /* { ltospell-warning "paralel" } */
  puts (u8"arrow \u2192 then a sucessful end"); /* { ltospell-warning "sucessful" } */
  /* Bytes the summary's assembler text must escape: control characters,
     DEL, a quote, a backslash, and digits right after a NUL (an octal
     escape shorter than three digits would take them in).  */
  SHOW (show_bytes, "ctl \a\b\t\n\v\f\r\x1b\x7f \"quoted\" back\\slash \0" "0127 digits after a NUL, then a wierd word"); /* { ltospell-warning "wierd" } */
  puts (pick_table (argc));
  return 0;
}
