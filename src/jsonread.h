/* jsonread.h: a small, strict JSON reader (jsonread.c), for reading
   back an earlier report (baseline=).  RFC 8259: one value, UTF-8, no
   comments, no trailing commas; nesting at most LS_JSON_MAX_DEPTH
   deep.  Strings are decoded exactly (\u0000 included: each has its
   length); a lone surrogate becomes U+FFFD.  Numbers are checked and
   kept as their text.  */

#ifndef LTOSPELL_JSONREAD_H
#define LTOSPELL_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LS_JSON_MAX_DEPTH 64

enum ls_json_type
{
  LS_JSON_NULL,
  LS_JSON_FALSE,
  LS_JSON_TRUE,
  LS_JSON_NUMBER,
  LS_JSON_STRING,
  LS_JSON_ARRAY,
  LS_JSON_OBJECT
};

struct ls_json
{
  enum ls_json_type type;
  char *text;			/* STRING: decoded, NUMBER: as written;
				   NUL-terminated.  */
  size_t len;			/* Of TEXT.  */
  struct ls_json *items;	/* ARRAY and OBJECT: the values...  */
  struct ls_json *keys;		/* ...and OBJECT's keys (STRING).  */
  size_t n, alloc;
};

/* Parse the LEN bytes at DATA.  Returns the value, or NULL with *ERR
   set to a malloc'd "line L, column C: WHAT" (C in bytes, from 1).  */
struct ls_json *ls_json_parse (const char *data, size_t len, char **err);

/* The value of KEY in object OBJ (the last, when the key is repeated),
   or NULL: also when OBJ is not an object.  */
const struct ls_json *ls_json_member (const struct ls_json *obj,
				      const char *key);

void ls_json_free (struct ls_json *v);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_JSONREAD_H */
