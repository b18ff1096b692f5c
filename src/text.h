/* text.h: text helpers of the base layer (text.c).

   What several modules do to text in the same way: JSON escapes, the
   display form of a string constant and paths relative to a directory,
   which every output shares; ASCII letter case, and giving a
   replacement the capitalisation of the word it replaces.  No state;
   it includes nothing of the project but util.  */

#ifndef LTOSPELL_TEXT_H
#define LTOSPELL_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Length of the valid UTF-8 sequence at S (at most LEN bytes), or 0
   when the byte there does not start one.  */
size_t ls_utf8_sequence_length (const unsigned char *s, size_t len);

/* Write LEN bytes at S as the contents of a JSON string (without the
   quotes): valid UTF-8 as is, invalid bytes as \ufffd, control
   characters and NUL as escapes.  */
void ls_json_escape (FILE *out, const char *s, size_t len);

/* The most bytes ls_json_escape_to writes for one character.  */
#define LS_JSON_ESCAPE_MAX 6

/* ls_json_escape into the ROOM bytes at OUT, as many characters of S
   (LEN bytes) as fit whole: it stops before a character when fewer
   than LS_JSON_ESCAPE_MAX bytes of room are left.  Sets *CONSUMED to
   the bytes of S it escaped, returns the bytes written (no NUL).  */
size_t ls_json_escape_to (char *out, size_t room, const char *s, size_t len,
			  size_t *consumed);

/* The LEN bytes at S as a JSON parser reads them back after
   ls_json_escape: each byte that is not valid UTF-8 becomes U+FFFD,
   everything else (NUL included) stays.  Malloc'd and NUL-terminated;
   *OUT_LEN is its length.  */
char *ls_json_text (const char *s, size_t len, size_t *out_len);

/* S (LEN bytes) as one line people can read: C escapes for control
   characters, backslash and double quote, \xNN for invalid UTF-8,
   \uNNNN for characters that show nothing or reorder the others (C1
   controls, zero-width and bidirectional controls, line separators).
   Malloc'd.  */
char *ls_display_text (const char *s, size_t len);

/* The part of S (LEN bytes) to show around the WORD_LEN bytes at
   offset WORD: [*START, *END), at most MAX_CHARS characters of the
   display form (ls_display_text: an escape counts its characters)
   unless the word alone is wider.  All of S when it fits; otherwise
   the context is shared between both sides of the word, and each cut
   is at a space when that side has one (the spaces at a cut are
   left out, for an ellipsis to stand for).  Cuts are between
   characters, never inside a UTF-8 sequence or an escape, so each
   part displays as it does in the whole.  A word of length 0 anchors
   the snippet: at offset 0 it shows the start of S, at LEN its end.  */
void ls_snippet_bounds (const char *s, size_t len, size_t word,
			size_t word_len, size_t max_chars, size_t *start,
			size_t *end);

/* PATH relative to DIR when it is DIR or below it; otherwise PATH.
   Malloc'd.  */
char *ls_relative_path (const char *path, const char *dir);

/* PATH as the reports show it: taken from CWD when relative, "." and
   ".." resolved by name, then relative to ROOT when it is ROOT or below
   it (absolute otherwise).  ROOT NULL: relative to CWD.  Malloc'd.  */
char *ls_path_from_root (const char *path, const char *cwd,
			 const char *root);

/* The value of the hexadecimal digit C, or -1.  */
static inline int
ls_hex_digit (unsigned char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* PATH taken from CWD when relative, "." and ".." resolved by name.
   Malloc'd.  */
char *ls_absolute_path (const char *path, const char *cwd);

/* The top of the git work tree holding the absolute directory DIR
   (the nearest directory with a .git entry, DIR itself included), or
   NULL.  Malloc'd.  */
char *ls_git_top (const char *dir);

static inline char
ls_ascii_lower (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
}

static inline char
ls_ascii_upper (char c)
{
  return c >= 'a' && c <= 'z' ? (char) (c - ('a' - 'A')) : c;
}

/* Give FIX (FIX_LEN bytes, changed in place) the capitalisation of
   WORD (WORD_LEN bytes), the word it replaces: ALL CAPS when WORD has
   two ASCII letters or more and all are capitals ("RECIEVE",
   "DON'T"), Capitalized when WORD's first byte is a capital
   ("Recieve"), as it is otherwise.  Only ASCII letters change.  */
void ls_copy_case (char *fix, size_t fix_len, const char *word,
		   size_t word_len);

/* The same into a malloc'd copy of the NUL-terminated FIX.  */
char *ls_in_case_of (const char *fix, const char *word, size_t word_len);

/* Is WORD (LEN bytes of ASCII letters, either case) a regular 's'
   form of a stem IS_STEM (STEM, STEM_LEN, DATA) accepts: a noun's
   plural or a verb's third person?  The readings are tried in turn,
   as English spells them ("cookies" may be "cooky" or "cookie"):
   "...s" but not after a sibilant or a consonant's y, "...es" after a
   sibilant (s, x, z, ch, sh), and "...ies" as "...y" after a consonant
   (that stem is a copy, its y in the case of the final s).  No stem
   shorter than MIN_STEM is tried, nor a "...y" one shorter than
   MIN_Y_STEM; "...ss" is no form.  "mutexs" and "directorys" are no
   forms of "mutex" and "directory".  */
bool ls_s_form_of (const char *word, size_t len, size_t min_stem,
		   size_t min_y_stem,
		   bool (*is_stem) (const char *stem, size_t stem_len,
				    void *data),
		   void *data);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_TEXT_H */
