/* test_dictwords.c: unit tests for precompiled dictionary words
   (dictwords.c).

   Each case writes a words file, and a "source" file for its header to
   name, under a fresh temporary directory; then the build's own files
   (build/ltospell-data/), when they exist, are searched for every word
   they hold.  */

#include "dictwords.h"
#include "unit.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[512];

static const char *
at (const char *rel)
{
  static char buf[2][2048];
  static int which;
  which ^= 1;
  snprintf (buf[which], sizeof buf[which], "%s/%s", root, rel);
  return buf[which];
}

static void
write_text (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");
  if (!f || fputs (text, f) < 0 || fclose (f) != 0)
    {
      perror (path);
      exit (2);
    }
}

/* The header line naming the source file REL as it is now.  */
static char *
source_line (const char *rel)
{
  struct stat st;
  static char line[4096];
  if (stat (at (rel), &st) != 0)
    {
      perror (at (rel));
      exit (2);
    }
  snprintf (line, sizeof line, "# source %s %lld %lld\n", at (rel),
	    (long long) st.st_size, (long long) st.st_mtime);
  return line;
}

/* Write ROOT/hunspell-xx.words: HEADER_EXTRA after the usual header
   lines (WORDS of them), then BODY.  */
static void
write_words (const char *header_extra, size_t words, const char *body)
{
  size_t n = strlen (body) + 8192;
  char *text = malloc (n);
  snprintf (text, n, "# ltospell dictionary words 1\n# provider hunspell\n"
	    "# tag xx\n# words %zu\n%s%s%s", words, source_line ("xx.dic"),
	    header_extra, body);
  write_text (at ("hunspell-xx.words"), text);
  free (text);
}

static ls_dict_words *
open_xx (char **why)
{
  return ls_dict_words_open (root, "hunspell", "xx", at ("xx.dic"), why);
}

/* N made-up words in byte order: "a", "aa", ... as base-4 numbers
   over "abcd" with their length, each followed by a tab and its
   number when WITH_VALUES.  */
static char *
made_up_words (size_t n, bool with_values)
{
  char *body = malloc (n * 32 + 1), *p = body;
  /* Every string over "abcd" of 1 to 7 letters, in byte order, is
     produced by a depth-first walk; take the first N.  */
  char w[8];
  size_t len = 0, made = 0;
  w[0] = 'a';
  len = 1;
  while (made < n)
    {
      w[len] = '\0';
      if (with_values)
	p += sprintf (p, "%s\t%zu\n", w, made);
      else
	p += sprintf (p, "%s\n", w);
      made++;
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
  *p = '\0';
  return body;
}

static void
test_lookups (size_t n, bool with_values)
{
  char name[128];
  char *body = made_up_words (n, with_values);
  write_words ("", n, body);
  char *why = NULL;
  ls_dict_words *w = open_xx (&why);
  snprintf (name, sizeof name, "%zu words%s: the file opens", n,
	    with_values ? " with values" : "");
  unit_report (w != NULL, name, why ? why : "NULL");
  free (why);
  if (!w)
    {
      free (body);
      return;
    }
  size_t found = 0, lines = 0, wrong_hits = 0, wrong_values = 0;
  for (char *line = body; *line;)
    {
      char *nl = strchr (line, '\n');
      size_t key = strcspn (line, "\t\n");
      size_t vlen = 0;
      const char *v = ls_dict_words_find (w, line, key, &vlen);
      lines++;
      found += v != NULL;
      if (with_values && v)
	{
	  char want[32];
	  snprintf (want, sizeof want, "%zu", lines - 1);
	  wrong_values += vlen != strlen (want) || memcmp (v, want, vlen) != 0;
	}
      /* A word with an "e" (after every letter used) appended or put
	 first is no word; so is one with a letter changed to "e".  */
      char more[16];
      memcpy (more, line, key);
      more[key] = 'e';
      wrong_hits += ls_dict_words_has (w, more, key + 1);
      more[0] = 'e';
      wrong_hits += ls_dict_words_has (w, more, key);
      more[0] = '0';
      memcpy (more + 1, line, key);
      wrong_hits += ls_dict_words_has (w, more, key + 1);
      line = nl + 1;
    }
  snprintf (name, sizeof name, "%zu words%s: every word is found", n,
	    with_values ? " with values" : "");
  UNIT_CHECK (name, found == lines && lines == n);
  snprintf (name, sizeof name, "%zu words%s: no word that is not there", n,
	    with_values ? " with values" : "");
  UNIT_CHECK (name, wrong_hits == 0 && !ls_dict_words_has (w, "e", 1)
	      && !ls_dict_words_has (w, "", 0)
	      && !ls_dict_words_has (w, "0", 1)
	      && !ls_dict_words_has (w, "a\n", 2)
	      && !ls_dict_words_has (w, "a\tb", 3));
  if (with_values)
    UNIT_CHECK ("every word's value is its own", wrong_values == 0);
  UNIT_CHECK ("the count is the header's", ls_dict_words_count (w) == n);
  ls_dict_words_free (w);
  free (body);
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

static void
test_refusals (void)
{
  write_words ("", 2, "alpha\nbeta\n");
  char *why = NULL;
  ls_dict_words *w = open_xx (&why);
  UNIT_CHECK ("a good file opens", w && ls_dict_words_has (w, "beta", 4));
  ls_dict_words_free (w);
  free (why);

  /* Another provider, another tag, another dictionary file.  */
  w = ls_dict_words_open (root, "aspell", "xx", at ("xx.dic"), &why);
  UNIT_CHECK ("another provider's file is not looked for", !w && why);
  free (why);
  write_text (at ("other.dic"), "1\n");
  w = ls_dict_words_open (root, "hunspell", "xx", at ("other.dic"), &why);
  UNIT_CHECK ("made from another dictionary: refused",
	      !w && why && strstr (why, "enchant would load"));
  free (why);

  /* The dictionary changed (size) since the file was made.  */
  write_words ("", 2, "alpha\nbeta\n");
  write_text (at ("xx.dic"), "2\nalpha\nbeta\ngamma\n");
  expect_refused ("a changed dictionary: refused", "has changed");
  write_words ("", 2, "alpha\nbeta\n");
  w = open_xx (&why);
  UNIT_CHECK ("made again from the changed dictionary: opens", w != NULL);
  ls_dict_words_free (w);
  free (why);

  write_text (at ("hunspell-xx.words"), "alpha\nbeta\n");
  expect_refused ("no header: refused", "format");
  write_text (at ("hunspell-xx.words"),
	      "# ltospell dictionary words 2\nalpha\n");
  expect_refused ("another format version: refused", "format");
  char text[8192];
  snprintf (text, sizeof text, "# ltospell dictionary words 1\n"
	    "# provider hunspell\n# tag xx\n%salpha\n", source_line ("xx.dic"));
  write_text (at ("hunspell-xx.words"), text);
  expect_refused ("no word count: refused", "does not say");
  snprintf (text, sizeof text, "# ltospell dictionary words 1\n"
	    "# provider hunspell\n# tag yy\n# words 1\n%salpha\n",
	    source_line ("xx.dic"));
  write_text (at ("hunspell-xx.words"), text);
  expect_refused ("another language's words: refused", "not for");
  snprintf (text, sizeof text, "# ltospell dictionary words 1\n"
	    "# provider hunspell\n# tag xx\n# words 1\nalpha\n");
  write_text (at ("hunspell-xx.words"), text);
  expect_refused ("no source: refused", "does not say");
  write_words ("#bad\n", 1, "alpha\n");
  expect_refused ("a malformed header line: refused", "malformed");
  write_text (at ("hunspell-xx.words"), "");
  expect_refused ("an empty file: refused", "cannot read");
  unlink (at ("hunspell-xx.words"));
  expect_refused ("no file: refused, naming it", "hunspell-xx.words");
  UNIT_CHECK ("a NULL set has nothing", !ls_dict_words_has (NULL, "a", 1)
	      && ls_dict_words_count (NULL) == 0);
}

/* The build's own files: every line found again.  */
static void
test_build_file (const char *provider, const char *tag)
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
  char line[512];
  size_t lines = 0, found = 0;
  while (w && fgets (line, sizeof line, f))
    {
      if (line[0] == '#')
	continue;
      lines++;
      found += ls_dict_words_has (w, line, strcspn (line, "\t\n"));
    }
  fclose (f);
  snprintf (name, sizeof name, "%s: each of its words is found", path);
  UNIT_CHECK (name, w && lines > 1000 && found == lines
	      && ls_dict_words_count (w) == lines);
  ls_dict_words_free (w);
}

int
main (void)
{
  snprintf (root, sizeof root, "%s/ltospell-dictwords-XXXXXX",
	    getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp");
  if (!mkdtemp (root))
    {
      perror ("mkdtemp");
      return 2;
    }
  write_text (at ("xx.dic"), "2\nalpha\nbeta\n");
  size_t sizes[] = { 1, 2, 3, 17, 100, 4000 };
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
    test_lookups (sizes[i], false);
  test_lookups (4000, true);
  test_refusals ();
  test_build_file ("hunspell", "en_US");
  test_build_file ("codespell", "en");
  char cmd[600];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system (cmd) != 0)
    return 2;
  return unit_done ("test_dictwords");
}
