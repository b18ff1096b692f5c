/* test_dictwords.c: unit tests for precompiled dictionary words
   (dictwords.c).

   Each case writes a words file, and a "source" file for its header to
   name, under a fresh temporary directory; then the build's own files
   (build/ltospell-data/), when they exist, are searched for every word
   they hold.  */

#include "dictwords.h"
#include "known.h"
#include "scratch.h"
#include "unit.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Write ROOT/hunspell-xx.words from the N LINES (copied), with the
   source xx.dic and the header lines EXTRA.  Returns the writer's
   status; *ERR as it sets it.  */
static int
write_words (const char *const *lines, size_t n, const char *extra,
	     char **err)
{
  char **copy = malloc ((n + 1) * sizeof *copy);
  for (size_t i = 0; i < n; i++)
    copy[i] = strdup (lines[i]);
  const char *sources[] = { scratch_at ("xx.dic") };
  struct ls_dict_words_head head = { "hunspell", "xx", sources, 1, extra };
  FILE *f = fopen (scratch_at ("hunspell-xx.words"), "w");
  if (!f)
    exit (2);
  *err = NULL;
  int rc = ls_dict_words_write (f, &head, copy, n, err);
  fclose (f);
  for (size_t i = 0; i < n; i++)
    free (copy[i]);
  free (copy);
  return rc;
}

static ls_dict_words *
open_xx (char **why)
{
  return ls_dict_words_open (scratch_root, "hunspell", "xx", scratch_at ("xx.dic"), why);
}

/* N made-up words: every string over "abcd" of 1 to 7 letters, in
   byte order, the first N; each followed by a tab and its number when
   WITH_VALUES.  Given to the writer in reverse, which sorts them.  */
static char **
made_up_words (size_t n, bool with_values)
{
  char **lines = malloc ((n + 1) * sizeof *lines);
  char w[8];
  size_t len = 1, made = 0;
  w[0] = 'a';
  while (made < n)
    {
      char line[32];
      w[len] = '\0';
      if (with_values)
	snprintf (line, sizeof line, "%s\t%zu", w, made);
      else
	snprintf (line, sizeof line, "%s", w);
      lines[n - 1 - made++] = strdup (line);
      if (len < 7)
	w[len++] = 'a';
      else
	{
	  while (len > 0 && w[len - 1] == 'd')
	    len--;
	  if (len == 0)
	    break;
	  w[len - 1]++;
	}
    }
  return lines;
}

/* What ls_dict_words_each saw: each line compared with the one
   expected at its place (LINES holds word number I at N - 1 - I).  */
struct each_state
{
  char **lines;
  size_t n, seen, wrong, stop_after;
};

static bool
each_line (void *data, const char *key, size_t key_len, const char *value,
	   size_t value_len)
{
  struct each_state *st = data;
  if (st->seen < st->n)
    {
      const char *want = st->lines[st->n - 1 - st->seen];
      size_t want_key = strcspn (want, "\t");
      const char *want_value = want[want_key] ? want + want_key + 1 : "";
      st->wrong += key_len != want_key || memcmp (key, want, key_len) != 0
		   || value_len != strlen (want_value)
		   || memcmp (value, want_value, value_len) != 0;
    }
  st->seen++;
  return st->seen != st->stop_after;
}

/* Each key ls_dict_words_each sees, kept.  */
struct keys_seen
{
  size_t n;
  size_t len[8];
  char first[8];
};

static bool
note_key (void *data, const char *key, size_t key_len, const char *value,
	  size_t value_len)
{
  (void) value;
  (void) value_len;
  struct keys_seen *k = data;
  if (k->n < 8)
    {
      k->len[k->n] = key_len;
      k->first[k->n] = key_len ? key[0] : '\0';
    }
  k->n++;
  return true;
}

/* A line longer than ls_dict_words_each's block (64 KB) is cut, and
   its rest skipped, not read as more lines.  */
static void
test_long_line (void)
{
  enum { long_len = 150000 };
  char *lines[3];
  lines[0] = strdup ("a");
  lines[1] = malloc (long_len + 1);
  memset (lines[1], 'b', long_len);
  lines[1][long_len] = '\0';
  lines[2] = strdup ("c");
  char *err = NULL;
  int rc = write_words ((const char *const *) lines, 3, NULL, &err);
  unit_report (rc == 0, "a line of 150,000 bytes: written", err ? err : "-1");
  free (err);
  ls_dict_words *w = open_xx (NULL);
  struct keys_seen k = { 0 };
  UNIT_CHECK ("a line longer than a block: read as one line, cut",
	      w && ls_dict_words_each (w, note_key, &k) == 0 && k.n == 3
	      && k.first[0] == 'a' && k.len[0] == 1 && k.first[1] == 'b'
	      && k.len[1] > 0 && k.len[1] < long_len && k.first[2] == 'c'
	      && k.len[2] == 1);
  ls_dict_words_free (w);
  for (size_t i = 0; i < 3; i++)
    free (lines[i]);
}

/* N made-up words written and looked up, with values if WITH_VALUES,
   the table read rather than mapped if UNMAPPED (ls_dict_words_unmap:
   its slots read a block at a time, probes wrapping around its end).  */
static void
test_lookups (size_t n, bool with_values, bool unmapped)
{
  char name[128], *err = NULL;
  char **lines = made_up_words (n, with_values);
  const char *how = with_values ? (unmapped ? " with values, read" : " with values")
		    : (unmapped ? ", read" : "");
  snprintf (name, sizeof name, "%zu words%s: written", n, how);
  unit_report (write_words ((const char *const *) lines, n, NULL, &err) == 0,
	       name, err ? err : "-1");
  free (err);
  char *why = NULL;
  ls_dict_words *w = open_xx (&why);
  snprintf (name, sizeof name, "%zu words%s: the file opens", n,
	    how);
  unit_report (w != NULL, name, why ? why : "NULL");
  free (why);
  if (w && unmapped)
    ls_dict_words_unmap (w);
  size_t found = 0, wrong_hits = 0, wrong_values = 0;
  for (size_t i = 0; w && i < n; i++)
    {
      const char *line = lines[n - 1 - i];	/* Word number I.  */
      size_t key = strcspn (line, "\t");
      size_t vlen = 0;
      const char *v = ls_dict_words_find (w, line, key, &vlen);
      found += v != NULL;
      if (with_values && v)
	{
	  char want[32];
	  snprintf (want, sizeof want, "%zu", i);
	  wrong_values += vlen != strlen (want) || memcmp (v, want, vlen) != 0;
	}
      else if (v)
	wrong_values += vlen != 0;
      /* A word with an "e" (after every letter used) appended, put
	 first, or a digit before it, is no word.  */
      char more[16];
      memcpy (more, line, key);
      more[key] = 'e';
      wrong_hits += ls_dict_words_has (w, more, key + 1);
      more[0] = 'e';
      wrong_hits += ls_dict_words_has (w, more, key);
      more[0] = '0';
      memcpy (more + 1, line, key);
      wrong_hits += ls_dict_words_has (w, more, key + 1);
    }
  snprintf (name, sizeof name, "%zu words%s: every word is found", n,
	    how);
  UNIT_CHECK (name, w && found == n);
  snprintf (name, sizeof name, "%zu words%s: no word that is not there", n,
	    how);
  UNIT_CHECK (name, w && wrong_hits == 0 && !ls_dict_words_has (w, "e", 1)
	      && !ls_dict_words_has (w, "", 0)
	      && !ls_dict_words_has (w, "0", 1)
	      && !ls_dict_words_has (w, "a\n", 2)
	      && !ls_dict_words_has (w, "a\tb", 3));
  snprintf (name, sizeof name, "%zu words%s: each value is its own", n,
	    how);
  UNIT_CHECK (name, wrong_values == 0);
  snprintf (name, sizeof name, "%zu words%s: the count is the header's", n,
	    how);
  UNIT_CHECK (name, ls_dict_words_count (w) == n);
  struct each_state st = { lines, n, 0, 0, 0 };
  snprintf (name, sizeof name, "%zu words%s: read in order, each line once",
	    n, how);
  UNIT_CHECK (name, w && ls_dict_words_each (w, each_line, &st) == 0
		    && st.seen == n && st.wrong == 0);
  /* The lines of one first byte, found by bisection: as many as there
     are ("e" and "0" start none).  */
  size_t by_first = 0, wrong_first = 0;
  for (const char *c = "abcde0"; *c; c++)
    {
      struct keys_seen k = { 0 };
      size_t want = 0;
      for (size_t i = 0; i < n; i++)
	want += lines[i][0] == *c;
      if (!w || ls_dict_words_each_first (w, (unsigned char) *c, note_key,
					  &k) != 0
	  || k.n != want || (k.n && k.first[0] != *c))
	wrong_first++;
      by_first += k.n;
    }
  snprintf (name, sizeof name, "%zu words%s: read by first byte", n, how);
  UNIT_CHECK (name, wrong_first == 0 && by_first == n);
  st = (struct each_state) { lines, n, 0, 0, 3 };
  snprintf (name, sizeof name, "%zu words%s: reading stops when asked", n,
	    how);
  UNIT_CHECK (name, w && ls_dict_words_each (w, each_line, &st) == 0
		    && st.seen == (n < 3 ? n : 3) && st.wrong == 0);
  ls_dict_words_free (w);
  for (size_t i = 0; i < n; i++)
    free (lines[i]);
  free (lines);
}

/* A file that must be refused, with WANT in the reason.  */
static void
expect_refused (const char *name, const char *want)
{
  char *why = NULL;
  ls_dict_words *w = open_xx (&why);
  char msg[1024];
  snprintf (msg, sizeof msg, "opened: %s; why: %s", w ? "yes" : "no",
	    why ? why : "(none)");
  unit_report (!w && why && strstr (why, want), name, msg);
  ls_dict_words_free (w);
  free (why);
}

/* Replace the first FROM of ROOT/hunspell-xx.words with TO, or cut
   CUT bytes off its end.  */
static void
edit_file (const char *from, const char *to, size_t cut)
{
  FILE *f = fopen (scratch_at ("hunspell-xx.words"), "rb");
  char *buf = malloc (1 << 20);
  size_t n = fread (buf, 1, (1 << 20) - 1, f);
  fclose (f);
  buf[n] = '\0';
  f = fopen (scratch_at ("hunspell-xx.words"), "wb");
  char *hit = from ? strstr (buf, from) : NULL;
  if (hit)
    {
      fwrite (buf, 1, (size_t) (hit - buf), f);
      fputs (to, f);
      fwrite (hit + strlen (from), 1, n - (size_t) (hit - buf) - strlen (from),
	      f);
    }
  else
    fwrite (buf, 1, n - cut, f);
  fclose (f);
  free (buf);
}

/* Lines are read in pieces of 128 bytes and the header in pieces of
   4096: a value of 1000 bytes comes back whole, and a header of 10,000
   bytes is read to its end.  */
static void
test_long_lines (void)
{
  char *value = malloc (1001), *extra = malloc (10020);
  for (int i = 0; i < 1000; i++)
    value[i] = (char) ('a' + i % 26);
  value[1000] = '\0';
  snprintf (extra, 10020, "# letters ");
  for (int i = 0; i < 9990; i++)
    extra[10 + i] = 'x';
  strcpy (extra + 10000, " end\n");
  char *long_line = malloc (1010);
  snprintf (long_line, 1010, "long\t%s", value);
  const char *lines[] = { "alpha\tbeta", long_line, "zeta" };
  char *err = NULL, *why = NULL;
  UNIT_CHECK ("a 1000-byte value and a 10,000-byte header: written",
	      write_words (lines, 3, extra, &err) == 0);
  free (err);
  ls_dict_words *w = open_xx (&why);
  size_t vlen = 0, hlen = 0;
  const char *v = w ? ls_dict_words_find (w, "long", 4, &vlen) : NULL;
  UNIT_CHECK ("the long value comes back whole",
	      v && vlen == 1000 && memcmp (v, value, 1000) == 0);
  const char *letters = w ? ls_dict_words_header (w, "letters", &hlen) : NULL;
  UNIT_CHECK ("the long header line is read to its end",
	      letters && hlen == 9994 && memcmp (letters + 9990, " end", 4) == 0);
  v = w ? ls_dict_words_find (w, "alpha", 5, &vlen) : NULL;
  UNIT_CHECK ("the words on either side are found",
	      v && vlen == 4 && memcmp (v, "beta", 4) == 0
	      && ls_dict_words_has (w, "zeta", 4)
	      && !ls_dict_words_has (w, "lon", 3));
  ls_dict_words_free (w);
  free (why);
  free (long_line);
  free (extra);
  free (value);
}

static void
test_refusals (void)
{
  static const char *const two[] = { "beta", "alpha", "alpha" };
  char *err = NULL, *why = NULL;
  write_words (two, 3, "# letters 61 62\n", &err);
  ls_dict_words *w = open_xx (&why);
  UNIT_CHECK ("a good file opens, a repeated word written once",
	      w && ls_dict_words_has (w, "beta", 4)
	      && ls_dict_words_count (w) == 2);
  size_t len = 0;
  const char *letters = w ? ls_dict_words_header (w, "letters", &len) : NULL;
  UNIT_CHECK ("a header line of its own is read back",
	      letters && len == 5 && memcmp (letters, "61 62", 5) == 0
	      && !ls_dict_words_header (w, "letter", &len));
  ls_dict_words_free (w);
  free (why);

  static const char *const clash[] = { "a\tb", "a\tc" };
  UNIT_CHECK ("two values for one word: not written",
	      write_words (clash, 2, NULL, &err) != 0 && err
	      && strstr (err, "two values"));
  free (err);
  static const char *const bad[] = { "a\nb" };
  UNIT_CHECK ("a word with a newline: not written",
	      write_words (bad, 1, NULL, &err) != 0 && err);
  free (err);

  /* Another provider, another dictionary file.  */
  write_words (two, 2, NULL, &err);
  w = ls_dict_words_open (scratch_root, "aspell", "xx", scratch_at ("xx.dic"), &why);
  UNIT_CHECK ("another provider's file is not looked for", !w && why);
  free (why);
  scratch_write ("other.dic", "1\n");
  w = ls_dict_words_open (scratch_root, "hunspell", "xx", scratch_at ("other.dic"), &why);
  UNIT_CHECK ("made from another dictionary: refused",
	      !w && why && strstr (why, "is the one in use"));
  free (why);

  /* The dictionary changed (size) since the file was made.  */
  scratch_write ("xx.dic", "2\nalpha\nbeta\ngamma\n");
  expect_refused ("a changed dictionary: refused", "has changed");
  write_words (two, 2, NULL, &err);
  w = open_xx (&why);
  UNIT_CHECK ("made again from the changed dictionary: opens", w != NULL);
  ls_dict_words_free (w);
  free (why);

  edit_file ("# tag xx", "# tag yy", 0);
  expect_refused ("another language's words: refused", "tag yy");
  write_words (two, 2, NULL, &err);
  edit_file ("# words 2\n", "# words 1\n", 0);
  w = open_xx (&why);
  UNIT_CHECK ("(control) a header edited in place still opens", w != NULL);
  ls_dict_words_free (w);
  free (why);
  edit_file (NULL, NULL, 4);
  expect_refused ("a truncated file: refused", "truncated");
  write_words (two, 2, NULL, &err);
  edit_file ("# words 2\n", "# words 9999\n", 0);
  expect_refused ("more words than the table has room for: refused",
		  "table");
  write_words (two, 2, NULL, &err);
  edit_file ("dictionary words 3", "dictionary words 2", 0);
  expect_refused ("another format version: refused", "format");
  write_words (two, 2, NULL, &err);
  edit_file (" 08\n", " 07\n", 0);
  expect_refused ("offsets that do not fit their bits: refused", "table");
  write_words (two, 2, NULL, &err);
  edit_file (" 08\n", "\n", 0);
  expect_refused ("a table line of format 2: refused", "table");
  write_words (two, 2, NULL, &err);
  edit_file ("# table", "# tabel", 0);
  expect_refused ("no table: refused", "does not say");
  write_words (two, 2, NULL, &err);
  edit_file ("# words", "#words", 0);
  expect_refused ("a malformed header line: refused", "malformed");
  scratch_write ("hunspell-xx.words", "alpha\nbeta\n");
  expect_refused ("no header: refused", "format");
  scratch_write ("hunspell-xx.words", "");
  expect_refused ("an empty file: refused", "cannot read");
  unlink (scratch_at ("hunspell-xx.words"));
  expect_refused ("no file: refused, naming it", "hunspell-xx.words");
  UNIT_CHECK ("a NULL set has nothing", !ls_dict_words_has (NULL, "a", 1)
	      && ls_dict_words_count (NULL) == 0);
}

/* The build's own files: every line found again.  */
static void
test_build_file (const char *provider, const char *tag, bool unmapped)
{
  char path[512], name[640];
  snprintf (path, sizeof path, "build/ltospell-data/%s-%s.words", provider,
	    tag);
  FILE *f = fopen (path, "r");
  if (!f)
    {
      printf ("%s not built: not searched\n", path);
      return;
    }
  char *why = NULL;
  ls_dict_words *w = ls_dict_words_open ("build/ltospell-data", provider,
					 tag, NULL, &why);
  snprintf (name, sizeof name, "%s: the build's file opens", path);
  unit_report (w != NULL, name, why ? why : "NULL");
  free (why);
  if (w && unmapped)
    ls_dict_words_unmap (w);
  char line[512];
  size_t lines = 0, found = 0;
  while (w && lines < ls_dict_words_count (w) && fgets (line, sizeof line, f))
    {
      if (line[0] == '#')
	continue;
      lines++;
      found += ls_dict_words_has (w, line, strcspn (line, "\t\n"));
    }
  fclose (f);
  snprintf (name, sizeof name, "%s: each of its words is found%s", path,
	    unmapped ? " (table read)" : "");
  UNIT_CHECK (name, w && lines > 1000 && found == lines);
  ls_dict_words_free (w);
}

/* known.c over precompiled misspellings: the same fixes as the list
   parsed, and entries added later replace them.  */
static void
test_known_precompiled (void)
{
  const char *codespell = ls_known_codespell_path ();
  char *why = NULL;
  ls_dict_words *w = codespell
    ? ls_dict_words_open ("build/ltospell-data", "codespell", "en", codespell,
			  &why)
    : NULL;
  if (!w)
    {
      unit_report (0, "the build made codespell-en.words", why ? why
		   : "no codespell, or no build/ltospell-data/codespell-en.words");
      free (why);
      return;
    }
  ls_known *parsed = ls_known_new (), *pre = ls_known_new ();
  if (ls_known_add_file (parsed, codespell, NULL) != 0)
    exit (2);
  ls_known_use_words (pre, w);
  UNIT_CHECK ("precompiled: as many misspellings as parsed",
	      ls_known_size (pre) == ls_known_size (parsed)
	      && ls_known_size (pre) > 30000);

  /* Every wrong word of the list, as listed, Capitalized and in ALL
     CAPS, and one letter longer: the same fix or none.  */
  FILE *f = fopen ("build/ltospell-data/codespell-en.words", "r");
  char line[512], fix[512];
  size_t asked = 0, differ = 0, words = 0;
  while (f && words < ls_known_size (parsed) && fgets (line, sizeof line, f))
    {
      if (line[0] == '#')
	continue;
      words++;
      size_t n = strcspn (line, "	");
      for (int shape = 0; shape < 4; shape++)
	{
	  char word[512];
	  memcpy (word, line, n);
	  size_t len = n;
	  if (shape == 1)
	    word[0] = (char) (word[0] >= 'a' && word[0] <= 'z'
			      ? word[0] - 32 : word[0]);
	  else if (shape == 2)
	    for (size_t i = 0; i < n; i++)
	      word[i] = (char) (word[i] >= 'a' && word[i] <= 'z'
				? word[i] - 32 : word[i]);
	  else if (shape == 3)
	    word[len++] = 'q';
	  const char *a = ls_known_fix (parsed, word, len);
	  snprintf (fix, sizeof fix, "%s", a ? a : "(none)");
	  const char *b = ls_known_fix (pre, word, len);
	  differ += strcmp (fix, b ? b : "(none)") != 0;
	  asked++;
	}
    }
  if (f)
    fclose (f);
  UNIT_CHECK ("precompiled: every misspelling in four shapes, the same fix",
	      asked > 120000 && differ == 0);

  ls_known_add (pre, "recieve", "reprieve");
  ls_known_add (pre, "zzqxword", "word");
  UNIT_STREQ ("precompiled: an entry added later replaces its fix",
	      ls_known_fix (pre, "Recieve", 7), "Reprieve");
  UNIT_STREQ ("precompiled: and a new one is added",
	      ls_known_fix (pre, "zzqxword", 8), "word");
  UNIT_CHECK ("precompiled: the count counts a replaced entry once",
	      ls_known_size (pre) == ls_known_size (parsed) + 1);
  UNIT_CHECK ("precompiled: the control, parsed, still has its own fix",
	      ls_known_fix (parsed, "recieve", 7)
	      && strcmp (ls_known_fix (parsed, "recieve", 7), "receive") == 0);
  ls_known_free (parsed);
  ls_known_free (pre);
}

int
main (void)
{
  scratch_init ("dictwords");
  scratch_write ("xx.dic", "2\nalpha\nbeta\n");
  size_t sizes[] = { 1, 2, 3, 17, 100, 4000 };
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
    {
      test_lookups (sizes[i], false, false);
      test_lookups (sizes[i], false, true);
    }
  test_lookups (4000, true, false);
  test_lookups (4000, true, true);
  /* 21,844 lines, about 250 KB: read in several blocks.  */
  test_lookups (21844, true, true);
  test_long_line ();
  test_refusals ();
  test_long_lines ();
  test_build_file ("hunspell", "en_US", false);
  test_build_file ("codespell", "en", false);
  test_build_file ("aspell", "en_US", true);
  test_build_file ("aspell", "en_GB", true);
  test_known_precompiled ();
  if (!scratch_remove ())
    return 2;
  return unit_done ("test_dictwords");
}
