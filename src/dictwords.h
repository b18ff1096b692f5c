/* dictwords.h: a dictionary's words, precompiled (dictwords.c).

   A file written at build time (tools/precompile.c) lists the words
   one enchant dictionary accepts (hunspell's en_US), or codespell's
   misspellings each with its fix after a tab, or the common English
   words, after a header that names the files they were made from with
   their size and modification time, and before a hash table.  The
   speller and the known tier look words up in it instead of loading
   those files.  Base layer: only util.h.  */

#ifndef LTOSPELL_DICTWORDS_H
#define LTOSPELL_DICTWORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_dict_words ls_dict_words;

/* Map DIR/PROVIDER-TAG.words ("hunspell-en_US.words").  It is used
   only when its header says it holds PROVIDER's TAG in this format
   and every source file it names still has the size and modification
   time it records; the first source must be FIRST_SOURCE (the
   dictionary file enchant would load, the list in use) unless that is
   NULL.  Otherwise returns NULL and sets *WHY (when WHY is not NULL)
   to a malloc'd sentence saying why: the caller then reads the sources
   itself.  */
ls_dict_words *ls_dict_words_open (const char *dir, const char *provider,
				   const char *tag, const char *first_source,
				   char **why);

/* Is WORD (LEN bytes) one of the words, exactly?  */
bool ls_dict_words_has (const ls_dict_words *w, const char *word,
			size_t len);

/* The value of WORD, after its tab: *VALUE_LEN bytes (0 for a line
   without one), up to a newline, not NUL-terminated.  NULL when WORD
   is not there.  */
const char *ls_dict_words_find (const ls_dict_words *w, const char *word,
				size_t len, size_t *value_len);

/* Call FN for each line of W, in the file's (byte) order: the key
   (KEY_LEN bytes) and its value (VALUE_LEN bytes, 0 for a line without
   one), neither NUL-terminated, valid during the call.  FN returns
   false to stop.  The lines are read in blocks through a buffer of
   fixed size, so that going over a list of 2 MB costs the link no
   memory.  Returns 0, or -1 when the file cannot be read (errno
   set).  */
typedef bool (*ls_dict_words_fn) (void *data, const char *key,
				  size_t key_len, const char *value,
				  size_t value_len);
int ls_dict_words_each (const ls_dict_words *w, ls_dict_words_fn fn,
			void *data);

/* ls_dict_words_each for the lines whose first byte is FIRST only,
   found by bisection (the lines are sorted by bytes): about a
   twentieth of an English list for a letter, in lowercase or in
   capitals.  */
int ls_dict_words_each_first (const ls_dict_words *w, unsigned char first,
			      ls_dict_words_fn fn, void *data);

/* The value of the header line "# KEY VALUE": *LEN bytes, not
   NUL-terminated; or NULL.  */
const char *ls_dict_words_header (const ls_dict_words *w, const char *key,
				  size_t *len);

/* Read W's table from its file at each lookup instead of mapping it
   (about 1 us a lookup): for a table of which a link looks up a few
   thousand words at random, each on a page of its own that would stay
   in the link's memory.  */
void ls_dict_words_unmap (ls_dict_words *w);

/* Has a lookup in W failed to read the file (a word then seems
   absent)?  Stays true once it has.  */
bool ls_dict_words_read_failed (const ls_dict_words *w);

/* How many words the file has.  */
size_t ls_dict_words_count (const ls_dict_words *w);

/* The file's path.  */
const char *ls_dict_words_path (const ls_dict_words *w);

void ls_dict_words_free (ls_dict_words *w);

/* What a file says of itself.  */
struct ls_dict_words_head
{
  const char *provider, *tag;
  const char *const *sources;	/* Paths, stat()ed now.  */
  size_t n_sources;
  const char *extra;		/* More "# KEY VALUE\n" lines, or NULL.  */
};

/* Write a file of the N LINES ("word" or "word\tvalue") to OUT.  Sorts
   LINES and drops repeated ones; two values for one word, or a word
   that cannot be written, is an error.  Returns 0, or -1 with *ERR
   set (malloc'd).  */
int ls_dict_words_write (FILE *out, const struct ls_dict_words_head *head,
			 char **lines, size_t n, char **err);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_DICTWORDS_H */
