/* source.c: the cache of source files (see source.h).  */

#include "source.h"
#include "hashset.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ls_source
{
  size_t id;
  char *path;
  char *text;			/* NULL if the file could not be read.  */
  size_t len;
  size_t *line_starts;		/* N_LINES + 1 offsets, made when asked.  */
  size_t n_lines;
};

struct ls_sources
{
  ls_source **files;
  size_t n_files, files_alloc;
  ls_hashset by_path;		/* Of FILES.  */
};

ls_sources *
ls_sources_new (void)
{
  return ls_xcalloc (1, sizeof (ls_sources));
}

void
ls_sources_free (ls_sources *c)
{
  if (!c)
    return;
  for (size_t i = 0; i < c->n_files; i++)
    {
      free (c->files[i]->path);
      free (c->files[i]->text);
      free (c->files[i]->line_starts);
      free (c->files[i]);
    }
  free (c->files);
  ls_hashset_free (&c->by_path);
  free (c);
}

static void
read_file (ls_source *s)
{
  FILE *f = fopen (s->path, "rb");
  if (!f)
    return;
  size_t len = 0, alloc = 0;
  char *text = NULL;
  for (;;)
    {
      text = ls_grow_array (text, &alloc, len + 4096 + 1, 1, 8192);
      size_t got = fread (text + len, 1, alloc - len - 1, f);
      len += got;
      if (got == 0)
	break;
    }
  bool failed = ferror (f);
  fclose (f);
  if (failed)			/* A directory, an I/O error.  */
    {
      free (text);
      return;
    }
  text[len] = '\0';
  s->text = text;
  s->len = len;
  s->n_lines = 1;
  for (size_t i = 0; i < len; i++)
    s->n_lines += text[i] == '\n';
}

static bool
path_match (const void *item, const void *key)
{
  return strcmp (((const ls_source *) item)->path, key) == 0;
}

const ls_source *
ls_sources_get (ls_sources *c, const char *path)
{
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, path, strlen (path));
  ls_source *s = ls_hashset_find (&c->by_path, h, path_match, path);
  if (s)
    return s;
  s = ls_xcalloc (1, sizeof *s);
  s->id = c->n_files;
  s->path = ls_xstrdup (path);
  read_file (s);
  c->files = ls_grow_array (c->files, &c->files_alloc, c->n_files + 1,
			    sizeof *c->files, 16);
  c->files[c->n_files++] = s;
  ls_hashset_add (&c->by_path, h, s);
  return s;
}

size_t
ls_sources_count (const ls_sources *c)
{
  return c->n_files;
}

size_t
ls_source_id (const ls_source *s)
{
  return s->id;
}

const char *
ls_source_path (const ls_source *s)
{
  return s->path;
}

const char *
ls_source_text (const ls_source *s, size_t *len)
{
  if (len)
    *len = s->len;
  return s->text;
}

size_t
ls_source_n_lines (const ls_source *s)
{
  return s->n_lines;
}

const char *
ls_source_line (const ls_source *s, size_t lineno, size_t *len)
{
  if (!s->text || lineno == 0 || lineno > s->n_lines)
    return NULL;
  if (!s->line_starts)
    {
      /* Made on the first request: most files are only searched.  */
      ls_source *w = (ls_source *) s;
      w->line_starts = ls_xmalloc ((s->n_lines + 1) * sizeof *s->line_starts);
      size_t line = 0;
      w->line_starts[line++] = 0;
      for (size_t i = 0; i < s->len; i++)
	if (s->text[i] == '\n')
	  w->line_starts[line++] = i + 1;
      w->line_starts[line] = s->len + 1;	/* Past a virtual newline.  */
    }
  size_t start = s->line_starts[lineno - 1];
  *len = s->line_starts[lineno] - 1 - start;
  return s->text + start;
}
