/* test_classify.c: unit tests for what part of a string is prose
   (classify.c).  */

#include "classify.h"
#include "unit.h"

static bool
prose (const char *text)
{
  return ls_segment_is_prose (text, 0, strlen (text));
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  const char *one = "  unbuffered  ";
  UNIT_CHECK ("tokens: one token is not several",
	      !ls_segment_has_several_tokens (one, 0, strlen (one)));
  const char *two = "cannot open";
  UNIT_CHECK ("tokens: two", ls_segment_has_several_tokens (two, 0, 11));
  UNIT_CHECK ("tokens: only within [START, END)",
	      !ls_segment_has_several_tokens (two, 0, 6));

  const char *script = "import os\n"
		       "def main():\n"
		       "    print(os.getcwd())\n"
		       "    return 0\n";
  UNIT_CHECK ("source: a Python script",
	      ls_segment_is_program_source (script, 0, strlen (script)));
  UNIT_CHECK ("source: a script is not prose", !prose (script));
  const char *usage = "Usage: prog [options]\n"
		      "  -h  show this help\n"
		      "  -v  print the version\n"
		      "  -q  be quiet\n";
  UNIT_CHECK ("source: a usage text is not source",
	      !ls_segment_is_program_source (usage, 0, strlen (usage)));
  UNIT_CHECK ("source: a usage text is prose", prose (usage));

  const char *insert = "INSERT INTO t(nlen) VALUES(1)";
  UNIT_CHECK ("sql: a statement", ls_segment_is_sql (insert, 0,
						     strlen (insert)));
  UNIT_CHECK ("sql: a statement is not prose", !prose (insert));
  const char *msg = "SELECTs to the left of %s";
  UNIT_CHECK ("sql: a message naming one keyword stays prose",
	      !ls_segment_is_sql (msg, 0, strlen (msg)) && prose (msg));
  const char *clause = "a DISTINCT b ON c";
  UNIT_CHECK ("sql: keywords of 8 and 2 capitals count",
	      ls_segment_is_sql (clause, 0, strlen (clause)));
  const char *lower = "a distinct b on c";
  UNIT_CHECK ("sql: keywords are capitals",
	      !ls_segment_is_sql (lower, 0, strlen (lower)));
  /* Four capitals found wherever they fall in the eight-byte words
     they are counted in, after the bytes next to 'A' and 'Z' and those
     with the high bit set.  This catches capitals missed: too few can
     change an answer.  A high byte counted as a capital (its low seven
     bits may be one) would only cost the reading of the words, which
     no answer shows; the high bytes here show only that they hide no
     capital after them.  No keyword needs a 'Z'.  */
  static const char neighbours[] = "@[`{\xC1\xDA\x80\xFF\xC0\xDB";
  int missed = 0;
  for (size_t pad = 0; pad < 18; pad++)
    {
      char text[64];
      for (size_t i = 0; i < pad; i++)
	text[i] = neighbours[i % (sizeof neighbours - 1)];
      strcpy (text + pad, "AS BY");	/* Four capitals, 'A' one.  */
      missed += !ls_segment_is_sql (text, 0, strlen (text));
      memcpy (text, "\xC9\xCE\xCF\xCE", pad < 4 ? pad : 4);
      missed += !ls_segment_is_sql (text, 0, strlen (text));
    }
  UNIT_CHECK ("sql: four capitals counted at every place of a word",
	      missed == 0);
  return unit_done ("test_classify");
}
