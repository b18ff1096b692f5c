/* jsonwrite.h: a small JSON writer (jsonwrite.c) for the JSON and
   SARIF reports: it puts the commas and the indentation; strings go
   through ls_json_escape_to (text.h).  */

#ifndef LTOSPELL_JSONWRITE_H
#define LTOSPELL_JSONWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What the writer keeps before writing to its file: a report writes
   hundreds of thousands of short pieces, and a call to stdio for each
   was most of writing the 52k-function bench program's.  */
#define LS_JW_BUFFER 16384

/* A writer: { .out = FILE } to start; ls_jw_end writes what is left
   in its buffer.  */
struct ls_jw
{
  FILE *out;
  unsigned depth;
  bool need_comma;		/* A value came before at this depth.  */
  bool after_key;		/* The next value follows "key": on the line.  */
  size_t used;			/* Bytes waiting in BUF.  */
  char buf[LS_JW_BUFFER];
};

/* Separate a new value from the previous one (for a value written by
   hand with ls_jw_raw; set J->need_comma after it).  */
void ls_jw_value_start (struct ls_jw *j);
/* Write the LEN bytes at S as they are.  */
void ls_jw_raw (struct ls_jw *j, const char *s, size_t len);
/* Open and close an array ('[', ']') or an object ('{', '}').  */
void ls_jw_open (struct ls_jw *j, char bracket);
void ls_jw_close (struct ls_jw *j, char bracket);
void ls_jw_key (struct ls_jw *j, const char *key);
/* LEN bytes at S as a string; NULL is null.  */
void ls_jw_string_n (struct ls_jw *j, const char *s, size_t len);
void ls_jw_string (struct ls_jw *j, const char *s);
void ls_jw_size (struct ls_jw *j, size_t n);
void ls_jw_bool (struct ls_jw *j, bool b);
void ls_jw_string_array (struct ls_jw *j, const char *const *items,
			 size_t n);
/* The newline that ends the document; then everything is written to
   J->out (whose ferror tells whether it all went).  */
void ls_jw_end (struct ls_jw *j);

#endif /* LTOSPELL_JSONWRITE_H */
