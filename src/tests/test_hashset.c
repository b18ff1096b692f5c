/* test_hashset.c: unit tests for hashset.c, the core's one hash set.

   Every item added is found again, under its own hash and key only,
   through growth and through ls_hashset_reserve; ls_hashset_next
   visits each item once; a set reserved for N items does not move its
   table while they are added (what reserving is for), and reserving
   never loses an item nor shrinks the table.  */

#include "unit.h"
#include "hashset.h"
#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#define N_ITEMS 20000

/* Items are numbers; a few share a hash on purpose, so that probing
   past a slot of the same hash is exercised.  */
static unsigned items[N_ITEMS];

static uint64_t
hash_of (unsigned v)
{
  return v % 7 == 0 ? 12345 : ls_hash_bytes (LS_HASH_SEED, &v, sizeof v);
}

static bool
number_match (const void *item, const void *key)
{
  return *(const unsigned *) item == *(const unsigned *) key;
}

static void
add_items (ls_hashset *set, size_t from, size_t to)
{
  for (size_t i = from; i < to; i++)
    ls_hashset_add (set, hash_of (items[i]), &items[i]);
}

/* Are items [0, N) all found, each as itself, and is a number that was
   not added absent?  */
static bool
all_found (const ls_hashset *set, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (ls_hashset_find (set, hash_of (items[i]), number_match, &items[i])
	!= &items[i])
      return false;
  unsigned absent = 3 * N_ITEMS + 7;
  return ls_hashset_find (set, hash_of (absent), number_match, &absent)
	 == NULL;
}

/* Does ls_hashset_next visit each of the N items once?  */
static bool
each_visited_once (const ls_hashset *set, size_t n)
{
  unsigned char *seen = calloc (N_ITEMS, 1);
  size_t cursor = 0, visits = 0;
  bool ok = true;
  for (void *item; (item = ls_hashset_next (set, &cursor)) != NULL; visits++)
    {
      size_t i = (size_t) ((unsigned *) item - items);
      ok &= i < n && !seen[i];
      if (i < N_ITEMS)
	seen[i] = 1;
    }
  free (seen);
  return ok && visits == n;
}

static void
test_growth (void)
{
  ls_hashset set = { 0 };
  unsigned one = 1;
  UNIT_CHECK ("hashset: an empty set finds nothing",
	      ls_hashset_find (&set, hash_of (one), number_match, &one) == NULL);
  add_items (&set, 0, N_ITEMS);
  UNIT_CHECK ("hashset: every item found after growing", all_found (&set, N_ITEMS));
  UNIT_CHECK ("hashset: the count", set.count == N_ITEMS);
  UNIT_CHECK ("hashset: at most half full", set.count * 2 <= set.mask + 1);
  UNIT_CHECK ("hashset: next visits each item once",
	      each_visited_once (&set, N_ITEMS));
  ls_hashset_free (&set);
  UNIT_CHECK ("hashset: empty after free", set.slots == NULL && set.count == 0);
}

static void
test_reserve (void)
{
  ls_hashset set = { 0 };
  ls_hashset_reserve (&set, N_ITEMS);
  const struct ls_hashset_slot *table = set.slots;
  size_t mask = set.mask;
  add_items (&set, 0, N_ITEMS);
  UNIT_CHECK ("reserve: the table does not move while the items are added",
	      set.slots == table && set.mask == mask);
  UNIT_CHECK ("reserve: no more than twice the slots needed",
	      mask + 1 <= 4 * (size_t) N_ITEMS);
  UNIT_CHECK ("reserve: every item found", all_found (&set, N_ITEMS));
  ls_hashset_reserve (&set, 10);
  UNIT_CHECK ("reserve: fewer than held keeps the table",
	      set.slots == table && set.mask == mask);
  ls_hashset_free (&set);

  /* At most half full, as adding keeps it: 16384 items in 32768 slots,
     one more in 65536; nothing reserved still makes the first table.  */
  ls_hashset_reserve (&set, 16384);
  UNIT_CHECK ("reserve: the smallest table that holds N items",
	      set.mask + 1 == 32768);
  ls_hashset_reserve (&set, 16385);
  UNIT_CHECK ("reserve: one item more doubles it", set.mask + 1 == 65536);
  ls_hashset_free (&set);
  ls_hashset_reserve (&set, 0);
  UNIT_CHECK ("reserve: none makes the first table",
	      set.slots != NULL && set.mask + 1 == 256 && set.count == 0);
  ls_hashset_free (&set);

  /* Reserving with items in the set moves them to the larger table.  */
  add_items (&set, 0, 1000);
  ls_hashset_reserve (&set, N_ITEMS);
  table = set.slots;
  UNIT_CHECK ("reserve: items held before are found",
	      set.count == 1000 && all_found (&set, 1000));
  add_items (&set, 1000, N_ITEMS);
  UNIT_CHECK ("reserve: then no move for the rest",
	      set.slots == table && all_found (&set, N_ITEMS));
  UNIT_CHECK ("reserve: next visits each item once",
	      each_visited_once (&set, N_ITEMS));
  /* Beyond what was reserved, the set grows as before.  */
  ls_hashset_free (&set);
  ls_hashset_reserve (&set, 100);
  add_items (&set, 0, N_ITEMS);
  UNIT_CHECK ("reserve: grows past what was reserved",
	      all_found (&set, N_ITEMS) && set.count * 2 <= set.mask + 1);
  ls_hashset_free (&set);
}

int
main (void)
{
  for (unsigned i = 0; i < N_ITEMS; i++)
    items[i] = 3 * i + 1;
  test_growth ();
  test_reserve ();
  return unit_done ("test_hashset");
}
