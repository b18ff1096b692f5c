/* jsonwrite.h: a small JSON writer (jsonwrite.c) for the JSON and
   SARIF reports: it puts the commas and the indentation; strings go
   through ls_json_escape (text.h).  */

#ifndef LTOSPELL_JSONWRITE_H
#define LTOSPELL_JSONWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct ls_jw
{
  FILE *out;
  unsigned depth;
  bool need_comma;		/* A value came before at this depth.  */
  bool after_key;		/* The next value follows "key": on the line.  */
};

/* Separate a new value from the previous one (for a value written by
   hand to J->out; set J->need_comma after it).  */
void ls_jw_value_start (struct ls_jw *j);
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
/* The newline that ends the document.  */
void ls_jw_end (struct ls_jw *j);

#endif /* LTOSPELL_JSONWRITE_H */
