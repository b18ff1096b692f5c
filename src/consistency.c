/* consistency.c: the opt-in consistency tier.

   A program whose messages say "color" in one place and "colour" in
   another, "cannot" here and "can not" there, or "File not found." and
   "file not found" has no misspelling a dictionary would catch, yet
   reads as if written by several hands.  This pass finds such mixes
   over the whole program and flags the minority form: the majority is
   what the program's authors chose.  When both forms are equally
   common the first language of lang= decides the dialect, and
   "cannot", the usual form, wins over "can not".

   Counting is per distinct string: a message used in fifty places is
   still one choice of spelling.  Strings only in dead code count only
   with the `dead' option, like their findings.

   American/British pairs are stems with the endings they share
   (initializ-e/-ed/-ing/-ation against initialis-...), so one line of
   the table covers a word's family.  Only pairs where both forms are
   common and unambiguous are listed: "program", "meter", "license" and
   "dialog" are not, since both forms have their own use in software.  */

#include "consistency.h"
#include "text.h"
#include "util.h"
#include "words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* American and British spellings.                                     */

enum dialect
{
  DIALECT_NONE = -1,
  DIALECT_US = 0,
  DIALECT_GB = 1
};

/* Endings a family of words shares, "" for the stem alone.  */
static const char *const ize_endings[]
  = { "e", "es", "ed", "ing", "er", "ers", "ation", "ations", NULL };
static const char *const our_endings[]
  = { "", "s", "ed", "ing", "ful", "less", "al", "ally", "ite", "ites",
      "able", NULL };
static const char *const word_endings[] = { "", "s", NULL };
static const char *const exact[] = { "", NULL };

struct spelling_pair
{
  const char *stem[2];		/* Indexed by enum dialect.  */
  const char *const *endings;
};

static const struct spelling_pair spelling_pairs[] = {
  { { "initializ", "initialis" }, ize_endings },
  { { "organiz", "organis" }, ize_endings },
  { { "recogniz", "recognis" }, ize_endings },
  { { "realiz", "realis" }, ize_endings },
  { { "customiz", "customis" }, ize_endings },
  { { "optimiz", "optimis" }, ize_endings },
  { { "normaliz", "normalis" }, ize_endings },
  { { "serializ", "serialis" }, ize_endings },
  { { "deserializ", "deserialis" }, ize_endings },
  { { "synchroniz", "synchronis" }, ize_endings },
  { { "authoriz", "authoris" }, ize_endings },
  { { "finaliz", "finalis" }, ize_endings },
  { { "minimiz", "minimis" }, ize_endings },
  { { "maximiz", "maximis" }, ize_endings },
  { { "summariz", "summaris" }, ize_endings },
  { { "categoriz", "categoris" }, ize_endings },
  { { "prioritiz", "prioritis" }, ize_endings },
  { { "utiliz", "utilis" }, ize_endings },
  { { "visualiz", "visualis" }, ize_endings },
  { { "standardiz", "standardis" }, ize_endings },
  { { "specializ", "specialis" }, ize_endings },
  { { "localiz", "localis" }, ize_endings },
  { { "analyz", "analys" }, ize_endings },
  { { "color", "colour" }, our_endings },
  { { "honor", "honour" }, our_endings },
  { { "favor", "favour" }, our_endings },
  { { "flavor", "flavour" }, our_endings },
  { { "labor", "labour" }, our_endings },
  { { "neighbor", "neighbour" }, our_endings },
  { { "humor", "humour" }, our_endings },
  { { "behavior", "behaviour" }, our_endings },
  { { "harbor", "harbour" }, our_endings },
  { { "rumor", "rumour" }, our_endings },
  { { "endeavor", "endeavour" }, our_endings },
  { { "center", "centre" }, word_endings },
  { { "centered", "centred" }, exact },
  { { "gray", "grey" }, word_endings },
  { { "canceled", "cancelled" }, exact },
  { { "canceling", "cancelling" }, exact },
  { { "labeled", "labelled" }, exact },
  { { "labeling", "labelling" }, exact },
  { { "modeled", "modelled" }, exact },
  { { "modeling", "modelling" }, exact },
  { { "traveled", "travelled" }, exact },
  { { "traveling", "travelling" }, exact },
  { { "signaled", "signalled" }, exact },
  { { "signaling", "signalling" }, exact },
  { { "defense", "defence" }, word_endings },
  { { "offense", "offence" }, word_endings },
  { { "catalog", "catalogue" }, word_endings },
  { { "analog", "analogue" }, word_endings },
  { { "fulfill", "fulfil" }, exact },
  { { "enrollment", "enrolment" }, word_endings },
  { { "artifact", "artefact" }, word_endings },
  { { "aluminum", "aluminium" }, exact },
  { { "fiber", "fibre" }, word_endings },
  { { "liter", "litre" }, word_endings },
  { { "theater", "theatre" }, word_endings },
};

#define N_PAIRS (sizeof spelling_pairs / sizeof *spelling_pairs)

/* Which dialect the lowercase word W (LEN bytes) belongs to; sets
   *PAIR and *ENDING to find its counterpart.  */
static enum dialect
word_dialect (const char *w, size_t len, size_t *pair, const char **ending)
{
  for (size_t i = 0; i < N_PAIRS; i++)
    for (int d = DIALECT_US; d <= DIALECT_GB; d++)
      {
	const char *stem = spelling_pairs[i].stem[d];
	size_t n = strlen (stem);
	if (len < n || memcmp (w, stem, n) != 0)
	  continue;
	for (const char *const *e = spelling_pairs[i].endings; *e; e++)
	  if (strlen (*e) == len - n && memcmp (w + n, *e, len - n) == 0)
	    {
	      *pair = i;
	      *ending = *e;
	      return (enum dialect) d;
	    }
      }
  return DIALECT_NONE;
}

/* ------------------------------------------------------------------ */
/* Collecting the words of a string.                                   */

struct dialect_word
{
  size_t offset, len;
  char text[64];		/* The word as the splitter gave it: read
				   through notation ("[c]olour" is
				   "colour"), it is not the text at OFFSET.  */
  enum dialect dialect;
  size_t pair;
  const char *ending;
};

struct word_scan
{
  const char *text;
  struct dialect_word *words;
  size_t n, alloc;
};

static void
scan_word (const char *word, size_t len, size_t offset, void *data)
{
  struct word_scan *scan = data;
  char buf[64];
  if (len >= sizeof buf)
    return;
  for (size_t i = 0; i < len; i++)
    buf[i] = ls_ascii_lower (word[i]);
  size_t pair;
  const char *ending;
  enum dialect d = word_dialect (buf, len, &pair, &ending);
  if (d == DIALECT_NONE)
    return;
  scan->words = ls_grow_array (scan->words, &scan->alloc, scan->n + 1,
			       sizeof *scan->words, 8);
  struct dialect_word *w = &scan->words[scan->n++];
  *w = (struct dialect_word) { .offset = offset, .len = len, .dialect = d,
			       .pair = pair, .ending = ending };
  memcpy (w->text, word, len);
  w->text[len] = '\0';
}

/* The words of S with a dialect, in order.  */
static struct word_scan
dialect_words (const struct ls_string *s)
{
  struct word_scan scan = { s->text, NULL, 0, 0 };
  ls_split_words (s->text, s->text_len, LS_SPLIT_DEFAULT, scan_word, &scan);
  return scan;
}

/* ------------------------------------------------------------------ */
/* "can not" and "cannot".                                             */

static bool
is_letter (unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

/* Offset of the first whole-word, case-insensitive PHRASE in S, or
   (size_t) -1.  */
static size_t
find_phrase (const struct ls_string *s, const char *phrase)
{
  size_t n = strlen (phrase);
  const char *t = s->text;
  for (size_t i = 0; i + n <= s->text_len; i++)
    {
      if (i > 0 && is_letter (t[i - 1]))
	continue;
      size_t k = 0;
      while (k < n && ls_ascii_lower (t[i + k]) == phrase[k])
	k++;
      if (k == n && (i + n == s->text_len || !is_letter (t[i + n])))
	return i;
    }
  return (size_t) -1;
}

/* ------------------------------------------------------------------ */
/* Messages that differ by case or a trailing period.                  */

/* The text of S in lowercase without a final period (trailing
   whitespace kept: "Done.\n" and "done\n" match, "done" does not).
   NULL unless it looks like a message: a letter and a space.  */
static char *
message_key (const struct ls_string *s)
{
  size_t len = s->text_len, end = len;
  while (end > 0 && strchr (" \t\r\n", s->text[end - 1]))
    end--;
  if (memchr (s->text, '\0', len) || !memchr (s->text, ' ', end))
    return NULL;
  bool letter = false;
  for (size_t i = 0; i < end; i++)
    letter |= is_letter (s->text[i]);
  if (!letter)
    return NULL;
  char *key = ls_xmalloc (len + 1);
  size_t k = 0;
  for (size_t i = 0; i < len; i++)
    if (!(i + 1 == end && s->text[i] == '.'))
      key[k++] = ls_ascii_lower (s->text[i]);
  key[k] = '\0';
  return key;
}

struct keyed
{
  char *key;
  size_t index;
};

static int
compare_keyed (const void *pa, const void *pb)
{
  const struct keyed *a = pa, *b = pb;
  int c = strcmp (a->key, b->key);
  if (c)
    return c;
  return ls_compare_size (a->index, b->index);
}

/* ------------------------------------------------------------------ */
/* The check.                                                          */

struct state
{
  const ls_program *p;
  const struct ls_options *o;
  struct ls_consistency *out;
  enum dialect flagged_dialect;	/* DIALECT_NONE: no mix.  */
  const char *flagged_phrase;	/* "can not", "cannot" or NULL.  */
  size_t *message_preferred;	/* Per string: the index of the form
				   preferred over it, or SIZE_MAX.  */
};

static bool
counts (const struct state *st, const struct ls_string *s)
{
  return s->n_uses > 0 && (st->o->dead || !ls_string_is_dead (s));
}

/* The first use worth warning at: the first live one, if any.  */
static const struct ls_site *
first_site (const struct ls_string *s)
{
  for (size_t i = 0; i < s->n_uses; i++)
    if (!s->uses[i].dead)
      return &s->uses[i];
  return &s->uses[0];
}

static void
add_item (struct state *st, enum ls_consistency_kind kind, char *message,
	  char *word, char *preferred, const struct ls_string *s)
{
  struct ls_consistency *c = st->out;
  c->items = ls_grow_array (c->items, &c->alloc, c->n + 1, sizeof *c->items,
			    16);
  c->items[c->n++] = (struct ls_consistency_item) { kind, message, word,
						    preferred, s,
						    first_site (s) };
}

static const char *const dialect_names[] = { "American", "British" };

/* Pick the dialect to flag from the counts of strings using each.  */
static void
decide_dialect (struct state *st)
{
  size_t n[2] = { 0, 0 };
  for (size_t i = 0; i < ls_program_n_strings (st->p); i++)
    {
      const struct ls_string *s = ls_program_string (st->p, i);
      if (!counts (st, s))
	continue;
      struct word_scan scan = dialect_words (s);
      bool has[2] = { false, false };
      for (size_t k = 0; k < scan.n; k++)
	has[scan.words[k].dialect] = true;
      n[DIALECT_US] += has[DIALECT_US];
      n[DIALECT_GB] += has[DIALECT_GB];
      free (scan.words);
    }
  st->flagged_dialect = DIALECT_NONE;
  if (!n[DIALECT_US] || !n[DIALECT_GB])
    return;
  if (n[DIALECT_US] != n[DIALECT_GB])
    st->flagged_dialect = n[DIALECT_US] < n[DIALECT_GB] ? DIALECT_US
							 : DIALECT_GB;
  else
    st->flagged_dialect = strncmp (st->o->lang, "en_GB", 5) == 0
			  ? DIALECT_US : DIALECT_GB;
}

static void
decide_phrase (struct state *st)
{
  size_t split = 0, joined = 0;
  for (size_t i = 0; i < ls_program_n_strings (st->p); i++)
    {
      const struct ls_string *s = ls_program_string (st->p, i);
      if (!counts (st, s))
	continue;
      split += find_phrase (s, "can not") != (size_t) -1;
      joined += find_phrase (s, "cannot") != (size_t) -1;
    }
  st->flagged_phrase = NULL;
  if (split && joined)
    st->flagged_phrase = split <= joined ? "can not" : "cannot";
}

/* For each group of messages that differ by case or a final period,
   prefer the one with most uses (the first on a tie) over the others.  */
static void
decide_messages (struct state *st)
{
  size_t n_strings = ls_program_n_strings (st->p), n = 0;
  /* The size of the program: util.h's big blocks.  */
  st->message_preferred = ls_big_alloc (n_strings * sizeof (size_t));
  struct keyed *keyed = ls_big_alloc (n_strings * sizeof *keyed);
  for (size_t i = 0; i < n_strings; i++)
    {
      st->message_preferred[i] = (size_t) -1;
      const struct ls_string *s = ls_program_string (st->p, i);
      char *key = counts (st, s) ? message_key (s) : NULL;
      if (key)
	keyed[n++] = (struct keyed) { key, i };
    }
  ls_sort (keyed, n, sizeof *keyed, compare_keyed);
  for (size_t first = 0, end; first < n; first = end)
    {
      size_t best = first;
      for (end = first + 1;
	   end < n && strcmp (keyed[end].key, keyed[first].key) == 0; end++)
	if (ls_program_string (st->p, keyed[end].index)->n_uses
	    > ls_program_string (st->p, keyed[best].index)->n_uses)
	  best = end;
      for (size_t k = first; end - first > 1 && k < end; k++)
	if (k != best)
	  st->message_preferred[keyed[k].index] = keyed[best].index;
    }
  for (size_t i = 0; i < n; i++)
    free (keyed[i].key);
  ls_big_free (keyed, n_strings * sizeof *keyed);
}

static void
flag_dialect_words (struct state *st, const struct ls_string *s)
{
  struct word_scan scan = dialect_words (s);
  for (size_t k = 0; k < scan.n; k++)
    {
      const struct dialect_word *w = &scan.words[k];
      if (w->dialect != st->flagged_dialect)
	continue;
      /* A word repeated in one string is one item.  */
      bool repeated = false;
      for (size_t e = 0; e < k; e++)
	repeated |= strcmp (scan.words[e].text, w->text) == 0;
      if (repeated)
	continue;
      const struct spelling_pair *pair = &spelling_pairs[w->pair];
      char *other = ls_xasprintf ("%s%s", pair->stem[!w->dialect],
				  w->ending);
      char *word = ls_xstrdup (w->text);
      char *preferred = ls_in_case_of (other, word, w->len);
      char *message = ls_xasprintf ("%s spelling '%s' in a program that "
				    "mostly uses %s spelling ('%s')",
				    dialect_names[w->dialect], word,
				    dialect_names[!w->dialect], preferred);
      add_item (st, LS_CONSISTENCY_DIALECT, message, word, preferred, s);
      free (other);
    }
  free (scan.words);
}

static void
flag_phrase (struct state *st, const struct ls_string *s)
{
  size_t at = find_phrase (s, st->flagged_phrase);
  if (at == (size_t) -1)
    return;
  const char *want = strcmp (st->flagged_phrase, "cannot") == 0 ? "can not"
								  : "cannot";
  size_t len = strlen (st->flagged_phrase);
  char *word = ls_xstrndup (s->text + at, len);
  char *preferred = ls_in_case_of (want, word, 1);
  char *message = ls_xasprintf ("'%s' in a program that mostly writes "
				"'%s'", word, preferred);
  add_item (st, LS_CONSISTENCY_CANNOT, message, word, preferred, s);
}

static void
flag_message (struct state *st, const struct ls_string *s, size_t index)
{
  size_t other = st->message_preferred[index];
  if (other == (size_t) -1)
    return;
  const struct ls_string *o = ls_program_string (st->p, other);
  char *word = ls_xstrndup (s->text, s->text_len);
  char *preferred = ls_xstrndup (o->text, o->text_len);
  char *shown = ls_display_text (s->text, s->text_len);
  char *shown_other = ls_display_text (o->text, o->text_len);
  char *message = ls_xasprintf ("message \"%s\" differs only by case or "
				"a trailing period from \"%s\", used %zu "
				"time%s", shown, shown_other, o->n_uses,
				o->n_uses == 1 ? "" : "s");
  free (shown);
  free (shown_other);
  add_item (st, LS_CONSISTENCY_MESSAGE, message, word, preferred, s);
}

void
ls_consistency_check (const ls_program *p, const struct ls_options *o,
		      struct ls_consistency *out)
{
  memset (out, 0, sizeof *out);
  struct state st = { p, o, out, DIALECT_NONE, NULL, NULL };
  decide_dialect (&st);
  decide_phrase (&st);
  decide_messages (&st);
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      if (!counts (&st, s))
	continue;
      if (st.flagged_dialect != DIALECT_NONE)
	flag_dialect_words (&st, s);
      if (st.flagged_phrase)
	flag_phrase (&st, s);
      flag_message (&st, s, i);
    }
  ls_big_free (st.message_preferred,
	       ls_program_n_strings (p) * sizeof *st.message_preferred);
}

void
ls_consistency_free (struct ls_consistency *c)
{
  for (size_t i = 0; i < c->n; i++)
    {
      free (c->items[i].message);
      free (c->items[i].word);
      free (c->items[i].preferred);
    }
  free (c->items);
  memset (c, 0, sizeof *c);
}
