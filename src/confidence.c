/* confidence.c: edit distance, and the confidence of a finding from
   the distance to its closest suggestion (see confidence.h).

   The distance is the optimal string alignment variant of
   Damerau-Levenshtein: the four edits typists make (a letter typed
   twice or not at all, a wrong letter, two letters swapped) each count
   one, which is how the typos projects fixed were measured.  It is
   computed on code points folded to lowercase, so that a capitalised
   word is as far from its fix as the lowercase one and "é" is one
   character, not two bytes.  */

#include "confidence.h"
#include "util.h"

#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

/* Words longer than this (in code points) are compared on their first
   MAX_CODE_POINTS only: no word of prose is that long, and it bounds
   the work for junk.  */
#define MAX_CODE_POINTS 256

/* Invalid bytes become these code points (above Unicode's range), so
   that they match only themselves.  */
#define INVALID_BYTE_BASE 0x110000u

/* Case folding uses a private C.UTF-8 locale, never the process's
   (GCC sets it from the environment and it may be plain "C"): opened
   once, kept for the life of the process.  Without one, ASCII only.  */

static locale_t
folding_locale (void)
{
  static locale_t loc;
  static bool tried;
  if (!tried)
    {
      tried = true;
      loc = newlocale (LC_CTYPE_MASK, "C.UTF-8", (locale_t) 0);
      if (!loc)
	loc = newlocale (LC_CTYPE_MASK, "en_US.UTF-8", (locale_t) 0);
    }
  return loc;
}

static uint32_t
fold (uint32_t cp)
{
  if (cp < 0x80)
    return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
  locale_t loc = folding_locale ();
  if (!loc || cp >= INVALID_BYTE_BASE)
    return cp;
  uint32_t low = towlower_l ((wint_t) cp, loc);
  return low <= 0x10FFFF ? low : cp;
}

/* Decode one code point of S (AVAIL > 0 bytes) into *CP; returns the
   bytes used.  A byte that does not start a well-formed, shortest
   sequence is one character of its own.  */

static size_t
decode_one (const unsigned char *s, size_t avail, uint32_t *cp)
{
  unsigned char c = s[0];
  size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
	     : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 1)
    {
      *cp = c;
      return 1;
    }
  if (n == 0 || n > avail)
    {
      *cp = INVALID_BYTE_BASE + c;
      return 1;
    }
  uint32_t v = c & (0x7F >> n);
  for (size_t k = 1; k < n; k++)
    {
      if ((s[k] & 0xC0) != 0x80)
	{
	  *cp = INVALID_BYTE_BASE + c;
	  return 1;
	}
      v = (v << 6) | (s[k] & 0x3F);
    }
  static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
  if (v < min[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
    {
      *cp = INVALID_BYTE_BASE + c;
      return 1;
    }
  *cp = v;
  return n;
}

/* S (LEN bytes) as at most MAX_CODE_POINTS folded code points in OUT;
   returns how many.  */

static size_t
folded_code_points (const char *s, size_t len, uint32_t *out)
{
  const unsigned char *p = (const unsigned char *) s;
  size_t i = 0, n = 0;
  while (i < len && n < MAX_CODE_POINTS)
    {
      uint32_t cp;
      i += decode_one (p + i, len - i, &cp);
      out[n++] = fold (cp);
    }
  return n;
}

/* Code points of S (LEN bytes), as decode_one reads them.  */
static size_t
code_points (const char *s, size_t len)
{
  const unsigned char *p = (const unsigned char *) s;
  size_t i = 0, n = 0;
  while (i < len)
    {
      uint32_t cp;
      i += decode_one (p + i, len - i, &cp);
      n++;
    }
  return n;
}

static unsigned
min3 (unsigned a, unsigned b, unsigned c)
{
  unsigned m = a < b ? a : b;
  return m < c ? m : c;
}

/* The optimal string alignment distance between A[0..N) and B[0..M),
   with three rows of the usual table.  */

static unsigned
osa_distance (const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
  unsigned *before = ls_xmalloc ((m + 1) * sizeof *before);
  unsigned *prev = ls_xmalloc ((m + 1) * sizeof *prev);
  unsigned *cur = ls_xmalloc ((m + 1) * sizeof *cur);
  for (size_t j = 0; j <= m; j++)
    prev[j] = (unsigned) j;
  for (size_t i = 1; i <= n; i++)
    {
      cur[0] = (unsigned) i;
      for (size_t j = 1; j <= m; j++)
	{
	  unsigned cost = a[i - 1] != b[j - 1];
	  unsigned d = min3 (prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
	  if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
	      && before[j - 2] + 1 < d)
	    d = before[j - 2] + 1;
	  cur[j] = d;
	}
      unsigned *t = before;
      before = prev;
      prev = cur;
      cur = t;
    }
  unsigned d = prev[m];
  free (before);
  free (prev);
  free (cur);
  return d;
}

unsigned
ls_edit_distance (const char *a, size_t alen, const char *b, size_t blen)
{
  uint32_t ca[MAX_CODE_POINTS], cb[MAX_CODE_POINTS];
  size_t n = folded_code_points (a, alen, ca);
  size_t m = folded_code_points (b, blen, cb);
  return osa_distance (ca, n, cb, m);
}

const char *
ls_confidence_name (enum ls_confidence c)
{
  switch (c)
    {
    case LS_CONFIDENCE_HIGH:
      return "high";
    case LS_CONFIDENCE_MEDIUM:
      return "medium";
    default:
      return "low";
    }
}

static unsigned char
ascii_fold (char c)
{
  return c >= 'A' && c <= 'Z' ? c + 32 : (unsigned char) c;
}

bool
ls_splits_word (const char *word, size_t len, const char *suggestion)
{
  size_t i = 0;
  bool split = false;
  for (const char *s = suggestion; *s; s++)
    {
      if (*s == ' ' || *s == '-')
	{
	  split = true;
	  continue;
	}
      if (i == len || ascii_fold (*s) != ascii_fold (word[i]))
	return false;
      i++;
    }
  return split && i == len;
}

enum ls_confidence
ls_confidence_of (const char *word, size_t len,
		  const char *const *suggestions, size_t n,
		  ls_common_fn is_common, void *data, size_t *used)
{
  size_t best = n;
  unsigned best_distance = ~0u;
  for (size_t i = 0; i < n; i++)
    {
      if (!suggestions[i] || ls_splits_word (word, len, suggestions[i]))
	continue;
      unsigned d = ls_edit_distance (word, len, suggestions[i],
				     strlen (suggestions[i]));
      if (d < best_distance)
	{
	  best = i;
	  best_distance = d;
	}
    }
  if (used)
    *used = best;
  if (best == n || best_distance > 2)
    return LS_CONFIDENCE_LOW;
  bool common = is_common && is_common (data, suggestions[best],
					 strlen (suggestions[best]));
  if (best_distance <= 1)
    return common ? LS_CONFIDENCE_HIGH : LS_CONFIDENCE_MEDIUM;
  return common && code_points (word, len) >= LS_TWO_EDITS_MIN_LENGTH
	 ? LS_CONFIDENCE_MEDIUM : LS_CONFIDENCE_LOW;
}
