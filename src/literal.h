/* literal.h: where the bytes of a string constant are in its source
   (literal.c).  GCC gives a string constant one location, the start of
   its first literal; a diagnostic that points at a misspelled word, and
   a fix-it hint that replaces it, need the word's own columns.  They
   are found by reading the literal again from the source line: escape
   sequences, line splices and literals concatenated across lines are
   followed; a char array's initializer, which has no location of its
   own, is found from the variable's.  No GCC header.  */

#ifndef LTOSPELL_LITERAL_H
#define LTOSPELL_LITERAL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Line LINE (from 1) of the source, *LEN bytes without its newline, or
   NULL when there is no such line.  */
typedef const char *(*ls_source_line_fn) (void *ctx, unsigned line, size_t *len);

/* Where LEN bytes at byte OFFSET of a narrow string constant are
   spelled.  */
struct ls_source_span
{
  unsigned line;		/* Of the first byte.  */
  unsigned first_column;	/* 1-based byte columns of the first  */
  unsigned last_column;		/* and of the last source character.  */
  bool verbatim;		/* The bytes are spelled as themselves, on
				   one line, without escapes: replacing
				   the columns replaces the bytes.  */
};

/* Find the LEN bytes at OFFSET (LEN > 0) of the string constant whose
   first literal starts at LINE:COLUMN (1-based, bytes), reading lines
   with GET_LINE.  False when the source there is not a narrow literal
   ("..." or u8"..."), when the bytes are not all found (a macro between
   literals, a source changed since), or when they start and end on
   different lines.  */
bool ls_literal_span (ls_source_line_fn get_line, void *ctx, unsigned line,
		      unsigned column, size_t offset, size_t len,
		      struct ls_source_span *out);

/* Where the bytes of a char array's initializer are
   (ls_initializer_read).  */
typedef struct ls_initializer ls_initializer;

/* Read the initializer of the char array whose declarator's name
   starts at LINE:COLUMN (GCC gives its string the variable's location)
   and whose contents are the NBYTES at BYTES: a literal as above, bare
   or in braces, or a brace list of character constants and integer
   literals ({ 'H', 'i', '\n', 0 }), one byte each.  NULL when the
   initializer is not one of these (a macro or an expression in it), or
   its bytes are not BYTES (but for a last null character): they may
   be those of another field of the variable.  Read once for all the
   words of a string: the whole initializer is read, and
   ls_initializer_span reads a few lines again with GET_LINE and CTX,
   which must outlive the result.  */
ls_initializer *ls_initializer_read (ls_source_line_fn get_line, void *ctx,
				     unsigned line, unsigned column,
				     const unsigned char *bytes,
				     size_t nbytes);

/* Find the LEN bytes at OFFSET (LEN > 0) of INIT's string, as
   ls_literal_span does; false when INIT is NULL.  In a list, a span of
   bytes on different lines is its first element.  Verbatim only in a
   literal of an array without a given size (a fix may change the
   length).  */
bool ls_initializer_span (const ls_initializer *init, size_t offset,
			  size_t len, struct ls_source_span *out);

void ls_initializer_free (ls_initializer *init);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_LITERAL_H */
