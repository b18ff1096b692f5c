/* jsonwrite.c: a small JSON writer (see jsonwrite.h): commas, one value
   a line, two spaces of indentation per level.  */

#include "jsonwrite.h"
#include "text.h"

#include <string.h>

/* A newline and two spaces of indentation per level, the spaces in
   one write.  */
static void
newline (struct ls_jw *j)
{
  static const char spaces[] = "                                ";
  fputc ('\n', j->out);
  for (size_t want = 2 * (size_t) j->depth; want > 0;)
    {
      size_t n = want < sizeof spaces - 1 ? want : sizeof spaces - 1;
      fwrite (spaces, 1, n, j->out);
      want -= n;
    }
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
    fputc (',', j->out);
  if (j->depth)
    newline (j);
}

void
ls_jw_open (struct ls_jw *j, char bracket)
{
  ls_jw_value_start (j);
  fputc (bracket, j->out);
  j->depth++;
  j->need_comma = false;
}

void
ls_jw_close (struct ls_jw *j, char bracket)
{
  j->depth--;
  if (j->need_comma)
    newline (j);
  fputc (bracket, j->out);
  j->need_comma = true;
}

void
ls_jw_key (struct ls_jw *j, const char *key)
{
  ls_jw_value_start (j);
  fputc ('"', j->out);
  ls_json_escape (j->out, key, strlen (key));
  fputs ("\": ", j->out);
  j->need_comma = true;
  j->after_key = true;
}

void
ls_jw_string_n (struct ls_jw *j, const char *s, size_t len)
{
  ls_jw_value_start (j);
  if (!s)
    fputs ("null", j->out);
  else
    {
      fputc ('"', j->out);
      ls_json_escape (j->out, s, len);
      fputc ('"', j->out);
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
  fprintf (j->out, "%zu", n);
  j->need_comma = true;
}

void
ls_jw_bool (struct ls_jw *j, bool b)
{
  ls_jw_value_start (j);
  fputs (b ? "true" : "false", j->out);
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
  fputc ('\n', j->out);
}
