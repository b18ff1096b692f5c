/* json.h: the JSON report, report=FILE.json (json.c).  */

#ifndef LTOSPELL_JSON_H
#define LTOSPELL_JSON_H

#include "report-data.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Write the JSON report of D to OUT.  Returns 0, or -1 when writing
   failed (errno says why).  */
int ls_write_json (FILE *out, const struct ls_report_data *d);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_JSON_H */
