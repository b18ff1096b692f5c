/* check.c: turn the program's strings into findings.

   Each distinct string is split once; each word goes to the speller,
   whose cache makes every distinct word reach enchant once.  A word
   misspelled several times in one string is one finding, at its first
   occurrence; the same word in another distinct string is another
   finding, since it is another place to fix.  Findings come out in the
   program's (deterministic) string order, then by offset.  */

#include "ltospell.h"

#include <stdlib.h>
#include <string.h>

struct check_state
{
  ls_speller *sp;
  ls_findings *out;
  const struct ls_string *str;
};

static void
add_finding (ls_findings *f, const char *word, size_t len, size_t offset,
	     const struct ls_string *str)
{
  if (f->n == f->alloc)
    {
      f->alloc = f->alloc ? f->alloc * 2 : 64;
      f->items = realloc (f->items, f->alloc * sizeof *f->items);
      if (!f->items)
	abort ();
    }
  char *copy = malloc (len + 1);
  if (!copy)
    abort ();
  memcpy (copy, word, len);
  copy[len] = '\0';
  f->items[f->n++] = (struct ls_finding) { copy, offset, str,
					    LS_TIER_UNKNOWN, NULL };
}

static void
check_word (const char *word, size_t len, size_t offset, void *data)
{
  struct check_state *st = data;
  st->out->words++;
  if (!ls_speller_check (st->sp, word, len))
    add_finding (st->out, word, len, offset, st->str);
}

static int
compare_by_word (const void *pa, const void *pb)
{
  const struct ls_finding *a = pa, *b = pb;
  int c = strcmp (a->word, b->word);
  if (c)
    return c;
  return (a->offset > b->offset) - (a->offset < b->offset);
}

static int
compare_by_offset (const void *pa, const void *pb)
{
  const struct ls_finding *a = pa, *b = pb;
  return (a->offset > b->offset) - (a->offset < b->offset);
}

/* Keep only the first occurrence of each word among ITEMS[0..N).  */
static size_t
drop_repeated_words (struct ls_finding *items, size_t n)
{
  if (n < 2)
    return n;
  qsort (items, n, sizeof *items, compare_by_word);
  size_t kept = 1;
  for (size_t i = 1; i < n; i++)
    if (strcmp (items[i].word, items[kept - 1].word) != 0)
      items[kept++] = items[i];
    else
      free ((void *) items[i].word);
  qsort (items, kept, sizeof *items, compare_by_offset);
  return kept;
}

void
ls_check_program (const ls_program *p, ls_speller *sp, ls_findings *out)
{
  memset (out, 0, sizeof *out);
  struct check_state st = { sp, out, NULL };
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      st.str = ls_program_string (p, i);
      size_t first = out->n;
      ls_split_words (st.str->text, st.str->text_len, LS_SPLIT_DEFAULT,
		      check_word, &st);
      out->n = first + drop_repeated_words (out->items + first,
					    out->n - first);
    }
  out->distinct_words = ls_speller_distinct_words (sp);
}

void
ls_findings_free (ls_findings *f)
{
  for (size_t i = 0; i < f->n; i++)
    free ((void *) f->items[i].word);
  free (f->items);
  memset (f, 0, sizeof *f);
}
