/* text.c: text helpers of the base layer (see text.h).

   A string constant can hold anything: invalid UTF-8, control
   characters, NUL.  Each output shows it in one of two ways: JSON
   (valid UTF-8 as is, everything else escaped, so a JSON parser reads
   back the exact decoded text) or the display form (one line with C
   escapes, for the text outputs and the HTML page).  Plain C11, no
   state.  */

#include "text.h"
#include "utf8.h"
#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

size_t
ls_utf8_sequence_length (const unsigned char *s, size_t len)
{
  uint32_t cp;
  size_t n = ls_utf8_get (s, len, &cp);
  return cp == LS_UTF8_ILL_FORMED ? 0 : n;
}

/* Are the eight bytes of V each printable ASCII other than '"' and
   '\\', which JSON takes as they are?  */
static inline bool
json_plain_bytes (uint64_t v)
{
  return ls_ascii_all_in (v, 0x20, 0x7E) && !ls_has_byte (v, '"')
	 && !ls_has_byte (v, '\\');
}

size_t
ls_json_escape_to (char *out, size_t room, const char *s, size_t len,
		   size_t *consumed)
{
  static const char hex[] = "0123456789abcdef";
  const unsigned char *p = (const unsigned char *) s;
  char *at = out;
  size_t i = 0;
  /* A character is decoded from all of S that is left, never from a
     piece: where a caller cuts S does not change the escapes.  */
  while (i < len && room - (size_t) (at - out) >= LS_JSON_ESCAPE_MAX)
    {
      /* Most text is plain ASCII: eight bytes at a time.  */
      if (i + 8 <= len && room - (size_t) (at - out) >= 8)
	{
	  uint64_t v;
	  memcpy (&v, p + i, sizeof v);
	  if (json_plain_bytes (v))
	    {
	      memcpy (at, &v, sizeof v);
	      at += 8;
	      i += 8;
	      continue;
	    }
	}
      unsigned char c = p[i];
      if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
	{
	  *at++ = (char) c;
	  i++;
	  continue;
	}
      size_t n = ls_utf8_sequence_length (p + i, len - i);
      if (n == 0)
	{
	  memcpy (at, "\\ufffd", 6);
	  at += 6;
	  i++;
	  continue;
	}
      if (n > 1)
	{
	  memcpy (at, p + i, n);
	  at += n;
	}
      else if (c == '"' || c == '\\' || c == '\n' || c == '\t' || c == '\r')
	{
	  *at++ = '\\';
	  *at++ = c == '\n' ? 'n' : c == '\t' ? 't' : c == '\r' ? 'r' : (char) c;
	}
      else
	{
	  /* A control character or DEL.  */
	  memcpy (at, "\\u00", 4);
	  at[4] = hex[c >> 4];
	  at[5] = hex[c & 0xf];
	  at += 6;
	}
      i += n;
    }
  *consumed = i;
  return (size_t) (at - out);
}

void
ls_json_escape (FILE *out, const char *s, size_t len)
{
  char escaped[4096];
  for (size_t i = 0; i < len;)
    {
      size_t used;
      size_t n = ls_json_escape_to (escaped, sizeof escaped, s + i, len - i,
				    &used);
      fwrite (escaped, 1, n, out);
      i += used;
    }
}

/* Whether CP shows nothing or moves other characters: a C1 control,
   a zero-width character, the line and paragraph separators, or a
   bidirectional control, which can make a string display in another
   order than it reads ("Trojan Source", CVE-2021-42574).  */
static bool
is_hidden_control (uint32_t cp)
{
  return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x200b && cp <= 0x200f)
	 || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202a && cp <= 0x202e)
	 || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff;
}

/* The display form of the character at P (at most LEN bytes): its
   escape, written to BUF, or NULL to show it as is.  *N is the number
   of bytes it takes.  */
static const char *
display_escape (const unsigned char *p, size_t len, char buf[8], size_t *n)
{
  unsigned char c = p[0];
  size_t seq = ls_utf8_sequence_length (p, len);
  *n = seq ? seq : 1;
  switch (seq ? c : 0x100)
    {
    case '\n': return "\\n";
    case '\t': return "\\t";
    case '\r': return "\\r";
    case '\\': return "\\\\";
    case '"': return "\\\"";
    case '\0': return "\\0";
    default: break;
    }
  if (seq == 0 || (seq == 1 && (c < 0x20 || c == 0x7f)))
    {
      snprintf (buf, 8, "\\x%02x", c);
      return buf;
    }
  uint32_t cp;
  if (seq > 1 && (ls_utf8_decode (p, len, &cp), is_hidden_control (cp)))
    {
      snprintf (buf, 8, "\\u%04x", (unsigned) cp);
      return buf;
    }
  return NULL;
}

char *
ls_display_text (const char *s, size_t len)
{
  const unsigned char *p = (const unsigned char *) s;
  /* At most 4 output bytes per input byte (\xNN; \uNNNN is 6 for at
     least 2).  */
  char *out = ls_xmalloc (len * 4 + 1), *o = out;
  for (size_t i = 0; i < len;)
    {
      char buf[8];
      size_t n;
      const char *esc = display_escape (p + i, len - i, buf, &n);
      if (esc)
	o = stpcpy (o, esc);
      else
	{
	  memcpy (o, p + i, n);
	  o += n;
	}
      i += n;
    }
  *o = '\0';
  return out;
}

/* How many characters the display form of the character at P (at
   most LEN bytes) has; *N is the number of bytes it takes.  */
static size_t
display_width (const unsigned char *p, size_t len, size_t *n)
{
  char buf[8];
  const char *esc = display_escape (p, len, buf, n);
  return esc ? strlen (esc) : 1;
}

/* The display width of the bytes [FROM, TO) of P (LEN bytes).  */
static size_t
display_span_width (const unsigned char *p, size_t len, size_t from,
		    size_t to)
{
  size_t width = 0, n;
  for (size_t i = from; i < to; i += n)
    width += display_width (p + i, len - i, &n);
  return width;
}

/* The first character start at or after FROM whose display form, with
   everything up to TO, is at most BUDGET characters wide: where a
   snippet that must reach TO may begin.  */
static size_t
start_within (const unsigned char *p, size_t len, size_t from, size_t to,
	      size_t budget)
{
  size_t width = display_span_width (p, len, from, to), n;
  size_t i = from;
  while (i < to && width > budget)
    {
      width -= display_width (p + i, len - i, &n);
      i += n;
    }
  return i;
}

/* The end of the longest run of characters from FROM whose display
   form is at most BUDGET characters wide.  */
static size_t
end_within (const unsigned char *p, size_t len, size_t from, size_t budget)
{
  size_t i = from, n;
  while (i < len)
    {
      size_t w = display_width (p + i, len - i, &n);
      if (w > budget)
	break;
      budget -= w;
      i += n;
    }
  return i;
}

static bool
is_space_byte (unsigned char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void
ls_snippet_bounds (const char *s, size_t len, size_t word, size_t word_len,
		   size_t max_chars, size_t *start, size_t *end)
{
  const unsigned char *p = (const unsigned char *) s;
  if (word > len)
    word = len;
  if (word_len > len - word)
    word_len = len - word;
  /* Begin the word at a character: the first one it overlaps.  */
  size_t i = 0;
  while (i < word)
    {
      size_t n = ls_utf8_sequence_length (p + i, len - i);
      if (i + (n ? n : 1) > word)
	break;
      i += n ? n : 1;
    }
  size_t word_end = word + word_len;
  word = i;
  /* End it at a character too: the end of the last one it overlaps.  */
  for (i = word; i < word_end;)
    {
      size_t n = ls_utf8_sequence_length (p + i, len - i);
      i += n ? n : 1;
    }
  word_end = i;
  word_len = word_end - word;
  size_t before = display_span_width (p, len, 0, word);
  size_t inside = display_span_width (p, len, word, word_end);
  size_t after = display_span_width (p, len, word_end, len);
  *start = 0;
  *end = len;
  if (before + inside + after <= max_chars)
    return;
  /* The context is shared between both sides; what one side does not
     need goes to the other.  */
  size_t budget = max_chars > inside ? max_chars - inside : 0;
  size_t left = budget / 2, right = budget - left;
  if (before < left)
    right += left - before, left = before;
  else if (after < right)
    left += right - after, right = after;
  *start = start_within (p, len, 0, word, left);
  *end = end_within (p, len, word_end, right);
  /* Cut between words when the context has a space to cut at; ASCII
     bytes never occur inside a UTF-8 sequence, so this stays on
     character boundaries.  */
  if (*start > 0 && !is_space_byte (p[*start - 1]))
    for (size_t k = *start; k < word; k++)
      if (is_space_byte (p[k]))
	{
	  *start = k + 1;
	  break;
	}
  if (*end < len && !is_space_byte (p[*end]))
    for (size_t k = *end; k > word_end; k--)
      if (is_space_byte (p[k - 1]))
	{
	  *end = k - 1;
	  break;
	}
  /* The ellipsis stands for the spaces at a cut, unless they are all
     the snippet has (a run of spaces at an anchor).  */
  size_t cut_start = *start, cut_end = *end;
  if (*start > 0)
    while (*start < word && is_space_byte (p[*start]))
      ++*start;
  if (*end < len)
    while (*end > word_end && is_space_byte (p[*end - 1]))
      --*end;
  if (*start == *end)
    *start = cut_start, *end = cut_end;
}

char *
ls_relative_path (const char *path, const char *dir)
{
  if (!path)
    return NULL;
  size_t n = dir ? strlen (dir) : 0;
  while (n > 1 && dir[n - 1] == '/')
    n--;
  if (n && path[0] == '/' && strncmp (path, dir, n) == 0)
    {
      if (path[n] == '\0')
	return ls_xstrdup (".");
      if (path[n] == '/' || n == 1)
	return ls_xstrdup (path + n + (path[n] == '/'));
    }
  while (path[0] == '.' && path[1] == '/')
    path += 2;
  return ls_xstrdup (path);
}


char *
ls_json_text (const char *s, size_t len, size_t *out_len)
{
  const unsigned char *p = (const unsigned char *) s;
  /* At most 3 output bytes per input byte (U+FFFD).  */
  char *out = ls_xmalloc (len * 3 + 1), *o = out;
  for (size_t i = 0; i < len;)
    {
      size_t n = ls_utf8_sequence_length (p + i, len - i);
      if (n == 0)
	{
	  memcpy (o, "\xef\xbf\xbd", 3);
	  o += 3;
	  i++;
	  continue;
	}
      memcpy (o, p + i, n);
      o += n;
      i += n;
    }
  *o = '\0';
  *out_len = (size_t) (o - out);
  return out;
}

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

/* PATH, taken from CWD when relative, with "." and ".." segments and
   repeated slashes resolved by name.  Malloc'd.  */
char *
ls_absolute_path (const char *path, const char *cwd)
{
  char *joined = path[0] == '/' || !cwd ? ls_xstrdup (path)
		 : ls_xasprintf ("%s/%s", cwd, path);
  size_t n = strlen (joined);
  char *out = ls_xmalloc (n + 2);
  size_t o = 0;
  for (const char *p = joined; *p;)
    {
      while (*p == '/')
	p++;
      const char *end = strchr (p, '/');
      size_t len = end ? (size_t) (end - p) : strlen (p);
      if (len == 0 || (len == 1 && p[0] == '.'))
	;
      else if (len == 2 && p[0] == '.' && p[1] == '.')
	{
	  while (o > 0 && out[o - 1] != '/')
	    o--;
	  if (o > 0)
	    o--;
	}
      else
	{
	  out[o++] = '/';
	  memcpy (out + o, p, len);
	  o += len;
	}
      p += len;
    }
  if (o == 0)
    out[o++] = '/';
  out[o] = '\0';
  free (joined);
  return out;
}

char *
ls_path_from_root (const char *path, const char *cwd, const char *root)
{
  if (!path)
    return NULL;
  if (!root || !cwd || root[0] != '/' || cwd[0] != '/')
    return ls_relative_path (path, root ? root : cwd);
  char *abs = ls_absolute_path (path, cwd);
  char *rel = ls_relative_path (abs, root);
  free (abs);
  return rel;
}

char *
ls_git_top (const char *dir)
{
  char *path = ls_xstrdup (dir);
  for (;;)
    {
      char *git = ls_xasprintf ("%s%s.git", path,
				path[strlen (path) - 1] == '/' ? "" : "/");
      struct stat st;
      bool found = stat (git, &st) == 0;
      free (git);
      if (found)
	return path;
      char *slash = strrchr (path, '/');
      if (!slash || slash == path)
	{
	  free (path);
	  return NULL;
	}
      *slash = '\0';
    }
}

/* ---- Regular 's' forms ---- */

static bool
is_ascii_letter (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool
is_vowel (char c)
{
  c = ls_ascii_lower (c);
  return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

/* Does STEM (LEN bytes) end in a sibilant, which takes "es" and never
   "s" alone: s, x, z, ch, sh?  */
static bool
ends_in_sibilant (const char *stem, size_t len)
{
  char last = ls_ascii_lower (stem[len - 1]);
  if (last == 's' || last == 'x' || last == 'z')
    return true;
  char before = len >= 2 ? ls_ascii_lower (stem[len - 2]) : '\0';
  return last == 'h' && (before == 'c' || before == 's');
}

bool
ls_s_form_of (const char *word, size_t len, size_t min_stem,
	      size_t min_y_stem,
	      bool (*is_stem) (const char *stem, size_t stem_len, void *data),
	      void *data)
{
  if (len < 3 || len < min_stem + 1 || ls_ascii_lower (word[len - 1]) != 's'
      || ls_ascii_lower (word[len - 2]) == 's')
    return false;
  for (size_t i = 0; i < len; i++)
    if (!is_ascii_letter (word[i]))
      return false;
  size_t stem = len - 1;
  /* "...s" after anything but a sibilant or a consonant's y.  */
  if (!ends_in_sibilant (word, stem)
      && !(ls_ascii_lower (word[stem - 1]) == 'y'
	   && !is_vowel (word[stem - 2]))
      && is_stem (word, stem, data))
    return true;
  /* "...es" after a sibilant.  */
  bool es = ls_ascii_lower (word[len - 2]) == 'e';
  if (es && len - 2 >= min_stem && ends_in_sibilant (word, len - 2)
      && is_stem (word, len - 2, data))
    return true;
  /* "...ies" for a consonant's y: the one reading that is no prefix of
     WORD.  */
  if (!es || len < 4 || len - 2 < min_y_stem
      || ls_ascii_lower (word[len - 3]) != 'i' || is_vowel (word[len - 4]))
    return false;
  char *y = ls_xstrndup (word, len - 2);
  y[len - 3] = word[len - 1] == 'S' ? 'Y' : 'y';
  bool found = is_stem (y, len - 2, data);
  free (y);
  return found;
}
