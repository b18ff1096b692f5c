/* report.h: the files a link writes (report.c).

   Every output renders the one list of records of results.h (and the
   duplicates of dups.h).  The plugin, after checking and building the
   records, makes one call

     ls_write_reports (program, &findings, &results, &options,
		       link_dir, &err)

   which writes every file the options ask for (report=, sarif=, dups=,
   html=, fix=), each one atomically; with format=github the plugin
   also calls ls_print_github (github.h).  What warns and what fails is
   the records' business (results.c), so the diagnostics, the
   annotations and the reports agree.  */

#ifndef LTOSPELL_REPORT_H
#define LTOSPELL_REPORT_H

#include "findings.h"
#include "options.h"
#include "results.h"
#include "strtab.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_REPORT_H */
