/* ignore.h: what the user says not to check (ignore.c): ignore=FILE
   regular expressions, exclude=GLOB, and "ltospell:ignore" comments on
   the source line of a use.  */

#ifndef LTOSPELL_IGNORE_H
#define LTOSPELL_IGNORE_H

#include "strtab.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_ignore ls_ignore;

ls_ignore *ls_ignore_new (void);

/* Add the POSIX extended regular expressions of PATH, one a line
   (blank lines and lines starting with '#' skipped).  Every match of
   one in a string hides the words it overlaps; "^Usage:" hides one
   word, "^Usage:.*" the whole string.  Returns 0, or -1 with *ERR.  */
int ls_ignore_add_regex_file (ls_ignore *ig, const char *path, char **err);
int ls_ignore_add_regex (ls_ignore *ig, const char *regex, char **err);

/* Skip every use whose file or unit matches GLOB (fnmatch; a GLOB
   without '/' is matched against the base name too).  */
void ls_ignore_add_exclude (ls_ignore *ig, const char *glob);

bool ls_ignore_excludes_site (const ls_ignore *ig,
			      const struct ls_site *site);

/* Byte spans of TEXT hidden by the regular expressions: calls FN with
   each [START, END), in order.  */
typedef void (*ls_span_fn) (size_t start, size_t end, void *data);
void ls_ignore_spans (const ls_ignore *ig, const char *text, size_t len,
		      ls_span_fn fn, void *data);

/* What an "ltospell:ignore" comment on the source line of SITE says:
   NULL when there is none, "" to ignore the whole use, or the words
   after it ("ltospell:ignore colour flavour").  Source files are read
   once and kept.  */
const char *ls_ignore_source_directive (ls_ignore *ig,
					const struct ls_site *site);

/* Does DIRECTIVE (from ls_ignore_source_directive) name WORD?  */
bool ls_ignore_directive_names (const char *directive, const char *word,
				size_t len);

void ls_ignore_free (ls_ignore *ig);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_IGNORE_H */
