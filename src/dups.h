/* dups.h: where the program keeps the same text more than once
   (dups.c): exact duplicates, near-duplicates, tail-merge candidates  */

#ifndef LTOSPELL_DUPS_H
#define LTOSPELL_DUPS_H

#include "strtab.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A distinct string with more than one copy in the objects.  A copy is
   a literal in a unit (GCC shares equal literals within a unit, the
   linker across units through SHF_MERGE string sections) or a named
   array (each its own object, never merged).  Only live uses count.  */
struct ls_dup
{
  const struct ls_string *str;
  size_t copies;
  size_t bytes;			/* copies * str->nbytes.  */
  size_t wasted_bytes;		/* (copies - 1) * str->nbytes.  */
  bool mergeable;		/* Every copy is a literal.  */
  const char **units;		/* Units holding a copy, sorted.  */
  size_t n_units;
  const char **functions;	/* Every function using it, sorted.  */
  size_t n_functions;
};

/* Strings equal once a trailing newline, punctuation and case are
   ignored, such as "Done.\n", "done" and "Done!".  */
struct ls_near_dup
{
  char *key;			/* The text they share, normalized.  */
  const struct ls_string **members;	/* In program order.  */
  size_t n_members;
  size_t first_index;		/* Program index of the first member.  */
};

/* A string that is the tail of a longer one ("ing\n" of "Writing\n"):
   the linker can store it inside the longer one when both are
   mergeable literals.  */
struct ls_suffix
{
  const struct ls_string *suffix;
  const struct ls_string *of;
  bool mergeable;
};

/* Bytes of duplicated strings held by one unit.  */
struct ls_unit_bytes
{
  const char *unit;
  size_t bytes;
};

typedef struct ls_dups
{
  struct ls_dup *items;		/* By wasted bytes, most first, then in
				   program order.  */
  size_t n;
  struct ls_near_dup *near;	/* In order of their first member.  */
  size_t n_near, near_alloc;
  struct ls_suffix *suffixes;	/* In program order of the suffix.  */
  size_t n_suffixes;
  struct ls_unit_bytes *units;	/* Sorted by unit name.  */
  size_t n_units, units_alloc;
  size_t wasted_mergeable;	/* Wasted bytes the linker merges away.  */
  size_t wasted_unmergeable;	/* Wasted bytes that stay in the binary.  */
} ls_dups;

void ls_dups_analyze (const ls_program *p, ls_dups *out);
void ls_dups_free (ls_dups *d);

/* The human summary of dups=FILE.txt: the TOP duplicated strings by
   wasted bytes with their units, then the near-duplicates and the
   tail-merge candidates.  */
void ls_dups_write_text (FILE *out, const ls_dups *d, size_t top);

/* Every function that uses S, directly or as a referrer of a table
   holding it: sorted, distinct, in a malloc'd array (the names belong
   to the program).  Returns the count.  */
size_t ls_string_functions (const struct ls_string *s, const char ***out);

/* Number of live copies of S (see struct ls_dup) and whether every
   one of them is a literal.  */
size_t ls_string_copies (const struct ls_string *s, bool *mergeable);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_DUPS_H */
