/* speller.h: the speller (speller.c): enchant plus word lists plus a
   cache.  */

#ifndef LTOSPELL_SPELLER_H
#define LTOSPELL_SPELLER_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_speller ls_speller;

/* Open dictionaries for LANGS, a comma-separated list such as
   "en_US" or "en_US,en_GB" (a word is right if any accepts it).
   PROVIDER is an enchant provider name ("hunspell", "aspell") or NULL
   for the default.  On failure returns NULL and sets *ERR to a
   malloc'd message naming the problem.  Never writes into $HOME.  */
ls_speller *ls_speller_new (const char *langs, const char *provider,
			    char **err);

/* ls_speller_new, with the common English words read from COMMON_WORDS
   (NULL: /usr/share/dict/american-english-small, from Debian's
   wamerican-small).  The list is read when a language of LANGS is
   English; when it cannot be read, ls_speller_new fails with a message
   naming the file and the package.  */
ls_speller *ls_speller_new_with_common_words (const char *langs,
					      const char *provider,
					      const char *common_words,
					      char **err);

/* What ls_speller_open needs; a NULL field takes its default.  */
struct ls_speller_setup
{
  const char *langs;		/* NULL: "en_US".  */
  const char *provider;		/* NULL: every provider, enchant's first.  */
  const char *common_words;	/* NULL: as ls_speller_new_with_common_words.  */
  /* A directory of precompiled dictionary words (dictwords.h,
     "hunspell-en_US.words", "aspell-en_US.words"), or NULL.  Words
     from there stand in for a dictionary, which is then opened only
     for a word they cannot judge (or, for the first dictionary of a
     language, for suggestions).  */
  const char *words_dir;
};

ls_speller *ls_speller_open (const struct ls_speller_setup *setup,
			     char **err);

/* The common English words SP read from their list, lowercase: *N
   malloc'd copies in *WORDS (malloc'd), and the code points they are
   made of, in hexadecimal, in *LETTERS (malloc'd).  For
   tools/precompile.c; -1 when SP took them precompiled.  */
int ls_speller_common_words (const ls_speller *sp, char ***words, size_t *n,
			     char **letters);

/* How the dictionaries are served, one "PROVIDER TAG: ..." a line
   ("hunspell en_US: 167413 precompiled words (PATH), not loaded"), then
   why precompiled words were not used, if they were looked for and
   not.  Malloc'd; for dump files and tests.  */
char *ls_speller_describe (const ls_speller *sp);

/* The providers SP, a speller of one language, asks: its first
   dictionary's, then the others', space-separated ("aspell
   hunspell"); "" when it has none open.  Malloc'd; for
   tools/precompile.c, which records it beside aspell's words.  */
char *ls_speller_plan (const ls_speller *sp);

/* Accept every word of the word list at PATH: one word a line, '#'
   starts a comment, blank lines ignored.  A lowercase entry accepts any
   capitalisation; an entry with capitals accepts itself and its ALL
   CAPS form.  Returns 0, or -1 with *ERR set (malloc'd).  */
int ls_speller_add_words_file (ls_speller *sp, const char *path, char **err);

/* Accept one word (same case rules as word lists).  */
void ls_speller_add_word (ls_speller *sp, const char *word, size_t len);

/* Is WORD (LEN bytes of UTF-8) spelled right?  Each distinct word
   reaches enchant once; later calls are answered from the cache.  */
bool ls_speller_check (ls_speller *sp, const char *word, size_t len);

/* The same verdict, for a word that is not one of the words checked
   (ls_speller_distinct_words does not count it): names.c asks about
   the capitalised words of tables, as many or as few as it needs.  */
bool ls_speller_knows (ls_speller *sp, const char *word, size_t len);

/* Suggestions for a misspelled WORD, best first, cached.  Returns an
   array owned by the speller and sets *N.  */
const char *const *ls_speller_suggest (ls_speller *sp, const char *word,
				       size_t len, size_t *n);

/* The form in SP's language of each of the N WORDS (NUL-terminated),
   which OTHER, a speller of another dialect, accepts and SP does not
   ("colour" for "color", SP en_GB, OTHER en_US): the first of SP's
   suggestions, all of them, not only the ten ls_speller_suggest keeps,
   that is one word OTHER rejects; else SP's first suggestion; NULL
   without any.  Into FORMS[0..N), each malloc'd or NULL; one read of
   SP's precompiled words for all.  */
void ls_speller_dialect_forms (ls_speller *sp, ls_speller *other,
			       const char *const *words, size_t n,
			       char **forms);

/* Compute the suggestions of the N misspelled WORDS (NUL-terminated)
   at once, for ls_speller_suggest: made from the precompiled words, N
   words cost one read of the lists instead of N.  */
void ls_speller_suggest_many (ls_speller *sp, const char *const *words,
			      size_t n);

/* Number of distinct words looked up so far.  */
size_t ls_speller_distinct_words (const ls_speller *sp);

void ls_speller_free (ls_speller *sp);

/* Is WORD accepted by the word lists (dict/, words=FILE), without
   asking the dictionaries?  Counts WORD as looked up.  */
bool ls_speller_listed (ls_speller *sp, const char *word, size_t len);

/* Is WORD (LEN bytes) in the word lists (dict/, words=)?  Unlike
   ls_speller_listed, it is not counted as a word of the program.  */
bool ls_speller_in_word_lists (ls_speller *sp, const char *word, size_t len);

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

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SPELLER_H */
