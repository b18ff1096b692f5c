/* dictwords.h: a dictionary's words, precompiled (dictwords.c).

   A file written at build time by tools/dict-words lists, sorted, the
   words one enchant dictionary accepts, after a header that names the
   dictionary's files with their size and modification time.  The
   speller looks words up in it instead of loading the dictionary.
   tools/known-words writes codespell's misspellings the same way, each
   with its fix after a tab.
   Base layer: only util.h.  */

#ifndef LTOSPELL_DICTWORDS_H
#define LTOSPELL_DICTWORDS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_dict_words ls_dict_words;

/* Read DIR/PROVIDER-TAG.words ("hunspell-en_US.words").  It is used
   only when its header says it holds PROVIDER's TAG in this format,
   its words are in strictly increasing byte order, and every source
   file it names still has the size and modification time it records;
   the first source must be DIC_PATH, the dictionary file enchant would
   load.  Otherwise returns NULL and sets *WHY (when WHY is not NULL)
   to a malloc'd sentence saying why: the caller then loads the
   dictionary itself.  */
ls_dict_words *ls_dict_words_open (const char *dir, const char *provider,
				   const char *tag, const char *dic_path,
				   char **why);

/* Is WORD (LEN bytes) one of the words, exactly?  */
bool ls_dict_words_has (const ls_dict_words *w, const char *word,
			size_t len);

/* The value of WORD, after its tab: *VALUE_LEN bytes (0 for a line
   without one), up to a newline, not NUL-terminated.  NULL when WORD
   is not there.  */
const char *ls_dict_words_find (const ls_dict_words *w, const char *word,
				size_t len, size_t *value_len);

/* How many words the file has.  */
size_t ls_dict_words_count (const ls_dict_words *w);

/* The file's path.  */
const char *ls_dict_words_path (const ls_dict_words *w);

void ls_dict_words_free (ls_dict_words *w);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_DICTWORDS_H */
