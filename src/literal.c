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
   (L"", u"", U"") and raw literals (R"(...)") are not read.

   A char array's initializer has no location of its own: GCC gives its
   string the variable's, the start of the declarator's name.  From
   there the name and array bounds are stepped over to the initializer:
   a literal as above, possibly in braces, or a brace list of character
   constants and integer literals ({ 'a', '\n', 0x41, 0 }), which GCC
   turns into the same kind of string constant.  Each element is one
   byte.  An element of any other kind (a macro, an expression, a wide
   or multi-character constant, a value over 255) stops the reading,
   and so does an initializer whose bytes are not the string's: the
   string may be one field of a structure that the same variable
   holds.  */

#include "literal.h"
#include "text.h"
#include "utf8.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
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
  size_t max_lines;		/* Read no further below FIRST_LINE.  */
  bool in_list;			/* In a brace list, not in a literal.  */
  bool after_element;		/* In a list: a ',' or the '}' is next.  */
};

/* One source character or escape sequence of a literal, or one element
   of a brace list: the bytes it stands for and where it is spelled.  */
struct piece
{
  unsigned char bytes[4];
  unsigned char n;		/* 1 to 4.  */
  unsigned line;
  unsigned first_column, last_column;	/* 1-based bytes.  */
  bool plain;			/* A source character standing for
				   itself.  */
};

enum step
{
  STEP_PIECE,			/* The next piece is read.  */
  STEP_END,			/* The literal or list is over.  */
  STEP_FAIL			/* It cannot be read.  */
};

/* The length of the LEN bytes of a line at TEXT as the reader sees
   them: GCC ends a line at CR LF as at LF, and takes a backslash that
   only blanks follow at the end of a line as a line splice (with a
   warning), so both end at the backslash here.  */
static size_t
line_length (const char *text, size_t len)
{
  if (len > 0 && text[len - 1] == '\r')
    len--;
  size_t splice = len;
  while (splice > 0 && (text[splice - 1] == ' ' || text[splice - 1] == '\t'))
    splice--;
  return splice > 0 && text[splice - 1] == '\\' ? splice : len;
}

static bool
load_line (struct reader *r, unsigned line)
{
  if (line - r->first_line > r->max_lines)
    return false;
  r->text = r->get_line (r->ctx, line, &r->len);
  if (r->text)
    r->len = line_length (r->text, r->len);
  r->line = line;
  r->i = 0;
  return r->text != NULL;
}

/* Start R at LINE:COLUMN; false when there is no such place.  */
static bool
start_reader (struct reader *r, ls_source_line_fn get_line, void *ctx,
	      unsigned line, unsigned column, size_t max_lines)
{
  memset (r, 0, sizeof *r);
  r->get_line = get_line;
  r->ctx = ctx;
  r->first_line = line;
  r->max_lines = max_lines;
  if (line == 0 || column == 0 || !load_line (r, line)
      || column - 1 >= r->len)
    return false;
  r->i = column - 1;
  return true;
}

static bool
starts_with (const struct reader *r, const char *s)
{
  size_t n = strlen (s);
  return r->len - r->i >= n && memcmp (r->text + r->i, s, n) == 0;
}

static bool
is_identifier_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c == '$'
	 || (unsigned char) c >= 0x80;
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

/* What an escape sequence is.  */
enum escape
{
  ESCAPE_BYTE,			/* A byte: \n, \x41, \101, \\.  */
  ESCAPE_OUT_OF_RANGE,		/* An octal or hex value over 255.  */
  ESCAPE_UNKNOWN,		/* \q: GCC warns and takes the q.  */
  ESCAPE_UCN,			/* \u00e9: a code point.  */
  ESCAPE_MALFORMED		/* A UCN without its digits, or past
				   U+10FFFF.  */
};

/* The value of the simple escape sequence \C, or -1.  */
static int
simple_escape (char c)
{
  static const char from[] = "abfnrtveE\\'\"?";
  static const char to[] = "\a\b\f\n\r\t\v\033\033\\'\"?";
  const char *at = c ? strchr (from, c) : NULL;
  return at ? to[at - from] : -1;
}

/* At a backslash that is not the last character of the line: step over
   the escape sequence; *VALUE is the value it stands for.  */
static enum escape
read_escape (struct reader *r, uint32_t *value)
{
  char c = r->text[r->i + 1];
  r->i += 2;
  uint32_t v = 0;
  bool big = false;
  if (c >= '0' && c <= '7')
    {
      v = (uint32_t) (c - '0');
      for (int k = 0; k < 2 && r->i < r->len
		      && r->text[r->i] >= '0' && r->text[r->i] <= '7'; k++)
	v = v * 8 + (uint32_t) (r->text[r->i++] - '0');
      big = v > 0xff;
    }
  else if (c == 'x')
    {
      int d;
      size_t digits = 0;
      while (r->i < r->len && (d = ls_hex_digit (r->text[r->i])) >= 0)
	{
	  v = (v * 16 + (uint32_t) d) & 0xfff;
	  big |= v > 0xff;
	  r->i++;
	  digits++;
	}
      if (!digits)
	big = true;		/* GCC: "\x used with no following hex
				   digits".  */
    }
  else if (c == 'u' || c == 'U')
    {
      int digits = c == 'u' ? 4 : 8;
      for (int k = 0; k < digits; k++)
	{
	  int d = r->i < r->len ? ls_hex_digit (r->text[r->i++]) : -1;
	  if (d < 0 || v > 0x10ffff)
	    return ESCAPE_MALFORMED;
	  v = v * 16 + (uint32_t) d;
	}
      *value = v;
      return v > 0x10ffff ? ESCAPE_MALFORMED : ESCAPE_UCN;
    }
  else
    {
      int simple = simple_escape (c);
      *value = simple >= 0 ? (uint32_t) simple : (unsigned char) c;
      return simple >= 0 ? ESCAPE_BYTE : ESCAPE_UNKNOWN;
    }
  *value = v & 0xff;
  return big ? ESCAPE_OUT_OF_RANGE : ESCAPE_BYTE;
}

/* Step over blanks, comments, line ends and line splices to the next
   token.  False when the source ends first.  */
static bool
skip_blanks (struct reader *r)
{
  for (;;)
    {
      if (r->i >= r->len
	  || (r->text[r->i] == '\\' && r->i + 1 == r->len))
	{
	  if (!load_line (r, r->line + 1))
	    return false;
	  continue;
	}
      char c = r->text[r->i];
      if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r')
	r->i++;
      else if (starts_with (r, "//"))
	{
	  /* A line splice carries the comment on to the next line.  */
	  while (r->len > 0 && r->text[r->len - 1] == '\\')
	    if (!load_line (r, r->line + 1))
	      return false;
	  r->i = r->len;
	}
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
	return true;
    }
}

/* Inside a literal: its next piece.  At the closing quote, the next
   literal of a concatenation goes on; STEP_END leaves R at what comes
   instead.  */
static enum step
literal_piece (struct reader *r, struct piece *p)
{
  for (;;)
    {
      if (r->i >= r->len)
	return STEP_FAIL;	/* No closing quote on the line.  */
      char c = r->text[r->i];
      if (c == '"')
	{
	  r->i++;
	  if (!skip_blanks (r))
	    return STEP_FAIL;
	  if (!open_literal (r))
	    return STEP_END;
	  continue;
	}
      if (c == '\\' && r->i + 1 >= r->len)
	{
	  /* A line splice: the literal goes on on the next line.  */
	  if (!load_line (r, r->line + 1))
	    return STEP_FAIL;
	  continue;
	}
      p->line = r->line;
      p->first_column = (unsigned) r->i + 1;
      p->plain = c != '\\';
      p->n = 1;
      uint32_t value;
      if (p->plain)
	p->bytes[0] = (unsigned char) r->text[r->i++];
      else
	switch (read_escape (r, &value))
	  {
	  case ESCAPE_MALFORMED:
	    return STEP_FAIL;
	  case ESCAPE_UCN:
	    p->n = (unsigned char) ls_utf8_put ((char *) p->bytes, value);
	    break;
	  default:
	    p->bytes[0] = (unsigned char) value;
	  }
      p->last_column = (unsigned) r->i;
      return STEP_PIECE;
    }
}

/* At the opening quote of a character constant: step over it and put
   its value in *VALUE.  False unless it is one plain ASCII character
   or one escape sequence of a byte.  */
static bool
char_constant (struct reader *r, unsigned char *value)
{
  size_t i = r->i + 1;
  if (i >= r->len || r->text[i] == '\'')
    return false;
  uint32_t v = (unsigned char) r->text[i];
  if (v == '\\')
    {
      if (i + 1 >= r->len)
	return false;		/* A line splice inside: not read.  */
      r->i = i;
      if (read_escape (r, &v) != ESCAPE_BYTE)
	return false;
      i = r->i;
    }
  else if (v >= 0x80)
    return false;		/* Several bytes: not one char.  */
  else
    i++;
  if (i >= r->len || r->text[i] != '\'')
    return false;
  r->i = i + 1;
  *value = (unsigned char) v;
  return true;
}

/* At a digit: step over the integer literal there and put its value
   in *VALUE.  False unless it is decimal, octal or hexadecimal, without
   a suffix, at most 255.  */
static bool
integer_literal (struct reader *r, unsigned char *value)
{
  size_t i = r->i;
  unsigned base = 10;
  if (r->text[i] == '0')
    {
      base = 8;
      if (i + 1 < r->len && (r->text[i + 1] == 'x' || r->text[i + 1] == 'X'))
	{
	  base = 16;
	  i += 2;
	}
    }
  uint32_t v = 0;
  size_t digits = 0;
  for (int d; i < r->len && (d = ls_hex_digit (r->text[i])) >= 0
	      && (unsigned) d < base; i++, digits++)
    {
      v = v * base + (uint32_t) d;
      if (v > 0xff)
	return false;
    }
  /* A suffix, a digit too big for the base, a floating constant or a
     digit separator ends it otherwise.  */
  if (!digits || (i < r->len && (is_identifier_char (r->text[i])
				 || r->text[i] == '.'
				 || r->text[i] == '\'')))
    return false;
  r->i = i;
  *value = (unsigned char) v;
  return true;
}

/* Inside a brace list: its next element.  STEP_END at the '}'.  */
static enum step
list_piece (struct reader *r, struct piece *p)
{
  for (;;)
    {
      if (!skip_blanks (r))
	return STEP_FAIL;
      char c = r->text[r->i];
      if (c == '}')
	return STEP_END;
      if (r->after_element)
	{
	  if (c != ',')
	    return STEP_FAIL;
	  r->i++;
	  r->after_element = false;
	  continue;
	}
      p->line = r->line;
      p->first_column = (unsigned) r->i + 1;
      p->n = 1;
      p->plain = false;
      bool read = c == '\'' ? char_constant (r, p->bytes)
		  : c >= '0' && c <= '9' ? integer_literal (r, p->bytes)
		  : false;
      if (!read)
	return STEP_FAIL;
      p->last_column = (unsigned) r->i;
      r->after_element = true;
      return STEP_PIECE;
    }
}

static enum step
next_piece (struct reader *r, struct piece *p)
{
  return r->in_list ? list_piece (r, p) : literal_piece (r, p);
}

/* Where the LEN bytes at OFFSET are, worked out piece by piece.  */
struct locator
{
  size_t offset, last, len;
  size_t pos;			/* Bytes before the next piece.  */
  bool across_lines;		/* A span whose bytes start and end on
				   different lines is its first piece
				   (else there is none).  */
  unsigned first_piece_end;	/* The last column of the piece of
				   OFFSET.  */
  bool done;
  struct ls_source_span span;
};

static void
start_locator (struct locator *l, size_t offset, size_t len,
	       bool across_lines)
{
  memset (l, 0, sizeof *l);
  l->offset = offset;
  l->len = len;
  l->last = offset + len - 1;
  l->across_lines = across_lines;
  l->span.verbatim = true;
}

/* Take piece P into account.  False when the span cannot be given.  */
static bool
locate_piece (struct locator *l, const struct piece *p)
{
  struct ls_source_span *span = &l->span;
  for (size_t b = l->pos; b < l->pos + p->n && !l->done; b++)
    {
      if (b == l->offset)
	{
	  span->line = p->line;
	  span->first_column = p->first_column;
	  l->first_piece_end = p->last_column;
	}
      if (b >= l->offset && (!p->plain || p->line != span->line))
	span->verbatim = false;
      if (b == l->last)
	{
	  if (p->line == span->line)
	    span->last_column = p->last_column;
	  else if (l->across_lines)
	    span->last_column = l->first_piece_end;
	  else
	    return false;
	  span->verbatim = span->verbatim
			   && span->last_column - span->first_column + 1
			      == l->len;
	  l->done = true;
	}
    }
  l->pos += p->n;
  return true;
}

bool
ls_literal_span (ls_source_line_fn get_line, void *ctx, unsigned line,
		 unsigned column, size_t offset, size_t len,
		 struct ls_source_span *out)
{
  struct reader r;
  if (len == 0 || !start_reader (&r, get_line, ctx, line, column, MAX_LINES)
      || !open_literal (&r))
    return false;
  struct locator l;
  start_locator (&l, offset, len, false);
  while (!l.done)
    {
      struct piece p;
      if (literal_piece (&r, &p) != STEP_PIECE || !locate_piece (&l, &p))
	return false;
    }
  *out = l.span;
  return true;
}

/* At '[': step over an array bound; *GIVEN says whether there is a
   size between the brackets.  Anything that could be more than a
   constant expression (a brace, a quote, a nested bracket) refuses
   it.  */
static bool
skip_array_bound (struct reader *r, bool *given)
{
  r->i++;
  for (;;)
    {
      if (r->i >= r->len)
	{
	  if (!load_line (r, r->line + 1))
	    return false;
	  continue;
	}
      char c = r->text[r->i++];
      if (c == ']')
	return true;
      if (strchr ("[{};=\"'", c))
	return false;
      if (c != ' ' && c != '\t')
	*given = true;
    }
}

/* Whether the name at R->i is declared a pointer: '*' before it on its
   line, qualifiers aside ("char *const name").  */
static bool
after_pointer_star (const struct reader *r)
{
  size_t i = r->i;
  for (;;)
    {
      while (i > 0 && (r->text[i - 1] == ' ' || r->text[i - 1] == '\t'))
	i--;
      size_t word = i;
      while (word > 0 && is_identifier_char (r->text[word - 1]))
	word--;
      static const char *const qualifiers[] = {
	"const", "volatile", "restrict", "__restrict", "__restrict__"
      };
      bool qualifier = false;
      for (size_t k = 0; k < sizeof qualifiers / sizeof *qualifiers; k++)
	if (i - word == strlen (qualifiers[k])
	    && memcmp (r->text + word, qualifiers[k], i - word) == 0)
	  qualifier = true;
      if (!qualifier)
	return i > 0 && r->text[i - 1] == '*';
      i = word;
    }
}

/* At the name of a variable being declared: step over it and its array
   bounds to its initializer, past the '=' (a C++ brace initializer may
   have none).  *RESIZABLE says whether the initializer alone gives the
   size of what it initializes: a pointer's literal, or an array whose
   every bound is empty ("name[]").  Not so for an array with a given
   bound, a structure (its field's size is elsewhere) or a variable
   whose type is a typedef'd array.  */
static bool
skip_declarator (struct reader *r, bool *resizable)
{
  if (!is_identifier_char (r->text[r->i])
      || (r->text[r->i] >= '0' && r->text[r->i] <= '9')
      || (r->i > 0 && is_identifier_char (r->text[r->i - 1])))
    return false;
  bool pointer = after_pointer_star (r), bounds = false, given = false;
  while (r->i < r->len && is_identifier_char (r->text[r->i]))
    r->i++;
  for (;;)
    {
      if (!skip_blanks (r))
	return false;
      if (r->text[r->i] != '[')
	break;
      bounds = true;
      if (!skip_array_bound (r, &given))
	return false;
    }
  *resizable = (pointer && !bounds) || (bounds && !given);
  if (r->text[r->i] == '=')
    {
      r->i++;
      return skip_blanks (r);
    }
  return r->text[r->i] == '{';
}

/* At the start of an initializer: step inside the literal or the list
   of elements that gives the array its bytes.  */
static bool
open_initializer (struct reader *r)
{
  if (open_literal (r))
    return true;
  if (r->text[r->i] != '{')
    return false;
  r->i++;
  if (!skip_blanks (r))
    return false;
  /* { "text" }, which C allows for a char array.  */
  r->in_list = !open_literal (r);
  return true;
}

/* How many pieces apart the places ls_initializer_span reads again
   from are: a piece in memory for each byte would be 32 bytes a byte
   of the string (a blob in hex is megabytes).  */
#define MARK_EVERY 64

/* Where each piece of a char array's initializer is: where the reader
   was before every MARK_EVERY-th piece.  */
struct ls_initializer
{
  ls_source_line_fn get_line;
  void *ctx;
  unsigned first_line;
  size_t max_lines;
  bool in_list;
  bool resizable;		/* The initializer gives the size.  */
  struct mark
  {
    size_t start;		/* The next piece's first byte.  */
    unsigned line;
    size_t i;
    bool after_element;
  } *marks;
  size_t n_marks, alloc;
};

static void
add_mark (ls_initializer *init, const struct reader *r, size_t start)
{
  init->marks = ls_grow_array (init->marks, &init->alloc, init->n_marks + 1,
			       sizeof *init->marks, 16);
  struct mark *m = &init->marks[init->n_marks++];
  m->start = start;
  m->line = r->line;
  m->i = r->i;
  m->after_element = r->after_element;
}

ls_initializer *
ls_initializer_read (ls_source_line_fn get_line, void *ctx, unsigned line,
		     unsigned column, const unsigned char *bytes,
		     size_t nbytes)
{
  struct reader r;
  bool resizable = false;
  /* The initializer is read to its end: each of its lines holds at
     least one of its bytes, or is a line of comments or blanks.  */
  size_t max_lines = MAX_LINES + nbytes;
  if (!start_reader (&r, get_line, ctx, line, column, max_lines)
      || !skip_declarator (&r, &resizable) || !open_initializer (&r))
    return NULL;
  ls_initializer *init = ls_xcalloc (1, sizeof *init);
  init->get_line = get_line;
  init->ctx = ctx;
  init->first_line = line;
  init->max_lines = max_lines;
  init->in_list = r.in_list;
  init->resizable = resizable;
  size_t pos = 0;
  struct piece p;
  enum step step;
  for (size_t n = 0;; n++)
    {
      if (n % MARK_EVERY == 0)
	add_mark (init, &r, pos);
      if ((step = next_piece (&r, &p)) != STEP_PIECE)
	break;
      if (p.n > nbytes - pos || memcmp (bytes + pos, p.bytes, p.n) != 0)
	break;
      pos += p.n;
    }
  if (step != STEP_END
      /* After a literal, the end of the initializer or of the field.  */
      || (!r.in_list && (!r.text[r.i] || !strchr (",;}", r.text[r.i])))
      /* The bytes are the string's, but for the null character a
	 literal or a longer array adds.  */
      || !(pos == nbytes || (pos + 1 == nbytes && bytes[pos] == 0)))
    {
      ls_initializer_free (init);
      return NULL;
    }
  return init;
}

bool
ls_initializer_span (const ls_initializer *init, size_t offset, size_t len,
		     struct ls_source_span *out)
{
  if (!init || len == 0)
    return false;
  /* Read again from the last mark at or before OFFSET.  */
  size_t lo = 0, hi = init->n_marks;
  while (hi - lo > 1)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (init->marks[mid].start <= offset)
	lo = mid;
      else
	hi = mid;
    }
  const struct mark *m = &init->marks[lo];
  struct reader r;
  memset (&r, 0, sizeof r);
  r.get_line = init->get_line;
  r.ctx = init->ctx;
  r.first_line = init->first_line;
  r.max_lines = init->max_lines;
  r.in_list = init->in_list;
  r.after_element = m->after_element;
  if (!load_line (&r, m->line))
    return false;
  r.i = m->i;
  struct locator l;
  start_locator (&l, offset, len, init->in_list);
  l.pos = m->start;
  while (!l.done)
    {
      struct piece p;
      if (next_piece (&r, &p) != STEP_PIECE || !locate_piece (&l, &p))
	return false;
    }
  *out = l.span;
  /* Replacing the word may make the text longer than a size given
     elsewhere: char name[10] = "sucessful" has no room for
     "successful", and C would drop its null character silently.  */
  out->verbatim = out->verbatim && init->resizable;
  return true;
}

void
ls_initializer_free (ls_initializer *init)
{
  if (init)
    free (init->marks);
  free (init);
}
