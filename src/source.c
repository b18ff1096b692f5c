/* source.c: the cache of source files (see source.h).  */

#include "source.h"
#include "hashset.h"
#include "util.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ls_source
{
  size_t id;
  char *path;
  /* NULL if the file could not be read.  TEXT_SIZE bytes: util.h's
     big blocks, like LINE_STARTS, since a source can be large.  */
  char *text;
  size_t len, text_size;
  size_t *line_starts;		/* N_LINES + 1 offsets, made when asked.  */
  size_t n_lines;		/* 0 until LINE_STARTS is made.  */
  /* Counted when first asked for after a read (most files are only
     searched for a directive) and kept when the text is dropped:
     newlines, and whether a last line has none.  */
  size_t newlines;
  bool unterminated;
  bool counted;
  bool dropped;			/* Its text was let go: read it again.  */
};

struct ls_sources
{
  ls_source **files;
  size_t n_files, files_alloc;
  ls_hashset by_path;		/* Of FILES.  */
  /* The file asked for last: callers ask by file, use after use (a
     string's uses, a report's notes), and comparing one path costs
     less than hashing it.  */
  ls_source *last;
};

static void
free_text (ls_source *s)
{
  ls_big_free (s->text, s->text_size);
  if (s->line_starts)
    ls_big_free (s->line_starts, (s->n_lines + 1) * sizeof *s->line_starts);
  s->text = NULL;
  s->line_starts = NULL;
  s->len = s->n_lines = s->text_size = 0;
}

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
      free_text (c->files[i]);
      free (c->files[i]);
    }
  free (c->files);
  ls_hashset_free (&c->by_path);
  free (c);
}

static size_t
count_newlines (const char *text, size_t len)
{
  size_t n = 0;
  for (const char *p = text, *end = text + len;
       (p = memchr (p, '\n', (size_t) (end - p))); p++)
    n++;
  return n;
}

static void
read_file (ls_source *s)
{
  int fd = open (s->path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);		/* A directory, a device.  */
      return;
    }
  /* Read in one go, the size known; a file that grows is read on.  A
     byte to spare past the NUL's lets the read that sees the end do so
     without growing the block first.  */
  size_t len = 0, alloc = (size_t) st.st_size + 2;
  char *text = ls_big_alloc (alloc);
  for (;;)
    {
      if (len + 1 == alloc)
	text = ls_big_grow_array (text, &alloc, alloc + 1, 1, 4096);
      ssize_t got = read (fd, text + len, alloc - len - 1);
      if (got < 0 && errno == EINTR)
	continue;
      if (got < 0)
	{
	  ls_big_free (text, alloc);	/* An I/O error.  */
	  close (fd);
	  return;
	}
      if (got == 0)
	break;
      len += (size_t) got;
    }
  close (fd);
  text[len] = '\0';
  s->text = text;
  s->text_size = alloc;
  s->len = len;
  s->counted = false;		/* Counted again from this text if asked:
				   the file may have changed since.  */
}

static void
count_lines (ls_source *s)
{
  if (s->counted || !s->text)
    return;
  s->counted = true;
  s->newlines = count_newlines (s->text, s->len);
  s->unterminated = s->len > 0 && s->text[s->len - 1] != '\n';
}

/* Make S's line starts, the first time its lines are asked for: most
   files are only searched.  */
static void
index_lines (ls_source *s)
{
  count_lines (s);
  size_t n = s->newlines + 1;
  s->line_starts = ls_big_alloc ((n + 1) * sizeof *s->line_starts);
  size_t line = 0;
  s->line_starts[line++] = 0;
  for (const char *p = s->text, *end = s->text + s->len;
       (p = memchr (p, '\n', (size_t) (end - p))); p++)
    s->line_starts[line++] = (size_t) (p - s->text) + 1;
  s->line_starts[line] = s->len + 1;	/* Past a virtual newline.  */
  s->n_lines = n;
}

static bool
path_match (const void *item, const void *key)
{
  return strcmp (((const ls_source *) item)->path, key) == 0;
}

const ls_source *
ls_sources_get (ls_sources *c, const char *path)
{
  if (c->last && strcmp (c->last->path, path) == 0)
    return c->last;
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, path, strlen (path));
  ls_source *s = ls_hashset_find (&c->by_path, h, path_match, path);
  if (s)
    return c->last = s;
  s = ls_xcalloc (1, sizeof *s);
  s->id = c->n_files;
  s->path = ls_xstrdup (path);
  read_file (s);
  c->files = ls_grow_array (c->files, &c->files_alloc, c->n_files + 1,
			    sizeof *c->files, 16);
  c->files[c->n_files++] = s;
  ls_hashset_add (&c->by_path, h, s);
  return c->last = s;
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

void
ls_source_drop_text (const ls_source *s)
{
  ls_source *w = (ls_source *) s;
  if (!w->text)
    return;
  free_text (w);
  w->dropped = true;
}

/* S's text, read again if it was dropped.  */
static void
reread (const ls_source *s)
{
  if (s->dropped)
    {
      ls_source *w = (ls_source *) s;
      w->dropped = false;
      read_file (w);
    }
}

const char *
ls_source_text (const ls_source *s, size_t *len)
{
  reread (s);
  if (len)
    *len = s->len;
  return s->text;
}

size_t
ls_source_n_lines (const ls_source *s)
{
  reread (s);
  if (s->text && !s->line_starts)
    index_lines ((ls_source *) s);
  return s->n_lines;
}

/* A last line without a newline is one; the empty string after a
   last newline is not.  */
size_t
ls_source_line_count (const ls_source *s)
{
  if (!s->counted)
    {
      reread (s);
      count_lines ((ls_source *) s);
    }
  return s->newlines + s->unterminated;
}

const char *
ls_source_line (const ls_source *s, size_t lineno, size_t *len)
{
  if (lineno == 0 || lineno > ls_source_n_lines (s))	/* Reads again.  */
    return NULL;
  size_t start = s->line_starts[lineno - 1];
  *len = s->line_starts[lineno] - 1 - start;
  return s->text + start;
}
