/* test_text.c: unit tests for the base layer's text helpers (text.c).  */

#include "text.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
expect_case (const char *name, const char *fix, const char *word,
	     const char *want)
{
  char *got = ls_in_case_of (fix, word, strlen (word));
  UNIT_STREQ (name, got, want);
  free (got);
}

/* The snippet of S around the first WORD in it, as a string.  */
static void
expect_snippet (const char *name, const char *s, size_t len,
		const char *word, size_t max_chars, const char *want)
{
  const char *at = word ? strstr (s, word) : NULL;
  size_t offset = at ? (size_t) (at - s) : 0;
  size_t start, end;
  ls_snippet_bounds (s, len, offset, at ? strlen (word) : 0, max_chars,
		     &start, &end);
  char got[256];
  snprintf (got, sizeof got, "%.*s", (int) (end - start), s + start);
  UNIT_STREQ (name, got, want);
}

static void
test_snippets (void)
{
  const char *s = "one two three four five six seven eight nine ten";
  expect_snippet ("snippet: a short string is whole", s, strlen (s),
		  "five", 100, s);
  expect_snippet ("snippet: cut at spaces on both sides", s, strlen (s),
		  "five", 20, "four five six");
  expect_snippet ("snippet: a word at the start takes all context after",
		  s, strlen (s), "one", 20, "one two three four");
  expect_snippet ("snippet: a word at the end takes all context before",
		  s, strlen (s), "ten", 20, "seven eight nine ten");
  expect_snippet ("snippet: no word shows the start", s, strlen (s), NULL,
		  12, "one two");
  const char *run = "abcdefghijklmnopqrstuvwxyz";
  expect_snippet ("snippet: no space to cut at cuts inside the word", run,
		  strlen (run), "mno", 9, "jklmnopqr");
  expect_snippet ("snippet: a word wider than the snippet is whole", s,
		  strlen (s), "three", 3, "three");
  /* "é" is two bytes and one character: the cut never splits it.  */
  const char *accents = "\xc3\xa9\xc3\xa9\xc3\xa9typo\xc3\xa9\xc3\xa9\xc3\xa9";
  expect_snippet ("snippet: UTF-8 counts characters, cuts between them",
		  accents, strlen (accents), "typo", 8,
		  "\xc3\xa9\xc3\xa9typo\xc3\xa9\xc3\xa9");
  const char *spaced = "\xc3\xa9\xc3\xa9\xc3\xa9 typo \xc3\xa9\xc3\xa9\xc3\xa9";
  expect_snippet ("snippet: a cut word is left out when there is a space",
		  spaced, strlen (spaced), "typo", 8, "typo");
  /* "\x01" shows as four characters: the snippet counts them and
     never cuts inside the escape.  */
  const char *ctl = "\x01\x01\x01typo\x01\x01\x01";
  expect_snippet ("snippet: escapes count their width, stay whole", ctl,
		  strlen (ctl), "typo", 13, "\x01typo\x01");
  const char *bad = "\xff\xfftypo";
  expect_snippet ("snippet: invalid bytes are \\xNN wide", bad, strlen (bad),
		  "typo", 9, "\xfftypo");
  size_t start, end;
  ls_snippet_bounds ("", 0, 0, 0, 10, &start, &end);
  UNIT_CHECK ("snippet: empty string", start == 0 && end == 0);
  ls_snippet_bounds (s, strlen (s), 500, 3, 10, &start, &end);
  UNIT_CHECK ("snippet: an offset past the end anchors at the end",
	      end == strlen (s) && start > 0 && start <= end);
  /* A run of spaces longer than the snippet at its anchor: the spaces
     are what the snippet shows, not nothing.  */
  char spaces[40];
  memset (spaces, ' ', 30);
  strcpy (spaces + 30, "Usage");
  ls_snippet_bounds (spaces, strlen (spaces), 0, 0, 10, &start, &end);
  UNIT_CHECK ("snippet: spaces at the anchor are not cut to nothing",
	      start == 0 && end == 10);
  ls_snippet_bounds (spaces, strlen (spaces), strlen (spaces), 0, 10,
		     &start, &end);
  UNIT_CHECK ("snippet: an anchor at the end keeps its side's words",
	      end == strlen (spaces) && start == 30);
  /* A word ending inside "é" ends after it.  */
  ls_snippet_bounds (accents, strlen (accents), 6, 5, 6, &start, &end);
  UNIT_CHECK ("snippet: a word's end inside a character moves past it",
	      start == 6 && end >= 12 && (end - 10) % 2 == 0);
  char *shown = ls_display_text ("a\n\x01\xff\"\\\0b", 8);
  UNIT_STREQ ("display: escapes", shown, "a\\n\\x01\\xff\\\"\\\\\\0b");
  free (shown);
  /* U+202E (right-to-left override) would show the rest backwards; C1
     U+0085 and U+2028 break lines; "é" stays.  */
  shown = ls_display_text ("ok \xe2\x80\xae" "cba \xc2\x85\xe2\x80\xa8\xc3\xa9",
			   17);
  UNIT_STREQ ("display: hidden and bidirectional controls", shown,
	      "ok \\u202ecba \\u0085\\u2028\xc3\xa9");
  free (shown);
}

/* IS_STEM for ls_s_form_of: records the stems asked, and accepts the
   one named in DATA's WANT.  */
struct stems_asked
{
  const char *want;
  char asked[128];
};

static bool
record_stem (const char *stem, size_t len, void *data)
{
  struct stems_asked *a = data;
  size_t used = strlen (a->asked);
  snprintf (a->asked + used, sizeof a->asked - used, "%s%.*s",
	    used ? " " : "", (int) len, stem);
  return strlen (a->want) == len && memcmp (a->want, stem, len) == 0;
}

/* The stems ls_s_form_of asks about WORD (minimum stems 3 and 4), in
   order, and whether it found WANT among them.  */
static void
expect_stems (const char *name, const char *word, const char *want,
	      const char *asked, bool found)
{
  struct stems_asked a = { want, "" };
  bool got = ls_s_form_of (word, strlen (word), 3, 4, record_stem, &a);
  UNIT_STREQ (name, a.asked, asked);
  UNIT_CHECK (name, got == found);
}

static void
test_s_forms (void)
{
  expect_stems ("s form: plural", "basenames", "basename", "basename", true);
  expect_stems ("s form: es after a sibilant", "mutexes", "mutex",
		"mutexe mutex", true);
  expect_stems ("s form: no s after a sibilant", "mutexs", "mutex", "", false);
  expect_stems ("s form: ies for a consonant's y", "cookies", "cooky",
		"cookie cooky", true);
  expect_stems ("s form: ies keeps the case", "DIRECTORIES", "DIRECTORY",
		"DIRECTORIE DIRECTORY", true);
  expect_stems ("s form: no s after a consonant's y", "directorys",
		"directory", "", false);
  expect_stems ("s form: a vowel's y takes s", "keys", "key", "key", true);
  expect_stems ("s form: ss is no form", "process", "proces", "", false);
  expect_stems ("s form: short stems are not tried", "abs", "ab", "", false);
  expect_stems ("s form: nor short y stems", "spies", "spy", "spie", false);
  expect_stems ("s form: letters only", "file2s", "file2", "", false);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  expect_case ("case: lowercase stays", "receive", "recieve", "receive");
  expect_case ("case: Capitalized", "receive", "Recieve", "Receive");
  expect_case ("case: ALL CAPS", "receive", "RECIEVE", "RECEIVE");
  expect_case ("case: ALL CAPS with an apostrophe", "don't", "DONT'",
	       "DON'T");
  expect_case ("case: one capital letter is Capitalized", "a", "I", "A");
  expect_case ("case: mixed case is Capitalized by its first letter",
	       "colour", "CoLor", "Colour");
  expect_case ("case: mixed case not starting with a capital", "colour",
	       "cOLOR", "colour");
  expect_case ("case: non-ASCII letters unchanged", "caf\xc3\xa9", "CAFE",
	       "CAF\xc3\xa9");
  expect_case ("case: empty word", "word", "", "word");
  char buf[] = "can not";
  ls_copy_case (buf, 3, "Cannot", 1);
  UNIT_STREQ ("case: in place, the first FIX_LEN bytes", buf, "Can not");
  UNIT_CHECK ("case: ASCII lower and upper",
	      ls_ascii_lower ('Q') == 'q' && ls_ascii_upper ('q') == 'Q'
	      && ls_ascii_lower ('1') == '1' && ls_ascii_upper ('\xc3') == '\xc3');
  test_snippets ();
  test_s_forms ();
  return unit_done ("test_text");
}
