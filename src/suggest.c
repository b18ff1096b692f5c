/* suggest.c: suggestions from a list of words (suggest.h).

   The list is read once, line by line (ls_dict_words_each).  Each
   word of it is compared only with the misspelled words whose length
   in code points is within MAX_EDITS of its own (the queries are
   sorted by length, so that is a range of them), and of those only
   with the ones that lack at most MAX_EDITS of its letters and have at
   most MAX_EDITS it lacks (an edit takes at most one letter away and
   brings at most one): the optimal string alignment distance, which
   costs a table of the two lengths, is computed for few pairs.  */

#include "suggest.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "confidence.h"
#include "util.h"

static char fold (char c);
static bool close_letters (char a, char b);

static bool
ascii (const char *s, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if ((unsigned char) s[i] >= 0x80)
      return false;
  return true;
}

/* Code points in S: bytes that do not continue a UTF-8 sequence.  */
static size_t
code_points (const char *s, size_t len)
{
  size_t n = 0;
  for (size_t i = 0; i < len; i++)
    n += ((unsigned char) s[i] & 0xC0) != 0x80;
  return n;
}

struct query_key
{
  struct ls_suggest_query *q;
  size_t index;			/* Of Q in the caller's array.  */
  size_t points;
  uint32_t letters;
  bool ascii;
};

struct scan
{
  struct query_key *keys;	/* Sorted by POINTS.  */
  size_t n;
  size_t shortest, longest;	/* The code points a candidate may have.  */
  unsigned max_edits;
  bool first_only;		/* Stop at the first candidate.  */
  bool found;
};

static int
compare_keys (const void *pa, const void *pb)
{
  const struct query_key *a = pa, *b = pb;
  int c = ls_compare_size (a->points, b->points);
  return c ? c : ls_compare_size (a->index, b->index);
}

static void
add_near (struct ls_suggest_query *q, const char *word, size_t len,
	  unsigned edits)
{
  /* Grows by one: a query has few candidates, and realloc doubles
     underneath.  */
  q->near = ls_xrealloc (q->near, (q->n_near + 1) * sizeof *q->near);
  q->near[q->n_near++] = (struct ls_near) { ls_xstrndup (word, len), edits,
					    false, 0 };
}

/* Bits set in X (without -mpopcnt, __builtin_popcount is a call).  */
static unsigned
popcount32 (uint32_t x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}

/* A byte's bit in a letter set: ASCII letters (either case) bits 0-25,
   anything else bit 26.  */
static uint32_t byte_bits[256];

static void
init_byte_bits (void)
{
  if (byte_bits[0])
    return;
  for (unsigned c = 0; c < 256; c++)
    byte_bits[c] = c >= 'a' && c <= 'z' ? (uint32_t) 1 << (c - 'a')
		   : c >= 'A' && c <= 'Z' ? (uint32_t) 1 << (c - 'A')
		   : (uint32_t) 1 << 26;
}

/* The letters of S (init_byte_bits first).  */
static uint32_t
letter_set (const char *s, size_t len)
{
  uint32_t set = 0;
  for (size_t i = 0; i < len; i++)
    set |= byte_bits[(unsigned char) s[i]];
  return set;
}

/* The lengths a candidate of S's keys (sorted) may have.  */
static void
set_bounds (struct scan *s)
{
  size_t first = s->keys[0].points, last = s->keys[s->n - 1].points;
  s->shortest = first > s->max_edits ? first - s->max_edits : 0;
  s->longest = last + s->max_edits;
}

static bool
scan_word (void *data, const char *key, size_t key_len, const char *value,
	   size_t value_len)
{
  (void) value;
  (void) value_len;
  struct scan *s = data;
  /* The line's length in code points, its letters and whether it is
     ASCII (this runs for each of 180,000 lines: lines too short or too
     long for every query are left early).  */
  if (key_len < s->shortest)
    return true;		/* Fewer bytes, so fewer code points.  */
  const unsigned char *b = (const unsigned char *) key;
  if (key_len > s->longest)
    {
      /* Too long, unless letters beyond ASCII make it short enough:
	 counted until it is too long.  */
      size_t counted = 0;
      for (size_t i = 0; i < key_len; i++)
	if ((counted += (b[i] & 0xC0) != 0x80) > s->longest)
	  return true;
    }
  uint32_t letters = 0;
  unsigned high = 0;
  for (size_t i = 0; i < key_len; i++)
    {
      letters |= byte_bits[b[i]];
      high |= b[i];
    }
  size_t points = high < 0x80 ? key_len : code_points (key, key_len);
  size_t low = points > s->max_edits ? points - s->max_edits : 0;
  /* The first query at least LOW long (binary search).  */
  size_t lo = 0, hi = s->n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (s->keys[mid].points < low)
	lo = mid + 1;
      else
	hi = mid;
    }
  for (size_t i = lo; i < s->n && s->keys[i].points <= points + s->max_edits;
       i++)
    {
      struct query_key *k = &s->keys[i];
      unsigned max = s->max_edits;
      /* An edit brings at most one letter the other word lacks, and
	 takes at most one away.  */
      if (popcount32 (letters & ~k->letters) > max
	  || popcount32 (k->letters & ~letters) > max)
	continue;
      if (k->q->len == key_len && memcmp (k->q->word, key, key_len) == 0)
	continue;
      unsigned d = k->ascii && high < 0x80
		   ? ls_suggest_osa (k->q->word, k->q->len, key, key_len, max)
		   : ls_edit_distance (k->q->word, k->q->len, key, key_len);
      if (d <= max && s->first_only)
	{
	  s->found = true;
	  return false;
	}
      if (d <= max)
	add_near (k->q, key, key_len, d);
    }
  return true;
}

/* The words of one or two letters that a split may have ("alot": "a
   lot", "ofthe": "of the"): dictionaries accept most pairs of letters
   ("er", "ed", "ho"), which would split "center" as "cent er" and
   "honor" as "ho nor".  On 2,836 of codespell's misspellings, keeping
   only these moves one first suggestion, to the fix.  */
static const char *const short_split_words[] = {
  "a", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is",
  "it", "me", "my", "no", "of", "on", "or", "so", "to", "up", "us", "we",
};

static bool
split_part (const char *s, size_t len)
{
  if (len >= 3)
    return true;
  for (size_t i = 0; i < sizeof short_split_words / sizeof *short_split_words;
       i++)
    if (strlen (short_split_words[i]) == len
	&& memcmp (short_split_words[i], s, len) == 0)
      return true;
  return false;
}

static bool
ascii_lower_letters (const char *s, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (!(s[i] >= 'a' && s[i] <= 'z'))
      return false;
  return len > 0;
}

/* The splits of Q's word, in lowercase ASCII letters, into two words
   of W.  */
static int
add_splits (const ls_dict_words *w, struct ls_suggest_query *q)
{
  if (!ascii_lower_letters (q->word, q->len))
    return 0;
  for (size_t i = 1; i < q->len; i++)
    {
      const char *right = q->word + i;
      size_t right_len = q->len - i;
      if (!split_part (q->word, i) || !split_part (right, right_len)
	  || !ls_dict_words_has (w, q->word, i)
	  || !ls_dict_words_has (w, right, right_len))
	continue;
      char *both = ls_xasprintf ("%.*s %.*s", (int) i, q->word,
				 (int) right_len, right);
      add_near (q, both, q->len + 1, 1);
      free (both);
    }
  return ls_dict_words_read_failed (w) ? -1 : 0;
}

int
ls_suggest_near (const ls_dict_words *w, struct ls_suggest_query *q,
		 size_t n, unsigned max_edits)
{
  if (n == 0)
    return 0;
  init_byte_bits ();
  if (max_edits > 3)
    max_edits = 3;
  struct scan s = { ls_xmalloc (n * sizeof *s.keys), n, 0, 0, max_edits,
		    false, false };
  for (size_t i = 0; i < n; i++)
    s.keys[i] = (struct query_key) { &q[i], i, code_points (q[i].word,
							    q[i].len),
				     letter_set (q[i].word, q[i].len),
				     ascii (q[i].word, q[i].len) };
  ls_sort (s.keys, n, sizeof *s.keys, compare_keys);
  set_bounds (&s);
  int status = ls_dict_words_each (w, scan_word, &s);
  free (s.keys);
  for (size_t i = 0; max_edits <= 2 && i < n; i++)
    if (add_splits (w, &q[i]) != 0)
      status = -1;
  return status;
}

/* Is one of the case forms of V (LEN bytes, lowercase ASCII) a word of
   W: as it is, Capitalized, or in capitals (precompile writes the
   capitals of every word with a capital inside, "IPHONE" for
   "iPhone")?  */
static bool
has_any_case (const ls_dict_words *w, char *v, size_t len)
{
  if (len == 0)
    return false;
  if (ls_dict_words_has (w, v, len))
    return true;
  char *c = ls_xstrndup (v, len);
  c[0] = (char) (c[0] >= 'a' && c[0] <= 'z' ? c[0] - 'a' + 'A' : c[0]);
  bool found = ls_dict_words_has (w, c, len);
  for (size_t i = 1; !found && i < len; i++)
    c[i] = (char) (c[i] >= 'a' && c[i] <= 'z' ? c[i] - 'a' + 'A' : c[i]);
  found = found || ls_dict_words_has (w, c, len);
  free (c);
  return found;
}

/* Is a word of W one edit from the lowercase ASCII word L (LEN bytes)
   by an edit of its first letter that changes it: L without it, a
   letter before it, another letter in its place, or its first two
   letters swapped?  */
static bool
near_by_first_letter (const ls_dict_words *w, const char *l, size_t len)
{
  char *v = ls_xmalloc (len + 2);
  bool found = len > 1 && l[1] != l[0] && has_any_case (w, memcpy (v, l + 1, len - 1), len - 1);
  if (!found && len > 1 && l[1] != l[0])
    {
      v[0] = l[1];
      v[1] = l[0];
      memcpy (v + 2, l + 2, len - 2);
      found = has_any_case (w, v, len);
    }
  for (char c = 'a'; !found && c <= 'z'; c++)
    {
      if (c == l[0])
	continue;
      v[0] = c;
      memcpy (v + 1, l + 1, len - 1);
      found = has_any_case (w, v, len);
      if (!found)
	{
	  memcpy (v + 1, l, len);
	  found = has_any_case (w, v, len + 1);
	}
    }
  free (v);
  return found;
}

bool
ls_suggest_any_near (const ls_dict_words *const *lists, size_t n_lists,
		     const char *word, size_t len)
{
  struct ls_suggest_query q = { word, len, NULL, 0 };
  init_byte_bits ();
  struct query_key key = { &q, 0, code_points (word, len),
			   letter_set (word, len), ascii (word, len) };
  struct scan s = { &key, 1, 0, 0, 1, true, false };
  set_bounds (&s);
  char first = len ? fold (word[0]) : '\0';
  if (!key.ascii || !(first >= 'a' && first <= 'z'))
    {
      /* Every word of the lists.  */
      for (size_t l = 0; l < n_lists && !s.found; l++)
	ls_dict_words_each (lists[l], scan_word, &s);
      return s.found;
    }
  /* The words of the same first letter, in either case; then the
     edits of the first letter, looked up.  */
  char *lower = ls_xstrndup (word, len);
  for (size_t i = 0; i < len; i++)
    lower[i] = fold (lower[i]);
  for (size_t l = 0; l < n_lists && !s.found; l++)
    {
      ls_dict_words_each_first (lists[l], (unsigned char) first, scan_word,
				&s);
      if (!s.found)
	ls_dict_words_each_first (lists[l],
				  (unsigned char) (first - 'a' + 'A'),
				  scan_word, &s);
      if (!s.found)
	s.found = near_by_first_letter (lists[l], lower, len);
    }
  free (lower);
  return s.found;
}

static bool
starts_lower (const char *s)
{
  return s[0] >= 'a' && s[0] <= 'z';
}

static char
fold (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

/* Neighbouring keys of a QWERTY keyboard: a substitution of one for
   the other is a slip of the finger.  */
static const char *const qwerty_rows[] = { "qwertyuiop", "asdfghjkl",
					    "zxcvbnm" };

static bool
key_position (char c, int *row, int *col)
{
  for (int r = 0; r < 3; r++)
    {
      const char *at = strchr (qwerty_rows[r], c);
      if (c && at)
	{
	  *row = r;
	  *col = (int) (at - qwerty_rows[r]);
	  return true;
	}
    }
  return false;
}

static bool
is_vowel (char c)
{
  return c && strchr ("aeiouy", c) != NULL;
}

/* Could typing A for B be a slip: neighbouring keys, or two vowels
   (the sound is the same, the spelling not known)?  */
static bool
close_letters (char a, char b)
{
  a = fold (a);
  b = fold (b);
  if (is_vowel (a) && is_vowel (b))
    return true;
  int ra, ca, rb, cb;
  if (!key_position (a, &ra, &ca) || !key_position (b, &rb, &cb))
    return false;
  int dr = ra - rb, dc = ca - cb;
  /* Rows are offset by about half a key.  */
  return (dr == 0 && (dc == 1 || dc == -1))
	 || ((dr == 1 || dr == -1) && dc >= -1 && dc <= 1);
}

/* How likely a typist turns candidate C into word W, one edit apart,
   smaller being likelier: a letter left out (C is longer) or two
   swapped, then a neighbouring key or vowel typed for another, then a
   letter doubled or typed in, then any other substitution.  Typing
   studies (Damerau 1964, Kukich 1992) find omissions the commonest
   single error.  Two edits: by length only.  */
static int
slip_rank (const char *w, size_t w_len, const char *c, unsigned edits)
{
  size_t c_len = strlen (c);
  size_t wl = code_points (w, w_len), cl = code_points (c, c_len);
  if (edits != 1)
    return cl > wl ? 0 : cl == wl ? 1 : 2;
  if (cl == wl + 1)
    return 0;
  if (cl + 1 == wl)
    return 2;
  if (cl != wl || w_len != c_len)
    return 3;
  wl = w_len;
  size_t i = 0;
  while (i < wl && fold (w[i]) == fold (c[i]))
    i++;
  if (i == wl)
    return 0;			/* Case only.  */
  if (i + 1 < wl && fold (w[i]) == fold (c[i + 1])
      && fold (w[i + 1]) == fold (c[i]))
    return 0;			/* A swap.  */
  return close_letters (w[i], c[i]) ? 1 : 3;
}

/* Words shorter than this have their rows and folded copies on the
   stack; longer ones (rare) on the heap.  */
#define STACK_ROW 64

/* The optimal string alignment distance between A and B, bytes with
   ASCII case folded (ls_edit_distance for ASCII words, without its
   decoding), or MAX + 1 as soon as it is more than MAX.  Only the
   cells at most MAX off the diagonal are computed (Ukkonen's band): a
   cell further off holds at least its distance from the diagonal, so
   more than MAX.  Every cell is capped at MAX + 1: a cell is the
   minimum of its neighbours plus 0 or 1, so capping them first changes
   no cell that is at most MAX.  Now only for words of more than 64
   bytes (bit_parallel_osa takes the others); when it took every word,
   the band and the folding done once took a call on the 52k bench
   program from 1,680 instructions to 1,080.  ls_suggest_osa has
   checked the lengths.  */
static unsigned
banded_osa (const char *a, size_t alen, const char *b, size_t blen,
	    unsigned max)
{
  const unsigned past_max = max + 1;
  unsigned stack[3 * STACK_ROW];
  char folded_stack[2 * STACK_ROW];
  bool on_heap = blen >= STACK_ROW || alen >= STACK_ROW;
  unsigned *rows = on_heap ? ls_xmalloc (3 * (blen + 1) * sizeof *rows)
		   : stack;
  char *fa = on_heap ? ls_xmalloc (alen + blen + 1) : folded_stack;
  char *fb = fa + alen;
  for (size_t i = 0; i < alen; i++)
    fa[i] = fold (a[i]);
  for (size_t j = 0; j < blen; j++)
    fb[j] = fold (b[j]);
  /* Three rows of the table: two back (for swaps), one back, this.  */
  unsigned *back2 = rows, *back1 = rows + blen + 1, *row = rows + 2 * (blen + 1);
  unsigned result = past_max;
  for (size_t j = 0; j <= blen; j++)
    back1[j] = j < past_max ? (unsigned) j : past_max;
  bool row_before_past_max = false;
  for (size_t i = 1; i <= alen; i++)
    {
      size_t lo = i > max ? i - max : 1;
      size_t hi = i + max < blen ? i + max : blen;
      /* The cell left of the band: column 0, or off the band.  */
      row[lo - 1] = lo == 1 && i < past_max ? (unsigned) i : past_max;
      unsigned least = row[lo - 1];
      char x = fa[i - 1];
      for (size_t j = lo; j <= hi; j++)
	{
	  char y = fb[j - 1];
	  unsigned best = back1[j - 1] + (x != y);
	  if (back1[j] + 1 < best)
	    best = back1[j] + 1;
	  if (row[j - 1] + 1 < best)
	    best = row[j - 1] + 1;
	  if (i > 1 && j > 1 && x != y && x == fb[j - 2] && fa[i - 2] == y
	      && back2[j - 2] + 1 < best)
	    best = back2[j - 2] + 1;
	  if (best > past_max)
	    best = past_max;
	  row[j] = best;
	  if (best < least)
	    least = best;
	}
      /* The cell right of the band, which the next row reads above
	 its last cell.  */
      if (hi < blen)
	row[hi + 1] = past_max;
      unsigned *t = back2;
      back2 = back1;
      back1 = row;
      row = t;
      /* Every later cell is at least the least of this row but for a
	 swap, which reaches back one more row: stop when two rows in a
	 row are past MAX.  */
      if (least > max && row_before_past_max)
	goto done;
      row_before_past_max = least > max;
    }
  result = back1[blen] > max ? past_max : back1[blen];
done:
  if (on_heap)
    {
      free (rows);
      free (fa);
    }
  return result;
}

/* The same distance with the table's columns as bits of words
   (Hyyro's bit-vector algorithm for the optimal string alignment
   distance, 2003), for A of 1 to 64 bytes: a few operations on 64-bit
   words for each byte of B, against a row of cells for each byte of A
   in the band (about 1,000 instructions a call on the 52k bench
   program, nearly all of them for pairs more than MAX apart).  Bit I
   of VP (VN) says that going down from row I to I + 1 of the current
   column adds (takes away) one; PM[C], which bytes of A are C.  The
   distance at the bottom row changes by at most one a column, so the
   search stops when the columns left cannot bring it back to MAX.  */
static unsigned
bit_parallel_osa (const char *a, size_t alen, const char *b, size_t blen,
		  unsigned max)
{
  uint64_t pm[256];
  /* Only the entries read are cleared: B's bytes and A's.  */
  for (size_t j = 0; j < blen; j++)
    pm[(unsigned char) fold (b[j])] = 0;
  for (size_t i = 0; i < alen; i++)
    pm[(unsigned char) fold (a[i])] = 0;
  for (size_t i = 0; i < alen; i++)
    pm[(unsigned char) fold (a[i])] |= (uint64_t) 1 << i;
  uint64_t vp = ~(uint64_t) 0, vn = 0, d0 = 0, pm_before = 0;
  const uint64_t last = (uint64_t) 1 << (alen - 1);
  size_t dist = alen;
  for (size_t j = 0; j < blen; j++)
    {
      uint64_t pm_j = pm[(unsigned char) fold (b[j])];
      /* A swap: this byte matches one row down, the one before one row
	 up, where the column before had no diagonal match.  */
      uint64_t swap = ((~d0 & pm_j) << 1) & pm_before;
      d0 = (((pm_j & vp) + vp) ^ vp) | pm_j | vn | swap;
      uint64_t hp = vn | ~(d0 | vp), hn = d0 & vp;
      dist += (hp & last) != 0;
      dist -= (hn & last) != 0;
      if (dist > max + (blen - j - 1))
	return max + 1;
      hp = (hp << 1) | 1;
      hn <<= 1;
      vp = hn | ~(d0 | hp);
      vn = hp & d0;
      pm_before = pm_j;
    }
  return dist <= max ? (unsigned) dist : max + 1;
}

unsigned
ls_suggest_osa (const char *a, size_t alen, const char *b, size_t blen,
		unsigned max)
{
  if ((alen > blen ? alen - blen : blen - alen) > max)
    return max + 1;
  if (alen == 0)
    return (unsigned) blen;	/* At most MAX, from the test above.  */
  if (alen <= 64)
    return bit_parallel_osa (a, alen, b, blen, max);
  return banded_osa (a, alen, b, blen, max);
}

static bool
is_split (const char *s)
{
  return strchr (s, ' ') != NULL;
}

/* ls_sort_r: two candidates of the query RANKING.  */
static int
compare_near (const void *pa, const void *pb, void *query)
{
  const struct ls_near *a = pa, *b = pb;
  const struct ls_suggest_query *ranking = query;
  const char *w = ranking->word;
  if (a->edits != b->edits)
    return a->edits < b->edits ? -1 : 1;
  bool sa = is_split (a->word), sb = is_split (b->word);
  if (sa != sb)
    return sa ? 1 : -1;
  if (a->common != b->common)
    return a->common ? -1 : 1;
  if (ranking->len && starts_lower (w))
    {
      bool la = starts_lower (a->word), lb = starts_lower (b->word);
      if (la != lb)
	return la ? -1 : 1;
    }
  bool aa = strchr (a->word, '\'') != NULL, ab = strchr (b->word, '\'') != NULL;
  if (aa != ab)
    return aa ? 1 : -1;
  size_t w_len = ranking->len;
  int ka = slip_rank (w, w_len, a->word, a->edits);
  int kb = slip_rank (w, w_len, b->word, b->edits);
  if (ka != kb)
    return ka < kb ? -1 : 1;
  if (a->fixes != b->fixes)
    return a->fixes > b->fixes ? -1 : 1;
  char first = w_len ? fold (w[0]) : '\0';
  bool fa = fold (a->word[0]) == first, fb = fold (b->word[0]) == first;
  if (fa != fb)
    return fa ? -1 : 1;
  return strcmp (a->word, b->word);
}

/* Order Q's candidates best first (suggest.h, ls_suggest).  */
static void
rank (struct ls_suggest_query *q)
{
  if (q->n_near < 2)
    return;
  ls_sort_r (q->near, q->n_near, sizeof *q->near, compare_near, q);
}

void
ls_suggest_query_clear (struct ls_suggest_query *q)
{
  for (size_t i = 0; i < q->n_near; i++)
    free (q->near[i].word);
  free (q->near);
  q->near = NULL;
  q->n_near = 0;
}

/* ------------------------------------------------------------------ */
/* Counting fixes.                                                      */

struct fix_slot
{
  const char *word;
  unsigned *count;
};

static int
compare_fix_slots (const void *a, const void *b)
{
  return strcmp (((const struct fix_slot *) a)->word,
		 ((const struct fix_slot *) b)->word);
}

struct fix_scan
{
  struct fix_slot *slots;
  size_t n;
  uint64_t lengths;		/* Bit L: a candidate L bytes long.  */
  uint32_t firsts[8];		/* Bit B: a candidate starts with byte B.  */
};

/* Longer fixes are no candidate's.  */
#define MAX_FIX 128

static bool
count_fix (void *data, const char *key, size_t key_len, const char *value,
	   size_t value_len)
{
  (void) key;
  (void) key_len;
  struct fix_scan *fs = data;
  const char *comma = memchr (value, ',', value_len);
  size_t len = comma ? (size_t) (comma - value) : value_len;
  char fix[MAX_FIX];
  if (len == 0 || len >= sizeof fix || len >= 64
      || !(fs->lengths >> len & 1))
    return true;
  unsigned char first = (unsigned char) value[0];
  if (!(fs->firsts[first >> 5] >> (first & 31) & 1))
    return true;
  memcpy (fix, value, len);
  fix[len] = '\0';
  struct fix_slot key_slot = { fix, NULL };
  struct fix_slot *at = bsearch (&key_slot, fs->slots, fs->n,
				 sizeof *fs->slots, compare_fix_slots);
  if (!at)
    return true;
  /* Two queries may share a candidate: count each copy.  */
  while (at > fs->slots && strcmp (at[-1].word, fix) == 0)
    at--;
  for (; at < fs->slots + fs->n && strcmp (at->word, fix) == 0; at++)
    (*at->count)++;
  return true;
}

int
ls_suggest_count_fixes (const ls_dict_words *fixes,
			struct ls_suggest_query *q, size_t n)
{
  struct fix_scan fs = { NULL, 0, 0, { 0 } };
  for (size_t i = 0; i < n; i++)
    fs.n += q[i].n_near;
  if (!fixes || fs.n == 0)
    return 0;
  fs.slots = ls_xmalloc (fs.n * sizeof *fs.slots);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < q[i].n_near; j++)
      fs.slots[k++] = (struct fix_slot) { q[i].near[j].word,
					  &q[i].near[j].fixes };
  ls_sort (fs.slots, fs.n, sizeof *fs.slots, compare_fix_slots);
  for (size_t i = 0; i < fs.n; i++)
    {
      size_t len = strlen (fs.slots[i].word);
      unsigned char first = (unsigned char) fs.slots[i].word[0];
      if (len < 64)
	fs.lengths |= (uint64_t) 1 << len;
      fs.firsts[first >> 5] |= (uint32_t) 1 << (first & 31);
    }
  int status = ls_dict_words_each (fixes, count_fix, &fs);
  free (fs.slots);
  return status;
}

/* ------------------------------------------------------------------ */
/* Case.                                                                */

enum case_shape { SHAPE_OTHER, SHAPE_LOWER, SHAPE_CAPITALIZED, SHAPE_UPPER };

static enum case_shape
case_shape (const char *s, size_t len)
{
  size_t upper = 0, lower = 0;
  for (size_t i = 0; i < len; i++)
    {
      upper += s[i] >= 'A' && s[i] <= 'Z';
      lower += s[i] >= 'a' && s[i] <= 'z';
    }
  if (upper == 0)
    return SHAPE_LOWER;
  if (lower == 0 && upper > 1)
    return SHAPE_UPPER;
  if (upper == 1 && s[0] >= 'A' && s[0] <= 'Z')
    return SHAPE_CAPITALIZED;
  return SHAPE_OTHER;
}

/* Is there a candidate of Q spelled as W in lowercase?  */
static bool
has_lowercase_form (const struct ls_suggest_query *q, const char *w)
{
  for (size_t i = 0; i < q->n_near; i++)
    {
      const char *c = q->near[i].word;
      if (case_shape (c, strlen (c)) != SHAPE_LOWER || strlen (c) != strlen (w))
	continue;
      size_t k = 0;
      while (c[k] && c[k] == fold (w[k]))
	k++;
      if (!c[k])
	return true;
    }
  return false;
}

/* Write Q's candidates the way its word is (suggest.h, ls_suggest).  */
static void
match_case (struct ls_suggest_query *q)
{
  enum case_shape want = case_shape (q->word, q->len);
  if (want == SHAPE_LOWER)
    {
      /* "Reading" is "reading" for a word written in lowercase.  */
      bool *drop = ls_xcalloc (q->n_near ? q->n_near : 1, sizeof *drop);
      for (size_t i = 0; i < q->n_near; i++)
	{
	  const char *w = q->near[i].word;
	  drop[i] = case_shape (w, strlen (w)) != SHAPE_LOWER
		    && has_lowercase_form (q, w);
	}
      size_t kept = 0;
      for (size_t i = 0; i < q->n_near; i++)
	if (drop[i])
	  free (q->near[i].word);
	else
	  q->near[kept++] = q->near[i];
      q->n_near = kept;
      free (drop);
      return;
    }
  if (want != SHAPE_CAPITALIZED && want != SHAPE_UPPER)
    return;
  size_t kept = 0;
  for (size_t i = 0; i < q->n_near; i++)
    {
      char *w = q->near[i].word;
      if (case_shape (w, strlen (w)) == SHAPE_LOWER)
	for (char *c = w; *c; c++)
	  if ((c == w || want == SHAPE_UPPER) && *c >= 'a' && *c <= 'z')
	    *c = (char) (*c - 'a' + 'A');
      /* "A" for "a", asked about "A", is no suggestion.  */
      bool again = strlen (w) == q->len && memcmp (w, q->word, q->len) == 0;
      for (size_t j = 0; j < kept && !again; j++)
	again = strcmp (q->near[j].word, w) == 0;
      if (again)
	free (w);
      else
	q->near[kept++] = q->near[i];
    }
  q->n_near = kept;
}

/* ------------------------------------------------------------------ */
/* Everything.                                                          */

/* Keep the first of each word of Q's candidates, with the fewest
   edits (two lists may both have it).  */
static void
drop_repeated (struct ls_suggest_query *q)
{
  size_t kept = 0;
  for (size_t i = 0; i < q->n_near; i++)
    {
      size_t j = 0;
      while (j < kept && strcmp (q->near[j].word, q->near[i].word) != 0)
	j++;
      if (j == kept)
	{
	  q->near[kept++] = q->near[i];
	  continue;
	}
      if (q->near[i].edits < q->near[j].edits)
	{
	  q->near[j].edits = q->near[i].edits;
	}
      free (q->near[i].word);
    }
  q->n_near = kept;
}

int
ls_suggest (const ls_dict_words *const *lists, size_t n_lists,
	    const ls_dict_words *fixes, ls_suggest_common_fn is_common,
	    void *data, struct ls_suggest_query *q, size_t n)
{
  /* Three edits for a long word only when nothing closer is found in
     any list, in a second read of the lists for those words alone
     (rare: a long word has a split or a word two edits away).  Three
     edits in the first read would cost every long word many more
     comparisons: 3.2 ms a word against 0.9 on 2,836 of codespell's
     misspellings, and 60 M more instructions on tmux's link.  */
  int status = 0;
  for (size_t l = 0; l < n_lists; l++)
    if (ls_suggest_near (lists[l], q, n, 2) != 0)
      status = -1;
  struct ls_suggest_query *far = ls_xmalloc ((n ? n : 1) * sizeof *far);
  size_t *far_of = ls_xmalloc ((n ? n : 1) * sizeof *far_of), n_far = 0;
  for (size_t i = 0; i < n; i++)
    if (q[i].n_near == 0
	&& code_points (q[i].word, q[i].len) >= LS_SUGGEST_LONG)
      {
	far[n_far] = (struct ls_suggest_query) { q[i].word, q[i].len, NULL,
						 0 };
	far_of[n_far++] = i;
      }
  for (size_t l = 0; n_far && l < n_lists; l++)
    if (ls_suggest_near (lists[l], far, n_far, 3) != 0)
      status = -1;
  for (size_t k = 0; k < n_far; k++)
    {
      q[far_of[k]].near = far[k].near;
      q[far_of[k]].n_near = far[k].n_near;
    }
  free (far);
  free (far_of);
  for (size_t i = 0; i < n; i++)
    {
      drop_repeated (&q[i]);
      for (size_t k = 0; is_common && k < q[i].n_near; k++)
	q[i].near[k].common = !is_split (q[i].near[k].word)
			      && is_common (data, q[i].near[k].word,
					    strlen (q[i].near[k].word));
    }
  if (ls_suggest_count_fixes (fixes, q, n) != 0)
    status = -1;
  for (size_t i = 0; i < n; i++)
    {
      rank (&q[i]);
      match_case (&q[i]);
    }
  return status;
}
