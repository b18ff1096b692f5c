/* precision.h: what keeps ltospell from crying wolf on real programs.

   The pieces that decide which strings, and which words in them, are
   prose worth reporting, beyond what the word splitter does alone:

   - sinks.c: functions that take identifiers rather than prose
     (getenv, strcmp, fopen's mode, dlsym, ...): strings that only reach
     them are not checked; gettext-like functions mark strings as
     user-visible; the callee's format attribute picks the conversions
     the splitter skips.
   - known.c: known misspellings with their fixes (codespell's list,
     typos=FILE), the "known" tier.
   - ignore.c: ignore=FILE regular expressions, exclude=GLOB, and
     "ltospell:ignore" comments on the source line of a use.
   - check.c puts them together (struct ls_filters).

   Plain C11, no GCC headers, like the rest of the core.  */

#ifndef LTOSPELL_PRECISION_H
#define LTOSPELL_PRECISION_H

#include "ltospell.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Word splitting with format kinds and a veto on runs (words.c).      */

/* More flags for ls_split_words, besides LS_SPLIT_NO_PRINTF: which
   conversions a '%' starts.  Without either, printf's.  */
enum
{
  LS_SPLIT_SCANF = 2,		/* scanf: also "%[^\n]", "%*d", "%ms".  */
  LS_SPLIT_STRFTIME = 4		/* strftime: "%Y", "%-d", "%Ey", "%+".  */
};

/* Called with each alphanumeric run of a prose token before it is split
   at camelCase boundaries; returning true drops the whole run.  This is
   how the program's own names ("recieveData", a function of the
   program) are accepted as written.  */
typedef bool (*ls_run_fn) (const char *run, size_t len, void *data);

/* ls_split_words, with SKIP_RUN (may be NULL) asked about every run.  */
void ls_split_words_skipping (const char *text, size_t len, unsigned flags,
			      ls_word_fn fn, ls_run_fn skip_run, void *data);

/* ------------------------------------------------------------------ */
/* The speller's word lists alone (speller.c).                          */

/* Is WORD accepted by the word lists (dict/, words=FILE), without
   asking the dictionaries?  Counts WORD as looked up.  */
bool ls_speller_listed (ls_speller *sp, const char *word, size_t len);

/* Is WORD (LEN bytes) in the word lists (dict/, words=)?  Unlike
   ls_speller_listed, it is not counted as a word of the program.  */
bool ls_speller_in_word_lists (ls_speller *sp, const char *word, size_t len);

/* ls_speller_new, with the common English words read from COMMON_WORDS
   (NULL: /usr/share/dict/american-english-small, from Debian's
   wamerican-small).  The list is read when a language of LANGS is
   English; when it cannot be read, ls_speller_new fails with a message
   naming the file and the package.  */
ls_speller *ls_speller_new_with_common_words (const char *langs,
					      const char *provider,
					      const char *common_words,
					      char **err);

/* Is WORD (LEN bytes of UTF-8) a common English word, in any case?  */
bool ls_speller_is_common (ls_speller *sp, const char *word, size_t len);

/* Is WORD, in any case, one edit (Damerau-Levenshtein: a deletion, an
   insertion, a substitution or a swap of adjacent characters) from a
   common word other than itself?  "untill" is, from "until".  */
bool ls_speller_near_common (ls_speller *sp, const char *word, size_t len);

/* Where a space is missing in WORD, which the dictionaries, word lists
   and rules reject: the byte offset at which a function word (into,
   of, the, with, ...) meets a word ("intohistory": 4, "ofthe": 2), or
   0 when WORD does not read as two words run together.  */
size_t ls_speller_missing_space (ls_speller *sp, const char *word,
				 size_t len);

/* ------------------------------------------------------------------ */
/* Sinks and user-visible strings (sinks.c).                           */

typedef struct ls_sinks ls_sinks;

/* A set of sinks: the default table (WITH_DEFAULTS) or none.  */
ls_sinks *ls_sinks_new (bool with_defaults);

/* The name users call the function DECL_NAME by, the name sinks are
   kept and looked up by: "strcmp" for GCC's "__builtin_strcmp".  A
   pointer into DECL_NAME.  */
const char *ls_callee_name (const char *decl_name);

/* Add SPEC, "FUNC" (every argument) or "FUNC:N" (the Nth, from 1).
   Returns 0, or -1 with *ERR set (malloc'd) for a malformed spec.  */
int ls_sinks_add (ls_sinks *s, const char *spec, char **err);

/* Does argument ARG_INDEX of CALLEE take an identifier, not prose?  */
bool ls_sinks_takes (const ls_sinks *s, const char *callee,
		     unsigned arg_index);

/* Is the use at SITE a sink argument?  */
bool ls_sinks_site (const ls_sinks *s, const struct ls_site *site);

void ls_sinks_free (ls_sinks *s);

/* Does SITE pass the string to gettext or another format_arg function,
   which means a user reads it (translated)?  */
bool ls_site_user_visible (const struct ls_site *site);

/* The ls_split_words flags for a string used at SITE: scanf or
   strftime conversions when the callee's format attribute says so,
   printf's otherwise.  */
unsigned ls_site_split_flags (const struct ls_site *site);

/* ------------------------------------------------------------------ */
/* Known misspellings (known.c).                                       */

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

/* Where Debian's codespell package installs its dictionary of common
   misspellings, or NULL if it is not installed.  */
const char *ls_known_codespell_path (void);

void ls_known_free (ls_known *k);

/* ------------------------------------------------------------------ */
/* Ignores (ignore.c).                                                 */

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

/* ------------------------------------------------------------------ */
/* Everything together (check.c).                                      */

/* Also in ltospell.h (C11 allows the repetition).  */
typedef struct ls_filters ls_filters;

/* The filters ls_check_program applies, built from the options:
   default sinks unless sinks=off, sink=FUNC, codespell's list when it
   is installed, typos=FILE, ignore=FILE, exclude=GLOB.  Returns NULL
   with *ERR set (malloc'd) if a file cannot be read.  */
ls_filters *ls_filters_new (const struct ls_options *o, char **err);

/* The parts, for tests and for the plugin's statistics.  */
ls_known *ls_filters_known (ls_filters *f);
ls_sinks *ls_filters_sinks (ls_filters *f);
ls_ignore *ls_filters_ignore (ls_filters *f);

/* Strings skipped because every use was a sink, excluded or ignored.  */
size_t ls_filters_skipped_strings (const ls_filters *f);

void ls_filters_free (ls_filters *f);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_PRECISION_H */
