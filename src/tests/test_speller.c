/* test_speller.c: unit tests for the speller (speller.c).

   These use the real enchant and the real en_US and en_GB dictionaries
   (aspell-en and hunspell-en-us).  To see how often enchant is really
   asked, this program defines enchant_dict_check and
   enchant_dict_suggest itself: the speller's calls resolve to these
   wrappers, which count and then call the library's versions found
   with dlsym (RTLD_NEXT).  The wrapper can also pretend that the
   dictionary rejects one exact word, to test the case fallback without
   depending on a dictionary's quirks.

   Everything runs with HOME set to a fresh empty directory, which is
   also the working directory, and XDG_CONFIG_HOME and
   ENCHANT_CONFIG_DIR unset, so that enchant would write there if we
   let it; the last test checks that it is still empty.  */

#include "speller.h"
#include "unit.h"

#include <dirent.h>
#include <dlfcn.h>
#include <enchant.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Counting wrappers around enchant.                                   */

static unsigned long enchant_checks, enchant_suggests;
static const char *pretend_rejected;	/* Word to reject, or NULL.  */

/* While RECORDING, every (dictionary, word) pair enchant is asked
   about, to find any asked twice.  */
static bool recording;
static struct asked
{
  const void *dict;
  char *word;
} asked[20000];
static size_t n_asked, asked_twice;

static void
record_check (const void *dict, const char *word, size_t n)
{
  for (size_t i = 0; i < n_asked; i++)
    if (asked[i].dict == dict && strlen (asked[i].word) == n
	&& memcmp (asked[i].word, word, n) == 0)
      {
	asked_twice++;
	fprintf (stderr, "  asked twice: %.*s\n", (int) n, word);
	return;
      }
  if (n_asked < sizeof asked / sizeof *asked)
    {
      asked[n_asked].dict = dict;
      asked[n_asked].word = strndup (word, n);
      n_asked++;
    }
}

static void
stop_recording (void)
{
  recording = false;
  for (size_t i = 0; i < n_asked; i++)
    free (asked[i].word);
  n_asked = asked_twice = 0;
}

int
enchant_dict_check (EnchantDict *dict, const char *const word, ssize_t len)
{
  static int (*real) (EnchantDict *, const char *const, ssize_t);
  if (!real)
    *(void **) &real = dlsym (RTLD_NEXT, "enchant_dict_check");
  enchant_checks++;
  size_t n = len < 0 ? strlen (word) : (size_t) len;
  if (recording)
    record_check (dict, word, n);
  if (pretend_rejected && strlen (pretend_rejected) == n
      && memcmp (pretend_rejected, word, n) == 0)
    return 1;
  return real (dict, word, len);
}

char **
enchant_dict_suggest (EnchantDict *dict, const char *const word, ssize_t len,
		      size_t *out_n_suggs)
{
  static char **(*real) (EnchantDict *, const char *const, ssize_t,
			 size_t *);
  if (!real)
    *(void **) &real = dlsym (RTLD_NEXT, "enchant_dict_suggest");
  enchant_suggests++;
  return real (dict, word, len, out_n_suggs);
}

/* ------------------------------------------------------------------ */
/* Helpers.                                                            */

static char temp_home[1024];
static char temp_dir[1024];

static bool
check (ls_speller *sp, const char *word)
{
  return ls_speller_check (sp, word, strlen (word));
}

/* Each of the N WORDS is right, one check named "RULE: 'WORD' right"
   each.  */
static void
check_all_right (ls_speller *sp, const char *rule,
		 const char *const *words, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      char name[128];
      snprintf (name, sizeof name, "%s: '%s' right", rule, words[i]);
      UNIT_CHECK (name, check (sp, words[i]));
    }
}

static bool
suggests (ls_speller *sp, const char *word, const char *want)
{
  size_t n;
  const char *const *s = ls_speller_suggest (sp, word, strlen (word), &n);
  for (size_t i = 0; i < n; i++)
    if (strcmp (s[i], want) == 0)
      return true;
  return false;
}

static bool
contains (const char *haystack, const char *needle)
{
  return haystack && strstr (haystack, needle) != NULL;
}

/* Write TEXT (LEN bytes) to a new file NAME in the temporary directory
   and return its path (static storage, one at a time).  */

static const char *
write_file (const char *name, const char *text, size_t len)
{
  static char path[2048];
  snprintf (path, sizeof path, "%s/%s", temp_dir, name);
  FILE *f = fopen (path, "wb");
  if (!f || fwrite (text, 1, len, f) != len || fclose (f) != 0)
    {
      perror (path);
      exit (2);
    }
  return path;
}

static ls_speller *
new_speller (const char *langs, const char *provider)
{
  char *err = NULL;
  ls_speller *sp = ls_speller_new (langs, provider, &err);
  if (!sp)
    {
      fprintf (stderr, "ls_speller_new (%s, %s): %s\n", langs,
	       provider ? provider : "NULL", err ? err : "(no message)");
      exit (2);
    }
  free (err);
  return sp;
}

/* Number of entries in DIR other than . and .., or -1.  */

static int
count_entries (const char *dir)
{
  DIR *d = opendir (dir);
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    if (strcmp (e->d_name, ".") && strcmp (e->d_name, ".."))
      n++;
  closedir (d);
  return n;
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ */
/* Tests.                                                              */

static void
test_default_en_us (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);

  UNIT_CHECK ("en_US: common words are right",
	      check (sp, "hello") && check (sp, "receive")
	      && check (sp, "separate") && check (sp, "occurred")
	      && check (sp, "the") && check (sp, "color"));
  UNIT_CHECK ("en_US: Capitalized and ALL CAPS forms are right",
	      check (sp, "Hello") && check (sp, "HELLO")
	      && check (sp, "Receive") && check (sp, "RECEIVE"));
  UNIT_CHECK ("en_US: 'recieve' is wrong", !check (sp, "recieve"));
  UNIT_CHECK ("en_US: 'teh' is wrong", !check (sp, "teh"));
  UNIT_CHECK ("en_US: 'occured' is wrong", !check (sp, "occured"));
  UNIT_CHECK ("en_US: 'seperate' is wrong", !check (sp, "seperate"));
  UNIT_CHECK ("en_US: 'colour' is wrong", !check (sp, "colour"));
  UNIT_CHECK ("en_US: Capitalized typo is wrong", !check (sp, "Recieve"));
  UNIT_CHECK ("en_US: ALL CAPS typo is wrong", !check (sp, "SEPERATE"));
  UNIT_CHECK ("en_US: mixed case of a right word is wrong",
	      !check (sp, "hELLO"));
  UNIT_CHECK ("en_US: apostrophe words are right",
	      check (sp, "don't") && check (sp, "it's"));

  UNIT_CHECK ("suggest: 'receive' for 'recieve'",
	      suggests (sp, "recieve", "receive"));
  UNIT_CHECK ("suggest: 'the' for 'teh'", suggests (sp, "teh", "the"));
  UNIT_CHECK ("suggest: 'occurred' for 'occured'",
	      suggests (sp, "occured", "occurred"));
  UNIT_CHECK ("suggest: 'separate' for 'seperate'",
	      suggests (sp, "seperate", "separate"));
  UNIT_CHECK ("suggest: case is kept ('RECEIVE' for 'RECIEVE')",
	      suggests (sp, "RECIEVE", "RECEIVE"));

  size_t n = 0;
  const char *const *s = ls_speller_suggest (sp, "recieve", 7, &n);
  UNIT_CHECK ("suggest: list is NULL-terminated", n > 0 && s[n] == NULL);
  UNIT_STREQ ("suggest: best first", n > 0 ? s[0] : NULL, "receive");
  /* aspell ranks "Reading" first for "readng".  */
  s = ls_speller_suggest (sp, "readng", 6, &n);
  UNIT_STREQ ("suggest: a lowercase typo gets lowercase words first",
	      n > 0 ? s[0] : NULL, "reading");
  UNIT_CHECK ("suggest: the capitalised suggestion is kept, later",
	      suggests (sp, "readng", "Reading"));
  s = ls_speller_suggest (sp, "Readng", 6, &n);
  UNIT_CHECK ("suggest: a capitalised typo keeps the dictionary's order",
	      n > 0 && s[n] == NULL);
  ls_speller_free (sp);
}

/* With one dictionary (aspell alone), so that enchant calls can be
   counted exactly; test_both_cache covers the default's two.  */

static void
test_cache (void)
{
  ls_speller *sp = new_speller ("en_US", "aspell");

  unsigned long before = enchant_checks;
  for (int i = 0; i < 1000; i++)
    check (sp, "hello");
  UNIT_CHECK ("cache: a word reaches enchant once however often checked",
	      enchant_checks - before == 1);
  UNIT_CHECK ("cache: one distinct word", ls_speller_distinct_words (sp) == 1);

  before = enchant_checks;
  for (int i = 0; i < 100; i++)
    {
      check (sp, "teh");
      check (sp, "world");
      check (sp, "hello");
    }
  UNIT_CHECK ("cache: two more words, two more enchant checks",
	      enchant_checks - before == 2);
  UNIT_CHECK ("cache: verdicts stay the same from the cache",
	      !check (sp, "teh") && check (sp, "world"));
  UNIT_CHECK ("cache: distinct count is 3",
	      ls_speller_distinct_words (sp) == 3);
  UNIT_CHECK ("cache: same bytes, different length are different words",
	      ls_speller_check (sp, "worldly", 5)
	      && ls_speller_distinct_words (sp) == 3);

  /* "Teh" is rejected as written, then retried as "teh", which is
     already cached: one new enchant call only.  */
  before = enchant_checks;
  UNIT_CHECK ("cache: Capitalized typo wrong", !check (sp, "Teh"));
  UNIT_CHECK ("cache: its lowercase retry comes from the cache",
	      enchant_checks - before == 1);
  UNIT_CHECK ("cache: the retry does not count as a word looked up",
	      ls_speller_distinct_words (sp) == 4);

  UNIT_CHECK ("cache: knows gives check's verdict",
	      !ls_speller_knows (sp, "Teh", 3)
	      && ls_speller_knows (sp, "world", 5));
  before = enchant_checks;
  UNIT_CHECK ("cache: a word only asked through knows is not counted",
	      ls_speller_knows (sp, "spelling", 8)
	      && ls_speller_distinct_words (sp) == 4
	      && enchant_checks - before == 1);
  UNIT_CHECK ("cache: checked later, it counts, from the cache",
	      check (sp, "spelling") && ls_speller_distinct_words (sp) == 5
	      && enchant_checks - before == 1);

  before = enchant_suggests;
  size_t n1, n2;
  const char *const *s1 = ls_speller_suggest (sp, "teh", 3, &n1);
  const char *const *s2 = ls_speller_suggest (sp, "teh", 3, &n2);
  UNIT_CHECK ("cache: suggestions computed once",
	      enchant_suggests - before == 1 && s1 == s2 && n1 == n2);
  UNIT_CHECK ("cache: suggesting does not count as a word looked up",
	      ls_speller_distinct_words (sp) == 5);
  before = enchant_suggests;
  check (sp, "hellp");
  UNIT_CHECK ("cache: checking computes no suggestions",
	      enchant_suggests == before);

  /* Many distinct words: the table must grow and keep every verdict.  */
  char word[32];
  int wrong = 0;
  for (int i = 0; i < 5000; i++)
    {
      snprintf (word, sizeof word, "qzx%dq", i);
      wrong += !check (sp, word);
    }
  UNIT_CHECK ("cache: 5000 nonsense words all wrong", wrong == 5000);
  UNIT_CHECK ("cache: earlier verdicts survive table growth",
	      check (sp, "hello") && !check (sp, "teh")
	      && ls_speller_distinct_words (sp) == 5006);
  ls_speller_free (sp);
}

static void
test_case_fallback (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);

  /* Pretend the dictionary has a quirk: it rejects "Hello" as written.
     The lowercase retry must accept it.  */
  pretend_rejected = "Hello";
  UNIT_CHECK ("case: rejected Capitalized word is right when its "
	      "lowercase is", check (sp, "Hello"));
  pretend_rejected = "WORLD";
  UNIT_CHECK ("case: rejected ALL CAPS word is right when its lowercase "
	      "is", check (sp, "WORLD"));
  pretend_rejected = "hELLO";
  UNIT_CHECK ("case: mixed case gets no second chance", !check (sp, "hELLO"));
  pretend_rejected = NULL;

  UNIT_CHECK ("case: a proper noun stays right", check (sp, "Paris"));
  UNIT_CHECK ("case: a proper noun in lowercase stays wrong",
	      !check (sp, "paris"));
  UNIT_CHECK ("case: acronym right as written", check (sp, "NASA"));
  ls_speller_free (sp);

  /* The real quirk that motivated the retry (aspell-en 2020.12.07):
     aspell accepts "œuvre" but not "Œuvre".  */
  sp = new_speller ("en_US", "aspell");
  UNIT_CHECK ("case: aspell 'Œuvre' right because 'œuvre' is",
	      check (sp, "\xC5\x92uvre") == check (sp, "\xC5\x93uvre"));
  UNIT_CHECK ("case: non-ASCII typo still wrong", !check (sp, "caf\xC3\xA9z"));
  ls_speller_free (sp);
}

static void
test_odd_words (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  unsigned long before = enchant_checks;
  UNIT_CHECK ("odd: empty word is right", ls_speller_check (sp, "", 0));
  UNIT_CHECK ("odd: invalid UTF-8 is not judged",
	      ls_speller_check (sp, "ab\xFF", 3));
  UNIT_CHECK ("odd: word with NUL is not judged",
	      ls_speller_check (sp, "a\0b", 3));
  UNIT_CHECK ("odd: none of those reached enchant", enchant_checks == before);
  size_t n = 99;
  const char *const *s = ls_speller_suggest (sp, "ab\xFF", 3, &n);
  UNIT_CHECK ("odd: no suggestions for invalid UTF-8", n == 0 && s && !s[0]);
  UNIT_CHECK ("odd: U+FFFD inside a word is wrong",
	      !check (sp, "hel\xEF\xBF\xBDo"));
  ls_speller_free (sp);
}

static void
test_word_lists (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  static const char list[] =
    "\xEF\xBB\xBF# Project words\n"
    "\n"
    "   \n"
    "ltospell   \n"
    "GitHub\r\n"
    "frobnicate  # a comment after the word\n"
    "\tNASAish\t\n"
    "z\xC3\xBCrichish\n"
    "\xC3\x86r\xC3\xB8ish\n"
    "# last line without newline: qwertyword";
  const char *path = write_file ("words.txt", list, sizeof list - 1);
  char *err = NULL;
  int rc = ls_speller_add_words_file (sp, path, &err);
  UNIT_CHECK ("words: file accepted", rc == 0 && err == NULL);
  free (err);

  unsigned long before = enchant_checks;
  UNIT_CHECK ("words: lowercase entry accepts itself", check (sp, "ltospell"));
  UNIT_CHECK ("words: lowercase entry accepts Capitalized",
	      check (sp, "Ltospell"));
  UNIT_CHECK ("words: lowercase entry accepts ALL CAPS",
	      check (sp, "LTOSPELL"));
  UNIT_CHECK ("words: lowercase entry accepts any capitalisation",
	      check (sp, "LtoSpell"));
  UNIT_CHECK ("words: entry with capitals accepts itself",
	      check (sp, "GitHub"));
  UNIT_CHECK ("words: entry with capitals accepts ALL CAPS",
	      check (sp, "GITHUB"));
  UNIT_CHECK ("words: trailing comment stripped", check (sp, "frobnicate"));
  UNIT_CHECK ("words: tabs around an entry stripped",
	      check (sp, "NASAish") && check (sp, "NASAISH"));
  UNIT_CHECK ("words: non-ASCII lowercase entry, any case",
	      check (sp, "Z\xC3\xBCrichish")
	      && check (sp, "Z\xC3\x9CRICHISH"));
  UNIT_CHECK ("words: non-ASCII entry with capitals and its ALL CAPS",
	      check (sp, "\xC3\x86r\xC3\xB8ish")
	      && check (sp, "\xC3\x86R\xC3\x98ISH"));
  UNIT_CHECK ("words: word-list hits never reach enchant",
	      enchant_checks == before);

  UNIT_CHECK ("words: entry with capitals rejects lowercase",
	      !check (sp, "github"));
  UNIT_CHECK ("words: entry with capitals rejects other forms",
	      !check (sp, "Github") && !check (sp, "gitHub"));
  UNIT_CHECK ("words: non-ASCII entry with capitals rejects lowercase",
	      !check (sp, "\xC3\xA6r\xC3\xB8ish"));
  UNIT_CHECK ("words: a commented-out word is not added",
	      !check (sp, "qwertyword"));
  UNIT_CHECK ("words: dictionary words still right", check (sp, "hello"));

  /* A word added after it was found wrong must become right.  */
  UNIT_CHECK ("words: unknown word wrong at first", !check (sp, "zzyzxq"));
  before = enchant_checks;
  ls_speller_add_word (sp, "zzyzxq", 6);
  UNIT_CHECK ("words: added word right after a cached rejection",
	      check (sp, "zzyzxq") && check (sp, "Zzyzxq"));
  bool wrong = !check (sp, "becuase");
  unsigned long asked = enchant_checks - before;
  UNIT_CHECK ("words: re-checking after an add does not ask enchant again",
	      wrong && asked >= 1 && !check (sp, "becuase")
	      && enchant_checks - before == asked);
  ls_speller_add_word (sp, "Kubernetesq", 11);
  UNIT_CHECK ("words: add_word follows the same case rules",
	      check (sp, "Kubernetesq") && check (sp, "KUBERNETESQ")
	      && !check (sp, "kubernetesq"));
  ls_speller_add_word (sp, "", 0);
  UNIT_CHECK ("words: adding an empty word is harmless", check (sp, "hello"));

  /* ls_speller_listed keeps its answer for each state of the lists.  */
  bool listed_before = ls_speller_listed (sp, "qwxlisted", 9)
		       || ls_speller_listed (sp, "Qwxlisted", 9);
  ls_speller_add_word (sp, "qwxlisted", 9);
  UNIT_CHECK ("words: listed is asked again once a word is added",
	      !listed_before && ls_speller_listed (sp, "qwxlisted", 9)
	      && ls_speller_listed (sp, "Qwxlisted", 9)
	      && !ls_speller_listed (sp, "qwxlistes", 9));

  /* aspell cannot suggest a word it does not know: the word lists'
     words within two edits are suggestions too, and common for
     confidence ("withespace" is two edits from "whitespace").  */
  ls_speller_add_word (sp, "frobspace", 9);
  size_t n;
  const char *const *sg = ls_speller_suggest (sp, "forbspace", 9, &n);
  bool offered = false;
  for (size_t i = 0; i < n; i++)
    offered = offered || strcmp (sg[i], "frobspace") == 0;
  UNIT_CHECK ("words: a listed word two edits away is a suggestion", offered);
  UNIT_CHECK ("words: listed words are in the word lists, uncounted",
	      ls_speller_in_word_lists (sp, "frobspace", 9)
	      && !ls_speller_in_word_lists (sp, "forbspace", 9));
  sg = ls_speller_suggest (sp, "qqqqqqqqq", 9, &n);
  offered = false;
  for (size_t i = 0; i < n; i++)
    offered = offered || strcmp (sg[i], "frobspace") == 0;
  UNIT_CHECK ("words: a listed word far away is no suggestion", !offered);
  ls_speller_free (sp);
}

static void
test_word_list_errors (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  char *err = NULL;

  int rc = ls_speller_add_words_file (sp, "/nonexistent/ltospell-words.txt",
				      &err);
  UNIT_CHECK ("words: unreadable file fails", rc == -1);
  UNIT_CHECK ("words: message names the path",
	      contains (err, "/nonexistent/ltospell-words.txt"));
  UNIT_CHECK ("words: message gives the reason",
	      contains (err, strerror (ENOENT)));
  free (err);
  err = NULL;

  rc = ls_speller_add_words_file (sp, temp_dir, &err);
  UNIT_CHECK ("words: a directory fails with a reason",
	      rc == -1 && contains (err, temp_dir)
	      && contains (err, strerror (EISDIR)));
  free (err);
  err = NULL;

  static const char two[] = "fineqq\n# ok\ntwo words\nneverqq\n";
  const char *path = write_file ("two.txt", two, sizeof two - 1);
  rc = ls_speller_add_words_file (sp, path, &err);
  char where[2100];
  snprintf (where, sizeof where, "%s:3:", path);
  UNIT_CHECK ("words: two words on a line fail", rc == -1);
  UNIT_CHECK ("words: message names file:line", contains (err, where));
  UNIT_CHECK ("words: message quotes the line", contains (err, "'two words'"));
  UNIT_CHECK ("words: a bad file adds nothing, before or after the line",
	      !check (sp, "fineqq") && !check (sp, "neverqq"));
  free (err);
  err = NULL;

  static const char junk[] = "okword\n\x7F" "ELF\x02\x01\x01\0\0\0\n";
  path = write_file ("junk.bin", junk, sizeof junk - 1);
  rc = ls_speller_add_words_file (sp, path, &err);
  snprintf (where, sizeof where, "%s:2:", path);
  UNIT_CHECK ("words: binary file fails", rc == -1 && contains (err, where));
  UNIT_CHECK ("words: binary file message says why",
	      contains (err, "unexpected byte"));
  UNIT_CHECK ("words: words before the bad line are not added",
	      !check (sp, "okword"));
  free (err);
  err = NULL;

  static const char latin1[] = "caf\xE9z\n";
  path = write_file ("latin1.txt", latin1, sizeof latin1 - 1);
  rc = ls_speller_add_words_file (sp, path, &err);
  UNIT_CHECK ("words: Latin-1 file fails as invalid UTF-8",
	      rc == -1 && contains (err, ":1:") && contains (err, "UTF-8"));
  free (err);
  err = NULL;

  path = write_file ("empty.txt", "", 0);
  rc = ls_speller_add_words_file (sp, path, &err);
  UNIT_CHECK ("words: empty file is fine", rc == 0 && err == NULL);
  ls_speller_free (sp);
}

static void
test_languages (void)
{
  char *err = NULL;
  ls_speller *sp = ls_speller_new ("xx_YY", NULL, &err);
  UNIT_CHECK ("lang: unknown language fails", sp == NULL && err != NULL);
  UNIT_CHECK ("lang: message names the language",
	      contains (err, "no dictionary for language 'xx_YY'"));
  UNIT_CHECK ("lang: message lists installed dictionaries",
	      contains (err, "installed: ") && contains (err, "en_US"));
  UNIT_CHECK ("lang: message says what to install",
	      contains (err, "hunspell-xx-yy") && contains (err, "aspell-xx"));
  fprintf (stderr, "  (message: %s)\n", err ? err : "");
  free (err);
  err = NULL;

  sp = ls_speller_new ("en_UK", NULL, &err);
  UNIT_CHECK ("lang: en_UK is not silently served by 'en'",
	      sp == NULL && contains (err, "'en_UK'"));
  free (err);
  err = NULL;

  sp = ls_speller_new ("en_US,xx", NULL, &err);
  UNIT_CHECK ("lang: one unknown language among several fails",
	      sp == NULL && contains (err, "'xx'"));
  free (err);
  err = NULL;

  sp = ls_speller_new ("en_US,,en_GB", NULL, &err);
  UNIT_CHECK ("lang: empty item fails",
	      sp == NULL && contains (err, "empty language name"));
  free (err);
  err = NULL;

  sp = ls_speller_new ("", NULL, &err);
  UNIT_CHECK ("lang: empty list fails",
	      sp == NULL && contains (err, "no language"));
  free (err);
  err = NULL;

  sp = ls_speller_new ("en_US,en_GB", NULL, &err);
  UNIT_CHECK ("lang: en_US,en_GB opens", sp != NULL && err == NULL);
  if (sp)
    {
      UNIT_CHECK ("lang: either language accepts (color, colour)",
		  check (sp, "color") && check (sp, "colour"));
      UNIT_CHECK ("lang: typo still wrong in both", !check (sp, "recieve"));
      size_t n;
      const char *const *s = ls_speller_suggest (sp, "recieve", 7, &n);
      int dups = 0;
      for (size_t i = 0; i < n; i++)
	for (size_t j = i + 1; j < n; j++)
	  dups += strcmp (s[i], s[j]) == 0;
      UNIT_CHECK ("lang: merged suggestions have no duplicates",
		  n > 0 && dups == 0 && suggests (sp, "recieve", "receive"));
      ls_speller_free (sp);
    }

  sp = ls_speller_new (" en-us , en_GB.UTF-8 ", NULL, &err);
  UNIT_CHECK ("lang: spaces and enchant-style spellings accepted",
	      sp != NULL && err == NULL);
  if (sp)
    UNIT_CHECK ("lang: ... and work", check (sp, "colour"));
  ls_speller_free (sp);

  sp = ls_speller_new (NULL, NULL, &err);
  UNIT_CHECK ("lang: NULL means en_US",
	      sp && check (sp, "color") && !check (sp, "colour"));
  ls_speller_free (sp);

  sp = ls_speller_new ("xx_YY", NULL, NULL);
  UNIT_CHECK ("lang: ERR may be NULL", sp == NULL);
}

static void
test_providers (void)
{
  char *err = NULL;
  ls_speller *hun = ls_speller_new ("en_US", "hunspell", &err);
  UNIT_CHECK ("provider: hunspell opens en_US", hun && !err);
  free (err);
  err = NULL;
  ls_speller *asp = ls_speller_new ("en_US", "aspell", &err);
  UNIT_CHECK ("provider: aspell opens en_US", asp && !err);
  free (err);
  err = NULL;
  if (hun && asp)
    {
      UNIT_CHECK ("provider: hunspell right and wrong words",
		  check (hun, "receive") && !check (hun, "recieve"));
      UNIT_CHECK ("provider: hunspell suggests",
		  suggests (hun, "recieve", "receive"));
      UNIT_CHECK ("provider: aspell right and wrong words",
		  check (asp, "receive") && !check (asp, "recieve"));
      UNIT_CHECK ("provider: aspell suggests",
		  suggests (asp, "recieve", "receive"));
      /* hunspell-en-us has "aardwolf", aspell-en does not: proof that
	 each speller really uses the provider asked for.  */
      UNIT_CHECK ("provider: really hunspell and really aspell",
		  check (hun, "aardwolf") && !check (asp, "aardwolf"));
    }
  ls_speller_free (hun);
  ls_speller_free (asp);

  /* aspell-en has en_CA, hunspell-en-us and hunspell-en-gb do not.  */
  ls_speller *sp = ls_speller_new ("en_CA", "hunspell", &err);
  UNIT_CHECK ("provider: hunspell without en_CA fails", sp == NULL);
  UNIT_CHECK ("provider: message names provider and language",
	      contains (err, "'hunspell'") && contains (err, "'en_CA'"));
  UNIT_CHECK ("provider: message says what hunspell has",
	      contains (err, "hunspell has: ") && contains (err, "en_US"));
  UNIT_CHECK ("provider: message says what to install",
	      contains (err, "hunspell-en-ca"));
  fprintf (stderr, "  (message: %s)\n", err ? err : "");
  free (err);
  err = NULL;

  sp = ls_speller_new ("en_US", "nosuch", &err);
  UNIT_CHECK ("provider: unknown provider fails",
	      sp == NULL && contains (err, "'nosuch'")
	      && contains (err, "available: ") && contains (err, "hunspell"));
  free (err);
  err = NULL;

  sp = ls_speller_new ("en_US", "", &err);
  UNIT_CHECK ("provider: empty name means the default", sp && !err);
  ls_speller_free (sp);
}

static void
test_environment (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  UNIT_CHECK ("env: ENCHANT_CONFIG_DIR restored (unset) after new",
	      getenv ("ENCHANT_CONFIG_DIR") == NULL);
  ls_speller_free (sp);

  setenv ("ENCHANT_CONFIG_DIR", "/dev/null/ltospell-user-choice", 1);
  sp = new_speller ("en_US", NULL);
  const char *v = getenv ("ENCHANT_CONFIG_DIR");
  UNIT_STREQ ("env: the user's ENCHANT_CONFIG_DIR is left alone", v,
	      "/dev/null/ltospell-user-choice");
  ls_speller_free (sp);

  /* enchant would take an empty value as the current directory.  */
  setenv ("ENCHANT_CONFIG_DIR", "", 1);
  sp = new_speller ("en_US", NULL);
  v = getenv ("ENCHANT_CONFIG_DIR");
  UNIT_STREQ ("env: an empty ENCHANT_CONFIG_DIR is overridden, then "
	      "restored", v, "");
  UNIT_CHECK ("env: ... and nothing lands in the current directory",
	      count_entries (".") == 0);
  ls_speller_free (sp);
  unsetenv ("ENCHANT_CONFIG_DIR");
}

/* aspell's en_US and hunspell's en_US together (the default).  */

static void
test_both_dictionaries (void)
{
  ls_speller *both = new_speller ("en_US", NULL);
  ls_speller *asp = new_speller ("en_US", "aspell");
  /* Not "latencies": aspell has "latency", and its regular plural is
     right by the form rule (test_dictionary_forms).  */
  static const char *const hunspell_only[] = {
    "cardinality", "verboseness", "decrypted", "aardwolf",
  };
  for (size_t i = 0; i < sizeof hunspell_only / sizeof *hunspell_only; i++)
    {
      char name[128];
      snprintf (name, sizeof name, "both: '%s' right (aspell alone: wrong)",
		hunspell_only[i]);
      UNIT_CHECK (name, check (both, hunspell_only[i])
			&& !check (asp, hunspell_only[i]));
    }
  UNIT_CHECK ("both: real typos still wrong",
	      !check (both, "recieve") && !check (both, "seperate")
	      && !check (both, "lenght") && !check (both, "errror")
	      && !check (both, "ummapping"));

  /* Suggestions come from aspell alone: the same list, one call.  */
  unsigned long before = enchant_suggests;
  size_t n1, n2;
  const char *const *s1 = ls_speller_suggest (both, "readng", 6, &n1);
  UNIT_CHECK ("both: one enchant call for suggestions",
	      enchant_suggests - before == 1);
  const char *const *s2 = ls_speller_suggest (asp, "readng", 6, &n2);
  bool same = n1 == n2 && n1 > 0;
  for (size_t i = 0; same && i < n1; i++)
    same = strcmp (s1[i], s2[i]) == 0;
  UNIT_CHECK ("both: suggestions are aspell's", same);
  ls_speller_free (asp);
  ls_speller_free (both);

  ls_speller *hun = new_speller ("en_US", "hunspell");
  UNIT_CHECK ("both: provider=hunspell opens hunspell only",
	      check (hun, "latencies") && !check (hun, "aardvarked"));
  ls_speller_free (hun);
}

/* Every distinct word reaches each dictionary at most once, whatever
   the rules ask.  */

static void
test_both_cache (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  static const char *const words[] = {
    "hello", "teh", "Teh", "TEH", "recieve", "Recieve", "lefthand",
    "Lefthand", "untill", "intohistory", "ofthe", "unstage", "Unstage",
    "preallocated", "pushback", "qzxqzxqzx", "shotcut", "latencies",
  };
  recording = true;
  for (int round = 0; round < 2; round++)
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
      {
	size_t n = strlen (words[i]);
	ls_speller_check (sp, words[i], n);
	ls_speller_missing_space (sp, words[i], n);
	ls_speller_near_common (sp, words[i], n);
      }
  UNIT_CHECK ("both cache: words were asked about", n_asked > 0);
  UNIT_CHECK ("both cache: no (dictionary, word) pair asked twice",
	      asked_twice == 0);
  stop_recording ();
  UNIT_CHECK ("both cache: distinct words counted once each",
	      ls_speller_distinct_words (sp) == sizeof words / sizeof *words);
  ls_speller_free (sp);
}

static void
test_common_words (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  UNIT_CHECK ("common: until, the, history, receive",
	      ls_speller_is_common (sp, "until", 5)
	      && ls_speller_is_common (sp, "the", 3)
	      && ls_speller_is_common (sp, "history", 7)
	      && ls_speller_is_common (sp, "receive", 7));
  UNIT_CHECK ("common: any case",
	      ls_speller_is_common (sp, "Until", 5)
	      && ls_speller_is_common (sp, "HISTORY", 7));
  static const char *const not_common[] = {
    "termcap", "pushback", "readlink", "cutbuffer", "Allegretta",
    "Schulenberg", "untill", "recieve", "",
  };
  bool none = true;
  for (size_t i = 0; i < sizeof not_common / sizeof *not_common; i++)
    if (ls_speller_is_common (sp, not_common[i], strlen (not_common[i])))
      {
	fprintf (stderr, "  common: %s\n", not_common[i]);
	none = false;
      }
  UNIT_CHECK ("common: jargon, names and typos are not", none);

  UNIT_CHECK ("near common: untill (until), recieve (receive), "
	      "Seperate (separate), teh (the)",
	      ls_speller_near_common (sp, "untill", 6)
	      && ls_speller_near_common (sp, "recieve", 7)
	      && ls_speller_near_common (sp, "Seperate", 8)
	      && ls_speller_near_common (sp, "teh", 3));
  UNIT_CHECK ("near common: each kind of edit",
	      ls_speller_near_common (sp, "histry", 6)	/* Deletion.  */
	      && ls_speller_near_common (sp, "historry", 8)	/* Insertion.  */
	      && ls_speller_near_common (sp, "hostory", 7)	/* Substitution.  */
	      && ls_speller_near_common (sp, "hsitory", 7));	/* Swap.  */
  UNIT_CHECK ("near common: two edits away is not",
	      !ls_speller_near_common (sp, "hstoyr", 6));
  UNIT_CHECK ("near common: jargon and names are not",
	      !ls_speller_near_common (sp, "termcap", 7)
	      && !ls_speller_near_common (sp, "pushback", 8)
	      && !ls_speller_near_common (sp, "Allegretta", 10)
	      && !ls_speller_near_common (sp, "unstage", 7));
  UNIT_CHECK ("near common: odd input is not",
	      !ls_speller_near_common (sp, "", 0)
	      && !ls_speller_near_common (sp, "unti\xFF", 5)
	      && !ls_speller_is_common (sp, "unti\xFF", 5));
  ls_speller_free (sp);

  char *err = NULL;
  sp = ls_speller_new_with_common_words ("en_US", NULL,
					 "/nonexistent/common-words", &err);
  UNIT_CHECK ("common: a missing list fails", sp == NULL);
  UNIT_CHECK ("common: the message names the file and the package",
	      contains (err, "/nonexistent/common-words")
	      && contains (err, "wamerican-small")
	      && contains (err, strerror (ENOENT)));
  fprintf (stderr, "  (message: %s)\n", err ? err : "");
  free (err);

  static const char list[] = "Frobword\nuntil\n\n";
  const char *path = write_file ("common.txt", list, sizeof list - 1);
  sp = ls_speller_new_with_common_words ("en_US", NULL, path, &err);
  UNIT_CHECK ("common: another list can be given",
	      sp && ls_speller_is_common (sp, "frobword", 8)
	      && ls_speller_is_common (sp, "FROBWORD", 8)
	      && !ls_speller_is_common (sp, "the", 3));
  ls_speller_free (sp);
}

/* The prefix rule never accepts a typo of a common word.  */

static void
test_prefix_rule (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  UNIT_CHECK ("prefix: 'untill' (un + till, one edit from until) wrong",
	      !check (sp, "untill") && !check (sp, "Untill"));
  UNIT_CHECK ("prefix: 'dissable' (dis + sable, one edit from disable) "
	      "wrong", !check (sp, "dissable"));
  static const char *const prefixed[] = {
    "unstage", "reencode", "subproject", "nonexistent", "preallocated",
    "multiline", "Unstaged", "dequote", "superprefix",
  };
  check_all_right (sp, "prefix", prefixed, sizeof prefixed / sizeof *prefixed);
  UNIT_CHECK ("prefix: a typo of the rest is still wrong",
	      !check (sp, "recieve") && !check (sp, "overriden"));
  ls_speller_free (sp);
}

static void
test_compounds (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  static const char *const compounds[] = {
    "lefthand", "righthand", "pushback", "readlink", "cutbuffer",
    "Pushback", "hashmap", "typename",
  };
  check_all_right (sp, "compound", compounds, sizeof compounds / sizeof *compounds);
  UNIT_CHECK ("compound: a function word makes no compound",
	      !check (sp, "intohistory") && !check (sp, "withthe")
	      && !check (sp, "notfound"));
  UNIT_CHECK ("compound: a typo of a suggestion is no compound "
	      "(shotcut: shortcut; downlad: download)",
	      !check (sp, "shotcut") && !check (sp, "downlad"));
  UNIT_CHECK ("compound: a typo of a common word is no compound "
	      "(untill)", !check (sp, "untill"));
  UNIT_CHECK ("compound: a suffix makes no compound (applyable)",
	      !check (sp, "applyable") && !check (sp, "documention"));
  UNIT_CHECK ("compound: short parts make no compound (algohm: alg + ohm)",
	      !check (sp, "algohm"));

  static const struct
  {
    const char *word;
    size_t at;
  } spaces[] = {
    { "intohistory", 4 }, { "ofthe", 2 }, { "tothe", 2 }, { "withthe", 4 },
    { "inthe", 2 }, { "Intohistory", 4 }, { "notfound", 3 },
    { "forthe", 3 }, { "lefthand", 0 }, { "history", 0 }, { "recieve", 0 },
    { "until", 0 }, { "login", 0 }, { "setup", 0 }, { "ab", 0 },
    { "", 0 },
  };
  for (size_t i = 0; i < sizeof spaces / sizeof *spaces; i++)
    {
      char name[128];
      size_t at = ls_speller_missing_space (sp, spaces[i].word,
					    strlen (spaces[i].word));
      snprintf (name, sizeof name, "missing space: '%s' at %zu (got %zu)",
		spaces[i].word, spaces[i].at, at);
      UNIT_CHECK (name, at == spaces[i].at);
    }
  ls_speller_free (sp);
}

/* The regular 's' forms of a dictionary word the dictionaries lack
   are right, but not a slip that is one edit from another common word,
   nor a form of a function word or of a short stem.  */
static void
test_dictionary_forms (void)
{
  ls_speller *sp = new_speller ("en_US", NULL);
  static const char *const forms[] = {
    "redirections", "Redirections", "severities",
  };
  check_all_right (sp, "form", forms, sizeof forms / sizeof *forms);
  UNIT_CHECK ("form: a slip for a common word is no form (fileds, warings)",
	      !check (sp, "fileds") && !check (sp, "warings"));
  UNIT_CHECK ("form: no form of a function word (theres, untils)",
	      !check (sp, "theres") && !check (sp, "untils"));
  UNIT_CHECK ("form: no form of an inflected word (faileds, missings)",
	      !check (sp, "faileds") && !check (sp, "missings"));
  UNIT_CHECK ("form: only regular endings (severitys, redirectiones)",
	      !check (sp, "severitys") && !check (sp, "redirectiones"));
  ls_speller_free (sp);
}

/* A sample of codespell's misspellings that both dictionaries reject:
   the prefix and compound rules must accept almost none.  */

static void
test_codespell_sample (void)
{
  const char *path
    = "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt";
  FILE *f = fopen (path, "r");
  UNIT_CHECK ("sample: codespell's list is installed", f != NULL);
  if (!f)
    return;
  ls_speller *sp = new_speller ("en_US", NULL);
  /* The dictionaries alone, without our rules, from enchant directly
     (kept out of $HOME the way the speller does it).  */
  setenv ("ENCHANT_CONFIG_DIR", "/dev/null", 1);
  EnchantBroker *b_asp = enchant_broker_init ();
  EnchantBroker *b_hun = enchant_broker_init ();
  enchant_broker_set_ordering (b_asp, "en_US", "aspell");
  enchant_broker_set_ordering (b_hun, "en_US", "hunspell");
  EnchantDict *asp = enchant_broker_request_dict (b_asp, "en_US");
  EnchantDict *hun = enchant_broker_request_dict (b_hun, "en_US");
  unsetenv ("ENCHANT_CONFIG_DIR");
  char line[512];
  size_t n_entries = 0, n_sample = 0, n_accepted = 0, n_spaced = 0;
  while (asp && hun && fgets (line, sizeof line, f))
    {
      char *arrow = strstr (line, "->");
      if (!arrow)
	continue;
      size_t n = (size_t) (arrow - line);
      if (n < 3 || strspn (line, "abcdefghijklmnopqrstuvwxyz") != n)
	continue;
      /* Every 100th entry: some 360 words from the whole alphabet.  */
      if (n_entries++ % 100 != 0
	  || enchant_dict_check (asp, line, (ssize_t) n) == 0
	  || enchant_dict_check (hun, line, (ssize_t) n) == 0)
	continue;
      n_sample++;
      if (ls_speller_check (sp, line, n))
	{
	  n_accepted++;
	  fprintf (stderr, "  sample: a rule accepts %.*s\n", (int) n, line);
	}
      if (ls_speller_missing_space (sp, line, n))
	n_spaced++;
    }
  if (asp)
    enchant_broker_free_dict (b_asp, asp);
  if (hun)
    enchant_broker_free_dict (b_hun, hun);
  enchant_broker_free (b_asp);
  enchant_broker_free (b_hun);
  fclose (f);
  fprintf (stderr, "  sample: %zu of codespell's misspellings that both "
	   "dictionaries reject; the rules accept %zu; %zu read as a missing "
	   "space\n", n_sample, n_accepted, n_spaced);
  UNIT_CHECK ("sample: some 360 misspellings", n_sample > 300);
  /* Measured on the whole list: 0.8 % (prefix and compound rules).  */
  UNIT_CHECK ("sample: the rules accept at most 1.5 %",
	      n_accepted * 1000 <= n_sample * 15);
  ls_speller_free (sp);
}

/* Not a pass/fail test: how fast checks are, printed to stderr.  */

static void
report_timing (void)
{
  /* NULL: the default, aspell's dictionary and hunspell's.  The
     words are made up, so every one is rejected by aspell and asked
     of hunspell too, then goes through the prefix and compound rules:
     the worst case.  */
  static const char *const providers[] = { "aspell", "hunspell", NULL };
  for (int p = 0; p < 3; p++)
    {
      double t_new = now ();
      ls_speller *sp = new_speller ("en_US", providers[p]);
      char word[32];
      enum { N = 20000 };
      double t0 = now ();
      t_new = t0 - t_new;
      for (int i = 0; i < N; i++)
	{
	  snprintf (word, sizeof word, "%cword%c%c", 'a' + i % 26,
		    'a' + (i / 26) % 26, 'a' + (i / 676) % 26);
	  check (sp, word);
	}
      double t1 = now ();
      for (int r = 0; r < 10; r++)
	for (int i = 0; i < N; i++)
	  {
	    snprintf (word, sizeof word, "%cword%c%c", 'a' + i % 26,
		      'a' + (i / 26) % 26, 'a' + (i / 676) % 26);
	    check (sp, word);
	  }
      double t2 = now ();
      for (int r = 0; r < 10; r++)
	for (int i = 0; i < N; i++)
	  snprintf (word, sizeof word, "%cword%c%c", 'a' + i % 26,
		    'a' + (i / 26) % 26, 'a' + (i / 676) % 26);
      double t3 = now ();
      ls_speller_suggest (sp, "recieve", 7, NULL);
      double t4 = now ();
      fprintf (stderr, "  timing (%s): new %.1f ms, uncached %.2f us/word, "
	       "cached %.0f ns/word (%zu distinct), one suggestion list "
	       "%.2f ms\n", providers[p] ? providers[p] : "aspell+hunspell",
	       t_new * 1e3, (t1 - t0) / N * 1e6,
	       ((t2 - t1) - (t3 - t2)) / (10.0 * N) * 1e9,
	       ls_speller_distinct_words (sp), (t4 - t3) * 1e3);
      ls_speller_free (sp);
    }
}

/* Run last: nothing may have appeared in the temporary $HOME.  */

static void
test_home_untouched (void)
{
  int n = count_entries (temp_home);
  UNIT_CHECK ("home: nothing created under $HOME", n == 0);
  if (n != 0)
    fprintf (stderr, "  %s has %d entries\n", temp_home, n);
}

static void
remove_temp_files (void)
{
  static const char *const names[] = { "words.txt", "two.txt", "junk.bin",
				       "latin1.txt", "empty.txt",
				       "common.txt" };
  char path[2048];
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    {
      snprintf (path, sizeof path, "%s/%s", temp_dir, names[i]);
      unlink (path);
    }
  rmdir (temp_dir);
  rmdir (temp_home);
}

int
main (void)
{
  /* Whole lines, so that our notes on stderr cannot split a PASS line
     when both go to the same log.  */
  setvbuf (stdout, NULL, _IOLBF, 0);

  const char *tmp = getenv ("TMPDIR");
  if (!tmp || !*tmp)
    tmp = "/tmp";
  snprintf (temp_home, sizeof temp_home, "%s/ltospell-test-home-XXXXXX", tmp);
  snprintf (temp_dir, sizeof temp_dir, "%s/ltospell-test-files-XXXXXX", tmp);
  if (!mkdtemp (temp_home) || !mkdtemp (temp_dir))
    {
      perror ("mkdtemp");
      return 2;
    }
  setenv ("HOME", temp_home, 1);
  if (chdir (temp_home) != 0)
    {
      perror (temp_home);
      return 2;
    }
  unsetenv ("XDG_CONFIG_HOME");
  unsetenv ("ENCHANT_CONFIG_DIR");

  test_default_en_us ();
  test_cache ();
  test_case_fallback ();
  test_odd_words ();
  test_word_lists ();
  test_word_list_errors ();
  test_languages ();
  test_providers ();
  test_environment ();
  test_both_dictionaries ();
  test_both_cache ();
  test_common_words ();
  test_prefix_rule ();
  test_compounds ();
  test_dictionary_forms ();
  test_codespell_sample ();
  report_timing ();
  test_home_untouched ();

  remove_temp_files ();
  return unit_done ("test_speller");
}
