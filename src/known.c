/* known.c: known misspellings and their fixes, the "known" tier.

   A dictionary only says that a word is not in it; a list of known
   misspellings ("recieve->receive") says that it is wrong and what is
   right, so its findings are reported with the fix and high
   confidence.  Debian's codespell package installs such a list of
   some 37,000 common misspellings; when it is present it is loaded by
   default, and typos=FILE adds lists in the same form.

   The formats: "wrong->right" a line; codespell also writes
   "wrong->right1, right2," (several candidates, best first) and
   "wrong->right, reason" (a reason the fix is not automatic).  We keep
   the first candidate as the fix.  Keys are ASCII-lowercased, so
   "Recieve" and "RECIEVE" match "recieve"; the fix is returned in the
   case of the word as written.

   One hash set (hashset.h); entries are never removed, and a
   later entry for the same word replaces the earlier fix, so typos=FILE
   can correct codespell's choice.  */

#include "known.h"
#include "dictwords.h"
#include "hashset.h"
#include "text.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where Debian 12's codespell (2.2.x) puts its main dictionary.  Only
   dictionary.txt: the "rare", "code" and "names" lists hold words that
   are right in some contexts and would cost precision.  */
static const char *const codespell_paths[] = {
  "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt",
  "/usr/share/codespell/dictionary.txt",
  "/usr/local/lib/python3/dist-packages/codespell_lib/data/dictionary.txt",
};

/* Words longer than this are not looked up.  */
#define MAX_KEY 64

struct entry
{
  char *right;
  char wrong[];			/* Lowercase.  */
};

struct ls_known
{
  ls_hashset entries;		/* Of struct entry, by WRONG.  */
  /* codespell's list precompiled (dictwords.h: "wrong\tright", WRONG
     lowercase), under ENTRIES: an entry there replaces its fix.  */
  ls_dict_words *base;
  size_t shadowed;		/* Entries that replace one of BASE.  */
  char fixed[4 * MAX_KEY + 1];	/* The last fix returned, recased.  */
};

static uint64_t
hash_lower (const char *s, size_t len)
{
  uint64_t h = LS_HASH_SEED;
  for (size_t i = 0; i < len; i++)
    h = ls_hash_byte (h, (unsigned char) ls_ascii_lower (s[i]));
  return h;
}

/* Is ENTRY's word KEY (a span), without regard to ASCII case?  */
static bool
entry_match (const void *item, const void *key)
{
  const struct entry *e = item;
  const struct ls_span *k = key;
  size_t j = 0;
  while (j < k->len && e->wrong[j] == ls_ascii_lower (k->s[j]))
    j++;
  return j == k->len && e->wrong[j] == '\0';
}

static struct entry *
find_entry (const ls_known *k, const char *word, size_t len)
{
  struct ls_span key = { word, len };
  return ls_hashset_find (&k->entries, hash_lower (word, len), entry_match,
			  &key);
}

/* The fix BASE has for WORD (LEN bytes, at most MAX_KEY, any case):
   *RIGHT_LEN bytes, not NUL-terminated; or NULL.  */
static const char *
base_fix (const ls_known *k, const char *word, size_t len, size_t *right_len)
{
  char lower[MAX_KEY] = "";
  if (len == 0 || len > MAX_KEY)
    return NULL;
  for (size_t i = 0; i < len; i++)
    lower[i] = ls_ascii_lower (word[i]);
  return ls_dict_words_find (k->base, lower, len, right_len);
}

ls_known *
ls_known_new (void)
{
  return ls_xcalloc (1, sizeof (ls_known));
}

static void
add_entry (ls_known *k, const char *wrong, size_t wlen, const char *right,
	   size_t rlen)
{
  if (wlen == 0 || wlen > MAX_KEY || rlen == 0 || rlen > MAX_KEY)
    return;
  struct entry *e = find_entry (k, wrong, wlen);
  if (e)
    {
      free (e->right);
      e->right = ls_xstrndup (right, rlen);
      return;
    }
  if (k->base && base_fix (k, wrong, wlen, NULL))
    k->shadowed++;
  e = ls_xmalloc (sizeof *e + wlen + 1);
  for (size_t j = 0; j < wlen; j++)
    e->wrong[j] = ls_ascii_lower (wrong[j]);
  e->wrong[wlen] = '\0';
  e->right = ls_xstrndup (right, rlen);
  ls_hashset_add (&k->entries, hash_lower (wrong, wlen), e);
}

void
ls_known_add (ls_known *k, const char *wrong, const char *right)
{
  add_entry (k, wrong, strlen (wrong), right, strlen (right));
}


/* Is RIGHT just WRONG with hyphens or spaces put in ("reencode->
   re-encode", "builtin->built-in", "setup->set up")?  That is a matter
   of style, and such words are often names (an option "--reencode", a
   command "setup"), so these entries are left out.  */
static bool
only_spacing (const char *wrong, size_t wlen, const char *right,
	      size_t rlen)
{
  size_t i = 0, j = 0;
  bool inserted = false;
  while (i < wlen && j < rlen)
    if (ls_ascii_lower (wrong[i]) == ls_ascii_lower (right[j]))
      i++, j++;
    else if (right[j] == '-' || right[j] == ' ')
      j++, inserted = true;
    else
      return false;
  return i == wlen && j == rlen && inserted;
}

/* Parse one line; returns false if it is neither blank, a comment nor
   "wrong->right...".  */
static bool
parse_line (ls_known *k, const char *line)
{
  while (ls_is_blank ((unsigned char) *line))
    line++;
  if (*line == '\0' || *line == '#')
    return true;
  const char *arrow = strstr (line, "->");
  if (!arrow || arrow == line)
    return false;
  const char *wend = arrow;
  while (wend > line && ls_is_blank ((unsigned char) wend[-1]))
    wend--;
  const char *right = arrow + 2;
  while (ls_is_blank ((unsigned char) *right))
    right++;
  size_t rlen = strcspn (right, ",#\r\n");
  while (rlen > 0 && ls_is_blank ((unsigned char) right[rlen - 1]))
    rlen--;
  if (rlen == 0)
    return false;
  if (!only_spacing (line, (size_t) (wend - line), right, rlen))
    add_entry (k, line, (size_t) (wend - line), right, rlen);
  return true;
}

struct typos_file
{
  ls_known *k;
  const char *path;
};

static int
add_typos_line (char *line, size_t n, unsigned lineno, void *data,
		char **err)
{
  struct typos_file *tf = data;
  (void) n;
  if (parse_line (tf->k, line))
    return 0;
  if (err)
    *err = ls_error_printf ("%s:%u: '%.*s' is not 'wrong->right'",
			    tf->path, lineno, (int) strcspn (line, "\r\n"),
			    line);
  return -1;
}

int
ls_known_add_file (ls_known *k, const char *path, char **err)
{
  struct typos_file tf = { k, path };
  return ls_read_lines (path, "typos list", add_typos_line, &tf, err);
}

/* Copy RIGHT into K->fixed in the case of WORD (text.h).  */
static const char *
recase (ls_known *k, const char *word, size_t len, const char *right)
{
  size_t n = strlen (right);
  memcpy (k->fixed, right, n + 1);
  ls_copy_case (k->fixed, n, word, len);
  return k->fixed;
}

const char *
ls_known_fix (ls_known *k, const char *word, size_t len)
{
  if (!k || len == 0 || len > MAX_KEY)
    return NULL;
  const struct entry *e = find_entry (k, word, len);
  if (e)
    return recase (k, word, len, e->right);
  size_t n;
  const char *right = k->base ? base_fix (k, word, len, &n) : NULL;
  if (!right || n == 0 || n > MAX_KEY)
    return NULL;
  char copy[MAX_KEY + 1];
  memcpy (copy, right, n);
  copy[n] = '\0';
  return recase (k, word, len, copy);
}

void
ls_known_use_words (ls_known *k, ls_dict_words *words)
{
  ls_dict_words_free (k->base);
  k->base = words;
}

char **
ls_known_lines (const ls_known *k, size_t *n)
{
  size_t cursor = 0;
  struct entry *e;
  char **lines = ls_xcalloc (k->entries.count + 1, sizeof *lines);
  *n = 0;
  while ((e = ls_hashset_next (&k->entries, &cursor)))
    lines[(*n)++] = ls_xasprintf ("%s\t%s", e->wrong, e->right);
  return lines;
}

size_t
ls_known_size (const ls_known *k)
{
  return k ? k->entries.count + ls_dict_words_count (k->base) - k->shadowed
	   : 0;
}

const char *
ls_known_codespell_path (void)
{
  for (size_t i = 0; i < sizeof codespell_paths / sizeof *codespell_paths;
       i++)
    {
      FILE *f = fopen (codespell_paths[i], "r");
      if (f)
	{
	  fclose (f);
	  return codespell_paths[i];
	}
    }
  return NULL;
}

void
ls_known_free (ls_known *k)
{
  if (!k)
    return;
  size_t cursor = 0;
  struct entry *e;
  while ((e = ls_hashset_next (&k->entries, &cursor)))
    {
      free (e->right);
      free (e);
    }
  ls_hashset_free (&k->entries);
  ls_dict_words_free (k->base);
  free (k);
}
