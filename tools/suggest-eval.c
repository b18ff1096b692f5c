/* suggest-eval: how suggestions made from the precompiled words
   (src/suggest.h, what ls_speller_suggest returns when the precompiled
   words are in use) compare with aspell's through enchant (what it
   returns otherwise, and returned before stop 25).

   suggest-eval WORDS-DIR EVERY [WORDS-FILE]
     Reads codespell's misspellings from WORDS-DIR/codespell-en.words
     and keeps every EVERY-th that the speller rejects; or, with
     WORDS-FILE, the words of that file (one a line, "word<TAB>fix"
     where the fix is known).  For each engine it prints how often its
     first suggestion is the fix and how often the fix is in its first
     five, the confidence (confidence.h) each engine's suggestions give,
     whether a suggestion other than a split is one edit away (the
     compound rule's test), and the time each took.  With -v, every word
     whose tier or first suggestion differs.  The fixes that rank the
     builtin's suggestions are counted on codespell's list without the
     words evaluated (held out), so that a word's own fix does not rank
     it.  NOFIXES=1 in the environment: without fixes.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "confidence.h"
#include "dictwords.h"
#include "speller.h"
#include "suggest.h"
#include "util.h"

struct item
{
  char *word, *fix;		/* FIX may be NULL.  */
};

struct items
{
  struct item *v;
  size_t n, alloc, seen, every;
  ls_speller *sp;
};

static bool
take_misspelling (void *data, const char *key, size_t key_len,
		  const char *value, size_t value_len)
{
  struct items *it = data;
  if (it->seen++ % it->every != 0)
    return true;
  if (ls_speller_check (it->sp, key, key_len))
    return true;
  it->v = ls_grow_array (it->v, &it->alloc, it->n + 1, sizeof *it->v, 64);
  const char *comma = memchr (value, ',', value_len);
  size_t fix_len = comma ? (size_t) (comma - value) : value_len;
  it->v[it->n++] = (struct item) { ls_xstrndup (key, key_len),
				   ls_xstrndup (value, fix_len) };
  return true;
}

static void
read_words_file (struct items *it, const char *path)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      perror (path);
      exit (2);
    }
  char line[512];
  while (fgets (line, sizeof line, f))
    {
      line[strcspn (line, "\n")] = '\0';
      if (!line[0] || line[0] == '#')
	continue;
      char *tab = strchr (line, '\t');
      if (tab)
	*tab++ = '\0';
      if (ls_speller_check (it->sp, line, strlen (line)))
	continue;
      it->v = ls_grow_array (it->v, &it->alloc, it->n + 1, sizeof *it->v,
			     64);
      it->v[it->n++] = (struct item) { ls_xstrdup (line),
				       tab && *tab ? ls_xstrdup (tab) : NULL };
    }
  fclose (f);
}

static bool
is_common (void *data, const char *word, size_t len)
{
  return ls_speller_is_common (data, word, len);
}

/* codespell's entries but the words evaluated, for counting fixes: the
   fix of a word evaluated must not help rank it.  */
struct held_out
{
  const struct items *it;
  char **lines;
  size_t n, alloc;
};

static bool
keep_other (void *data, const char *key, size_t key_len, const char *value,
	    size_t value_len)
{
  struct held_out *h = data;
  char *word = ls_xstrndup (key, key_len);
  bool evaluated = false;
  for (size_t i = 0; i < h->it->n && !evaluated; i++)
    evaluated = strcmp (h->it->v[i].word, word) == 0;
  free (word);
  if (evaluated)
    return true;
  h->lines = ls_grow_array (h->lines, &h->alloc, h->n + 1, sizeof *h->lines,
			    1024);
  h->lines[h->n++] = ls_xasprintf ("%.*s\t%.*s", (int) key_len, key,
				   (int) value_len, value);
  return true;
}

static ls_dict_words *
held_out_fixes (const ls_dict_words *codespell, const struct items *it)
{
  struct held_out h = { it, NULL, 0, 0 };
  ls_dict_words_each (codespell, keep_other, &h);
  char dir[] = "/tmp/suggest-eval-XXXXXX";
  if (!mkdtemp (dir))
    return NULL;
  char *path = ls_xasprintf ("%s/codespell-heldout.words", dir);
  FILE *f = fopen (path, "w");
  const char *source = ls_dict_words_path (codespell);
  struct ls_dict_words_head head = { "codespell", "heldout", &source, 1,
				     NULL };
  char *err = NULL;
  if (!f || ls_dict_words_write (f, &head, h.lines, h.n, &err) != 0)
    {
      fprintf (stderr, "%s: %s\n", path, err ? err : "cannot write");
      exit (2);
    }
  fclose (f);
  for (size_t i = 0; i < h.n; i++)
    free (h.lines[i]);
  free (h.lines);
  ls_dict_words *w = ls_dict_words_open (dir, "codespell", "heldout", NULL,
					 &err);
  unlink (path);
  rmdir (dir);
  free (path);
  if (!w)
    {
      fprintf (stderr, "%s\n", err);
      exit (2);
    }
  return w;
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

/* Is a suggestion other than a split one edit from WORD?  */
static bool
near_one (const char *word, const char *const *s, size_t n)
{
  size_t len = strlen (word);
  for (size_t i = 0; i < n; i++)
    if (!ls_splits_word (word, len, s[i])
	&& ls_edit_distance (word, len, s[i], strlen (s[i])) <= 1)
      return true;
  return false;
}

struct tally
{
  size_t top1, top5, with_fix, tiers[3], near;
};

static void
count (struct tally *t, const struct item *it, const char *const *s,
       size_t n, ls_speller *sp, enum ls_confidence *tier, bool *near)
{
  *tier = ls_confidence_of (it->word, strlen (it->word), s, n, is_common, sp,
			    NULL);
  t->tiers[*tier]++;
  *near = near_one (it->word, s, n);
  t->near += *near;
  if (!it->fix)
    return;
  t->with_fix++;
  for (size_t i = 0; i < n && i < 5; i++)
    if (strcasecmp (s[i], it->fix) == 0)
      {
	t->top1 += i == 0;
	t->top5++;
	break;
      }
}

static void
print_tally (const char *name, const struct tally *t, double seconds,
	     size_t n)
{
  printf ("%-8s first=fix %zu/%zu (%.1f %%)  fix in 5 %zu (%.1f %%)  "
	  "tiers low %zu medium %zu high %zu  near %zu  %.2f ms a word\n",
	  name, t->top1, t->with_fix,
	  t->with_fix ? 100.0 * (double) t->top1 / (double) t->with_fix : 0.0,
	  t->top5,
	  t->with_fix ? 100.0 * (double) t->top5 / (double) t->with_fix : 0.0,
	  t->tiers[0], t->tiers[1], t->tiers[2], t->near,
	  n ? 1000.0 * seconds / (double) n : 0.0);
}

int
main (int argc, char **argv)
{
  bool verbose = argc > 1 && strcmp (argv[1], "-v") == 0;
  if (verbose)
    {
      argv++;
      argc--;
    }
  if (argc < 3)
    {
      fprintf (stderr, "usage: suggest-eval [-v] WORDS-DIR EVERY [WORDS-FILE]\n");
      return 2;
    }
  char *err = NULL;
  struct ls_speller_setup setup = { .words_dir = argv[1] };
  ls_speller *sp = ls_speller_open (&setup, &err);
  if (!sp)
    {
      fprintf (stderr, "%s\n", err);
      return 2;
    }
  ls_dict_words *aspell = ls_dict_words_open (argv[1], "aspell", "en_US",
					      NULL, &err);
  ls_dict_words *codespell = ls_dict_words_open (argv[1], "codespell", "en",
						 NULL, &err);
  if (!aspell || !codespell)
    {
      fprintf (stderr, "%s\n", err);
      return 2;
    }
  struct ls_speller_setup enchant_setup = { 0 };
  ls_speller *asp = ls_speller_open (&enchant_setup, &err);
  if (!asp)
    {
      fprintf (stderr, "%s\n", err);
      return 2;
    }
  struct items it = { .every = (size_t) atol (argv[2]), .sp = sp };
  if (it.every == 0)
    it.every = 1;
  if (argc > 3)
    read_words_file (&it, argv[3]);
  else
    ls_dict_words_each (codespell, take_misspelling, &it);

  ls_dict_words *fixes = getenv ("NOFIXES") ? NULL
			 : held_out_fixes (codespell, &it);
  /* Builtin: one scan for all the words.  */
  double t0 = now ();
  struct ls_suggest_query *q = ls_xcalloc (it.n ? it.n : 1, sizeof *q);
  for (size_t i = 0; i < it.n; i++)
    q[i] = (struct ls_suggest_query) { it.v[i].word, strlen (it.v[i].word),
				       NULL, 0 };
  const ls_dict_words *lists[] = { aspell };
  ls_suggest (lists, 1, fixes, is_common, sp, q, it.n);
  double builtin_s = now () - t0;

  t0 = now ();
  for (size_t i = 0; i < it.n; i++)
    ls_speller_suggest (asp, it.v[i].word, strlen (it.v[i].word), NULL);
  double enchant_s = now () - t0;

  struct tally te = { 0 }, tb = { 0 };
  size_t same_first = 0, same_tier = 0, same_near = 0, tier_moves[3][3] = { 0 };
  for (size_t i = 0; i < it.n; i++)
    {
      size_t ne;
      const char *const *se = ls_speller_suggest (asp, it.v[i].word,
						   strlen (it.v[i].word), &ne);
      const char **sb = ls_xmalloc ((q[i].n_near + 1) * sizeof *sb);
      size_t nb = q[i].n_near;
      for (size_t k = 0; k < nb; k++)
	sb[k] = q[i].near[k].word;
      enum ls_confidence ce, cb;
      bool nearE, nearB;
      count (&te, &it.v[i], se, ne, sp, &ce, &nearE);
      count (&tb, &it.v[i], sb, nb, sp, &cb, &nearB);
      bool first = (ne == 0 && nb == 0)
		   || (ne && nb && strcmp (se[0], sb[0]) == 0);
      same_first += first;
      same_tier += ce == cb;
      same_near += nearE == nearB;
      tier_moves[ce][cb]++;
      if (verbose && (!first || ce != cb || nearE != nearB))
	printf ("%s\tfix=%s\tenchant[%s%s]=%s,%s,%s\tbuiltin[%s%s]=%s,%s,%s\n",
		it.v[i].word, it.v[i].fix ? it.v[i].fix : "-",
		ls_confidence_name (ce), nearE ? ",near" : "",
		ne > 0 ? se[0] : "", ne > 1 ? se[1] : "", ne > 2 ? se[2] : "",
		ls_confidence_name (cb), nearB ? ",near" : "",
		nb > 0 ? sb[0] : "", nb > 1 ? sb[1] : "",
		nb > 2 ? sb[2] : "");
      free (sb);
    }
  printf ("%zu words the speller rejects\n", it.n);
  print_tally ("enchant", &te, enchant_s, it.n);
  print_tally ("builtin", &tb, builtin_s, it.n);
  printf ("same first suggestion %zu, same tier %zu, same near %zu\n",
	  same_first, same_tier, same_near);
  printf ("tiers, enchant (rows) against builtin (columns), low medium high:\n");
  for (int r = 0; r < 3; r++)
    printf ("  %-6s %6zu %6zu %6zu\n", ls_confidence_name ((enum ls_confidence) r),
	    tier_moves[r][0], tier_moves[r][1], tier_moves[r][2]);
  for (size_t i = 0; i < it.n; i++)
    {
      ls_suggest_query_clear (&q[i]);
      free (it.v[i].word);
      free (it.v[i].fix);
    }
  free (q);
  free (it.v);
  ls_dict_words_free (aspell);
  ls_dict_words_free (codespell);
  ls_dict_words_free (fixes);
  ls_speller_free (asp);
  ls_speller_free (sp);
  return 0;
}
