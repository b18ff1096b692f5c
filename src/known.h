/* known.h: known misspellings with their fixes (known.c): codespell's
   list and typos=FILE, the "known" tier.  */

#ifndef LTOSPELL_KNOWN_H
#define LTOSPELL_KNOWN_H

#include "dictwords.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_known ls_known;

ls_known *ls_known_new (void);

/* Add the wrong->right lines of PATH: "wrong->right", or codespell's
   "wrong->right1, right2," and "wrong->right, reason"; '#' comments
   and blank lines are skipped.  The fix kept is the first right-hand
   word.  Returns 0, or -1 with *ERR set (malloc'd).  */
int ls_known_add_file (ls_known *k, const char *path, char **err);

/* Add one misspelling; WRONG is matched without regard to case.  */
void ls_known_add (ls_known *k, const char *wrong, const char *right);

/* The fix for WORD (LEN bytes), in WORD's case (Capitalized, ALL CAPS
   or as listed), or NULL if WORD is not a known misspelling.  The
   result is valid until the next call.  */
const char *ls_known_fix (ls_known *k, const char *word, size_t len);

size_t ls_known_size (const ls_known *k);

/* Take WORDS (dictwords.h: "wrong\tright" lines, WRONG lowercase and
   as tools/precompile.c writes ls_known_lines) as the misspellings under
   those added one by one, which replace their fixes: codespell's
   list, precompiled, mapped instead of read (20-30 ms and 5 MB).
   K owns WORDS.  */
void ls_known_use_words (ls_known *k, ls_dict_words *words);

/* The misspellings added one by one, "wrong\tright" each (WRONG
   lowercase), in no order: *N malloc'd strings in a malloc'd array,
   for tools/precompile.c to write (dictwords.h).  */
char **ls_known_lines (const ls_known *k, size_t *n);

/* Where Debian's codespell package installs its dictionary of common
   misspellings, or NULL if it is not installed.  */
const char *ls_known_codespell_path (void);

void ls_known_free (ls_known *k);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_KNOWN_H */
