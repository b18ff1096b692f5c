/* text.h: text helpers every output shares (text.c): JSON escapes, the
   display form of a string constant, paths relative to a directory.
   The base layer: it includes nothing of the project but util.  */

#ifndef LTOSPELL_TEXT_H
#define LTOSPELL_TEXT_H

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

/* The LEN bytes at S as a JSON parser reads them back after
   ls_json_escape: each byte that is not valid UTF-8 becomes U+FFFD,
   everything else (NUL included) stays.  Malloc'd and NUL-terminated;
   *OUT_LEN is its length.  */
char *ls_json_text (const char *s, size_t len, size_t *out_len);

/* S (LEN bytes) as one line people can read: C escapes for control
   characters, backslash and double quote, \xNN for invalid UTF-8.
   Malloc'd.  */
char *ls_display_text (const char *s, size_t len);

/* PATH relative to DIR when it is DIR or below it; otherwise PATH.
   Malloc'd.  */
char *ls_relative_path (const char *path, const char *dir);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_TEXT_H */
