/* test_precision.c: unit tests for sinks.c, known.c, ignore.c and the
   filters of check.c, with a real speller (enchant, en_US).

   Programs are built with the real string table, with uses carrying a
   callee, argument position and format kind as the plugin records
   them.  Files (typos lists, regular expressions, source files with
   "ltospell:ignore" comments) are written into a fresh temporary
   directory, which is also HOME so that enchant never writes into the
   user's.  */

#include "check.h"
#include "confidence.h"
#include "findings.h"
#include "ignore.h"
#include "known.h"
#include "options.h"
#include "results.h"
#include "sinks.h"
#include "speller.h"
#include "strtab.h"
#include "words.h"
#include "unit.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char temp_dir[256];

/* Write TEXT to NAME in the temporary directory; return its path.  */
static const char *
write_file (const char *name, const char *text)
{
  static char paths[8][512];
  static int next;
  char *path = paths[next++ % 8];
  snprintf (path, sizeof paths[0], "%s/%s", temp_dir, name);
  FILE *f = fopen (path, "w");
  if (!f)
    {
      perror (path);
      exit (2);
    }
  fputs (text, f);
  fclose (f);
  return path;
}

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
site (const char *file, unsigned line, const char *callee, unsigned arg,
      unsigned format)
{
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = file;
  s.line = line;
  s.column = 1;
  s.unit = file;
  s.function = "main";
  s.callee = callee;
  s.arg_index = arg;
  s.format = format;
  return s;
}

static void
use (ls_program *p, const char *text, struct ls_site s)
{
  ls_program_add_use (p, text, strlen (text) + 1, 1, false, &s);
}

static void
plain (ls_program *p, const char *text)
{
  use (p, text, site ("a.c", 1, NULL, 0, LS_FORMAT_NONE));
}

/* The findings as "word" or "word>fix", "!" after user-visible ones,
   joined by spaces.  */
static const char *
describe (const ls_findings *f)
{
  static char buf[900];
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < f->n && used < sizeof buf; i++)
    used += snprintf (buf + used, sizeof buf - used, "%s%s%s%s%s",
		      i ? " " : "", f->items[i].word,
		      f->items[i].fix ? ">" : "",
		      f->items[i].fix ? f->items[i].fix : "",
		      f->items[i].user_visible ? "!" : "");
  return buf;
}

/* Check P with default options plus KEY=VALUE pairs (NULL-terminated)
   and compare the findings with WANT.  Frees P.  */
static void
expect (const char *name, ls_program *p, const char *want,
	const char *const *kv)
{
  struct ls_options o;
  ls_options_init (&o);
  for (; kv && kv[0]; kv += 2)
    {
      char *err = NULL;
      if (ls_options_set (&o, kv[0], kv[1], &err) != 0)
	{
	  unit_report (0, name, err ? err : "bad option");
	  free (err);
	  ls_program_free (p);
	  return;
	}
    }
  char *err = NULL;
  ls_filters *filters = ls_filters_new (&o, &err);
  if (!filters)
    {
      unit_report (0, name, err ? err : "ls_filters_new failed");
      free (err);
      ls_options_free (&o);
      ls_program_free (p);
      return;
    }
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  ls_findings f;
  ls_check_program (p, sp, filters, &f);
  UNIT_STREQ (name, describe (&f), want);
  ls_findings_free (&f);
  ls_speller_free (sp);
  ls_filters_free (filters);
  ls_options_free (&o);
  ls_program_free (p);
}

/* ------------------------------------------------------------------ */
/* sinks.c                                                             */

static void
test_sink_table (void)
{
  ls_sinks *s = ls_sinks_new (true);
  UNIT_CHECK ("sinks: getenv", ls_sinks_takes (s, "getenv", 1));
  UNIT_CHECK ("sinks: strcmp, either side", ls_sinks_takes (s, "strcmp", 1)
	      && ls_sinks_takes (s, "strcmp", 2));
  UNIT_CHECK ("sinks: fopen's mode", ls_sinks_takes (s, "fopen", 2));
  UNIT_CHECK ("sinks: dlsym", ls_sinks_takes (s, "dlsym", 2));
  UNIT_CHECK ("sinks: getopt's option string only",
	      ls_sinks_takes (s, "getopt", 3) && !ls_sinks_takes (s, "getopt", 1));
  UNIT_CHECK ("sinks: regcomp's pattern only",
	      ls_sinks_takes (s, "regcomp", 2) && !ls_sinks_takes (s, "regcomp", 1));
  UNIT_CHECK ("sinks: printf is not one", !ls_sinks_takes (s, "printf", 1));
  UNIT_CHECK ("sinks: a program's comparison named as the library's",
	      ls_sinks_takes (s, "ascii_strcasecmp", 2)
	      && ls_sinks_takes (s, "c_strcasecmp", 1)
	      && ls_sinks_takes (s, "g_ascii_strncasecmp", 2)
	      && ls_sinks_takes (s, "my_strcmp", 1));
  UNIT_CHECK ("sinks: but only after a prefix ending in '_'",
	      !ls_sinks_takes (s, "xstrcmp", 1)
	      && !ls_sinks_takes (s, "_strcmp", 1)
	      && !ls_sinks_takes (s, "my_strcmp_all", 1)
	      && !ls_sinks_takes (s, "my_strstr", 1));
  UNIT_STREQ ("sinks: a builtin goes by the library's name",
	      ls_callee_name ("__builtin_strcmp"), "strcmp");
  UNIT_STREQ ("sinks: other names are kept", ls_callee_name ("strcmp"),
	      "strcmp");
  UNIT_STREQ ("sinks: the bare prefix is kept", ls_callee_name ("__builtin_"),
	      "__builtin_");
  UNIT_CHECK ("sinks: no name", ls_callee_name (NULL) == NULL);
  char *add_err = NULL;
  UNIT_CHECK ("sinks: sink=__builtin_NAME is NAME",
	      ls_sinks_add (s, "__builtin_myfind:2", &add_err) == 0
	      && ls_sinks_takes (s, "myfind", 2)
	      && !ls_sinks_takes (s, "myfind", 1));
  free (add_err);
  UNIT_CHECK ("sinks: no callee is not one", !ls_sinks_takes (s, NULL, 1));
  UNIT_CHECK ("sinks: names are exact", !ls_sinks_takes (s, "getenvx", 1)
	      && !ls_sinks_takes (s, "Getenv", 1));
  char *err = NULL;
  UNIT_CHECK ("sinks: FUNC added", ls_sinks_add (s, "options_get", &err) == 0
	      && ls_sinks_takes (s, "options_get", 7));
  UNIT_CHECK ("sinks: FUNC:N added", ls_sinks_add (s, "lookup:2", &err) == 0
	      && ls_sinks_takes (s, "lookup", 2)
	      && !ls_sinks_takes (s, "lookup", 1));
  UNIT_CHECK ("sinks: C++ name kept whole",
	      ls_sinks_add (s, "ns::find", &err) == 0
	      && ls_sinks_takes (s, "ns::find", 1));
  UNIT_CHECK ("sinks: bad spec refused", ls_sinks_add (s, "a b", &err) == -1
	      && err && strstr (err, "'a b'"));
  free (err);
  err = NULL;
  UNIT_CHECK ("sinks: empty name refused", ls_sinks_add (s, ":3", &err) == -1);
  free (err);
  ls_sinks_free (s);

  s = ls_sinks_new (false);
  UNIT_CHECK ("sinks=off: no defaults", !ls_sinks_takes (s, "getenv", 1));
  UNIT_CHECK ("sinks=off: no named comparisons",
	      !ls_sinks_takes (s, "ascii_strcasecmp", 2));
  ls_sinks_free (s);
}

static void
test_site_kinds (void)
{
  ls_sinks *s = ls_sinks_new (true);
  struct ls_site g = site ("a.c", 1, "getenv", 1, LS_FORMAT_NONE);
  struct ls_site f = site ("a.c", 1, "fopen", 2, LS_FORMAT_PRINTF);
  UNIT_CHECK ("site: getenv argument is a sink", ls_sinks_site (s, &g));
  UNIT_CHECK ("site: a format argument never is", !ls_sinks_site (s, &f));
  ls_sinks_free (s);

  struct ls_site t = site ("a.c", 1, "dcgettext", 2, LS_FORMAT_NONE);
  struct ls_site fa = site ("a.c", 1, "my_translate", 1, LS_FORMAT_ARG);
  struct ls_site pf = site ("a.c", 1, "printf", 1, LS_FORMAT_PRINTF);
  UNIT_CHECK ("visible: dcgettext", ls_site_user_visible (&t));
  UNIT_CHECK ("visible: format_arg", ls_site_user_visible (&fa));
  UNIT_CHECK ("visible: printf is not gettext", !ls_site_user_visible (&pf));
  /* Each first letter of the gettext functions, and names that share
     only the first letter.  */
  static const char *const visible[] = { "_", "N_", "Q_", "C_", "gettext",
    "ngettext", "pgettext", "g_dpgettext2", "libintl_ngettext" };
  static const char *const not_visible[] = { "__", "Nx", "C", "gettext_",
    "log", "puts", "Q", "dcgettex", "\xc3\xa9" "crire", "" };
  for (size_t i = 0; i < sizeof visible / sizeof *visible; i++)
    {
      struct ls_site v = site ("a.c", 1, visible[i], 1, LS_FORMAT_NONE);
      UNIT_CHECK (visible[i], ls_site_user_visible (&v));
    }
  for (size_t i = 0; i < sizeof not_visible / sizeof *not_visible; i++)
    {
      struct ls_site v = site ("a.c", 1, not_visible[i], 1, LS_FORMAT_NONE);
      UNIT_CHECK (not_visible[i], !ls_site_user_visible (&v));
    }
  struct ls_site sc = site ("a.c", 1, "sscanf", 2, LS_FORMAT_SCANF);
  struct ls_site sf = site ("a.c", 1, "strftime", 3, LS_FORMAT_STRFTIME);
  UNIT_CHECK ("flags: scanf", ls_site_split_flags (&sc) == LS_SPLIT_SCANF);
  UNIT_CHECK ("flags: strftime",
	      ls_site_split_flags (&sf) == LS_SPLIT_STRFTIME);
  UNIT_CHECK ("flags: printf is the default",
	      ls_site_split_flags (&pf) == LS_SPLIT_DEFAULT);
}

/* ------------------------------------------------------------------ */
/* known.c                                                             */

static void
test_known_lists (void)
{
  ls_known *k = ls_known_new ();
  char *err = NULL;
  const char *path = write_file ("typos.txt",
				 "# comment\n"
				 "recieve->receive\n"
				 "abbout->about, abbot,\n"
				 "clas->class, disabled because of name clash\n"
				 "  teh -> the  \n"
				 "\n"
				 "reencode->re-encode\n"
				 "setup->set up\n");
  UNIT_CHECK ("known: file read", ls_known_add_file (k, path, &err) == 0);
  UNIT_STREQ ("known: plain", ls_known_fix (k, "recieve", 7), "receive");
  UNIT_STREQ ("known: first of several", ls_known_fix (k, "abbout", 6),
	      "about");
  UNIT_STREQ ("known: reason dropped", ls_known_fix (k, "clas", 4), "class");
  UNIT_STREQ ("known: blanks trimmed", ls_known_fix (k, "teh", 3), "the");
  UNIT_STREQ ("known: Capitalized", ls_known_fix (k, "Recieve", 7),
	      "Receive");
  UNIT_STREQ ("known: ALL CAPS", ls_known_fix (k, "RECIEVE", 7), "RECEIVE");
  UNIT_STREQ ("known: length counts", ls_known_fix (k, "recieved", 7),
	      "receive");
  UNIT_CHECK ("known: other words", ls_known_fix (k, "receive", 7) == NULL
	      && ls_known_fix (k, "recieved", 8) == NULL);
  UNIT_CHECK ("known: hyphenation-only entries left out",
	      ls_known_fix (k, "reencode", 8) == NULL
	      && ls_known_fix (k, "setup", 5) == NULL);
  UNIT_CHECK ("known: size", ls_known_size (k) == 4);
  ls_known_add (k, "recieve", "receives");
  UNIT_STREQ ("known: a later entry wins", ls_known_fix (k, "recieve", 7),
	      "receives");

  const char *bad = write_file ("bad-typos.txt", "good->fine\nno arrow\n");
  UNIT_CHECK ("known: bad line refused with its number",
	      ls_known_add_file (k, bad, &err) == -1 && err
	      && strstr (err, ":2:") && strstr (err, "no arrow"));
  free (err);
  err = NULL;
  UNIT_CHECK ("known: missing file refused",
	      ls_known_add_file (k, "/nonexistent/typos", &err) == -1 && err
	      && strstr (err, "/nonexistent/typos"));
  free (err);
  ls_known_free (k);
}

static void
test_codespell (void)
{
  const char *path = ls_known_codespell_path ();
  UNIT_CHECK ("codespell: installed (Debian package codespell)", path != NULL);
  if (!path)
    return;
  ls_known *k = ls_known_new ();
  char *err = NULL;
  UNIT_CHECK ("codespell: its list reads", ls_known_add_file (k, path, &err)
	      == 0);
  free (err);
  UNIT_CHECK ("codespell: tens of thousands of entries",
	      ls_known_size (k) > 20000);
  UNIT_STREQ ("codespell: seperate", ls_known_fix (k, "seperate", 8),
	      "separate");
  UNIT_STREQ ("codespell: occured", ls_known_fix (k, "occured", 7),
	      "occurred");
  ls_known_free (k);
}

/* Every key of codespell's list, hyphenation-only entries included:
   ls_known_add keeps what ls_known_add_file would leave out.  */
static ls_known *
codespell_keys (const char *path)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return NULL;
  ls_known *k = ls_known_new ();
  char *line = NULL;
  size_t cap = 0;
  while (getline (&line, &cap, f) > 0)
    {
      char *arrow = strstr (line, "->");
      if (arrow && arrow != line)
	{
	  *arrow = '\0';
	  ls_known_add (k, line, "-");
	}
    }
  free (line);
  fclose (f);
  return k;
}

/* The words of the list at PATH that are keys of K, into BAD.  */
static void
known_words_of_list (ls_known *k, const char *path, char *bad, size_t size)
{
  FILE *f = fopen (path, "r");
  if (!f)
    return;
  char *line = NULL;
  size_t cap = 0;
  while (getline (&line, &cap, f) > 0)
    {
      line[strcspn (line, "#")] = '\0';
      char *word = line + strspn (line, " \t");
      size_t len = strcspn (word, " \t\r\n");
      if (len > 0 && ls_known_fix (k, word, len))
	{
	  size_t used = strlen (bad);
	  snprintf (bad + used, size - used, " %.*s", (int) len, word);
	}
    }
  free (line);
  fclose (f);
}

/* A word-list entry beats the known-misspelling list, so an entry that
   is on codespell's list hides that misspelling from every program:
   "uptodate" in dict/reviewed.txt hid the typo git fixed in "Already
   uptodate!".  No entry of the word lists in the project's dict/ may
   be a key of codespell's list.  */
static void
test_dict_has_no_known_misspelling (const char *top)
{
  const char *path = ls_known_codespell_path ();
  ls_known *k = path ? codespell_keys (path) : NULL;
  char dir[1100];
  snprintf (dir, sizeof dir, "%s/dict", top);
  DIR *d = opendir (dir);
  UNIT_CHECK ("dict: codespell's list and dict/ are there", k && d);
  if (!k || !d)
    {
      if (d)
	closedir (d);
      ls_known_free (k);
      return;
    }
  char bad[1024] = "";
  size_t lists = 0;
  struct dirent *e;
  while ((e = readdir (d)) != NULL)
    {
      size_t n = strlen (e->d_name);
      if (n < 5 || strcmp (e->d_name + n - 4, ".txt") != 0)
	continue;
      char list[1400];
      snprintf (list, sizeof list, "%s/%s", dir, e->d_name);
      known_words_of_list (k, list, bad, sizeof bad);
      lists++;
    }
  closedir (d);
  UNIT_CHECK ("dict: word lists found", lists >= 2);
  UNIT_CHECK ("dict: no entry is on codespell's list", bad[0] == '\0');
  if (bad[0])
    fprintf (stderr, "  on codespell's list:%s\n", bad);
  ls_known_free (k);
}

/* ------------------------------------------------------------------ */
/* ignore.c                                                            */

struct spans
{
  char out[200];
  size_t used;
};

static void
collect_span (size_t start, size_t end, void *data)
{
  struct spans *s = data;
  s->used += snprintf (s->out + s->used, sizeof s->out - s->used, "%s%zu-%zu",
		       s->used ? " " : "", start, end);
}

static void
test_regexes (void)
{
  ls_ignore *ig = ls_ignore_new ();
  char *err = NULL;
  const char *path = write_file ("ignore.txt",
				 "# words of our own\n"
				 "\\bfoob[a-z]*\n"
				 "^Usage:.*\n");
  UNIT_CHECK ("regex: file read", ls_ignore_add_regex_file (ig, path, &err)
	      == 0);
  struct spans s = { "", 0 };
  const char text[] = "a foobar and foobaz\0Usage: prog";
  ls_ignore_spans (ig, text, sizeof text - 1, collect_span, &s);
  UNIT_STREQ ("regex: every match, both parts", s.out,
	      "2-8 13-19 20-31");
  UNIT_CHECK ("regex: bad one refused",
	      ls_ignore_add_regex (ig, "a(b", &err) == -1 && err
	      && strstr (err, "a(b"));
  free (err);
  ls_ignore_free (ig);
}

static void
test_excludes (void)
{
  ls_ignore *ig = ls_ignore_new ();
  ls_ignore_add_exclude (ig, "*.pb.c");
  ls_ignore_add_exclude (ig, "third_party/*");
  struct ls_site a = site ("src/msg.pb.c", 1, NULL, 0, 0);
  struct ls_site b = site ("./third_party/zlib/x.c", 1, NULL, 0, 0);
  struct ls_site c = site ("src/main.c", 1, NULL, 0, 0);
  struct ls_site d = site ("gen.h", 1, NULL, 0, 0);
  d.unit = "out/api.pb.c";
  UNIT_CHECK ("exclude: base name", ls_ignore_excludes_site (ig, &a));
  UNIT_CHECK ("exclude: directory glob after a prefix",
	      ls_ignore_excludes_site (ig, &b));
  UNIT_CHECK ("exclude: others kept", !ls_ignore_excludes_site (ig, &c));
  UNIT_CHECK ("exclude: by unit", ls_ignore_excludes_site (ig, &d));
  ls_ignore_free (ig);
}

static void
test_directives (void)
{
  const char *src = write_file ("dir.c",
				"int x;\n"
				"f (\"teh\"); /* ltospell:ignore */\n"
				"g (\"zorp flurb\"); // ltospell:ignore zorp\n"
				"h (\"plain\");\n");
  ls_ignore *ig = ls_ignore_new ();
  struct ls_site l2 = site (src, 2, NULL, 0, 0);
  struct ls_site l3 = site (src, 3, NULL, 0, 0);
  struct ls_site l4 = site (src, 4, NULL, 0, 0);
  struct ls_site l9 = site (src, 9, NULL, 0, 0);
  struct ls_site gone = site ("/nonexistent/x.c", 2, NULL, 0, 0);
  UNIT_STREQ ("directive: whole use", ls_ignore_source_directive (ig, &l2),
	      "");
  UNIT_STREQ ("directive: words", ls_ignore_source_directive (ig, &l3),
	      "zorp");
  UNIT_CHECK ("directive: none on a plain line",
	      ls_ignore_source_directive (ig, &l4) == NULL);
  UNIT_CHECK ("directive: line past the end",
	      ls_ignore_source_directive (ig, &l9) == NULL);
  UNIT_CHECK ("directive: unreadable file has none",
	      ls_ignore_source_directive (ig, &gone) == NULL);
  UNIT_STREQ ("directive: the first file again after another",
	      ls_ignore_source_directive (ig, &l3), "zorp");
  UNIT_CHECK ("directive: names its word, any case",
	      ls_ignore_directive_names ("zorp blig", "Zorp", 4)
	      && ls_ignore_directive_names ("zorp blig", "blig", 4)
	      && !ls_ignore_directive_names ("zorp blig", "zor", 3)
	      && ls_ignore_directive_names ("", "any", 3)
	      && !ls_ignore_directive_names (NULL, "any", 3));
  ls_ignore_free (ig);
}

/* ------------------------------------------------------------------ */
/* check.c with filters                                                */

static void
test_check_sinks (void)
{
  ls_program *p = ls_program_new ();
  use (p, "Wierd Varible", site ("a.c", 1, "getenv", 1, LS_FORMAT_NONE));
  use (p, "zorp flurb mode", site ("a.c", 2, "strcmp", 2, LS_FORMAT_NONE));
  use (p, "blarg quux here", site ("a.c", 3, "strcmp", 2, LS_FORMAT_NONE));
  use (p, "blarg quux here", site ("a.c", 4, "puts", 1, LS_FORMAT_NONE));
  expect ("check: sink-only strings skipped, shared ones checked", p,
	  "blarg quux", NULL);
  p = ls_program_new ();
  use (p, "zorp flurb mode", site ("a.c", 2, "strcmp", 2, LS_FORMAT_NONE));
  use (p, "blarg quux here", site ("a.c", 3, "my_lookup", 1, LS_FORMAT_NONE));
  static const char *const off[] = { "sinks", "off", "sink", "my_lookup",
				     NULL };
  expect ("check: sinks=off checks strcmp's, sink=FUNC adds one", p,
	  "zorp flurb", off);
}

static void
test_check_tiers (void)
{
  ls_program *p = ls_program_new ();
  const char *typos = write_file ("t2.txt", "zorpen->open\n");
  plain (p, "We recieve it and zorpen the blarg");
  const char *const with[] = { "typos", typos, NULL };
  expect ("check: known tier with fixes, unknown without", p,
	  "recieve>receive zorpen>open blarg", with);
}

static void
test_check_visible (void)
{
  ls_program *p = ls_program_new ();
  use (p, "Cannot blarg the file", site ("a.c", 1, "dcgettext", 2,
					  LS_FORMAT_NONE));
  use (p, "Cannot zorp the file", site ("a.c", 2, "fprintf", 2,
					 LS_FORMAT_PRINTF));
  expect ("check: gettext strings are user-visible", p, "blarg! zorp",
	  NULL);
}

static void
test_check_formats (void)
{
  ls_program *p = ls_program_new ();
  use (p, "Read %[^\n] then %Y zorp", site ("a.c", 1, "sscanf", 2,
					       LS_FORMAT_SCANF));
  /* Not "%M blarg %d": a word between two values is a value's label
     (test_check_value_labels).  */
  use (p, "At %Hh%M blarg it %d", site ("a.c", 2, "strftime", 3,
					LS_FORMAT_STRFTIME));
  expect ("check: scanf sets and strftime conversions skipped", p,
	  "zorp blarg", NULL);
}

/* A capitals run the splitter cut before its last capital, as in
   "HTTPResponse", whose tail is a word without that capital: "DECnet",
   "MACsec".  A typo's tail is no word, and stays a finding.  */
static void
test_check_acronym_tails (void)
{
  ls_program *p = ls_program_new ();
  use (p, "use DECnet, MACsec or RAMbuffer over HTTPRezponse now",
       site ("a.c", 1, "printf", 1, LS_FORMAT_PRINTF));
  expect ("check: a word after capitals, cut one letter early", p,
	  "Rezponse", NULL);
}

/* The label of a printed value names a field: only the known list
   judges it.  A word after another word is prose, and so is one with
   no value after it.  */
static void
test_check_value_labels (void)
{
  ls_program *p = ls_program_new ();
  use (p, " tbytez %lu fbytez %lu, lenght %u",
       site ("a.c", 1, "printf", 1, LS_FORMAT_PRINTF));
  use (p, "cannot blarg %s", site ("a.c", 2, "printf", 1, LS_FORMAT_PRINTF));
  use (p, "the zorp field", site ("a.c", 3, "printf", 1, LS_FORMAT_PRINTF));
  use (p, "Writign %s", site ("a.c", 4, "printf", 1, LS_FORMAT_PRINTF));
  use (p, "%s siad %s", site ("a.c", 5, "printf", 1, LS_FORMAT_PRINTF));
  use (p, "at 100%% cmoplete %d", site ("a.c", 6, "printf", 1,
					 LS_FORMAT_PRINTF));
  expect ("check: value labels: known misspellings only", p,
	  "lenght>length blarg zorp Writign siad cmoplete", NULL);
}

/* A lowercase word right after a string's conversion is the rest of a
   word the argument begins ("%sabled"); a capitalised one is a word
   after a colour code, and a known misspelling is reported anywhere.  */
static void
test_check_word_rests (void)
{
  ls_program *p = ls_program_new ();
  use (p, "replay detection %sabled", site ("a.c", 1, "printf", 1,
					    LS_FORMAT_PRINTF));
  use (p, "%sWarnign:%s disk full", site ("a.c", 2, "printf", 1,
					  LS_FORMAT_PRINTF));
  use (p, "%sZorpfail%s now", site ("a.c", 3, "printf", 1,
				     LS_FORMAT_PRINTF));
  expect ("check: a word's rest after %s, not a word after a colour", p,
	  "Warnign>Warning Zorpfail", NULL);
}

static void
test_check_ignores (void)
{
  const char *src = write_file ("ign.c",
				"a (\"teh zorp\"); /* ltospell:ignore */\n"
				"b (\"zorp flurb\"); // ltospell:ignore zorp\n"
				"c (\"zorp flurb\");\n");
  const char *re = write_file ("ign.txt", "blarg[a-z]*\n");
  ls_program *p = ls_program_new ();
  use (p, "teh zorp now", site (src, 1, NULL, 0, LS_FORMAT_NONE));
  use (p, "zorp flurb now", site (src, 2, NULL, 0, LS_FORMAT_NONE));
  use (p, "blargish quux now", site ("b.c", 1, NULL, 0, LS_FORMAT_NONE));
  use (p, "glorp splut now", site ("gen/x.c", 1, NULL, 0, LS_FORMAT_NONE));
  const char *const kv[] = { "ignore", re, "exclude", "gen/*", NULL };
  expect ("check: directives, regexes and excludes", p, "flurb quux", kv);

  p = ls_program_new ();
  use (p, "zorp flurb now", site (src, 2, NULL, 0, LS_FORMAT_NONE));
  use (p, "zorp flurb now", site (src, 3, NULL, 0, LS_FORMAT_NONE));
  expect ("check: a use without the directive keeps the word", p,
	  "zorp flurb", NULL);
}

static void
test_check_shapes (void)
{
  ls_program *p = ls_program_new ();
  plain (p, "zorpish");			/* One token: a name.  */
  plain (p, " flurbix~");		/* Blanks around do not make prose.  */
  plain (p, "use the zorpish mode");	/* Learnt from "zorpish".  */
  plain (p, "the DECSLRM flag and the mq key");
  plain (p, "It doesn\xe2\x80\x99t matter, we\xe2\x80\x99ll see");
  /* Checked as "Alloc" (no word list here), "skip" and "grep".  */
  plain (p, "Alloc'd twice and skip'ped, grep'ing");
  plain (p, "unhandled unstaged reencoding subproject");
  plain (p, "recieve");			/* Known even alone.  */
  plain (p, "the intohistory bug");
  expect ("check: prose shapes", p, "Alloc recieve>receive intohistory>into history",
	  NULL);
}

/* Program source built into the program is data, not prose: only
   known misspellings count there.  Help texts of several lines stay
   prose.  */
static void
test_check_code (void)
{
  ls_program *p = ls_program_new ();
  plain (p, "#!/usr/bin/env python\n# Serve the zorpgraph.\n"
	    "import argparse\nimport flurbserver\n\n"
	    "def blargify(node):\n    return node.quuxname\n\n"
	    "parser = argparse.ArgumentParser(prog='zorp')\n"
	    "print('we recieve it')\n");
  plain (p, "<style>\nbody {\n  font-family: monoglorp;\n}\n"
	    "tt { white-space: nowrapz; }\n</style>\n");
  plain (p, "static int\nsplork (void)\n{\n  return frobz;\n}\n");
  expect ("check: program source is data: only known misspellings", p,
	  "recieve>receive", NULL);

  p = ls_program_new ();
  plain (p, "usage: ninja [options] [targets...]\n\n"
	    "if targets are unspecified, builds the 'default' target "
	    "(see manual).\n\noptions:\n"
	    "  -C DIR   change to DIR before zorping anything\n"
	    "  -f FILE  specify input build file [default=build.ninja]\n"
	    "  -j N     run N jobs in parallel (0 means infinity)\n");
  plain (p, "Your branch is ahead of 'origin' by %d commits.\n"
	    "  (use \"git push\" to publish your local flurbits)\n"
	    "x = 1 is how\nyou set it\nin the\nblargfile\n");
  expect ("check: help texts of several lines are prose", p,
	  "flurbits blargfile zorping", NULL);
}

static void
test_check_names (void)
{
  ls_program *p = ls_program_new ();
  ls_program_add_name (p, "recvData");
  ls_program_add_name (p, "zorbl");
  plain (p, "call recvData or zorbl, not sendDaata");
  expect ("check: the program's names accepted whole", p, "Daata", NULL);

  /* The regular s forms of a name or its pieces are right (socat's
     "retropts" of retropt_int); a form of no name, an irregular one
     and a form of a piece under four letters are not.  */
  p = ls_program_new ();
  ls_program_add_name (p, "retropt_int");
  ls_program_add_name (p, "xfrm_zorbix_state");
  ls_program_add_name (p, "qlx");
  plain (p, "retropts: bad value, and zorbixes, not zorbixs nor "
	    "retroptz nor qlxs");
  expect ("check: s forms of the program's names", p,
	  "zorbixs retroptz qlxs", NULL);

  /* "...ies" of a "...y" piece; a misspelled identifier makes no plural
     right ("calback" is on the known list, "calbacks" is not).  */
  p = ls_program_new ();
  ls_program_add_name (p, "zorbly_state");
  ls_program_add_name (p, "register_calback");
  plain (p, "two zorblies but no calbacks registered");
  expect ("check: no s form of a known misspelling's name", p, "calbacks",
	  NULL);

  /* A known misspelling stays one when an identifier is spelled so,
     and the finding says so; an unknown word that is a piece of a name
     is right.  */
  p = ls_program_new ();
  ls_program_add_name (p, "lenght");
  ls_program_add_name (p, "max_frobnitz_depth");
  plain (p, "The lenght is wrong, and Frobnitz too deep");
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  struct ls_options o;
  ls_options_init (&o);
  ls_filters *filters = ls_filters_new (&o, NULL);
  ls_findings f;
  ls_check_program (p, sp, filters, &f);
  UNIT_STREQ ("check: a known misspelling beats an identifier",
	      describe (&f), "lenght>length");
  UNIT_CHECK ("check: the finding says an identifier is spelled so",
	      f.n == 1 && f.items[0].identifier);
  ls_findings_free (&f);
  ls_filters_free (filters);
  ls_options_free (&o);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* The program's dialect, from the words only one dictionary accepts.  */
static void
test_check_dialect (void)
{
  ls_program *p = ls_program_new ();
  plain (p, "Set the colour of the centre line");
  plain (p, "The behaviour is odd, recieve it");
  expect ("dialect: British throughout: checked as en_GB too", p,
	  "recieve>receive", NULL);

  p = ls_program_new ();
  plain (p, "Set the colour of the centre line");
  plain (p, "The behaviour is odd");
  plain (p, "Pick a color");
  expect ("dialect: mostly British: the American word is reported with "
	  "its British form", p, "color>colour", NULL);

  p = ls_program_new ();
  plain (p, "Set the color of the center line");
  plain (p, "The behavior is odd");
  plain (p, "Pick a colour");
  expect ("dialect: mostly American: the British word is reported", p,
	  "colour", NULL);

  /* Each dictionary's verdict is asked once per word: the second
     string of each word is judged as the first.  */
  p = ls_program_new ();
  plain (p, "Set the colour of the centre line");
  plain (p, "The behaviour is odd");
  plain (p, "The centre is grey");
  plain (p, "Pick a color");
  plain (p, "No color here");
  expect ("dialect: an American word in two strings, twice", p,
	  "color>colour color>colour", NULL);
  p = ls_program_new ();
  plain (p, "Set the color of the center line");
  plain (p, "The behavior is odd");
  plain (p, "Pick a colour");
  plain (p, "No colour here");
  expect ("dialect: a British word in two strings, twice", p,
	  "colour colour", NULL);

  p = ls_program_new ();
  plain (p, "Set the colour of the centre line");
  static const char *const lang[] = { "lang", "en_US", NULL };
  expect ("dialect: lang= given: no detection", p, "colour centre", lang);

  /* The counts and the decision, as the summary shows them.  */
  p = ls_program_new ();
  plain (p, "Set the colour of the centre line");
  plain (p, "Colour it grey, as the colours go");
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  struct ls_options o;
  ls_options_init (&o);
  ls_filters *filters = ls_filters_new (&o, NULL);
  ls_findings f;
  ls_check_program (p, sp, filters, &f);
  UNIT_CHECK ("dialect: decided British", f.dialect == LS_DIALECT_BRITISH);
  UNIT_CHECK ("dialect: distinct British words counted once each, "
	      "whatever their case", f.british_words == 4
	      && f.american_words == 0);
  UNIT_STREQ ("dialect: the first British word is the example",
	      f.british_example ? f.british_example : "(null)", "Colour");
  ls_findings_free (&f);
  ls_filters_free (filters);
  ls_options_free (&o);
  ls_speller_free (sp);
  ls_program_free (p);
}

/* Missing spaces, compounds and the confidence= option.  */
static void
test_check_compounds (void)
{
  ls_program *p = ls_program_new ();
  plain (p, "Scrolled intohistory with the lefthand pushback buffer");
  expect ("compounds: two words are right, a function word run into a "
	  "word is a missing space", p, "intohistory>into history", NULL);

  p = ls_program_new ();
  plain (p, "Scrolled intohistory with the buffer");
  plain (p, "Gone intohistory at last");
  expect ("compounds: the missing space found once, in each string", p,
	  "intohistory>into history intohistory>into history", NULL);

  p = ls_program_new ();
  plain (p, "Example: /connect -proxy=myproxy -nick=mynick, set mypassword");
  plain (p, "Then myslef again");
  expect ("compounds: 'my' and a common word is an example name, unless "
	  "one edit from a common word", p, "myslef>myself", NULL);

  /* Sure findings warn whatever confidence= says; unsure ones only
     when allowed.  "Grbxlwq" is far from any word.  */
  p = ls_program_new ();
  plain (p, "We recieve it from the Grbxlwq module");
  plain (p, "SELECT cpos, nlen FROM ColNames WHERE suff IS NOT NULL");
  plain (p, "Cannot use ORDER BY in the sekond query");
  plain (p, "INSERT INTO ColNames(name,nlen,suff) VALUES(1,2,3)");
  /* A blob: control characters between chance letters; "teh" would be
     a known misspelling in text.  */
  plain (p, "\x01\x02teh\x03\x04\x05zq\x06\x07\x08\x0e\x0f\x10" "ab\x11\x12"
	 "\x13\x14pq\x15\x16\x17\x18\x19\x1a\x1bxy\x1c\x1d\x1e\x1f\x01");
  ls_program_finish (p);
  ls_speller *sp = new_speller ();
  struct ls_options o;
  ls_options_init (&o);
  ls_filters *filters = ls_filters_new (&o, NULL);
  ls_findings f;
  ls_check_program (p, sp, filters, &f);
  /* SQL is code; a message naming a keyword or two is prose.  */
  /* In string order: "Cannot...", "SELECT...", "We recieve...".  */
  UNIT_CHECK ("confidence: three findings, none in SQL", f.n == 3
	      && strcmp (f.items[0].word, "sekond") == 0);
  if (f.n == 3)
    {
      UNIT_CHECK ("confidence: a one-edit typo is high",
		  f.items[1].confidence == LS_CONFIDENCE_HIGH);
      UNIT_CHECK ("confidence: a name far from any word is low",
		  f.items[2].confidence == LS_CONFIDENCE_LOW);
      UNIT_CHECK ("confidence: low does not warn by default",
		  !ls_finding_warns (&f.items[2], &o));
      o.min_confidence = LS_CONFIDENCE_LOW;
      UNIT_CHECK ("confidence: low warns with confidence=low",
		  ls_finding_warns (&f.items[2], &o));
      o.min_confidence = LS_CONFIDENCE_MEDIUM;
      UNIT_CHECK ("confidence: high still warns with confidence=medium",
		  ls_finding_warns (&f.items[1], &o));
    }
  ls_findings_free (&f);
  ls_filters_free (filters);
  ls_options_free (&o);
  ls_speller_free (sp);
  ls_program_free (p);
}

int
main (void)
{
  /* Run from the top of the source tree, as make check does.  */
  char top[1024];
  if (!getcwd (top, sizeof top))
    return 2;
  snprintf (temp_dir, sizeof temp_dir, "%s/ltospell-precision-XXXXXX",
	    getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp");
  if (!mkdtemp (temp_dir))
    {
      perror ("mkdtemp");
      return 2;
    }
  setenv ("HOME", temp_dir, 1);
  unsetenv ("XDG_CONFIG_HOME");
  unsetenv ("ENCHANT_CONFIG_DIR");

  test_sink_table ();
  test_site_kinds ();
  test_known_lists ();
  test_codespell ();
  test_dict_has_no_known_misspelling (top);
  test_regexes ();
  test_excludes ();
  test_directives ();
  test_check_sinks ();
  test_check_tiers ();
  test_check_visible ();
  test_check_formats ();
  test_check_value_labels ();
  test_check_acronym_tails ();
  test_check_word_rests ();
  test_check_ignores ();
  test_check_shapes ();
  test_check_code ();
  test_check_names ();
  test_check_dialect ();
  test_check_compounds ();

  char cmd[400];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", temp_dir);
  if (system (cmd) != 0)
    fprintf (stderr, "could not remove %s\n", temp_dir);
  return unit_done ("test_precision");
}
