/* baseline.c: the findings of an earlier JSON report (see baseline.h).

   The report is read whole with the strict reader of jsonread.c; only
   "findings"[].tier, .word and .string are used, and each must be
   there as a string, so that a file that is not such a report is one
   clear error rather than an empty baseline.  The keys are kept sorted
   and looked up by binary search.  */

#include "baseline.h"
#include "jsonread.h"
#include "text.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct key
{
  char *tier, *word, *text;	/* As a JSON parser reads them.  */
  size_t tier_len, word_len, text_len;
};

struct ls_baseline
{
  struct key *keys;
  size_t n;
};

static int
compare_bytes (const char *a, size_t a_len, const char *b, size_t b_len)
{
  int c = memcmp (a, b, a_len < b_len ? a_len : b_len);
  return c ? c : ls_compare_size (a_len, b_len);
}

static int
compare_keys (const void *pa, const void *pb)
{
  const struct key *a = pa, *b = pb;
  int c = compare_bytes (a->tier, a->tier_len, b->tier, b->tier_len);
  if (!c)
    c = compare_bytes (a->word, a->word_len, b->word, b->word_len);
  if (!c)
    c = compare_bytes (a->text, a->text_len, b->text, b->text_len);
  return c;
}

/* The string member KEY of finding I, copied into *TEXT and *LEN.  */
static bool
member_string (const struct ls_json *finding, const char *key, char **text,
	       size_t *len)
{
  const struct ls_json *v = ls_json_member (finding, key);
  if (!v || v->type != LS_JSON_STRING)
    return false;
  *text = ls_xstrndup (v->text, v->len);
  *len = v->len;
  return true;
}

ls_baseline *
ls_baseline_parse (const char *data, size_t len, const char *name,
		   char **err)
{
  char *why = NULL;
  struct ls_json *doc = ls_json_parse (data, len, &why);
  if (!doc)
    {
      *err = ls_error_printf ("baseline '%s' is not valid JSON: %s", name,
			      why);
      free (why);
      return NULL;
    }
  const struct ls_json *findings = ls_json_member (doc, "findings");
  if (!findings || findings->type != LS_JSON_ARRAY)
    {
      *err = ls_error_printf ("baseline '%s' is not a report of ltospell "
			      "(report=FILE.json): no \"findings\" array",
			      name);
      ls_json_free (doc);
      return NULL;
    }
  ls_baseline *b = ls_xcalloc (1, sizeof *b);
  b->keys = ls_xcalloc (findings->n + 1, sizeof *b->keys);
  for (size_t i = 0; i < findings->n; i++)
    {
      const struct ls_json *f = &findings->items[i];
      struct key *k = &b->keys[b->n++];
      const char *missing
	= !member_string (f, "tier", &k->tier, &k->tier_len) ? "tier"
	  : !member_string (f, "word", &k->word, &k->word_len) ? "word"
	  : !member_string (f, "string", &k->text, &k->text_len) ? "string"
	  : NULL;
      if (missing)
	{
	  *err = ls_error_printf ("baseline '%s' is not a report of ltospell "
				  "(report=FILE.json): finding %zu has no "
				  "\"%s\" string", name, i + 1, missing);
	  ls_baseline_free (b);
	  ls_json_free (doc);
	  return NULL;
	}
    }
  ls_json_free (doc);
  ls_sort (b->keys, b->n, sizeof *b->keys, compare_keys);
  return b;
}

/* Files larger than this are not a report of a program.  */
enum { max_baseline_bytes = 1 << 30 };

ls_baseline *
ls_baseline_read (const char *path, char **err)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    {
      *err = ls_error_printf ("cannot read baseline '%s': %s", path,
			      strerror (errno));
      return NULL;
    }
  char *data = NULL;
  size_t len = 0, alloc = 0;
  int saved_errno = 0;
  for (;;)
    {
      data = ls_grow_array (data, &alloc, len + 65536, 1, 65536);
      size_t got = fread (data + len, 1, alloc - len, f);
      len += got;
      if (got == 0 || len > max_baseline_bytes)
	break;
    }
  if (ferror (f))
    saved_errno = errno ? errno : EIO;
  fclose (f);
  ls_baseline *b = NULL;
  if (saved_errno)
    *err = ls_error_printf ("cannot read baseline '%s': %s", path,
			    strerror (saved_errno));
  else if (len > max_baseline_bytes)
    *err = ls_error_printf ("cannot read baseline '%s': larger than 1 GiB",
			    path);
  else
    b = ls_baseline_parse (data, len, path, err);
  free (data);
  return b;
}

bool
ls_baseline_has (const ls_baseline *b, const char *tier, const char *word,
		 const char *text, size_t text_len)
{
  struct key k;
  k.tier = (char *) tier;
  k.tier_len = strlen (tier);
  k.word = ls_json_text (word, strlen (word), &k.word_len);
  k.text = ls_json_text (text, text_len, &k.text_len);
  bool found = bsearch (&k, b->keys, b->n, sizeof *b->keys,
			compare_keys) != NULL;
  free (k.word);
  free (k.text);
  return found;
}

size_t
ls_baseline_size (const ls_baseline *b)
{
  return b->n;
}

void
ls_baseline_free (ls_baseline *b)
{
  if (!b)
    return;
  for (size_t i = 0; i < b->n; i++)
    {
      free (b->keys[i].tier);
      free (b->keys[i].word);
      free (b->keys[i].text);
    }
  free (b->keys);
  free (b);
}
