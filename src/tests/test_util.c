/* test_util.c: unit tests for util.c's sort and big blocks.

   ls_sort must order exactly as glibc's qsort does, ties included
   (glibc sorts by merging, so equal elements keep their order): the
   reports' order depends on it.  Checked against qsort on random
   arrays with many ties, for the element sizes the core sorts.  The
   big blocks must keep their contents when they grow or shrink across
   LS_BIG_BLOCK, where they move between malloc and mmap.  */

#include "unit.h"
#include "util.h"

#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Elements of several sizes whose first byte is the key: most compare
   equal, and the rest of the element tells them apart afterwards.  */
static size_t elem_size;

static int
compare_first_byte (const void *a, const void *b)
{
  return *(const unsigned char *) a - *(const unsigned char *) b;
}

static void
test_sort_matches_qsort (void)
{
  static const size_t sizes[] = { 1, 4, 8, 12, 16, 24, 40, 72 };
  static const size_t counts[] = { 0, 1, 2, 3, 7, 64, 1000, 30000 };
  srand (11);
  int mismatches = 0, cases = 0;
  for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
    for (size_t ci = 0; ci < sizeof counts / sizeof *counts; ci++)
      {
	elem_size = sizes[si];
	size_t n = counts[ci], bytes = n * elem_size;
	unsigned char *a = malloc (bytes + 1), *b = malloc (bytes + 1);
	for (size_t i = 0; i < bytes; i++)
	  a[i] = (unsigned char) (i % elem_size == 0 ? rand () % 5 : rand ());
	memcpy (b, a, bytes);
	qsort (a, n, elem_size, compare_first_byte);
	ls_sort (b, n, elem_size, compare_first_byte);
	mismatches += memcmp (a, b, bytes) != 0;
	cases++;
	free (a);
	free (b);
      }
  UNIT_CHECK ("sort: the order of glibc's qsort, ties included, 64 cases",
	      cases == 64 && mismatches == 0);
}

/* ls_sort_r's DATA reaches the comparison: indices ordered by the keys
   DATA holds, ties (a few key values) in glibc's qsort_r order.  */
static int
compare_by_key (const void *a, const void *b, void *keys)
{
  const unsigned char *k = keys;
  return k[*(const uint32_t *) a] - k[*(const uint32_t *) b];
}

static void
test_sort_r_matches_qsort_r (void)
{
  enum { n = 5000 };
  static unsigned char keys[n];
  static uint32_t a[n], b[n];
  srand (17);
  for (uint32_t i = 0; i < n; i++)
    {
      keys[i] = (unsigned char) (rand () % 7);
      a[i] = b[i] = i;
    }
  qsort_r (a, n, sizeof *a, compare_by_key, keys);
  ls_sort_r (b, n, sizeof *b, compare_by_key, keys);
  bool ordered = true;
  for (size_t i = 1; i < n; i++)
    ordered &= keys[b[i - 1]] <= keys[b[i]];
  UNIT_CHECK ("sort_r: ordered by the data's keys, ties as glibc's qsort_r",
	      ordered && memcmp (a, b, sizeof a) == 0);
}

/* A block of SIZE bytes filled with a pattern from SEED.  */
static void
fill (unsigned char *p, size_t size, unsigned seed)
{
  for (size_t i = 0; i < size; i++)
    p[i] = (unsigned char) (i * 31 + seed);
}

static int
same (const unsigned char *p, size_t size, unsigned seed)
{
  for (size_t i = 0; i < size; i++)
    if (p[i] != (unsigned char) (i * 31 + seed))
      return 0;
  return 1;
}

static void
test_big_blocks (void)
{
  /* Small to big to bigger to small: malloc, mmap, mremap, malloc.  */
  size_t steps[] = { 1000, LS_BIG_BLOCK - 1, LS_BIG_BLOCK, 3 * LS_BIG_BLOCK,
		     LS_BIG_BLOCK + 5, 100, 7 };
  size_t size = steps[0];
  unsigned char *p = ls_big_alloc (size);
  fill (p, size, 1);
  int ok = 1;
  for (size_t k = 1; k < sizeof steps / sizeof *steps; k++)
    {
      size_t next = steps[k], kept = size < next ? size : next;
      p = ls_big_grow (p, size, next);
      ok &= same (p, kept, 1);
      fill (p, next, 1);
      size = next;
    }
  ls_big_free (p, size);
  UNIT_CHECK ("big blocks: contents kept across 128 KB both ways", ok);

  size_t n = 100000;
  uint32_t *z = ls_big_calloc (n, sizeof *z);
  int zero = 1;
  for (size_t i = 0; i < n; i++)
    zero &= z[i] == 0;
  ls_big_free (z, n * sizeof *z);
  uint32_t *zs = ls_big_calloc (10, sizeof *zs);
  for (size_t i = 0; i < 10; i++)
    zero &= zs[i] == 0;
  ls_big_free (zs, 10 * sizeof *zs);
  UNIT_CHECK ("big blocks: calloc'd small and big blocks are zero", zero);

  uint64_t *items = NULL;
  size_t alloc = 0;
  for (size_t i = 0; i < 50000; i++)
    {
      items = ls_big_grow_array (items, &alloc, i + 1, sizeof *items, 4);
      items[i] = i * 7;
    }
  int kept = alloc >= 50000;
  for (size_t i = 0; i < 50000; i++)
    kept &= items[i] == i * 7;
  ls_big_free (items, alloc * sizeof *items);
  UNIT_CHECK ("big blocks: a grown array keeps its items", kept);
}

/* From where glibc would map a block (its size with malloc's header,
   rounded up to 16 bytes, reaches 128 KB: requests of 131,049 bytes),
   ls_big_alloc maps it itself, page-aligned, and glibc counts no
   block of its own.  Not under AddressSanitizer (util.c).  */
static void
test_big_block_boundary (void)
{
#ifndef __SANITIZE_ADDRESS__
  int ours = 1;
  for (size_t size = LS_BIG_BLOCK - 23; size <= LS_BIG_BLOCK + 16; size++)
    {
      size_t before = mallinfo2 ().hblkhd;
      void *p = ls_big_alloc (size);
      ours &= ((uintptr_t) p & 4095) == 0 && mallinfo2 ().hblkhd == before;
      ls_big_free (p, size);
    }
  UNIT_CHECK ("big blocks: mapped here from the size malloc would map", ours);
#endif
}

/* The spare block: the block the last ls_big_free let go is the next
   big block (cut to its size, or grown with its pages), zeroed when
   asked for zeroed memory, never more than 64 MB, and unmapped by
   ls_big_release_spare.  Not under AddressSanitizer (no big blocks of
   ours there).  */
#ifndef __SANITIZE_ADDRESS__
/* Is the page at P mapped?  msync says ENOMEM for one that is not.  */
static bool
page_mapped (const void *p)
{
  uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  return msync ((void *) ((uintptr_t) p & ~(page - 1)), page, MS_ASYNC) == 0;
}
#endif

static void
test_big_spare (void)
{
#ifndef __SANITIZE_ADDRESS__
  size_t mb = 1024 * 1024;
  unsigned char *a = ls_big_alloc (mb);
  memset (a, 0xab, mb);
  ls_big_free (a, mb);
  UNIT_CHECK ("spare: a block let go stays mapped", page_mapped (a));
  unsigned char *b = ls_big_alloc (256 * 1024);
  UNIT_CHECK ("spare: the next big block is the spare, cut to its size",
	      b == a && page_mapped (b + 255 * 1024)
	      && !page_mapped (b + 256 * 1024) && !page_mapped (b + mb - 1));
  ls_big_free (b, 256 * 1024);
  unsigned char *c = ls_big_alloc (2 * mb);
  bool kept = c[0] == 0xab && c[256 * 1024 - 1] == 0xab;
  memset (c, 0xcd, 2 * mb);
  UNIT_CHECK ("spare: grown to a larger block, its pages kept", kept);
  ls_big_free (c, 2 * mb);
  uint64_t *z = ls_big_calloc (mb / 8, sizeof *z);
  bool zero = true;
  for (size_t i = 0; i < mb / 8; i++)
    zero &= z[i] == 0;
  UNIT_CHECK ("spare: calloc'd from the spare, zeroed", zero && (void *) z == c);
  memset (z, 0xef, mb);
  ls_big_free (z, mb);
  uint32_t *t = ls_big_table (mb / 4, sizeof *t);
  zero = true;
  for (size_t i = 0; i < mb / 4; i++)
    zero &= t[i] == 0;
  UNIT_CHECK ("spare: a table from the spare, zeroed", zero);
  ls_big_free (t, mb);
  ls_big_release_spare ();
  UNIT_CHECK ("spare: released, unmapped", !page_mapped (t));
  unsigned char *d = ls_big_alloc (mb);
  UNIT_CHECK ("spare: none after the release, a fresh block",
	      d != NULL && page_mapped (d));
  unsigned char *huge = ls_big_alloc (65 * mb);
  huge[0] = 1;
  ls_big_free (huge, 65 * mb);
  UNIT_CHECK ("spare: a block over 64 MB is unmapped at once",
	      !page_mapped (huge));
  unsigned char *e = ls_big_alloc (3 * mb);
  ls_big_free (d, mb);
  ls_big_free (e, 3 * mb);
  UNIT_CHECK ("spare: the last let go kept, the one before unmapped",
	      !page_mapped (d) && page_mapped (e + 3 * mb - 1));
  ls_big_release_spare ();
#endif
}

/* ls_hash_long: the same bytes the same hash; lengths, trailing NULs,
   the seed and each byte count; the low bits that index a hash set
   spread strings that differ in one digit.  */
static void
test_hash_long (void)
{
  UNIT_CHECK ("hash: the same bytes",
	      ls_hash_long (1, "a message of text", 17)
	      == ls_hash_long (1, "a message of text", 17));
  UNIT_CHECK ("hash: a trailing NUL counts",
	      ls_hash_long (1, "abcdefgh", 8) != ls_hash_long (1, "abcdefgh", 9)
	      && ls_hash_long (1, "ab", 2) != ls_hash_long (1, "ab", 3));
  UNIT_CHECK ("hash: the seed counts",
	      ls_hash_long (1, "abc", 3) != ls_hash_long (2, "abc", 3));
  UNIT_CHECK ("hash: nothing", ls_hash_long (1, "", 0)
			       != ls_hash_long (2, "", 0));
  char text[40] = "the quick brown fox jumps over the dog";
  bool each_byte = true;
  uint64_t h0 = ls_hash_long (7, text, sizeof text);
  for (size_t i = 0; i < sizeof text; i++)
    {
      text[i] ^= 1;
      each_byte = each_byte && ls_hash_long (7, text, sizeof text) != h0;
      text[i] ^= 1;
    }
  UNIT_CHECK ("hash: each byte of a long string counts", each_byte);
  /* 4,096 strings in 1,024 buckets: 4 each on average.  */
  unsigned buckets[1024] = { 0 }, most = 0;
  for (unsigned i = 0; i < 4096; i++)
    {
      char s[64];
      int n = snprintf (s, sizeof s, "error %u while reading the file", i);
      unsigned b = (unsigned) (ls_hash_long (7, s, (size_t) n) & 1023);
      if (++buckets[b] > most)
	most = buckets[b];
    }
  UNIT_CHECK ("hash: low bits spread near strings", most <= 16);
}

/* ls_ascii_all_in and ls_has_byte against a byte at a time: every
   byte value at every position of a word of plain bytes, then random
   words rich in the bytes around the ones sought (a borrow from a
   byte equal to C into the next one must not matter).  */
static bool
reference_all_in (const unsigned char b[8], unsigned lo, unsigned hi)
{
  for (int i = 0; i < 8; i++)
    if (b[i] < lo || b[i] > hi)
      return false;
  return true;
}

static bool
reference_has (const unsigned char b[8], unsigned char c)
{
  return memchr (b, c, 8) != NULL;
}

static bool
word_tests_agree (const unsigned char b[8])
{
  uint64_t v;
  memcpy (&v, b, sizeof v);
  return ls_ascii_all_in (v, 0x20, 0x7E) == reference_all_in (b, 0x20, 0x7E)
	 && ls_ascii_all_in (v, 'a', 'z') == reference_all_in (b, 'a', 'z')
	 && ls_has_byte (v, '"') == reference_has (b, '"')
	 && ls_has_byte (v, '\\') == reference_has (b, '\\')
	 && ls_has_byte (v, 0) == reference_has (b, 0);
}

static void
test_word_tests (void)
{
  bool agree = true;
  for (int at = 0; at < 8; at++)
    for (unsigned c = 0; c < 256; c++)
      {
	unsigned char b[8];
	memset (b, 'm', sizeof b);
	b[at] = (unsigned char) c;
	agree = agree && word_tests_agree (b);
      }
  UNIT_CHECK ("word tests: each byte value at each place", agree);
  static const unsigned char near[] = { 0, 1, 0x1F, 0x20, 0x21, '"', '#',
					'[', '\\', ']', 'a', 'z', 0x7E,
					0x7F, 0x80, 0xA2, 0xDC, 0xFF };
  unsigned seed = 12345;
  for (int k = 0; k < 100000 && agree; k++)
    {
      unsigned char b[8];
      for (int i = 0; i < 8; i++)
	{
	  seed = seed * 1103515245u + 12345u;
	  b[i] = near[(seed >> 16) % sizeof near];
	}
      agree = word_tests_agree (b);
    }
  UNIT_CHECK ("word tests: random words of bytes near the bounds", agree);
}

int
main (void)
{
  test_sort_matches_qsort ();
  test_sort_r_matches_qsort_r ();
  test_big_blocks ();
  test_big_block_boundary ();
  test_big_spare ();
  test_hash_long ();
  test_word_tests ();
  return unit_done ("test_util");
}
