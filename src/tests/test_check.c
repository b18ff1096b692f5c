/* test_check.c: unit tests for the findings model (check.c).

   A small program is built with the real string table and checked
   with a real speller (enchant, en_US).  The misspellings are made-up
   words no English dictionary has ("brwon", "zxqvbrt", "mesage"...),
   and the words around them are common ones.  HOME is a fresh
   temporary directory so that enchant never writes into the user's.  */

#include "check.h"
#include "findings.h"
#include "speller.h"
#include "strtab.h"
#include "unit.h"

#include <stdlib.h>
#include <unistd.h>

static char temp_home[256];

static ls_speller *
new_speller (void)
{
  char *err = NULL;
  ls_speller *sp = ls_speller_new ("en_US", NULL, &err);
  if (!sp)
    {
      fprintf (stderr, "cannot open en_US: %s\n", err ? err : "?");
      exit (2);
    }
  return sp;
}

static struct ls_site
site_at (const char *file, unsigned line)
{
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = file;
  s.line = line;
  s.column = 1;
  s.unit = file;
  s.function = "main";
  return s;
}

static void
add (ls_program *p, const char *text, const char *file, unsigned line)
{
  struct ls_site s = site_at (file, line);
  ls_program_add_use (p, text, strlen (text) + 1, 1, false, &s);
}

/* The findings as "word@offset#string-index" joined by spaces, to
   compare the whole list at once.  */
static const char *
describe (const ls_program *p, const ls_findings *f)
{
  static char buf[900];
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < f->n; i++)
    {
      size_t index = 0;
      while (index < ls_program_n_strings (p)
	     && ls_program_string (p, index) != f->items[i].str)
	index++;
      used += snprintf (buf + used, sizeof buf - used, "%s%s@%zu#%zu",
			i ? " " : "", f->items[i].word, f->items[i].offset,
			index);
      if (used >= sizeof buf)
	break;
    }
  return buf;
}

/* ------------------------------------------------------------------ */

static void
test_empty_program (void)
{
  ls_program *p = ls_program_new ();
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  memset (&f, 0xa5, sizeof f);
  ls_check_program (p, sp, NULL, &f);
  UNIT_CHECK ("empty: no findings", f.n == 0);
  UNIT_CHECK ("empty: no words", f.words == 0 && f.distinct_words == 0);
  ls_findings_free (&f);
  UNIT_CHECK ("free leaves an empty list", f.n == 0 && f.items == NULL);
  ls_speller_free (sp);
  ls_program_free (p);
}

static void
test_clean_string (void)
{
  ls_program *p = ls_program_new ();
  add (p, "The quick brown fox jumps over the lazy dog", "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_CHECK ("clean: no findings", f.n == 0);
  UNIT_CHECK ("clean: nine word occurrences", f.words == 9);
  UNIT_CHECK ("clean: nine distinct words ('The' and 'the' are two "
	      "cache entries)", f.distinct_words == 9);
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

static void
test_one_finding (void)
{
  ls_program *p = ls_program_new ();
  add (p, "The quick brwon fox", "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_CHECK ("one: one finding", f.n == 1);
  UNIT_STREQ ("one: the word", f.n ? f.items[0].word : NULL, "brwon");
  UNIT_CHECK ("one: its byte offset", f.n && f.items[0].offset == 10);
  UNIT_CHECK ("one: points at the string",
	      f.n && f.items[0].str == ls_program_string (p, 0));
  UNIT_CHECK ("one: four words checked", f.words == 4);
  UNIT_CHECK ("one: four distinct words", f.distinct_words == 4);
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* The findings of a program of the one string TEXT (LEN bytes).  */
static size_t
findings_in (const char *text, size_t len)
{
  ls_program *p = ls_program_new ();
  struct ls_site s = site_at ("a.c", 1);
  ls_program_add_use (p, text, len, 1, false, &s);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  size_t n = f.n;
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
  return n;
}

/* Binary data is 32 characters or more, a quarter of them junk: the
   threshold exactly, with junk inside and across eight-byte words
   (printable ASCII is counted eight bytes at a time).  */
static void
test_binary_threshold (void)
{
  static const char at_threshold[]
    = "brwon brwon brwon brwon \x01\x02\x03\x04\x05\x06\x07\x08";
  static const char one_more[]
    = "brwon brwon brwon brwon x\x01\x02\x03\x04\x05\x06\x07\x08";
  static const char junk_inside[]
    = "brw\x01\x02\x03\x04\x05\x06\x07\x08on brwon brwon brwon.";
  static const char replacement[]
    = "brwon\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD brwon"
      "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD brwon brwon.";
  UNIT_CHECK ("binary: 24 letters and 8 control characters is a blob",
	      findings_in (at_threshold, sizeof at_threshold) == 0);
  UNIT_CHECK ("binary: one character more is text",
	      findings_in (one_more, sizeof one_more) == 1);
  UNIT_CHECK ("binary: control characters inside eight-byte words",
	      findings_in (junk_inside, sizeof junk_inside) == 0);
  UNIT_CHECK ("binary: U+FFFD across eight-byte words is junk",
	      findings_in (replacement, sizeof replacement) == 0);
  UNIT_CHECK ("binary: the same letters alone are text",
	      findings_in ("brwon brwon brwon brwon brwon brwon",
			   sizeof "brwon brwon brwon brwon brwon brwon") == 1);
}

/* A word misspelled three times in one string is one finding at its
   first occurrence; findings within a string follow the text.  */
static void
test_repeats_in_one_string (void)
{
  ls_program *p = ls_program_new ();
  add (p, "zxqvbrt and mesage then zxqvbrt and zxqvbrt", "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_STREQ ("repeat: one finding per word, at first offset, in text "
	      "order", describe (p, &f), "zxqvbrt@0#0 mesage@12#0");
  UNIT_CHECK ("repeat: every occurrence counted as a word", f.words == 7);
  UNIT_CHECK ("repeat: distinct words counted once",
	      f.distinct_words == 4);
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* Findings within a string are in offset order, not alphabetical.  */
static void
test_offset_order (void)
{
  ls_program *p = ls_program_new ();
  add (p, "zyxwvq then abcdeq then zyxwvq", "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_STREQ ("offset order: later word in the alphabet first",
	      describe (p, &f), "zyxwvq@0#0 abcdeq@12#0");
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* The same typo in two distinct strings is two findings; the same
   string used twice is one.  Findings follow the program's order.  */
static void
test_program_order (void)
{
  ls_program *p = ls_program_new ();
  add (p, "cannot open the mesage file", "z.c", 40);
  add (p, "mesage too long", "b.c", 7);
  add (p, "brwon fox", "m.c", 3);
  add (p, "mesage too long", "z.c", 1);	/* Same string, second use.  */
  add (p, "nothing wrong here", "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  /* Program order: a.c:1, b.c:7, m.c:3, z.c:40.  */
  UNIT_STREQ ("order: string order sanity",
	      ls_program_string (p, 1)->text, "mesage too long");
  UNIT_STREQ ("order: findings follow the strings, one per string",
	      describe (p, &f), "mesage@0#1 brwon@0#2 mesage@16#3");
  UNIT_CHECK ("order: word occurrences over distinct strings",
	      f.words == 3 + 3 + 2 + 5);
  UNIT_CHECK ("order: each finding's word is its own copy",
	      f.n == 3 && f.items[0].word != f.items[2].word);
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* Offsets are in the decoded UTF-8 text, whatever the element size.  */
static void
test_wide_string_offsets (void)
{
  ls_program *p = ls_program_new ();
  /* u"\u2192 the brwon" little-endian: the arrow is three bytes of
     UTF-8 but one 2-byte element.  */
  static const unsigned char u16[] = { 0x92, 0x21, ' ', 0, 't', 0, 'h', 0,
				       'e', 0, ' ', 0, 'b', 0, 'r', 0,
				       'w', 0, 'o', 0, 'n', 0, 0, 0 };
  struct ls_site s = site_at ("w.c", 1);
  ls_program_add_use (p, u16, sizeof u16, 2, false, &s);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_STREQ ("wide: offset in UTF-8 bytes", describe (p, &f), "brwon@8#0");
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* The speller is shared across runs: distinct_words is what it has
   looked at in all, and a second check gives the same findings.  */
static void
test_rerun_same_result (void)
{
  ls_program *p = ls_program_new ();
  add (p, "recieve the brwon mesage", "a.c", 1);
  add (p, "another brwon", "b.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f1, f2;
  ls_check_program (p, sp, NULL, &f1);
  char first[900];
  snprintf (first, sizeof first, "%s", describe (p, &f1));
  ls_check_program (p, sp, NULL, &f2);
  UNIT_STREQ ("rerun: same findings", describe (p, &f2), first);
  UNIT_STREQ ("rerun: the expected findings", first,
	      "recieve@0#0 brwon@12#0 mesage@18#0 brwon@8#1");
  UNIT_CHECK ("rerun: same distinct words",
	      f1.distinct_words == 5 && f2.distinct_words == 5);
  UNIT_CHECK ("rerun: words counted per run", f1.words == 6 && f2.words == 6);
  ls_findings_free (&f1);
  ls_findings_free (&f2);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* Words in a project word list are not findings.  */
static void
test_added_words (void)
{
  ls_program *p = ls_program_new ();
  add (p, "the brwon fox", "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_speller_add_word (sp, "brwon", 5);
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_CHECK ("added word: no finding", f.n == 0);
  UNIT_CHECK ("added word: still counted", f.words == 3);
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* The regular 's' forms of a listed word are right too; irregular
   spellings of them are not.  */
static void
test_forms_of_added_words (void)
{
  ls_program *p = ls_program_new ();
  add (p, "the frobdirs and Glorpexes of BLATCITIES and the cookiefs",
       "a.c", 1);
  add (p, "the glorpexs and blatcitys of frobdires", "a.c", 2);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_speller_add_word (sp, "frobdir", 7);
  ls_speller_add_word (sp, "glorpex", 7);
  ls_speller_add_word (sp, "blatcity", 8);
  ls_speller_add_word (sp, "cookief", 7);
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_STREQ ("forms: s, es after a sibilant, ies for a consonant's y",
	      describe (p, &f), "glorpexs@4#1 blatcitys@17#1 frobdires@30#1");
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* Capitals and a plural 's' are held to the known list, as the
   capitals alone are (a lowercase misspelling beside them still
   warns).  */
static void
test_capitals_plural (void)
{
  ls_program *p = ls_program_new ();
  add (p, "Run the COMMANDs with the OPTIONs given, or the optoins",
       "a.c", 1);
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, NULL, &f);
  UNIT_STREQ ("capitals plural: not checked by the dictionaries",
	      describe (p, &f), "optoins@48#0");
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_program_free (p);
}

int
main (void)
{
  snprintf (temp_home, sizeof temp_home, "%s/ltospell-check-XXXXXX",
	    getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp");
  if (!mkdtemp (temp_home))
    {
      perror ("mkdtemp");
      return 2;
    }
  setenv ("HOME", temp_home, 1);
  unsetenv ("XDG_CONFIG_HOME");
  unsetenv ("ENCHANT_CONFIG_DIR");

  test_empty_program ();
  test_clean_string ();
  test_one_finding ();
  test_binary_threshold ();
  test_repeats_in_one_string ();
  test_offset_order ();
  test_program_order ();
  test_wide_string_offsets ();
  test_rerun_same_result ();
  test_added_words ();
  test_forms_of_added_words ();
  test_capitals_plural ();

  char cmd[400];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", temp_home);
  if (system (cmd) != 0)
    fprintf (stderr, "could not remove %s\n", temp_home);
  return unit_done ("test_check");
}
