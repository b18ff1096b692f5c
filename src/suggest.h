/* suggest.h: suggestions for misspelled words from a list of words,
   without a speller library (suggest.c).

   The words a dictionary accepts are a precompiled list (dictwords.h).
   The words of that list within two edits of a misspelled word
   (ls_edit_distance: insertions, deletions, substitutions, swaps of
   adjacent letters, case ignored) are its candidates; the word cut in
   two words of the list ("into history" for "intohistory") is one
   too.  Real typos sit close to their fix (confidence.h: 167 of 175
   within two edits), so the candidates hold the fix of nearly every
   typo; ls_suggest ranks them.

   One sequential read of the list serves any number of misspelled
   words, through a buffer of fixed size: no memory of the link grows
   with the list.  Layer: dictwords.h and confidence.h.  */

#ifndef LTOSPELL_SUGGEST_H
#define LTOSPELL_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>

#include "dictwords.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A word of the list near a misspelled one.  */
struct ls_near
{
  char *word;			/* Malloc'd, as the list has it.  */
  unsigned edits;		/* 0 (case only) to 3; a split is 1 (a
				   space put in).  */
  /* Set by the caller before ranking.  */
  bool common;			/* A common word.  */
  unsigned fixes;		/* How many known misspellings it fixes.  */
};

/* One misspelled word and, after ls_suggest_near, its candidates.  */
struct ls_suggest_query
{
  const char *word;		/* The misspelled word, LEN bytes.  */
  size_t len;
  struct ls_near *near;		/* N_NEAR candidates, malloc'd.  */
  size_t n_near;
};

/* Fill the candidates of the N queries Q (any earlier ones are kept)
   from the words of W within MAX_EDITS (at most 3) edits of each, and
   the splits of each in two words of W (with MAX_EDITS 2 or less).  Returns 0, or -1 when W's
   file cannot be read (the candidates found until then are kept).  */
int ls_suggest_near (const ls_dict_words *w, struct ls_suggest_query *q,
		     size_t n, unsigned max_edits);

/* The optimal string alignment distance between A and B (insertions,
   deletions, substitutions, swaps of adjacent bytes; ASCII case
   ignored, other bytes compared as they are), or MAX + 1 when it is
   more than MAX: ls_edit_distance's for ASCII words, without its
   decoding.  */
unsigned ls_suggest_osa (const char *a, size_t alen, const char *b,
			 size_t blen, unsigned max);

/* Count, for every candidate of the N queries Q, the misspellings of
   FIXES (codespell's list, "wrong<TAB>right, ...", dictwords.h) whose
   first fix it is: words that programs use and people misspell.  One
   read of FIXES.  Returns 0, or -1 when it cannot be read.  */
int ls_suggest_count_fixes (const ls_dict_words *fixes,
			    struct ls_suggest_query *q, size_t n);

/* Whether a word is common, for ranking.  */
typedef bool (*ls_suggest_common_fn) (void *data, const char *word,
				      size_t len);

/* Everything above for the N queries Q: the candidates from each of
   the N_LISTS LISTS (a word found in two kept once), a word of at
   least LS_SUGGEST_LONG code points with none within two edits looked
   for within three, the fixes counted from FIXES (may be NULL), common
   words told by IS_COMMON (may be NULL).  Each query's candidates are
   then ranked, best first: fewer edits; a word before a split; a
   common word; for a misspelled word that starts in lowercase, a
   candidate that does too; a word without an apostrophe (no
   possessive); the likelier slip (a letter left out, two swapped or
   case alone; then a neighbouring key or a vowel for a vowel; then a
   letter typed in; then any other); more fixes; the word's first
   letter; byte order.  And written the way the word is: lowercase
   candidates in ALL CAPS or Capitalized ("Unexpcted": "Unexpected"),
   a candidate then written twice kept once (the first), one then
   written as the word itself dropped; for a word in lowercase, a
   candidate with capitals whose lowercase form is a candidate too
   dropped ("Reading" beside "reading" for "readng": one word).
   Returns 0, or -1 when a list cannot be read (what was found is
   kept).  */
#define LS_SUGGEST_LONG 7
int ls_suggest (const ls_dict_words *const *lists, size_t n_lists,
		const ls_dict_words *fixes, ls_suggest_common_fn is_common,
		void *data, struct ls_suggest_query *q, size_t n);

/* Is a word of the N_LISTS LISTS one edit from WORD (LEN bytes), or
   WORD in another case, other than WORD itself?  A split does not
   count.  Stops at the first; what the compound rule asks of a word
   (speller.c), without the cost of ranking its suggestions.  For a
   word starting with an ASCII letter, only the lines starting with
   that letter are read and the edits of that letter looked up (a-z,
   as written, Capitalized and in capitals): the same answer as
   comparing every word on lists whose words start with an ASCII
   letter and that hold every word with a capital inside in capitals
   too, as aspell's precompiled lists do (a word starting with "'",
   a digit or a letter beyond ASCII would be missed; test_suggest
   compares the two).  */
bool ls_suggest_any_near (const ls_dict_words *const *lists, size_t n_lists,
			  const char *word, size_t len);

/* Free Q's candidates (not Q).  */
void ls_suggest_query_clear (struct ls_suggest_query *q);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SUGGEST_H */
