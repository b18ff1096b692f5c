/* dictwords.c: a dictionary's words, precompiled.

   The file (written by tools/precompile.c through ls_dict_words_write)
   is a header of "# " lines, one word a line, or a word, a tab and its
   value ("recieve\treceive"), sorted by word, and then a hash table:

     # ltospell dictionary words 3
     # provider hunspell
     # tag en_US
     # words 167413
     # table 262144 0001628540 21
     # source /usr/share/hunspell/en_US.dic 860381 1642655800
     # source /usr/share/hunspell/en_US.aff 3131 1642655800
     0
     ...
     <262144 slots of 4 bytes from byte 1628540 to the end>

   Each slot is 0, or, little-endian, the offset of the line of a word
   whose FNV-1a hash (util.h) leads there by linear probing, in its low
   21 bits (the third number of "table": enough for any offset below
   the table), and the top bits of the word's hash in the others.

   Only the table is mapped; the header is read, and a line is read
   (pread) when its slot's hash bits match the word's.  A table can
   also be read rather than mapped (ls_dict_words_unmap), a block of
   slots at a time: a system call a lookup, but no page of it in the
   link's memory.  The table is
   at most four fifths full.  So a link's memory holds the table's
   pages, not the words': mapped, the words were touched all over by a
   few thousand lookups (the kernel maps 16 pages around each one it
   faults in), and hunspell's, codespell's and the common words' files
   were 5.9 MB of tmux's WPA; their tables are now 1.5 MB, and a lookup
   that misses (most of them: every near neighbour of an unknown word
   is looked for) reads no line.  Reading hunspell's 1.6 MB of words
   into memory and indexing them took 10-14 ms on this machine, as
   much as the rest of opening the speller.  Nothing is checked word by
   word, for the same reason: the build makes the file, and the
   table's size must match the file's.  The build replaces the file by
   renaming a new one over it, which leaves an open one intact.

   The file stands for its sources only while they are the ones it was
   made from: every "source" must still have its recorded size and
   modification time, so that an upgraded dictionary package makes the
   speller load the dictionary again rather than answer from stale
   words.  A file in another format is refused the same way.  */

#include "dictwords.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define FORMAT_LINE "# ltospell dictionary words 3"

/* A line is read in pieces of this many bytes.  */
#define LINE_CHUNK 128

struct ls_dict_words
{
  char *path;
  int fd;
  size_t size;			/* The file's.  */
  char *head;			/* The header read, NUL-terminated...  */
  size_t head_len;		/* ...this long: WORDS_AT or a little more.  */
  size_t words_at;		/* Where the first word starts.  */
  size_t n_words;
  size_t table_at, slots;	/* The hash table: SLOTS, a power of 2.  */
  unsigned offset_bits;		/* A slot's bits that hold the offset.  */
  void *map;			/* The table's pages, mapped.  */
  size_t map_len;
  const unsigned char *table;	/* In MAP.  */
  bool read_failed;		/* A read of the file failed.  */
  char *line;			/* The line last read (LINE_ALLOC bytes).  */
  size_t line_alloc;
};

static void
set_why (char **why, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static void
set_why (char **why, const char *fmt, ...)
{
  if (!why || *why)
    return;
  va_list ap;
  va_start (ap, fmt);
  *why = ls_xvasprintf (fmt, ap);
  va_end (ap);
}

/* ------------------------------------------------------------------ */
/* Reading.                                                            */

/* Does TEXT (LEN bytes) hold the whole header: a line that does not
   start with '#' has begun?  */
static bool
header_complete (const char *text, size_t len)
{
  for (const char *p = text; p < text + len;)
    {
      if (*p != '#')
	return true;
      const char *nl = memchr (p, '\n', (size_t) (text + len - p));
      if (!nl)
	return false;
      p = nl + 1;
    }
  return false;
}

/* Open W's file and read its header into W->HEAD: up to the first line
   that does not start with '#', or the whole file.  Returns false with
   errno set.  */
static bool
read_head (ls_dict_words *w)
{
  w->fd = open (w->path, O_RDONLY | O_CLOEXEC);
  if (w->fd < 0)
    return false;
  struct stat st;
  if (fstat (w->fd, &st) != 0)
    return false;
  if (!S_ISREG (st.st_mode) || st.st_size == 0)
    {
      errno = EINVAL;
      return false;
    }
  w->size = (size_t) st.st_size;
  size_t alloc = 4096;
  w->head = ls_xmalloc (alloc + 1);
  for (;;)
    {
      size_t want = alloc < w->size ? alloc : w->size;
      while (w->head_len < want)
	{
	  ssize_t n = pread (w->fd, w->head + w->head_len, want - w->head_len,
			     (off_t) w->head_len);
	  if (n <= 0)
	    {
	      if (n == 0)
		errno = EIO;	/* Shorter than fstat said.  */
	      return false;
	    }
	  w->head_len += (size_t) n;
	}
      w->head[w->head_len] = '\0';
      if (w->head_len == w->size || header_complete (w->head, w->head_len))
	return true;
      alloc *= 2;
      w->head = ls_xrealloc (w->head, alloc + 1);
    }
}

/* The length of the line at P (up to its newline or END).  */
static size_t
line_length (const char *p, const char *end)
{
  const char *nl = memchr (p, '\n', (size_t) (end - p));
  return (size_t) ((nl ? nl : end) - p);
}

/* Are A and B the same file ("/usr/share//hunspell/en_US.dic" is
   "/usr/share/hunspell/en_US.dic")?  */
static bool
same_file (const char *a, const char *b)
{
  struct stat sa, sb;
  if (stat (a, &sa) != 0 || stat (b, &sb) != 0)
    return strcmp (a, b) == 0;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Is the "source PATH SIZE MTIME" line COPY still true?  The first
   source must be FIRST_SOURCE, when that is not NULL.  */
static bool
source_holds (const char *copy, const char *first_source, bool *seen_source,
	      char **why)
{
  char path[4096];
  long long size, mtime;
  struct stat st;
  if (sscanf (copy, "source %4095s %lld %lld", path, &size, &mtime) != 3)
    return false;
  if (!*seen_source && first_source && !same_file (path, first_source))
    {
      set_why (why, "made from %s, but %s is the one in use", path,
	       first_source);
      return false;
    }
  *seen_source = true;
  if (stat (path, &st) != 0 || st.st_size != size
      || (long long) st.st_mtime != mtime)
    {
      set_why (why, "%s has changed since it was made", path);
      return false;
    }
  return true;
}

/* What the header of W has said so far.  */
struct header
{
  bool provider, tag, words, table, source;
};

/* Does the header line LINE (LEN bytes, "# " dropped) hold?  Lines of
   other keys ("letters ...") are the caller's (ls_dict_words_header).  */
static bool
header_line_holds (ls_dict_words *w, const char *line, size_t len,
		   const char *provider, const char *tag,
		   const char *first_source, struct header *h, char **why)
{
  char *copy = ls_xstrndup (line, len);
  bool ok = true;
  if (strncmp (copy, "provider ", 9) == 0)
    ok = h->provider = strcmp (copy + 9, provider) == 0;
  else if (strncmp (copy, "tag ", 4) == 0)
    ok = h->tag = strcmp (copy + 4, tag) == 0;
  else if (strncmp (copy, "words ", 6) == 0)
    ok = h->words = sscanf (copy + 6, "%zu", &w->n_words) == 1;
  else if (strncmp (copy, "table ", 6) == 0)
    ok = h->table = sscanf (copy + 6, "%zu %zu %u", &w->slots, &w->table_at,
			    &w->offset_bits) == 3;
  else if (strncmp (copy, "source ", 7) == 0)
    ok = source_holds (copy, first_source, &h->source, why);
  if (!ok)
    set_why (why, "it is not %s's %s, or its header line '%s' is wrong",
	     provider, tag, copy);
  free (copy);
  return ok;
}

/* Check the header of W against PROVIDER, TAG and the files it names;
   sets W's fields.  */
static bool
header_holds (ls_dict_words *w, const char *provider, const char *tag,
	      const char *first_source, char **why)
{
  const char *p = w->head, *end = w->head + w->head_len;
  size_t len = line_length (p, end);
  if (len != strlen (FORMAT_LINE) || memcmp (p, FORMAT_LINE, len) != 0)
    {
      set_why (why, "it is not in the format this ltospell reads");
      return false;
    }
  struct header h = { false, false, false, false, false };
  p += len + (p + len < end);
  while (p < end && p[0] == '#')
    {
      len = line_length (p, end);
      if (len < 2 || p[1] != ' ')
	{
	  set_why (why, "its header line '%.*s' is malformed", (int) len, p);
	  return false;
	}
      if (!header_line_holds (w, p + 2, len - 2, provider, tag, first_source,
			      &h, why))
	return false;
      p += len + (p + len < end);
    }
  if (!h.provider || !h.tag || !h.words || !h.table || !h.source)
    {
      set_why (why, "its header does not say what it holds and was made "
	       "from");
      return false;
    }
  w->words_at = (size_t) (p - w->head);
  /* The table ends the file, and leaves at least one slot empty: a
     probe always ends.  Every offset below it fits its bits.  */
  if (w->slots == 0 || (w->slots & (w->slots - 1)) != 0
      || w->slots <= w->n_words || w->table_at < w->words_at
      || w->table_at > w->size || (w->size - w->table_at) / 4 != w->slots
      || (w->size - w->table_at) % 4 != 0 || w->offset_bits == 0
      || w->offset_bits > 31 || w->table_at > (size_t) 1 << w->offset_bits)
    {
      set_why (why, "its table does not match its size (truncated?)");
      return false;
    }
  return true;
}

/* Map W's table (from the page that holds its start).  */
static bool
map_table (ls_dict_words *w)
{
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t start = w->table_at / page * page;
  w->map_len = w->size - start;
  void *map = mmap (NULL, w->map_len, PROT_READ, MAP_PRIVATE, w->fd,
		    (off_t) start);
  if (map == MAP_FAILED)
    return false;
  w->map = map;
  w->table = (const unsigned char *) map + (w->table_at - start);
  return true;
}

ls_dict_words *
ls_dict_words_open (const char *dir, const char *provider, const char *tag,
		    const char *first_source, char **why)
{
  if (why)
    *why = NULL;
  ls_dict_words *w = ls_xcalloc (1, sizeof *w);
  w->fd = -1;
  w->path = ls_xasprintf ("%s/%s-%s.words", dir, provider, tag);
  bool read = read_head (w);
  if (!read)
    set_why (why, "cannot read %s: %s", w->path, strerror (errno));
  else if (header_holds (w, provider, tag, first_source, why))
    {
      if (map_table (w))
	return w;
      set_why (why, "cannot map %s: %s", w->path, strerror (errno));
      read = false;
    }
  if (why && *why && read)
    {
      char *full = ls_xasprintf ("%s: %s", w->path, *why);
      free (*why);
      *why = full;
    }
  ls_dict_words_free (w);
  return NULL;
}

/* The length of the key of the line at P (up to a tab, its newline or
   END).  */
static size_t
key_length (const char *p, const char *end)
{
  const char *q = p;
  while (q < end && *q != '\t' && *q != '\n')
    q++;
  return (size_t) (q - p);
}

/* Slots read at once from a table not mapped: a probe sequence is
   short (the table is at most four fifths full), and one system call
   reads it whole.  */
#define SLOT_BLOCK 16

/* Up to SLOT_BLOCK slots of W from slot I on, not past the last, into
   OUT; how many, or 0 when they cannot be read.  */
static size_t
read_slots (const ls_dict_words *w, size_t i, uint32_t *out)
{
  unsigned char read[4 * SLOT_BLOCK];
  size_t n = w->slots - i < SLOT_BLOCK ? w->slots - i : SLOT_BLOCK;
  const unsigned char *bytes = w->table ? w->table + 4 * i : read;
  if (!w->table
      && pread (w->fd, read, 4 * n, (off_t) (w->table_at + 4 * i))
	 != (ssize_t) (4 * n))
    return 0;
  for (size_t k = 0; k < n; k++)
    {
      const unsigned char *s = bytes + 4 * k;
      out[k] = (uint32_t) s[0] | (uint32_t) s[1] << 8
	       | (uint32_t) s[2] << 16 | (uint32_t) s[3] << 24;
    }
  return n;
}

/* The bits of a slot above OFFSET_BITS for a word of hash HASH: the
   top bits of the hash (the slot's index comes from the bottom ones).  */
static uint32_t
hash_bits (uint64_t hash, unsigned offset_bits)
{
  return offset_bits >= 32 ? 0 : (uint32_t) (hash >> (32 + offset_bits));
}

/* Read the line of W at AT (below the table) into W->LINE, without its
   newline; its length in *LEN.  NULL when it cannot be read.  */
static const char *
read_line (ls_dict_words *w, size_t at, size_t *len)
{
  size_t n = 0;
  for (;;)
    {
      size_t want = w->table_at - at - n;
      if (want > LINE_CHUNK)
	want = LINE_CHUNK;
      if (n + want + 1 > w->line_alloc)
	{
	  w->line_alloc = n + want + 1 > 2 * w->line_alloc
			    ? n + want + 1 : 2 * w->line_alloc;
	  w->line = ls_xrealloc (w->line, w->line_alloc);
	}
      ssize_t got = want ? pread (w->fd, w->line + n, want,
				  (off_t) (at + n)) : 0;
      if (got < 0)
	return NULL;
      const char *nl = memchr (w->line + n, '\n', (size_t) got);
      n += (size_t) got;
      if (nl || got == 0 || at + n == w->table_at)
	{
	  *len = nl ? (size_t) (nl - w->line) : n;
	  return w->line;
	}
    }
}

/* The line of W whose key is WORD (LEN bytes), read into W->LINE, its
   length in *LINE_LEN; or NULL.  */
static const char *
find_line (ls_dict_words *w, const char *word, size_t len, size_t *line_len)
{
  uint64_t hash = ls_hash_bytes (LS_HASH_SEED, word, len);
  uint32_t bits = hash_bits (hash, w->offset_bits);
  uint32_t offset_mask = ((uint32_t) 1 << w->offset_bits) - 1;
  size_t mask = w->slots - 1;
  size_t i = hash & mask;
  uint32_t block[SLOT_BLOCK];
  size_t have = 0, next = 0;
  for (size_t probes = 0; probes < w->slots; probes++, i = (i + 1) & mask)
    {
      if (next == have)
	{
	  have = read_slots (w, i, block);
	  next = 0;
	  if (have == 0)
	    {
	      w->read_failed = true;
	      return NULL;
	    }
	}
      uint32_t slot = block[next++];
      if (slot == 0)
	return NULL;
      if (slot >> w->offset_bits != bits)
	continue;
      size_t at = slot & offset_mask;
      if (at < w->words_at || at >= w->table_at)
	return NULL;		/* Not this format: never from the build.  */
      const char *line = read_line (w, at, line_len);
      if (!line)
	{
	  w->read_failed = true;
	  return NULL;
	}
      if (key_length (line, line + *line_len) == len
	  && memcmp (line, word, len) == 0)
	return line;
    }
  return NULL;
}

const char *
ls_dict_words_find (const ls_dict_words *w, const char *word, size_t len,
		    size_t *value_len)
{
  if (!w || len == 0 || memchr (word, '\n', len) || memchr (word, '\t', len))
    return NULL;
  size_t n;
  /* Only W's buffer for the line changes.  */
  const char *line = find_line ((ls_dict_words *) w, word, len, &n);
  if (!line)
    return NULL;
  if (value_len)
    *value_len = len < n ? n - len - 1 : 0;
  return line + len + (len < n);
}

bool
ls_dict_words_has (const ls_dict_words *w, const char *word, size_t len)
{
  return ls_dict_words_find (w, word, len, NULL) != NULL;
}

/* Bytes read at once by ls_dict_words_each; a line longer than this
   is cut there, the rest of it skipped (the build writes none).  */
#define EACH_BLOCK 65536

/* Call FN for the lines of W from byte FROM (a line's start) on; a
   line whose first byte is past UNTIL ends the reading (UNTIL 0xff: to
   the end).  */
static int
each_from (const ls_dict_words *w, size_t from, unsigned char until,
	   ls_dict_words_fn fn, void *data)
{
  char *block = ls_xmalloc (EACH_BLOCK);
  size_t at = from, kept = 0;
  int status = 0;
  bool more = true, skipping = false;
  while (more && at < w->table_at)
    {
      size_t want = EACH_BLOCK - kept;
      if (want > w->table_at - at)
	want = w->table_at - at;
      ssize_t got = pread (w->fd, block + kept, want, (off_t) at);
      if (got <= 0)
	{
	  if (got == 0)
	    errno = EIO;
	  status = -1;
	  break;
	}
      at += (size_t) got;
      size_t have = kept + (size_t) got;
      bool last = at == w->table_at;
      const char *p = block, *end = block + have;
      if (skipping)
	{
	  /* The rest of a line too long for the block.  */
	  const char *nl = memchr (p, '\n', have);
	  skipping = !nl;
	  p = nl ? nl + 1 : end;
	}
      for (; p < end;)
	{
	  const char *nl = memchr (p, '\n', (size_t) (end - p));
	  bool cut = !nl && !last && p == block && have == EACH_BLOCK;
	  if (!nl && !last && !cut)
	    break;
	  const char *line_end = nl ? nl : end;
	  skipping = cut;
	  if (line_end > p && (unsigned char) *p > until)
	    {
	      more = false;
	      break;
	    }
	  if (line_end > p)
	    {
	      size_t key_len = key_length (p, line_end);
	      const char *value = p + key_len + (key_len < (size_t) (line_end - p));
	      if (!fn (data, p, key_len, value, (size_t) (line_end - value)))
		{
		  more = false;
		  break;
		}
	    }
	  p = nl ? nl + 1 : end;
	}
      kept = (size_t) (end - p);
      memmove (block, p, kept);
    }
  free (block);
  return status;
}

int
ls_dict_words_each (const ls_dict_words *w, ls_dict_words_fn fn, void *data)
{
  return each_from (w, w->words_at, 0xff, fn, data);
}

/* The start of the first line of W at or after byte AT (W->TABLE_AT
   when there is none), and that line's first byte in *FIRST (0x100
   then); -1 when the file cannot be read.  */
static long long
line_at_or_after (const ls_dict_words *w, size_t at, unsigned *first)
{
  char buf[256];
  if (at > w->words_at)
    {
      /* Is AT a line's start?  Else skip to after the next newline.  */
      at--;
      for (;;)
	{
	  size_t want = w->table_at - at < sizeof buf ? w->table_at - at
			: sizeof buf;
	  if (want == 0)
	    break;
	  ssize_t got = pread (w->fd, buf, want, (off_t) at);
	  if (got <= 0)
	    return -1;
	  const char *nl = memchr (buf, '\n', (size_t) got);
	  if (nl)
	    {
	      at += (size_t) (nl - buf) + 1;
	      break;
	    }
	  at += (size_t) got;
	}
    }
  if (at >= w->table_at)
    {
      *first = 0x100;
      return (long long) w->table_at;
    }
  unsigned char c;
  if (pread (w->fd, &c, 1, (off_t) at) != 1)
    return -1;
  *first = c;
  return (long long) at;
}

int
ls_dict_words_each_first (const ls_dict_words *w, unsigned char first,
			  ls_dict_words_fn fn, void *data)
{
  /* The lines are sorted by bytes: the first whose first byte is FIRST
     or more, by bisection on byte offsets.  */
  size_t lo = w->words_at, hi = w->table_at;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      unsigned c;
      long long start = line_at_or_after (w, mid, &c);
      if (start < 0)
	return -1;
      if (c < first)
	lo = (size_t) start + 1;
      else
	hi = mid;
    }
  unsigned c;
  long long start = line_at_or_after (w, lo, &c);
  if (start < 0)
    return -1;
  if (c != first)
    return 0;
  return each_from (w, (size_t) start, first, fn, data);
}

const char *
ls_dict_words_header (const ls_dict_words *w, const char *key, size_t *len)
{
  size_t key_len = strlen (key);
  const char *p = w->head, *end = w->head + w->words_at;
  while (p < end)
    {
      size_t n = line_length (p, end);
      if (n > key_len + 2 && memcmp (p, "# ", 2) == 0
	  && memcmp (p + 2, key, key_len) == 0 && p[2 + key_len] == ' ')
	{
	  *len = n - key_len - 3;
	  return p + key_len + 3;
	}
      p += n + 1;
    }
  return NULL;
}

size_t
ls_dict_words_count (const ls_dict_words *w)
{
  return w ? w->n_words : 0;
}

bool
ls_dict_words_read_failed (const ls_dict_words *w)
{
  return w && w->read_failed;
}

void
ls_dict_words_unmap (ls_dict_words *w)
{
  if (w->map)
    munmap (w->map, w->map_len);
  w->map = NULL;
  w->table = NULL;
}

const char *
ls_dict_words_path (const ls_dict_words *w)
{
  return w ? w->path : NULL;
}

void
ls_dict_words_free (ls_dict_words *w)
{
  if (!w)
    return;
  free (w->path);
  free (w->head);
  free (w->line);
  if (w->map)
    munmap (w->map, w->map_len);
  if (w->fd >= 0)
    close (w->fd);
  free (w);
}

/* ------------------------------------------------------------------ */
/* Writing (the build's tools/precompile).                             */

static int
compare_lines (const void *a, const void *b)
{
  const char *x = *(char *const *) a, *y = *(char *const *) b;
  size_t i = 0;
  for (;; i++)
    {
      bool x_ends = x[i] == '\0' || x[i] == '\t';
      bool y_ends = y[i] == '\0' || y[i] == '\t';
      if (x_ends || y_ends)
	return x_ends && y_ends ? 0 : x_ends ? -1 : 1;
      if (x[i] != y[i])
	return (unsigned char) x[i] < (unsigned char) y[i] ? -1 : 1;
    }
}

int
ls_dict_words_write (FILE *out, const struct ls_dict_words_head *head,
		     char **lines, size_t n, char **err)
{
  /* Sorted without the repeated lines, in an array of our own: LINES
     stays the caller's to free.  */
  char **sorted = ls_xmalloc ((n ? n : 1) * sizeof *sorted);
  memcpy (sorted, lines, n * sizeof *sorted);
  ls_sort (sorted, n, sizeof *sorted, compare_lines);
  size_t kept = 0;
  for (size_t i = 0; i < n; i++)
    {
      const char *bad = NULL;
      if (sorted[i][0] == '\0' || sorted[i][0] == '\t' || sorted[i][0] == '#'
	  || strchr (sorted[i], '\n'))
	bad = "cannot write the word '%s'";
      else if (kept > 0 && compare_lines (&sorted[kept - 1], &sorted[i]) == 0
	       && strcmp (sorted[kept - 1], sorted[i]) != 0)
	bad = "two values for '%s'";
      if (bad)
	{
	  *err = ls_xasprintf (bad, sorted[i]);
	  free (sorted);
	  return -1;
	}
      if (kept == 0 || compare_lines (&sorted[kept - 1], &sorted[i]) != 0)
	sorted[kept++] = sorted[i];
    }
  lines = sorted;
  /* At most four fifths full: probes stay short, and most end on a
     slot whose hash bits differ, without reading a line.  */
  size_t slots = 16;
  while (slots * 4 < kept * 5)
    slots *= 2;

  /* The header, with the table's place and the offsets' bits left as
     digits to fill.  */
  char *text = NULL;
  size_t text_len = 0;
  FILE *mem = open_memstream (&text, &text_len);
  if (!mem)
    {
      free (sorted);
      *err = ls_xasprintf ("out of memory");
      return -1;
    }
  fprintf (mem, "%s\n# provider %s\n# tag %s\n# words %zu\n"
	   "# table %zu ########## ##\n", FORMAT_LINE, head->provider,
	   head->tag, kept, slots);
  for (size_t i = 0; i < head->n_sources; i++)
    {
      struct stat st;
      if (stat (head->sources[i], &st) != 0)
	{
	  fclose (mem);
	  free (text);
	  free (sorted);
	  *err = ls_xasprintf ("cannot stat %s: %s", head->sources[i],
			       strerror (errno));
	  return -1;
	}
      fprintf (mem, "# source %s %lld %lld\n", head->sources[i],
	       (long long) st.st_size, (long long) st.st_mtime);
    }
  if (head->extra)
    fputs (head->extra, mem);
  size_t *offsets = ls_xmalloc ((kept ? kept : 1) * sizeof *offsets);
  for (size_t i = 0; i < kept; i++)
    {
      offsets[i] = (size_t) ftell (mem);
      fprintf (mem, "%s\n", lines[i]);
    }
  unsigned offset_bits = 1;
  if (fclose (mem) == 0)
    while (offset_bits < 32 && ((size_t) 1 << offset_bits) < text_len)
      offset_bits++;
  if (!text || offset_bits > 31)
    {
      free (text);
      free (offsets);
      free (sorted);
      *err = ls_xasprintf ("the words do not fit in the format");
      return -1;
    }
  uint32_t *table = ls_xcalloc (slots, sizeof *table);
  for (size_t i = 0; i < kept; i++)
    {
      size_t key = strcspn (lines[i], "\t");
      uint64_t hash = ls_hash_bytes (LS_HASH_SEED, lines[i], key);
      size_t s = hash & (slots - 1);
      while (table[s])
	s = (s + 1) & (slots - 1);
      table[s] = hash_bits (hash, offset_bits) << offset_bits
		 | (uint32_t) offsets[i];
    }
  free (offsets);
  char digits[14];
  snprintf (digits, sizeof digits, "%010zu %02u", text_len, offset_bits);
  memcpy (strstr (text, "########## ##"), digits, 13);
  fwrite (text, 1, text_len, out);
  for (size_t i = 0; i < slots; i++)
    {
      unsigned char b[4] = { (unsigned char) table[i],
			     (unsigned char) (table[i] >> 8),
			     (unsigned char) (table[i] >> 16),
			     (unsigned char) (table[i] >> 24) };
      fwrite (b, 1, 4, out);
    }
  free (text);
  free (table);
  free (sorted);
  if (fflush (out) != 0 || ferror (out))
    {
      *err = ls_xasprintf ("cannot write: %s", strerror (errno));
      return -1;
    }
  return 0;
}
