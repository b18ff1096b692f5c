/* test_utf8.c: unit tests for the base layer's UTF-8 module (utf8.c).

   Well-formed sequences decode to their code point and encode back to
   the same bytes; ill-formed ones are consumed as maximal subparts
   (Unicode's recommended practice), never past AVAIL.  */

#include "utf8.h"
#include "unit.h"

#include <stdint.h>

/* Decode S (N bytes) with ls_utf8_get and check the first sequence.  */
static void
expect_get (const char *name, const char *s, size_t n, uint32_t want_cp,
	    size_t want_len)
{
  uint32_t cp = 0;
  size_t len = ls_utf8_get (s, n, &cp);
  char why[128];
  snprintf (why, sizeof why, "got U+%04X in %zu bytes, want U+%04X in %zu",
	    (unsigned) cp, len, (unsigned) want_cp, want_len);
  unit_report (cp == want_cp && len == want_len, name, why);
}

static void
test_get (void)
{
  expect_get ("get: ASCII", "a", 1, 'a', 1);
  expect_get ("get: NUL", "\0x", 2, 0, 1);
  expect_get ("get: two bytes", "\xc3\xa9", 2, 0xE9, 2);
  expect_get ("get: three bytes", "\xe2\x80\x99", 3, 0x2019, 3);
  expect_get ("get: four bytes", "\xf0\x9f\x98\x80", 4, 0x1F600, 4);
  expect_get ("get: U+FFFD itself is well-formed", "\xef\xbf\xbd", 3,
	      0xFFFD, 3);
  expect_get ("get: lone continuation byte", "\x80" "a", 2,
	      LS_UTF8_ILL_FORMED, 1);
  expect_get ("get: overlong lead C0", "\xc0\xaf", 2, LS_UTF8_ILL_FORMED, 1);
  expect_get ("get: overlong E0 80", "\xe0\x80\x80", 3,
	      LS_UTF8_ILL_FORMED, 1);
  expect_get ("get: surrogate ED A0", "\xed\xa0\x80", 3,
	      LS_UTF8_ILL_FORMED, 1);
  expect_get ("get: above U+10FFFF", "\xf4\x90\x80\x80", 4,
	      LS_UTF8_ILL_FORMED, 1);
  expect_get ("get: lead F5", "\xf5\x80", 2, LS_UTF8_ILL_FORMED, 1);
  expect_get ("get: truncated sequence is one maximal subpart",
	      "\xe2\x80" "a", 3, LS_UTF8_ILL_FORMED, 2);
  expect_get ("get: never reads past AVAIL", "\xe2\x80\x99", 2,
	      LS_UTF8_ILL_FORMED, 2);
  expect_get ("get: four-byte prefix then ASCII", "\xf0\x9f\x98" "a", 4,
	      LS_UTF8_ILL_FORMED, 3);
  uint32_t cp;
  size_t n = ls_utf8_decode ("\xff", 1, &cp);
  UNIT_CHECK ("decode: ill-formed reads as U+FFFD", n == 1 && cp == 0xFFFD);
}

static void
test_put (void)
{
  /* Every scalar value encodes and decodes back to itself.  */
  size_t bad = 0;
  for (uint32_t cp = 0; cp <= 0x10FFFF; cp++)
    {
      if (cp >= 0xD800 && cp <= 0xDFFF)
	continue;
      unsigned char buf[4];
      size_t n = ls_utf8_put (buf, cp);
      uint32_t back;
      size_t m = ls_utf8_get (buf, n, &back);
      size_t want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      bad += n != want || m != n || back != cp || !ls_utf8_valid (buf, n);
    }
  UNIT_CHECK ("put: every scalar value round-trips", bad == 0);
}

static void
test_valid (void)
{
  UNIT_CHECK ("valid: empty", ls_utf8_valid ("", 0));
  UNIT_CHECK ("valid: mixed text", ls_utf8_valid ("caf\xc3\xa9 \xe2\x80\x99", 9));
  UNIT_CHECK ("valid: NUL is U+0000", ls_utf8_valid ("a\0b", 3));
  UNIT_CHECK ("valid: truncated at the end", !ls_utf8_valid ("ab\xc3", 3));
  UNIT_CHECK ("valid: stray byte", !ls_utf8_valid ("a\xff" "b", 3));
  UNIT_CHECK ("valid: surrogate", !ls_utf8_valid ("\xed\xb0\x80", 3));
  UNIT_CHECK ("valid: overlong", !ls_utf8_valid ("\xc1\xbf", 2));
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  test_get ();
  test_put ();
  test_valid ();
  return unit_done ("test_utf8");
}
