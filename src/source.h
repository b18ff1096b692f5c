/* source.h: source files read once, by path, line by line.

   Whatever needs the text of a program's source (the ltospell:ignore
   comments of ignore.c; the lines the reports quote) asks one cache:
   each file is read the first time it is asked for and kept (unless
   its user lets the text go, ls_source_drop_text), so a file with a
   thousand strings costs one read.  A file that cannot be read
   (moved since it was compiled, a path GCC made up) is remembered as
   such: it has no text and no lines.  The text is kept as it was read,
   NULs included; lines are split at '\n' (a '\r' before it is kept).
   Base layer.  */

#ifndef LTOSPELL_SOURCE_H
#define LTOSPELL_SOURCE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_sources ls_sources;
typedef struct ls_source ls_source;

ls_sources *ls_sources_new (void);
void ls_sources_free (ls_sources *c);

/* The file at PATH, read now if C has not read it yet; never NULL.  */
const ls_source *ls_sources_get (ls_sources *c, const char *path);

/* How many files C holds; each one's ls_source_id is below that.  */
size_t ls_sources_count (const ls_sources *c);

/* S's index in its cache, from 0, in the order the files were first
   asked for: callers keep what they derive from a file in an array.  */
size_t ls_source_id (const ls_source *s);

const char *ls_source_path (const ls_source *s);

/* The whole text (NUL-terminated; *LEN its length, NULs included), or
   NULL when the file could not be read.  */
const char *ls_source_text (const ls_source *s, size_t *len);

/* Let S's text go: a user that has what it needs from a file (ignore.c,
   its directives) keeps the memory of a big program's sources free
   (scanning git's 861 files took 12 ms, 40 when all were kept: the
   cost of fresh pages).  The text is read again if asked for later.  */
void ls_source_drop_text (const ls_source *s);

/* How many lines: one more than the newlines; 0 when unreadable.  */
size_t ls_source_n_lines (const ls_source *s);

/* How many lines as a compiler counts them (a last line without a
   newline is one, nothing after a last newline is none) in the text
   read last: counted the first time it is asked for after that read
   (the text read again if it was let go, which may be a newer text),
   and kept when the text is let go; 0 when unreadable or empty.  */
size_t ls_source_line_count (const ls_source *s);

/* Line LINENO (from 1) without its newline, its length in *LEN, or
   NULL when there is no such line.  */
const char *ls_source_line (const ls_source *s, size_t lineno, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SOURCE_H */
