/* check.h: the check (check.c): every distinct string of the program
   split into words and each word judged, with the filters that keep
   ltospell from crying wolf on real programs (sinks.h, known.h,
   ignore.h) put together.  */

#ifndef LTOSPELL_CHECK_H
#define LTOSPELL_CHECK_H

#include "findings.h"
#include "ignore.h"
#include "known.h"
#include "options.h"
#include "sinks.h"
#include "speller.h"
#include "strtab.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sinks, known misspellings and ignores; NULL: none.  */
typedef struct ls_filters ls_filters;

/* Check every distinct string of the finished program P: split each
   once, check each word through SP, and collect one finding per
   misspelled word per distinct string, in the program's order.
   FILTERS (from ls_filters_new, or NULL) skips sink, excluded and
   ignored uses and supplies the known misspellings.  */
void ls_check_program (const ls_program *p, ls_speller *sp,
		       ls_filters *filters, ls_findings *out);
void ls_findings_free (ls_findings *f);

/* Split every distinct string of P without checking anything and
   return the number of words: what splitting alone costs, for the
   stats option.  */
size_t ls_split_program (const ls_program *p);

/* The filters ls_check_program applies, built from the options:
   default sinks unless sinks=off, sink=FUNC, codespell's list when it
   is installed, typos=FILE, ignore=FILE, exclude=GLOB.  Returns NULL
   with *ERR set (malloc'd) if a file cannot be read.  */
ls_filters *ls_filters_new (const struct ls_options *o, char **err);

/* The parts, for tests and for the plugin's statistics.  */
ls_known *ls_filters_known (ls_filters *f);
ls_sinks *ls_filters_sinks (ls_filters *f);
ls_ignore *ls_filters_ignore (ls_filters *f);
/* The en_GB speller that tells the program's dialect, or NULL.  */
ls_speller *ls_filters_dialect_speller (ls_filters *f);

/* Strings skipped because every use was a sink, excluded or ignored.  */
size_t ls_filters_skipped_strings (const ls_filters *f);

void ls_filters_free (ls_filters *f);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_CHECK_H */
