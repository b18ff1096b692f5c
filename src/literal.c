/* literal.c: where the bytes of a string constant are in its source
   (literal.h).

   The literal is read again from the source, from the column GCC gives
   the string constant, the way the C and C++ lexers read it: each
   source character outside an escape is one byte (the source is UTF-8,
   GCC's default input charset, so a character of several bytes is as
   many bytes of the string); an escape sequence is one byte (\n, \x41,
   \101), or the UTF-8 encoding of its code point (\u00e9: two bytes);
   a backslash at the end of a line joins the next line; after the
   closing quote, blanks, comments and line ends may separate the next
   literal of a concatenation ("a " "b").  Anything else there (a
   macro such as PRIu64, a parenthesis) ends the search: the bytes
   after it cannot be placed without the preprocessor.  Wide literals
   (L"", u"", U"") and raw literals (R"(...)") are not read.  */

#include "literal.h"
#include "text.h"
#include "utf8.h"

#include <stdint.h>
#include <string.h>

/* How far after the first line concatenated literals are followed.  */
#define MAX_LINES 200

struct reader
{
  ls_source_line_fn get_line;
  void *ctx;
  unsigned line;		/* The line in TEXT.  */
  const char *text;
  size_t len;
  size_t i;			/* The next character.  */
  unsigned first_line;
};

static bool
load_line (struct reader *r, unsigned line)
{
  if (line - r->first_line > MAX_LINES)
    return false;
  r->text = r->get_line (r->ctx, line, &r->len);
  r->line = line;
  r->i = 0;
  return r->text != NULL;
}

static bool
starts_with (const struct reader *r, const char *s)
{
  size_t n = strlen (s);
  return r->len - r->i >= n && memcmp (r->text + r->i, s, n) == 0;
}

/* At the opening quote of a narrow literal, or its u8 prefix: step
   inside it.  */
static bool
open_literal (struct reader *r)
{
  if (starts_with (r, "u8\""))
    r->i += 3;
  else if (starts_with (r, "\""))
    r->i += 1;
  else
    return false;
  return true;
}

/* At a backslash that is not the last character of the line: step over
   the escape sequence and return how many bytes it stands for, or 0
   for a malformed universal character name.  */
static size_t
escape_length (struct reader *r)
{
  char c = r->text[r->i + 1];
  r->i += 2;
  if (c >= '0' && c <= '7')
    {
      for (int k = 0; k < 2 && r->i < r->len
		      && r->text[r->i] >= '0' && r->text[r->i] <= '7'; k++)
	r->i++;
      return 1;
    }
  if (c == 'x')
    {
      while (r->i < r->len && ls_hex_digit (r->text[r->i]) >= 0)
	r->i++;
      return 1;
    }
  if (c == 'u' || c == 'U')
    {
      int digits = c == 'u' ? 4 : 8;
      uint32_t cp = 0;
      for (int k = 0; k < digits; k++)
	{
	  int d = r->i < r->len ? ls_hex_digit (r->text[r->i++]) : -1;
	  if (d < 0 || cp > 0x10ffff)
	    return 0;
	  cp = cp * 16 + (uint32_t) d;
	}
      char bytes[4];
      return cp > 0x10ffff ? 0 : ls_utf8_put (bytes, cp);
    }
  /* \n, \", \\ and the others, and GCC's \e: one byte.  */
  return 1;
}

/* After a literal's closing quote: step to the opening quote of the
   next literal of the concatenation, over blanks, comments and line
   ends.  False when something else comes first.  */
static bool
next_literal (struct reader *r)
{
  for (;;)
    {
      if (r->i >= r->len)
	{
	  if (!load_line (r, r->line + 1))
	    return false;
	  continue;
	}
      char c = r->text[r->i];
      if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r')
	r->i++;
      else if (starts_with (r, "//"))
	r->i = r->len;
      else if (starts_with (r, "/*"))
	{
	  r->i += 2;
	  while (!starts_with (r, "*/"))
	    {
	      if (r->i < r->len)
		r->i++;
	      else if (!load_line (r, r->line + 1))
		return false;
	    }
	  r->i += 2;
	}
      else
	return open_literal (r);
    }
}

bool
ls_literal_span (ls_source_line_fn get_line, void *ctx, unsigned line,
		 unsigned column, size_t offset, size_t len,
		 struct ls_source_span *out)
{
  if (len == 0 || column == 0 || line == 0)
    return false;
  struct reader r = { get_line, ctx, 0, NULL, 0, 0, line };
  if (!load_line (&r, line) || column - 1 >= r.len)
    return false;
  r.i = column - 1;
  if (!open_literal (&r))
    return false;
  struct ls_source_span span = { 0, 0, 0, true };
  size_t pos = 0, last = offset + len - 1;
  for (;;)
    {
      if (r.i >= r.len)
	return false;		/* No closing quote on the line.  */
      char c = r.text[r.i];
      if (c == '"')
	{
	  r.i++;
	  if (!next_literal (&r))
	    return false;
	  continue;
	}
      size_t start = r.i, nbytes = 1;
      bool plain = c != '\\';
      if (!plain && r.i + 1 >= r.len)
	{
	  /* A line splice: the literal goes on on the next line.  */
	  if (!load_line (&r, r.line + 1))
	    return false;
	  continue;
	}
      if (plain)
	r.i++;
      else if (!(nbytes = escape_length (&r)))
	return false;
      for (size_t b = pos; b < pos + nbytes; b++)
	{
	  if (b == offset)
	    {
	      span.line = r.line;
	      span.first_column = (unsigned) start + 1;
	    }
	  if (b >= offset && b <= last && (!plain || r.line != span.line))
	    span.verbatim = false;
	  if (b == last)
	    {
	      if (r.line != span.line)
		return false;
	      span.last_column = (unsigned) r.i;
	      span.verbatim = span.verbatim
			      && span.last_column - span.first_column + 1
				 == len;
	      *out = span;
	      return true;
	    }
	}
      pos += nbytes;
    }
}
