/* ignore.c: what the user told ltospell to leave alone.

   Three ways, from the coarsest:

   - exclude=GLOB: a use whose source file or translation unit matches
     GLOB (fnmatch; a GLOB without '/' also against the base name, so
     "*.pb.c" and "third_party/x*" both do what they say) is skipped.
   - ignore=FILE: POSIX extended regular expressions, one a line.  Each
     match in a string hides the words it overlaps, so one list can
     hide a word ("\bfoobar\b"), a pattern ("[A-Z][a-z]+Exception") or
     whole strings ("^Usage:.*").  Embedded NULs split a string into
     parts matched one by one (regexec stops at a NUL).
   - A comment "ltospell:ignore" on the source line of a use skips
     that use; "ltospell:ignore WORD..." hides just those words there.
     The line is read from the source file at link time, through the
     cache of source.h: each file is read once, so a file with a
     thousand strings costs one read.  A file that cannot be read
     (moved since compiling) has no directives, which is the safe way
     to fail.  */

#include "ignore.h"
#include "source.h"
#include "util.h"

#include <errno.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIRECTIVE "ltospell:ignore"

/* The directives of a source file (source.h), once looked for.  */
struct file_directives
{
  bool scanned;
  size_t n_lines;
  char **directives;		/* Per line: NULL, or a malloc'd directive;
				   NULL when the file has none.  */
};

struct ls_ignore
{
  regex_t *regexes;
  size_t n_regexes, regexes_alloc;
  char **globs;
  size_t n_globs, globs_alloc;
  ls_sources *sources;		/* Read once each (source.h).  */
  struct file_directives *files;	/* By ls_source_id.  */
  size_t n_files, files_alloc;
};

ls_ignore *
ls_ignore_new (void)
{
  ls_ignore *ig = ls_xcalloc (1, sizeof (ls_ignore));
  ig->sources = ls_sources_new ();
  return ig;
}

/* ------------------------------------------------------------------ */
/* Regular expressions.                                                */

int
ls_ignore_add_regex (ls_ignore *ig, const char *regex, char **err)
{
  ig->regexes = ls_grow_array (ig->regexes, &ig->regexes_alloc,
			       ig->n_regexes + 1, sizeof *ig->regexes, 8);
  int rc = regcomp (&ig->regexes[ig->n_regexes], regex, REG_EXTENDED);
  if (rc != 0)
    {
      char why[256];
      regerror (rc, &ig->regexes[ig->n_regexes], why, sizeof why);
      if (err)
	*err = ls_error_printf ("bad regular expression '%s': %s", regex,
				why);
      return -1;
    }
  ig->n_regexes++;
  return 0;
}

struct regex_file
{
  ls_ignore *ig;
  const char *path;
};

/* One line of an ignore= file: a regular expression; blank lines and
   '#' comments are skipped.  */
static int
add_regex_line (char *line, size_t n, unsigned lineno, void *data,
		char **err)
{
  struct regex_file *rf = data;
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
    line[--n] = '\0';
  if (n == 0 || line[0] == '#')
    return 0;
  char *why = NULL;
  int status = ls_ignore_add_regex (rf->ig, line, &why);
  if (status != 0 && err)
    *err = ls_error_printf ("%s:%u: %s", rf->path, lineno,
			    why ? why : "bad regular expression");
  free (why);
  return status;
}

int
ls_ignore_add_regex_file (ls_ignore *ig, const char *path, char **err)
{
  struct regex_file rf = { ig, path };
  return ls_read_lines (path, "ignore list", add_regex_line, &rf, err);
}

/* Report every match of RE in the NUL-free part TEXT[START, END).  */
static void
regex_spans (const regex_t *re, const char *text, size_t start, size_t end,
	     ls_span_fn fn, void *data)
{
  size_t pos = start;
  while (pos <= end)
    {
      regmatch_t m[1];
      m[0].rm_so = 0;
      m[0].rm_eo = (regoff_t) (end - pos);
      int flags = REG_STARTEND | (pos > start ? REG_NOTBOL : 0);
      if (regexec (re, text + pos, 1, m, flags) != 0)
	return;
      size_t so = pos + (size_t) m[0].rm_so, eo = pos + (size_t) m[0].rm_eo;
      if (eo > so)
	fn (so, eo, data);
      pos = eo > so ? eo : eo + 1;	/* An empty match moves on.  */
    }
}

void
ls_ignore_spans (const ls_ignore *ig, const char *text, size_t len,
		 ls_span_fn fn, void *data)
{
  if (!ig)
    return;
  for (size_t r = 0; r < ig->n_regexes; r++)
    {
      size_t start = 0;
      while (start <= len)
	{
	  const char *nul = memchr (text + start, '\0', len - start);
	  size_t end = nul ? (size_t) (nul - text) : len;
	  regex_spans (&ig->regexes[r], text, start, end, fn, data);
	  start = end + 1;
	}
    }
}

/* ------------------------------------------------------------------ */
/* Excluded files.                                                     */

void
ls_ignore_add_exclude (ls_ignore *ig, const char *glob)
{
  ig->globs = ls_grow_array (ig->globs, &ig->globs_alloc, ig->n_globs + 1,
			     sizeof *ig->globs, 8);
  ig->globs[ig->n_globs++] = ls_xstrdup (glob);
}

static bool
path_matches (const char *glob, const char *path)
{
  if (!path)
    return false;
  if (fnmatch (glob, path, 0) == 0)
    return true;
  if (strchr (glob, '/'))
    {
      /* "src/gen/x*" should match "./src/gen/x.c" and "/abs/src/gen/x.c"
	 too: try every suffix that starts after a slash.  */
      for (const char *s = strchr (path, '/'); s; s = strchr (s + 1, '/'))
	if (fnmatch (glob, s + 1, 0) == 0)
	  return true;
      return false;
    }
  const char *base = strrchr (path, '/');
  return base && fnmatch (glob, base + 1, 0) == 0;
}

bool
ls_ignore_excludes_site (const ls_ignore *ig, const struct ls_site *site)
{
  if (!ig)
    return false;
  for (size_t i = 0; i < ig->n_globs; i++)
    if (path_matches (ig->globs[i], site->file)
	|| path_matches (ig->globs[i], site->unit))
      return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* ltospell:ignore comments.                                           */

/* The directive on LINE (LEN bytes): NULL, "" or the words after it up
   to the end of the comment, blanks squeezed.  */
static char *
parse_directive (const char *line, size_t len)
{
  size_t dlen = strlen (DIRECTIVE);
  const char *hit = NULL;
  for (size_t i = 0; i + dlen <= len && !hit; i++)
    if (memcmp (line + i, DIRECTIVE, dlen) == 0)
      hit = line + i;
  if (!hit)
    return NULL;
  const char *p = hit + dlen, *stop = line + len;
  char *out = ls_xmalloc ((size_t) (stop - p) + 1);
  size_t o = 0;
  while (p < stop)
    {
      if (*p == '*' && p + 1 < stop && p[1] == '/')
	break;			/* End of a C comment.  */
      bool word_char = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
		       || (*p >= '0' && *p <= '9') || *p == '\'' || *p == '-'
		       || (unsigned char) *p >= 0x80;
      if (word_char)
	out[o++] = *p;
      else if (o > 0 && out[o - 1] != ' ')
	out[o++] = ' ';
      p++;
    }
  while (o > 0 && out[o - 1] == ' ')
    o--;
  out[o] = '\0';
  return out;
}

/* The directives of SRC, parsed the first time they are asked for, and
   only in a file that has one: most files have none.  */
static const struct file_directives *
file_directives (ls_ignore *ig, const ls_source *src)
{
  size_t id = ls_source_id (src);
  if (id >= ig->n_files)
    {
      ig->files = ls_grow_array (ig->files, &ig->files_alloc, id + 1,
				 sizeof *ig->files, 16);
      memset (ig->files + ig->n_files, 0,
	      (id + 1 - ig->n_files) * sizeof *ig->files);
      ig->n_files = id + 1;
    }
  struct file_directives *fd = &ig->files[id];
  if (fd->scanned)
    return fd;
  fd->scanned = true;
  const char *text = ls_source_text (src, NULL);
  if (!text || !strstr (text, DIRECTIVE))
    {
      ls_source_drop_text (src);	/* Only the directives are needed.  */
      return fd;
    }
  fd->n_lines = ls_source_n_lines (src);
  /* A line each: util.h's big blocks for a long file.  */
  fd->directives = ls_big_table (fd->n_lines, sizeof *fd->directives);
  for (size_t l = 0; l < fd->n_lines; l++)
    {
      size_t len;
      const char *line = ls_source_line (src, l + 1, &len);
      fd->directives[l] = parse_directive (line, len);
    }
  ls_source_drop_text (src);
  return fd;
}

const char *
ls_ignore_source_directive (ls_ignore *ig, const struct ls_site *site)
{
  if (!ig || !site->file || site->line == 0)
    return NULL;
  const struct file_directives *fd
    = file_directives (ig, ls_sources_get (ig->sources, site->file));
  if (!fd->directives || site->line > fd->n_lines)
    return NULL;
  return fd->directives[site->line - 1];
}

bool
ls_ignore_directive_names (const char *directive, const char *word,
			   size_t len)
{
  if (!directive)
    return false;
  if (*directive == '\0')
    return true;
  for (const char *p = directive; *p;)
    {
      size_t n = strcspn (p, " ");
      if (n == len && strncasecmp (p, word, len) == 0)
	return true;
      p += n;
      p += *p == ' ';
    }
  return false;
}

void
ls_ignore_free (ls_ignore *ig)
{
  if (!ig)
    return;
  for (size_t i = 0; i < ig->n_regexes; i++)
    regfree (&ig->regexes[i]);
  free (ig->regexes);
  for (size_t i = 0; i < ig->n_globs; i++)
    free (ig->globs[i]);
  free (ig->globs);
  for (size_t i = 0; i < ig->n_files; i++)
    {
      struct file_directives *fd = &ig->files[i];
      for (size_t l = 0; fd->directives && l < fd->n_lines; l++)
	free (fd->directives[l]);
      ls_big_free (fd->directives, fd->n_lines * sizeof *fd->directives);
    }
  free (ig->files);
  ls_sources_free (ig->sources);
  free (ig);
}
