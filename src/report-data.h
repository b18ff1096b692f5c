/* report-data.h: everything a report shows, as report.c hands it to
   each writer (json.c, sarif.c, html.c, and its own of dups= and
   fix=).  Types only: report.c calls the writers, so what it passes
   them sits below both.  */

#ifndef LTOSPELL_REPORT_DATA_H
#define LTOSPELL_REPORT_DATA_H

#include "dups.h"
#include "findings.h"
#include "options.h"
#include "results.h"
#include "strtab.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_REPORT_DATA_H */
