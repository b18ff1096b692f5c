/* text.h: small text helpers of the base layer.

   What several modules do to words and lines in the same way: ASCII
   letter case, and giving a replacement the capitalisation of the word
   it replaces.  No state, no other header of the core.  */

#ifndef LTOSPELL_TEXT_H
#define LTOSPELL_TEXT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

static inline char
ls_ascii_lower (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
}

static inline char
ls_ascii_upper (char c)
{
  return c >= 'a' && c <= 'z' ? (char) (c - ('a' - 'A')) : c;
}

/* Give FIX (FIX_LEN bytes, changed in place) the capitalisation of
   WORD (WORD_LEN bytes), the word it replaces: ALL CAPS when WORD has
   two ASCII letters or more and all are capitals ("RECIEVE",
   "DON'T"), Capitalized when WORD's first byte is a capital
   ("Recieve"), as it is otherwise.  Only ASCII letters change.  */
void ls_copy_case (char *fix, size_t fix_len, const char *word,
		   size_t word_len);

/* The same into a malloc'd copy of the NUL-terminated FIX.  */
char *ls_in_case_of (const char *fix, const char *word, size_t word_len);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_TEXT_H */
