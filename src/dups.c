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

/* A near-duplicate key is a string's text without its trailing
   whitespace and punctuation, in ASCII lowercase.  Keys are never
   written out but for the groups: each is hashed and compared from
   the text, eight bytes at a time (writing the keys of the 52k-function
   bench program, then hashing them, took 12 of its 22 ms here).  */

/* The length of TEXT's key.  */
static size_t
near_key_length (const char *text, size_t len)
{
  while (len > 0 && is_trailing_junk ((unsigned char) text[len - 1]))
    len--;
  return len;
}

/* Eight bytes with their ASCII capitals in lowercase ('A' + 0x20 is
   'a').  */
static uint64_t
fold_ascii_word (uint64_t v)
{
  return v | ls_ascii_bytes_in (v, 'A', 'Z') >> 2;
}

/* The LEN bytes at TEXT from I on (fewer than eight) as one word, as
   memcpy into a zeroed word puts them.  */
static uint64_t
word_tail (const char *text, size_t i, size_t len)
{
  uint64_t v = 0;
  memcpy (&v, text + i, len - i);
  return v;
}

/* A hash of the key of TEXT (LEN bytes, the key's length), by
   ls_hash_long's steps on the key's bytes folded to lowercase as they
   are read; false when the key has no letter or holds a NUL (it would
   cut the key short and join unrelated strings: such strings are not
   messages anyway).  */
static bool
near_key_hash (const char *text, size_t len, uint64_t *hash)
{
  uint64_t h = ls_hash_long_start (LS_HASH_SEED, len), letters = 0;
  bool nul = false;
  for (size_t i = 0; i < len; i += 8)
    {
      uint64_t v;
      if (i + 8 <= len)
	{
	  memcpy (&v, text + i, sizeof v);
	  nul |= ls_has_byte (v, '\0');
	}
      else
	{
	  v = word_tail (text, i, len);
	  /* The zeros past the end are no NUL of the key.  */
	  nul |= memchr (text + i, '\0', len - i) != NULL;
	}
      v = fold_ascii_word (v);
      letters |= ls_ascii_bytes_in (v, 'a', 'z') | v;	/* v: high bytes.  */
      h = ls_hash_long_word (h, v);
    }
  *hash = ls_hash_long_finish (h);
  return !nul && (letters & 0x8080808080808080ULL) != 0;
}

/* Do the keys A and B, LEN bytes each, read the same?  */
static bool
near_keys_equal (const char *a, const char *b, size_t len)
{
  for (size_t i = 0; i < len; i += 8)
    {
      uint64_t x, y;
      if (i + 8 <= len)
	{
	  memcpy (&x, a + i, sizeof x);
	  memcpy (&y, b + i, sizeof y);
	}
      else
	x = word_tail (a, i, len), y = word_tail (b, i, len);
      if (fold_ascii_word (x) != fold_ascii_word (y))
	return false;
    }
  return true;
}

/* The key of TEXT (LEN bytes), malloc'd.  */
static char *
near_key_text (const char *text, size_t len)
{
  char *key = ls_xmalloc (len + 1);
  for (size_t i = 0; i < len; i++)
    key[i] = text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a' : text[i];
  key[len] = '\0';
  return key;
}

/* A live string with its near-duplicate key, in the program's order;
   the strings of one key are chained from the first of them, which
   alone keeps the chain's end and length.  */
struct keyed_string
{
  const struct ls_string *str;
  /* 32 bits, as find_near_duplicates takes fewer strings than that, and
     keys shorter: 32 bytes a string, from 48 (5.4 MB of fresh pages on
     the 52k-function bench program, 3.6 MB now).  */
  uint32_t key_len;
  uint32_t index;		/* In the program.  */
  uint32_t next;		/* The next string of the key, or NO_NEXT.  */
  uint32_t chain_last;		/* The first of a key: its last string.  */
  uint32_t chain_length;	/* The first of a key: how many.  */
};

#define NO_NEXT UINT32_MAX

static bool
key_match (const void *item, const void *key)
{
  const struct keyed_string *a = item, *b = key;
  return a->key_len == b->key_len
	 && near_keys_equal (a->str->text, b->str->text, a->key_len);
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
  g->key = near_key_text (first->str->text, first->key_len);
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
   duplication analysis of the 52k-function bench program).  LIVE[i]:
   set to whether the program's Ith string is live (is_live).  */
static void
find_near_duplicates (const ls_program *p, ls_dups *d, unsigned char *live)
{
  size_t n_strings = ls_program_n_strings (p), n = 0;
  if (n_strings >= NO_NEXT)
    {
      /* Not near-duplicates, but each string's liveness still.  */
      for (size_t i = 0; i < n_strings; i++)
	live[i] = is_live (ls_program_string (p, i));
      return;
    }
  struct keyed_string *keyed = ls_big_alloc (n_strings * sizeof *keyed);
  ls_hashset firsts = { 0 };
  /* Most strings have a key and are the first with it.  */
  ls_hashset_reserve (&firsts, n_strings);
  for (size_t i = 0; i < n_strings; i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      live[i] = is_live (s);
      if (!live[i])
	continue;
      size_t len = near_key_length (s->text, s->text_len);
      uint64_t h;
      if (len >= UINT32_MAX || !near_key_hash (s->text, len, &h))
	continue;
      keyed[n] = (struct keyed_string) { s, (uint32_t) len, (uint32_t) i,
					 NO_NEXT, (uint32_t) n, 1 };
      struct keyed_string *first = ls_hashset_find (&firsts, h, key_match,
						    &keyed[n]);
      if (first)
	{
	  keyed[first->chain_last].next = n;
	  first->chain_last = n;
	  first->chain_length++;
	}
      else
	ls_hashset_add (&firsts, h, &keyed[n]);
      n++;
    }
  for (size_t i = 0; i < n; i++)
    if (keyed[i].chain_length >= 2)
      add_near_group (d, keyed, &keyed[i]);
  ls_hashset_free (&firsts);
  ls_big_free (keyed, n_strings * sizeof *keyed);
}

/* ------------------------------------------------------------------ */
/* Tail-merge candidates.                                              */

/* A live string in the tail-merge sort: the key it is sorted on at
   the moment, where its bytes end, and its place in the program's
   order.  */
struct tail_item
{
  uint64_t key;
  const unsigned char *end;
  size_t nbytes;
  uint32_t index;		/* In the program: find_suffixes checks.  */
  uint32_t elem_size;
};

/* The strings are sorted by element size, then by their bytes read
   from the end, a string that ends another first: then a string that
   ends others sorts right before the first of them.

   The sort is a radix sort from the most significant end, a byte a
   level: each range of strings that agree so far is split into the
   (up to) 257 ranges of its next byte, "past the start" first.  The
   bytes come from a key each string keeps of its next CHUNK bytes,
   read in one load when a range reaches them, so a level reads the
   strings' keys in order, not their bytes all over memory.  A key has
   the first byte read highest and the count of bytes present lowest.
   Ranges of few strings are sorted by comparing their keys, their
   bytes only past the chunk.  This costs a count and a move a string
   a level, where the multikey quicksort it replaces (a byte a level
   too) read each string's byte from memory about five times a level,
   a cache miss each time: on the 52k-function bench program it has
   more instructions (111 M against 95), but takes 17.5 ms against
   24.5 (the median of four links each).  */
#define CHUNK 7

static uint64_t
load_le64 (const unsigned char *p)
{
  uint64_t v;
  memcpy (&v, p, sizeof v);
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64 (v);
#endif
  return v;
}

/* The key of X's bytes from DEPTH to DEPTH + CHUNK before its end.  */
static uint64_t
chunk_key (const struct tail_item *x, size_t depth)
{
  size_t left = x->nbytes > depth ? x->nbytes - depth : 0;
  if (left > CHUNK)
    {
      /* Eight bytes that all belong to X: the lowest is the one past
	 the chunk, where the count goes.  */
      uint64_t v = load_le64 (x->end - depth - 8);
      return (v & ~(uint64_t) 0xFF) | CHUNK;
    }
  uint64_t key = 0;
  for (size_t k = 0; k < left; k++)
    key |= (uint64_t) x->end[-(ptrdiff_t) (depth + k + 1)] << (56 - 8 * k);
  return key | left;
}

/* The range a string goes to by byte K of its key: 0 past its start,
   else the byte plus one.  */
static unsigned
key_bucket (uint64_t key, unsigned k)
{
  return (key & 0xFF) > k ? (unsigned) (key >> (56 - 8 * k) & 0xFF) + 1 : 0;
}

/* A and B (of one element size) by their bytes from the end, given
   that their last DEPTH bytes are equal.  */
static int
compare_tails_from (const struct tail_item *a, const struct tail_item *b,
		    size_t depth)
{
  size_t n = a->nbytes < b->nbytes ? a->nbytes : b->nbytes;
  for (size_t k = depth + 1; k <= n; k++)
    {
      ptrdiff_t back = -(ptrdiff_t) k;
      if (a->end[back] != b->end[back])
	return a->end[back] < b->end[back] ? -1 : 1;
    }
  return ls_compare_size (a->nbytes, b->nbytes);
}

/* compare_tails_from, for A and B whose keys are those of DEPTH's
   chunk (their bytes before DEPTH, equal, compare equal): the keys
   first, the bytes only past the chunk (a range sorted by comparing
   reads its strings' bytes only where their keys agree).  */
static int
compare_tails_at (const struct tail_item *a, const struct tail_item *b,
		  size_t depth)
{
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  if ((a->key & 0xFF) < CHUNK)
    return 0;			/* Both stop in the chunk: equal.  */
  return compare_tails_from (a, b, depth - depth % CHUNK + CHUNK);
}

/* A range of the sort whose strings agree on their element size and on
   their last DEPTH bytes.  */
struct tail_range
{
  size_t lo, hi, depth;
};

#define FEW_TAILS 16

/* Push the range LO, HI at DEPTH on STACK (TOP, ALLOC).  */
static void
push_tail_range (struct tail_range **stack, size_t *top, size_t *alloc,
		 size_t lo, size_t hi, size_t depth)
{
  *stack = ls_grow_array (*stack, alloc, *top + 1, sizeof **stack, 64);
  (*stack)[(*top)++] = (struct tail_range) { lo, hi, depth };
}

/* Sort the range R of A, by comparisons when it is short; else split it
   by its next byte (through TMP), pushing on STACK (TOP, ALLOC) the
   parts of more than one string that go on.  */
static void
split_tail_range (struct tail_item *a, struct tail_item *tmp,
		  struct tail_range r, struct tail_range **stack, size_t *top,
		  size_t *alloc)
{
  size_t n = r.hi - r.lo;
  struct tail_item *x = a + r.lo;
  unsigned k = r.depth % CHUNK;
  /* A new chunk: the keys of depth 0 were read with the strings.  */
  if (k == 0 && r.depth > 0)
    for (size_t i = 0; i < n; i++)
      x[i].key = chunk_key (&x[i], r.depth);
  if (n <= FEW_TAILS)
    {
      for (size_t i = 1; i < n; i++)
	{
	  struct tail_item t = x[i];
	  size_t j = i;
	  for (; j > 0 && compare_tails_at (&x[j - 1], &t, r.depth) > 0; j--)
	    x[j] = x[j - 1];
	  x[j] = t;
	}
      return;
    }
  size_t count[257] = { 0 };
  /* The buckets used, LOW to HIGH: text uses few of the 257, and most
     ranges are small, so the loops over buckets stay in there.  */
  unsigned low = 256, high = 0;
  for (size_t i = 0; i < n; i++)
    {
      unsigned b = key_bucket (x[i].key, k);
      count[b]++;
      low = b < low ? b : low;
      high = b > high ? b : high;
    }
  if (low == high)
    {
      /* One byte for all: the range goes on whole, in place.  */
      if (low != 0)
	push_tail_range (stack, top, alloc, r.lo, r.hi, r.depth + 1);
      return;
    }
  size_t start[257], sum = 0;
  for (unsigned b = low; b <= high; b++)
    {
      start[b] = sum;
      sum += count[b];
    }
  for (size_t i = 0; i < n; i++)
    tmp[start[key_bucket (x[i].key, k)]++] = x[i];
  memcpy (x, tmp, n * sizeof *x);
  /* Past the start, strings are equal: distinct ones do not go on.  */
  for (size_t b = low > 1 ? low : 1, at = low > 1 ? 0 : count[0];
       b <= high; at += count[b++])
    if (count[b] >= 2)
      push_tail_range (stack, top, alloc, r.lo + at, r.lo + at + count[b],
		       r.depth + 1);
}

static int
compare_elem_size (const void *pa, const void *pb)
{
  const struct tail_item *a = pa, *b = pb;
  return ls_compare_size (a->elem_size, b->elem_size);
}

/* Sort A[0, N), whose keys are those of their first chunk, into the
   order above.  The ranges wait on a stack of their own, however long
   the ends the strings share.  */
static void
sort_tails (struct tail_item *a, size_t n)
{
  struct tail_item *tmp = ls_big_alloc ((n ? n : 1) * sizeof *tmp);
  struct tail_range *stack = NULL;
  size_t top = 0, alloc = 0;
  bool one_size = true;
  for (size_t i = 1; i < n && one_size; i++)
    one_size = a[i].elem_size == a[0].elem_size;
  if (!one_size)
    ls_sort (a, n, sizeof *a, compare_elem_size);
  for (size_t i = 0, j; i < n; i = j)
    {
      for (j = i + 1; j < n && a[j].elem_size == a[i].elem_size; j++)
	;
      push_tail_range (&stack, &top, &alloc, i, j, 0);
    }
  while (top > 0)
    split_tail_range (a, tmp, stack[--top], &stack, &top, &alloc);
  free (stack);
  ls_big_free (tmp, (n ? n : 1) * sizeof *tmp);
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

/* The strings that are the end of a longer live string, which a linker
   that merges tails keeps only inside it; LIVE as find_near_duplicates
   set it.  */
static void
find_suffixes (const ls_program *p, ls_dups *d, const unsigned char *live)
{
  size_t n_strings = ls_program_n_strings (p), n = 0;
  /* Four thousand million strings would not fit in memory.  */
  if (n_strings > UINT32_MAX)
    return;
  struct tail_item *sorted = ls_big_alloc (n_strings * sizeof *sorted);
  for (size_t i = 0; i < n_strings; i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      /* "" ends every string: not worth a line.  */
      if (!live[i] || s->nbytes <= s->elem_size)
	continue;
      struct tail_item *x = &sorted[n++];
      *x = (struct tail_item) { 0, s->bytes + s->nbytes, s->nbytes,
				(uint32_t) i, s->elem_size };
      /* The bytes are near the string, which is at hand.  */
      x->key = chunk_key (x, 0);
    }
  sort_tails (sorted, n);
  struct indexed_suffix *found = NULL;
  size_t n_found = 0, found_alloc = 0;
  for (size_t i = 0; i + 1 < n; i++)
    {
      const struct ls_string *tail = ls_program_string (p, sorted[i].index);
      const struct ls_string *longer = ls_program_string (p,
							  sorted[i + 1].index);
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
  /* Whether each string is live, found once: asking meant reading its
     first use, a cache miss for each string of a large program.  */
  size_t n_strings = ls_program_n_strings (p);
  unsigned char *live = ls_big_alloc (n_strings ? n_strings : 1);
  find_near_duplicates (p, out, live);
  find_suffixes (p, out, live);
  ls_big_free (live, n_strings ? n_strings : 1);
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
