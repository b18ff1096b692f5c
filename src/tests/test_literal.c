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

/* The same for a char array declared at LINE:COLUMN whose contents are
   TEXT and its null character.  */
static const char *
init_span_of (const char *const *lines, unsigned line, unsigned column,
	      const char *text, const char *word)
{
  static char buf[64];
  const char *at = strstr (text, word);
  struct ls_source_span s;
  ls_initializer *init
    = ls_initializer_read (get_line, (void *) lines, line, column,
			   (const unsigned char *) text, strlen (text) + 1);
  bool found = at && ls_initializer_span (init, (size_t) (at - text),
					  strlen (word), &s);
  ls_initializer_free (init);
  if (!found)
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
  /* GCC ends lines at CR LF too, and splices a backslash that blanks
     follow.  */
  static const char *const crlf[] = {
    "  puts (\"one two \\\r", "three tpyo\");\r", NULL
  };
  UNIT_STREQ ("a line splice before CR LF",
	      span_of (crlf, 1, 9, "one two three tpyo", "tpyo"), "2:7-10*");
  static const char *const blanks[] = {
    "  puts (\"one two \\ \t", "three tpyo\");", NULL
  };
  UNIT_STREQ ("a line splice followed by blanks",
	      span_of (blanks, 1, 9, "one two three tpyo", "tpyo"), "2:7-10*");
  static const char *const comment[] = {
    "  puts (\"one \" // two \\", "\"not this\"", "\"tpyo\");", NULL
  };
  UNIT_STREQ ("a line comment goes on past a line splice",
	      span_of (comment, 1, 9, "one tpyo", "tpyo"), "3:2-5*");
  static const char *const open[] = { "  puts (\"never closed", NULL };
  UNIT_STREQ ("an unterminated literal",
	      span_of (open, 1, 9, "never closed here", "here"), "none");
}

/* less's help.c: the help text as a list of character constants, one
   line of text a line.  */
static const char *const help_c[] = {
  "/* This file was generated by mkhelp.pl */",
  "#include \"less.h\"",
  "constant char helpdata[] = {",
  "'\\n',",
  "' ',' ','S','U','M','M','A','R','Y','\\n',",
  "' ','T','h','e',' ','c','o','m','m','a','n','d','s',' ',",
  "'a','r','e',' ','r','e','c','i','e','v','e','d','\\n',",
  " 0 };",
  "constant int size_helpdata = sizeof(helpdata) - 1;",
  NULL
};
static const char help_text[]
  = "\n  SUMMARY\n The commands are recieved\n";

static void
test_char_list (void)
{
  UNIT_STREQ ("list: the word's first and last constants",
	      init_span_of (help_c, 3, 15, help_text, "recieved"),
	      "7:17-47");
  UNIT_STREQ ("list: a word on the first line of text",
	      init_span_of (help_c, 3, 15, help_text, "SUMMARY"), "5:9-35");
  UNIT_STREQ ("list: a word across lines is its first constant",
	      init_span_of (help_c, 3, 15, help_text, "commands are"),
	      "6:21-23");
  UNIT_STREQ ("list: not from the type's column",
	      init_span_of (help_c, 3, 10, help_text, "recieved"), "none");
  UNIT_STREQ ("list: not from inside the name",
	      init_span_of (help_c, 3, 16, help_text, "recieved"), "none");
  UNIT_STREQ ("list: not with other bytes",
	      init_span_of (help_c, 3, 15, "\n  SUMMARY\n The commands are "
			    "recieved!\n", "recieved"), "none");
  UNIT_STREQ ("list: not with fewer bytes",
	      init_span_of (help_c, 3, 15, "\n  SUMMARY\n The commands",
			    "commands"), "none");
  static const char *const escapes[] = {
    "static const char msg[2 * 8] = /* text */ {",
    "  '\\'', '\\\\', '\"', '\\x41', /* a comment, ', */ '\\101', 66, 0x43,",
    "  0104, '\\t', 't', 'p', 'y', \\",
    "  'o', '\\e', '\\0', };",
    NULL
  };
  const char *esc = "'\\\"AABCD\ttpyo\033";
  UNIT_STREQ ("list: escapes, integers and a comment",
	      init_span_of (escapes, 1, 19, esc, "AABC"), "2:20-63");
  UNIT_STREQ ("list: across a line splice, the first constant",
	      init_span_of (escapes, 1, 19, esc, "tpyo"), "3:15-17");
  UNIT_STREQ ("list: quote and backslash constants",
	      init_span_of (escapes, 1, 19, esc, "'\\"), "2:3-12");
  static const char *const cxx[] = {
    "const char word[] {'t','p','y','o'};", NULL
  };
  UNIT_STREQ ("list: a C++ brace initializer without '='",
	      init_span_of (cxx, 1, 12, "tpyo", "tpyo"), "1:20-34");
  struct ls_source_span span;
  ls_initializer *init
    = ls_initializer_read (get_line, (void *) cxx, 1, 12,
			   (const unsigned char *) "tpyo", 4);
  UNIT_CHECK ("list: the bytes without a null character",
	      ls_initializer_span (init, 0, 4, &span)
	      && span.line == 1 && span.first_column == 20
	      && span.last_column == 34 && !span.verbatim);
  UNIT_CHECK ("list: not past the bytes",
	      !ls_initializer_span (init, 2, 3, &span));
  UNIT_CHECK ("list: one read, many words",
	      ls_initializer_span (init, 1, 2, &span)
	      && span.first_column == 24 && span.last_column == 30
	      && ls_initializer_span (init, 3, 1, &span)
	      && span.first_column == 32 && span.last_column == 34);
  ls_initializer_free (init);
}

/* Lists that cannot be read for sure: no span.  */
static void
test_char_list_refused (void)
{
  /* Each would give the string's bytes, \1pyo, if what is refused were
     skipped, evaluated or truncated.  */
  static const struct
  {
    const char *what, *source;
    unsigned column;		/* Of the name.  */
  } refused[] = {
    { "a macro", "char a[] = { 1, NL, 'p', 'y', 'o', 0 };", 6 },
    { "an expression", "char a[] = { 1 + 0, 'p', 'y', 'o', 0 };", 6 },
    { "a negative value", "char a[] = { -1, 'p', 'y', 'o', 0 };", 6 },
    { "a cast", "char a[] = { (char) 1, 'p', 'y', 'o', 0 };", 6 },
    { "a wide constant", "char a[] = { L'\\1', 'p', 'y', 'o', 0 };", 6 },
    { "a multi-character constant", "char a[] = { '\\1p', 'y', 'o', 0 };",
      6 },
    { "a UCN", "char a[] = { '\\u0001', 'p', 'y', 'o', 0 };", 6 },
    { "an octal escape over 255", "char a[] = { '\\401', 'p', 'y', 'o', 0 };",
      6 },
    { "a hex escape over 255", "char a[] = { '\\x101', 'p', 'y', 'o', 0 };",
      6 },
    { "an integer over 255", "char a[] = { 257, 'p', 'y', 'o', 0 };", 6 },
    { "a suffix", "char a[] = { 1u, 'p', 'y', 'o', 0 };", 6 },
    { "a binary literal", "char a[] = { 0b1, 'p', 'y', 'o', 0 };", 6 },
    { "a missing comma", "char a[] = { 1 'p', 'y', 'o', 0 };", 6 },
    { "two commas", "char a[] = { 1,, 'p', 'y', 'o', 0 };", 6 },
    { "a nested brace", "char a[] = { { 1, 'p', 'y', 'o', 0 } };", 6 },
    { "no closing brace", "char a[] = { 1, 'p', 'y', 'o', 0", 6 },
    { "a call", "f (a, { 1, 'p', 'y', 'o', 0 });", 4 },
    { "an attribute", "char a[] __attribute__ ((aligned (8))) = { 1, 'p', "
		      "'y', 'o', 0 };", 6 },
    { "a quote in the bound", "char a['z'] = { 1, 'p', 'y', 'o', 0 };", 6 },
    { "not at the name", "char a[] = { 1, 'p', 'y', 'o', 0 };", 1 },
    { "a field after another", "struct s a = { 5, 1, 'p', 'y', 'o', 0 };",
      10 },
  };
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
    {
      const char *const lines[] = { refused[i].source, NULL };
      char name[96];
      snprintf (name, sizeof name, "list refused: %s", refused[i].what);
      UNIT_STREQ (name, init_span_of (lines, 1, refused[i].column, "\1pyo",
				      "pyo"), "none");
    }
  /* The control: the plain list is read.  */
  static const char *const good[] = {
    "char a[] = { 1, 'p', 'y', 'o', 0 };", NULL
  };
  UNIT_STREQ ("list: the control of the refusals",
	      init_span_of (good, 1, 6, "\1pyo", "pyo"), "1:17-29");
  static const char *const directive[] = {
    "char a[] = {", "#if X", "1, 'p', 'y', 'o', 0", "#endif", "};", NULL
  };
  UNIT_STREQ ("list refused: a directive",
	      init_span_of (directive, 1, 6, "\1pyo", "pyo"), "none");
}

/* A char array initialized from a literal.  */
static void
test_string_initializer (void)
{
  static const char *const src[] = {
    "static const char banner[] = \"Press any key untill the end\";", NULL
  };
  const char *text = "Press any key untill the end";
  UNIT_STREQ ("array literal: verbatim",
	      init_span_of (src, 1, 19, text, "untill"), "1:45-50*");
  static const char *const sized[] = {
    "char banner[32] = \"Press any key untill the end\";", NULL
  };
  UNIT_STREQ ("array literal: a given size is not verbatim",
	      init_span_of (sized, 1, 6, text, "untill"), "1:34-39");
  static const char *const braces[] = {
    "char banner[] = { \"Press any key \"", "  \"untill the end\" };", NULL
  };
  UNIT_STREQ ("array literal: in braces, concatenated",
	      init_span_of (braces, 1, 6, text, "untill"), "2:4-9*");
  static const char *const fields[] = {
    "struct msg m = { \"Press any\", \"key untill the end\" };", NULL
  };
  UNIT_STREQ ("array literal: another field's literal",
	      init_span_of (fields, 1, 12, "key untill the end", "untill"),
	      "none");
  /* Located, but with no fix: the field's size is in the structure.  */
  UNIT_STREQ ("array literal: the first field's",
	      init_span_of (fields, 1, 12, "Press any", "any"), "1:25-27");
  static const char *const typedefd[] = {
    "typedef char name_t[10];", "const name_t n = \"sucessful\";", NULL
  };
  UNIT_STREQ ("array literal: a typedef'd array's size is not its own",
	      init_span_of (typedefd, 2, 14, "sucessful", "sucessful"),
	      "2:19-27");
  static const char *const qualified[] = {
    "static const char *const banner = \"Press any key untill the end\";",
    NULL
  };
  UNIT_STREQ ("array literal: a const pointer's is verbatim",
	      init_span_of (qualified, 1, 26, text, "untill"), "1:50-55*");
  static const char *const matrix[] = {
    "char banner[][40] = { \"Press any key untill the end\" };", NULL
  };
  UNIT_STREQ ("array literal: any given bound is not verbatim",
	      init_span_of (matrix, 1, 6, text, "untill"), "1:38-43");
  static const char *const macro[] = {
    "char banner[] = \"Press any key untill the end\" SUFFIX;", NULL
  };
  UNIT_STREQ ("array literal: a macro after it",
	      init_span_of (macro, 1, 6, text, "untill"), "none");
  static const char *const pointer[] = {
    "const char *banner = \"Press any key untill the end\";", NULL
  };
  UNIT_STREQ ("array literal: the same text from a pointer's name",
	      init_span_of (pointer, 1, 13, text, "untill"), "1:37-42*");
}

/* A list longer than the stretches ls_initializer_span reads again:
   five lines of 40 constants, "abcd...", the 26 letters over and over;
   a word is found wherever it starts.  */
static void
test_long_list (void)
{
  static char text[201], lines_text[5][161];
  const char *lines[8] = { "char alphabet[] = {" };
  for (int k = 0; k < 200; k++)
    text[k] = (char) ('a' + k % 26);
  for (int l = 0; l < 5; l++)
    {
      for (int k = 0; k < 40; k++)
	memcpy (lines_text[l] + 4 * k, "'?',", 4);
      for (int k = 0; k < 40; k++)
	lines_text[l][4 * k + 1] = text[40 * l + k];
      lines[l + 1] = lines_text[l];
    }
  lines[6] = "0 };";
  ls_initializer *init
    = ls_initializer_read (get_line, (void *) lines, 1, 6,
			   (const unsigned char *) text, 201);
  bool all = init != NULL;
  for (size_t offset = 0; offset + 3 <= 200 && all; offset++)
    {
      struct ls_source_span span;
      unsigned line = 2 + (unsigned) (offset / 40), first = 1 + 4 * (offset % 40);
      bool across = offset % 40 > 37;
      all = ls_initializer_span (init, offset, 3, &span)
	    && span.line == line && span.first_column == first
	    && span.last_column == (across ? first + 2 : first + 10)
	    && !span.verbatim;
      if (!all)
	printf ("offset %zu: %u:%u-%u\n", offset, span.line,
		span.first_column, span.last_column);
    }
  UNIT_CHECK ("long list: every word, across the marks", all);
  ls_initializer_free (init);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  test_plain ();
  test_escapes ();
  test_concatenation ();
  test_char_list ();
  test_char_list_refused ();
  test_string_initializer ();
  test_long_list ();
  return unit_done ("test_literal");
}
