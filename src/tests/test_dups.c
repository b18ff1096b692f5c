/* test_dups.c: unit tests for the duplication analysis (dups.c) and
   the consistency tier (consistency.c).

   Programs are built through the string table with the sites the
   plugin would record: literals in several units (one copy per unit),
   named arrays (one copy each, never merged), dead uses (no copy).
   The JSON report's duplicate fields are parsed back with a real JSON
   parser (jsonflat.h).  */

#include "consistency.h"
#include "dups.h"
#include "findings.h"
#include "json.h"
#include "options.h"
#include "report-data.h"
#include "results.h"
#include "strtab.h"
#include "unit.h"
#include "util.h"
#include "jsonflat.h"

#include <ctype.h>
#include <stdlib.h>
#include <unistd.h>

/* Record a use of TEXT (with its NUL) in FUNCTION of UNIT, or in the
   named array VARIABLE when FUNCTION is NULL.  */
static void
use (ls_program *p, const char *text, const char *unit, unsigned line,
     const char *function, const char *variable, bool dead)
{
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = unit, s.line = line, s.column = 3, s.unit = unit;
  s.function = function;
  s.variable = variable;
  s.named_array = variable != NULL;
  s.dead = dead;
  ls_program_add_use (p, text, strlen (text) + 1, 1, false, &s);
}

static const struct ls_string *
find (const ls_program *p, const char *text)
{
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    if (strcmp (ls_program_string (p, i)->text, text) == 0)
      return ls_program_string (p, i);
  abort ();
}

/* A string used in many places (more than dups.c's FEW_USES, where it
   keeps a hash set of the copies seen): as many copies as a plain
   count of distinct (unit literal) and (unit, array) pairs among live
   uses says, in random programs; and the bytes per unit add up.  */
static void
test_many_uses (void)
{
  static const char *const units[] = { "u0.c", "u1.c", "u2.c", "u3.c",
				       "u4.c", "u5.c", "u6.c" };
  static const char *const arrays[] = { "tab_a", "tab_b", "tab_c" };
  srand (7);
  int wrong = 0;
  for (int round = 0; round < 200; round++)
    {
      ls_program *p = ls_program_new ();
      size_t n = 17 + (size_t) (rand () % 60);
      bool literal[7] = { false }, array[7][3] = { { false } };
      size_t want = 0;
      bool want_mergeable = true;
      for (size_t i = 0; i < n; i++)
	{
	  int u = rand () % 7, a = rand () % 4;	/* 3: a literal.  */
	  bool dead = rand () % 5 == 0;
	  use (p, "many uses", units[u], (unsigned) i + 1,
	       a == 3 ? "f" : NULL, a == 3 ? NULL : arrays[a], dead);
	  if (dead)
	    continue;
	  bool *seen = a == 3 ? &literal[u] : &array[u][a];
	  want += !*seen;
	  want_mergeable &= a == 3;
	  *seen = true;
	}
      ls_program_finish (p);
      bool mergeable;
      size_t got = ls_string_copies (find (p, "many uses"), &mergeable);
      wrong += got != want || (want > 0 && mergeable != want_mergeable);
      ls_dups d;
      ls_dups_analyze (p, &d);
      size_t bytes = 0;
      for (size_t k = 0; k < d.n_units; k++)
	bytes += d.units[k].bytes;
      wrong += want >= 2 && bytes != want * sizeof "many uses";
      ls_dups_free (&d);
      ls_program_free (p);
    }
  UNIT_CHECK ("many uses of one string: the copies and each unit's bytes "
	      "as a plain count says (200 random programs)", wrong == 0);
}

static void
test_copies (void)
{
  ls_program *p = ls_program_new ();
  /* Three units; two uses in a.c are one copy.  */
  use (p, "Usage: prog", "a.c", 1, "main", NULL, false);
  use (p, "Usage: prog", "a.c", 9, "help", NULL, false);
  use (p, "Usage: prog", "b.c", 1, "usage", NULL, false);
  use (p, "Usage: prog", "c.c", 1, "other", NULL, false);
  /* Two named arrays in one unit are two copies, a literal a third.  */
  use (p, "banner text", "a.c", 2, NULL, "banner", false);
  use (p, "banner text", "a.c", 3, NULL, "banner2", false);
  use (p, "banner text", "b.c", 2, "show", NULL, false);
  /* A dead use is no copy.  */
  use (p, "only once", "a.c", 4, "main", NULL, false);
  use (p, "only once", "b.c", 4, "gone", NULL, true);
  /* One use: a named array, a literal, a dead one.  */
  use (p, "one array", "a.c", 5, NULL, "one", false);
  use (p, "one literal", "a.c", 6, "main", NULL, false);
  use (p, "one dead", "b.c", 5, "gone", NULL, true);
  ls_program_finish (p);

  bool mergeable;
  UNIT_CHECK ("copies: one per unit for literals",
	      ls_string_copies (find (p, "Usage: prog"), &mergeable) == 3
	      && mergeable);
  UNIT_CHECK ("copies: each named array is one",
	      ls_string_copies (find (p, "banner text"), &mergeable) == 3
	      && !mergeable);
  UNIT_CHECK ("copies: dead uses do not count",
	      ls_string_copies (find (p, "only once"), &mergeable) == 1);
  UNIT_CHECK ("copies: one named array, kept by the linker",
	      ls_string_copies (find (p, "one array"), &mergeable) == 1
	      && !mergeable);
  UNIT_CHECK ("copies: one literal",
	      ls_string_copies (find (p, "one literal"), &mergeable) == 1
	      && mergeable);
  UNIT_CHECK ("copies: one dead use, none",
	      ls_string_copies (find (p, "one dead"), &mergeable) == 0
	      && mergeable);

  ls_dups d;
  ls_dups_analyze (p, &d);
  UNIT_CHECK ("dups: two duplicated strings", d.n == 2);
  if (d.n == 2)
    {
      /* 12 bytes x 2 extra copies = 24 before 12 x 2 = 24: the tie
	 goes to program order (a.c:1 before a.c:2).  */
      UNIT_STREQ ("dups: most wasted first", d.items[0].str->text,
		  "Usage: prog");
      UNIT_CHECK ("dups: bytes and waste",
		  d.items[0].bytes == 36 && d.items[0].wasted_bytes == 24
		  && d.items[1].bytes == 36 && d.items[1].wasted_bytes == 24);
      UNIT_CHECK ("dups: units", d.items[0].n_units == 3
		  && !strcmp (d.items[0].units[2], "c.c")
		  && d.items[1].n_units == 2);
      UNIT_CHECK ("dups: functions sorted",
		  d.items[0].n_functions == 4
		  && !strcmp (d.items[0].functions[0], "help")
		  && !strcmp (d.items[0].functions[3], "usage"));
    }
  UNIT_CHECK ("dups: waste by mergeability",
	      d.wasted_mergeable == 24 && d.wasted_unmergeable == 24);
  UNIT_CHECK ("dups: bytes per unit",
	      d.n_units == 3 && !strcmp (d.units[0].unit, "a.c")
	      && d.units[0].bytes == 12 + 24 && d.units[1].bytes == 24
	      && d.units[2].bytes == 12);

  char *path = strdup ("/tmp/ltospell-test-dups-XXXXXX");
  int fd = mkstemp (path);
  FILE *out = fdopen (fd, "w");
  ls_findings none;
  memset (&none, 0, sizeof none);
  struct ls_options o;
  ls_options_init (&o);
  ls_results none_results;
  ls_results_build (&none_results, &none, NULL, NULL, &o, NULL, NULL, NULL);
  struct ls_report_data data = { p, &none, &none_results, &o, "/", "/", d };
  ls_write_json (out, &data);
  ls_results_free (&none_results);
  fclose (out);
  char *got = jsonflat_file (path);
  char *dups = jsonflat_select (got, "duplicates[");
  jsonflat_check ("dups: json fields", dups,
		  "duplicates[0].text=\"Usage: prog\"\n"
		  "duplicates[0].units[0]=\"a.c\"\n"
		  "duplicates[0].units[1]=\"b.c\"\n"
		  "duplicates[0].units[2]=\"c.c\"\n"
		  "duplicates[0].copies=3\n"
		  "duplicates[0].bytes=36\n"
		  "duplicates[0].wasted_bytes=24\n"
		  "duplicates[0].mergeable=true\n"
		  "duplicates[0].functions[0]=\"help\"\n"
		  "duplicates[0].functions[1]=\"main\"\n"
		  "duplicates[0].functions[2]=\"other\"\n"
		  "duplicates[0].functions[3]=\"usage\"\n"
		  "duplicates[1].text=\"banner text\"\n"
		  "duplicates[1].units[0]=\"a.c\"\n"
		  "duplicates[1].units[1]=\"b.c\"\n"
		  "duplicates[1].copies=3\n"
		  "duplicates[1].bytes=36\n"
		  "duplicates[1].wasted_bytes=24\n"
		  "duplicates[1].mergeable=false\n"
		  "duplicates[1].functions[0]=\"show\"\n");
  char *summary = jsonflat_select (got, "summary.duplicated_bytes");
  UNIT_STREQ ("dups: json summary", summary,
	      "summary.duplicated_bytes.mergeable=24\n"
	      "summary.duplicated_bytes.not_mergeable=24\n");
  free (summary);
  free (dups);
  free (got);
  unlink (path);
  free (path);
  ls_options_free (&o);
  ls_dups_free (&d);
  ls_program_free (p);
}

/* NULs in near duplicates: an array's padding is trailing junk like a
   newline; a NUL inside keeps a string out of every group.  */
static void
add_bytes (ls_program *p, const char *bytes, size_t n, unsigned line)
{
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = s.unit = "a.c", s.line = line, s.function = "f";
  ls_program_add_use (p, bytes, n, 1, false, &s);
}

static void
test_near_nuls (void)
{
  ls_program *p = ls_program_new ();
  add_bytes (p, "Ready\0\0\0", 8, 1);
  add_bytes (p, "ready.", 7, 2);
  add_bytes (p, "x\0yz", 5, 3);
  add_bytes (p, "X\0YZ", 5, 4);
  /* A NUL in the first eight bytes, then in the ninth.  */
  add_bytes (p, "abcdefg\0hijk", 13, 5);
  add_bytes (p, "ABCDEFG\0HIJK", 13, 6);
  add_bytes (p, "abcdefgh\0ijk", 13, 7);
  add_bytes (p, "ABCDEFGH\0IJK", 13, 8);
  ls_program_finish (p);
  ls_dups d;
  ls_dups_analyze (p, &d);
  UNIT_CHECK ("near: padding NULs dropped, inner NULs in no group",
	      d.n_near == 1 && !strcmp (d.near[0].key, "ready")
	      && d.near[0].n_members == 2);
  ls_dups_free (&d);
  ls_program_free (p);
}

static void
test_near_and_tails (void)
{
  ls_program *p = ls_program_new ();
  use (p, "Done.\n", "a.c", 1, "f", NULL, false);
  use (p, "done", "a.c", 2, "f", NULL, false);
  use (p, "Other thing", "a.c", 3, "f", NULL, false);
  use (p, "DONE!", "b.c", 1, "g", NULL, false);
  use (p, "done?", "b.c", 2, "g", NULL, true);	/* Dead: left out.  */
  use (p, "...", "b.c", 3, "g", NULL, false);	/* No letter.  */
  use (p, "!", "b.c", 4, "g", NULL, false);
  use (p, "the output file", "b.c", 5, "g", NULL, false);
  use (p, "file", "a.c", 4, "f", NULL, false);
  use (p, "", "a.c", 5, "f", NULL, false);
  use (p, "banner file", "c.c", 1, NULL, "banner", false);
  ls_program_finish (p);

  ls_dups d;
  ls_dups_analyze (p, &d);
  UNIT_CHECK ("near: one group", d.n_near == 1);
  if (d.n_near == 1)
    {
      UNIT_STREQ ("near: key", d.near[0].key, "done");
      UNIT_CHECK ("near: members in program order",
		  d.near[0].n_members == 3
		  && !strcmp (d.near[0].members[0]->text, "Done.\n")
		  && !strcmp (d.near[0].members[1]->text, "done")
		  && !strcmp (d.near[0].members[2]->text, "DONE!"));
    }
  /* "file" ends "the output file" and "banner file"; "" ends all and
     is left out; "!" ends "DONE!".  */
  UNIT_CHECK ("tails: two candidates", d.n_suffixes == 2);
  if (d.n_suffixes == 2)
    {
      UNIT_STREQ ("tails: in program order", d.suffixes[0].suffix->text,
		  "file");
      UNIT_CHECK ("tails: a named array is not merged",
		  !strcmp (d.suffixes[0].of->text, "banner file")
		  && !d.suffixes[0].mergeable);
      UNIT_CHECK ("tails: literals are",
		  !strcmp (d.suffixes[1].suffix->text, "!")
		  && !strcmp (d.suffixes[1].of->text, "DONE!")
		  && d.suffixes[1].mergeable);
    }

  char *path = strdup ("/tmp/ltospell-test-dups-XXXXXX");
  FILE *out = fdopen (mkstemp (path), "w");
  ls_dups_write_text (out, &d, 20);
  fclose (out);
  FILE *in = fopen (path, "r");
  char text[4096];
  size_t n = fread (text, 1, sizeof text - 1, in);
  text[n] = '\0';
  fclose (in);
  jsonflat_check ("dups text: whole summary", text,
	      "ltospell duplicated strings\n"
	      "0 distinct strings have more than one copy: 0 bytes wasted in "
	      "copies the linker cannot merge (named arrays); 0 bytes of "
	      "extra copies are merged by the linker\n"
	      "\nTop 0 by wasted bytes:\n"
	      "    wasted copies    bytes merge  string\n"
	      "\nNear-duplicates (differ only by trailing newline, punctuation "
	      "or case): 1 group\n"
	      "  \"Done.\\n\", \"done\", \"DONE!\"\n"
	      "\nTail-merge candidates (a string that ends another): 2\n"
	      "  \"file\" ends \"banner file\" (not merged: a named array)\n"
	      "  \"!\" ends \"DONE!\" (the linker stores it inside)\n");
  unlink (path);
  free (path);
  ls_dups_free (&d);
  ls_program_free (p);
}

/* ------------------------------------------------------------------ */
/* Consistency.                                                        */

static void
check_items (const char *name, const struct ls_consistency *c,
	     const char *want)
{
  char got[4096] = "";
  for (size_t i = 0; i < c->n; i++)
    {
      size_t len = strlen (got);
      snprintf (got + len, sizeof got - len, "%s:%u: %s\n",
		c->items[i].site->file, c->items[i].site->line,
		c->items[i].message);
    }
  UNIT_STREQ (name, got, want);
}

static void
test_consistency (void)
{
  struct ls_options o;
  ls_options_init (&o);
  ls_program *p = ls_program_new ();
  use (p, "Initialize the color map", "a.c", 1, "f", NULL, false);
  use (p, "Pick a colour", "a.c", 2, "f", NULL, false);
  use (p, "Colors are initialized", "b.c", 1, "g", NULL, false);
  use (p, "Can not open the file", "b.c", 2, "g", NULL, false);
  use (p, "cannot read", "b.c", 3, "g", NULL, false);
  use (p, "cannot write", "b.c", 4, "g", NULL, false);
  use (p, "File not found.", "c.c", 1, "h", NULL, false);
  use (p, "file not found", "c.c", 2, "h", NULL, false);
  use (p, "file not found", "c.c", 3, "k", NULL, false);
  use (p, "Dead colour here", "c.c", 4, "gone", NULL, true);
  ls_program_finish (p);
  struct ls_consistency c;
  ls_consistency_check (p, &o, &c);
  check_items ("consistency: minority forms", &c,
	       "a.c:2: British spelling 'colour' in a program that mostly "
	       "uses American spelling ('color')\n"
	       "b.c:2: 'Can not' in a program that mostly writes 'Cannot'\n"
	       "c.c:1: message \"File not found.\" differs only by case or a "
	       "trailing period from \"file not found\", used 2 times\n");
  UNIT_CHECK ("consistency: item fields",
	      c.n == 3 && c.items[0].kind == LS_CONSISTENCY_DIALECT
	      && !strcmp (c.items[0].word, "colour")
	      && !strcmp (c.items[0].preferred, "color")
	      && c.items[1].kind == LS_CONSISTENCY_CANNOT
	      && c.items[2].kind == LS_CONSISTENCY_MESSAGE);
  struct ls_options fail = o;
  fail.fail_on = LS_TIERS_ALL;
  ls_findings none;
  memset (&none, 0, sizeof none);
  ls_results r_fail, r_warn;
  ls_results_build (&r_fail, &none, &c, NULL, &fail, NULL, NULL, NULL);
  ls_results_build (&r_warn, &none, &c, NULL, &o, NULL, NULL, NULL);
  UNIT_CHECK ("consistency: fails the link under fail-on=all",
	      r_fail.failing == 3 && r_warn.failing == 0);
  UNIT_CHECK ("consistency: the records warn, as errors under fail-on=all",
	      r_fail.n == 3 && r_fail.items[0].warns
	      && r_fail.items[0].level == LS_LEVEL_ERROR
	      && r_warn.items[2].level == LS_LEVEL_WARNING
	      && !strcmp (r_warn.items[0].tier, "consistency")
	      && r_warn.items[0].n_suggestions == 1
	      && !strcmp (r_warn.items[0].suggestions[0], "color")
	      && !strcmp (r_warn.items[0].message, c.items[0].message));
  ls_results_free (&r_fail);
  ls_results_free (&r_warn);
  ls_consistency_free (&c);
  ls_program_free (p);

  /* A word read through a key-letter notation is named as read, not by
     the bytes at its offset ("[c]olo").  */
  p = ls_program_new ();
  use (p, "Pick a color", "a.c", 1, "f", NULL, false);
  use (p, "Set the color map", "a.c", 2, "f", NULL, false);
  use (p, "[c]olour, [q]uit", "a.c", 3, "f", NULL, false);
  ls_program_finish (p);
  ls_consistency_check (p, &o, &c);
  UNIT_CHECK ("consistency: a notated word is named as read",
	      c.n == 1 && !strcmp (c.items[0].word, "colour"));
  ls_consistency_free (&c);
  ls_program_free (p);

  /* A tie: the first language decides.  */
  p = ls_program_new ();
  use (p, "Optimise it", "a.c", 1, "f", NULL, false);
  use (p, "Optimizing it", "a.c", 2, "f", NULL, false);
  ls_program_finish (p);
  ls_consistency_check (p, &o, &c);
  check_items ("consistency: tie, en_US flags British", &c,
	       "a.c:1: British spelling 'Optimise' in a program that mostly "
	       "uses American spelling ('Optimize')\n");
  ls_consistency_free (&c);
  o.lang = "en_GB,en_US";
  ls_consistency_check (p, &o, &c);
  check_items ("consistency: tie, en_GB flags American", &c,
	       "a.c:2: American spelling 'Optimizing' in a program that "
	       "mostly uses British spelling ('Optimising')\n");
  ls_consistency_free (&c);
  ls_program_free (p);

  /* One dialect only, one form only: nothing.  */
  p = ls_program_new ();
  use (p, "Pick a colour", "a.c", 1, "f", NULL, false);
  use (p, "Cannot go", "a.c", 2, "f", NULL, false);
  use (p, "Done.", "a.c", 3, "f", NULL, false);
  use (p, "done", "a.c", 4, "f", NULL, false);
  ls_program_finish (p);
  ls_consistency_check (p, &o, &c);
  UNIT_CHECK ("consistency: nothing without a mix (one-word messages "
	      "are not messages)", c.n == 0);
  ls_consistency_free (&c);
  ls_program_free (p);
  ls_options_free (&o);
}

/* Does A end with B, B shorter?  */
static bool
bytes_end_with (const struct ls_string *a, const struct ls_string *b)
{
  return a->nbytes > b->nbytes
	 && memcmp (a->bytes + a->nbytes - b->nbytes, b->bytes, b->nbytes) == 0;
}

/* Does A sort before B read from the end, byte by byte (element size
   first, a string before those it ends)?  */
static bool
reversed_before (const struct ls_string *a, const struct ls_string *b)
{
  if (a->elem_size != b->elem_size)
    return a->elem_size < b->elem_size;
  for (size_t k = 1; k <= a->nbytes && k <= b->nbytes; k++)
    if (a->bytes[a->nbytes - k] != b->bytes[b->nbytes - k])
      return a->bytes[a->nbytes - k] < b->bytes[b->nbytes - k];
  return a->nbytes < b->nbytes;
}

/* Forty strings that differ only by how many NULs they start with,
   added longest first: where a string starts and where a NUL is must
   stay apart however many strings share the rest, so each is the tail
   of the next longer one.  */
static void
test_suffixes_leading_nuls (void)
{
  ls_program *p = ls_program_new ();
  for (int m = 39; m >= 0; m--)
    {
      unsigned char bytes[48];
      memset (bytes, 0, (size_t) m);
      memcpy (bytes + m, "end", 3);
      struct ls_site site;
      memset (&site, 0, sizeof site);
      site.file = site.unit = "u.c", site.line = 1, site.function = "f";
      ls_program_add_use (p, bytes, (size_t) m + 3, 1, false, &site);
    }
  ls_program_finish (p);
  ls_dups d;
  ls_dups_analyze (p, &d);
  bool chained = d.n_suffixes == 39;
  for (size_t i = 0; chained && i < d.n_suffixes; i++)
    chained = d.suffixes[i].of->nbytes == d.suffixes[i].suffix->nbytes + 1;
  UNIT_CHECK ("tails: strings apart only by leading NULs", chained);
  ls_dups_free (&d);
  ls_program_free (p);
}

/* A string only in code LTO removes is no tail-merge candidate, and no
   live string is named as its tail: the linker never sees it.  */
static void
test_suffixes_dead (void)
{
  ls_program *p = ls_program_new ();
  use (p, "cannot open the file", "a.c", 1, "f", NULL, true);
  use (p, "the file", "a.c", 2, "f", NULL, false);
  use (p, "not found", "a.c", 3, "f", NULL, true);
  use (p, "file not found", "a.c", 4, "f", NULL, false);
  use (p, "server not found", "a.c", 5, "f", NULL, false);
  ls_program_finish (p);
  ls_dups d;
  ls_dups_analyze (p, &d);
  UNIT_CHECK ("tails: none of or in a dead string", d.n_suffixes == 0);
  ls_dups_free (&d);
  ls_program_free (p);
}

/* Tail-merge candidates in random programs of short strings over a
   small alphabet, NULs and high bytes included, of one and two bytes
   an element, some sharing long ends (dups.c sorts the strings by their
   bytes from the end): a string that is not empty is named as a tail
   exactly when another of its element size ends with it, and the
   string named with it is the first of those read from the end.  */
static void
test_suffixes_random (void)
{
  static const unsigned char alphabet[] = { 0, 'a', 'b', 0xff };
  /* Ends of seven bytes and of nineteen.  */
  static const char *const shared_ends[] = { " of %d\n",
					     " of %d of %d items\n" };
  srand (11);
  int wrong = 0, missed = 0;
  for (int round = 0; round < 60; round++)
    {
      ls_program *p = ls_program_new ();
      /* Enough strings that ranges longer than dups.c's few tails
	 reach the starts of strings, and in the last rounds ranges of
	 hundreds deep into ends of NULs and one letter.  */
      int n_strings_made = round < 54 ? 300 : 3000;
      for (int i = 0; i < n_strings_made; i++)
	{
	  unsigned char bytes[48];
	  unsigned elem_size = round % 2 ? 1 + (unsigned) rand () % 2 : 1;
	  size_t n = 1 + (size_t) rand () % (round % 3 ? 4 : 12);
	  /* The big programs' strings of NULs and one letter: many
	     share long ends, where a string's start and a NUL meet.  */
	  int letters = n_strings_made > 300 ? 2 : 4;
	  for (size_t k = 0; k < n; k++)
	    bytes[k] = alphabet[rand () % letters];
	  if (rand () % 2)
	    {
	      const char *end = shared_ends[round % 4 < 2 ? 0 : rand () % 2];
	      memcpy (bytes + n, end, strlen (end));
	      n += strlen (end);
	    }
	  n -= n % elem_size;
	  struct ls_site site;
	  memset (&site, 0, sizeof site);
	  site.file = site.unit = "u.c", site.line = 1, site.function = "f";
	  ls_program_add_use (p, bytes, n, elem_size, false, &site);
	}
      ls_program_finish (p);
      ls_dups d;
      ls_dups_analyze (p, &d);
      size_t n_strings = ls_program_n_strings (p), named = 0;
      for (size_t i = 0; i < n_strings; i++)
	{
	  const struct ls_string *t = ls_program_string (p, i), *first = NULL;
	  if (t->nbytes <= t->elem_size)
	    continue;		/* Empty: it ends everything.  */
	  for (size_t j = 0; j < n_strings; j++)
	    {
	      const struct ls_string *l = ls_program_string (p, j);
	      if (l->elem_size == t->elem_size && bytes_end_with (l, t)
		  && (!first || reversed_before (l, first)))
		first = l;
	    }
	  if (!first)
	    continue;
	  named++;
	  size_t k = 0;
	  while (k < d.n_suffixes && d.suffixes[k].suffix != t)
	    k++;
	  missed += k == d.n_suffixes || d.suffixes[k].of != first;
	}
      wrong += d.n_suffixes != named;
      ls_dups_free (&d);
      ls_program_free (p);
    }
  UNIT_CHECK ("tails: random programs, every tail found once", wrong == 0);
  UNIT_CHECK ("tails: random programs, each with the first string it ends",
	      missed == 0);
}

/* The near-duplicate key of TEXT as dups.c describes it, for strings
   without NULs: trailing blanks and punctuation dropped, lowercase;
   "" when no letter is left.  */
static void
expected_near_key (const char *text, char *key)
{
  size_t len = strlen (text);
  while (len > 0 && strchr (" \t\r\n.!?:;,", text[len - 1]))
    len--;
  bool letter = false;
  for (size_t i = 0; i < len; i++)
    {
      key[i] = (char) tolower ((unsigned char) text[i]);
      letter |= isalpha ((unsigned char) text[i]) != 0;
    }
  key[letter ? len : 0] = '\0';
}

/* The place of S in P's order.  */
static size_t
index_of (const ls_program *p, const struct ls_string *s)
{
  size_t i = 0;
  while (ls_program_string (p, i) != s)
    i++;
  return i;
}

/* Near duplicates in random programs (dups.c groups the keys by a
   hash): one group for each key that two or more strings share, each
   holding all of them in the program's order, the groups in the order
   of their first strings.  */
static void
test_near_random (void)
{
  /* Letters, and the bytes next to 'A', 'Z', 'a' and 'z', in strings
     long enough to be read eight bytes at a time.  */
  static const char alphabet[] = "aAbB. !zZ@[`{";
  srand (13);
  int wrong = 0;
  for (int round = 0; round < 50; round++)
    {
      ls_program *p = ls_program_new ();
      char prev[24] = "";
      for (int i = 0; i < 80; i++)
	{
	  char text[24];
	  size_t n = 1 + (size_t) rand () % (i % 2 ? 10 : 20);
	  for (size_t k = 0; k < n; k++)
	    text[k] = alphabet[rand () % (i % 3 ? 8 : 13)];
	  if (i % 8 == 2)
	    {
	      /* No letter: no key, whatever its near duplicate.  */
	      for (size_t k = 0; k < n; k++)
		text[k] = "@[`{ !"[rand () % 6];
	      text[n - 1] = '{';
	    }
	  text[n] = '\0';
	  /* Every fourth string the one before in other capitals, with a
	     full stop or not: a near duplicate at any length.  */
	  if (i % 4 == 3 && strlen (prev) < 22)
	    {
	      n = strlen (prev);
	      for (size_t k = 0; k < n; k++)
		text[k] = (char) (rand () % 2 ? toupper ((unsigned char) prev[k])
				  : tolower ((unsigned char) prev[k]));
	      if (rand () % 2)
		text[n++] = '.';
	      text[n] = '\0';
	    }
	  memcpy (prev, text, n + 1);
	  use (p, text, "u.c", 1, "f", NULL, false);
	}
      ls_program_finish (p);
      ls_dups d;
      ls_dups_analyze (p, &d);
      size_t n_strings = ls_program_n_strings (p), groups = 0;
      char ki[24], kj[24];
      for (size_t i = 0; i < n_strings; i++)
	{
	  expected_near_key (ls_program_string (p, i)->text, ki);
	  size_t same = 0, earlier = 0;
	  for (size_t j = 0; j < n_strings && ki[0]; j++)
	    {
	      expected_near_key (ls_program_string (p, j)->text, kj);
	      same += strcmp (ki, kj) == 0;
	      earlier += j < i && strcmp (ki, kj) == 0;
	    }
	  groups += same >= 2 && earlier == 0;
	}
      wrong += d.n_near != groups;
      size_t members = 0, expected_members = 0;
      for (size_t i = 0; i < n_strings; i++)
	{
	  expected_near_key (ls_program_string (p, i)->text, ki);
	  size_t same = 0;
	  for (size_t j = 0; j < n_strings && ki[0]; j++)
	    {
	      expected_near_key (ls_program_string (p, j)->text, kj);
	      same += strcmp (ki, kj) == 0;
	    }
	  expected_members += same >= 2;
	}
      for (size_t g = 0; g < d.n_near; g++)
	{
	  size_t first = index_of (p, d.near[g].members[0]);
	  wrong += d.near[g].first_index != first;
	  wrong += g > 0 && d.near[g - 1].first_index >= first;
	  for (size_t m = 0; m < d.near[g].n_members; m++)
	    {
	      expected_near_key (d.near[g].members[m]->text, ki);
	      wrong += strcmp (ki, d.near[g].key) != 0;
	      wrong += m > 0 && index_of (p, d.near[g].members[m - 1])
				>= index_of (p, d.near[g].members[m]);
	      members++;
	    }
	}
      wrong += members != expected_members;
      ls_dups_free (&d);
      ls_program_free (p);
    }
  UNIT_CHECK ("near: random programs, one group a shared key", wrong == 0);
}

/* Every free of the core and of this test comes here (the Makefile
   links test_dups with --wrap=free): the blocks of LS_BIG_BLOCK bytes
   or more that glibc had mapped, which raise its mmap threshold when
   freed.  glibc's chunk header, the size word before the block, says
   so (bit 1, IS_MMAPPED); AddressSanitizer's blocks have none.  */
void __real_free (void *p);
void __wrap_free (void *p);
static size_t mapped_frees;

void
__wrap_free (void *p)
{
#ifdef __SANITIZE_ADDRESS__
  (void) mapped_frees;
#else
  size_t header = p ? ((size_t *) p)[-1] : 0;
  if ((header & 2) && (header & ~(size_t) 7) >= LS_BIG_BLOCK)
    mapped_frees++;
#endif
  __real_free (p);
}

/* The big temporary blocks of a program (the string table's hash
   sets, the duplicate analysis, the consistency tier's arrays) are
   the core's own mappings, not malloc's: freeing them leaves glibc's
   mmap threshold where lto1 had it (util.h, LS_BIG_BLOCK).  20,000
   strings make every one of them larger than 128 KB (the hash sets
   grow to 1 MB).  AddressSanitizer's malloc has no such threshold:
   not checked there.  */
static void
test_big_blocks_leave_malloc_alone (void)
{
#ifndef __SANITIZE_ADDRESS__
  mapped_frees = 0;
  ls_program *p = ls_program_new ();
  char text[64], unit[16];
  for (unsigned i = 0; i < 20000; i++)
    {
      snprintf (text, sizeof text, "message number %u of the program", i);
      snprintf (unit, sizeof unit, "u%u.c", i % 50);
      use (p, text, unit, i + 1, "f", NULL, false);
      if (i % 3 == 0)
	use (p, text, "other.c", i + 1, "g", NULL, false);
    }
  ls_program_finish (p);
  ls_dups d;
  ls_dups_analyze (p, &d);
  struct ls_options o;
  ls_options_init (&o);
  struct ls_consistency c;
  ls_consistency_check (p, &o, &c);
  bool found = d.n > 1000;
  ls_consistency_free (&c);
  ls_options_free (&o);
  ls_dups_free (&d);
  ls_program_free (p);
  UNIT_CHECK ("big blocks: the program had duplicates", found);
  UNIT_CHECK ("big blocks: no block that malloc mapped was freed",
	      mapped_frees == 0);
#endif
}

int
main (void)
{
  test_big_blocks_leave_malloc_alone ();
  test_many_uses ();
  test_suffixes_random ();
  test_suffixes_leading_nuls ();
  test_suffixes_dead ();
  test_near_random ();
  test_copies ();
  test_near_and_tails ();
  test_near_nuls ();
  test_consistency ();
  return unit_done ("test_dups");
}
