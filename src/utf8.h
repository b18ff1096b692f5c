/* utf8.h: the one UTF-8 decoder and encoder of the C core.

   The core reads arbitrary bytes (string constants, source files, word
   lists), so decoding never assumes valid input, which is why GLib's
   g_utf8_* (whose results are undefined on ill-formed input) are not
   used.  Well-formed means what Unicode's table 3-7 says: no overlong
   forms, no surrogates, nothing above U+10FFFF.  An ill-formed
   sequence is consumed as one "maximal subpart" (what Unicode
   recommends and Python's errors="replace" does), so a walk always
   moves on and never stops inside a sequence.  Base layer: no state,
   no other header of the core.  */

#ifndef LTOSPELL_UTF8_H
#define LTOSPELL_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LS_UTF8_REPLACEMENT 0xFFFDu
/* Not a code point: what ls_utf8_get gives for an ill-formed sequence.  */
#define LS_UTF8_ILL_FORMED 0x110000u

/* Decode the sequence at S (AVAIL >= 1 bytes) into *CP and return its
   length.  An ill-formed sequence sets *CP to LS_UTF8_ILL_FORMED and
   returns the length of its maximal subpart (at least 1).  */
size_t ls_utf8_get (const void *s, size_t avail, uint32_t *cp);

/* The same, but an ill-formed sequence reads as U+FFFD.  */
static inline size_t
ls_utf8_decode (const void *s, size_t avail, uint32_t *cp)
{
  size_t n = ls_utf8_get (s, avail, cp);
  if (*cp == LS_UTF8_ILL_FORMED)
    *cp = LS_UTF8_REPLACEMENT;
  return n;
}

/* Write CP (a scalar value or 0) at OUT as UTF-8; returns its length,
   1 to 4.  */
size_t ls_utf8_put (void *out, uint32_t cp);

/* Are the LEN bytes at S well-formed UTF-8?  NUL bytes are (U+0000).  */
bool ls_utf8_valid (const void *s, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_UTF8_H */
