/* hashset.c: the core's one hash set (see hashset.h).  */

#include "hashset.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The table starts with this many slots.  */
#define FIRST_SIZE 256

static void
put (struct ls_hashset_slot *slots, size_t mask, uint64_t hash, void *item)
{
  size_t i = hash & mask;
  while (slots[i].item)
    i = (i + 1) & mask;
  slots[i].hash = hash;
  slots[i].item = item;
}

/* A large table is one of util.h's big blocks: see there.  */
static void
free_slots (ls_hashset *set)
{
  if (set->slots)
    ls_big_free (set->slots, (set->mask + 1) * sizeof *set->slots);
}

/* Move SET's items to a table of SIZE slots (a power of two).  */
static void
resize (ls_hashset *set, size_t size)
{
  struct ls_hashset_slot *slots = ls_big_table (size, sizeof *slots);
  for (size_t i = 0; set->slots && i <= set->mask; i++)
    if (set->slots[i].item)
      put (slots, size - 1, set->slots[i].hash, set->slots[i].item);
  free_slots (set);
  set->slots = slots;
  set->mask = size - 1;
}

void
ls_hashset_add (ls_hashset *set, uint64_t hash, void *item)
{
  if (!set->slots || (set->count + 1) * 2 > set->mask + 1)
    resize (set, set->slots ? 2 * (set->mask + 1) : FIRST_SIZE);
  put (set->slots, set->mask, hash, item);
  set->count++;
}

void
ls_hashset_reserve (ls_hashset *set, size_t n)
{
  size_t size = set->slots ? set->mask + 1 : FIRST_SIZE;
  while (size / 2 < n)
    size *= 2;
  if (!set->slots || size > set->mask + 1)
    resize (set, size);
}

void *
ls_hashset_next (const ls_hashset *set, size_t *cursor)
{
  for (; set->slots && *cursor <= set->mask; ++*cursor)
    if (set->slots[*cursor].item)
      return set->slots[(*cursor)++].item;
  return NULL;
}

void
ls_hashset_free (ls_hashset *set)
{
  free_slots (set);
  set->slots = NULL;
  set->mask = 0;
  set->count = 0;
}

bool
ls_span_match (const void *item, const void *key)
{
  const struct ls_span *k = key;
  const char *s = item;
  /* strnlen first: S may be shorter than the span.  */
  return strnlen (s, k->len + 1) == k->len && memcmp (s, k->s, k->len) == 0;
}
