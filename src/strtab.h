/* strtab.h: the program's strings (strtab.c): every distinct string
   constant with every place that uses it, and the names the program
   defines.  */

#ifndef LTOSPELL_STRTAB_H
#define LTOSPELL_STRTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a string constant is used.  All strings are copied (interned)
   by the program; the caller keeps ownership of what it passes.  */
struct ls_site
{
  /* Pointers first, then the 32-bit fields, then the flags: no padding
     between them (96 bytes where the order of their meaning took 112:
     a program keeps one for each of its uses, 160,000 on the
     52k-function bench program).  */
  const char *file;		/* Source file of the use; NULL if unknown.  */
  const char *unit;		/* Translation unit (main source file).  */
  const char *function;		/* Function whose body holds the use, or NULL.  */
  const char *variable;		/* Variable whose initializer holds it, or NULL.  */
  const char *inlined_from;	/* Function inlined into FUNCTION, or NULL.  */
  const char *call_file;	/* Call site that inlined INLINED_FROM.  */
  const char *const *referrers;	/* Functions referencing VARIABLE,  */
  const char *callee;		/* Function the string is passed to, or NULL.  */
  unsigned n_referrers;		/* directly or through other tables.  */
  unsigned loc;			/* Opaque location for the caller's diagnostics.  */
  unsigned line, column;
  unsigned call_line;		/* Of CALL_FILE.  */
  unsigned arg_index;		/* Of CALLEE: its argument position, from 1.  */
  unsigned format;		/* enum ls_format_kind of that argument.  */
  bool named_array;		/* The string fills a char array in place:
				   a named array's whole initializer (static
				   const char x[] = "...") or an array field
				   of a table ({ "name", 1 } with char
				   name[8]).  The linker does not merge such
				   copies.  */
  bool dead;			/* Only in code LTO removes as unreachable.  */
  bool names_interned;		/* FILE, UNIT, FUNCTION, VARIABLE,
				   INLINED_FROM, CALL_FILE and CALLEE (not
				   REFERRERS) came from ls_program_intern
				   of the program they are added to, which
				   then takes them as they are.  */
};

/* What the callee's attributes say about a string argument.  */
enum ls_format_kind
{
  LS_FORMAT_NONE = 0,
  LS_FORMAT_PRINTF,		/* format (printf, N, M) */
  LS_FORMAT_SCANF,		/* format (scanf, N, M) */
  LS_FORMAT_STRFTIME,		/* format (strftime, N, 0) */
  LS_FORMAT_ARG			/* format_arg (N): gettext-like, user-visible */
};

/* One distinct string constant.  */
struct ls_string
{
  const unsigned char *bytes;	/* Raw bytes as in the object.  */
  size_t nbytes;
  unsigned elem_size;
  const char *text;		/* Decoded UTF-8, NUL-terminated.  */
  size_t text_len;
  struct ls_site *uses;		/* Sorted, without duplicates, after  */
  size_t n_uses;		/* ls_program_finish.  */
  size_t uses_alloc;
};

typedef struct ls_program ls_program;

ls_program *ls_program_new (void);
void ls_program_free (ls_program *p);

/* A number for P that no other program made in this process has, not
   even one made after P is freed at the same address: what a cache of
   P's interned names is kept for.  */
uint64_t ls_program_id (const ls_program *p);

/* NAME (or NULL) as P keeps it, for sites that say names_interned: a
   caller that adds many uses with the same few names looks each up
   once (a summary's pool), not at every use.  */
const char *ls_program_intern (ls_program *p, const char *name);

/* The names of SITE that names_interned speaks of (all but REFERRERS)
   replaced by P's copies (ls_program_intern).  */
void ls_program_intern_site (ls_program *p, struct ls_site *site);

/* Record one use of a string constant.  */
void ls_program_add_use (ls_program *p, const void *bytes, size_t nbytes,
			 unsigned elem_size, bool big_endian,
			 const struct ls_site *site);

/* Record NAME (a function, variable, struct field, enum constant or
   long option of the program) as a word the program itself defines:
   such words are right when they appear inside strings.  */
void ls_program_add_name (ls_program *p, const char *name);

/* Is the LEN bytes at NAME one of the program's own names?  */
bool ls_program_has_name (const ls_program *p, const char *name, size_t len);

/* Add the name of the program being linked, from DUMP_BASE (the dump
   files' base name lto-wrapper derives from -o: "src/nano.wpa",
   "nano.lto.o"): "nano", so that "Nano" in its messages is right.
   NULL or a name lto-wrapper made up ("a.out") adds nothing useful but
   does no harm.  */
void ls_program_add_output_name (ls_program *p, const char *dump_base);

/* Is WORD a word of the program's vocabulary: one of its names as
   written, or, in lowercase, Capitalized or ALL CAPS form, one of its
   names whole ("Cutbuffer" for cutbuffer) or a snake_case or camelCase
   piece of four letters or more of one ("screenful" for
   lines_per_screenful, "Buffer" for cutBuffer)?  */
bool ls_program_knows_word (const ls_program *p, const char *word,
			    size_t len);

/* Sort every string's uses and the strings themselves (by first use,
   then by content) so that everything after is deterministic.  */
void ls_program_finish (ls_program *p);

size_t ls_program_n_strings (const ls_program *p);
const struct ls_string *ls_program_string (const ls_program *p, size_t i);
size_t ls_program_n_uses (const ls_program *p);	/* Before deduplication.  */

/* qsort-style order of two strings by what they hold: element size,
   then bytes.  Distinct strings of a program never compare equal.  */
int ls_string_compare_content (const struct ls_string *a,
			       const struct ls_string *b);

/* Is every use of S in code that LTO removes as unreachable?  */
bool ls_string_is_dead (const struct ls_string *s);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_STRTAB_H */
