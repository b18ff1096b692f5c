/* github.c: format=github, one "::warning" line for GitHub Actions per
   record that warns, at the first use of its string.  */

#include "github.h"
#include "strtab.h"
#include "text.h"
#include "util.h"

#include <stdlib.h>

/* Write S escaped for a workflow command: '%', CR and LF always, and
   ':' and ',' too in a property value.  */
static void
github_escape (FILE *out, const char *s, bool property)
{
  for (; *s; s++)
    if (*s == '%')
      fputs ("%25", out);
    else if (*s == '\r')
      fputs ("%0D", out);
    else if (*s == '\n')
      fputs ("%0A", out);
    else if (property && *s == ':')
      fputs ("%3A", out);
    else if (property && *s == ',')
      fputs ("%2C", out);
    else
      fputc (*s, out);
}

/* The annotation of R at its first use U: at the word itself when it
   was found in the source (columns in code points, from 1).  */
static void
github_line (FILE *out, const struct ls_result *r, const struct ls_site *u,
	     const char *message, const char *link_dir, const char *root)
{
  fputs ("::warning ", out);
  if (u->file)
    {
      char *rel = ls_path_from_root (u->file, link_dir, root);
      fputs ("file=", out);
      github_escape (out, rel, true);
      free (rel);
      if (r->located)
	fprintf (out, ",line=%u,col=%u,endColumn=%u", r->span.line,
		 r->first_char, r->last_char + 1);
      else
	{
	  if (u->line)
	    fprintf (out, ",line=%u", u->line);
	  if (u->column)
	    fprintf (out, ",col=%u", u->column);
	}
      fputc (',', out);
    }
  fputs ("title=ltospell::", out);
  github_escape (out, message, false);
  fputc ('\n', out);
}

/* MESSAGE, plus how many other places use the string.  */
static char *
with_other_uses (const char *message, const struct ls_string *s)
{
  if (s->n_uses < 2)
    return ls_xstrdup (message);
  return ls_xasprintf ("%s (and %zu more use%s)", message, s->n_uses - 1,
		       s->n_uses > 2 ? "s" : "");
}

void
ls_print_github (FILE *out, const ls_results *r, const char *link_dir,
		 const char *root)
{
  for (size_t i = 0; i < r->n; i++)
    {
      const struct ls_result *res = &r->items[i];
      if (!res->warns || !res->site)
	continue;
      /* A consistency item names its one string in its message.  */
      char *full = res->kind == LS_RESULT_MISSPELLING
		   ? with_other_uses (res->message, res->str)
		   : ls_xstrdup (res->message);
      github_line (out, res, res->site, full, link_dir, root);
      free (full);
    }
  fflush (out);
}
