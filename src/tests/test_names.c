/* test_names.c: unit tests for names of people (names.c).

   Each mechanism is tried on a small program built with the real
   string table, the dictionary being the real speller (enchant,
   en_US): the names are real ones no English dictionary has
   ("Fenlason", "Allegretta"), and every positive case has a negative
   twin where the same unknown word must still be reported.  HOME is a
   fresh temporary directory so that enchant never writes into the
   user's.  */

#include "check.h"
#include "findings.h"
#include "names.h"
#include "options.h"
#include "speller.h"
#include "strtab.h"
#include "unit.h"

#include <stdlib.h>
#include <unistd.h>

static char temp_home[256];
static ls_speller *speller;

static bool
knows (const char *word, size_t len, void *data)
{
  return ls_speller_check (data, word, len);
}

/* How many words counting_knows was asked.  */
static size_t words_asked;

static bool
counting_knows (const char *word, size_t len, void *data)
{
  words_asked++;
  return ls_speller_knows (data, word, len);
}

static struct ls_site
site (const char *function, unsigned line)
{
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = "prog.c";
  s.unit = "prog.c";
  s.line = line;
  s.column = 3;
  s.function = function;
  return s;
}

static void
add_site (ls_program *p, const char *text, const struct ls_site *s)
{
  ls_program_add_use (p, text, strlen (text) + 1, 1, false, s);
}

/* A use of TEXT passed as argument ARG of CALLEE in main at LINE.  */
static void
add_call (ls_program *p, const char *text, const char *callee, unsigned arg,
	  unsigned line)
{
  struct ls_site s = site ("main", line);
  s.callee = callee;
  s.arg_index = arg;
  add_site (p, text, &s);
}

/* TEXTS[0..N) as the initializer of VARIABLE.  */
static void
add_table (ls_program *p, const char *variable, const char *const *texts,
	   size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      struct ls_site s = site (NULL, 10 + (unsigned) i);
      s.variable = variable;
      add_site (p, texts[i], &s);
    }
}

static const struct ls_string *
find_string (const ls_program *p, const char *text)
{
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    if (strcmp (ls_program_string (p, i)->text, text) == 0)
      return ls_program_string (p, i);
  return NULL;
}

/* The verdict on WORD in the string TEXT of the finished program P.  */
static const char *
judge (const ls_program *p, const char *text, const char *word)
{
  const struct ls_string *s = find_string (p, text);
  const char *at = s ? strstr (s->text, word) : NULL;
  if (!at)
    return "(no such word)";
  ls_names *n = ls_names_new (p, knows, speller);
  enum ls_name_kind k = ls_names_judge (n, s, (size_t) (at - s->text));
  ls_names_free (n);
  return ls_name_kind_name (k);
}

/* One plain use of each of TEXTS (in main, on lines far apart), the
   program finished, then WORD of TEXT judged.  */
static const char *
judge_prose (const char *text, const char *word)
{
  ls_program *p = ls_program_new ();
  struct ls_site s = site ("main", 100);
  s.callee = "puts";
  s.arg_index = 1;
  add_site (p, text, &s);
  ls_program_finish (p);
  static char verdict[32];
  snprintf (verdict, sizeof verdict, "%s", judge (p, text, word));
  ls_program_free (p);
  return verdict;
}

/* ------------------------------------------------------------------ */

static void
test_name_arguments (void)
{
  ls_program *p = ls_program_new ();
  add_call (p, "Jay Fenlason", "version_etc", 5, 10);
  add_call (p, "GNU Sedish", "version_etc", 3, 10);
  add_call (p, "Paolo Bonzini", "proper_name", 1, 11);
  add_call (p, "Fran\xc3\xa7ois Pinardo", "proper_name_utf8", 2, 12);
  add_call (p, "Ken Pizzini", "printf", 2, 13);
  struct ls_site in = site ("main", 14);
  in.callee = "gettext";
  in.arg_index = 1;
  in.inlined_from = "proper_name";
  add_site (p, "Assaf Gordonov", &in);
  ls_program_finish (p);
  UNIT_STREQ ("names: version_etc's fifth argument is an author",
	      judge (p, "Jay Fenlason", "Fenlason"), "argument");
  UNIT_STREQ ("names: version_etc's package is the program's name",
	      judge (p, "GNU Sedish", "Sedish"), "package");
  UNIT_STREQ ("names: proper_name's argument is a name",
	      judge (p, "Paolo Bonzini", "Bonzini"), "argument");
  UNIT_STREQ ("names: proper_name_utf8's second argument too",
	      judge (p, "Fran\xc3\xa7ois Pinardo", "Pinardo"), "argument");
  UNIT_STREQ ("names: a string gettext'd inside inlined proper_name",
	      judge (p, "Assaf Gordonov", "Gordonov"), "argument");
  UNIT_STREQ ("names: printf's argument is no name by position",
	      judge (p, "Ken Pizzini", "Pizzini"), "none");
  ls_program_free (p);
}

/* sed: version_etc (stdout, PROGRAM_NAME, PACKAGE_NAME, Version,
   _("Jay Fenlason"), ...): the names reach gettext on the call's line,
   and only the translations reach version_etc.  */
static void
test_translated_authors (void)
{
  ls_program *p = ls_program_new ();
  add_call (p, "GNU sed", "version_etc", 3, 40);
  add_call (p, "Ken Pizzini", "dcgettext", 2, 40);
  add_call (p, "Tom Lordson", "dcgettext", 2, 41);
  add_call (p, "Paolo Bonzini", "dcgettext", 2, 60);
  add_call (p, "Unknwn option Fenlason", "dcgettext", 2, 40);
  ls_program_finish (p);
  UNIT_STREQ ("names: a translated name on version_etc's line",
	      judge (p, "Ken Pizzini", "Pizzini"), "argument");
  UNIT_STREQ ("names: ... or on the next line of the call",
	      judge (p, "Tom Lordson", "Lordson"), "argument");
  UNIT_STREQ ("names: a translated name far from version_etc is not",
	      judge (p, "Paolo Bonzini", "Bonzini"), "none");
  UNIT_STREQ ("names: a message on version_etc's line is no name",
	      judge (p, "Unknwn option Fenlason", "Unknwn"), "none");
  ls_program_free (p);
}

static void
test_credits_array (void)
{
  static const char *const credits[] = {
    "", "Chris Allegretta", "Benno Schulenberg", "David Lawrence Ramsey",
    "Jordi Mallach", "Monique, Brielle & Joseph", "Richard Kolb II",
    "Eric S. Raymond", "Linda Young", "Thnaks to Rocco Corsi",
    "https://nano-editor.org/"
  };
  static const char *const menu[] = {
    "Open Flie", "Save As", "Quit Now", "Print Page"
  };
  ls_program *p = ls_program_new ();
  add_table (p, "credits", credits, sizeof credits / sizeof *credits);
  add_table (p, "menu", menu, sizeof menu / sizeof *menu);
  ls_program_finish (p);
  UNIT_STREQ ("names: an entry of a credits array",
	      judge (p, "Chris Allegretta", "Allegretta"), "credits");
  UNIT_STREQ ("names: credits entries with '&' and a numeral",
	      judge (p, "Richard Kolb II", "Kolb"), "credits");
  UNIT_STREQ ("names: a credits entry that is a sentence is checked",
	      judge (p, "Thnaks to Rocco Corsi", "Thnaks"), "none");
  UNIT_STREQ ("names: a menu of known words with one typo is no credits",
	      judge (p, "Open Flie", "Flie"), "none");
  ls_program_free (p);
}

/* A credits list: 3 entries or more, two thirds of them name-shaped,
   more than a third of those (and two at least) with a word no
   dictionary knows.  Each threshold, just met and just missed.  */
static void
test_credits_threshold (void)
{
  static const char *const two_of_five[] = {
    "Jordi Mallach", "Rocco Corsi", "Open File", "Save As", "Quit Now"
  };
  static const char *const two_of_six[] = {
    "Adam Rogoyski", "Rob Siemborski", "Quit Now", "Print Page",
    "Open File", "Save As"
  };
  static const char *const shaped_three_of_four[] = {
    "Sven Guckes", "Bill Soudan", "Mark Majeres", "see the manual"
  };
  static const char *const shaped_three_of_five[] = {
    "Christian Weisgerber", "Big Gaute", "Jeremy Robichaud",
    "see the manual", "the file was not found"
  };
  static const char *const one_unknown[] = {
    "Open File", "Save As", "Quit Nwo"
  };
  static const char *const two_entries[] = {
    "Benno Schulenberg", "Mike Frysinger", "", "1.0"
  };
  ls_program *p = ls_program_new ();
  add_table (p, "a", two_of_five, 5);
  add_table (p, "b", two_of_six, 6);
  add_table (p, "c", shaped_three_of_four, 4);
  add_table (p, "d", shaped_three_of_five, 5);
  add_table (p, "e", one_unknown, 3);
  add_table (p, "f", two_entries, 4);
  ls_program_finish (p);
  UNIT_STREQ ("names: 2 unknown of 5 name-shaped entries: credits",
	      judge (p, "Rocco Corsi", "Corsi"), "credits");
  UNIT_STREQ ("names: 2 unknown of 6 name-shaped entries: no credits",
	      judge (p, "Rob Siemborski", "Siemborski"), "none");
  UNIT_STREQ ("names: 3 name-shaped of 4 entries: credits",
	      judge (p, "Bill Soudan", "Soudan"), "credits");
  UNIT_STREQ ("names: 3 name-shaped of 5 entries: no credits",
	      judge (p, "Big Gaute", "Gaute"), "none");
  UNIT_STREQ ("names: a menu with one misspelled label is a menu",
	      judge (p, "Quit Nwo", "Nwo"), "none");
  UNIT_STREQ ("names: 2 entries with a letter are too few",
	      judge (p, "Mike Frysinger", "Frysinger"), "none");
  ls_program_free (p);

  /* A name-shaped entry has six tokens at most, the first of them a
     capitalised word or initials.  */
  static const char *const token_counts[] = {
    "Jordi Mallach", "Rocco Corsi", "Jan Kees Van Der Berg Zoltan",
    "Ann Bo Cy Dee Edd Flo Gus"
  };
  static const char *const lowercase_first[] = {
    "Jordi Mallach", "Rocco Corsi", "Adam Rogoyski", "von Siemborski Fenlason"
  };
  p = ls_program_new ();
  add_table (p, "g", token_counts, 4);
  add_table (p, "h", lowercase_first, 4);
  ls_program_finish (p);
  UNIT_STREQ ("names: six tokens are name-shaped (3 of 4 make credits)",
	      judge (p, "Jan Kees Van Der Berg Zoltan", "Zoltan"), "credits");
  UNIT_STREQ ("names: seven tokens are not name-shaped",
	      judge (p, "Ann Bo Cy Dee Edd Flo Gus", "Edd"), "none");
  UNIT_STREQ ("names: a lowercase first word is not name-shaped",
	      judge (p, "von Siemborski Fenlason", "Siemborski"), "none");
  UNIT_STREQ ("names: ... the others of its table are",
	      judge (p, "Adam Rogoyski", "Rogoyski"), "credits");
  ls_program_free (p);
}

/* The dictionaries are asked about a table's words only until its
   verdict is known: not at all when its shape rules it out (X11
   colour names, most with a digit), and no further once enough entries
   are unknown, or too few are left to make enough.  N_ASKED is how many
   words the table TEXTS[0, N) had asked about.  */
static bool
table_is_credits (const char *const *texts, size_t n, size_t *n_asked)
{
  ls_program *p = ls_program_new ();
  add_table (p, "t", texts, n);
  ls_program_finish (p);
  words_asked = 0;
  ls_names *names = ls_names_new (p, counting_knows, speller);
  const struct ls_string *s = find_string (p, texts[0]);
  bool credits = ls_names_judge (names, s, 0) == LS_NAME_CREDITS;
  *n_asked = words_asked;
  ls_names_free (names);
  ls_program_free (p);
  return credits;
}

static void
test_credits_asks_little (void)
{
  static const char *const colours[] = {
    "AntiqueWhite", "AntiqueWhite1", "AntiqueWhite2", "AntiqueWhite3",
    "AntiqueWhite4", "Aquamarine", "Aquamarine1", "Aquamarine2"
  };
  static const char *const surnames[] = {
    "Mallach", "Corsi", "Rogoyski", "Siemborski", "Guckes", "Majeres",
    "Schulenberg", "Weisgerber", "Allegretta"
  };
  /* The same with "Frysinger", which the compound rule accepts (fry +
     singer): in the order of their text, Allegretta, Corsi, Frysinger,
     Guckes and Majeres are asked, whatever the strings' addresses.  */
  static const char *const one_known[] = {
    "Mallach", "Corsi", "Rogoyski", "Siemborski", "Guckes", "Majeres",
    "Schulenberg", "Frysinger", "Allegretta"
  };
  static const char *const menu[] = {
    "Open File", "Save As", "Quit Now", "Print Page", "Close Window",
    "New Tab", "Find Next", "Zoom In", "Zoom Out"
  };
  size_t asked;
  UNIT_CHECK ("names: a table ruled out by its shape asks nothing",
	      !table_is_credits (colours, 8, &asked) && asked == 0);
  /* 9 name-shaped entries: 4 unknown make a credits list.  Each entry
     is one word no dictionary has.  */
  UNIT_CHECK ("names: a credits list stops asking at its 4th unknown entry",
	      table_is_credits (surnames, 9, &asked) && asked == 4);
  UNIT_CHECK ("names: a table's entries are asked about in text order",
	      table_is_credits (one_known, 9, &asked) && asked == 5);
  /* Known entries: after 6 of the 9, 3 left cannot make 4 unknown; each
     asks about both its words.  */
  UNIT_CHECK ("names: a menu stops asking when it cannot be credits",
	      !table_is_credits (menu, 9, &asked) && asked == 12);
}

/* A small local array is stored element by element: no variable, one
   line each, a NULL element leaving a line out.  */
static void
test_credits_stores (void)
{
  static const char *const names[] = {
    "Chris Allegretta", "Benno Schulenberg", "Jordi Mallach",
    "Mark Majeres"
  };
  static const unsigned lines[] = { 10, 11, 13, 14 };
  ls_program *p = ls_program_new ();
  for (size_t i = 0; i < 4; i++)
    {
      struct ls_site s = site ("do_credits", lines[i]);
      add_site (p, names[i], &s);
    }
  /* The same kind of strings, far apart: no table.  */
  for (size_t i = 0; i < 3; i++)
    {
      static const char *const apart[] = {
	"Adam Rogoyski", "Rob Siemborski", "Sven Guckes"
      };
      struct ls_site s = site ("elsewhere", 100 + 20 * (unsigned) i);
      add_site (p, apart[i], &s);
    }
  ls_program_finish (p);
  UNIT_STREQ ("names: element stores on nearby lines are a table",
	      judge (p, "Jordi Mallach", "Mallach"), "credits");
  UNIT_STREQ ("names: strings far apart are not",
	      judge (p, "Rob Siemborski", "Siemborski"), "none");
  ls_program_free (p);
}

static void
test_markers (void)
{
  UNIT_STREQ ("names: after \"Written by\"",
	      judge_prose ("Written by Jay Fenlason and Paolo Bonzini.",
			   "Bonzini"), "marker");
  UNIT_STREQ ("names: a misspelled marker is no marker",
	      judge_prose ("Writen by Jay Fenlason", "Fenlason"), "none");
  UNIT_STREQ ("names: the misspelled marker itself is no name",
	      judge_prose ("Writen by Jay Fenlason", "Writen"), "none");
  UNIT_STREQ ("names: after \"Copyright (C)\"",
	      judge_prose ("Copyright (C) 2023 Benno Schulenberg", "Schulenberg"),
	      "marker");
  UNIT_STREQ ("names: after \"\xc2\xa9\"",
	      judge_prose ("\xc2\xa9 2023 Benno Schulenberg", "Schulenberg"),
	      "marker");
  UNIT_STREQ ("names: after \"Authors:\"",
	      judge_prose ("Authors: Jordi Mallach, Rocco Corsi", "Corsi"),
	      "marker");
  UNIT_STREQ ("names: after \"thanks to\"",
	      judge_prose ("Many thanks to Mike Frysinger", "Frysinger"),
	      "marker");
  UNIT_STREQ ("names: the sentence after a copyright is prose",
	      judge_prose ("Copyright 2023. Thsi program is free", "Thsi"),
	      "none");
  UNIT_STREQ ("names: a marker on another line does not count",
	      judge_prose ("Written by Jay Fenlason\nSee Bonzinni", "Bonzinni"),
	      "none");
  UNIT_STREQ ("names: \"authority\" is no marker",
	      judge_prose ("The authority Fenlason said no", "Fenlason"),
	      "none");
  UNIT_STREQ ("names: after a year and \"by\"",
	      judge_prose ("Copyright (C) 1998, 2023 by Jim Meyeringer",
			   "Meyeringer"), "marker");
  UNIT_STREQ ("names: prose after a marker is prose",
	      judge_prose ("Copyright notice: see the Licnese", "Licnese"),
	      "none");
  UNIT_STREQ ("names: ... and so is a sentence after a credit",
	      judge_prose ("Thanks to Mike Frysinger for his Pacthes",
			   "Pacthes"), "none");
  UNIT_STREQ ("names: initials do not end the sentence",
	      judge_prose ("Written by Eric S. Raymondo", "Raymondo"),
	      "marker");
}

static void
test_email (void)
{
  UNIT_STREQ ("names: before <address>",
	      judge_prose ("Report to Benno Schulenberg <bensberg@telfort.nl>",
			   "Schulenberg"), "email");
  UNIT_STREQ ("names: in parentheses after an address",
	      judge_prose ("contact bensberg@telfort.nl (Benno Schulenberg)",
			   "Schulenberg"), "email");
  UNIT_STREQ ("names: a sentence after an address is prose",
	      judge_prose ("Mail bugs to bug@example.org. Thsi is new",
			   "Thsi"), "none");
  UNIT_STREQ ("names: a word two words off an address is prose",
	      judge_prose ("Fenlason wrote to jay@example.org", "Fenlason"),
	      "none");
}

static void
test_initials (void)
{
  UNIT_STREQ ("names: a middle initial",
	      judge_prose ("ported by hand from Eric S. Raymondo's code",
			   "Raymondo"), "initials");
  UNIT_STREQ ("names: two leading initials",
	      judge_prose ("A. B. Fenlason did it", "Fenlason"), "initials");
  UNIT_STREQ ("names: a leading initial after \"from\"",
	      judge_prose ("a patch from J. Fenlason", "Fenlason"),
	      "initials");
  UNIT_STREQ ("names: surname, initial",
	      judge_prose ("see Fenlason, J. for more", "Fenlason"),
	      "initials");
  UNIT_STREQ ("names: a sentence ending in a letter is no initial",
	      judge_prose ("set option A. Thsi is wrong", "Thsi"), "none");
  UNIT_STREQ ("names: \"Plan B.\" at the end is no initial",
	      judge_prose ("Use Plam B.", "Plam"), "none");
  UNIT_STREQ ("names: a typo beside a capitalised word is prose",
	      judge_prose ("Cannot start Fiel Manager", "Fiel"), "none");
}

/* Through ls_check_program with the known misspellings: names go to
   the names list, once each; a known misspelling on a copyright line
   and a misspelled marker are still findings.  */
static void
test_check_program (void)
{
  struct ls_options o;
  ls_options_init (&o);
  char *err = NULL;
  ls_filters *filters = ls_filters_new (&o, &err);
  UNIT_CHECK ("names: filters with codespell's list", filters != NULL);
  if (!filters)
    return;
  ls_program *p = ls_program_new ();
  struct ls_site s = site ("main", 100);
  s.callee = "puts";
  s.arg_index = 1;
  add_site (p, "Copyrigth (C) 2023 Benno Schulenberg", &s);
  s.line = 200;
  add_site (p, "Writen by Jay Fenlason", &s);
  s.line = 300;
  add_site (p, "Written by Benno Schulenberg and Jay Fenlason", &s);
  add_call (p, "GNU Sedish", "version_etc", 3, 10);
  ls_program_finish (p);
  ls_findings f;
  ls_check_program (p, speller, filters, &f);
  char got[300] = "";
  for (size_t i = 0; i < f.n; i++)
    snprintf (got + strlen (got), sizeof got - strlen (got), "%s%s/%s",
	      i ? " " : "", f.items[i].word,
	      f.items[i].tier == LS_TIER_KNOWN ? "known" : "unknown");
  UNIT_STREQ ("names: misspellings around names are still findings", got,
	      "Copyrigth/known Writen/known Fenlason/unknown");
  got[0] = '\0';
  for (size_t i = 0; i < f.n_names; i++)
    snprintf (got + strlen (got), sizeof got - strlen (got), "%s%s/%s",
	      i ? " " : "", f.names[i].word,
	      ls_name_kind_name (f.names[i].kind));
  UNIT_STREQ ("names: each name listed once, first where seen", got,
	      "Sedish/package Benno/marker Schulenberg/marker Fenlason/marker");
  ls_findings_free (&f);
  ls_program_free (p);
  ls_filters_free (filters);
  ls_options_free (&o);
}

/* Proper nouns: a capitalised unknown word in three strings, once in
   mid-sentence, never in lowercase, is a name; two strings, or only at
   the starts of sentences, or a lowercase use too, leave findings.  */
static const char *
proper_nouns_of (const char *const *texts, size_t n)
{
  ls_program *p = ls_program_new ();
  for (size_t i = 0; i < n; i++)
    {
      struct ls_site s = site ("main", 100 + 10 * (unsigned) i);
      s.callee = "puts";
      s.arg_index = 1;
      add_site (p, texts[i], &s);
    }
  ls_program_finish (p);
  ls_findings f;
  ls_check_program (p, speller, NULL, &f);
  static char got[200];
  got[0] = '\0';
  for (size_t i = 0; i < f.n_names; i++)
    snprintf (got + strlen (got), sizeof got - strlen (got), "%s%s/%s",
	      i ? " " : "", f.names[i].word,
	      ls_name_kind_name (f.names[i].kind));
  snprintf (got + strlen (got), sizeof got - strlen (got), " |%zu", f.n);
  ls_findings_free (&f);
  ls_program_free (p);
  return got;
}

static void
test_proper_nouns (void)
{
  static const char *const three[] = {
    "# Zstandard Frames: %d", "Use REF for Zstandard's diff engine.",
    "Print information about Zstandard-compressed files." };
  UNIT_STREQ ("names: a proper noun in three strings",
	      proper_nouns_of (three, 3), "Zstandard/proper-noun |0");
  UNIT_STREQ ("names: two strings are not enough",
	      proper_nouns_of (three, 2), " |2");
  static const char *const starts[] = {
    "Unexpcted end of input.", "Unexpcted token.", "Bad. Unexpcted quote." };
  UNIT_STREQ ("names: a repeated slip at the starts of sentences stays",
	      proper_nouns_of (starts, 3), " |3");
  static const char *const lower[] = {
    "# Zstandard Frames: %d", "Use REF for Zstandard's diff engine.",
    "Print information about Zstandard-compressed files.",
    "the zstandard format" };
  UNIT_STREQ ("names: a lowercase use makes it a word, not a name",
	      proper_nouns_of (lower, 4), " |4");
}

int
main (void)
{
  snprintf (temp_home, sizeof temp_home, "%s/ltospell-names-XXXXXX",
	    getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp");
  if (!mkdtemp (temp_home))
    {
      perror ("mkdtemp");
      return 2;
    }
  setenv ("HOME", temp_home, 1);
  unsetenv ("XDG_CONFIG_HOME");
  unsetenv ("ENCHANT_CONFIG_DIR");
  char *err = NULL;
  speller = ls_speller_new ("en_US", NULL, &err);
  if (!speller)
    {
      fprintf (stderr, "cannot open en_US: %s\n", err ? err : "?");
      return 2;
    }

  test_name_arguments ();
  test_translated_authors ();
  test_credits_array ();
  test_credits_threshold ();
  test_credits_asks_little ();
  test_credits_stores ();
  test_markers ();
  test_email ();
  test_initials ();
  test_check_program ();
  test_proper_nouns ();

  ls_speller_free (speller);
  char cmd[400];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", temp_home);
  if (system (cmd) != 0)
    fprintf (stderr, "could not remove %s\n", temp_home);
  return unit_done ("test_names");
}
