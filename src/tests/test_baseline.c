/* test_baseline.c: unit tests for the JSON reader (jsonread.c) and the
   baseline= findings (baseline.c).  The round trip through a real
   report (written by report.c, read back as a baseline) is in
   test_report.c.  */

#include "baseline.h"
#include "jsonread.h"
#include "unit.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

/* Parse TEXT; NULL and *ERR on error.  */
static struct ls_json *
parse (const char *text, char **err)
{
  *err = NULL;
  return ls_json_parse (text, strlen (text), err);
}

static void
test_values (void)
{
  char *err;
  struct ls_json *v = parse (" {\"a\": [1, -2.5e+3, true, false, null],"
			     " \"b\": {}, \"c\": [], \"a\": \"x\"} ", &err);
  UNIT_CHECK ("json: an object parses", v && v->type == LS_JSON_OBJECT
	      && v->n == 4 && !err);
  const struct ls_json *a = ls_json_member (v, "a");
  UNIT_CHECK ("json: a repeated key gives the last value",
	      a && a->type == LS_JSON_STRING && !strcmp (a->text, "x"));
  const struct ls_json *first = v ? &v->items[0] : NULL;
  UNIT_CHECK ("json: array of scalars",
	      first && first->type == LS_JSON_ARRAY && first->n == 5
	      && first->items[0].type == LS_JSON_NUMBER
	      && !strcmp (first->items[1].text, "-2.5e+3")
	      && first->items[2].type == LS_JSON_TRUE
	      && first->items[3].type == LS_JSON_FALSE
	      && first->items[4].type == LS_JSON_NULL);
  UNIT_CHECK ("json: empty containers",
	      ls_json_member (v, "b")->type == LS_JSON_OBJECT
	      && ls_json_member (v, "b")->n == 0
	      && ls_json_member (v, "c")->type == LS_JSON_ARRAY);
  UNIT_CHECK ("json: a missing key", ls_json_member (v, "zz") == NULL
	      && ls_json_member (first, "a") == NULL);
  ls_json_free (v);

  /* Escapes, NUL, a pair of surrogates, a lone one, raw UTF-8.  */
  v = parse ("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u0000 \\u00e9 "
	     "\\ud83d\\ude00 \\ud800x \\udc00 \xc3\xa9\"", &err);
  static const char want[] = "q\" b\\ s/ \b\f\n\r\t \0 \xc3\xa9 "
    "\xf0\x9f\x98\x80 \xef\xbf\xbdx \xef\xbf\xbd \xc3\xa9";
  UNIT_CHECK ("json: string escapes decoded exactly",
	      v && v->type == LS_JSON_STRING && v->len == sizeof want - 1
	      && memcmp (v->text, want, sizeof want - 1) == 0);
  ls_json_free (v);
}

static void
test_errors (void)
{
  static const struct
  {
    const char *text, *want;
  } cases[] = {
    { "", "line 1, column 1: the file ends where a value should be" },
    { "{\"a\": 1,}", "line 1, column 9: expected a key in quotes" },
    { "[1 2]", "line 1, column 4: expected ',' or ']'" },
    { "{\"a\" 1}", "line 1, column 6: expected ':'" },
    { "{\n  \"a\": tru\n}", "line 2, column 8: not a JSON value" },
    { "[01]", "line 1, column 3: expected ',' or ']'" },
    { "[1.]", "line 1, column 4: a digit must follow the decimal point" },
    { "[-]", "line 1, column 3: a number needs a digit" },
    { "\"abc", "line 1, column 5: the file ends inside a string" },
    { "\"a\nb\"", "line 1, column 3: a control character in a string" },
    { "\"\\x\"", "line 1, column 3: an unknown escape in a string" },
    { "\"\\u12g4\"", "line 1, column 4: \\u needs four hex digits" },
    { "\"\xff\"", "line 1, column 2: not UTF-8" },
    { "{} x", "line 1, column 4: more after the JSON value" },
    { "// comment\n{}", "line 1, column 1: not a JSON value" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char *err;
      struct ls_json *v = parse (cases[i].text, &err);
      char name[80];
      snprintf (name, sizeof name, "json: error %zu (%s)", i,
		cases[i].want + 20);
      UNIT_CHECK (name, v == NULL);
      UNIT_STREQ (name, err, cases[i].want);
      free (err);
    }
  /* Deep nesting stops at the limit instead of exhausting the stack.  */
  size_t depth = 100000;
  char *deep = malloc (2 * depth + 1);
  memset (deep, '[', depth);
  memset (deep + depth, ']', depth);
  deep[2 * depth] = '\0';
  char *err;
  struct ls_json *v = parse (deep, &err);
  UNIT_CHECK ("json: deep nesting refused", v == NULL && err
	      && strstr (err, "nested too deep"));
  free (err);
  deep[2 * LS_JSON_MAX_DEPTH] = '\0';
  memset (deep, '[', LS_JSON_MAX_DEPTH);
  memset (deep + LS_JSON_MAX_DEPTH, ']', LS_JSON_MAX_DEPTH);
  v = parse (deep, &err);
  UNIT_CHECK ("json: nesting up to the limit parses", v != NULL);
  ls_json_free (v);
  free (deep);
  /* Truncated at every length: never a crash, always an error.  */
  static const char doc[] = "{\"findings\": [{\"word\": \"teh\\u00e9\", "
    "\"n\": [1.5e3, true]}]}";
  size_t errors = 0;
  for (size_t len = 0; len < sizeof doc - 1; len++)
    {
      err = NULL;
      v = ls_json_parse (doc, len, &err);
      errors += v == NULL && err != NULL;
      ls_json_free (v);
      free (err);
    }
  UNIT_CHECK ("json: every truncation is an error", errors == sizeof doc - 1);
}

static const char report[] =
  "{\n"
  "  \"findings\": [\n"
  "    {\"word\": \"recieve\", \"tier\": \"known\", \"string\": "
  "\"Cannot recieve it\", \"warns\": true},\n"
  "    {\"word\": \"Teh\", \"tier\": \"unknown\", \"string\": "
  "\"Teh \\u0001\\ufffd\\u0000x\"},\n"
  "    {\"word\": \"colour\", \"tier\": \"consistency\", \"string\": "
  "\"Pick a colour\"}\n"
  "  ],\n"
  "  \"summary\": {}\n"
  "}\n";

static void
test_baseline (void)
{
  char *err = NULL;
  ls_baseline *b = ls_baseline_parse (report, sizeof report - 1, "b.json",
				      &err);
  UNIT_CHECK ("baseline: a report parses", b && !err
	      && ls_baseline_size (b) == 3);
  UNIT_CHECK ("baseline: word, tier and string match",
	      ls_baseline_has (b, "known", "recieve", "Cannot recieve it", 17));
  UNIT_CHECK ("baseline: another tier is another finding",
	      !ls_baseline_has (b, "unknown", "recieve", "Cannot recieve it",
				17));
  UNIT_CHECK ("baseline: another string is another finding",
	      !ls_baseline_has (b, "known", "recieve", "Cannot recieve that",
				19)
	      && !ls_baseline_has (b, "known", "recieve", "Cannot recieve i",
				   16));
  UNIT_CHECK ("baseline: another word is another finding",
	      !ls_baseline_has (b, "known", "Recieve", "Cannot recieve it",
				17));
  /* The report wrote the invalid byte as \ufffd and the NUL as \u0000.  */
  UNIT_CHECK ("baseline: bytes that are not UTF-8 match as U+FFFD",
	      ls_baseline_has (b, "unknown", "Teh", "Teh \001\377\0x", 8));
  UNIT_CHECK ("baseline: consistency items",
	      ls_baseline_has (b, "consistency", "colour", "Pick a colour",
			       13));
  ls_baseline_free (b);

  static const struct
  {
    const char *text, *want;
  } bad[] = {
    { "[]", "baseline 'b.json' is not a report of ltospell "
      "(report=FILE.json): no \"findings\" array" },
    { "{\"findings\": {}}", "baseline 'b.json' is not a report of "
      "ltospell (report=FILE.json): no \"findings\" array" },
    { "{\"findings\": [{\"tier\": \"known\", \"string\": \"x\"}]}",
      "baseline 'b.json' is not a report of ltospell (report=FILE.json): "
      "finding 1 has no \"word\" string" },
    { "{\"findings\": [{\"tier\": \"known\", \"word\": \"a\", \"string\": "
      "\"x\"}, {\"tier\": \"known\", \"word\": \"a\", \"string\": 3}]}",
      "baseline 'b.json' is not a report of ltospell (report=FILE.json): "
      "finding 2 has no \"string\" string" },
    { "{\"findings\": [", "baseline 'b.json' is not valid JSON: line 1, "
      "column 15: the file ends where a value should be" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      err = NULL;
      b = ls_baseline_parse (bad[i].text, strlen (bad[i].text), "b.json",
			     &err);
      char name[64];
      snprintf (name, sizeof name, "baseline: bad report %zu", i);
      UNIT_CHECK (name, b == NULL);
      UNIT_STREQ (name, err, bad[i].want);
      free (err);
    }
  b = ls_baseline_parse ("{\"findings\": []}", 16, "b.json", &err);
  UNIT_CHECK ("baseline: an empty report is an empty baseline",
	      b && ls_baseline_size (b) == 0
	      && !ls_baseline_has (b, "known", "a", "a", 1));
  ls_baseline_free (b);
}

static void
test_read (void)
{
  char dir[] = "/tmp/ltospell-test-baseline-XXXXXX";
  if (!mkdtemp (dir))
    abort ();
  char path[128];
  snprintf (path, sizeof path, "%s/b.json", dir);
  FILE *f = fopen (path, "w");
  fputs (report, f);
  fclose (f);
  char *err = NULL;
  ls_baseline *b = ls_baseline_read (path, &err);
  UNIT_CHECK ("baseline: read from a file", b && ls_baseline_size (b) == 3);
  ls_baseline_free (b);
  unlink (path);
  b = ls_baseline_read (path, &err);
  char want[256];
  snprintf (want, sizeof want, "cannot read baseline '%s': %s", path,
	    strerror (ENOENT));
  UNIT_CHECK ("baseline: a missing file", b == NULL);
  UNIT_STREQ ("baseline: a missing file is named", err, want);
  free (err);
  b = ls_baseline_read (dir, &err);
  snprintf (want, sizeof want, "cannot read baseline '%s': %s", dir,
	    strerror (EISDIR));
  UNIT_STREQ ("baseline: a directory is named", err, want);
  free (err);
  rmdir (dir);
}

int
main (void)
{
  test_values ();
  test_errors ();
  test_baseline ();
  test_read ();
  return unit_done ("test_baseline");
}
