/* hashset.h: the one hash set of the C core.

   Open addressing with linear probing; each slot keeps an item (any
   non-NULL pointer the caller owns) with its 64-bit hash, so a probe
   compares hashes before it calls the caller's MATCH, and growing
   never asks for a hash again.  The table doubles when it is half
   full.  Items are never removed.  The caller hashes (util.h's FNV-1a
   ls_hash_bytes, or anything derived) and says what equal means, so
   one table serves exact strings, case-folded keys, byte strings with
   an element size or paths.

   Why not GLib's GHashTable: GLib is only in lto1 once the plugin
   opens libenchant on the first word it checks (enchant-load.c), and
   every compile that writes a summary would load it: libenchant with
   glib, gmodule and pcre2 cost 1.2 ms of CPU in every cc1 (commit
   9d5ec7f), and lto-tests' cli-compile-loads-little fails when the
   core needs anything but libc.  The string table (strtab.c) is used
   in those compiles.  It is slower too: the checker looks words up as
   spans of a string, which GHashTable's string keys must first copy
   to be NUL-terminated; 2M lookups of such spans in the 51,294 common
   words took 57-67 ns each here, 87-101 with GHashTable
   (g_str_hash).

   Iteration (ls_hashset_next) follows the slots, an order that depends
   on the hashes and on the order of insertion: whatever shows the
   items sorts them first.  Base layer: no other header of the core.  */

#ifndef LTOSPELL_HASHSET_H
#define LTOSPELL_HASHSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ls_hashset_slot
{
  uint64_t hash;
  void *item;			/* NULL: empty.  */
};

/* All zero is an empty set (no allocation until the first add or
   reserve).  */
typedef struct ls_hashset
{
  struct ls_hashset_slot *slots;
  size_t mask;			/* Slots - 1 (a power of two - 1).  */
  size_t count;
} ls_hashset;

/* Does ITEM (in the set) equal KEY (what the caller looks up)?  */
typedef bool (*ls_hashset_match) (const void *item, const void *key);

/* The common key: LEN bytes at S, to match items that are
   NUL-terminated strings (ls_span_match: the item is exactly those
   bytes; a span holding a NUL matches nothing).  */
struct ls_span
{
  const char *s;
  size_t len;
};

bool ls_span_match (const void *item, const void *key);

/* Make room in SET for N items in all, so that adding them does not
   grow the table: each growth moves every item to random places of a
   new table, a cache miss each once the table is large.  */
void ls_hashset_reserve (ls_hashset *set, size_t n);

/* The item with hash HASH that MATCH says equals KEY, or NULL.  Inline,
   so that a constant MATCH is inlined too: the speller's cache is
   asked for every word of every string, and 900k lookups of cached
   words took 19-24 ms out of line, 12-14 ms inline, 13-16 ms with
   speller.c's former table of its own.  */
static inline void *
ls_hashset_find (const ls_hashset *set, uint64_t hash,
		 ls_hashset_match match, const void *key)
{
  if (set->count == 0)
    return NULL;
  for (size_t i = hash & set->mask;; i = (i + 1) & set->mask)
    {
      const struct ls_hashset_slot *s = &set->slots[i];
      if (!s->item)
	return NULL;
      if (s->hash == hash && match (s->item, key))
	return s->item;
    }
}

/* Add ITEM (not NULL), whose hash is HASH and which the set does not
   hold yet (ls_hashset_find said so).  */
void ls_hashset_add (ls_hashset *set, uint64_t hash, void *item);

/* The items, one per call: start with *CURSOR = 0; NULL at the end.  */
void *ls_hashset_next (const ls_hashset *set, size_t *cursor);

/* Free the table, not the items; SET is empty again.  */
void ls_hashset_free (ls_hashset *set);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_HASHSET_H */
