/* util.c: the core's small shared helpers (see util.h).

   Running out of memory is not something the plugin can recover from
   in the middle of a link: every allocator here says so on stderr and
   aborts, so callers never test for NULL.  The one exception is
   ls_error_printf, used while reporting a user's mistake, where a NULL
   message is handled by the caller.  */

#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void
out_of_memory (void)
{
  fputs ("ltospell: out of memory\n", stderr);
  abort ();
}

void *
ls_xmalloc (size_t size)
{
  void *p = malloc (size ? size : 1);
  if (!p)
    out_of_memory ();
  return p;
}

void *
ls_xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory ();
  return p;
}

void *
ls_xrealloc (void *old, size_t size)
{
  void *p = realloc (old, size ? size : 1);
  if (!p)
    out_of_memory ();
  return p;
}

char *
ls_xstrndup (const char *s, size_t len)
{
  char *copy = ls_xmalloc (len + 1);
  memcpy (copy, s, len);
  copy[len] = '\0';
  return copy;
}

char *
ls_xstrdup (const char *s)
{
  return ls_xstrndup (s, strlen (s));
}

void *
ls_grow_array (void *items, size_t *alloc, size_t needed, size_t elem,
	       size_t first)
{
  if (needed <= *alloc)
    return items;
  size_t n = *alloc ? *alloc * 2 : first;
  while (n < needed)
    n *= 2;
  *alloc = n;
  return ls_xrealloc (items, n * elem);
}

char *
ls_xvasprintf (const char *fmt, va_list ap)
{
  char *s;
  if (vasprintf (&s, fmt, ap) < 0)
    out_of_memory ();
  return s;
}

char *
ls_xasprintf (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *s = ls_xvasprintf (fmt, ap);
  va_end (ap);
  return s;
}

char *
ls_error_printf (const char *fmt, ...)
{
  va_list ap;
  char *msg;
  va_start (ap, fmt);
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;		/* Its contents are undefined on failure.  */
  va_end (ap);
  return msg;
}

uint64_t
ls_hash_bytes (uint64_t h, const void *data, size_t len)
{
  const unsigned char *p = data;
  for (size_t i = 0; i < len; i++)
    h = ls_hash_byte (h, p[i]);
  return h;
}

int
ls_compare_names (const char *a, const char *b)
{
  if (a == b)
    return 0;
  if (!a || !b)
    return a ? 1 : -1;
  return strcmp (a, b);
}

int
ls_compare_name_ptrs (const void *pa, const void *pb)
{
  return ls_compare_names (*(const char *const *) pa,
			   *(const char *const *) pb);
}

int
ls_read_lines (const char *path, const char *what, ls_line_fn fn,
	       void *data, char **err)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      if (err)
	*err = ls_error_printf ("cannot read %s '%s': %s", what, path,
				strerror (errno));
      return -1;
    }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  unsigned lineno = 0;
  int status = 0;
  errno = 0;
  while (status == 0 && (n = getline (&line, &cap, f)) >= 0)
    status = fn (line, (size_t) n, ++lineno, data, err);
  if (status == 0 && ferror (f))
    {
      if (err)
	*err = ls_error_printf ("cannot read %s '%s': %s", what, path,
				strerror (errno ? errno : EIO));
      status = -1;
    }
  free (line);
  fclose (f);
  return status;
}
