/* test_suggest.c: unit tests for suggest.c, suggestions from a list of
   words without a speller library.  The lists are written here with
   ls_dict_words_write, as tools/precompile writes aspell's.  */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../confidence.h"
#include "../dictwords.h"
#include "../suggest.h"
#include "scratch.h"
#include "unit.h"

/* Write ROOT/PROVIDER-TAG.words from the N LINES and open it.  */
static ls_dict_words *
list_of (const char *provider, const char *tag, const char *const *lines,
	 size_t n)
{
  char name[64];
  snprintf (name, sizeof name, "%s-%s.words", provider, tag);
  char **copy = malloc ((n + 1) * sizeof *copy);
  for (size_t i = 0; i < n; i++)
    copy[i] = strdup (lines[i]);
  char source[512];
  snprintf (source, sizeof source, "%s", scratch_at ("source"));
  const char *sources[] = { source };
  struct ls_dict_words_head head = { provider, tag, sources, 1, NULL };
  FILE *f = fopen (scratch_at (name), "w");
  char *err = NULL;
  if (!f || ls_dict_words_write (f, &head, copy, n, &err) != 0)
    {
      fprintf (stderr, "%s: %s\n", name, err ? err : "cannot write");
      exit (2);
    }
  fclose (f);
  for (size_t i = 0; i < n; i++)
    free (copy[i]);
  free (copy);
  ls_dict_words *w = ls_dict_words_open (scratch_root, provider, tag, NULL, &err);
  if (!w)
    {
      fprintf (stderr, "%s\n", err);
      exit (2);
    }
  ls_dict_words_unmap (w);
  return w;
}

static const char *const words[] = {
  "receive", "relieve", "history", "into", "world", "would", "wold",
  "of", "the", "cent", "er", "disappeared", "English", "alpha", "a",
  "lot", "allot", "world's", "worlds", "cart", "card", "reading",
  "Reading", "Readings",
};
#define N_WORDS (sizeof words / sizeof *words)

/* Words of this test that count as common.  */
static bool
common (void *data, const char *word, size_t len)
{
  (void) data;
  static const char *const c[] = { "receive", "relieve", "history", "into",
				   "world", "would", "of", "the", "a", "lot" };
  for (size_t i = 0; i < sizeof c / sizeof *c; i++)
    if (strlen (c[i]) == len && memcmp (c[i], word, len) == 0)
      return true;
  return false;
}

/* The candidates of WORD from W, ranked, in the word's case: "a,b,c".  */
static char *
ranked (const ls_dict_words *w, const ls_dict_words *fixes, const char *word)
{
  struct ls_suggest_query q = { word, strlen (word), NULL, 0 };
  const ls_dict_words *lists[] = { w };
  ls_suggest (lists, 1, fixes, common, NULL, &q, 1);
  static char out[1024];
  out[0] = '\0';
  for (size_t i = 0; i < q.n_near; i++)
    {
      if (i)
	strcat (out, ",");
      strncat (out, q.near[i].word, sizeof out - strlen (out) - 2);
    }
  ls_suggest_query_clear (&q);
  return out;
}

static void
test_ranking (void)
{
  ls_dict_words *w = list_of ("aspell", "xx", words, N_WORDS);
  /* A swap is a likelier slip than a substitution of far keys.  */
  UNIT_STREQ ("suggest: a swap before a far substitution",
	      ranked (w, NULL, "recieve"), "receive,relieve");
  /* One edit before two; then a common word before a rare one.  */
  UNIT_STREQ ("suggest: fewer edits, then a common word",
	      ranked (w, NULL, "wrold"), "world,wold,would,worlds");
  UNIT_STREQ ("suggest: the plain word before its possessive",
	      ranked (w, NULL, "worldss"), "worlds,world's,world");
  UNIT_STREQ ("suggest: a Capitalized word gets Capitalized suggestions",
	      ranked (w, NULL, "Wrold"), "World,Wold,Would,Worlds");
  UNIT_STREQ ("suggest: an ALL CAPS word gets ALL CAPS suggestions",
	      ranked (w, NULL, "WROLD"), "WORLD,WOLD,WOULD,WORLDS");
  UNIT_STREQ ("suggest: a lowercase word is offered the lowercase form "
	      "of a word the list has in both", ranked (w, NULL, "readng"),
	      "reading,Readings");
  UNIT_STREQ ("suggest: ...a Capitalized one the Capitalized form",
	      ranked (w, NULL, "Readng"), "Reading,Readings");
  UNIT_STREQ ("suggest: case alone is a suggestion",
	      ranked (w, NULL, "english"), "English");
  UNIT_STREQ ("suggest: a word split in two words of the list",
	      ranked (w, NULL, "intohistory"), "into history");
  UNIT_STREQ ("suggest: a split after the words as many edits away",
	      ranked (w, NULL, "alot"), "lot,allot,a lot");
  UNIT_STREQ ("suggest: short parts when they are function words",
	      ranked (w, NULL, "ofthe"), "of the,the");
  UNIT_STREQ ("suggest: ...not others ('cent er')",
	      ranked (w, NULL, "center"), "cent");
  UNIT_STREQ ("suggest: a long word with nothing within two edits gets "
	      "three", ranked (w, NULL, "dissapeard"), "disappeared");
  UNIT_STREQ ("suggest: ...from 7 letters on",
	      ranked (w, NULL, "alhpzza"), "alpha");
  UNIT_STREQ ("suggest: ...a shorter one does not",
	      ranked (w, NULL, "alhpzz"), "");
  /* "would" is common; "worlds" is a letter left out, "wold" one
     typed in.  */
  UNIT_STREQ ("suggest: the word itself is no suggestion",
	      ranked (w, NULL, "world"), "would,worlds,wold,world's");

  /* Fixes rank words that tie on everything else: "cart" and "card"
     are each a letter left out of "car", neither common; "cart" is the
     first fix of two misspellings, "card" of one ("cadr, card" counts
     for "cadr" only).  */
  UNIT_STREQ ("suggest: without fixes, byte order on a tie",
	      ranked (w, NULL, "car"), "card,cart,a,er");
  static const char *const fix_lines[] = { "catr\tcart", "crat\tcart, card",
					   "cadr\tcard" };
  ls_dict_words *fixes = list_of ("codespell", "xx", fix_lines, 3);
  struct ls_suggest_query q = { "car", 3, NULL, 0 };
  ls_suggest_near (w, &q, 1, 2);
  UNIT_CHECK ("suggest: fixes counted", ls_suggest_count_fixes (fixes, &q, 1)
					== 0);
  unsigned cart_fixes = 99, card_fixes = 99;
  for (size_t i = 0; i < q.n_near; i++)
    {
      if (strcmp (q.near[i].word, "cart") == 0)
	cart_fixes = q.near[i].fixes;
      if (strcmp (q.near[i].word, "card") == 0)
	card_fixes = q.near[i].fixes;
    }
  UNIT_CHECK ("suggest: a word is counted as the first fix only",
	      cart_fixes == 2 && card_fixes == 1);
  ls_suggest_query_clear (&q);
  UNIT_STREQ ("suggest: more fixes first on a tie",
	      ranked (w, fixes, "car"), "cart,card,a,er");

  /* Two lists that share words: each word once, with its fewest
     edits.  */
  static const char *const more[] = { "world", "worldly" };
  ls_dict_words *w2 = list_of ("aspell", "yy", more, 2);
  struct ls_suggest_query q2 = { "wrold", 5, NULL, 0 };
  const ls_dict_words *both[] = { w, w2 };
  ls_suggest (both, 2, NULL, common, NULL, &q2, 1);
  size_t worlds = 0;
  for (size_t i = 0; i < q2.n_near; i++)
    worlds += strcmp (q2.near[i].word, "world") == 0;
  UNIT_CHECK ("suggest: a word two lists have is one suggestion",
	      worlds == 1 && q2.n_near == 4);
  ls_suggest_query_clear (&q2);
  ls_dict_words_free (w2);
  ls_dict_words_free (fixes);
  ls_dict_words_free (w);
}

static unsigned long rng = 12345;

static unsigned
next_random (unsigned below)
{
  rng = rng * 6364136223846793005UL + 1442695040888963407UL;
  return (unsigned) ((rng >> 33) % below);
}

/* N made-up words of 1 to MAX_LEN characters of ALPHABET; with
   SHAPED, each lowercase, Capitalized, in capitals or left as is (a
   quarter each; ALPHABET then lowercase letters).  */
static char **
made_up_list (size_t n, size_t max_len, const char *alphabet, bool shaped)
{
  unsigned letters = (unsigned) strlen (alphabet);
  char **list = malloc (n * sizeof *list);
  for (size_t i = 0; i < n; i++)
    {
      size_t len = 1 + next_random ((unsigned) max_len);
      list[i] = malloc (len + 1);
      for (size_t k = 0; k < len; k++)
	list[i][k] = alphabet[next_random (letters)];
      list[i][len] = '\0';
      unsigned shape = shaped ? next_random (4) : 0;
      for (size_t k = 0; k < len; k++)
	if ((shape == 1 && k == 0) || shape == 2)
	  list[i][k] = (char) (list[i][k] - 'a' + 'A');
    }
  return list;
}

static void
free_list (char **list, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free (list[i]);
  free (list);
}

/* The scan's filters (length, letter sets) lose nothing: on made-up
   words over a small alphabet, where many are close, the candidates
   are exactly the words of the list within MAX edits, as
   ls_edit_distance counts them one by one.  Words of up to MAX_LEN
   characters, N_LIST of them, N_QUERIES queries: long words (64 bytes
   and more) take the distance's rows from the heap, and their table is
   mostly off the band of cells it computes.  */
static void
test_against_every_word (unsigned max, size_t max_len, size_t n_list,
			 size_t n_queries)
{
  char **list = made_up_list (n_list, max_len, "abcdeAB'", false);
  ls_dict_words *w = list_of ("aspell", "zz", (const char *const *) list,
			      n_list);
  struct ls_suggest_query *q = calloc (n_queries, sizeof *q);
  char **qw = malloc (n_queries * sizeof *qw);
  for (size_t i = 0; i < n_queries; i++)
    {
      /* Half of them a word of the list changed, half made up.  */
      const char *base = list[next_random (n_list)];
      qw[i] = malloc (max_len + 2);
      snprintf (qw[i], max_len + 2, "%s%s", base, i % 2 ? "e" : "");
      if (i % 3 == 0)
	qw[i][0] = 'c';
      q[i] = (struct ls_suggest_query) { qw[i], strlen (qw[i]), NULL, 0 };
    }
  UNIT_CHECK ("suggest: the scan reads the list",
	      ls_suggest_near (w, q, n_queries, max) == 0);
  size_t missing = 0, extra = 0, wrong_edits = 0;
  for (size_t i = 0; i < n_queries; i++)
    {
      size_t want = 0;
      /* LIST may repeat a word; the file has it once.  */
      for (size_t j = 0; j < n_list; j++)
	{
	  bool repeated = false;
	  for (size_t k = 0; k < j && !repeated; k++)
	    repeated = strcmp (list[k], list[j]) == 0;
	  if (repeated || strcmp (list[j], qw[i]) == 0)
	    continue;
	  unsigned d = ls_edit_distance (qw[i], strlen (qw[i]), list[j],
					 strlen (list[j]));
	  if (d > max)
	    continue;
	  want++;
	  bool found = false;
	  for (size_t k = 0; k < q[i].n_near && !found; k++)
	    if (strcmp (q[i].near[k].word, list[j]) == 0)
	      {
		found = true;
		wrong_edits += q[i].near[k].edits != d;
	      }
	  missing += !found;
	}
      size_t splits = 0;
      for (size_t k = 0; k < q[i].n_near; k++)
	splits += strchr (q[i].near[k].word, ' ') != NULL;
      extra += q[i].n_near - splits > want ? q[i].n_near - splits - want : 0;
      ls_suggest_query_clear (&q[i]);
      free (qw[i]);
    }
  char name[128];
  snprintf (name, sizeof name,
	    "suggest: within %u edits, every word of the list and no other "
	    "(words up to %zu long)", max, max_len);
  char why[96];
  snprintf (why, sizeof why, "%zu missing, %zu extra, %zu wrong counts",
	    missing, extra, wrong_edits);
  unit_report (missing == 0 && extra == 0 && wrong_edits == 0, name, why);
  free (q);
  free (qw);
  free_list (list, n_list);
  ls_dict_words_free (w);
}

/* Several queries at once, as the speller asks: a long one for three
   edits beside short ones, two of them in one buffer (different
   lengths), the words not NUL-terminated (ASan sees a read past them).  */
static void
test_batch (void)
{
  ls_dict_words *w = list_of ("aspell", "bb", words, N_WORDS);
  const char text[] = "dissapeardwrold";
  char *buf = malloc (15);
  memcpy (buf, text, 15);
  char *one = malloc (1);
  one[0] = 'A';
  struct ls_suggest_query q[] = {
    { buf, 3, NULL, 0 },		/* "dis" */
    { buf, 10, NULL, 0 },		/* "dissapeard" */
    { buf + 10, 5, NULL, 0 },		/* "wrold" */
    { one, 1, NULL, 0 },		/* "A" */
  };
  const ls_dict_words *lists[] = { w };
  UNIT_CHECK ("suggest: a batch reads its lists",
	      ls_suggest (lists, 1, NULL, common, NULL, q, 4) == 0);
  char got[4][256];
  for (size_t i = 0; i < 4; i++)
    {
      got[i][0] = '\0';
      for (size_t k = 0; k < q[i].n_near; k++)
	{
	  if (k)
	    strcat (got[i], ",");
	  strncat (got[i], q[i].near[k].word, 200 - strlen (got[i]));
	}
      ls_suggest_query_clear (&q[i]);
    }
  UNIT_STREQ ("suggest: batch, a short word of a shared buffer", got[0],
	      "");
  UNIT_STREQ ("suggest: batch, a long one of the same buffer", got[1],
	      "disappeared");
  UNIT_STREQ ("suggest: batch, a word not NUL-terminated", got[2],
	      "world,wold,would,worlds");
  /* The list's "a" written as the word is "A": not offered.  */
  UNIT_STREQ ("suggest: 'A' is no suggestion for 'A'", got[3], "Of,Er");
  free (buf);
  free (one);

  /* A batch of more than 32 words reads the lists a second time for
     its long words without a candidate: the same suggestions.  */
  struct ls_suggest_query many[40];
  for (size_t i = 0; i < 40; i++)
    many[i] = (struct ls_suggest_query) { i == 7 ? "dissapeard" : "wrold",
					  i == 7 ? 10 : 5, NULL, 0 };
  ls_suggest (lists, 1, NULL, common, NULL, many, 40);
  UNIT_CHECK ("suggest: a batch of 40, a long word gets three edits",
	      many[7].n_near == 1
	      && strcmp (many[7].near[0].word, "disappeared") == 0);
  UNIT_CHECK ("suggest: ...and the others their own",
	      many[8].n_near == 4 && strcmp (many[8].near[0].word, "world") == 0
	      && many[0].n_near == 4);
  for (size_t i = 0; i < 40; i++)
    ls_suggest_query_clear (&many[i]);
  UNIT_CHECK ("suggest: a word one edit away is near",
	      ls_suggest_any_near (lists, 1, "wrold", 5)
	      && ls_suggest_any_near (lists, 1, "Wrold", 5));
  UNIT_CHECK ("suggest: case alone is near",
	      ls_suggest_any_near (lists, 1, "ENGLISH", 7));
  UNIT_CHECK ("suggest: a letter left out is near",
	      ls_suggest_any_near (lists, 1, "wrld", 4));
  UNIT_CHECK ("suggest: two edits, or a split, is not near",
	      !ls_suggest_any_near (lists, 1, "wrodl", 5)
	      && !ls_suggest_any_near (lists, 1, "intohistory", 11)
	      && !ls_suggest_any_near (lists, 1, "xxxxx", 5));
  UNIT_CHECK ("suggest: the word itself is not near itself",
	      !ls_suggest_any_near (lists, 1, "alpha", 5));
  ls_dict_words_free (w);
}

/* ls_suggest_any_near looks at the words of the query's first letter
   and looks up the edits of that letter: on made-up words (lowercase,
   Capitalized or in capitals, as precompile writes the forms of a word
   with capitals inside), it answers as a comparison with every word
   does.  */
static void
test_any_near_against_every_word (void)
{
  enum { n_list = 4000, n_queries = 400 };
  char **list = made_up_list (n_list, 6, "abcdefg", true);
  ls_dict_words *w = list_of ("aspell", "near", (const char *const *) list,
			      n_list);
  const ls_dict_words *lists[] = { w };
  size_t wrong = 0, near = 0;
  for (size_t i = 0; i < n_queries; i++)
    {
      char query[16];
      size_t len = 1 + next_random (7);
      for (size_t k = 0; k < len; k++)
	query[k] = "abcdefgh"[next_random (8)];
      if (next_random (3) == 0)
	query[0] = (char) (query[0] - 'a' + 'A');
      bool want = false;
      for (size_t j = 0; j < n_list && !want; j++)
	want = (strlen (list[j]) != len || memcmp (list[j], query, len) != 0)
	       && ls_edit_distance (query, len, list[j], strlen (list[j])) <= 1;
      bool got = ls_suggest_any_near (lists, 1, query, len);
      wrong += got != want;
      near += want;
    }
  char why[64];
  snprintf (why, sizeof why, "%zu of %d answers differ (%zu near)", wrong,
	    n_queries, near);
  unit_report (wrong == 0 && near > 20 && near < n_queries - 20,
	       "suggest: near by first letter and lookups, as by every word",
	       why);
  free_list (list, n_list);
  ls_dict_words_free (w);
}

/* A list cut short after it was opened: the scan says so.  */
static void
test_truncated (void)
{
  ls_dict_words *w = list_of ("aspell", "cut", words, N_WORDS);
  if (truncate (scratch_at ("aspell-cut.words"), 200) != 0)
    {
      perror ("truncate");
      exit (2);
    }
  struct ls_suggest_query q = { "wrold", 5, NULL, 0 };
  UNIT_CHECK ("suggest: a list that cannot be read fails",
	      ls_suggest_near (w, &q, 1, 2) == -1);
  ls_suggest_query_clear (&q);
  ls_dict_words_free (w);
}

/* The optimal string alignment distance by its whole table, ASCII
   case folded: what ls_suggest_osa bounds.  */
static char
fold_ascii (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

static unsigned
reference_osa (const char *a, size_t m, const char *b, size_t n)
{
  static unsigned d[80][80];
  for (size_t i = 0; i <= m; i++)
    d[i][0] = (unsigned) i;
  for (size_t j = 0; j <= n; j++)
    d[0][j] = (unsigned) j;
  for (size_t i = 1; i <= m; i++)
    for (size_t j = 1; j <= n; j++)
      {
	char x = fold_ascii (a[i - 1]), y = fold_ascii (b[j - 1]);
	unsigned best = d[i - 1][j - 1] + (x != y);
	if (d[i - 1][j] + 1 < best)
	  best = d[i - 1][j] + 1;
	if (d[i][j - 1] + 1 < best)
	  best = d[i][j - 1] + 1;
	if (i > 1 && j > 1 && x == fold_ascii (b[j - 2])
	    && fold_ascii (a[i - 2]) == y && d[i - 2][j - 2] + 1 < best)
	  best = d[i - 2][j - 2] + 1;
	d[i][j] = best;
      }
  return d[m][n];
}

/* ls_suggest_osa against the whole table: random pairs over a few
   letters in both cases and a high byte, one often an edit or two
   (swaps too) of the other, of 0 to 75 bytes (the bit-parallel path
   up to 64, the band beyond), every bound from 0 to 3.  */
static void
test_osa_against_table (void)
{
  static const char letters[] = "abAB\xC3";
  unsigned seed = 2024;
  int wrong = 0, close = 0;
  for (int round = 0; round < 40000; round++)
    {
      char a[80], b[80];
      seed = seed * 1103515245u + 12345u;
      size_t m = (seed >> 8) % (round % 10 == 0 ? 76 : 12);
      for (size_t i = 0; i < m; i++)
	{
	  seed = seed * 1103515245u + 12345u;
	  a[i] = letters[(seed >> 16) % 5];
	}
      size_t n = m;
      memcpy (b, a, m);
      for (int e = (int) (seed >> 4) % 4; e > 0; e--)
	{
	  seed = seed * 1103515245u + 12345u;
	  size_t at = n ? (seed >> 8) % n : 0;
	  switch ((seed >> 20) % 4)
	    {
	    case 0:		/* Swap.  */
	      if (at + 1 < n)
		{
		  char t = b[at];
		  b[at] = b[at + 1];
		  b[at + 1] = t;
		}
	      break;
	    case 1:		/* Delete.  */
	      if (n)
		memmove (b + at, b + at + 1, --n - at);
	      break;
	    case 2:		/* Insert.  */
	      if (n < 78)
		{
		  memmove (b + at + 1, b + at, n - at);
		  b[at] = letters[(seed >> 12) % 5];
		  n++;
		}
	      break;
	    default:		/* Substitute.  */
	      if (n)
		b[at] = letters[(seed >> 12) % 5];
	    }
	}
      unsigned want = reference_osa (a, m, b, n);
      for (unsigned max = 0; max <= 3; max++)
	{
	  unsigned got = ls_suggest_osa (a, m, b, n, max);
	  wrong += got != (want <= max ? want : max + 1);
	  close += want <= max;
	}
    }
  UNIT_CHECK ("osa: as the whole table, 40,000 pairs", wrong == 0);
  UNIT_CHECK ("osa: most pairs within a bound", close > 40000);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  scratch_init ("suggest");
  test_osa_against_table ();
  scratch_write ("source", "x\n");
  test_ranking ();
  test_against_every_word (1, 9, 3000, 150);
  test_against_every_word (2, 9, 3000, 150);
  test_against_every_word (3, 9, 3000, 150);
  test_against_every_word (2, 80, 400, 60);
  test_against_every_word (3, 80, 400, 60);
  test_batch ();
  test_any_near_against_every_word ();
  test_truncated ();
  if (!scratch_remove ())
    return 2;
  return unit_done ("test_suggest");
}
