/* report.h: the outputs of a link (json.c, sarif.c, github.c, html.c,
   dups.c; report.c writes the files).

   Everything here renders the one list of records of results.h (and
   the duplicates of dups.h), plain C11 like the rest of the core.  The
   plugin, after checking and building the records, makes one call

     ls_write_reports (program, &findings, &results, &options,
		       link_dir, &err)

   which writes every file the options ask for (report=, sarif=, dups=,
   html=), each one atomically, and with format=github one more,
   ls_print_github.  What warns and what fails is the records' business
   (results.c), so the diagnostics, the annotations and the reports
   agree.  */

#ifndef LTOSPELL_REPORT_H
#define LTOSPELL_REPORT_H

#include "ltospell.h"
#include "consistency.h"
#include "dups.h"
#include "results.h"
#include "text.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version reported as SARIF's tool.driver.version.  */
#define LS_REPORT_TOOL_VERSION "0.1"

/* ------------------------------------------------------------------ */
/* Writing reports.                                                    */

/* Everything a report shows.  */
struct ls_report_data
{
  const ls_program *program;
  const ls_findings *findings;	/* For the counts and the names.  */
  const ls_results *results;	/* What each output lists.  */
  const struct ls_options *options;
  const char *link_dir;		/* Relative site paths are from it.  */
  const char *root;		/* The reports' paths are relative to it:
				   root=, else LINK_DIR.  */
  ls_dups dups;
};

/* Write every report O asks for: report= (JSON), sarif= (SARIF
   2.1.0), dups= (text) and html=, listing the records R built from F.
   Each is written to a temporary file in the same directory and
   renamed into place, so a reader never sees half a report.  LINK_DIR
   is the directory relative paths are taken from (the link's working
   directory).  Returns 0, or -1 with *ERR set to a malloc'd message
   naming the path.  */
int ls_write_reports (const ls_program *p, const ls_findings *f,
		      const ls_results *r, const struct ls_options *o,
		      const char *link_dir, char **err);

/* Print one "::warning file=F,line=L,col=C,title=T::MESSAGE" line for
   GitHub Actions for each record of R that warns, at its first use.  */
/* Paths relative to ROOT (NULL: to LINK_DIR), see ls_path_from_root.  */
void ls_print_github (FILE *out, const ls_results *r, const char *link_dir,
		      const char *root);

/* The pieces, for the writers and the tests.  Each returns 0, or -1
   when writing failed (errno says why).  */
int ls_write_json (FILE *out, const struct ls_report_data *d);
int ls_write_sarif (FILE *out, const struct ls_report_data *d);
int ls_write_html (FILE *out, const struct ls_report_data *d);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_REPORT_H */
