/* github.h: annotations for GitHub Actions, format=github (github.c).  */

#ifndef LTOSPELL_GITHUB_H
#define LTOSPELL_GITHUB_H

#include "results.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Print one "::warning file=F,line=L,col=C,title=T::MESSAGE" line for
   GitHub Actions for each record of R that warns, at its first use.  */
/* Paths relative to ROOT (NULL: to LINK_DIR), see ls_path_from_root.  */
void ls_print_github (FILE *out, const ls_results *r, const char *link_dir,
		      const char *root);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_GITHUB_H */
