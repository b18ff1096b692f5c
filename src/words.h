/* words.h: word splitting (words.c): which words of a string are
   worth checking.  */

#ifndef LTOSPELL_WORDS_H
#define LTOSPELL_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called once for each word of a string that should be spell-checked.
   WORD is not NUL-terminated; OFFSET is its byte offset in the text.  */
typedef void (*ls_word_fn) (const char *word, size_t len, size_t offset,
			    void *data);

/* Flags for ls_split_words.  Which conversions a '%' starts: without
   LS_SPLIT_SCANF or LS_SPLIT_STRFTIME, printf's.  */
enum
{
  LS_SPLIT_DEFAULT = 0,
  LS_SPLIT_NO_PRINTF = 1,	/* Do not treat '%' as starting a conversion.  */
  LS_SPLIT_SCANF = 2,		/* scanf: also "%[^\n]", "%*d", "%ms".  */
  LS_SPLIT_STRFTIME = 4		/* strftime: "%Y", "%-d", "%Ey", "%+".  */
};

/* Split the UTF-8 TEXT of LEN bytes into the words worth checking and
   call FN for each, in order.  Skips printf conversions, escapes,
   numbers, URLs, e-mail addresses, paths, options, identifiers
   (ALL_CAPS, snake_case), words with digits; splits camelCase.  */
void ls_split_words (const char *text, size_t len, unsigned flags,
		     ls_word_fn fn, void *data);

/* Called with each alphanumeric run of a prose token before it is split
   at camelCase boundaries; returning true drops the whole run.  This is
   how the program's own names ("recieveData", a function of the
   program) are accepted as written.  */
typedef bool (*ls_run_fn) (const char *run, size_t len, void *data);

/* ls_split_words, with SKIP_RUN (may be NULL) asked about every run.  */
void ls_split_words_skipping (const char *text, size_t len, unsigned flags,
			      ls_word_fn fn, ls_run_fn skip_run, void *data);

/* The words of plain tokens (letters, digits, ".,;:!?'\"-"), kept once
   split: a program's strings repeat their words, and a token's words do
   not depend on the rest of its string.  */
typedef struct ls_word_memo ls_word_memo;
ls_word_memo *ls_word_memo_new (void);
void ls_word_memo_free (ls_word_memo *memo);

/* ls_split_words_skipping through MEMO (may be NULL): FN is called
   with the same words and offsets, but SKIP_RUN is asked about a plain
   token's runs only the first time MEMO sees the token, so it must
   answer the same for the same run for as long as MEMO is used.  */
void ls_split_words_memo (const char *text, size_t len, unsigned flags,
			  ls_word_fn fn, ls_run_fn skip_run, void *data,
			  ls_word_memo *memo);

/* While FN runs for a word that MEMO gives again (the second time its
   token is seen, and after), a place kept with that word of that token
   (NULL at first), where the caller may keep what it looked up for the
   word: a memo serves one caller.  NULL for the other words.  */
void **ls_word_memo_slot (const ls_word_memo *memo);

/* Is the word at [OFFSET, OFFSET + LEN) of the segment [START, END) of
   TEXT the label of a value printed after it, a field name rather than
   prose?  Its token is a name (letters and digits, words joined by
   '-', after opening brackets, before one ':' or '='), a number
   follows it after blanks, or any conversion after a ':' or '='
   (" tbytes %lu", ", vrid %u", "gnuc: %d", "Correlator 0x%lx",
   "operstatus: %s"; not "Writing %s", a verb and its object), and it
   starts a field: the segment or a line
   starts with it, or a comma, semicolon, bar or bracket, or the value
   before it ("%u fbytes %lu").  A word after another word ("cannot
   opne %s") is no label.  FLAGS are the string's ls_split_words flags,
   which say what a conversion is.  */
bool ls_is_value_label (const char *text, size_t start, size_t end,
			size_t offset, size_t len, unsigned flags);

/* Does a printf string or character conversion end right at OFFSET of
   the segment starting at START ("%sabled": the argument begins the
   word, or "%sError": a colour code before it)?  False for scanf and
   strftime formats, and under LS_SPLIT_NO_PRINTF.  */
bool ls_follows_string_conversion (const char *text, size_t start,
				   size_t offset, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_WORDS_H */
