/* html.h: the HTML page, html=FILE.html (html.c).  */

#ifndef LTOSPELL_HTML_H
#define LTOSPELL_HTML_H

#include "report-data.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Write the HTML page of D to OUT.  Returns 0, or -1 when writing
   failed (errno says why).  */
int ls_write_html (FILE *out, const struct ls_report_data *d);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_HTML_H */
