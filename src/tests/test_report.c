/* test_report.c: unit tests for the reports (report.c, html.c).

   A small program is built through the string table as the plugin
   would (sites with inlining, a table with referrers, a dead use, bytes
   that are not text), its findings are made by hand so that each tier
   and fix is known, and the JSON and SARIF written from it are parsed
   back by a real JSON parser (jsonflat.h) and compared field by field.
   Writing is checked for atomicity and for a clear error naming an
   unwritable path.  Suggestions come from nowhere (no speller) except
   the known fix, so the expected output does not depend on the
   dictionaries installed.  */

#include "baseline.h"
#include "check.h"
#include "confidence.h"
#include "findings.h"
#include "github.h"
#include "jsonwrite.h"
#include "options.h"
#include "report.h"
#include "results.h"
#include "source.h"
#include "strtab.h"
#include "text.h"
#include "unit.h"
#include "jsonflat.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/ltospell-test-report-XXXXXX";

static char *
tmp_path (const char *name)
{
  char *path = NULL;
  if (asprintf (&path, "%s/%s", tmpdir, name) < 0)
    abort ();
  return path;
}

static void
write_text_file (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");
  fputs (text, f);
  fclose (f);
}

static char *
read_file (const char *path)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    return NULL;
  char *buf = calloc (1, 1 << 16);
  size_t n = fread (buf, 1, (1 << 16) - 1, f);
  buf[n] = '\0';
  fclose (f);
  return buf;
}

/* ------------------------------------------------------------------ */
/* The program and its findings.                                       */

static const char text_a[] = "Cannot recieve it";
static const char text_b[] = "Teh \001\377\0x";	/* Control, invalid, NUL.  */
static const char text_c[] = "dead wrod";

static ls_program *
make_program (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = "src/a.c", s.line = 3, s.column = 5, s.unit = "src/a.c";
  s.function = "main";
  ls_program_add_use (p, text_a, sizeof text_a, 1, false, &s);
  memset (&s, 0, sizeof s);
  s.file = "src/b.c", s.line = 7, s.column = 9, s.unit = "src/b.c";
  s.function = "helper", s.inlined_from = "say", s.call_file = "src/b.c";
  s.call_line = 20;
  ls_program_add_use (p, text_a, sizeof text_a, 1, false, &s);
  static const char *const refs[] = { "f2", "f1" };
  memset (&s, 0, sizeof s);
  s.file = "src/b.c", s.line = 2, s.column = 1, s.unit = "src/b.c";
  s.variable = "table", s.referrers = refs, s.n_referrers = 2;
  ls_program_add_use (p, text_b, sizeof text_b, 1, false, &s);
  memset (&s, 0, sizeof s);
  s.file = "/elsewhere/c d.c", s.line = 4, s.column = 2, s.unit = "/elsewhere/c d.c";
  s.function = "gone", s.dead = true;
  ls_program_add_use (p, text_c, sizeof text_c, 1, false, &s);
  ls_program_finish (p);
  return p;
}

static void
add_finding (ls_findings *f, const char *word, size_t offset,
	     const struct ls_string *s, enum ls_tier tier, const char *fix)
{
  f->items = realloc (f->items, (f->n + 1) * sizeof *f->items);
  /* Findings own their word and fix: ls_findings_free frees both.  */
  f->items[f->n++] = (struct ls_finding) { strdup (word), offset, s, tier,
					    fix ? strdup (fix) : NULL, false,
					    false, LS_DIALECT_NONE,
					    LS_CONFIDENCE_HIGH, false };
}

/* The string of P whose text starts with PREFIX.  */
static const struct ls_string *
string_starting (const ls_program *p, const char *prefix)
{
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    if (strncmp (ls_program_string (p, i)->text, prefix, strlen (prefix)) == 0)
      return ls_program_string (p, i);
  abort ();
}

static void
make_findings (const ls_program *p, ls_findings *f)
{
  memset (f, 0, sizeof *f);
  add_finding (f, "recieve", 7, string_starting (p, "Cannot"), LS_TIER_KNOWN,
	       "receive");
  add_finding (f, "Teh", 0, string_starting (p, "Teh"), LS_TIER_UNKNOWN,
	       NULL);
  add_finding (f, "wrod", 5, string_starting (p, "dead"), LS_TIER_UNKNOWN,
	       NULL);
  f->words = 7;
  f->distinct_words = 6;
}

/* ------------------------------------------------------------------ */
/* The records of the findings (no speller, no consistency items).     */

static int
write_reports (const ls_program *p, const ls_findings *f,
	       const struct ls_options *o, char **err)
{
  ls_results r;
  ls_results_build (&r, f, NULL, NULL, o, NULL, NULL, NULL);
  /* The plugin finds the words in the sources from the link's
     directory, which is TMPDIR here.  */
  char *cwd = getcwd (NULL, 0);
  ls_sources *sources = ls_sources_new ();
  if (chdir (tmpdir) == 0)
    ls_results_locate (&r, sources);
  int rc = ls_write_reports (p, f, &r, o, tmpdir, err);
  if (cwd && chdir (cwd) != 0)
    rc = -1;
  free (cwd);
  ls_results_free (&r);
  ls_sources_free (sources);
  return rc;
}

static size_t
count_failing (const ls_findings *f, const struct ls_options *o)
{
  ls_results r;
  ls_results_build (&r, f, NULL, NULL, o, NULL, NULL, NULL);
  size_t n = r.failing;
  ls_results_free (&r);
  return n;
}

static void
print_github (FILE *out, const ls_findings *f, const struct ls_options *o)
{
  ls_results r;
  ls_results_build (&r, f, NULL, NULL, o, NULL, NULL, NULL);
  ls_print_github (out, &r, "/work", NULL);
  ls_results_free (&r);
}

/* ------------------------------------------------------------------ */
/* JSON escaping.                                                      */

/* Escape LEN bytes at S into a JSON file and parse it back.  */
static char *
escape_round_trip (const char *s, size_t len)
{
  char *path = tmp_path ("escape.json");
  FILE *f = fopen (path, "w");
  fputs ("{\"s\": \"", f);
  ls_json_escape (f, s, len);
  fputs ("\"}\n", f);
  fclose (f);
  char *got = jsonflat_file (path);
  free (path);
  return got;
}

static void
test_json_escape (void)
{
  static const struct
  {
    const char *name, *bytes;
    size_t len;
    const char *want;
  } cases[] = {
    { "json escape: NUL", "a\0b", 3, "s=\"a\\u0000b\"\n" },
    { "json escape: controls", "\n\t\r\001\037\177", 6,
      "s=\"\\n\\t\\r\\u0001\\u001f\\u007f\"\n" },
    { "json escape: quote and backslash", "\"\\", 2, "s=\"\\\"\\\\\"\n" },
    { "json escape: invalid byte", "a\377b", 3, "s=\"a\\ufffdb\"\n" },
    { "json escape: overlong NUL", "\300\200", 2, "s=\"\\ufffd\\ufffd\"\n" },
    { "json escape: surrogate", "\355\240\200", 3,
      "s=\"\\ufffd\\ufffd\\ufffd\"\n" },
    { "json escape: truncated sequence", "x\342\202", 3,
      "s=\"x\\ufffd\\ufffd\"\n" },
    { "json escape: valid UTF-8 kept", "\303\251\360\237\230\200", 6,
      "s=\"\\u00e9\\ud83d\\ude00\"\n" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char *got = escape_round_trip (cases[i].bytes, cases[i].len);
      jsonflat_check (cases[i].name, got, cases[i].want);
      free (got);
    }
}

/* The writer keeps what it writes in a buffer of LS_JW_BUFFER bytes:
   a document many times that size, pieces of every kind crossing the
   buffer's end at many offsets, a string too long for the buffer
   escaped, and sizes, read back whole.  */
static void
test_json_writer_buffer (void)
{
  char *path = tmp_path ("writer.json");
  FILE *f = fopen (path, "w");
  struct ls_jw j = { .out = f };
  size_t n_items = 3 * LS_JW_BUFFER / 7;
  size_t long_len = 2 * LS_JW_BUFFER;
  char *long_string = malloc (long_len);
  for (size_t i = 0; i < long_len; i++)
    long_string[i] = i % 3 == 0 ? '\001' : i % 3 == 1 ? '"' : '\377';
  ls_jw_open (&j, '{');
  ls_jw_key (&j, "items");
  ls_jw_open (&j, '[');
  for (size_t i = 0; i < n_items; i++)
    {
      char item[32];
      int len = snprintf (item, sizeof item, "%zu\n\"\303\251\377", i);
      ls_jw_string_n (&j, item, (size_t) len);
    }
  ls_jw_close (&j, ']');
  ls_jw_key (&j, "long");
  ls_jw_string_n (&j, long_string, long_len);
  ls_jw_key (&j, "sizes");
  ls_jw_open (&j, '[');
  ls_jw_size (&j, 0);
  ls_jw_size (&j, 4294967297u);
  ls_jw_bool (&j, true);
  ls_jw_string (&j, NULL);
  ls_jw_close (&j, ']');
  ls_jw_close (&j, '}');
  ls_jw_end (&j);
  bool written = ferror (f) == 0;
  fclose (f);
  UNIT_CHECK ("json writer: written", written);
  char *got = jsonflat_file (path);
  free (path);
  size_t want_size = n_items * 40 + long_len * 8 + 256, at = 0;
  char *want = malloc (want_size);
  for (size_t i = 0; i < n_items; i++)
    at += (size_t) snprintf (want + at, want_size - at,
			     "items[%zu]=\"%zu\\n\\\"\\u00e9\\ufffd\"\n", i, i);
  at += (size_t) snprintf (want + at, want_size - at, "long=\"");
  for (size_t i = 0; i < long_len; i++)
    at += (size_t) snprintf (want + at, want_size - at, "%s",
			     i % 3 == 0 ? "\\u0001" : i % 3 == 1 ? "\\\""
			     : "\\ufffd");
  snprintf (want + at, want_size - at,
	    "\"\nsizes[0]=0\nsizes[1]=4294967297\nsizes[2]=true\n"
	    "sizes[3]=null\n");
  jsonflat_check ("json writer: a document larger than its buffer", got,
		  want);
  free (got);
  free (want);
  free (long_string);
}

/* Indentation deeper than the buffer is long: each line still starts
   with two spaces a level.  */
static void
test_json_writer_deep (void)
{
  char *path = tmp_path ("deep.json");
  FILE *f = fopen (path, "w");
  struct ls_jw j = { .out = f };
  enum { levels = LS_JW_BUFFER / 2 + 10 };
  for (int i = 0; i < levels; i++)
    ls_jw_open (&j, '[');
  ls_jw_string (&j, "x");
  for (int i = 0; i < levels; i++)
    ls_jw_close (&j, ']');
  ls_jw_end (&j);
  fclose (f);
  FILE *in = fopen (path, "r");
  size_t lines = 0, bad = 0, cap = 4 * LS_JW_BUFFER;
  char *line = malloc (cap);
  /* Line K (from 0) opens level K, line LEVELS holds the string, and
     the lines after it close the levels back to 0.  */
  while (in && fgets (line, (int) cap, in))
    {
      size_t spaces = strspn (line, " ");
      size_t depth = lines <= levels ? lines : 2 * levels - lines;
      bad += spaces != 2 * depth;
      lines++;
    }
  if (in)
    fclose (in);
  free (line);
  unlink (path);
  free (path);
  UNIT_CHECK ("json writer: deeper than the buffer, two spaces a level",
	      lines == 2 * (size_t) levels + 1 && bad == 0);
}

/* The writer's bytes exactly: the commas, the indentation, where a
   value follows its key, the escapes and their hex digits.  */
static void
test_json_writer_bytes (void)
{
  char *path = tmp_path ("writer-bytes.json");
  FILE *f = fopen (path, "w");
  struct ls_jw j = { .out = f };
  ls_jw_open (&j, '{');
  ls_jw_key (&j, "a\"b");
  ls_jw_string_n (&j, "x\001\177\n\t\r\\\303\251\377", 10);
  ls_jw_key (&j, "list");
  ls_jw_open (&j, '[');
  ls_jw_size (&j, 0);
  ls_jw_size (&j, 18446744073709551615u);
  ls_jw_bool (&j, false);
  ls_jw_string (&j, NULL);
  ls_jw_open (&j, '{');
  ls_jw_close (&j, '}');
  ls_jw_close (&j, ']');
  ls_jw_key (&j, "raw");
  ls_jw_value_start (&j);
  ls_jw_raw (&j, "\"%2F\"", 5);
  j.need_comma = true;
  ls_jw_close (&j, '}');
  ls_jw_end (&j);
  fclose (f);
  char *got = read_file (path);
  free (path);
  UNIT_STREQ ("json writer: the exact bytes", got,
	      "{\n"
	      "  \"a\\\"b\": \"x\\u0001\\u007f\\n\\t\\r\\\\\303\251\\ufffd\",\n"
	      "  \"list\": [\n"
	      "    0,\n"
	      "    18446744073709551615,\n"
	      "    false,\n"
	      "    null,\n"
	      "    {}\n"
	      "  ],\n"
	      "  \"raw\": \"%2F\"\n"
	      "}\n");
  free (got);
}

/* Escaping in pieces, as little room as one character takes at a
   time, gives the bytes of escaping the whole string at once: a piece
   never cuts a character (a valid sequence, an invalid byte before a
   continuation byte), never writes past its room, and always gets
   on.  */
static void
test_json_escape_in_pieces (void)
{
  static const unsigned char pieces[][5] = {
    { 'a' }, { '"' }, { 0x01 }, { 0xc3, 0xa9 }, { 0xe2, 0x82, 0xac },
    { 0xf0, 0x9f, 0x98, 0x80 }, { 0xe2, 0x82 }, { 0x80 }, { 0xff },
    { 0xf0, 0x9f }, { '\n' },
  };
  static const size_t piece_len[] = { 1, 1, 1, 2, 3, 4, 2, 1, 1, 2, 1 };
  enum { n_pieces = sizeof piece_len / sizeof *piece_len };
  srand (29);
  size_t wrong = 0;
  for (int round = 0; round < 200; round++)
    {
      unsigned char text[400];
      size_t len = 0;
      while (len + 4 < sizeof text)
	{
	  size_t k = (size_t) rand () % n_pieces;
	  memcpy (text + len, pieces[k], piece_len[k]);
	  len += piece_len[k];
	}
      char whole[sizeof text * LS_JSON_ESCAPE_MAX], cut[sizeof whole];
      size_t used, n_whole
	= ls_json_escape_to (whole, sizeof whole, (const char *) text, len,
			     &used);
      wrong += used != len;
      size_t room = LS_JSON_ESCAPE_MAX + (size_t) round % 7, n_cut = 0;
      for (size_t i = 0; i < len; i += used)
	{
	  size_t n = ls_json_escape_to (cut + n_cut, room,
					(const char *) text + i, len - i,
					&used);
	  n_cut += n;
	  if (n > room || used == 0)
	    {
	      wrong++;
	      break;		/* Nothing consumed would loop for ever.  */
	    }
	}
      wrong += n_cut != n_whole || memcmp (cut, whole, n_whole) != 0;
    }
  UNIT_CHECK ("json escape: in pieces as whole", wrong == 0);
}

/* ASCII text, mostly plain (as messages are, and as the escaper takes
   eight bytes at a time) with the bytes JSON escapes at every offset,
   against escaping one byte at a time, whole and in pieces.  */
static void
test_json_escape_ascii (void)
{
  static const char special[] = "\"\\\n\t\r\001\037\177 ~";
  static const char hex[] = "0123456789abcdef";
  srand (30);
  size_t wrong = 0;
  for (int round = 0; round < 300; round++)
    {
      char text[200], want[sizeof text * LS_JSON_ESCAPE_MAX];
      char got[sizeof want], cut[sizeof want];
      size_t len = 1 + (size_t) rand () % (sizeof text - 1), n_want = 0;
      for (size_t i = 0; i < len; i++)
	text[i] = rand () % 16 ? (char) ('a' + rand () % 26)
		  : special[rand () % (int) (sizeof special - 1)];
      for (size_t i = 0; i < len; i++)
	{
	  unsigned char c = (unsigned char) text[i];
	  const char *e = c == '"' ? "\\\"" : c == '\\' ? "\\\\"
			  : c == '\n' ? "\\n" : c == '\t' ? "\\t"
			  : c == '\r' ? "\\r" : NULL;
	  if (e)
	    memcpy (want + n_want, e, 2), n_want += 2;
	  else if (c < 0x20 || c == 0x7f)
	    {
	      memcpy (want + n_want, "\\u00", 4);
	      want[n_want + 4] = hex[c >> 4];
	      want[n_want + 5] = hex[c & 0xf];
	      n_want += 6;
	    }
	  else
	    want[n_want++] = (char) c;
	}
      size_t used;
      size_t n_got = ls_json_escape_to (got, sizeof got, text, len, &used);
      wrong += used != len || n_got != n_want
	       || memcmp (got, want, n_want) != 0;
      size_t room = LS_JSON_ESCAPE_MAX + (size_t) round % 11, n_cut = 0;
      for (size_t i = 0; i < len; i += used)
	{
	  size_t n = ls_json_escape_to (cut + n_cut, room, text + i, len - i,
					&used);
	  n_cut += n;
	  if (n > room || used == 0)
	    {
	      wrong++;
	      break;		/* Nothing consumed would loop for ever.  */
	    }
	}
      wrong += n_cut != n_want || memcmp (cut, want, n_want) != 0;
    }
  UNIT_CHECK ("json escape: ASCII as one byte at a time", wrong == 0);
}

static void
test_display_and_paths (void)
{
  char *t = ls_display_text ("a\n\"b\"\\\0\001\377\303\251", 11);
  UNIT_STREQ ("display text: escapes", t, "a\\n\\\"b\\\"\\\\\\0\\x01\\xff\303\251");
  free (t);
  struct
  {
    const char *path, *dir, *want;
  } cases[] = {
    { "/w/p/src/a.c", "/w/p", "src/a.c" },
    { "/w/p/src/a.c", "/w/p/", "src/a.c" },
    { "/w/pq/a.c", "/w/p", "/w/pq/a.c" },
    { "./src/a.c", "/w/p", "src/a.c" },
    { "/w/p", "/w/p", "." },
    { "/a.c", "/", "a.c" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char *got = ls_relative_path (cases[i].path, cases[i].dir);
      UNIT_STREQ ("relative path", got, cases[i].want);
      free (got);
    }
}

/* ------------------------------------------------------------------ */
/* The JSON report.                                                    */

static const char want_json[] =
  "findings[0].word=\"recieve\"\n"
  "findings[0].tier=\"known\"\n"
  "findings[0].dead=false\n"
  "findings[0].warns=true\n"
  "findings[0].user_visible=false\n"
  "findings[0].identifier=false\n"
  "findings[0].confidence=\"high\"\n"
  "findings[0].missing_space=false\n"
  "findings[0].suggestions[0]=\"receive\"\n"
  "findings[0].offset=7\n"
  "findings[0].string=\"Cannot recieve it\"\n"
  "findings[0].locations[0].file=\"src/a.c\"\n"
  "findings[0].locations[0].line=3\n"
  "findings[0].locations[0].column=5\n"
  "findings[0].locations[0].function=\"main\"\n"
  "findings[0].locations[0].unit=\"src/a.c\"\n"
  "findings[0].locations[1].file=\"src/b.c\"\n"
  "findings[0].locations[1].line=7\n"
  "findings[0].locations[1].column=9\n"
  "findings[0].locations[1].function=\"helper\"\n"
  "findings[0].locations[1].unit=\"src/b.c\"\n"
  "findings[0].locations[1].inlined_from=\"say\"\n"
  "findings[0].functions[0]=\"helper\"\n"
  "findings[0].functions[1]=\"main\"\n"
  "findings[1].word=\"Teh\"\n"
  "findings[1].tier=\"unknown\"\n"
  "findings[1].dead=false\n"
  "findings[1].warns=true\n"
  "findings[1].user_visible=false\n"
  "findings[1].identifier=false\n"
  "findings[1].confidence=\"high\"\n"
  "findings[1].missing_space=false\n"
  "findings[1].suggestions=[]\n"
  "findings[1].offset=0\n"
  "findings[1].string=\"Teh \\u0001\\ufffd\\u0000x\"\n"
  "findings[1].locations[0].file=\"src/b.c\"\n"
  "findings[1].locations[0].line=2\n"
  "findings[1].locations[0].column=1\n"
  "findings[1].locations[0].function=null\n"
  "findings[1].locations[0].unit=\"src/b.c\"\n"
  "findings[1].locations[0].variable=\"table\"\n"
  "findings[1].functions[0]=\"f1\"\n"
  "findings[1].functions[1]=\"f2\"\n"
  "findings[2].word=\"wrod\"\n"
  "findings[2].tier=\"unknown\"\n"
  "findings[2].dead=true\n"
  "findings[2].warns=false\n"
  "findings[2].user_visible=false\n"
  "findings[2].identifier=false\n"
  "findings[2].confidence=\"high\"\n"
  "findings[2].missing_space=false\n"
  "findings[2].suggestions=[]\n"
  "findings[2].offset=5\n"
  "findings[2].string=\"dead wrod\"\n"
  "findings[2].locations[0].file=\"/elsewhere/c d.c\"\n"
  "findings[2].locations[0].line=4\n"
  "findings[2].locations[0].column=2\n"
  "findings[2].locations[0].function=\"gone\"\n"
  "findings[2].locations[0].unit=\"/elsewhere/c d.c\"\n"
  "findings[2].locations[0].dead=true\n"
  "findings[2].functions[0]=\"gone\"\n"
  "names=[]\n"
  "duplicates[0].text=\"Cannot recieve it\"\n"
  "duplicates[0].units[0]=\"src/a.c\"\n"
  "duplicates[0].units[1]=\"src/b.c\"\n"
  "duplicates[0].copies=2\n"
  "duplicates[0].bytes=36\n"
  "duplicates[0].wasted_bytes=18\n"
  "duplicates[0].mergeable=true\n"
  "duplicates[0].functions[0]=\"helper\"\n"
  "duplicates[0].functions[1]=\"main\"\n"
  "near_duplicates=[]\n"
  "tail_merge=[]\n"
  "summary.string_uses=4\n"
  "summary.strings=4\n"
  "summary.distinct_strings=3\n"
  "summary.words=7\n"
  "summary.distinct_words=6\n"
  "summary.dialect.detected=\"none\"\n"
  "summary.dialect.british_words=0\n"
  "summary.dialect.american_words=0\n"
  "summary.findings.known=1\n"
  "summary.findings.unknown=2\n"
  "summary.findings.consistency=0\n"
  "summary.findings.dead=1\n"
  "summary.findings.total=3\n"
  "summary.findings.misspelled_words=3\n"
  "summary.findings.warnings=2\n"
  "summary.names=0\n"
  "summary.duplicated_strings=1\n"
  "summary.duplicated_bytes.mergeable=18\n"
  "summary.duplicated_bytes.not_mergeable=0\n"
  "summary.near_duplicate_groups=0\n"
  "summary.tail_merge_candidates=0\n";

static void
test_json_report (const ls_program *p, const ls_findings *f,
		  const struct ls_options *o)
{
  char *path = tmp_path ("report.json"), *err = NULL;
  struct ls_options opts = *o;
  opts.report = path;
  int rc = write_reports (p, f, &opts, &err);
  UNIT_CHECK ("json report: written", rc == 0 && err == NULL);
  char *got = jsonflat_file (path);
  jsonflat_check ("json report: every field", got, want_json);
  free (got);
  /* Twice the same input, twice the same bytes.  */
  char *first = read_file (path);
  rc = write_reports (p, f, &opts, &err);
  char *second = read_file (path);
  UNIT_CHECK ("json report: deterministic",
	      rc == 0 && first && second && strcmp (first, second) == 0);
  free (first);
  free (second);
  free (path);
}

/* ------------------------------------------------------------------ */
/* SARIF.                                                              */

static void
test_sarif_report (const ls_program *p, const ls_findings *f,
		   const struct ls_options *o)
{
  /* The source of the first use, its literal at 3:5, so that the word
     and its known fix can be placed.  */
  char *src_dir = tmp_path ("src");
  mkdir (src_dir, 0777);
  char *src = tmp_path ("src/a.c");
  write_text_file (src, "int\nmain (void)\n{   \"Cannot recieve it\"; }\n");
  char *path = tmp_path ("report.sarif"), *err = NULL;
  struct ls_options opts = *o;
  opts.sarif = path;
  opts.fail_on = LS_TIERS_KNOWN;
  int rc = write_reports (p, f, &opts, &err);
  UNIT_CHECK ("sarif: written", rc == 0);
  char *got = jsonflat_file (path);
  UNIT_CHECK ("sarif: parses", got != NULL);

  char *head = jsonflat_select (got, "$schema");
  UNIT_STREQ ("sarif: $schema", head,
	      "$schema=\"https://json.schemastore.org/sarif-2.1.0.json\"\n");
  free (head);
  head = jsonflat_select (got, "version");
  UNIT_STREQ ("sarif: version", head, "version=\"2.1.0\"\n");
  free (head);
  head = jsonflat_select (got, "runs[0].tool.driver.name");
  UNIT_STREQ ("sarif: driver name", head,
	      "runs[0].tool.driver.name=\"ltospell\"\n");
  free (head);
  head = jsonflat_select (got, "runs[0].tool.driver.version");
  UNIT_STREQ ("sarif: driver version", head,
	      "runs[0].tool.driver.version=\"0.1\"\n");
  free (head);
  head = jsonflat_select (got, "runs[0].tool.driver.rules[1].id");
  UNIT_STREQ ("sarif: rule ids", head,
	      "runs[0].tool.driver.rules[1].id=\"LTS002\"\n");
  free (head);

  char *base = jsonflat_select (got, "runs[0].originalUriBaseIds");
  char *want_base = NULL;
  if (asprintf (&want_base, "runs[0].originalUriBaseIds.SRCROOT.uri="
		"\"file://%s/\"\n", tmpdir) < 0)
    abort ();
  UNIT_STREQ ("sarif: link directory as base", base, want_base);
  free (base);
  free (want_base);

  /* One result per finding per location: 2 + 1 + 1.  */
  char *r0 = jsonflat_select (got, "runs[0].results[0].");
  jsonflat_check ("sarif: result with a fix", r0,
	      "runs[0].results[0].ruleId=\"LTS001\"\n"
	      "runs[0].results[0].ruleIndex=0\n"
	      "runs[0].results[0].level=\"error\"\n"
	      "runs[0].results[0].message.text=\"misspelled word 'recieve' in "
	      "string constant; did you mean 'receive'?\"\n"
	      "runs[0].results[0].locations[0].physicalLocation."
	      "artifactLocation.uri=\"src/a.c\"\n"
	      "runs[0].results[0].locations[0].physicalLocation."
	      "artifactLocation.uriBaseId=\"SRCROOT\"\n"
	      "runs[0].results[0].locations[0].physicalLocation.region."
	      "startLine=3\n"
	      "runs[0].results[0].locations[0].physicalLocation.region."
	      "startColumn=13\n"
	      "runs[0].results[0].locations[0].physicalLocation.region."
	      "endColumn=20\n"
	      "runs[0].results[0].locations[0].logicalLocations[0].name="
	      "\"main\"\n"
	      "runs[0].results[0].locations[0].logicalLocations[0].kind="
	      "\"function\"\n"
	      "runs[0].results[0].fixes[0].description.text=\"Replace "
	      "'recieve' with 'receive'\"\n"
	      "runs[0].results[0].fixes[0].artifactChanges[0]."
	      "artifactLocation.uri=\"src/a.c\"\n"
	      "runs[0].results[0].fixes[0].artifactChanges[0]."
	      "artifactLocation.uriBaseId=\"SRCROOT\"\n"
	      "runs[0].results[0].fixes[0].artifactChanges[0].replacements[0]."
	      "deletedRegion.startLine=3\n"
	      "runs[0].results[0].fixes[0].artifactChanges[0].replacements[0]."
	      "deletedRegion.startColumn=13\n"
	      "runs[0].results[0].fixes[0].artifactChanges[0].replacements[0]."
	      "deletedRegion.endColumn=20\n"
	      "runs[0].results[0].fixes[0].artifactChanges[0].replacements[0]."
	      "insertedContent.text=\"receive\"\n"
	      "runs[0].results[0].partialFingerprints.ltospellFinding/v1=\"1c8adf36f4b14773\"\n"
	      "runs[0].results[0].properties.word=\"recieve\"\n"
	      "runs[0].results[0].properties.tier=\"known\"\n"
	      "runs[0].results[0].properties.dead=false\n"
	      "runs[0].results[0].properties.user_visible=false\n"
	      "runs[0].results[0].properties.string=\"Cannot recieve it\"\n");
  free (r0);
  char *r1 = jsonflat_select (got, "runs[0].results[1].");
  UNIT_CHECK ("sarif: second location of the same finding",
	      strstr (r1, "artifactLocation.uri=\"src/b.c\"\n")
	      && strstr (r1, "region.startLine=7\n")
	      && strstr (r1, "logicalLocations[0].name=\"helper\"\n")
	      /* src/b.c does not exist: no fix without the source.  */
	      && !strstr (r1, "fixes"));
  free (r1);
  char *r2 = jsonflat_select (got, "runs[0].results[2].");
  UNIT_CHECK ("sarif: unknown tier warns, table is a variable",
	      strstr (r2, "ruleId=\"LTS002\"\n")
	      && strstr (r2, "level=\"warning\"\n")
	      && strstr (r2, "logicalLocations[0].kind=\"variable\"\n")
	      && strstr (r2, "properties.string=\"Teh \\u0001\\ufffd\\u0000x\"\n"));
  free (r2);
  char *r3 = jsonflat_select (got, "runs[0].results[3].");
  UNIT_CHECK ("sarif: dead finding is a note, absolute path a file URI",
	      strstr (r3, "level=\"note\"\n")
	      && strstr (r3, "artifactLocation.uri=\"file:///elsewhere/c%20d.c\"\n")
	      && !strstr (r3, "uriBaseId"));
  free (r3);
  char *r4 = jsonflat_select (got, "runs[0].results[4].");
  UNIT_STREQ ("sarif: one result per finding per location", r4, "");
  free (r4);
  free (got);
  free (path);
  unlink (src);
  rmdir (src_dir);
  free (src);
  free (src_dir);
}

/* ------------------------------------------------------------------ */
/* baseline=: a report read back as the baseline of the next link.     */

static void
test_baseline (const ls_program *p, const ls_findings *f,
	       const struct ls_options *o)
{
  char *path = tmp_path ("baseline.json"), *err = NULL;
  struct ls_options opts = *o;
  opts.report = path;
  UNIT_CHECK ("baseline: report written", write_reports (p, f, &opts, &err)
	      == 0);
  ls_baseline *b = ls_baseline_read (path, &err);
  UNIT_CHECK ("baseline: the report reads back", b != NULL && err == NULL
	      && ls_baseline_size (b) == 3);

  /* The same findings and one more (another word of the first string),
     under werror with the dead option: only the new one counts.  */
  ls_findings g;
  memset (&g, 0, sizeof g);
  for (size_t i = 0; i < f->n; i++)
    add_finding (&g, f->items[i].word, f->items[i].offset, f->items[i].str,
		 f->items[i].tier, f->items[i].fix);
  add_finding (&g, "Cannot", 0, f->items[0].str, LS_TIER_UNKNOWN, NULL);
  struct ls_options w = *o;
  w.fail_on = LS_TIERS_ALL;
  w.dead = true;
  ls_results r;
  ls_results_build (&r, &g, NULL, NULL, &w, b, NULL, NULL);
  bool old_silent = true;
  for (size_t i = 0; i < 3; i++)
    old_silent &= r.items[i].in_baseline && !r.items[i].warns
		  && !r.items[i].fails && r.items[i].level == LS_LEVEL_NOTE;
  UNIT_CHECK ("baseline: old findings neither warn nor fail", old_silent);
  UNIT_CHECK ("baseline: a new finding warns and fails",
	      !r.items[3].in_baseline && r.items[3].warns && r.items[3].fails
	      && r.items[3].level == LS_LEVEL_ERROR);
  UNIT_CHECK ("baseline: counts", r.baseline_given && r.failing == 1
	      && r.in_baseline == 3 && r.warning_findings == 1
	      && r.warning_words == 1 && r.misspelled_words == 4);

  /* SARIF and JSON say which are new.  */
  char *sarif = tmp_path ("baseline.sarif");
  struct ls_options so = w;
  so.sarif = sarif;
  so.report = path;
  UNIT_CHECK ("baseline: reports written",
	      ls_write_reports (p, &g, &r, &so, tmpdir, &err) == 0);
  char *got = jsonflat_file (sarif);
  char *states = jsonflat_select (got, "runs[0].results[");
  size_t unchanged = 0, added = 0;
  for (const char *q = states; q && (q = strstr (q, "baselineState=")); q++)
    {
      unchanged += strncmp (q, "baselineState=\"unchanged\"", 25) == 0;
      added += strncmp (q, "baselineState=\"new\"", 19) == 0;
    }
  /* Results per use: 2 + 1 + 1 old, 2 new (the first string twice).  */
  UNIT_CHECK ("sarif: baselineState on every result",
	      unchanged == 4 && added == 2);
  free (states);
  free (got);
  got = jsonflat_file (path);
  char *state = jsonflat_select (got, "findings[3].baseline_state");
  UNIT_STREQ ("json: baseline_state of a new finding", state,
	      "findings[3].baseline_state=\"new\"\n");
  free (state);
  state = jsonflat_select (got, "findings[0].baseline_state");
  UNIT_STREQ ("json: baseline_state of an old finding", state,
	      "findings[0].baseline_state=\"unchanged\"\n");
  free (state);
  state = jsonflat_select (got, "summary.findings.in_baseline");
  UNIT_STREQ ("json: summary counts the baseline", state,
	      "summary.findings.in_baseline=3\n");
  free (state);
  free (got);

  /* The GitHub lines leave the old findings out.  */
  char *gh = tmp_path ("baseline-github.txt");
  FILE *out = fopen (gh, "w");
  ls_print_github (out, &r, "/work", NULL);
  fclose (out);
  got = read_file (gh);
  UNIT_STREQ ("github: only the new finding", got,
	      "::warning file=src/a.c,line=3,col=5,title=ltospell::misspelled "
	      "word 'Cannot' in string constant (and 1 more use)\n");
  free (got);
  unlink (gh);
  free (gh);
  ls_results_free (&r);
  ls_findings_free (&g);
  ls_baseline_free (b);
  unlink (sarif);
  free (sarif);
  unlink (path);
  free (path);
}

/* ------------------------------------------------------------------ */
/* Writing files.                                                      */

static size_t
count_entries (const char *dir)
{
  DIR *d = opendir (dir);
  size_t n = 0;
  struct dirent *e;
  while (d && (e = readdir (d)) != NULL)
    if (strcmp (e->d_name, ".") && strcmp (e->d_name, ".."))
      n++;
  if (d)
    closedir (d);
  return n;
}

static void
test_atomic_writes (const ls_program *p, const ls_findings *f,
		    const struct ls_options *o)
{
  char *dir = tmp_path ("atomic");
  mkdir (dir, 0777);
  char *path = NULL, *err = NULL;
  if (asprintf (&path, "%s/r.json", dir) < 0)
    abort ();
  write_text_file (path, "old");
  struct ls_options opts = *o;
  opts.report = path;
  int rc = write_reports (p, f, &opts, &err);
  char *text = read_file (path);
  UNIT_CHECK ("atomic: replaces the old report",
	      rc == 0 && text && strncmp (text, "{\n", 2) == 0);
  UNIT_CHECK ("atomic: no temporary file left", count_entries (dir) == 1);
  struct stat st;
  mode_t mask = umask (0);
  umask (mask);
  UNIT_CHECK ("atomic: usual permissions",
	      stat (path, &st) == 0 && (st.st_mode & 0777) == (0666 & ~mask));
  free (text);

  /* A path under a regular file cannot be created, even by root.  */
  char *bad = NULL;
  if (asprintf (&bad, "%s/r.json/sub/out.sarif", dir) < 0)
    abort ();
  opts.report = NULL;
  opts.sarif = bad;
  rc = write_reports (p, f, &opts, &err);
  UNIT_CHECK ("unwritable: fails", rc == -1 && err != NULL);
  UNIT_CHECK ("unwritable: the error names the path and why",
	      err && strstr (err, bad) && strstr (err, "SARIF report")
	      && strstr (err, strerror (ENOTDIR)));
  free (err);
  UNIT_CHECK ("unwritable: nothing left behind", count_entries (dir) == 1);
  unlink (path);
  rmdir (dir);
  free (bad);
  free (path);
  free (dir);
}

/* ------------------------------------------------------------------ */
/* Warnings, failing, GitHub lines, HTML.                              */

static void
test_warns_and_fails (const ls_program *p, const ls_findings *f)
{
  (void) p;
  struct ls_options o;
  ls_options_init (&o);
  const struct ls_finding *known = &f->items[0], *unknown = &f->items[1];
  const struct ls_finding *dead = &f->items[2];
  UNIT_CHECK ("warns: all tiers by default",
	      ls_finding_warns (known, &o) && ls_finding_warns (unknown, &o));
  UNIT_CHECK ("warns: not dead by default", !ls_finding_warns (dead, &o));
  UNIT_CHECK ("fails: nothing without fail-on",
	      count_failing (f, &o) == 0);
  o.tier = LS_TIERS_KNOWN;
  UNIT_CHECK ("warns: tier=known hides unknown",
	      ls_finding_warns (known, &o) && !ls_finding_warns (unknown, &o));
  o.fail_on = LS_TIERS_KNOWN;
  UNIT_CHECK ("fails: fail-on=known counts known",
	      count_failing (f, &o) == 1);
  o.fail_on = LS_TIERS_ALL;
  UNIT_CHECK ("fails: fail-on=all counts live findings",
	      count_failing (f, &o) == 2);
  o.dead = true;
  UNIT_CHECK ("fails: dead option counts dead findings",
	      count_failing (f, &o) == 3 && ls_finding_warns (dead, &o)
	      == false /* tier=known still hides it */);
  o.tier = LS_TIERS_ALL;
  UNIT_CHECK ("warns: dead option shows dead findings",
	      ls_finding_warns (dead, &o));
  ls_options_free (&o);
}

static void
test_github (const ls_findings *f)
{
  struct ls_options o;
  ls_options_init (&o);
  char *path = tmp_path ("github.txt");
  FILE *out = fopen (path, "w");
  print_github (out, f, &o);
  fclose (out);
  char *got = read_file (path);
  UNIT_STREQ ("github: one line per live finding", got,
	      "::warning file=src/a.c,line=3,col=5,title=ltospell::misspelled "
	      "word 'recieve' in string constant; did you mean 'receive'? "
	      "(and 1 more use)\n"
	      "::warning file=src/b.c,line=2,col=1,title=ltospell::misspelled "
	      "word 'Teh' in string constant\n");
  free (got);

  /* Escapes: '%', newline, and in properties ':' and ','.  */
  ls_program *q = ls_program_new ();
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = "dir,x/a:b.c", s.line = 1, s.column = 2, s.unit = "u";
  s.function = "f";
  ls_program_add_use (q, "50% teh\n", 9, 1, false, &s);
  ls_program_finish (q);
  ls_findings g;
  memset (&g, 0, sizeof g);
  add_finding (&g, "te%h\n", 4, ls_program_string (q, 0), LS_TIER_UNKNOWN,
	       NULL);
  out = fopen (path, "w");
  print_github (out, &g, &o);
  fclose (out);
  got = read_file (path);
  UNIT_STREQ ("github: escapes", got,
	      "::warning file=dir%2Cx/a%3Ab.c,line=1,col=2,title=ltospell::"
	      "misspelled word 'te%25h%0A' in string constant\n");
  free (got);
  ls_findings_free (&g);
  ls_program_free (q);
  unlink (path);
  free (path);
  ls_options_free (&o);
}

static void
test_html (const ls_program *p, const ls_findings *f,
	   const struct ls_options *o)
{
  char *path = tmp_path ("r.html"), *err = NULL;
  struct ls_options opts = *o;
  opts.html = path;
  int rc = write_reports (p, f, &opts, &err);
  char *got = read_file (path);
  UNIT_CHECK ("html: written", rc == 0 && got != NULL);
  UNIT_CHECK ("html: no network allowed",
	      got && strstr (got, "Content-Security-Policy\" content=\""
			     "default-src 'none'")
	      && !strstr (got, "src=\"http") && !strstr (got, "href=\"http"));
  UNIT_CHECK ("html: escaped text, the word in <mark>",
	      got && strstr (got, "<code><mark>Teh</mark> \\x01\357\277\275"
			     "\\0x</code>"));
  UNIT_CHECK ("html: one row per finding",
	      got && strstr (got, "<td>recieve</td><td>known</td><td>receive"
			     "</td>")
	      && strstr (got, "<tr class=\"dead\"><td>wrod</td>"));
  UNIT_CHECK ("html: chart of duplicated bytes per unit",
	      got && strstr (got, "<span class=\"unit\">src/a.c</span><div "
			     "class=\"bar\" style=\"width:100.0%\"></div><span "
			     "class=\"bytes\">18</span>"));
  free (got);
  unlink (path);
  free (path);
}

/* ls_results_locate lets each file's text go when the next result is
   in another file; a file whose results come back later (here la.c,
   then lb.c, then la.c again) is read again, and every word is found
   where it is.  */
static void
test_locate_across_files (void)
{
  static const char *const files[][2] = {
    { "la.c", "int x;\nvoid f (void) { puts (\"Cannot recieve it\"); }\n" },
    { "lb.c", "void g (void)\n{\n  puts (\"Teh end\");\n}\n" },
  };
  for (size_t i = 0; i < 2; i++)
    {
      char *path = tmp_path (files[i][0]);
      write_text_file (path, files[i][1]);
      free (path);
    }
  static const char first[] = "Cannot recieve it", second[] = "Teh end",
		    third[] = "Cannot recieve it";
  ls_program *p = ls_program_new ();
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = "la.c", s.line = 2, s.column = 23, s.unit = "la.c";
  s.function = "f";
  ls_program_add_use (p, first, sizeof first, 1, false, &s);
  s.file = "lb.c", s.line = 3, s.column = 9, s.unit = "lb.c";
  s.function = "g";
  ls_program_add_use (p, second, sizeof second, 1, false, &s);
  ls_program_finish (p);
  ls_findings f;
  memset (&f, 0, sizeof f);
  add_finding (&f, "recieve", 7, string_starting (p, "Cannot"),
	       LS_TIER_KNOWN, "receive");
  add_finding (&f, "Teh", 0, string_starting (p, "Teh"), LS_TIER_UNKNOWN,
	       NULL);
  add_finding (&f, "Cannot", 0, string_starting (p, third), LS_TIER_UNKNOWN,
	       NULL);
  struct ls_options o;
  ls_options_init (&o);
  ls_results r;
  ls_results_build (&r, &f, NULL, NULL, &o, NULL, NULL, NULL);
  char *cwd = getcwd (NULL, 0);
  ls_sources *sources = ls_sources_new ();
  if (chdir (tmpdir) == 0)
    ls_results_locate (&r, sources);
  UNIT_CHECK ("locate: three results, in the order given",
	      r.n == 3 && strcmp (r.items[0].word, "recieve") == 0
	      && strcmp (r.items[1].word, "Teh") == 0
	      && strcmp (r.items[2].word, "Cannot") == 0);
  UNIT_CHECK ("locate: the first word of la.c",
	      r.n == 3 && r.items[0].located && r.items[0].span.line == 2
	      && r.items[0].span.first_column == 31
	      && r.items[0].span.last_column == 37);
  UNIT_CHECK ("locate: the word of lb.c",
	      r.n == 3 && r.items[1].located && r.items[1].span.line == 3
	      && r.items[1].span.first_column == 10
	      && r.items[1].span.last_column == 12);
  UNIT_CHECK ("locate: la.c read again after lb.c",
	      r.n == 3 && r.items[2].located && r.items[2].span.line == 2
	      && r.items[2].span.first_column == 24
	      && r.items[2].span.last_column == 29);
  if (cwd && chdir (cwd) != 0)
    perror ("chdir");
  free (cwd);
  ls_sources_free (sources);
  ls_results_free (&r);
  ls_findings_free (&f);
  ls_options_free (&o);
  ls_program_free (p);
  for (size_t i = 0; i < 2; i++)
    {
      char *path = tmp_path (files[i][0]);
      unlink (path);
      free (path);
    }
}

int
main (void)
{
  if (!mkdtemp (tmpdir))
    return 1;
  ls_program *p = make_program ();
  ls_findings f;
  make_findings (p, &f);
  struct ls_options o;
  ls_options_init (&o);

  test_json_escape ();
  test_json_writer_buffer ();
  test_json_writer_deep ();
  test_json_writer_bytes ();
  test_json_escape_in_pieces ();
  test_json_escape_ascii ();
  test_display_and_paths ();
  test_json_report (p, &f, &o);
  test_sarif_report (p, &f, &o);
  test_atomic_writes (p, &f, &o);
  test_warns_and_fails (p, &f);
  test_github (&f);
  test_html (p, &f, &o);
  test_baseline (p, &f, &o);
  test_locate_across_files ();

  static const char *const made[] = { "escape.json", "report.json",
				      "report.sarif", "writer.json",
				      "writer-bytes.json" };
  for (size_t i = 0; i < sizeof made / sizeof *made; i++)
    {
      char *path = tmp_path (made[i]);
      unlink (path);
      free (path);
    }
  UNIT_CHECK ("the test's directory is left empty and removed",
	      rmdir (tmpdir) == 0);
  ls_options_free (&o);
  ls_findings_free (&f);
  ls_program_free (p);
  return unit_done ("test_report");
}
