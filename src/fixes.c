/* fixes.c: the fixes of the findings as a unified diff (fixes.h).

   Each fix replaces a word on one line, so a line keeps its number and
   the old and new sides of a hunk have as many lines.  Edits are sorted
   by file, line and column; changed lines closer than twice the context
   share a hunk, as diff does; the context is three lines, which
   `git apply` needs (it refuses hunks without context unless told
   --unidiff-zero).  Every edit is checked against the file when the
   patch is written: a line that no longer spells the old word is not
   patched, so a stale patch is never wrong, only shorter.  */

#include "fixes.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define CONTEXT 3

struct edit
{
  char *file;
  unsigned line, first, last;
  char *old, *replacement;
};

struct ls_fixes
{
  struct edit *items;
  size_t n, alloc;
};

ls_fixes *
ls_fixes_new (void)
{
  return ls_xcalloc (1, sizeof (ls_fixes));
}

void
ls_fixes_free (ls_fixes *f)
{
  if (!f)
    return;
  for (size_t i = 0; i < f->n; i++)
    {
      free (f->items[i].file);
      free (f->items[i].old);
      free (f->items[i].replacement);
    }
  free (f->items);
  free (f);
}

void
ls_fixes_add (ls_fixes *f, const char *file, unsigned line, unsigned first,
	      unsigned last, const char *old, const char *replacement)
{
  if (!file || !old || !replacement || line == 0 || first == 0
      || last < first || strlen (old) != last - first + 1)
    return;
  f->items = ls_grow_array (f->items, &f->alloc, f->n + 1, sizeof *f->items,
			    16);
  f->items[f->n++] = (struct edit) { ls_xstrdup (file), line, first, last,
				     ls_xstrdup (old),
				     ls_xstrdup (replacement) };
}

size_t
ls_fixes_count (const ls_fixes *f)
{
  return f ? f->n : 0;
}

static int
compare_edits (const void *pa, const void *pb)
{
  const struct edit *a = pa, *b = pb;
  int c = strcmp (a->file, b->file);
  if (c)
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->first != b->first)
    return a->first < b->first ? -1 : 1;
  return strcmp (a->replacement, b->replacement);
}

/* Does E still apply to its line?  */
static bool
edit_matches (const struct edit *e, ls_file_line_fn get_line, void *ctx)
{
  size_t len;
  bool newline;
  const char *text = get_line (ctx, e->file, e->line, &len, &newline);
  return text && e->last <= len
	 && memcmp (text + e->first - 1, e->old, e->last - e->first + 1) == 0;
}

/* The edits of one file that apply, in order, without overlaps.  */
static size_t
usable_edits (struct edit *e, size_t n, ls_file_line_fn get_line, void *ctx,
	      const struct edit **out)
{
  size_t kept = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (kept && out[kept - 1]->line == e[i].line
	  && out[kept - 1]->last >= e[i].first)
	continue;		/* The same edit again, or an overlap.  */
      if (edit_matches (&e[i], get_line, ctx))
	out[kept++] = &e[i];
    }
  return kept;
}

static void
write_line (FILE *out, char sign, const char *text, size_t len,
	    bool newline)
{
  fputc (sign, out);
  fwrite (text, 1, len, out);
  fputs (newline ? "\n" : "\n\\ No newline at end of file\n", out);
}

/* Line NUMBER of FILE with the edits of EDITS[*NEXT...] on it applied,
   written with SIGN; advances *NEXT past them.  */
static void
write_new_line (FILE *out, const char *text, size_t len, bool newline,
		const struct edit *const *edits, size_t n, size_t *next,
		unsigned number)
{
  fputc ('+', out);
  size_t at = 0;
  while (*next < n && edits[*next]->line == number)
    {
      const struct edit *e = edits[(*next)++];
      fwrite (text + at, 1, e->first - 1 - at, out);
      fputs (e->replacement, out);
      at = e->last;
    }
  fwrite (text + at, 1, len - at, out);
  fputs (newline ? "\n" : "\n\\ No newline at end of file\n", out);
}

/* The hunk of lines FROM..TO (TO existing), holding EDITS[*NEXT...].  */
static void
write_hunk (FILE *out, const char *file, unsigned from, unsigned to,
	    const struct edit *const *edits, size_t n, size_t *next,
	    ls_file_line_fn get_line, void *ctx)
{
  unsigned count = to - from + 1;
  fprintf (out, "@@ -%u,%u +%u,%u @@\n", from, count, from, count);
  for (unsigned l = from; l <= to; l++)
    {
      size_t len;
      bool newline;
      const char *text = get_line (ctx, file, l, &len, &newline);
      if (*next < n && edits[*next]->line == l)
	{
	  write_line (out, '-', text, len, newline);
	  write_new_line (out, text, len, newline, edits, n, next, l);
	}
      else
	write_line (out, ' ', text, len, newline);
    }
}

/* The last line from LINE on, up to LINE + MORE, that FILE has.  */
static unsigned
last_line_within (const char *file, unsigned line, unsigned more,
		  ls_file_line_fn get_line, void *ctx)
{
  size_t len;
  bool newline;
  unsigned last = line;
  for (unsigned l = line + 1; l <= line + more; l++)
    {
      if (!get_line (ctx, file, l, &len, &newline))
	break;
      last = l;
    }
  return last;
}

static size_t
write_file (FILE *out, struct edit *e, size_t n, ls_file_line_fn get_line,
	    void *ctx)
{
  const struct edit **edits = ls_xmalloc (n * sizeof *edits);
  size_t kept = usable_edits (e, n, get_line, ctx, edits);
  if (kept)
    fprintf (out, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", e->file,
	     e->file, e->file, e->file);
  size_t next = 0;
  while (next < kept)
    {
      /* Lines closer than twice the context share a hunk.  */
      size_t last = next;
      while (last + 1 < kept
	     && edits[last + 1]->line <= edits[last]->line + 2 * CONTEXT)
	last++;
      unsigned from = edits[next]->line > CONTEXT
		      ? edits[next]->line - CONTEXT : 1;
      unsigned to = last_line_within (e->file, edits[last]->line, CONTEXT,
				      get_line, ctx);
      write_hunk (out, e->file, from, to, edits, kept, &next, get_line, ctx);
    }
  free (edits);
  return kept;
}

size_t
ls_fixes_write_patch (ls_fixes *f, FILE *out, ls_file_line_fn get_line,
		      void *ctx)
{
  if (!f || f->n == 0)
    return 0;
  ls_sort (f->items, f->n, sizeof *f->items, compare_edits);
  size_t written = 0;
  for (size_t i = 0; i < f->n;)
    {
      size_t j = i;
      while (j < f->n && strcmp (f->items[j].file, f->items[i].file) == 0)
	j++;
      written += write_file (out, f->items + i, j - i, get_line, ctx);
      i = j;
    }
  return written;
}
