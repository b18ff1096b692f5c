/* Unit tests of literal.c: where a string constant's bytes are in its
   source.  */

#include "literal.h"
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* A source of lines, NULL-terminated.  */
static const char *
get_line (void *ctx, unsigned line, size_t *len)
{
  const char *const *lines = ctx;
  for (unsigned i = 1; lines[i - 1]; i++)
    if (i == line)
      {
	*len = strlen (lines[i - 1]);
	return lines[i - 1];
      }
  return NULL;
}

/* The span of WORD in the constant TEXT (decoded) at LINE:COLUMN of
   LINES, as "line:first-last" with a "*" when verbatim, or "none".  */
static const char *
span_of (const char *const *lines, unsigned line, unsigned column,
	 const char *text, const char *word)
{
  static char buf[64];
  const char *at = strstr (text, word);
  struct ls_source_span s;
  if (!at || !ls_literal_span (get_line, (void *) lines, line, column,
			       (size_t) (at - text), strlen (word), &s))
    return "none";
  snprintf (buf, sizeof buf, "%u:%u-%u%s", s.line, s.first_column,
	    s.last_column, s.verbatim ? "*" : "");
  return buf;
}

static void
test_plain (void)
{
  static const char *const src[] = {
    "  puts (\"Could not recieve the reply\");", NULL
  };
  UNIT_STREQ ("plain: the word's columns", span_of (src, 1, 9,
						    "Could not recieve the reply",
						    "recieve"), "1:20-26*");
  UNIT_STREQ ("plain: the first byte",
	      span_of (src, 1, 9, "Could not recieve the reply", "Could"),
	      "1:10-14*");
  static const char *const tabs[] = { "\t\tputs (\"a tpyo\");", NULL };
  UNIT_STREQ ("plain: tabs are one byte each",
	      span_of (tabs, 1, 9, "a tpyo", "tpyo"), "1:12-15*");
  UNIT_STREQ ("plain: not at a literal", span_of (tabs, 1, 3, "a tpyo",
						  "tpyo"), "none");
  UNIT_STREQ ("plain: past the line", span_of (tabs, 1, 80, "a tpyo",
					       "tpyo"), "none");
  UNIT_STREQ ("plain: no such line", span_of (tabs, 3, 1, "a tpyo",
					      "tpyo"), "none");
}

static void
test_escapes (void)
{
  static const char *const src[] = {
    "f (\"\\tone\\ntwo\\x41\\101 \\\"quoted\\\" caf\\u00e9 naive\");", NULL
  };
  const char *text = "\tone\ntwoAA \"quoted\" caf\xc3\xa9 naive";
  UNIT_STREQ ("escapes: after \\t", span_of (src, 1, 4, text, "one"),
	      "1:7-9*");
  UNIT_STREQ ("escapes: after \\n", span_of (src, 1, 4, text, "two"),
	      "1:12-14*");
  UNIT_STREQ ("escapes: hex and octal are one byte each",
	      span_of (src, 1, 4, text, "AA"), "1:15-22");
  UNIT_STREQ ("escapes: inside escaped quotes",
	      span_of (src, 1, 4, text, "quoted"), "1:26-31*");
  UNIT_STREQ ("escapes: a UCN is its UTF-8 bytes, not verbatim",
	      span_of (src, 1, 4, text, "caf\xc3\xa9"), "1:35-43");
  UNIT_STREQ ("escapes: after a UCN", span_of (src, 1, 4, text, "naive"),
	      "1:45-49*");
  static const char *const utf8[] = { "p (\"caf\xc3\xa9 tpyo\");", NULL };
  UNIT_STREQ ("UTF-8 in the source: a byte a byte",
	      span_of (utf8, 1, 4, "caf\xc3\xa9 tpyo", "tpyo"), "1:11-14*");
  static const char *const u8[] = { "p (u8\"a tpyo\");", NULL };
  UNIT_STREQ ("u8 prefix", span_of (u8, 1, 4, "a tpyo", "tpyo"),
	      "1:9-12*");
  static const char *const wide[] = { "p (L\"a tpyo\");", NULL };
  UNIT_STREQ ("wide literals are not read",
	      span_of (wide, 1, 4, "a tpyo", "tpyo"), "none");
  static const char *const bad[] = { "p (\"a \\u12 tpyo\");", NULL };
  UNIT_STREQ ("a short UCN stops the reading",
	      span_of (bad, 1, 4, "a ? tpyo", "tpyo"), "none");
}

static void
test_concatenation (void)
{
  static const char *const src[] = {
    "  printf (\"This message is long, \"   /* first part */",
    "          \"and it has a tpyo \" // second",
    "          \"at the end\\n\");",
    NULL
  };
  const char *text = "This message is long, and it has a tpyo at the end\n";
  UNIT_STREQ ("concatenation: the first literal",
	      span_of (src, 1, 11, text, "message"), "1:17-23*");
  UNIT_STREQ ("concatenation: across a comment and a line",
	      span_of (src, 1, 11, text, "tpyo"), "2:25-28*");
  UNIT_STREQ ("concatenation: after a // comment",
	      span_of (src, 1, 11, text, "end"), "3:19-21*");
  static const char *const split[] = {
    "  puts (\"a wo\" \"rd here\");", NULL
  };
  UNIT_STREQ ("a word split between two literals is not verbatim",
	      span_of (split, 1, 9, "a word here", "word"), "1:12-18");
  static const char *const macro[] = {
    "  printf (\"%\" PRIu64 \" tpyo\", n);", NULL
  };
  UNIT_STREQ ("a macro between literals stops the reading",
	      span_of (macro, 1, 11, "%lu tpyo", "tpyo"), "none");
  static const char *const splice[] = {
    "  puts (\"one two \\", "three tpyo\");", NULL
  };
  UNIT_STREQ ("a line splice",
	      span_of (splice, 1, 9, "one two three tpyo", "tpyo"),
	      "2:7-10*");
  static const char *const across[] = {
    "  puts (\"one tp\\", "yo\");", NULL
  };
  UNIT_STREQ ("a word across a line splice has no span",
	      span_of (across, 1, 9, "one tpyo", "tpyo"), "none");
  static const char *const open[] = { "  puts (\"never closed", NULL };
  UNIT_STREQ ("an unterminated literal",
	      span_of (open, 1, 9, "never closed here", "here"), "none");
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  test_plain ();
  test_escapes ();
  test_concatenation ();
  return unit_done ("test_literal");
}
