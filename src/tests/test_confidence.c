/* test_confidence.c: unit tests for confidence.c, the edit distance
   and the confidence of findings, with the real enchant's suggestions
   and the real list of common words (wamerican-small).  */

#include "confidence.h"
#include "speller.h"
#include "unit.h"

#include <stdlib.h>
#include <unistd.h>

static unsigned
distance (const char *a, const char *b)
{
  return ls_edit_distance (a, strlen (a), b, strlen (b));
}

static void
test_distance (void)
{
  UNIT_CHECK ("distance: equal words are 0 apart",
	      distance ("receive", "receive") == 0);
  UNIT_CHECK ("distance: a swap of neighbours is one edit",
	      distance ("recieve", "receive") == 1
	      && distance ("teh", "the") == 1);
  UNIT_CHECK ("distance: a deletion, an insertion, a substitution",
	      distance ("errror", "error") == 1
	      && distance ("untill", "until") == 1
	      && distance ("seperate", "separate") == 1);
  UNIT_CHECK ("distance: the textbook pair", distance ("kitten", "sitting")
	      == 3);
  UNIT_CHECK ("distance: optimal string alignment, not full Damerau "
	      "(ca -> abc is 3)", distance ("ca", "abc") == 3);
  UNIT_CHECK ("distance: to and from nothing",
	      distance ("", "abc") == 3 && distance ("abc", "") == 3
	      && distance ("", "") == 0);
  UNIT_CHECK ("distance: symmetric",
	      distance ("ummapping", "mapping") == 2
	      && distance ("mapping", "ummapping") == 2);
  UNIT_CHECK ("distance: case is ignored",
	      distance ("Recieve", "RECEIVE") == 1
	      && distance ("HELLO", "hello") == 0);
  UNIT_CHECK ("distance: code points, not bytes (café, cafe)",
	      distance ("caf\xC3\xA9", "cafe") == 1);
  UNIT_CHECK ("distance: non-ASCII case is ignored (\xC5\x92uvre)",
	      distance ("\xC5\x92uvre", "\xC5\x93uvre") == 0);
  UNIT_CHECK ("distance: an invalid byte is one character",
	      distance ("ab\xFF", "ab") == 1
	      && distance ("a\xFF" "b", "a\xFE" "b") == 1);
  char long_a[1000], long_b[1000];
  memset (long_a, 'a', sizeof long_a);
  memset (long_b, 'a', sizeof long_b);
  long_b[0] = 'b';
  UNIT_CHECK ("distance: a very long word is compared on its start",
	      ls_edit_distance (long_a, sizeof long_a, long_b, sizeof long_b)
	      == 1);
}

static void
test_splits (void)
{
  UNIT_CHECK ("splits: a space or a hyphen put in",
	      ls_splits_word ("termcap", 7, "term cap")
	      && ls_splits_word ("termcap", 7, "term-cap")
	      && ls_splits_word ("termcap", 7, "Term Cap"));
  UNIT_CHECK ("splits: not the word itself, nor another word",
	      !ls_splits_word ("termcap", 7, "termcap")
	      && !ls_splits_word ("termcap", 7, "terms cap")
	      && !ls_splits_word ("termcap", 7, "term ca")
	      && !ls_splits_word ("termcap", 7, "toecap"));
}

static bool
common (void *data, const char *word, size_t len)
{
  return ls_speller_is_common (data, word, len);
}

struct expect
{
  const char *word;
  enum ls_confidence level;
  const char *suggestion;	/* The one used, or NULL.  */
};

static void
check_levels (ls_speller *sp, const struct expect *cases, size_t n_cases,
	      const char *what)
{
  for (size_t i = 0; i < n_cases; i++)
    {
      const char *w = cases[i].word;
      size_t n, used;
      const char *const *s = ls_speller_suggest (sp, w, strlen (w), &n);
      enum ls_confidence c = ls_confidence_of (w, strlen (w), s, n, common,
					       sp, &used);
      char name[200];
      snprintf (name, sizeof name, "confidence: %s '%s' is %s (got %s, "
		"from '%s')", what, w, ls_confidence_name (cases[i].level),
		ls_confidence_name (c), used < n ? s[used] : "none");
      UNIT_CHECK (name, c == cases[i].level
			&& (!cases[i].suggestion
			    || (used < n
				&& strcmp (s[used], cases[i].suggestion) == 0)));
    }
}

static void
test_confidence (void)
{
  char *err = NULL;
  ls_speller *sp = ls_speller_new ("en_US", NULL, &err);
  UNIT_CHECK ("confidence: speller opens", sp != NULL);
  if (!sp)
    {
      fprintf (stderr, "%s\n", err ? err : "");
      free (err);
      return;
    }
  /* Typos that real projects fixed.  */
  static const struct expect typos[] = {
    { "recieve", LS_CONFIDENCE_HIGH, "receive" },
    { "seperate", LS_CONFIDENCE_HIGH, "separate" },
    { "lenght", LS_CONFIDENCE_HIGH, "length" },
    { "untill", LS_CONFIDENCE_HIGH, "until" },
    { "errror", LS_CONFIDENCE_HIGH, "error" },
    { "occured", LS_CONFIDENCE_HIGH, "occurred" },
    { "Recieve", LS_CONFIDENCE_HIGH, "Receive" },
    { "ummapping", LS_CONFIDENCE_MEDIUM, "mapping" },
  };
  check_levels (sp, typos, sizeof typos / sizeof *typos, "typo");
  /* Names from credits and jargon programs use.  */
  static const struct expect others[] = {
    { "Schulenberg", LS_CONFIDENCE_LOW, NULL },
    { "Mallach", LS_CONFIDENCE_LOW, NULL },
    { "Konstantin", LS_CONFIDENCE_LOW, NULL },
    { "termcap", LS_CONFIDENCE_LOW, NULL },
    { "pushback", LS_CONFIDENCE_LOW, NULL },
    { "cutbuffer", LS_CONFIDENCE_LOW, NULL },
    { "screenful", LS_CONFIDENCE_LOW, NULL },
  };
  check_levels (sp, others, sizeof others / sizeof *others, "name or jargon");
  /* Not every name is far from a word: "Allegretta" is one letter
     from "Allegretto", a rare word.  Medium, not high.  */
  static const struct expect near_name[] = {
    { "Allegretta", LS_CONFIDENCE_MEDIUM, "Allegretto" },
  };
  check_levels (sp, near_name, 1, "name");

  size_t used = 99;
  UNIT_CHECK ("confidence: no suggestion is low",
	      ls_confidence_of ("zzqx", 4, NULL, 0, common, sp, &used)
	      == LS_CONFIDENCE_LOW && used == 0);
  static const char *const only_split[] = { "into history", "into-history" };
  UNIT_CHECK ("confidence: a suggestion that only splits the word is not "
	      "used", ls_confidence_of ("intohistory", 11, only_split, 2,
					common, sp, &used)
		      == LS_CONFIDENCE_LOW && used == 2);
  static const char *const ties[] = { "farm", "form", "from" };
  UNIT_CHECK ("confidence: ties go to the earlier suggestion",
	      ls_confidence_of ("fxrm", 4, ties, 3, common, sp, &used)
	      == LS_CONFIDENCE_HIGH && used == 0);
  static const char *const closest[] = { "frame", "forum", "form" };
  UNIT_CHECK ("confidence: the closest suggestion wins over the first",
	      ls_confidence_of ("fomr", 4, closest, 3, common, sp, &used)
	      == LS_CONFIDENCE_HIGH && used == 2);
  UNIT_CHECK ("confidence: without a common-word test, one edit is medium",
	      ls_confidence_of ("fomr", 4, closest, 3, NULL, NULL, &used)
	      == LS_CONFIDENCE_MEDIUM && used == 2);
  static const char *const rare_two[] = { "zymurgy" };
  UNIT_CHECK ("confidence: two edits from a rare word is low",
	      ls_confidence_of ("zymurxx", 7, rare_two, 1, common, sp, NULL)
	      == LS_CONFIDENCE_LOW);
  static const char *const common_two[] = { "history" };
  UNIT_CHECK ("confidence: two edits from a common word is medium",
	      ls_confidence_of ("histroyy", 8, common_two, 1, common, sp, NULL)
	      == LS_CONFIDENCE_MEDIUM);
  UNIT_CHECK ("confidence: two edits in a word of fewer than 7 letters "
	      "is low", ls_confidence_of ("hstry", 5, common_two, 1, common, sp,
					 NULL) == LS_CONFIDENCE_LOW);
  UNIT_CHECK ("confidence: ...of 7 letters, medium",
	      ls_confidence_of ("hstoryy", 7, common_two, 1, common, sp, NULL)
	      == LS_CONFIDENCE_MEDIUM);
  static const char *const short_one[] = { "the" };
  UNIT_CHECK ("confidence: one edit in a short word is still high",
	      ls_confidence_of ("teh", 3, short_one, 1, common, sp, NULL)
	      == LS_CONFIDENCE_HIGH);
  UNIT_STREQ ("confidence: names", ls_confidence_name (LS_CONFIDENCE_HIGH),
	      "high");
  ls_speller_free (sp);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  test_distance ();
  test_splits ();
  test_confidence ();
  return unit_done ("test_confidence");
}
