/* util.h: the small helpers every file of the C core needs.

   Allocation that cannot fail (the plugin can do nothing useful
   without memory, so running out prints one line and aborts), arrays
   that grow by doubling, error messages formatted into malloc'd
   strings, the FNV-1a hash behind every hash table of the core, and
   the three-way comparisons qsort callbacks are built from.  One
   version of each, so that a policy (how an array grows, what a hash
   is) is decided in one place.  No GCC header, no state.  */

#ifndef LTOSPELL_UTIL_H
#define LTOSPELL_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Allocate or die.  A size of zero still gives a unique pointer.  */
void *ls_xmalloc (size_t size);
void *ls_xcalloc (size_t n, size_t size);
void *ls_xrealloc (void *old, size_t size);
char *ls_xstrdup (const char *s);
/* The LEN bytes at S, NUL-terminated (S may hold NULs: all are copied).  */
char *ls_xstrndup (const char *s, size_t len);

/* Blocks of LS_BIG_BLOCK bytes or more that the core frees while lto1
   runs on: mapped and unmapped here, not by malloc.  glibc's free
   raises its mmap threshold to the size of a block it had mapped (up
   to 32 MB), so that lto1's later blocks of 128 KB up to that size
   come from the heap, where calloc clears them page by page instead
   of taking fresh zero pages: 0.4 MB more at jq's peak when a 268 KB
   source text and three 132 KB tables went back to malloc.  Smaller
   blocks are malloc's.  The caller gives the size back when it frees
   (or grows) a block.  ls_big_calloc's memory is zeroed, and so is
   ls_big_table's, whose mapped pages are in place from the start: for
   a block the caller fills whole (a hash table's slots, one entry a
   line), not one it may leave mostly untouched.  */
#define LS_BIG_BLOCK ((size_t) 128 * 1024)
void *ls_big_alloc (size_t size);
void *ls_big_calloc (size_t n, size_t size);
void *ls_big_table (size_t n, size_t size);
/* The block P of OLD_SIZE bytes, grown to NEW_SIZE (contents kept).  */
void *ls_big_grow (void *p, size_t old_size, size_t new_size);
void ls_big_free (void *p, size_t size);
/* Unmap the block the last ls_big_free kept for the next big block
   (see util.c): at the end of a check, so that what the core let go
   goes back to the system.  */
void ls_big_release_spare (void);

/* qsort, stable (elements that compare equal keep their order, as
   they do in glibc's merge sort), with its buffer one of the big
   blocks above: glibc's qsort mallocs a buffer the size of the array,
   and every sort of 128 KB or more raised the mmap threshold.  */
void ls_sort (void *base, size_t n, size_t size,
	      int (*compare) (const void *, const void *));
/* ls_sort with DATA passed to each COMPARE, as glibc's qsort_r.  */
void ls_sort_r (void *base, size_t n, size_t size,
		int (*compare) (const void *, const void *, void *),
		void *data);

/* Make ITEMS (ELEM bytes each, *ALLOC allocated) hold at least NEEDED
   elements: the allocation doubles, starting from FIRST, so appending
   one at a time costs amortized constant time.  Returns the (possibly
   moved) array; *ALLOC is updated.  */
void *ls_grow_array (void *items, size_t *alloc, size_t needed, size_t elem,
		     size_t first);

/* ls_grow_array for an array that is one of the big blocks: free it
   with ls_big_free (ITEMS, *ALLOC * ELEM).  */
void *ls_big_grow_array (void *items, size_t *alloc, size_t needed,
			 size_t elem, size_t first);

/* A malloc'd printf-style message; aborts when out of memory.  */
char *ls_xasprintf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
char *ls_xvasprintf (const char *fmt, va_list ap)
  __attribute__ ((format (printf, 1, 0)));

/* A malloc'd printf-style error message, or NULL when out of memory:
   for the paths that report a bad option or file and must not abort
   while doing so.  */
char *ls_error_printf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Space, tab, carriage return or newline: what separates words and
   ends lines in the texts and files the core reads.  */
static inline int
ls_is_blank (unsigned c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Called by ls_read_lines for line LINENO (from 1): the N bytes at
   LINE, its newline kept, NUL-terminated.  Returns 0, or -1 to stop
   with *ERR set (when ERR is not NULL) to a malloc'd message.  */
typedef int (*ls_line_fn) (char *line, size_t n, unsigned lineno,
			   void *data, char **err);

/* Call FN on each line of the file at PATH.  Returns 0, or -1 with
   *ERR set: FN's message, or "cannot read WHAT 'PATH': REASON" when
   the file cannot be opened or read (a directory, an I/O error).  */
int ls_read_lines (const char *path, const char *what, ls_line_fn fn,
		   void *data, char **err);

/* FNV-1a, 64 bits: short keys, good enough spread, no setup.  Start
   from LS_HASH_SEED (or a value derived from it) and feed bytes.  */
#define LS_HASH_SEED 0xcbf29ce484222325ULL
#define LS_HASH_PRIME 0x100000001b3ULL

static inline uint64_t
ls_hash_byte (uint64_t h, unsigned char c)
{
  return (h ^ c) * LS_HASH_PRIME;
}

uint64_t ls_hash_bytes (uint64_t h, const void *data, size_t len);

/* A hash of LEN bytes read eight at a time, for the tables that hash
   whole strings (the program's strings, their near-duplicate keys):
   four to six times fewer instructions than FNV-1a on a message.  Its
   values are never written anywhere: FNV-1a stays for the hashes that
   are (the precompiled word lists, SARIF fingerprints).  */
uint64_t ls_hash_long (uint64_t h, const void *data, size_t len);

/* ls_hash_long's three steps, for a caller that makes the words it
   hashes (dups.c's near-duplicate keys, folded to lowercase as they
   are read): start from seed H for LEN bytes, mix in each word of
   eight bytes (the last one zero-filled), finish.  Each word is mixed
   in by a multiplication, which carries its low bits up, and a shift,
   which brings the high ones down; murmur3's finalizer then spreads
   every bit over the low ones, which index the hash sets.  */
#define LS_HASH_LONG_K 0x9E3779B97F4A7C15ULL

static inline uint64_t
ls_hash_long_start (uint64_t h, size_t len)
{
  return h ^ len * LS_HASH_LONG_K;
}

static inline uint64_t
ls_hash_long_word (uint64_t h, uint64_t w)
{
  h = (h ^ w) * LS_HASH_LONG_K;
  return h ^ h >> 29;
}

static inline uint64_t
ls_hash_long_finish (uint64_t h)
{
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ h >> 33;
}

/* The high bit of each byte of V (eight bytes read at once) that is
   ASCII and in [LO, HI], 0 < LO <= HI < 0x7F.  In each byte without its
   high bit, adding 0x80 - LO sets that bit from LO up and 0x7F - HI
   from HI + 1 up, with no carry into the next byte.  */
static inline uint64_t
ls_ascii_bytes_in (uint64_t v, unsigned lo, unsigned hi)
{
  const uint64_t ones = 0x0101010101010101ULL;
  uint64_t x = v & 0x7F * ones;
  return (x + (0x80 - lo) * ones) & ~(x + (0x7F - hi) * ones) & ~v
	 & 0x80 * ones;
}

/* Are the eight bytes of V all ASCII and in [LO, HI] (as
   ls_ascii_bytes_in)?  */
static inline bool
ls_ascii_all_in (uint64_t v, unsigned lo, unsigned hi)
{
  return ls_ascii_bytes_in (v, lo, hi) == 0x8080808080808080ULL;
}

/* Is one of the eight bytes of V equal to C?  The classic test for a
   zero byte: exact for "any", though not byte by byte.  */
static inline bool
ls_has_byte (uint64_t v, unsigned char c)
{
  const uint64_t ones = 0x0101010101010101ULL;
  uint64_t x = v ^ c * ones;
  return ((x - ones) & ~x & 0x80 * ones) != 0;
}

/* Three-way comparisons: <0, 0 or >0 as A sorts before, with or after B.  */
static inline int
ls_compare_size (size_t a, size_t b)
{
  return (a > b) - (a < b);
}

/* Names that may be NULL (which sorts first); equal pointers are equal
   without reading them, which is the common case for interned names.  */
int ls_compare_names (const char *a, const char *b);
/* A qsort callback for an array of (possibly NULL) names.  */
int ls_compare_name_ptrs (const void *pa, const void *pb);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_UTIL_H */
