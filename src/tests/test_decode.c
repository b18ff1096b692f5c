/* test_decode.c: unit tests for ls_decode (decode.c).

   Each case gives raw element bytes and the exact UTF-8 expected.
   Expected replacements follow Unicode's "maximal subpart" practice,
   the same as Python's bytes.decode ("utf-8", "replace").  A few
   property checks over pseudo-random input close the suite.  */

#include "decode.h"
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

#define FFFD "\xEF\xBF\xBD"

/* Decode and compare bytes and length exactly (the expectation may
   hold NULs, so it comes with its length).  */

static void
expect_decode (const char *name, const void *bytes, size_t nbytes,
	       unsigned elem_size, bool big_endian, const char *want,
	       size_t want_len)
{
  size_t len = (size_t) -1;
  char *got = ls_decode (bytes, nbytes, elem_size, big_endian, &len);
  char why[512];
  int ok = got != NULL && len == want_len
	   && memcmp (got, want, want_len) == 0 && got[len] == '\0';

  snprintf (why, sizeof why, "length %zu, want %zu", len, want_len);
  if (ok || len != want_len)
    unit_report (ok, name, why);
  else
    {
      int at = 0;
      while ((size_t) at < len && got[at] == want[at])
	at++;
      snprintf (why, sizeof why,
		"first difference at byte %d: 0x%02x, want 0x%02x", at,
		(unsigned char) got[at], (unsigned char) want[at]);
      unit_report (0, name, why);
    }
  free (got);
}

/* Convenience for string literals: sizeof includes the terminator,
   which ls_decode is expected to drop.  */
#define EXPECT8(name, lit, want)                                          \
  expect_decode ((name), (lit), sizeof (lit), 1, false, (want),           \
		 sizeof (want) - 1)

static void
test_plain_utf8 (void)
{
  EXPECT8 ("utf8: ascii, terminator dropped", "hello", "hello");
  EXPECT8 ("utf8: empty string", "", "");
  EXPECT8 ("utf8: several trailing NULs dropped", "ab\0\0\0", "ab");
  EXPECT8 ("utf8: embedded NUL kept", "ab\0cd", "ab\0cd");
  EXPECT8 ("utf8: leading NUL kept", "\0x", "\0x");
  EXPECT8 ("utf8: 2-byte sequence kept", "caf\xC3\xA9", "caf\xC3\xA9");
  EXPECT8 ("utf8: 3-byte sequence kept", "\xE2\x82\xAC" "5",
	   "\xE2\x82\xAC" "5");
  EXPECT8 ("utf8: 4-byte sequence kept", "\xF0\x9F\x98\x80",
	   "\xF0\x9F\x98\x80");
  EXPECT8 ("utf8: U+10FFFF kept", "\xF4\x8F\xBF\xBF", "\xF4\x8F\xBF\xBF");
  EXPECT8 ("utf8: U+FFFD itself kept", FFFD, FFFD);
  EXPECT8 ("utf8: U+D7FF and U+E000 kept", "\xED\x9F\xBF\xEE\x80\x80",
	   "\xED\x9F\xBF\xEE\x80\x80");
  expect_decode ("utf8: big_endian ignored for 1-byte elements", "ok", 3,
		 1, true, "ok", 2);
  expect_decode ("utf8: no terminator at all", "abc", 3, 1, false, "abc", 3);
}

static void
test_invalid_utf8 (void)
{
  EXPECT8 ("utf8: lone continuation byte", "a\x80z", "a" FFFD "z");
  EXPECT8 ("utf8: two continuation bytes give two U+FFFD", "\x80\xBF",
	   FFFD FFFD);
  EXPECT8 ("utf8: overlong 2-byte (C0 AF)", "\xC0\xAF", FFFD FFFD);
  EXPECT8 ("utf8: overlong 2-byte NUL (C0 80)", "x\xC0\x80y",
	   "x" FFFD FFFD "y");
  EXPECT8 ("utf8: C1 is never valid", "\xC1\xBF", FFFD FFFD);
  EXPECT8 ("utf8: overlong 3-byte (E0 80 AF)", "\xE0\x80\xAF",
	   FFFD FFFD FFFD);
  EXPECT8 ("utf8: overlong 4-byte (F0 80 80 AF)", "\xF0\x80\x80\xAF",
	   FFFD FFFD FFFD FFFD);
  EXPECT8 ("utf8: encoded surrogate (ED A0 80)", "\xED\xA0\x80",
	   FFFD FFFD FFFD);
  EXPECT8 ("utf8: encoded low surrogate (ED BF BF)", "\xED\xBF\xBF",
	   FFFD FFFD FFFD);
  EXPECT8 ("utf8: above U+10FFFF (F4 90 80 80)", "\xF4\x90\x80\x80",
	   FFFD FFFD FFFD FFFD);
  EXPECT8 ("utf8: F5..FF never valid", "\xF5\xF8\xFE\xFF",
	   FFFD FFFD FFFD FFFD);
  EXPECT8 ("utf8: truncated 3-byte sequence is one U+FFFD", "\xE2\x82" "A",
	   FFFD "A");
  EXPECT8 ("utf8: truncated 4-byte sequence is one U+FFFD",
	   "\xF0\x9F\x98" "A", FFFD "A");
  EXPECT8 ("utf8: truncated sequence at the end", "a\xE2\x82", "a" FFFD);
  EXPECT8 ("utf8: lead byte at the end", "a\xC3", "a" FFFD);
  EXPECT8 ("utf8: lead then lead", "\xC3\xC3\xA9", FFFD "\xC3\xA9");
  EXPECT8 ("utf8: truncated sequence before NUL", "\xE2\x82\0z",
	   FFFD "\0z");
  EXPECT8 ("utf8: Latin-1 text", "caf\xE9 cr\xE8me",
	   "caf" FFFD " cr" FFFD "me");
}

static void
test_utf16 (void)
{
  static const unsigned char le[] = { 'h', 0, 'i', 0, 0, 0 };
  static const unsigned char be[] = { 0, 'h', 0, 'i', 0, 0 };
  static const unsigned char bmp_le[] = { 0xE9, 0x00, 0xAC, 0x20, 0, 0 };
  static const unsigned char pair_le[] = { 0x3D, 0xD8, 0x00, 0xDE, 0, 0 };
  static const unsigned char pair_be[] = { 0xD8, 0x3D, 0xDE, 0x00 };
  static const unsigned char lone_high[] = { 0x3D, 0xD8, 'a', 0, 0, 0 };
  static const unsigned char lone_low[] = { 0x00, 0xDE, 'a', 0 };
  static const unsigned char high_at_end[] = { 'a', 0, 0x3D, 0xD8 };
  static const unsigned char high_high_low[] = { 0x3D, 0xD8, 0x3D, 0xD8,
						 0x00, 0xDE };
  static const unsigned char embedded_nul[] = { 'a', 0, 0, 0, 'b', 0, 0, 0 };
  static const unsigned char odd[] = { 'h', 0, 'i', 0, 'X' };
  static const unsigned char nuls_then_partial[] = { 'a', 0, 0, 0, 0 };
  static const unsigned char high_byte_zero[] = { 'a', 0, 0x00, 0x01 };
  static const unsigned char fffe[] = { 0xFE, 0xFF, 'x', 0 };

  expect_decode ("utf16: little-endian, terminator dropped", le, sizeof le,
		 2, false, "hi", 2);
  expect_decode ("utf16: big-endian", be, sizeof be, 2, true, "hi", 2);
  expect_decode ("utf16: BMP characters", bmp_le, sizeof bmp_le, 2, false,
		 "\xC3\xA9\xE2\x82\xAC", 5);
  expect_decode ("utf16: surrogate pair (LE)", pair_le, sizeof pair_le, 2,
		 false, "\xF0\x9F\x98\x80", 4);
  expect_decode ("utf16: surrogate pair (BE)", pair_be, sizeof pair_be, 2,
		 true, "\xF0\x9F\x98\x80", 4);
  expect_decode ("utf16: unpaired high surrogate", lone_high,
		 sizeof lone_high, 2, false, FFFD "a", 4);
  expect_decode ("utf16: unpaired low surrogate", lone_low, sizeof lone_low,
		 2, false, FFFD "a", 4);
  expect_decode ("utf16: high surrogate at the end", high_at_end,
		 sizeof high_at_end, 2, false, "a" FFFD, 4);
  expect_decode ("utf16: high, then a valid pair", high_high_low,
		 sizeof high_high_low, 2, false, FFFD "\xF0\x9F\x98\x80", 7);
  expect_decode ("utf16: embedded NUL kept", embedded_nul,
		 sizeof embedded_nul, 2, false, "a\0b", 3);
  expect_decode ("utf16: odd trailing byte ignored", odd, sizeof odd, 2,
		 false, "hi", 2);
  expect_decode ("utf16: NULs then a partial element", nuls_then_partial,
		 sizeof nuls_then_partial, 2, false, "a", 1);
  expect_decode ("utf16: element with a zero low byte is not NUL",
		 high_byte_zero, sizeof high_byte_zero, 2, false,
		 "a\xC4\x80", 3);
  expect_decode ("utf16: U+FFFE passes through (not a BOM swap)", fffe,
		 sizeof fffe, 2, false, "\xEF\xBF\xBEx", 4);
  expect_decode ("utf16: only a terminator", "\0\0", 2, 2, false, "", 0);
  expect_decode ("utf16: a single byte", "a", 1, 2, false, "", 0);
}

static void
test_utf32 (void)
{
  static const unsigned char le[] = { 'o', 0, 0, 0, 'k', 0, 0, 0,
				      0, 0, 0, 0 };
  static const unsigned char be[] = { 0, 0, 0, 'o', 0, 0, 0, 'k' };
  static const unsigned char astral_le[] = { 0x00, 0xF6, 0x01, 0x00 };
  static const unsigned char astral_be[] = { 0x00, 0x01, 0xF6, 0x00 };
  static const unsigned char max_le[] = { 0xFF, 0xFF, 0x10, 0x00 };
  static const unsigned char too_big[] = { 0x00, 0x00, 0x11, 0x00,
					   'a', 0, 0, 0 };
  static const unsigned char huge[] = { 0xFF, 0xFF, 0xFF, 0xFF };
  static const unsigned char surrogate[] = { 0x00, 0xD8, 0x00, 0x00 };
  static const unsigned char embedded_nul[] = { 'a', 0, 0, 0, 0, 0, 0, 0,
						'b', 0, 0, 0 };
  static const unsigned char partial[] = { 'a', 0, 0, 0, 'b', 0 };
  static const unsigned char two_byte[] = { 0xE9, 0, 0, 0 };

  expect_decode ("utf32: little-endian, terminator dropped", le, sizeof le,
		 4, false, "ok", 2);
  expect_decode ("utf32: big-endian", be, sizeof be, 4, true, "ok", 2);
  expect_decode ("utf32: astral plane (LE)", astral_le, sizeof astral_le,
		 4, false, "\xF0\x9F\x98\x80", 4);
  expect_decode ("utf32: astral plane (BE)", astral_be, sizeof astral_be,
		 4, true, "\xF0\x9F\x98\x80", 4);
  expect_decode ("utf32: U+10FFFF kept", max_le, sizeof max_le, 4, false,
		 "\xF4\x8F\xBF\xBF", 4);
  expect_decode ("utf32: above U+10FFFF", too_big, sizeof too_big, 4,
		 false, FFFD "a", 4);
  expect_decode ("utf32: 0xFFFFFFFF", huge, sizeof huge, 4, false, FFFD, 3);
  expect_decode ("utf32: surrogate value", surrogate, sizeof surrogate, 4,
		 false, FFFD, 3);
  expect_decode ("utf32: embedded NUL kept", embedded_nul,
		 sizeof embedded_nul, 4, false, "a\0b", 3);
  expect_decode ("utf32: partial trailing element ignored", partial,
		 sizeof partial, 4, false, "a", 1);
  expect_decode ("utf32: two-byte UTF-8 output", two_byte, sizeof two_byte,
		 4, false, "\xC3\xA9", 2);
}

static void
test_odd_arguments (void)
{
  size_t len = 99;
  char *s = ls_decode (NULL, 0, 1, false, &len);
  UNIT_CHECK ("args: NULL bytes with no length gives empty text",
	      s && len == 0 && s[0] == '\0');
  free (s);

  s = ls_decode ("abc", 3, 3, false, &len);
  UNIT_CHECK ("args: unsupported element size gives empty text",
	      s && len == 0 && s[0] == '\0');
  free (s);

  s = ls_decode ("abc", 4, 1, false, NULL);
  UNIT_STREQ ("args: OUT_LEN may be NULL", s, "abc");
  free (s);

  s = ls_decode ("abc", 0, 1, false, &len);
  UNIT_CHECK ("args: zero bytes gives empty text", s && len == 0);
  free (s);
}

/* An independent strict validator: well-formed UTF-8, where U+0000 is
   allowed as a single 0 byte.  Deliberately written differently from
   decode.c (decode first, reject by value afterwards).  */

static bool
well_formed_utf8 (const unsigned char *s, size_t n)
{
  size_t i = 0;
  while (i < n)
    {
      unsigned char c = s[i];
      size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3
		   : (c >> 3) == 30 ? 4 : 0;
      if (len == 0 || i + len > n)
	return false;
      uint32_t cp = len == 1 ? c : c & (0xFF >> (len + 1));
      for (size_t k = 1; k < len; k++)
	{
	  if ((s[i + k] & 0xC0) != 0x80)
	    return false;
	  cp = (cp << 6) | (s[i + k] & 0x3F);
	}
      static const uint32_t min_for_len[] = { 0, 0, 0x80, 0x800, 0x10000 };
      if (cp < min_for_len[len] || cp > 0x10FFFF
	  || (cp >= 0xD800 && cp <= 0xDFFF))
	return false;
      i += len;
    }
  return true;
}

/* A small deterministic generator, so that failures reproduce.  */

static uint32_t
next_random (uint32_t *state)
{
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}

static void
test_properties (void)
{
  uint32_t state = 0x12345678;
  unsigned char buf[64];
  int bad_output = 0, bad_roundtrip = 0, bad_bound = 0;
  static const unsigned elem_sizes[] = { 1, 2, 4 };

  for (int iter = 0; iter < 20000; iter++)
    {
      size_t n = next_random (&state) % sizeof buf;
      unsigned elem = elem_sizes[iter % 3];
      bool be = iter & 4;
      for (size_t i = 0; i < n; i++)
	{
	  /* Bias towards bytes that make interesting sequences.  */
	  uint32_t r = next_random (&state);
	  static const unsigned char interesting[] =
	    { 0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF,
	      0xF0, 0xF4, 0xF5, 0xFF, 0xD8, 0xDC, 0x10, 0x11, 'a' };
	  buf[i] = (r & 1) ? interesting[(r >> 1) % sizeof interesting]
			   : (unsigned char) (r >> 8);
	}
      size_t len;
      char *s = ls_decode (buf, n, elem, be, &len);
      if (!well_formed_utf8 ((unsigned char *) s, len))
	bad_output++;
      if (len > (n / elem) * 4)
	bad_bound++;
      if (len > 0 && s[len - 1] == '\0')
	bad_output++;
      /* Valid UTF-8 without trailing NULs must come back unchanged.  */
      if (elem == 1 && well_formed_utf8 (buf, n) && (n == 0 || buf[n - 1])
	  && (len != n || memcmp (s, buf, n) != 0))
	bad_roundtrip++;
      free (s);
    }
  UNIT_CHECK ("property: output is always well-formed UTF-8 without "
	      "trailing NUL", bad_output == 0);
  UNIT_CHECK ("property: output length within bound", bad_bound == 0);
  UNIT_CHECK ("property: valid UTF-8 round-trips unchanged",
	      bad_roundtrip == 0);
}

/* Every code point through UTF-32 and UTF-16 in both byte orders, and
   its UTF-8 form through the 1-byte path: all must agree.  */

static void
test_all_code_points (void)
{
  int mismatches = 0;
  for (uint32_t cp = 1; cp <= 0x10FFFF; cp++)
    {
      if (cp >= 0xD800 && cp <= 0xDFFF)
	continue;
      unsigned char u32[4] = { cp & 0xFF, (cp >> 8) & 0xFF,
			       (cp >> 16) & 0xFF, 0 };
      unsigned char u16[4];
      size_t n16;
      if (cp < 0x10000)
	{
	  u16[0] = cp >> 8, u16[1] = cp & 0xFF, n16 = 2;
	}
      else
	{
	  uint32_t v = cp - 0x10000;
	  uint32_t hi = 0xD800 + (v >> 10), lo = 0xDC00 + (v & 0x3FF);
	  u16[0] = hi >> 8, u16[1] = hi & 0xFF;
	  u16[2] = lo >> 8, u16[3] = lo & 0xFF;
	  n16 = 4;
	}
      size_t l32, l16, l8;
      char *a = ls_decode (u32, 4, 4, false, &l32);
      char *b = ls_decode (u16, n16, 2, true, &l16);
      char *c = ls_decode (a, l32, 1, false, &l8);
      if (l32 != l16 || l32 != l8 || memcmp (a, b, l32) || memcmp (a, c, l32)
	  || !well_formed_utf8 ((unsigned char *) a, l32))
	mismatches++;
      free (a);
      free (b);
      free (c);
    }
  UNIT_CHECK ("property: every code point agrees across UTF-32, UTF-16 "
	      "and UTF-8", mismatches == 0);
}

/* ls_decode_is_identity says NBYTES of BYTES are their own text, of
   WANT_LEN bytes (WANT), or not (WANT_LEN -1); when they are, ls_decode
   gives the same text.  */
static void
expect_identity (const char *name, const void *bytes, size_t nbytes,
		 unsigned elem_size, size_t want_len)
{
  size_t len = (size_t) -1;
  bool same = ls_decode_is_identity (bytes, nbytes, elem_size, &len);
  bool ok = want_len == (size_t) -1 ? !same : same && len == want_len;
  if (ok && same)
    {
      size_t decoded_len;
      char *text = ls_decode (bytes, nbytes, elem_size, false, &decoded_len);
      ok = decoded_len == len && memcmp (text, bytes, len) == 0
	   && ((const char *) bytes)[len] == '\0';
      free (text);
    }
  UNIT_CHECK (name, ok);
}

static void
test_identity (void)
{
  expect_identity ("identity: ASCII and its NUL", "hello", 6, 1, 5);
  expect_identity ("identity: empty string", "", 1, 1, 0);
  expect_identity ("identity: several trailing NULs", "ab\0\0", 5, 1, 2);
  expect_identity ("identity: embedded NUL kept", "ab\0cd", 6, 1, 5);
  expect_identity ("identity: not without a NUL", "abc", 3, 1, (size_t) -1);
  expect_identity ("identity: not with UTF-8", "caf\xC3\xA9", 6, 1,
		   (size_t) -1);
  expect_identity ("identity: not with invalid bytes", "\xFFx", 3, 1,
		   (size_t) -1);
  expect_identity ("identity: long ASCII", "sixteen bytes, more",
		   sizeof "sixteen bytes, more", 1, 19);
  expect_identity ("identity: not with UTF-8 after eight bytes",
		   "abcdefgh caf\xC3\xA9 au lait",
		   sizeof "abcdefgh caf\xC3\xA9 au lait", 1, (size_t) -1);
  expect_identity ("identity: not with a high byte at the end of a word",
		   "abcdefg\x80ijklmnop", sizeof "abcdefg\x80ijklmnop", 1,
		   (size_t) -1);
  expect_identity ("identity: not for 2-byte elements", "a\0\0\0", 4, 2,
		   (size_t) -1);
  expect_identity ("identity: not for no bytes", NULL, 0, 1, (size_t) -1);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  test_plain_utf8 ();
  test_invalid_utf8 ();
  test_utf16 ();
  test_utf32 ();
  test_odd_arguments ();
  test_properties ();
  test_all_code_points ();
  test_identity ();
  return unit_done ("test_decode");
}
