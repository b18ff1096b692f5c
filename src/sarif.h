/* sarif.h: the SARIF 2.1.0 report, sarif=FILE.sarif (sarif.c).  */

#ifndef LTOSPELL_SARIF_H
#define LTOSPELL_SARIF_H

#include "report-data.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version reported as SARIF's tool.driver.version.  */
#define LS_REPORT_TOOL_VERSION "0.1"

/* Write the SARIF report of D to OUT.  Returns 0, or -1 when writing
   failed (errno says why).  */
int ls_write_sarif (FILE *out, const struct ls_report_data *d);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SARIF_H */
