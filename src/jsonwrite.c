/* jsonwrite.c: a small JSON writer (see jsonwrite.h): commas, one value
   a line, two spaces of indentation per level.  */

#include "jsonwrite.h"
#include "text.h"

#include <string.h>

/* Write what the buffer holds to the file.  */
static void
flush (struct ls_jw *j)
{
  fwrite (j->buf, 1, j->used, j->out);
  j->used = 0;
}

/* Make room for N more bytes in the buffer, writing it out when they
   do not fit behind what it holds; false when they cannot fit at all
   (N is more than the buffer).  */
static bool
make_room (struct ls_jw *j, size_t n)
{
  if (j->used + n > sizeof j->buf)
    flush (j);
  return n <= sizeof j->buf;
}

void
ls_jw_raw (struct ls_jw *j, const char *s, size_t len)
{
  if (!make_room (j, len))
    {
      fwrite (s, 1, len, j->out);
      return;
    }
  memcpy (j->buf + j->used, s, len);
  j->used += len;
}

static void
put_char (struct ls_jw *j, char c)
{
  make_room (j, 1);		/* One byte always fits.  */
  j->buf[j->used++] = c;
}

static void
put_string (struct ls_jw *j, const char *s)
{
  ls_jw_raw (j, s, strlen (s));
}

/* The LEN bytes at S escaped (ls_json_escape_to) into the buffer, as
   much at a time as it has room for.  */
static void
put_escaped (struct ls_jw *j, const char *s, size_t len)
{
  for (size_t i = 0; i < len;)
    {
      make_room (j, LS_JSON_ESCAPE_MAX);
      size_t used;
      j->used += ls_json_escape_to (j->buf + j->used,
				    sizeof j->buf - j->used, s + i, len - i,
				    &used);
      i += used;
    }
}

/* A newline and two spaces of indentation per level.  */
static void
newline (struct ls_jw *j)
{
  size_t n = 2 * (size_t) j->depth;
  if (!make_room (j, n + 1))
    {
      put_char (j, '\n');	/* Deeper than the buffer is long.  */
      for (; n > 0; n--)
	put_char (j, ' ');
      return;
    }
  j->buf[j->used] = '\n';
  memset (j->buf + j->used + 1, ' ', n);
  j->used += n + 1;
}

/* Separate a new value from the previous one.  */
void
ls_jw_value_start (struct ls_jw *j)
{
  if (j->after_key)
    {
      j->after_key = false;
      return;
    }
  if (j->need_comma)
    put_char (j, ',');
  if (j->depth)
    newline (j);
}

void
ls_jw_open (struct ls_jw *j, char bracket)
{
  ls_jw_value_start (j);
  put_char (j, bracket);
  j->depth++;
  j->need_comma = false;
}

void
ls_jw_close (struct ls_jw *j, char bracket)
{
  j->depth--;
  if (j->need_comma)
    newline (j);
  put_char (j, bracket);
  j->need_comma = true;
}

void
ls_jw_key (struct ls_jw *j, const char *key)
{
  ls_jw_value_start (j);
  put_char (j, '"');
  put_escaped (j, key, strlen (key));
  ls_jw_raw (j, "\": ", 3);
  j->need_comma = true;
  j->after_key = true;
}

void
ls_jw_string_n (struct ls_jw *j, const char *s, size_t len)
{
  ls_jw_value_start (j);
  if (!s)
    put_string (j, "null");
  else
    {
      put_char (j, '"');
      put_escaped (j, s, len);
      put_char (j, '"');
    }
  j->need_comma = true;
}

void
ls_jw_string (struct ls_jw *j, const char *s)
{
  ls_jw_string_n (j, s, s ? strlen (s) : 0);
}

void
ls_jw_size (struct ls_jw *j, size_t n)
{
  ls_jw_value_start (j);
  char digits[24];
  size_t at = sizeof digits;
  do
    digits[--at] = (char) ('0' + n % 10);
  while ((n /= 10) > 0);
  ls_jw_raw (j, digits + at, sizeof digits - at);
  j->need_comma = true;
}

void
ls_jw_bool (struct ls_jw *j, bool b)
{
  ls_jw_value_start (j);
  put_string (j, b ? "true" : "false");
  j->need_comma = true;
}

void
ls_jw_string_array (struct ls_jw *j, const char *const *items, size_t n)
{
  ls_jw_open (j, '[');
  for (size_t i = 0; i < n; i++)
    ls_jw_string (j, items[i]);
  ls_jw_close (j, ']');
}

void
ls_jw_end (struct ls_jw *j)
{
  put_char (j, '\n');
  flush (j);
}
