/* dictwords.c: a dictionary's words, precompiled.

   The file (written by tools/dict-words, or tools/known-words for
   codespell's misspellings) is a header of "# " lines and then one
   word a line, or a word, a tab and its value ("recieve\treceive"),
   in strictly increasing byte order of the words:

     # ltospell dictionary words 1
     # provider hunspell
     # tag en_US
     # source /usr/share/hunspell/en_US.dic 860381 1642655800
     # source /usr/share/hunspell/en_US.aff 3131 1642655800
     0
     ...

   It is mapped, not read: a binary search over its bytes (look(1)'s
   way: from the middle of a range to the next line's start) touches
   some twenty lines a lookup, so a link reads the few pages its words
   need.  Reading the 1.6 MB of hunspell's en_US and indexing its lines
   took 10-14 ms on this machine (page faults on fresh memory, then a
   pass over 167,000 lines), as much as the rest of opening the
   speller; mapping it and reading its header takes microseconds.  The
   words are not checked one by one for the same reason: the file is
   made by the build, sorted by construction, and "# words N" in its
   header says how many there are.  The build replaces it by renaming
   a new file over it, which leaves a mapping of the old one intact.

   The file stands for the dictionary only while the dictionary is the
   one it was made from: every "source" must still have its recorded
   size and modification time, so that an upgraded dictionary package
   makes the speller load the dictionary again rather than answer from
   stale words.  A file that is not in this format is refused the same
   way.  */

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

#define FORMAT_LINE "# ltospell dictionary words 1"

/* A range of the file this short is scanned line by line.  */
#define SCAN_BYTES 256

struct ls_dict_words
{
  char *path;
  const char *text;		/* The whole file, mapped.  */
  size_t size;
  size_t words_at;		/* Where the first word starts.  */
  size_t n_words;
};

static void
set_why (char **why, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static void
set_why (char **why, const char *fmt, ...)
{
  if (!why)
    return;
  va_list ap;
  va_start (ap, fmt);
  *why = ls_xvasprintf (fmt, ap);
  va_end (ap);
}

/* The whole file at PATH mapped, or NULL with errno set.  */
static const char *
map_file (const char *path, size_t *size)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  struct stat st;
  void *text = MAP_FAILED;
  if (fstat (fd, &st) != 0)
    ;
  else if (!S_ISREG (st.st_mode) || st.st_size == 0)
    errno = EINVAL;
  else
    text = mmap (NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  int e = errno;
  close (fd);
  errno = e;
  if (text == MAP_FAILED)
    return NULL;
  *size = (size_t) st.st_size;
  return text;
}

/* The length of the line at P (up to its newline or END).  */
static size_t
line_length (const char *p, const char *end)
{
  const char *nl = memchr (p, '\n', (size_t) (end - p));
  return (size_t) ((nl ? nl : end) - p);
}

/* Does the header line LINE (LEN bytes, "# " dropped) hold?  "source
   PATH SIZE MTIME" is checked against the file system; the first
   source must be DIC_PATH.  */
static bool
header_line_holds (const char *line, size_t len, const char *provider,
		   const char *tag, const char *dic_path, bool *seen_source,
		   size_t *n_words, char **why)
{
  char *copy = ls_xstrndup (line, len);
  char path[4096];
  long long size, mtime;
  bool ok = true;
  if (strncmp (copy, "provider ", 9) == 0)
    ok = strcmp (copy + 9, provider) == 0;
  else if (strncmp (copy, "words ", 6) == 0)
    ok = sscanf (copy + 6, "%zu", n_words) == 1;
  else if (strncmp (copy, "tag ", 4) == 0)
    ok = strcmp (copy + 4, tag) == 0;
  else if (sscanf (copy, "source %4095s %lld %lld", path, &size, &mtime) == 3)
    {
      struct stat st;
      if (!*seen_source && dic_path && strcmp (path, dic_path) != 0)
	{
	  set_why (why, "made from %s, but enchant would load %s", path,
		   dic_path);
	  free (copy);
	  return false;
	}
      *seen_source = true;
      if (stat (path, &st) != 0 || st.st_size != size
	  || (long long) st.st_mtime != mtime)
	{
	  set_why (why, "%s has changed since it was made", path);
	  free (copy);
	  return false;
	}
    }
  if (!ok)
    set_why (why, "it is not for %s's %s, or its header is malformed",
	     provider, tag);
  free (copy);
  return ok;
}

/* Check the header of W against PROVIDER, TAG and the files it names;
   sets W->words_at.  */
static bool
header_holds (ls_dict_words *w, const char *provider, const char *tag,
	      const char *dic_path, char **why)
{
  const char *p = w->text, *end = w->text + w->size;
  size_t len = line_length (p, end);
  if (len != strlen (FORMAT_LINE) || memcmp (p, FORMAT_LINE, len) != 0)
    {
      set_why (why, "it is not in the format this ltospell reads");
      return false;
    }
  bool seen_source = false, seen_provider = false, seen_tag = false;
  bool seen_words = false;
  p += len + (p + len < end);
  while (p < end && p[0] == '#')
    {
      len = line_length (p, end);
      if (len < 2 || p[1] != ' '
	  || !header_line_holds (p + 2, len - 2, provider, tag, dic_path,
				 &seen_source, &w->n_words, why))
	{
	  if (why && !*why)
	    set_why (why, "its header line '%.*s' is malformed", (int) len, p);
	  return false;
	}
      seen_provider |= len > 11 && memcmp (p + 2, "provider ", 9) == 0;
      seen_tag |= len > 6 && memcmp (p + 2, "tag ", 4) == 0;
      seen_words |= len > 8 && memcmp (p + 2, "words ", 6) == 0;
      p += len + (p + len < end);
    }
  if (!seen_source || !seen_provider || !seen_tag || !seen_words)
    {
      set_why (why, "its header does not say what it was made from");
      return false;
    }
  w->words_at = (size_t) (p - w->text);
  return true;
}

/* Compare the key of the line at LINE (up to a tab, its newline or
   END) with the LEN bytes at WORD, as strcmp on unsigned bytes
   would.  */
static int
compare_key (const char *line, const char *end, const char *word, size_t len)
{
  for (size_t i = 0;; i++)
    {
      bool key_ends = line + i == end || line[i] == '\n' || line[i] == '\t';
      if (i == len)
	return key_ends ? 0 : 1;
      if (key_ends)
	return -1;
      unsigned char a = (unsigned char) line[i], b = (unsigned char) word[i];
      if (a != b)
	return a < b ? -1 : 1;
    }
}

ls_dict_words *
ls_dict_words_open (const char *dir, const char *provider, const char *tag,
		    const char *dic_path, char **why)
{
  if (why)
    *why = NULL;
  ls_dict_words *w = ls_xcalloc (1, sizeof *w);
  w->path = ls_xasprintf ("%s/%s-%s.words", dir, provider, tag);
  w->text = map_file (w->path, &w->size);
  if (!w->text)
    set_why (why, "cannot read %s: %s", w->path, strerror (errno));
  else if (header_holds (w, provider, tag, dic_path, why))
    return w;
  if (why && *why && w->text)
    {
      char *full = ls_xasprintf ("%s: %s", w->path, *why);
      free (*why);
      *why = full;
    }
  ls_dict_words_free (w);
  return NULL;
}

/* The line of W with key WORD (LEN bytes), or NULL.  Invariant: if
   it is there, it starts in [LO, HI).  */
static const char *
find_line (const ls_dict_words *w, const char *word, size_t len)
{
  const char *text = w->text, *end = w->text + w->size;
  size_t lo = w->words_at, hi = w->size;
  while (hi - lo > SCAN_BYTES)
    {
      size_t mid = lo + (hi - lo) / 2;
      const char *nl = memchr (text + mid, '\n', hi - mid);
      if (!nl || (size_t) (nl + 1 - text) >= hi)
	{
	  hi = mid + 1;		/* Every line of the range starts by MID.  */
	  continue;
	}
      size_t line = (size_t) (nl + 1 - text);
      int c = compare_key (text + line, end, word, len);
      if (c == 0)
	return text + line;
      if (c < 0)
	lo = line;
      else
	hi = line;
    }
  for (const char *p = text + lo; p < text + hi;)
    {
      int c = compare_key (p, end, word, len);
      if (c == 0)
	return p;
      if (c > 0)
	return NULL;
      p += line_length (p, end) + 1;
    }
  return NULL;
}

const char *
ls_dict_words_find (const ls_dict_words *w, const char *word, size_t len,
		    size_t *value_len)
{
  if (!w || len == 0 || memchr (word, '\n', len) || memchr (word, '\t', len))
    return NULL;
  const char *line = find_line (w, word, len);
  if (!line)
    return NULL;
  size_t n = line_length (line, w->text + w->size);
  if (value_len)
    *value_len = len < n ? n - len - 1 : 0;
  return line + len + (len < n);
}

bool
ls_dict_words_has (const ls_dict_words *w, const char *word, size_t len)
{
  return ls_dict_words_find (w, word, len, NULL) != NULL;
}

size_t
ls_dict_words_count (const ls_dict_words *w)
{
  return w ? w->n_words : 0;
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
  if (w->text)
    munmap ((void *) w->text, w->size);
  free (w);
}
