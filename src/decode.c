/* decode.c: turn the bytes of a string constant into UTF-8 text.

   GCC hands us a STRING_CST as raw bytes plus the size of one element:
   1 for char and u8 strings, 2 for u"" (and a 16-bit wchar_t), 4 for
   U"" and L"" on most targets, in the target's byte order.  Everything
   after this point works on UTF-8, so this file is the one place that
   knows about encodings.

   The output is always well-formed UTF-8 except that U+0000 is written
   as a single 0 byte (embedded NULs are kept so that the text after
   them is still checked, and their offsets stay meaningful).  Anything
   that cannot be decoded becomes U+FFFD:

   - 1-byte elements are validated as UTF-8 the way Unicode recommends
     (each "maximal subpart" of an ill-formed sequence becomes one
     U+FFFD; overlong forms, surrogates and values above U+10FFFF are
     ill-formed).  Python's errors="replace" does the same, so a word
     splitter never sees a partial sequence.
   - 2-byte elements are UTF-16: a surrogate pair becomes one code
     point, an unpaired surrogate becomes U+FFFD.
   - 4-byte elements are UTF-32: surrogates and values above U+10FFFF
     become U+FFFD.

   Trailing NUL elements (the terminator, and the zero padding of
   char buf[16] = "...") are dropped.  A trailing partial element
   (NBYTES not a multiple of the element size) is ignored.  An element
   size other than 1, 2 or 4 yields empty text: no known target has
   one, and checking nothing is safer than guessing.  */

#include "decode.h"
#include "utf8.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPLACEMENT_CHAR LS_UTF8_REPLACEMENT

static bool
is_surrogate (uint32_t cp)
{
  return cp >= 0xD800 && cp <= 0xDFFF;
}

/* Read element I of size ELEM_SIZE (2 or 4) from BYTES.  */

static uint32_t
read_element (const unsigned char *bytes, size_t i, unsigned elem_size,
	      bool big_endian)
{
  const unsigned char *p = bytes + i * elem_size;
  uint32_t v = 0;
  for (unsigned k = 0; k < elem_size; k++)
    {
      unsigned shift = big_endian ? 8 * (elem_size - 1 - k) : 8 * k;
      v |= (uint32_t) p[k] << shift;
    }
  return v;
}

/* Number of elements once trailing NUL elements are dropped.  */

static size_t
count_without_trailing_nuls (const unsigned char *bytes, size_t n_elems,
			     unsigned elem_size)
{
  while (n_elems > 0)
    {
      const unsigned char *last = bytes + (n_elems - 1) * elem_size;
      bool all_zero = true;
      for (unsigned k = 0; k < elem_size; k++)
	if (last[k] != 0)
	  all_zero = false;
      if (!all_zero)
	break;
      n_elems--;
    }
  return n_elems;
}

static char *
decode_utf8 (const unsigned char *in, size_t n, char *out)
{
  size_t i = 0;
  while (i < n)
    {
      /* ASCII (NUL included) is itself: most of every string, copied
	 without a decode and an encode per byte.  */
      if (in[i] < 0x80)
	{
	  *out++ = (char) in[i++];
	  continue;
	}
      uint32_t cp;
      i += ls_utf8_decode (in + i, n - i, &cp);
      out += ls_utf8_put (out, cp);
    }
  return out;
}

static char *
decode_utf16 (const unsigned char *in, size_t n_elems, bool big_endian,
	      char *out)
{
  size_t i = 0;
  while (i < n_elems)
    {
      uint32_t u = read_element (in, i++, 2, big_endian);
      if (u >= 0xD800 && u <= 0xDBFF && i < n_elems)
	{
	  uint32_t low = read_element (in, i, 2, big_endian);
	  if (low >= 0xDC00 && low <= 0xDFFF)
	    {
	      i++;
	      u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
	      out += ls_utf8_put (out, u);
	      continue;
	    }
	}
      out += ls_utf8_put (out, is_surrogate (u) ? REPLACEMENT_CHAR : u);
    }
  return out;
}

static char *
decode_utf32 (const unsigned char *in, size_t n_elems, bool big_endian,
	      char *out)
{
  for (size_t i = 0; i < n_elems; i++)
    {
      uint32_t u = read_element (in, i, 4, big_endian);
      if (u > 0x10FFFF || is_surrogate (u))
	u = REPLACEMENT_CHAR;
      out += ls_utf8_put (out, u);
    }
  return out;
}

bool
ls_decode_is_identity (const void *bytes, size_t nbytes, unsigned elem_size,
		       size_t *out_len)
{
  const unsigned char *in = bytes;
  if (!in || elem_size != 1)
    return false;
  size_t n = count_without_trailing_nuls (in, nbytes, 1);
  if (n == nbytes)
    return false;		/* No NUL to end the text.  */
  /* ASCII: no high bit, eight bytes at a time.  */
  uint64_t high = 0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    {
      uint64_t v;
      memcpy (&v, in + i, sizeof v);
      high |= v;
    }
  for (; i < n; i++)
    high |= in[i];
  if (high & 0x8080808080808080ULL)
    return false;
  *out_len = n;
  return true;
}

char *
ls_decode (const void *bytes, size_t nbytes, unsigned elem_size,
	   bool big_endian, size_t *out_len)
{
  const unsigned char *in = bytes;
  size_t n_elems = 0;

  if (in && (elem_size == 1 || elem_size == 2 || elem_size == 4))
    n_elems = count_without_trailing_nuls (in, nbytes / elem_size,
					   elem_size);

  /* ASCII (NUL included) is itself: most strings, which get a copy of
     their own size; the others' ASCII start is copied as is too.  */
  size_t ascii = 0;
  if (elem_size == 1)
    while (ascii < n_elems && in[ascii] < 0x80)
      ascii++;
  if (elem_size == 1 && ascii == n_elems)
    {
      char *text = ls_xmalloc (n_elems + 1);
      if (n_elems)
	memcpy (text, in, n_elems);
      text[n_elems] = '\0';
      if (out_len)
	*out_len = n_elems;
      return text;
    }

  /* Worst cases: a 1-byte element becomes a 3-byte U+FFFD; a 2-byte
     element a 3-byte BMP character; a 4-byte element 4 bytes.  */
  size_t per_elem = elem_size == 4 ? 4 : 3;
  if (n_elems > (SIZE_MAX - 1) / per_elem)
    {
      fputs ("ltospell: string constant too large to decode\n", stderr);
      abort ();
    }
  char *text = ls_xmalloc (n_elems * per_elem + 1);
  char *end = text;

  if (elem_size == 1)
    {
      memcpy (text, in, ascii);
      end = decode_utf8 (in + ascii, n_elems - ascii, text + ascii);
    }
  else if (elem_size == 2)
    end = decode_utf16 (in, n_elems, big_endian, text);
  else if (elem_size == 4)
    end = decode_utf32 (in, n_elems, big_endian, text);
  *end = '\0';

  size_t len = (size_t) (end - text);
  if (out_len)
    *out_len = len;
  /* Room for the worst case is up to three times the text: a program
     keeps its texts until the end of the link.  */
  return ls_xrealloc (text, len + 1);
}
