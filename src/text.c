/* text.c: small text helpers of the base layer (see text.h).  */

#include "text.h"
#include "util.h"

#include <string.h>

void
ls_copy_case (char *fix, size_t fix_len, const char *word, size_t word_len)
{
  size_t upper = 0, letters = 0;
  for (size_t i = 0; i < word_len; i++)
    if (ls_ascii_lower (word[i]) != ls_ascii_upper (word[i]))
      {
	letters++;
	upper += word[i] >= 'A' && word[i] <= 'Z';
      }
  if (letters >= 2 && upper == letters)
    for (size_t i = 0; i < fix_len; i++)
      fix[i] = ls_ascii_upper (fix[i]);
  else if (word_len > 0 && word[0] >= 'A' && word[0] <= 'Z' && fix_len > 0)
    fix[0] = ls_ascii_upper (fix[0]);
}

char *
ls_in_case_of (const char *fix, const char *word, size_t word_len)
{
  size_t n = strlen (fix);
  char *out = ls_xstrndup (fix, n);
  ls_copy_case (out, n, word, word_len);
  return out;
}
