/* fixes.h: the fixes of the findings as a unified diff (fixes.c), the
   file fix=FILE.patch writes and `git apply` applies.  No GCC header.  */

#ifndef LTOSPELL_FIXES_H
#define LTOSPELL_FIXES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_fixes ls_fixes;

/* Line LINE (from 1) of FILE, *LEN bytes without its line end, or NULL
   past the end of the file or when it cannot be read.  *NEWLINE says
   whether a newline ends the line (false only for a last line
   without one).  */
typedef const char *(*ls_file_line_fn) (void *ctx, const char *file,
					unsigned line, size_t *len,
					bool *newline);

ls_fixes *ls_fixes_new (void);
void ls_fixes_free (ls_fixes *f);

/* Replace columns FIRST..LAST (1-based bytes, inclusive) of line LINE
   of FILE, which spell OLD, with REPLACEMENT (all copied).  The same
   edit twice is kept once; of edits that overlap, the first in file,
   line and column order is kept.  */
void ls_fixes_add (ls_fixes *f, const char *file, unsigned line,
		   unsigned first, unsigned last, const char *old,
		   const char *replacement);

/* How many edits there are.  */
size_t ls_fixes_count (const ls_fixes *f);

/* Write every edit to OUT as a unified diff, files in name order, each
   changed line with up to three lines of context, the paths prefixed
   with a/ and b/ as git writes them.  An edit whose columns no longer
   spell OLD (the file changed, or cannot be read) is left out.
   Returns the number of edits written.  */
size_t ls_fixes_write_patch (ls_fixes *f, FILE *out,
			     ls_file_line_fn get_line, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_FIXES_H */
