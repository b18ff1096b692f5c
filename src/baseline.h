/* baseline.h: the findings of an earlier JSON report (baseline.c), for
   baseline=FILE.json: those still in the program neither warn nor fail
   the link, so a project can turn werror on today and fix its old
   findings later.

   A finding is the same as one of the baseline when its tier, its word
   and the whole text of its string are the same.  Not its place: a
   baseline must survive code moving around, lines added above it, a
   file renamed.  A new misspelling in a string that had one already is
   a new finding (another word), and so is an old word in a new or
   edited string (another text).  */

#ifndef LTOSPELL_BASELINE_H
#define LTOSPELL_BASELINE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_baseline ls_baseline;

/* Read PATH, a report written by report=.  Returns the baseline, or
   NULL with *ERR set to a malloc'd message naming PATH: it cannot be
   read, is not JSON, or is not such a report.  */
ls_baseline *ls_baseline_read (const char *path, char **err);

/* The same from the LEN bytes at DATA; NAME names them in errors.  */
ls_baseline *ls_baseline_parse (const char *data, size_t len,
				const char *name, char **err);

/* Does B hold the finding of tier TIER ("known", "unknown",
   "consistency") for WORD in the string of TEXT_LEN bytes at TEXT?  The
   text is compared as the report wrote it (bytes that are not UTF-8 as
   U+FFFD).  */
bool ls_baseline_has (const ls_baseline *b, const char *tier,
		      const char *word, const char *text, size_t text_len);

/* How many findings B holds.  */
size_t ls_baseline_size (const ls_baseline *b);

void ls_baseline_free (ls_baseline *b);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_BASELINE_H */
