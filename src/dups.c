/* dups.c: where the program keeps the same text more than once.

   GCC emits a string literal once per unit: equal literals within a
   unit share one copy, and copies in different units sit in SHF_MERGE
   string sections that the linker folds into one (and it stores a
   string that ends another inside it).  A named array, such as
   `static const char usage[] = "..."', is an object of its own: every
   one is a copy the linker keeps, unless -fmerge-all-constants.  So a
   string's copies are the units holding it as a literal plus its named
   arrays, counting only live uses: code LTO removes takes its strings
   with it.

   Besides exact duplicates, two weaker kinds are worth a look: near
   duplicates ("Done.\n" and "done"), which are usually one message
   written twice, and tail-merge candidates, which are free only when
   both strings are mergeable literals.  All results are in the
   program's deterministic order, or sorted by a key with that order
   breaking ties.  */

#include "dups.h"
#include "hashset.h"
#include "text.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Sets of names, as sorted arrays.                                    */

struct name_list
{
  const char **items;
  size_t n, alloc;
};

static void
name_list_add (struct name_list *l, const char *name)
{
  if (!name)
    return;
  l->items = ls_grow_array (l->items, &l->alloc, l->n + 1, sizeof *l->items,
			    8);
  l->items[l->n++] = name;
}

/* Sort L and drop repeated names; returns the count.  */
static size_t
name_list_sort_unique (struct name_list *l)
{
  if (l->n < 2)
    return l->n;
  ls_sort (l->items, l->n, sizeof *l->items, ls_compare_name_ptrs);
  size_t kept = 1;
  for (size_t i = 1; i < l->n; i++)
    if (strcmp (l->items[i], l->items[kept - 1]) != 0)
      l->items[kept++] = l->items[i];
  l->n = kept;
  return kept;
}

size_t
ls_string_functions (const struct ls_string *s, const char ***out)
{
  struct name_list l = { NULL, 0, 0 };
  for (size_t i = 0; i < s->n_uses; i++)
    {
      name_list_add (&l, s->uses[i].function);
      for (size_t j = 0; j < s->uses[i].n_referrers; j++)
	name_list_add (&l, s->uses[i].referrers[j]);
    }
  *out = l.items;
  return name_list_sort_unique (&l);
}

/* ------------------------------------------------------------------ */
/* Copies.                                                             */

static bool
same_name (const char *a, const char *b)
{
  if (!a || !b)
    return a == b;
  return strcmp (a, b) == 0;
}

/* Is there a live use before index I of S that is the same copy as
   use I: the same unit's literal, or the same named array?  */
static bool
copy_seen_before (const struct ls_string *s, size_t i)
{
  const struct ls_site *u = &s->uses[i];
  for (size_t j = 0; j < i; j++)
    {
      const struct ls_site *v = &s->uses[j];
      if (v->dead || v->named_array != u->named_array
	  || !same_name (v->unit, u->unit))
	continue;
      if (!u->named_array || same_name (v->variable, u->variable))
	return true;
    }
  return false;
}

/* The copy a use is: its unit, and its array when it is one.  */
static uint64_t
hash_copy (const struct ls_site *u)
{
  uint64_t h = ls_hash_byte (LS_HASH_SEED, u->named_array);
  if (u->unit)
    h = ls_hash_bytes (h, u->unit, strlen (u->unit) + 1);
  if (u->named_array && u->variable)
    h = ls_hash_bytes (ls_hash_byte (h, 1), u->variable,
		       strlen (u->variable));
  return h;
}

static bool
same_copy (const void *item, const void *key)
{
  const struct ls_site *v = item, *u = key;
  return v->named_array == u->named_array && same_name (v->unit, u->unit)
	 && (!u->named_array || same_name (v->variable, u->variable));
}

/* Up to this many uses, copy_seen_before's pairs cost less than a
   hash set.  */
#define FEW_USES 16

/* FIRST[I] for each use I of S: is it live and not a copy an earlier
   live use already is (!copy_seen_before)?  In FEW for up to FEW_USES
   uses (most strings: an allocation for each was a tenth of the
   duplication analysis), else malloc'd (free it with free_copies).  A
   string used in every unit of a large program has thousands of uses,
   where comparing each with all before it took 0.35 s of a link of
   52,545 functions.  */
static bool *
first_copies (const struct ls_string *s, bool few[FEW_USES])
{
  if (s->n_uses <= FEW_USES)
    {
      bool *first = few;
      for (size_t i = 0; i < s->n_uses; i++)
	first[i] = !s->uses[i].dead && !copy_seen_before (s, i);
      return first;
    }
  bool *first = ls_xcalloc (s->n_uses, sizeof *first);
  ls_hashset seen = { NULL, 0, 0 };
  for (size_t i = 0; i < s->n_uses; i++)
    {
      const struct ls_site *u = &s->uses[i];
      if (u->dead)
	continue;
      uint64_t h = hash_copy (u);
      if (ls_hashset_find (&seen, h, same_copy, u))
	continue;
      ls_hashset_add (&seen, h, (void *) u);
      first[i] = true;
    }
  ls_hashset_free (&seen);
  return first;
}

static void
free_copies (bool *first, bool few[FEW_USES])
{
  if (first != few)
    free (first);
}

/* The copies of S whose FIRST (first_copies) is set, and whether the
   linker merges them all (*MERGEABLE).  */
static size_t
count_copies (const struct ls_string *s, const bool *first, bool *mergeable)
{
  size_t copies = 0;
  *mergeable = true;
  for (size_t i = 0; i < s->n_uses; i++)
    {
      if (!first[i])
	continue;
      copies++;
      if (s->uses[i].named_array)
	*mergeable = false;
    }
  return copies;
}

size_t
ls_string_copies (const struct ls_string *s, bool *mergeable)
{
  /* Most strings have one use: no copy to look for.  */
  if (s->n_uses == 1)
    {
      *mergeable = s->uses[0].dead || !s->uses[0].named_array;
      return !s->uses[0].dead;
    }
  bool few[FEW_USES], *first = first_copies (s, few);
  size_t copies = count_copies (s, first, mergeable);
  free_copies (first, few);
  return copies;
}

/* Units holding a live copy of S.  */
static size_t
string_units (const struct ls_string *s, const char ***out)
{
  struct name_list l = { NULL, 0, 0 };
  for (size_t i = 0; i < s->n_uses; i++)
    if (!s->uses[i].dead)
      name_list_add (&l, s->uses[i].unit);
  *out = l.items;
  return name_list_sort_unique (&l);
}

/* What a set of units (items: the unit's index in D->units + 1, as a
   pointer) is searched with.  */
struct unit_key
{
  const ls_dups *d;
  const char *unit;
};

static bool
same_unit (const void *item, const void *key)
{
  const struct unit_key *k = key;
  return strcmp (k->d->units[(uintptr_t) item - 1].unit, k->unit) == 0;
}

/* Add the bytes of S's live copies (FIRST: first_copies) to the
   per-unit totals of D; UNITS finds each unit of D->units by name.  */
static void
add_unit_bytes (ls_dups *d, ls_hashset *units, const struct ls_string *s,
		const bool *first)
{
  for (size_t i = 0; i < s->n_uses; i++)
    {
      const struct ls_site *u = &s->uses[i];
      if (!first[i] || !u->unit)
	continue;
      struct unit_key key = { d, u->unit };
      uint64_t h = ls_hash_bytes (LS_HASH_SEED, u->unit, strlen (u->unit));
      uintptr_t at = (uintptr_t) ls_hashset_find (units, h, same_unit,
						   &key);
      if (!at)
	{
	  d->units = ls_grow_array (d->units, &d->units_alloc, d->n_units + 1,
				    sizeof *d->units, 16);
	  d->units[d->n_units++] = (struct ls_unit_bytes) { u->unit, 0 };
	  at = d->n_units;
	  ls_hashset_add (units, h, (void *) at);
	}
      d->units[at - 1].bytes += s->nbytes;
    }
}

static int
compare_unit_bytes (const void *pa, const void *pb)
{
  const struct ls_unit_bytes *a = pa, *b = pb;
  return strcmp (a->unit, b->unit);
}

/* Program order of each duplicate, to break ties when sorting.  */
struct ranked_dup
{
  struct ls_dup dup;
  size_t index;
};

static int
compare_by_waste (const void *pa, const void *pb)
{
  const struct ranked_dup *a = pa, *b = pb;
  if (a->dup.wasted_bytes != b->dup.wasted_bytes)
    return a->dup.wasted_bytes > b->dup.wasted_bytes ? -1 : 1;
  return ls_compare_size (a->index, b->index);
}

static void
find_duplicates (const ls_program *p, ls_dups *d)
{
  size_t n_strings = ls_program_n_strings (p), n = 0;
  /* Temporary blocks the size of the program: util.h's big blocks.  */
  struct ranked_dup *ranked = ls_big_alloc (n_strings * sizeof *ranked);
  ls_hashset units = { NULL, 0, 0 };
  for (size_t i = 0; i < n_strings; i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      if (s->n_uses < 2)
	continue;		/* One copy at most.  */
      bool mergeable, few[FEW_USES], *first = first_copies (s, few);
      size_t copies = count_copies (s, first, &mergeable);
      if (copies < 2)
	{
	  free_copies (first, few);
	  continue;
	}
      struct ls_dup *dup = &ranked[n].dup;
      ranked[n++].index = i;
      dup->str = s;
      dup->copies = copies;
      dup->bytes = copies * s->nbytes;
      dup->wasted_bytes = (copies - 1) * s->nbytes;
      dup->mergeable = mergeable;
      dup->n_units = string_units (s, &dup->units);
      dup->n_functions = ls_string_functions (s, &dup->functions);
      if (mergeable)
	d->wasted_mergeable += dup->wasted_bytes;
      else
	d->wasted_unmergeable += dup->wasted_bytes;
      add_unit_bytes (d, &units, s, first);
      free_copies (first, few);
    }
  ls_sort (ranked, n, sizeof *ranked, compare_by_waste);
  d->items = ls_big_alloc (n * sizeof *d->items);
  for (size_t i = 0; i < n; i++)
    d->items[i] = ranked[i].dup;
  d->n = n;
  ls_big_free (ranked, n_strings * sizeof *ranked);
  ls_hashset_free (&units);
  if (d->n_units > 1)
    ls_sort (d->units, d->n_units, sizeof *d->units, compare_unit_bytes);
}

/* ------------------------------------------------------------------ */
/* Near duplicates.                                                    */

static bool
is_live (const struct ls_string *s)
{
  return s->n_uses > 0 && !ls_string_is_dead (s);
}

/* Is C trailing whitespace, punctuation or NUL, which a
   near-duplicate key drops (" \t\r\n.!?:;," and the NULs that pad an
   array)?  */
static bool
is_trailing_junk (unsigned char c)
{
  static const uint64_t junk = 1ULL | (1ULL << ' ') | (1ULL << '\t')
			       | (1ULL << '\r') | (1ULL << '\n')
			       | (1ULL << '.') | (1ULL << '!')
			       | (1ULL << '?') | (1ULL << ':')
			       | (1ULL << ';') | (1ULL << ',');
  return c < 64 && (junk >> c & 1);
}

/* TEXT without its trailing whitespace and punctuation, in ASCII
   lowercase, written at KEY (room for LEN + 1 bytes); its length, or
   -1 when nothing with a letter is left.  */
static ptrdiff_t
near_dup_key (const char *text, size_t len, char *key)
{
  while (len > 0 && is_trailing_junk ((unsigned char) text[len - 1]))
    len--;
  /* Eight bytes at a time (a byte at a time was a fifth of the
     duplication analysis of the 52k-function bench program).  An
     embedded NUL would cut the key short and join unrelated strings:
     such strings are not messages anyway.  */
  uint64_t letters = 0;
  size_t i = 0;
  for (; i + 8 <= len; i += 8)
    {
      uint64_t v;
      memcpy (&v, text + i, sizeof v);
      if (ls_has_byte (v, '\0'))
	return -1;
      v |= ls_ascii_bytes_in (v, 'A', 'Z') >> 2;	/* 'A' + 0x20 is 'a'.  */
      letters |= ls_ascii_bytes_in (v, 'a', 'z') | v;	/* v: high bytes.  */
      memcpy (key + i, &v, sizeof v);
    }
  bool has_letter = (letters & 0x8080808080808080ULL) != 0;
  for (; i < len; i++)
    {
      unsigned char c = text[i];
      if (c == '\0')
	return -1;
      if (c >= 'A' && c <= 'Z')
	c += 'a' - 'A';
      has_letter |= (c >= 'a' && c <= 'z') || c >= 0x80;
      key[i] = c;
    }
  key[len] = '\0';
  return has_letter ? (ptrdiff_t) len : -1;
}

/* A live string with its near-duplicate key, in the program's order;
   the strings of one key are chained from the first of them, which
   alone keeps the chain's end and length.  */
struct keyed_string
{
  char *key;
  const struct ls_string *str;
  size_t index;			/* In the program.  */
  size_t next;			/* The next string of the key, or NO_NEXT.  */
  size_t chain_last;		/* The first of a key: its last string.  */
  size_t chain_length;		/* The first of a key: how many.  */
};

#define NO_NEXT SIZE_MAX

static bool
key_match (const void *item, const void *key)
{
  return strcmp (((const struct keyed_string *) item)->key, key) == 0;
}

/* Turn the chain of strings from FIRST into a group of D.  */
static void
add_near_group (ls_dups *d, const struct keyed_string *keyed,
		const struct keyed_string *first)
{
  struct ls_near_dup *g;
  d->near = ls_grow_array (d->near, &d->near_alloc, d->n_near + 1,
			   sizeof *d->near, 16);
  g = &d->near[d->n_near++];
  g->key = ls_xstrdup (first->key);
  g->n_members = first->chain_length;
  g->members = ls_xmalloc (g->n_members * sizeof *g->members);
  size_t k = 0;
  for (size_t i = (size_t) (first - keyed); i != NO_NEXT; i = keyed[i].next)
    g->members[k++] = keyed[i].str;
  g->first_index = first->index;
}

/* The strings that read the same but for case and trailing
   punctuation, grouped by a hash of their key in the program's order:
   each group's strings in that order, the groups in the order of
   their first string (a sort of all the keys did it, a tenth of the
   duplication analysis of the 52k-function bench program).  */
static void
find_near_duplicates (const ls_program *p, ls_dups *d)
{
  size_t n_strings = ls_program_n_strings (p), n = 0, total = 0;
  for (size_t i = 0; i < n_strings; i++)
    total += ls_program_string (p, i)->text_len + 1;
  /* The keys, one after the other in one block.  */
  char *keys = ls_big_alloc (total + 1), *at = keys;
  struct keyed_string *keyed = ls_big_alloc (n_strings * sizeof *keyed);
  ls_hashset firsts = { 0 };
  for (size_t i = 0; i < n_strings; i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      ptrdiff_t key_len;
      if (!is_live (s)
	  || (key_len = near_dup_key (s->text, s->text_len, at)) < 0)
	continue;
      size_t len = (size_t) key_len;
      uint64_t h = ls_hash_long (LS_HASH_SEED, at, len);
      keyed[n] = (struct keyed_string) { at, s, i, NO_NEXT, n, 1 };
      struct keyed_string *first = ls_hashset_find (&firsts, h, key_match,
						    at);
      if (first)
	{
	  keyed[first->chain_last].next = n;
	  first->chain_last = n;
	  first->chain_length++;
	}
      else
	ls_hashset_add (&firsts, h, &keyed[n]);
      at += len + 1;
      n++;
    }
  for (size_t i = 0; i < n; i++)
    if (keyed[i].chain_length >= 2)
      add_near_group (d, keyed, &keyed[i]);
  ls_hashset_free (&firsts);
  ls_big_free (keys, total + 1);
  ls_big_free (keyed, n_strings * sizeof *keyed);
}

/* ------------------------------------------------------------------ */
/* Tail-merge candidates.                                              */

/* A live string, its place in the program's order, and where its
   bytes end.  */
struct indexed_string
{
  const unsigned char *end;
  size_t nbytes;
  const struct ls_string *str;
  size_t index;
};

/* Order by element size, then by the bytes read from the end: then a
   string that ends others sorts right before the first of them.  A and
   B agree before DEPTH (reversed_key's depths): their element size
   from depth 1 on, then their last DEPTH - 1 bytes.  */
static int
compare_reversed_from (const struct indexed_string *a,
		       const struct indexed_string *b, size_t depth)
{
  if (depth == 0)
    {
      if (a->str->elem_size != b->str->elem_size)
	return a->str->elem_size < b->str->elem_size ? -1 : 1;
      depth = 1;
    }
  size_t n = a->nbytes < b->nbytes ? a->nbytes : b->nbytes;
  for (size_t k = depth; k <= n; k++)
    {
      ptrdiff_t back = -(ptrdiff_t) k;
      if (a->end[back] != b->end[back])
	return a->end[back] < b->end[back] ? -1 : 1;
    }
  return ls_compare_size (a->nbytes, b->nbytes);
}

/* compare_reversed_from's order, one byte at a time: at DEPTH 0 the
   element size, at DEPTH D the Dth byte from the end plus one, or 0
   past the string's start.  */
static unsigned
reversed_key (const struct indexed_string *x, size_t depth)
{
  if (depth == 0)
    return x->str->elem_size + 1;
  return depth <= x->nbytes ? x->end[-(ptrdiff_t) depth] + 1u : 0;
}

static void
swap_indexed (struct indexed_string *a, struct indexed_string *b)
{
  struct indexed_string t = *a;
  *a = *b;
  *b = t;
}

/* Sort A[0, N) by compare_reversed_from.  A multikey quicksort (Bentley and
   Sedgewick): each step splits a range by one byte, so the bytes that
   many strings share at their end (" of %d\n") are read once per
   range, not once per comparison as the merge sort did (two fifths of
   the duplication analysis of the 52k-function bench program).  The
   ranges wait on a stack of their own, not on the call stack, however
   long the shared ends.  Keys are distinct (the program keeps each
   text of each element size once), so the order is
   compare_reversed_from's exactly.  */
#define SORT_FEW 12
struct key_range
{
  size_t lo, hi, depth;
};

static void
sort_reversed (struct indexed_string *a, size_t n)
{
  struct key_range *stack = NULL;
  size_t depth = 0, alloc = 0;
  stack = ls_grow_array (stack, &alloc, 1, sizeof *stack, 64);
  stack[depth++] = (struct key_range) { 0, n, 0 };
  while (depth > 0)
    {
      struct key_range r = stack[--depth];
      if (r.hi - r.lo <= SORT_FEW)
	{
	  for (size_t i = r.lo + 1; i < r.hi; i++)
	    for (size_t j = i; j > r.lo && compare_reversed_from (&a[j - 1],
								  &a[j],
								  r.depth) > 0;
		 j--)
	      swap_indexed (&a[j - 1], &a[j]);
	  continue;
	}
      unsigned pivot = reversed_key (&a[r.lo + (r.hi - r.lo) / 2], r.depth);
      size_t lt = r.lo, i = r.lo, gt = r.hi;
      while (i < gt)
	{
	  unsigned k = reversed_key (&a[i], r.depth);
	  if (k < pivot)
	    swap_indexed (&a[lt++], &a[i++]);
	  else if (k > pivot)
	    swap_indexed (&a[i], &a[--gt]);
	  else
	    i++;
	}
      stack = ls_grow_array (stack, &alloc, depth + 3, sizeof *stack, 64);
      stack[depth++] = (struct key_range) { r.lo, lt, r.depth };
      stack[depth++] = (struct key_range) { gt, r.hi, r.depth };
      /* Past the start of every string of the range: equal keys,
	 which distinct strings cannot have.  */
      if (pivot != 0)
	stack[depth++] = (struct key_range) { lt, gt, r.depth + 1 };
    }
  free (stack);
}

static bool
ends_with (const struct ls_string *longer, const struct ls_string *tail)
{
  return longer->elem_size == tail->elem_size
	 && longer->nbytes > tail->nbytes
	 && memcmp (longer->bytes + longer->nbytes - tail->nbytes,
		    tail->bytes, tail->nbytes) == 0;
}

struct indexed_suffix
{
  struct ls_suffix suffix;
  size_t index;
};

static int
compare_suffix_index (const void *pa, const void *pb)
{
  const struct indexed_suffix *a = pa, *b = pb;
  return ls_compare_size (a->index, b->index);
}

static bool
all_copies_mergeable (const struct ls_string *s)
{
  bool mergeable;
  ls_string_copies (s, &mergeable);
  return mergeable;
}

static void
find_suffixes (const ls_program *p, ls_dups *d)
{
  size_t n_strings = ls_program_n_strings (p), n = 0;
  struct indexed_string *sorted = ls_big_alloc (n_strings * sizeof *sorted);
  for (size_t i = 0; i < n_strings; i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      /* "" ends every string: not worth a line.  */
      if (is_live (s) && s->nbytes > s->elem_size)
	sorted[n++] = (struct indexed_string) { s->bytes + s->nbytes,
						s->nbytes, s, i };
    }
  sort_reversed (sorted, n);
  struct indexed_suffix *found = NULL;
  size_t n_found = 0, found_alloc = 0;
  for (size_t i = 0; i + 1 < n; i++)
    {
      const struct ls_string *tail = sorted[i].str, *longer = sorted[i + 1].str;
      if (!ends_with (longer, tail))
	continue;
      found = ls_grow_array (found, &found_alloc, n_found + 1, sizeof *found,
			     16);
      found[n_found].suffix = (struct ls_suffix) {
	tail, longer,
	all_copies_mergeable (tail) && all_copies_mergeable (longer) };
      found[n_found++].index = sorted[i].index;
    }
  if (n_found > 1)
    ls_sort (found, n_found, sizeof *found, compare_suffix_index);
  d->suffixes = ls_xmalloc (n_found * sizeof *d->suffixes);
  for (size_t i = 0; i < n_found; i++)
    d->suffixes[i] = found[i].suffix;
  d->n_suffixes = n_found;
  free (found);
  ls_big_free (sorted, n_strings * sizeof *sorted);
}

void
ls_dups_analyze (const ls_program *p, ls_dups *out)
{
  memset (out, 0, sizeof *out);
  find_duplicates (p, out);
  find_near_duplicates (p, out);
  find_suffixes (p, out);
}

void
ls_dups_free (ls_dups *d)
{
  for (size_t i = 0; i < d->n; i++)
    {
      free (d->items[i].units);
      free (d->items[i].functions);
    }
  ls_big_free (d->items, d->n * sizeof *d->items);
  for (size_t i = 0; i < d->n_near; i++)
    {
      free (d->near[i].key);
      free (d->near[i].members);
    }
  free (d->near);
  free (d->suffixes);
  free (d->units);
  memset (d, 0, sizeof *d);
}

/* ------------------------------------------------------------------ */
/* The human summary.                                                  */

static void
write_quoted (FILE *out, const struct ls_string *s)
{
  char *shown = ls_display_text (s->text, s->text_len);
  fprintf (out, "\"%s\"", shown);
  free (shown);
}

static void
write_name_list (FILE *out, const char *label, const char **names, size_t n)
{
  fprintf (out, "%34s%s:", "", label);
  for (size_t i = 0; i < n; i++)
    fprintf (out, "%s %s", i ? "," : "", names[i]);
  fputc ('\n', out);
}

static void
write_top (FILE *out, const ls_dups *d, size_t top)
{
  size_t shown = d->n < top ? d->n : top;
  fprintf (out, "\nTop %zu by wasted bytes:\n", shown);
  fprintf (out, "  %8s %6s %8s %5s  %s\n", "wasted", "copies", "bytes",
	   "merge", "string");
  for (size_t i = 0; i < shown; i++)
    {
      const struct ls_dup *dup = &d->items[i];
      fprintf (out, "  %8zu %6zu %8zu %5s  ", dup->wasted_bytes, dup->copies,
	       dup->bytes, dup->mergeable ? "yes" : "no");
      write_quoted (out, dup->str);
      fputc ('\n', out);
      write_name_list (out, "units", dup->units, dup->n_units);
      if (dup->n_functions)
	write_name_list (out, "functions", dup->functions, dup->n_functions);
    }
}

static void
write_near (FILE *out, const ls_dups *d)
{
  fprintf (out, "\nNear-duplicates (differ only by trailing newline, "
	   "punctuation or case): %zu group%s\n", d->n_near,
	   d->n_near == 1 ? "" : "s");
  for (size_t i = 0; i < d->n_near; i++)
    {
      fputs (" ", out);
      for (size_t j = 0; j < d->near[i].n_members; j++)
	{
	  fputs (j ? ", " : " ", out);
	  write_quoted (out, d->near[i].members[j]);
	}
      fputc ('\n', out);
    }
}

static void
write_suffixes (FILE *out, const ls_dups *d)
{
  fprintf (out, "\nTail-merge candidates (a string that ends another): "
	   "%zu\n", d->n_suffixes);
  for (size_t i = 0; i < d->n_suffixes; i++)
    {
      fputs ("  ", out);
      write_quoted (out, d->suffixes[i].suffix);
      fputs (" ends ", out);
      write_quoted (out, d->suffixes[i].of);
      fprintf (out, " (%s)\n", d->suffixes[i].mergeable
	       ? "the linker stores it inside"
	       : "not merged: a named array");
    }
}

void
ls_dups_write_text (FILE *out, const ls_dups *d, size_t top)
{
  fprintf (out, "ltospell duplicated strings\n");
  /* What is really wasted first: the linker folds equal literals into
     one copy, so only the named arrays' extra copies cost bytes.  */
  fprintf (out, "%zu distinct strings have more than one copy: %zu bytes "
	   "wasted in copies the linker cannot merge (named arrays); %zu "
	   "bytes of extra copies are merged by the linker\n", d->n,
	   d->wasted_unmergeable, d->wasted_mergeable);
  write_top (out, d, top);
  write_near (out, d);
  write_suffixes (out, d);
}
