/* test_text.c: unit tests for the base layer's text helpers (text.c).  */

#include "text.h"
#include "unit.h"

#include <stdlib.h>

static void
expect_case (const char *name, const char *fix, const char *word,
	     const char *want)
{
  char *got = ls_in_case_of (fix, word, strlen (word));
  UNIT_STREQ (name, got, want);
  free (got);
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
  return unit_done ("test_text");
}
