/* test_standin.c: precompiled words standing in for hunspell and for
   aspell (speller.c's stand_in_verdict and open_without_enchant,
   dictwords.c, tools/precompile.c).

   Two real spellers for en_US: one with the build's precompiled words
   (build/ltospell-data/, made by `make`), which loads hunspell only
   for a word they cannot judge, and one that loads hunspell as before.
   Their verdicts must be the same on every word asked: the words
   hunspell accepts and aspell does not (the only ones where hunspell's
   answer matters), in every case shape, with an edit that makes most
   of them wrong, and with what the words cannot judge (digits,
   hyphens, letters beyond ASCII).  A copy of the words with a few
   removed shows that the comparison can fail.

   HOME is a fresh empty directory, as in test_speller.c.  */

#include "dictwords.h"
#include "speller.h"
#include "unit.h"
#include "util.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char words_dir[PATH_MAX];

static ls_speller *
open_speller (const char *dir)
{
  char *err = NULL;
  struct ls_speller_setup setup = { "en_US", NULL, NULL, dir };
  ls_speller *sp = ls_speller_open (&setup, &err);
  if (!sp)
    {
      fprintf (stderr, "ls_speller_open: %s\n", err ? err : "(no message)");
      exit (2);
    }
  free (err);
  return sp;
}

static bool
describes (ls_speller *sp, const char *want)
{
  char *how = ls_speller_describe (sp);
  bool yes = strstr (how, want) != NULL;
  if (!yes)
    fprintf (stderr, "describe:\n%s", how);
  free (how);
  return yes;
}

/* The words to ask about: every STEP-th word of the build's hunspell
   file, in five shapes, and a few the words cannot judge.  */
struct sample
{
  char **words;
  size_t n, alloc;
};

static void
add (struct sample *s, const char *w)
{
  s->words = ls_grow_array (s->words, &s->alloc, s->n + 1, sizeof *s->words,
			   4096);
  s->words[s->n++] = ls_xstrdup (w);
}

static void
add_shapes (struct sample *s, const char *w)
{
  char buf[256];
  size_t n = strlen (w);
  if (n == 0 || n >= sizeof buf - 2)
    return;
  add (s, w);
  for (size_t i = 0; i <= n; i++)
    buf[i] = (char) toupper ((unsigned char) w[i]);
  add (s, buf);				/* ALL CAPS.  */
  for (size_t i = 0; i <= n; i++)
    buf[i] = (char) tolower ((unsigned char) w[i]);
  add (s, buf);				/* lowercase.  */
  buf[0] = (char) toupper ((unsigned char) buf[0]);
  add (s, buf);				/* Capitalized.  */
  memcpy (buf, w, n + 1);
  if (n > 3)
    {
      char c = buf[1];			/* Two letters swapped.  */
      buf[1] = buf[2];
      buf[2] = c;
      add (s, buf);
    }
  memcpy (buf, w, n);
  memcpy (buf + n, "s", 2);		/* A plural, or not.  */
  add (s, buf);
}

/* ADD_FORMS (S, WORD) for every STEP-th word of the build's FILE
   ("hunspell-en_US.words"); false when it cannot be read.  */
static bool
sample_words (struct sample *s, const char *file, size_t step,
	      void (*add_forms) (struct sample *, const char *))
{
  char path[PATH_MAX + 64], line[512];
  snprintf (path, sizeof path, "%s/%s", words_dir, file);
  FILE *f = fopen (path, "r");
  if (!f)
    return false;
  size_t i = 0;
  while (fgets (line, sizeof line, f))
    {
      if (line[0] == '#' || i++ % step != 0)
	continue;
      line[strcspn (line, "\n")] = '\0';
      add_forms (s, line);
    }
  fclose (f);
  return true;
}

static bool
build_sample (struct sample *s, size_t step)
{
  char line[512];
  if (!sample_words (s, "hunspell-en_US.words", step, add_shapes))
    return false;
  /* Words the file was not made from: every other common English
     word, so that a form hunspell accepts and unmunch never printed
     would show.  */
  FILE *common = fopen ("/usr/share/dict/american-english-small", "r");
  for (size_t k = 0; common && fgets (line, sizeof line, common); k++)
    if (k % 2 == 0)
      {
	line[strcspn (line, "\n")] = '\0';
	add_shapes (s, line);
      }
  if (common)
    fclose (common);
  static const char *const unsure[] = {
    "21st", "101st", "2nd", "e-mail", "well-known", "café", "Café", "CAFÉ",
    "naïve", "résumé", "déjà", "'tis", "o'clock", "O'CLOCK", "rock'n'roll",
    "don't", "DON'T", "Don't", "dOn't", "iPhone", "IPHONE", "Iphone",
    "McDonald", "MCDONALD", "Mcdonald", "NASA", "Nasa", "nasa", "A", "a",
  };
  for (size_t j = 0; j < sizeof unsure / sizeof *unsure; j++)
    add (s, unsure[j]);
  return true;
}

/* Write DIR/hunspell-en_US.words: the build's, without the words that
   start with PREFIX.  */
static void
copy_without (const char *dir, const char *prefix)
{
  char path[PATH_MAX + 64], line[512];
  ls_dict_words *w = ls_dict_words_open (words_dir, "hunspell", "en_US",
					 NULL, NULL);
  snprintf (path, sizeof path, "%s/hunspell-en_US.words", words_dir);
  FILE *in = fopen (path, "r");
  if (!w || !in)
    exit (2);
  char **lines = calloc (ls_dict_words_count (w) + 1, sizeof *lines);
  char *sources[2] = { NULL, NULL };
  size_t n = 0, seen = 0, n_sources = 0;
  while (seen < ls_dict_words_count (w) && fgets (line, sizeof line, in))
    {
      line[strcspn (line, "\n")] = '\0';
      char src[PATH_MAX];
      if (sscanf (line, "# source %4095s", src) == 1 && n_sources < 2)
	sources[n_sources++] = strdup (src);
      if (line[0] == '#')
	continue;
      seen++;
      if (strncmp (line, prefix, strlen (prefix)) != 0)
	lines[n++] = strdup (line);
    }
  fclose (in);
  ls_dict_words_free (w);
  struct ls_dict_words_head head = { "hunspell", "en_US",
				     (const char *const *) sources, n_sources,
				     NULL };
  snprintf (path, sizeof path, "%s/hunspell-en_US.words", dir);
  FILE *out = fopen (path, "w");
  char *err = NULL;
  if (!out || ls_dict_words_write (out, &head, lines, n, &err) != 0)
    exit (2);
  fclose (out);
  for (size_t i = 0; i < n; i++)
    free (lines[i]);
  free (lines);
  free (sources[0]);
  free (sources[1]);
}

/* How many words of S the two spellers judge differently; the first
   few are printed.  */
static size_t
differences (ls_speller *a, ls_speller *b, const struct sample *s)
{
  size_t diff = 0;
  for (size_t i = 0; i < s->n; i++)
    {
      size_t n = strlen (s->words[i]);
      bool x = ls_speller_check (a, s->words[i], n);
      bool y = ls_speller_check (b, s->words[i], n);
      if (x != y && ++diff <= 5)
	fprintf (stderr, "differ: %s (precompiled %d, hunspell %d)\n",
		 s->words[i], x, y);
    }
  return diff;
}

static void
test_same_verdicts (void)
{
  struct sample s = { NULL, 0, 0 };
  /* Every 7th word of the file (some 24,000 words in 140,000 forms)
     and every other common word (25,600 in 150,000).  */
  if (!build_sample (&s, 7))
    {
      unit_report (0, "the build made hunspell-en_US.words",
		   "no build/ltospell-data/hunspell-en_US.words "
		   "(hunspell-tools' unmunch missing when make ran?)");
      return;
    }
  ls_speller *pre = open_speller (words_dir);
  ls_speller *hun = open_speller (NULL);
  UNIT_CHECK ("opened with precompiled words, hunspell is not loaded",
	      describes (pre, "precompiled words")
	      && describes (pre, "not loaded"));
  UNIT_CHECK ("without them, hunspell is loaded",
	      describes (hun, "hunspell en_US: loaded"));

  /* ASCII words first: the words judge them all themselves.  */
  ls_speller_check (pre, "latencies", 9);
  ls_speller_check (pre, "Latencies", 9);
  ls_speller_check (pre, "LATENCIES", 9);
  ls_speller_check (pre, "Wrold", 5);
  ls_speller_check (pre, "OPENOFFICE", 10);
  UNIT_CHECK ("ASCII words are judged without loading hunspell",
	      describes (pre, "not loaded"));
  UNIT_CHECK ("'latencies' (hunspell's, not aspell's) is right",
	      ls_speller_check (pre, "LATENCIES", 9)
	      && ls_speller_check (pre, "Latencies", 9));

  size_t diff = differences (pre, hun, &s);
  char why[128];
  snprintf (why, sizeof why, "%zu of %zu words judged differently", diff,
	    s.n);
  unit_report (diff == 0 && s.n > 250000,
	       "every sampled word: the same verdict as hunspell's", why);
  UNIT_CHECK ("a word they cannot judge loads hunspell",
	      describes (pre, "loaded for a word they cannot judge"));
  ls_speller_free (pre);

  /* Negative control: the same words with a hunspell-only word taken
     out must differ.  Not "latencies": aspell has "latency", whose
     regular plural the form rule accepts anyway.  */
  char copy_dir[] = "/tmp/ltospell-standin-XXXXXX";
  if (!mkdtemp (copy_dir))
    exit (2);
  char cmd[2 * PATH_MAX + 256];
  copy_without (copy_dir, "cardinalit");
  ls_speller *cut = open_speller (copy_dir);
  UNIT_CHECK ("control: words without 'cardinality' reject it (hunspell "
	      "accepts it), so the comparison can fail",
	      !ls_speller_check (cut, "cardinality", 11)
	      && ls_speller_check (hun, "cardinality", 11));
  ls_speller_free (cut);
  ls_speller_free (hun);
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", copy_dir);
  if (system (cmd) != 0)
    exit (2);
  for (size_t i = 0; i < s.n; i++)
    free (s.words[i]);
  free (s.words);
}

/* enchant finds hunspell's dictionary through XDG_DATA_DIRS, then in
   directories of its own (/usr/share/hunspell): the same file spelled
   otherwise is still the file the words were made from; a copy found
   first is not.  */
static void
test_xdg_data_dirs (void)
{
  setenv ("XDG_DATA_DIRS", "/usr/local/share/:/usr/share/", 1);
  ls_speller *sp = open_speller (words_dir);
  UNIT_CHECK ("XDG_DATA_DIRS with trailing slashes: the words are used",
	      describes (sp, "precompiled words") && describes (sp, "not loaded"));
  ls_speller_free (sp);
  setenv ("XDG_DATA_DIRS", "/nonexistent", 1);
  sp = open_speller (words_dir);
  UNIT_CHECK ("XDG_DATA_DIRS without it: found where enchant also looks, "
	      "the words are used, and aspell's too",
	      describes (sp, "hunspell en_US: 1") && describes (sp, "not loaded")
	      && describes (sp, "enchant not opened"));
  ls_speller_free (sp);

  /* A copy of hunspell's en_US in a directory of XDG_DATA_DIRS is the
     one enchant would load: not the words' source.  */
  char dir[] = "/tmp/ltospell-standin-XXXXXX";
  if (!mkdtemp (dir))
    exit (2);
  char cmd[3 * PATH_MAX + 128];
  snprintf (cmd, sizeof cmd, "mkdir '%s/hunspell' && cp /usr/share/hunspell/en_US.dic "
	    "/usr/share/hunspell/en_US.aff '%s/hunspell/'", dir, dir);
  if (system (cmd) != 0)
    exit (2);
  setenv ("XDG_DATA_DIRS", dir, 1);
  sp = open_speller (words_dir);
  UNIT_CHECK ("a copy found first: hunspell is loaded, enchant at once",
	      describes (sp, "hunspell en_US: loaded")
	      && describes (sp, "enchant opened at once")
	      && describes (sp, "is the one in use"));
  ls_speller_free (sp);
  unsetenv ("XDG_DATA_DIRS");
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system (cmd) != 0)
    exit (2);
}

/* A stale file is not used: hunspell is loaded instead.  */
static void
test_stale (void)
{
  char dir[] = "/tmp/ltospell-standin-XXXXXX";
  if (!mkdtemp (dir))
    exit (2);
  char cmd[2 * PATH_MAX + 256];
  snprintf (cmd, sizeof cmd,
	    "sed 's|^# source \\(/[^ ]*\\) \\([0-9]*\\) |# source \\1 1\\2 |' "
	    "'%s/hunspell-en_US.words' > '%s/hunspell-en_US.words'",
	    words_dir, dir);
  if (system (cmd) != 0)
    exit (2);
  ls_speller *sp = open_speller (dir);
  UNIT_CHECK ("words made from another dictionary are not used",
	      describes (sp, "hunspell en_US: loaded")
	      && describes (sp, "has changed since it was made"));
  ls_speller_free (sp);
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system (cmd) != 0)
    exit (2);
}

/* ------------------------------------------------------------------ */
/* aspell's words: the first dictionary, without enchant.              */

/* A list of one common word: with it no rule asks the speller for
   suggestions (the compound-word rule wants two common words), so a
   speller with precompiled words answers every word it can judge
   without opening enchant.  Set in main.  */
static char one_common_word[PATH_MAX];

static ls_speller *
open_lang_common (const char *lang, const char *dir, const char *common)
{
  char *err = NULL;
  struct ls_speller_setup setup = { lang, NULL, common, dir };
  ls_speller *sp = ls_speller_open (&setup, &err);
  if (!sp)
    {
      fprintf (stderr, "ls_speller_open %s: %s\n", lang,
	       err ? err : "(no message)");
      exit (2);
    }
  free (err);
  return sp;
}

static ls_speller *
open_lang (const char *lang, const char *dir)
{
  return open_lang_common (lang, dir, NULL);
}

/* Every STEP-th word of the build's aspell-TAG.words in the shapes of
   add_shapes and with only its first letter capital ("IPod", which
   aspell accepts for "iPod"), each also with "'s" after it ("IOS's").  */
static void
add_aspell_forms (struct sample *s, const char *word)
{
  char buf[600];
  for (int k = 0; k < 2; k++)
    {
      snprintf (buf, sizeof buf, k ? "%s's" : "%s", word);
      add_shapes (s, buf);
      /* Only the first letter capital: "IPod" for "iPod".  */
      buf[0] = (char) toupper ((unsigned char) buf[0]);
      add (s, buf);
    }
}

static bool
aspell_sample (struct sample *s, const char *tag, size_t step)
{
  char file[64];
  snprintf (file, sizeof file, "aspell-%s.words", tag);
  if (!sample_words (s, file, step, add_aspell_forms))
    return false;
  static const char *const more[] = {
    "IOS's", "iOS's", "IOS'S", "Ios's", "DOG's", "Dog's", "dOG's", "x",
    "IPod", "KHz", "KWh", "EBay", "IPhone", "IPod's", "Ipod",
    "I", "a", "café", "Café", "naïve", "21st", "e-mail", "'tis",
  };
  for (size_t j = 0; j < sizeof more / sizeof *more; j++)
    add (s, more[j]);
  return true;
}

/* A copy of DIR's PROVIDER-TAG.words into COPY_DIR, with its header
   (sources, plan, aspell-conf), without the words that start with
   PREFIX, and with the plan PLAN instead when that is not NULL.  */
static void
copy_words_without (const char *copy_dir, const char *provider,
		    const char *tag, const char *prefix, const char *plan)
{
  char path[PATH_MAX + 64], line[512];
  snprintf (path, sizeof path, "%s/%s-%s.words", words_dir, provider, tag);
  ls_dict_words *w = ls_dict_words_open (words_dir, provider, tag, NULL,
					 NULL);
  FILE *in = fopen (path, "r");
  if (!w || !in)
    exit (2);
  size_t count = ls_dict_words_count (w), n = 0, seen = 0, n_sources = 0;
  char **lines = calloc (count + 1, sizeof *lines);
  char *sources[16];
  char *extra = NULL;
  while (seen < count && fgets (line, sizeof line, in))
    {
      line[strcspn (line, "\n")] = '\0';
      char src[PATH_MAX];
      if (sscanf (line, "# source %4095s", src) == 1 && n_sources < 16)
	sources[n_sources++] = strdup (src);
      if (strncmp (line, "# plan ", 7) == 0
	  || strncmp (line, "# aspell-conf ", 14) == 0)
	{
	  bool replaced = plan && strncmp (line, "# plan ", 7) == 0;
	  char *more = ls_xasprintf ("%s%s%s\n", extra ? extra : "",
				     replaced ? "# plan " : line,
				     replaced ? plan : "");
	  free (extra);
	  extra = more;
	}
      if (line[0] == '#')
	continue;
      seen++;
      if (strncmp (line, prefix, strlen (prefix)) != 0)
	lines[n++] = strdup (line);
    }
  fclose (in);
  ls_dict_words_free (w);
  struct ls_dict_words_head head = { provider, tag,
				     (const char *const *) sources, n_sources,
				     extra };
  snprintf (path, sizeof path, "%s/%s-%s.words", copy_dir, provider, tag);
  FILE *out = fopen (path, "w");
  char *err = NULL;
  if (!out || ls_dict_words_write (out, &head, lines, n, &err) != 0)
    exit (2);
  fclose (out);
  for (size_t i = 0; i < n; i++)
    free (lines[i]);
  free (lines);
  for (size_t i = 0; i < n_sources; i++)
    free (sources[i]);
  free (extra);
}

/* Can aspell's precompiled words judge W themselves (stand_in_verdict:
   ASCII letters and apostrophes, not first, not too long)?  */
static bool
judged_by_words (const char *w)
{
  size_t n = strlen (w);
  return n > 0 && n < 48 && w[0] != '\''
	 && strspn (w, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ'") == n;
}

/* How many words of S A and B judge differently.  First every word the
   precompiled words can judge, after which *A_OPENED_EARLY says whether
   A opened enchant for them; then the others.  */
static size_t
differences_judged_first (ls_speller *a, ls_speller *b,
			  const struct sample *s, bool *a_opened_early)
{
  size_t diff = 0;
  for (int pass = 0; pass < 2; pass++)
    {
      for (size_t i = 0; i < s->n; i++)
	{
	  const char *w = s->words[i];
	  size_t n = strlen (w);
	  if (judged_by_words (w) != (pass == 0))
	    continue;
	  bool x = ls_speller_check (a, w, n), y = ls_speller_check (b, w, n);
	  if (x != y && ++diff <= 5)
	    fprintf (stderr, "differ: %s (aspell's words %d, aspell %d)\n", w,
		     x, y);
	}
      if (pass == 0)
	{
	  char *how = ls_speller_describe (a);
	  *a_opened_early = strstr (how, "enchant not opened") == NULL;
	  free (how);
	}
    }
  return diff;
}

static void
test_aspell_words (const char *tag, size_t step, size_t min_words)
{
  struct sample s = { NULL, 0, 0 };
  char name[128];
  if (!aspell_sample (&s, tag, step))
    {
      snprintf (name, sizeof name, "the build made aspell-%s.words", tag);
      unit_report (0, name, "no build/ltospell-data/aspell-*.words "
		   "(aspell missing when make ran?)");
      return;
    }
  ls_speller *pre = open_lang_common (tag, words_dir, one_common_word);
  ls_speller *asp = open_lang_common (tag, NULL, one_common_word);
  snprintf (name, sizeof name, "%s with precompiled words: enchant is not "
	    "opened", tag);
  UNIT_CHECK (name, describes (pre, "enchant not opened"));
  bool opened_early = true;
  size_t diff = differences_judged_first (pre, asp, &s, &opened_early);
  snprintf (name, sizeof name, "%s: every form of ASCII letters is judged "
	    "by the words, without enchant", tag);
  UNIT_CHECK (name, !opened_early);
  char why[128];
  snprintf (why, sizeof why, "%zu of %zu words judged differently", diff,
	    s.n);
  snprintf (name, sizeof name, "%s: every sampled word, the same verdict "
	    "as with enchant", tag);
  unit_report (diff == 0 && s.n > min_words, name, why);
  snprintf (name, sizeof name, "%s: a word the words cannot judge opens "
	    "enchant", tag);
  UNIT_CHECK (name, describes (pre, "opened after its precompiled words"));
  ls_speller_free (pre);
  ls_speller_free (asp);
  for (size_t i = 0; i < s.n; i++)
    free (s.words[i]);
  free (s.words);
}

/* Suggestions come from aspell's words (suggest.h), without enchant,
   whether or not a word the words cannot judge has opened it since: a
   finding's suggestions, and so its confidence, must not depend on the
   program's other words.  A speller opened with enchant at once
   (another configuration) asks aspell; on a plain typo both agree.  */
static void
test_aspell_suggestions (void)
{
  ls_speller *pre = open_lang ("en_US", words_dir);
  ls_speller *opened = open_lang ("en_US", words_dir);
  ls_speller *asp = open_lang ("en_US", NULL);
  UNIT_CHECK ("a misspelling is judged without enchant",
	      !ls_speller_check (pre, "recieve", 7)
	      && describes (pre, "enchant not opened"));
  size_t n_pre, n_asp;
  const char *const *a = ls_speller_suggest (pre, "recieve", 7, &n_pre);
  UNIT_CHECK ("its suggestions come without enchant",
	      n_pre > 0 && strcmp (a[0], "receive") == 0
	      && describes (pre, "enchant not opened"));
  const char *const *b = ls_speller_suggest (asp, "recieve", 7, &n_asp);
  UNIT_CHECK ("aspell's first suggestion through enchant is the same",
	      n_asp > 0 && strcmp (b[0], "receive") == 0);
  /* "naïve" has a letter beyond ASCII: enchant judges it.  */
  ls_speller_check (opened, "na\xc3\xafve", 6);
  UNIT_CHECK ("a word the words cannot judge opens enchant",
	      describes (opened, "opened after its precompiled words"));
  static const char *const typos[] = { "wrold", "Recieve", "intohistory",
				       "seperate", "dissapeard" };
  bool same = true;
  for (size_t i = 0; i < sizeof typos / sizeof *typos; i++)
    {
      size_t n1, n2, len = strlen (typos[i]);
      const char *const *s1 = ls_speller_suggest (pre, typos[i], len, &n1);
      const char *const *s2 = ls_speller_suggest (opened, typos[i], len, &n2);
      same = same && n1 == n2 && n1 > 0;
      for (size_t k = 0; same && k < n1; k++)
	same = strcmp (s1[k], s2[k]) == 0;
    }
  UNIT_CHECK ("suggestions are the same once enchant is open", same);
  UNIT_CHECK ("...and never open it", describes (pre, "enchant not opened"));
  ls_speller_free (pre);
  ls_speller_free (opened);
  ls_speller_free (asp);
}

/* The British form of an American word: the first of en_GB's
   suggestions, all of them, that en_US rejects; "mould" comes after
   ten common words one edit from "mold".  */
static void
test_dialect_form (void)
{
  ls_speller *gb = open_lang ("en_GB", words_dir);
  ls_speller *us = open_lang ("en_US", words_dir);
  static const char *const pairs[][2] = {
    { "color", "colour" }, { "mold", "mould" }, { "center", "centre" },
    { "traveled", "travelled" }, { "catalog", "catalogue" },
  };
  for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
    {
      char name[96];
      snprintf (name, sizeof name, "the British form of '%s'", pairs[i][0]);
      char *form;
      ls_speller_dialect_forms (gb, us, &pairs[i][0], 1, &form);
      UNIT_STREQ (name, form, pairs[i][1]);
      free (form);
    }
  static const char *const batch[] = { "color", "mold", "color", "center" };
  char *forms[4];
  ls_speller_dialect_forms (gb, us, batch, 4, forms);
  UNIT_CHECK ("British forms at once, as one by one",
	      forms[0] && forms[1] && forms[2] && forms[3]
	      && strcmp (forms[0], "colour") == 0
	      && strcmp (forms[1], "mould") == 0
	      && strcmp (forms[2], "colour") == 0
	      && strcmp (forms[3], "centre") == 0);
  for (size_t i = 0; i < 4; i++)
    free (forms[i]);
  ls_speller_free (gb);
  ls_speller_free (us);
}

/* The compound rule ("pushback" is push + back) is not undone by a
   word-list entry that is the word split ("push-back"): that is no
   word one edit away, with the precompiled words as with aspell's
   suggestions.  */
static void
test_compound_with_split_entry (void)
{
  char path[] = "/tmp/ltospell-standin-words-XXXXXX";
  int fd = mkstemp (path);
  if (fd < 0 || write (fd, "push-back\ntype-name\n", 20) != 20)
    exit (2);
  close (fd);
  ls_speller *sp = open_lang ("en_US", words_dir);
  char *err = NULL;
  UNIT_CHECK ("a word list with split entries loads",
	      ls_speller_add_words_file (sp, path, &err) == 0);
  free (err);
  UNIT_CHECK ("'pushback' is a compound beside 'push-back'",
	      ls_speller_check (sp, "pushback", 8));
  UNIT_CHECK ("'typename' is a compound beside 'type-name'",
	      ls_speller_check (sp, "typename", 8));
  ls_speller_free (sp);
  unlink (path);
}

static void
remove_dir (const char *dir)
{
  char cmd[PATH_MAX + 32];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system (cmd) != 0)
    exit (2);
}

/* Whatever could make aspell or enchant answer otherwise than the
   words: enchant is opened at once, and the speller says why.  */
static void
test_aspell_words_refused (void)
{
  char dir[] = "/tmp/ltospell-standin-XXXXXX";
  if (!mkdtemp (dir))
    exit (2);
  char cmd[3 * PATH_MAX + 256];
  snprintf (cmd, sizeof cmd,
	    "cp '%s/hunspell-en_US.words' '%s/' && "
	    "sed 's|^# source \\(/[^ ]*\\) \\([0-9]*\\) |# source \\1 1\\2 |' "
	    "'%s/aspell-en_US.words' > '%s/aspell-en_US.words'",
	    words_dir, dir, words_dir, dir);
  if (system (cmd) != 0)
    exit (2);
  ls_speller *sp = open_lang ("en_US", dir);
  UNIT_CHECK ("aspell's words made from other files: enchant at once",
	      describes (sp, "enchant opened at once")
	      && describes (sp, "has changed since it was made")
	      && describes (sp, "aspell en_US: checking and suggestions"));
  ls_speller_free (sp);
  remove_dir (dir);

  const char *home = getenv ("HOME");
  char conf[PATH_MAX];
  snprintf (conf, sizeof conf, "%s/.aspell.en.pws", home);
  FILE *f = fopen (conf, "w");
  if (!f)
    exit (2);
  fputs ("personal_ws-1.1 en 1\nfrobnicate\n", f);
  fclose (f);
  sp = open_lang ("en_US", words_dir);
  UNIT_CHECK ("a personal aspell word list: enchant at once",
	      describes (sp, "enchant opened at once")
	      && describes (sp, ".aspell.en.pws exists"));
  ls_speller_free (sp);
  unlink (conf);

  setenv ("ASPELL_CONF", "ignore-case", 1);
  sp = open_lang ("en_US", words_dir);
  UNIT_CHECK ("ASPELL_CONF set: enchant at once",
	      describes (sp, "ASPELL_CONF is set"));
  ls_speller_free (sp);
  unsetenv ("ASPELL_CONF");

  /* HOME unset: aspell looks for its personal files in the current
     directory.  */
  char cwd[PATH_MAX], here[] = "/tmp/ltospell-standin-XXXXXX";
  if (!getcwd (cwd, sizeof cwd) || !mkdtemp (here) || chdir (here) != 0)
    exit (2);
  f = fopen (".aspell.en.pws", "w");
  if (!f)
    exit (2);
  fputs ("personal_ws-1.1 en 1\nfrobnicate\n", f);
  fclose (f);
  char *saved_home = ls_xstrdup (home);
  unsetenv ("HOME");
  sp = open_lang ("en_US", words_dir);
  UNIT_CHECK ("HOME unset, a personal word list here: enchant at once",
	      describes (sp, "./.aspell.en.pws exists"));
  ls_speller_free (sp);
  setenv ("HOME", saved_home, 1);
  free (saved_home);
  if (chdir (cwd) != 0)
    exit (2);
  remove_dir (here);

  /* The plan recorded otherwise than this machine's now.  */
  strcpy (dir, "/tmp/ltospell-standin-XXXXXX");
  if (!mkdtemp (dir))
    exit (2);
  copy_words_without (dir, "aspell", "en_US", "\t", "aspell");
  snprintf (cmd, sizeof cmd, "cp '%s/hunspell-en_US.words' '%s/'",
	    words_dir, dir);
  if (system (cmd) != 0)
    exit (2);
  sp = open_lang ("en_US", dir);
  UNIT_CHECK ("made under another plan: enchant at once",
	      describes (sp, "enchant opened at once")
	      && describes (sp, "are now 'aspell hunspell', not 'aspell'"));
  ls_speller_free (sp);
  remove_dir (dir);

  sp = open_lang ("en_US", words_dir);
  UNIT_CHECK ("back to normal: the words are used",
	      describes (sp, "enchant not opened"));
  ls_speller_free (sp);
}

/* aspell's words cut short after they were opened: a lookup that
   cannot read them asks aspell, which opens enchant, and the verdict
   is still aspell's.  */
static void
test_aspell_words_unreadable (void)
{
  char dir[] = "/tmp/ltospell-standin-XXXXXX";
  if (!mkdtemp (dir))
    exit (2);
  char cmd[3 * PATH_MAX + 64], path[PATH_MAX + 64];
  snprintf (cmd, sizeof cmd, "cp '%s/aspell-en_US.words' '%s/hunspell-en_US.words' '%s/'",
	    words_dir, words_dir, dir);
  if (system (cmd) != 0)
    exit (2);
  ls_speller *sp = open_lang ("en_US", dir);
  snprintf (path, sizeof path, "%s/aspell-en_US.words", dir);
  UNIT_CHECK ("(a copy of aspell's words is used)",
	      describes (sp, "enchant not opened") && truncate (path, 4096) == 0);
  UNIT_CHECK ("words that cannot be read: aspell answers, through enchant",
	      ls_speller_check (sp, "reading", 7)
	      && !ls_speller_check (sp, "raeding", 7)
	      && describes (sp, "opened after its precompiled words"));
  ls_speller_free (sp);
  remove_dir (dir);
}

/* Negative control: aspell's en_GB words without "colour..." make the
   speller reject "colour", which aspell accepts: the comparison above
   can fail.  */
static void
test_aspell_control (void)
{
  char dir[] = "/tmp/ltospell-standin-XXXXXX";
  if (!mkdtemp (dir))
    exit (2);
  copy_words_without (dir, "aspell", "en_GB", "colour", NULL);
  ls_speller *cut = open_lang ("en_GB", dir);
  ls_speller *asp = open_lang ("en_GB", NULL);
  UNIT_CHECK ("control: aspell's en_GB words without 'colour' reject it, "
	      "aspell accepts it",
	      describes (cut, "enchant not opened")
	      && !ls_speller_check (cut, "colour", 6)
	      && ls_speller_check (asp, "colour", 6));
  ls_speller_free (cut);
  ls_speller_free (asp);
  remove_dir (dir);

  /* And aspell's en_US words without the entries that start with "IP"
     ("IPod", "IPhone", "IPOD") reject "IPod", which aspell accepts for
     "iPod": the Capitalized forms precompile adds are what the
     comparison above checks.  */
  strcpy (dir, "/tmp/ltospell-standin-XXXXXX");
  if (!mkdtemp (dir))
    exit (2);
  copy_words_without (dir, "aspell", "en_US", "IP", NULL);
  char cmd[2 * PATH_MAX + 32];
  snprintf (cmd, sizeof cmd, "cp '%s/hunspell-en_US.words' '%s/'",
	    words_dir, dir);
  if (system (cmd) != 0)
    exit (2);
  cut = open_lang_common ("en_US", dir, one_common_word);
  asp = open_lang_common ("en_US", NULL, one_common_word);
  UNIT_CHECK ("control: aspell's words without 'IP...' reject 'IPod', "
	      "aspell accepts it",
	      !ls_speller_check (cut, "IPod", 4)
	      && describes (cut, "enchant not opened")
	      && ls_speller_check (asp, "IPod", 4));
  ls_speller_free (cut);
  ls_speller_free (asp);
  remove_dir (dir);
}

int
main (void)
{
  if (!realpath ("build/ltospell-data", words_dir))
    snprintf (words_dir, sizeof words_dir, "build/ltospell-data");
  char home[] = "/tmp/ltospell-standin-home-XXXXXX";
  if (!mkdtemp (home))
    return 2;
  setenv ("HOME", home, 1);
  snprintf (one_common_word, sizeof one_common_word, "%s/one-common-word",
	    home);
  FILE *common = fopen (one_common_word, "w");
  if (!common || fputs ("the\n", common) < 0 || fclose (common) != 0)
    return 2;
  unsetenv ("XDG_CONFIG_HOME");
  unsetenv ("ENCHANT_CONFIG_DIR");
  unsetenv ("XDG_DATA_DIRS");
  test_same_verdicts ();
  test_stale ();
  test_xdg_data_dirs ();
  test_aspell_words ("en_US", 5, 200000);
  test_aspell_words ("en_GB", 11, 90000);
  test_aspell_suggestions ();
  test_dialect_form ();
  test_compound_with_split_entry ();
  test_aspell_words_refused ();
  test_aspell_words_unreadable ();
  test_aspell_control ();
  unlink (one_common_word);
  rmdir (home);
  return unit_done ("test_standin");
}
