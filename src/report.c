/* report.c: writing every report file the options ask for (report=,
   sarif=, dups=, html=), each atomically.  The outputs themselves are
   one file each: json.c, sarif.c, html.c, dups.c (and github.c, which
   prints to stderr).

   A report is written to a temporary file beside it and renamed into
   place: a CI step reading it never sees half a file, and a failed
   write leaves the previous report alone.  */

#include "report.h"
#include "dups.h"
#include "fixes.h"
#include "html.h"
#include "json.h"
#include "report-data.h"
#include "sarif.h"
#include "source.h"
#include "text.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Writing files atomically.                                           */

typedef int (*report_writer) (FILE *, const struct ls_report_data *);

static int
write_dups_text (FILE *out, const struct ls_report_data *d)
{
  ls_dups_write_text (out, &d->dups, 20);
  return ferror (out) ? -1 : 0;
}

/* The temporary file for PATH: ".NAME.XXXXXX" in the same directory,
   so that rename never crosses file systems.  */
static char *
temp_name_for (const char *path)
{
  const char *slash = strrchr (path, '/');
  if (!slash)
    return ls_xasprintf (".%s.XXXXXX", path);
  return ls_xasprintf ("%.*s/.%s.XXXXXX", (int) (slash - path), path,
		       slash + 1);
}

/* The permissions a plain fopen would give: 0666 less the umask.  */
static mode_t
default_file_mode (void)
{
  mode_t mask = umask (0);
  umask (mask);
  return 0666 & ~mask;
}

static int
write_file_atomically (const char *path, const char *what,
		       report_writer writer, const struct ls_report_data *d,
		       char **err)
{
  char *tmp = temp_name_for (path);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      *err = ls_xasprintf ("cannot write %s '%s': %s", what, path,
			   strerror (errno));
      free (tmp);
      return -1;
    }
  FILE *out = fdopen (fd, "w");
  int saved_errno = 0;
  if (!out)
    {
      saved_errno = errno;
      close (fd);
    }
  else
    {
      errno = 0;
      if (fchmod (fd, default_file_mode ()) != 0 || writer (out, d) != 0
	  || fflush (out) != 0 || fsync (fd) != 0)
	saved_errno = errno ? errno : EIO;
      if (fclose (out) != 0 && !saved_errno)
	saved_errno = errno;
    }
  if (!saved_errno && rename (tmp, path) != 0)
    saved_errno = errno;
  if (saved_errno)
    {
      unlink (tmp);
      *err = ls_xasprintf ("cannot write %s '%s': %s", what, path,
			   strerror (saved_errno));
    }
  free (tmp);
  return saved_errno ? -1 : 0;
}

/* The patch's files are named from root= and read from there.  */
struct patch_files
{
  ls_sources *sources;
  const char *root;
};

/* A line of a source file for the patch, through the cache.  */
static const char *
patch_line (void *ctx, const char *file, unsigned line, size_t *len,
	    bool *newline)
{
  struct patch_files *pf = ctx;
  char *path = ls_absolute_path (file, pf->root);
  const ls_source *src = ls_sources_get (pf->sources, path);
  free (path);
  const char *text = ls_source_line (src, line, len);
  size_t all;
  const char *start = ls_source_text (src, &all);
  /* After a file's last newline there is no line, though the reader
     counts an empty one.  */
  if (!text || text == start + all)
    return NULL;
  /* Every line has its newline but a last one without: the file ends
     right after it.  */
  *newline = text + *len < start + all;
  return text;
}

/* fix=: the fix-its of the results that warn, as a unified diff.  */
static int
write_patch (FILE *out, const struct ls_report_data *d)
{
  ls_fixes *fixes = ls_fixes_new ();
  for (size_t i = 0; i < d->results->n; i++)
    {
      const struct ls_result *r = &d->results->items[i];
      if (!r->warns || !r->fixit)
	continue;
      /* Paths in the diff are relative to root=, where `git apply`
	 runs.  */
      char *path = ls_path_from_root (r->site->file, d->link_dir,
				      d->root);
      ls_fixes_add (fixes, path, r->span.line, r->span.first_column,
		    r->span.last_column, r->word, r->fixit);
      free (path);
    }
  struct patch_files pf = { ls_sources_new (), d->root };
  ls_fixes_write_patch (fixes, out, patch_line, &pf);
  ls_sources_free (pf.sources);
  ls_fixes_free (fixes);
  return ferror (out) ? -1 : 0;
}

int
ls_write_reports (const ls_program *p, const ls_findings *f,
		  const ls_results *r, const struct ls_options *o,
		  const char *link_dir, char **err)
{
  *err = NULL;
  if (!o->report && !o->sarif && !o->dups && !o->html && !o->fix)
    return 0;
  struct ls_report_data d = { p, f, r, o, link_dir,
				o->root ? o->root : link_dir, { 0 } };
  ls_dups_analyze (p, &d.dups);
  const struct
  {
    const char *path, *what;
    report_writer writer;
  } outputs[] = {
    { o->report, "JSON report", ls_write_json },
    { o->sarif, "SARIF report", ls_write_sarif },
    { o->dups, "duplication summary", write_dups_text },
    { o->html, "HTML report", ls_write_html },
    { o->fix, "patch", write_patch },
  };
  int status = 0;
  for (size_t i = 0; i < sizeof outputs / sizeof *outputs && !status; i++)
    if (outputs[i].path)
      status = write_file_atomically (outputs[i].path, outputs[i].what,
				      outputs[i].writer, &d, err);
  ls_dups_free (&d.dups);
  return status;
}
