/* jsonread.c: a small, strict JSON reader (see jsonread.h).

   Recursive descent over a byte buffer that need not be
   NUL-terminated, with a depth limit so that no input can exhaust the
   stack, and every error reported with its line and column.  */

#include "jsonread.h"
#include "text.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct reader
{
  const unsigned char *p, *end, *start;
  char *err;
};

/* Set the error at the current position (the first error stays).  */
static bool
fail (struct reader *r, const char *what)
{
  if (r->err)
    return false;
  size_t line = 1, column = 1;
  for (const unsigned char *q = r->start; q < r->p; q++)
    if (*q == '\n')
      line++, column = 1;
    else
      column++;
  r->err = ls_xasprintf ("line %zu, column %zu: %s", line, column, what);
  return false;
}

static void
skip_space (struct reader *r)
{
  while (r->p < r->end
	 && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
    r->p++;
}

static bool
literal (struct reader *r, const char *word)
{
  size_t n = strlen (word);
  if ((size_t) (r->end - r->p) < n || memcmp (r->p, word, n) != 0)
    return fail (r, "not a JSON value");
  r->p += n;
  return true;
}

static bool
number (struct reader *r, struct ls_json *v)
{
  const unsigned char *s = r->p;
#define DIGIT (r->p < r->end && *r->p >= '0' && *r->p <= '9')
  if (r->p < r->end && *r->p == '-')
    r->p++;
  if (!DIGIT)
    return fail (r, "a number needs a digit");
  if (*r->p == '0')
    r->p++;
  else
    while (DIGIT)
      r->p++;
  if (r->p < r->end && *r->p == '.')
    {
      r->p++;
      if (!DIGIT)
	return fail (r, "a digit must follow the decimal point");
      while (DIGIT)
	r->p++;
    }
  if (r->p < r->end && (*r->p == 'e' || *r->p == 'E'))
    {
      r->p++;
      if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
	r->p++;
      if (!DIGIT)
	return fail (r, "an exponent needs a digit");
      while (DIGIT)
	r->p++;
    }
#undef DIGIT
  v->type = LS_JSON_NUMBER;
  v->len = (size_t) (r->p - s);
  v->text = ls_xstrndup ((const char *) s, v->len);
  return true;
}

/* The 4 hex digits after "\u" at R->P, or -1.  */
static long
hex4 (struct reader *r)
{
  if (r->end - r->p < 4)
    return -1;
  long value = 0;
  for (int i = 0; i < 4; i++)
    {
      int d = ls_hex_digit (r->p[i]);
      if (d < 0)
	return -1;
      value = value * 16 + d;
    }
  r->p += 4;
  return value;
}

static char *
put_utf8 (char *o, unsigned long c)
{
  if (c < 0x80)
    *o++ = (char) c;
  else if (c < 0x800)
    {
      *o++ = (char) (0xc0 | (c >> 6));
      *o++ = (char) (0x80 | (c & 0x3f));
    }
  else if (c < 0x10000)
    {
      *o++ = (char) (0xe0 | (c >> 12));
      *o++ = (char) (0x80 | ((c >> 6) & 0x3f));
      *o++ = (char) (0x80 | (c & 0x3f));
    }
  else
    {
      *o++ = (char) (0xf0 | (c >> 18));
      *o++ = (char) (0x80 | ((c >> 12) & 0x3f));
      *o++ = (char) (0x80 | ((c >> 6) & 0x3f));
      *o++ = (char) (0x80 | (c & 0x3f));
    }
  return o;
}

/* A string; R->P is at its opening quote.  */
static bool
string (struct reader *r, struct ls_json *v)
{
  r->p++;
  /* The decoded text is never longer than the escaped one.  */
  const unsigned char *q = r->p;
  while (q < r->end && *q != '"')
    q += *q == '\\' && q + 1 < r->end ? 2 : 1;
  char *out = ls_xmalloc ((size_t) (q - r->p) + 1), *o = out;
  for (;;)
    {
      if (r->p >= r->end)
	{
	  free (out);
	  return fail (r, "the file ends inside a string");
	}
      unsigned char c = *r->p;
      if (c == '"')
	break;
      if (c < 0x20)
	{
	  free (out);
	  return fail (r, "a control character in a string");
	}
      if (c != '\\')
	{
	  size_t n = ls_utf8_sequence_length (r->p, (size_t) (r->end - r->p));
	  if (n == 0)
	    {
	      free (out);
	      return fail (r, "not UTF-8");
	    }
	  memcpy (o, r->p, n);
	  o += n;
	  r->p += n;
	  continue;
	}
      r->p++;
      if (r->p >= r->end)
	continue;		/* Fails above.  */
      c = *r->p++;
      char simple = 0;
      switch (c)
	{
	case '"': case '\\': case '/': simple = (char) c; break;
	case 'b': simple = '\b'; break;
	case 'f': simple = '\f'; break;
	case 'n': simple = '\n'; break;
	case 'r': simple = '\r'; break;
	case 't': simple = '\t'; break;
	default: break;
	}
      if (simple)
	{
	  *o++ = simple;
	  continue;
	}
      if (c != 'u')
	{
	  r->p--;
	  free (out);
	  return fail (r, "an unknown escape in a string");
	}
      long u = hex4 (r);
      if (u < 0)
	{
	  free (out);
	  return fail (r, "\\u needs four hex digits");
	}
      unsigned long cp = (unsigned long) u;
      if (u >= 0xd800 && u <= 0xdbff && r->end - r->p >= 6 && r->p[0] == '\\'
	  && r->p[1] == 'u')
	{
	  const unsigned char *save = r->p;
	  r->p += 2;
	  long low = hex4 (r);
	  if (low >= 0xdc00 && low <= 0xdfff)
	    cp = 0x10000 + (((unsigned long) u - 0xd800) << 10)
		 + ((unsigned long) low - 0xdc00);
	  else
	    r->p = save;
	}
      if (cp >= 0xd800 && cp <= 0xdfff)
	cp = 0xfffd;		/* A lone surrogate.  */
      o = put_utf8 (o, cp);
    }
  r->p++;
  *o = '\0';
  v->type = LS_JSON_STRING;
  v->text = out;
  v->len = (size_t) (o - out);
  return true;
}

static bool value (struct reader *r, struct ls_json *v, unsigned depth);

static struct ls_json *
append (struct ls_json **items, size_t n, size_t *alloc)
{
  *items = ls_grow_array (*items, alloc, n + 1, sizeof **items, 8);
  memset (&(*items)[n], 0, sizeof **items);
  return &(*items)[n];
}

/* An array or an object; R->P is at its bracket.  */
static bool
container (struct reader *r, struct ls_json *v, unsigned depth)
{
  bool object = *r->p == '{';
  char close = object ? '}' : ']';
  v->type = object ? LS_JSON_OBJECT : LS_JSON_ARRAY;
  if (depth >= LS_JSON_MAX_DEPTH)
    return fail (r, "nested too deep");
  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == close)
    {
      r->p++;
      return true;
    }
  size_t keys_alloc = 0;
  for (;;)
    {
      skip_space (r);
      struct ls_json *item = append (&v->items, v->n, &v->alloc);
      if (object)
	append (&v->keys, v->n, &keys_alloc);
      v->n++;
      if (object)
	{
	  if (r->p >= r->end || *r->p != '"')
	    return fail (r, "expected a key in quotes");
	  if (!string (r, &v->keys[v->n - 1]))
	    return false;
	  skip_space (r);
	  if (r->p >= r->end || *r->p != ':')
	    return fail (r, "expected ':'");
	  r->p++;
	}
      if (!value (r, item, depth + 1))
	return false;
      skip_space (r);
      if (r->p < r->end && *r->p == ',')
	{
	  r->p++;
	  continue;
	}
      if (r->p < r->end && *r->p == close)
	{
	  r->p++;
	  return true;
	}
      return fail (r, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static bool
value (struct reader *r, struct ls_json *v, unsigned depth)
{
  skip_space (r);
  if (r->p >= r->end)
    return fail (r, "the file ends where a value should be");
  switch (*r->p)
    {
    case '{':
    case '[':
      return container (r, v, depth);
    case '"':
      return string (r, v);
    case 't':
      v->type = LS_JSON_TRUE;
      return literal (r, "true");
    case 'f':
      v->type = LS_JSON_FALSE;
      return literal (r, "false");
    case 'n':
      v->type = LS_JSON_NULL;
      return literal (r, "null");
    default:
      if (*r->p == '-' || (*r->p >= '0' && *r->p <= '9'))
	return number (r, v);
      return fail (r, "not a JSON value");
    }
}

static void
free_contents (struct ls_json *v)
{
  free (v->text);
  for (size_t i = 0; i < v->n; i++)
    {
      free_contents (&v->items[i]);
      if (v->keys)
	free_contents (&v->keys[i]);
    }
  free (v->items);
  free (v->keys);
}

struct ls_json *
ls_json_parse (const char *data, size_t len, char **err)
{
  const unsigned char *p = (const unsigned char *) data;
  struct reader r = { p, p + len, p, NULL };
  /* A byte order mark is not JSON, but editors write one.  */
  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    r.p += 3;
  struct ls_json *v = ls_xcalloc (1, sizeof *v);
  if (value (&r, v, 0))
    {
      skip_space (&r);
      if (r.p < r.end)
	fail (&r, "more after the JSON value");
    }
  if (r.err)
    {
      ls_json_free (v);
      *err = r.err;
      return NULL;
    }
  return v;
}

const struct ls_json *
ls_json_member (const struct ls_json *obj, const char *key)
{
  if (!obj || obj->type != LS_JSON_OBJECT)
    return NULL;
  size_t len = strlen (key);
  for (size_t i = obj->n; i-- > 0;)
    if (obj->keys[i].len == len && memcmp (obj->keys[i].text, key, len) == 0)
      return &obj->items[i];
  return NULL;
}

void
ls_json_free (struct ls_json *v)
{
  if (!v)
    return;
  free_contents (v);
  free (v);
}
