/* util.c: the core's small shared helpers (see util.h).

   Running out of memory is not something the plugin can recover from
   in the middle of a link: every allocator here says so on stderr and
   aborts, so callers never test for NULL.  The one exception is
   ls_error_printf, used while reporting a user's mistake, where a NULL
   message is handled by the caller.  */

#include "util.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static _Noreturn void
out_of_memory (void)
{
  fputs ("ltospell: out of memory\n", stderr);
  abort ();
}

void *
ls_xmalloc (size_t size)
{
  void *p = malloc (size ? size : 1);
  if (!p)
    out_of_memory ();
  return p;
}

void *
ls_xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory ();
  return p;
}

void *
ls_xrealloc (void *old, size_t size)
{
  void *p = realloc (old, size ? size : 1);
  if (!p)
    out_of_memory ();
  return p;
}

/* Is a block of SIZE bytes mapped here?  Not under AddressSanitizer,
   which has no mmap threshold to keep, and whose leak checker looks
   for pointers in malloc's blocks, not in these mappings: the items of
   a big hash set would all look leaked.  */
static bool
mapped_here (size_t size)
{
#ifdef __SANITIZE_ADDRESS__
  (void) size;
  return false;
#else
  /* malloc compares the block with its header, rounded up to 16.  */
  return size + 4 * sizeof (size_t) >= LS_BIG_BLOCK;
#endif
}

/* A fresh anonymous mapping of SIZE bytes: zeroed.  POPULATE: with
   its pages in place, for a block that is used whole, such as a hash
   table's slots, filled at random (the 52k-function bench program's
   WPA took 14,000 page faults fewer, each some microseconds of system
   time).  */
static void *
map_block (size_t size, bool populate)
{
  void *p = mmap (NULL, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0),
		  -1, 0);
  if (p == MAP_FAILED)
    out_of_memory ();
  return p;
}

/* The last block ls_big_free let go, still mapped, for the next big
   block: the core's big blocks come and go in runs (the duplication
   passes' scratch arrays, the merge sorts' buffers, each the size of
   the program's strings), and a fresh page costs a page fault, some
   microseconds of system time (a 4 KB memset, a tenth of one).  On
   the 52k-function bench program's WPA, 1,500 page faults fewer
   (171,500 to 170,000).  Unmapped by ls_big_release_spare, or when a
   later block is let go.  */
static void *spare;
static size_t spare_size;	/* Whole pages.  */

/* A spare block larger than this is unmapped at once.  */
#define LS_SPARE_MAX ((size_t) 64 * 1024 * 1024)

static size_t
whole_pages (size_t size)
{
  static size_t page;
  if (!page)
    {
      long sz = sysconf (_SC_PAGESIZE);
      page = sz > 0 ? (size_t) sz : 4096;
    }
  return (size + page - 1) / page * page;
}

/* The spare block made exactly SIZE bytes (whole pages), or NULL: cut
   down, or grown with its pages moved (mremap), so that ls_big_free
   unmaps what the caller's size says.  */
static void *
take_spare (size_t size)
{
  if (!spare)
    return NULL;
  void *p = spare;
  size_t have = spare_size, want = whole_pages (size);
  spare = NULL;
  spare_size = 0;
  if (have > want)
    munmap ((char *) p + want, have - want);
  else if (have < want)
    {
      void *q = mremap (p, have, want, MREMAP_MAYMOVE);
      if (q == MAP_FAILED)
	{
	  munmap (p, have);
	  return NULL;
	}
      p = q;
    }
  return p;
}

void
ls_big_release_spare (void)
{
  if (spare)
    munmap (spare, spare_size);
  spare = NULL;
  spare_size = 0;
}

void *
ls_big_alloc (size_t size)
{
  if (!mapped_here (size))
    return ls_xmalloc (size);
  void *p = take_spare (size);
  return p ? p : map_block (size, false);
}

/* N zeroed elements of SIZE bytes, mapped with their pages in place
   when POPULATE.  */
static void *
zeroed_block (size_t n, size_t size, bool populate)
{
  if (size && n > SIZE_MAX / size)
    out_of_memory ();
  if (!mapped_here (n * size))
    return ls_xcalloc (n, size);
  /* The spare only when it holds the whole block: its pages are in
     place, where mremap's new ones would each be faulted by memset.  */
  if (spare && spare_size >= n * size)
    {
      void *p = take_spare (n * size);
      memset (p, 0, n * size);
      return p;
    }
  return map_block (n * size, populate);
}

void *
ls_big_calloc (size_t n, size_t size)
{
  return zeroed_block (n, size, false);
}

void *
ls_big_table (size_t n, size_t size)
{
  return zeroed_block (n, size, true);
}

void *
ls_big_grow (void *p, size_t old_size, size_t new_size)
{
  bool was_mapped = mapped_here (old_size), mapped = mapped_here (new_size);
  if (!was_mapped && !mapped)
    return ls_xrealloc (p, new_size);
  if (was_mapped && mapped)
    {
      void *q = mremap (p, old_size, new_size, MREMAP_MAYMOVE);
      if (q == MAP_FAILED)
	out_of_memory ();
      return q;
    }
  void *q = ls_big_alloc (new_size);
  memcpy (q, p, old_size < new_size ? old_size : new_size);
  ls_big_free (p, old_size);
  return q;
}

void
ls_big_free (void *p, size_t size)
{
  if (!p)
    return;
  if (!mapped_here (size))
    free (p);
  else if (whole_pages (size) > LS_SPARE_MAX)
    munmap (p, size);
  else
    {
      ls_big_release_spare ();
      spare = p;
      spare_size = whole_pages (size);
    }
}

typedef int (*compare_fn) (const void *, const void *);

/* One element of SIZE bytes.  The core's arrays hold pointers and
   structures of a few pointers and sizes: those are copied inline,
   eight bytes at a time (a call to memcpy for each element was a
   quarter of the sorts' instructions on the 52k-function bench
   program).  */
static inline void
copy_element (char *to, const char *from, size_t size)
{
  /* Pointers before the loop, which costs them more than one move.  */
  if (size == sizeof (void *))
    memcpy (to, from, sizeof (void *));
  else if (size % sizeof (uint64_t) == 0 && size <= 8 * sizeof (uint64_t))
    for (size_t k = 0; k < size; k += sizeof (uint64_t))
      memcpy (to + k, from + k, sizeof (uint64_t));
  else
    memcpy (to, from, size);
}

/* How two elements compare: through COMPARE, or COMPARE_R with DATA
   when COMPARE is NULL.  */
struct sort_order
{
  compare_fn compare;
  int (*compare_r) (const void *, const void *, void *);
  void *data;
};

static inline int
compare_elements (const struct sort_order *order, const void *a,
		  const void *b)
{
  return order->compare ? order->compare (a, b)
			: order->compare_r (a, b, order->data);
}

/* Sort the N elements at BASE through TMP (as large): glibc's
   msort_with_tmp, the left element first among equals.  */
static void
merge_sort (char *base, size_t n, size_t size,
	    const struct sort_order *order, char *tmp)
{
  if (n <= 1)
    return;
  size_t n1 = n / 2, n2 = n - n1;
  char *b1 = base, *b2 = base + n1 * size, *to = tmp;
  merge_sort (b1, n1, size, order, tmp);
  merge_sort (b2, n2, size, order, tmp);
  /* Halves already in order need no merge: input that arrives sorted,
     or nearly (a program's strings come unit by unit, in the order of
     their first use), costs a comparison per half.  */
  if (compare_elements (order, b2 - size, b2) <= 0)
    return;
  while (n1 > 0 && n2 > 0)
    {
      if (compare_elements (order, b1, b2) <= 0)
	{
	  copy_element (to, b1, size);
	  b1 += size;
	  n1--;
	}
      else
	{
	  copy_element (to, b2, size);
	  b2 += size;
	  n2--;
	}
      to += size;
    }
  /* What is left of the second half is in place already.  */
  if (n1 > 0)
    memcpy (to, b1, n1 * size);
  memcpy (base, tmp, (n - n2) * size);
}

static void
sort_in_order (void *base, size_t n, size_t size,
	       const struct sort_order *order)
{
  if (n <= 1)
    return;
  if (size && n > SIZE_MAX / size)
    out_of_memory ();
  char small[1024];
  size_t bytes = n * size;
  char *tmp = bytes <= sizeof small ? small : ls_big_alloc (bytes);
  merge_sort (base, n, size, order, tmp);
  if (tmp != small)
    ls_big_free (tmp, bytes);
}

void
ls_sort (void *base, size_t n, size_t size, compare_fn compare)
{
  struct sort_order order = { compare, NULL, NULL };
  sort_in_order (base, n, size, &order);
}

void
ls_sort_r (void *base, size_t n, size_t size,
	   int (*compare) (const void *, const void *, void *), void *data)
{
  struct sort_order order = { NULL, compare, data };
  sort_in_order (base, n, size, &order);
}

char *
ls_xstrndup (const char *s, size_t len)
{
  char *copy = ls_xmalloc (len + 1);
  memcpy (copy, s, len);
  copy[len] = '\0';
  return copy;
}

char *
ls_xstrdup (const char *s)
{
  return ls_xstrndup (s, strlen (s));
}

/* How many elements of ELEM bytes an array of ALLOC grows to, to hold
   NEEDED: doubled, from FIRST.  */
static size_t
grown_count (size_t alloc, size_t needed, size_t elem, size_t first)
{
  size_t n = alloc ? alloc * 2 : first;
  while (n < needed)
    n *= 2;
  if (elem && n > SIZE_MAX / elem)
    out_of_memory ();
  return n;
}

void *
ls_grow_array (void *items, size_t *alloc, size_t needed, size_t elem,
	       size_t first)
{
  if (needed <= *alloc)
    return items;
  size_t n = grown_count (*alloc, needed, elem, first);
  *alloc = n;
  return ls_xrealloc (items, n * elem);
}

void *
ls_big_grow_array (void *items, size_t *alloc, size_t needed, size_t elem,
		   size_t first)
{
  if (needed <= *alloc)
    return items;
  size_t n = grown_count (*alloc, needed, elem, first);
  items = items ? ls_big_grow (items, *alloc * elem, n * elem)
		: ls_big_alloc (n * elem);
  *alloc = n;
  return items;
}

char *
ls_xvasprintf (const char *fmt, va_list ap)
{
  char *s;
  if (vasprintf (&s, fmt, ap) < 0)
    out_of_memory ();
  return s;
}

char *
ls_xasprintf (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *s = ls_xvasprintf (fmt, ap);
  va_end (ap);
  return s;
}

char *
ls_error_printf (const char *fmt, ...)
{
  va_list ap;
  char *msg;
  va_start (ap, fmt);
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;		/* Its contents are undefined on failure.  */
  va_end (ap);
  return msg;
}

uint64_t
ls_hash_bytes (uint64_t h, const void *data, size_t len)
{
  const unsigned char *p = data;
  for (size_t i = 0; i < len; i++)
    h = ls_hash_byte (h, p[i]);
  return h;
}

/* The steps are util.h's (ls_hash_long_start, _word, _finish).  */
uint64_t
ls_hash_long (uint64_t h, const void *data, size_t len)
{
  const unsigned char *p = data;
  h = ls_hash_long_start (h, len);
  for (; len >= 8; p += 8, len -= 8)
    {
      uint64_t w;
      memcpy (&w, p, sizeof w);
      h = ls_hash_long_word (h, w);
    }
  if (len)
    {
      uint64_t w = 0;
      memcpy (&w, p, len);
      h = ls_hash_long_word (h, w);
    }
  return ls_hash_long_finish (h);
}

int
ls_compare_names (const char *a, const char *b)
{
  if (a == b)
    return 0;
  if (!a || !b)
    return a ? 1 : -1;
  return strcmp (a, b);
}

int
ls_compare_name_ptrs (const void *pa, const void *pb)
{
  return ls_compare_names (*(const char *const *) pa,
			   *(const char *const *) pb);
}

int
ls_read_lines (const char *path, const char *what, ls_line_fn fn,
	       void *data, char **err)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      if (err)
	*err = ls_error_printf ("cannot read %s '%s': %s", what, path,
				strerror (errno));
      return -1;
    }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  unsigned lineno = 0;
  int status = 0;
  errno = 0;
  while (status == 0 && (n = getline (&line, &cap, f)) >= 0)
    status = fn (line, (size_t) n, ++lineno, data, err);
  if (status == 0 && ferror (f))
    {
      if (err)
	*err = ls_error_printf ("cannot read %s '%s': %s", what, path,
				strerror (errno ? errno : EIO));
      status = -1;
    }
  free (line);
  fclose (f);
  return status;
}
