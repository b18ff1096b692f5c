/* confidence.h: how sure a dictionary finding is to be a typo.

   Real typos sit close to their fix: of 175 typos that real projects
   later fixed, 155 are one Damerau-Levenshtein edit from the
   correction and 167 within two.  Names of people and jargon that no
   dictionary knows are usually far from any word.  So the distance
   from a misspelled word to its closest suggestion, and whether that
   suggestion is a common word, says how much a finding is worth.

   Plain C11, no GCC headers, no dependency on the rest of the core.  */

#ifndef LTOSPELL_CONFIDENCE_H
#define LTOSPELL_CONFIDENCE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The optimal string alignment distance (Damerau-Levenshtein where no
   substring is edited twice) between the UTF-8 strings A (ALEN bytes)
   and B (BLEN bytes): the number of insertions, deletions,
   substitutions and swaps of two adjacent characters that turn one
   into the other.  Counted on Unicode code points, ignoring case
   ("Recieve" and "receive" are 1 apart).  A byte that is not part of
   well-formed UTF-8 counts as one character of its own.  */
unsigned ls_edit_distance (const char *a, size_t alen, const char *b,
			   size_t blen);

/* Is SUGGESTION (NUL-terminated) just WORD (LEN bytes) with spaces or
   hyphens put in ("term cap" or "term-cap" for "termcap")?  ASCII case
   is ignored.  */
bool ls_splits_word (const char *word, size_t len, const char *suggestion);

/* From the closest suggestion.  Two edits from a rare word is left
   low: that is where names meet names ("Schulenberg" and "Schoenberg",
   "Mallach" and "Malachi") and jargon meets words ("pushback" and
   "cashback").  So are two edits in a word shorter than
   LS_TWO_EDITS_MIN_LENGTH: they change a third of it or more, where
   short names and abbreviations meet words ("Halim" and "haling",
   "noprd" and "board", "shmem" and "shame").  Measured with the
   suggestions of suggest.h: on 2,836 of codespell's misspellings,
   this length leaves 13 typos low that two edits made medium, and
   the suggestions' other words make 44 medium that aspell's left low;
   on the 221 words of the precision corpus's review (bench/precision)
   that are no typo, it leaves 13 low, and makes 7 medium.  */
#define LS_TWO_EDITS_MIN_LENGTH 7

enum ls_confidence
{
  LS_CONFIDENCE_LOW,		/* Nothing closer than below.  */
  LS_CONFIDENCE_MEDIUM,		/* One edit from a word, or two from a
				   common word in a word of
				   LS_TWO_EDITS_MIN_LENGTH or more.  */
  LS_CONFIDENCE_HIGH		/* One edit from a common word.  */
};

/* "low", "medium" or "high", for reports.  */
const char *ls_confidence_name (enum ls_confidence c);

/* Is WORD (LEN bytes) a common word?  DATA is the caller's.  */
typedef bool (*ls_common_fn) (void *data, const char *word, size_t len);

/* The confidence that WORD (LEN bytes), which the dictionaries
   rejected, is a typo, given its SUGGESTIONS (N strings, best first).
   The suggestion used is the closest one (ties go to the earlier);
   IS_COMMON (may be NULL: nothing is common) says whether it is a
   common word.  A suggestion that only puts a space or a hyphen into
   WORD ("term cap" for "termcap") says that WORD is a compound, not a
   typo, and is not used.  *USED (when USED is not NULL) is set to the
   index of the suggestion used, or N when none was.  */
enum ls_confidence ls_confidence_of (const char *word, size_t len,
				     const char *const *suggestions, size_t n,
				     ls_common_fn is_common, void *data,
				     size_t *used);

#ifdef __cplusplus
}
#endif

#endif
