/* test_words.c: unit tests for ls_split_words (words.c).

   Each WORDS case splits one text and compares the exact list of
   words, joined by single spaces (WORDS_AT adds "@offset" to each).
   The text is copied into a buffer of exactly its length first, so
   AddressSanitizer catches any read past LEN.  Every callback is also
   checked to point into the text at its offset, in order; a word read
   through a notation ("[h]elp") comes from a buffer instead, and its
   bytes must be found in order in the text from its offset on.  */

#include "words.h"
#include "unit.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* U+2019 RIGHT SINGLE QUOTATION MARK, kept apart so that a following
   hex digit is not read into the escape.  */
#define RSQ "\xe2\x80\x99"

struct collected
{
  const char *text;
  size_t text_len;
  bool offsets;
  char out[640];		/* Small enough for unit.h's messages.  */
  size_t used;
  size_t count;
  size_t next_min;		/* Words come in order, never overlapping.  */
  const char *error;
};

static void
append (struct collected *c, const char *s, size_t n)
{
  if (c->used + n >= sizeof c->out)
    {
      c->error = "too many words for the test buffer";
      return;
    }
  memcpy (c->out + c->used, s, n);
  c->used += n;
  c->out[c->used] = '\0';
}

static int
fold (int c)
{
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Where the bytes of WORD, read through a notation ("[h]elp" as
   "help"), end in the text: they must come in order, in any ASCII
   case, from OFFSET on.  0 if they do not.  */
static size_t
notated_end (const struct collected *c, const char *word, size_t len,
	     size_t offset)
{
  size_t i = offset, k = 0;

  for (; i < c->text_len && k < len; i++)
    if (fold ((unsigned char) c->text[i]) == fold ((unsigned char) word[k]))
      k++;
  return k == len ? i : 0;
}

static void
collect (const char *word, size_t len, size_t offset, void *data)
{
  struct collected *c = data;
  bool in_text = word == c->text + offset;
  size_t end = in_text ? offset + len : notated_end (c, word, len, offset);
  char at[32];

  if (!in_text && word >= c->text && word < c->text + c->text_len)
    c->error = "word points into the text but not at its offset";
  else if (len < 2 || end == 0 || end > c->text_len)
    c->error = "word is too short or not in the text at its offset";
  else if (offset < c->next_min)
    c->error = "words out of order or overlapping";
  if (c->error)
    return;
  c->next_min = end;
  c->count++;
  if (c->used > 0)
    append (c, " ", 1);
  append (c, word, len);
  if (c->offsets)
    {
      snprintf (at, sizeof at, "@%zu", offset);
      append (c, at, strlen (at));
    }
}

/* Split LEN bytes of TEXT and collect the words into C.  */
static void
run_split (struct collected *c, const char *text, size_t len,
	   unsigned flags, bool offsets)
{
  char *copy = malloc (len > 0 ? len : 1);

  memset (c, 0, sizeof *c);
  memcpy (copy, text, len);
  c->text = copy;
  c->text_len = len;
  c->offsets = offsets;
  ls_split_words (copy, len, flags, collect, c);
  free (copy);
  c->text = NULL;
}

static void
check_split (const char *name, const char *text, size_t len, unsigned flags,
	     bool offsets, const char *want)
{
  struct collected c;

  run_split (&c, text, len, flags, offsets);
  if (c.error)
    unit_report (0, name, c.error);
  else
    UNIT_STREQ (name, c.out, want);
}

/* TEXT must be a string literal: its length comes from sizeof, so
   embedded NULs are part of it.  */
#define WORDS(name, text, want) \
  check_split (name, text, sizeof (text) - 1, LS_SPLIT_DEFAULT, false, want)
#define WORDS_AT(name, text, want) \
  check_split (name, text, sizeof (text) - 1, LS_SPLIT_DEFAULT, true, want)
#define WORDS_NP(name, text, want) \
  check_split (name, text, sizeof (text) - 1, LS_SPLIT_NO_PRINTF, false, want)

static void
test_basics (void)
{
  WORDS ("basic: empty text", "", "");
  WORDS ("basic: one word", "hello", "hello");
  WORDS ("basic: sentence", "The file was not found",
	 "The file was not found");
  WORDS ("basic: punctuation separates", "Hello, world! How are you?",
	 "Hello world How are you");
  WORDS ("basic: tabs and newlines", "first\tsecond\nthird\r\nfourth",
	 "first second third fourth");
  WORDS ("basic: single letters are not words", "a b c I x is ok", "is ok");
  WORDS ("basic: two-letter words are", "an ox is up", "an ox is up");
  WORDS ("basic: surrounding spaces", "   padded   ", "padded");
  WORDS ("basic: brackets and colons", "(optional) [default: none] {set}",
	 "optional default none set");
  WORDS ("basic: semicolon list", "red; green; blue", "red green blue");
  WORDS ("alternation: names joined by bars are a pattern",
	 "std :: begin|cbegin|crend ( ) is wrong here",
	 "std is wrong here");
  WORDS ("alternation: a regular expression's", "Files matching gif|png",
	 "Files matching");
  WORDS ("alternation: a bar with blanks is prose", "yes | no answer",
	 "yes no answer");
  WORDS_AT ("offsets: printf", "Read %zu bytes", "Read@0 bytes@9");
  WORDS_AT ("offsets: leading spaces", "  two  words", "two@2 words@7");
  WORDS_AT ("offsets: hyphen", "x well-known", "well@2 known@7");
  WORDS_AT ("offsets: possessive", "the user's home",
	    "the@0 user@4 home@11");
  WORDS_AT ("offsets: non-ASCII", "caf\xc3\xa9 noir", "caf\xc3\xa9@0 noir@6");
}

static void
test_separators (void)
{
  WORDS ("nul: separates words", "hello\0world", "hello world");
  WORDS_AT ("nul: offsets count the NUL", "hello\0world", "hello@0 world@6");
  WORDS ("nul: table of short words is data", "rb\0wb\0a+", "");
  WORDS ("nul: segments are judged apart", "yes\0Cannot open file",
	 "Cannot open file");
  WORDS ("nul: short segments around prose", "no\0bad input\0ok", "bad input");
  WORDS ("nul: trailing NULs", "done properly\0\0\0", "done properly");
  WORDS ("nul: leading NUL", "\0leading zero", "leading zero");
  WORDS ("control: SOH and STX separate", "alpha\001beta\002gamma",
	 "alpha beta gamma");
  WORDS ("control: DEL separates", "alpha\177beta", "alpha beta");
  WORDS ("control: bell and backspace", "ring\a the\b bell", "ring the bell");
  WORDS ("control: form feed and vertical tab", "page\fbreak\vhere",
	 "page break here");
  WORDS ("escape: colour codes", "\033[1;31merror\033[0m: bad thing",
	 "error bad thing");
  WORDS ("escape: OSC hyperlink",
	 "\033]8;;http://x.org\033\\link\033]8;;\033\\ text", "link text");
  WORDS ("escape: unterminated CSI", "\033[12\n abc def", "abc def");
  WORDS ("escape: CSI with an intermediate byte", "\033[12 qabc def",
	 "abc def");
  WORDS ("escape: ESC at the very end", "trailing escape\033",
	 "trailing escape");
}

/* ls_is_value_label on the first occurrence of WORD in the literal
   TEXT (one segment).  */
static void
check_label (const char *name, const char *text, size_t len,
	     const char *word, unsigned flags, bool want)
{
  const char *at = strstr (text, word);
  if (!at)
    {
      unit_report (0, name, "word not in the text");
      return;
    }
  bool got = ls_is_value_label (text, 0, len, (size_t) (at - text),
				strlen (word), flags);
  unit_report (got == want, name, want ? "not taken for a label"
				     : "taken for a label");
}

#define LABEL(name, text, word, want) \
  check_label (name, text, sizeof (text) - 1, word, LS_SPLIT_DEFAULT, want)

static void
check_follows (const char *name, const char *text, const char *word,
	       unsigned flags, bool want)
{
  const char *at = strstr (text, word);
  bool got = at && ls_follows_string_conversion (text, 0,
						 (size_t) (at - text), flags);
  unit_report (got == want, name, want ? "not after a string's conversion"
				     : "taken as after one");
}

static void
test_follows_string_conversion (void)
{
  check_follows ("after %s", "replay %sabled", "abled", LS_SPLIT_DEFAULT,
		 true);
  check_follows ("after %-10s", "x %-10sabled", "abled", LS_SPLIT_DEFAULT,
		 true);
  check_follows ("after %c", "got %cxit", "xit", LS_SPLIT_DEFAULT, true);
  check_follows ("not after %d", "the %dth", "th", LS_SPLIT_DEFAULT, false);
  check_follows ("not after %%s", "100%%sabled", "abled", LS_SPLIT_DEFAULT,
		 false);
  check_follows ("not after a space", "%s abled", "abled", LS_SPLIT_DEFAULT,
		 false);
  check_follows ("not in scanf", "%sabled", "abled", LS_SPLIT_SCANF, false);
  check_follows ("not without printf", "%sabled", "abled",
		 LS_SPLIT_NO_PRINTF, false);
}

static void
test_value_labels (void)
{
  test_follows_string_conversion ();
  LABEL ("label: at the start", " tbytes %lu fbytes %lu", "tbytes", true);
  LABEL ("label: after a value", " tbytes %lu fbytes %lu", "fbytes", true);
  LABEL ("label: after a comma", ", vrid %u, prio %u", "vrid", true);
  LABEL ("label: with a colon", "gnuc: %d.%d\n", "gnuc", true);
  LABEL ("label: with an equals sign", "idx= %u", "idx", true);
  LABEL ("label: hex value", "\n\t dpid 0x%016lx", "dpid", true);
  LABEL ("label: after a line break", "hop %u\n\t  vtime %.3fs", "vtime",
	 true);
  LABEL ("label: after a bracketed value", "DstID 0x%x(%s) Correlator 0x%lx",
	 "Correlator", true);
  LABEL ("label: in brackets", "seen (splen %u)", "splen", true);
  LABEL ("label: hyphenated", "ipx-netbios %u", "netbios", true);
  LABEL ("label: value in brackets", "seq [%u]", "seq", true);
  LABEL ("label: a string after a colon", ", operstatus: %s", "operstatus",
	 true);
  LABEL ("no label: a verb and its object", "Writign %s", "Writign", false);
  LABEL ("no label: a word after a string", "%s siad %s", "siad", false);
  LABEL ("no label: after a percent sign", "at 100%% cmoplete %d",
	 "cmoplete", false);
  LABEL ("no label: after a word", "cannot opne %s", "opne", false);
  LABEL ("no label: after a word and a value", "min %u, total recvd %u",
	 "recvd", false);
  LABEL ("no label: after a colon", "%s: opne %s", "opne", false);
  LABEL ("no label: no value after", "the tbytes field", "tbytes", false);
  LABEL ("no label: percent sign", "done %% now", "done", false);
  LABEL ("no label: value glued", "page%d", "page", false);
  LABEL ("no label: not a name", "x.tbytes %u", "tbytes", false);
  LABEL ("no label: a value on the next line", "tbytes\n%u", "tbytes",
	 false);
  check_label ("no label: without printf", " tbytes %lu", 11, "tbytes",
	       LS_SPLIT_NO_PRINTF, false);
  check_label ("label: scanf's conversions", "vrid %5d", 8, "vrid",
	       LS_SPLIT_SCANF, true);
  check_label ("no label: a scanf set is no number", "vrid %[a-z]", 11,
	       "vrid", LS_SPLIT_SCANF, false);
}

static void
test_printf (void)
{
  WORDS ("printf: %s", "Cannot open %s", "Cannot open");
  WORDS ("printf: %d", "Got %d items", "Got items");
  WORDS ("printf: %%", "100%% done", "done");
  WORDS ("printf: %-10.3lf", "Value %-10.3lf units", "Value units");
  WORDS ("printf: %1$s positional", "%1$s and %2$s", "and");
  WORDS ("printf: %*d", "width %*d here", "width here");
  WORDS ("printf: %.*s", "name %.*s here", "name here");
  WORDS ("printf: %'d", "total %'d items", "total items");
  WORDS ("printf: %lld", "counted %lld things", "counted things");
  WORDS ("printf: %hhx", "byte %hhx seen", "byte seen");
  WORDS ("printf: %ls", "wide %ls string", "wide string");
  WORDS ("printf: %p", "pointer %p freed", "pointer freed");
  WORDS ("printf: %n", "wrote %n chars", "wrote chars");
  WORDS ("printf: %jd", "max %jd value", "max value");
  WORDS ("printf: %td", "diff %td bytes", "diff bytes");
  WORDS ("printf: %Lf", "long %Lf double", "long double");
  WORDS ("printf: %#x", "flags %#x set", "flags set");
  WORDS ("printf: space flag", "sign % d here", "sign here");
  WORDS ("printf: %+d", "delta %+d units", "delta units");
  WORDS ("printf: %m", "open failed: %m", "open failed");
  WORDS ("printf: %lu", "%lu bytes left", "bytes left");
  WORDS ("printf: %llu", "read %llu records", "read records");
  WORDS ("printf: %*1$d", "pad %*1$d end", "pad end");
  WORDS ("printf: %.3f", "took %.3f seconds", "took seconds");
  WORDS ("printf: %5.2e", "value %5.2e here", "value here");
  WORDS ("printf: %c", "char %c typed", "char typed");
  WORDS ("printf: %08X", "code %08X returned", "code returned");
  WORDS ("printf: %S", "wide %S text", "wide text");
  WORDS ("printf: %zd", "signed %zd size", "signed size");
  WORDS ("printf: %sfoo gives foo", "prefix %sfoobar", "prefix foobar");
  WORDS ("printf: word then %s", "file%s not found", "file not found");
  WORDS ("printf: %s between words", "one%stwo", "one two");
  WORDS ("printf: after %%", "at 100%%done", "at done");
  WORDS ("printf: plural after %s", "the %ss were lost", "the were lost");
  WORDS ("printf: bad conversion is punctuation", "%yes please",
	 "yes please");
  WORDS ("printf: percent at the end", "complete 100%", "complete");
  WORDS ("printf: 50% of", "50% of them", "of them");
  WORDS ("printf: 100% sure", "100% sure", "sure");
  WORDS ("printf: width without conversion", "top %5 of", "top of");
  WORDS ("printf: ordinal after %d", "the %dth time", "the time");
  WORDS ("printf: unit after %d", "took %dms total", "took total");
  WORDS ("printf: unit after %.2f", "rate %.2fMB per second",
	 "rate per second");
  WORDS ("printf: letters before %d", "page%d of %d", "of");
  WORDS ("printf: strftime format", "%Y-%m-%d %H:%M:%S", "");
  WORDS ("printf: percent of %%", "%zu of %zu tests failed (%.1f%%)",
	 "of tests failed");
  WORDS_NP ("no-printf: conversion letters are text", "Read %zu bytes",
	    "Read zu bytes");
  WORDS_NP ("no-printf: %sfoo", "prefix %sfoobar", "prefix sfoobar");
  WORDS_NP ("no-printf: 100% done", "100% done", "done");
  WORDS_NP ("no-printf: %%d", "save %%d now", "save now");
  WORDS_NP ("no-printf: %{var} still skipped", "use %{name} here",
	    "use here");
}

static void
test_apostrophes (void)
{
  WORDS ("apostrophe: contraction kept whole", "It doesn't work",
	 "It doesn't work");
  WORDS ("apostrophe: we'll", "we'll see", "we'll see");
  WORDS ("apostrophe: possessive stripped", "the user's file",
	 "the user file");
  WORDS ("apostrophe: curly contraction", "it doesn" RSQ "t work",
	 "it doesn" RSQ "t work");
  WORDS ("apostrophe: curly possessive", "the user" RSQ "s file",
	 "the user file");
  WORDS ("apostrophe: capital possessive", "DIRECTORY'S CONTENTS",
	 "DIRECTORY CONTENTS");
  WORDS ("apostrophe: quoted word alone", "'recieve'", "recieve");
  WORDS ("apostrophe: quoted word in a sentence",
	 "unknown word 'recieve' found", "unknown word recieve found");
  WORDS ("apostrophe: curly quotes around a word",
	 "\xe2\x80\x98" "quoted" RSQ " text", "quoted text");
  WORDS ("apostrophe: plural possessive", "the users' files",
	 "the users files");
  WORDS ("apostrophe: leading apostrophe", "'tis the season",
	 "tis the season");
  WORDS ("apostrophe: O'Reilly", "by O'Reilly Media", "by O'Reilly Media");
  WORDS ("apostrophe: several inside a word", "rock'n'roll music",
	 "rock'n'roll music");
  WORDS ("apostrophe: before digits", "the '90s music", "the music");
  WORDS ("apostrophe: it's", "it's here", "it here");
  WORDS ("apostrophe: capitals contraction", "WOULDN'T CONTINUE",
	 "WOULDN'T CONTINUE");
  WORDS ("apostrophe: camelCase after contraction", "don'tStop",
	 "don't Stop");
  WORDS ("quotes: double quotes", "say \"hello\" now", "say hello now");
  WORDS ("quotes: curly double quotes",
	 "say \xe2\x80\x9chello\xe2\x80\x9d now", "say hello now");
  WORDS ("quotes: backquotes", "run `make install` first",
	 "run make install first");
  WORDS ("quotes: guillemets", "\xc2\xab" "bonjour\xc2\xbb", "bonjour");
}

static void
test_hyphens (void)
{
  WORDS ("hyphen: compound", "well-known", "well known");
  WORDS ("hyphen: long compound", "state-of-the-art design",
	 "state of the art design");
  WORDS ("hyphen: suspended", "pre- and post-processing",
	 "pre and post processing");
  WORDS ("hyphen: with an acronym", "non-ASCII input", "non input");
  WORDS ("hyphen: with digits", "mp3-player found", "player found");
  WORDS ("dash: en dash", "pages 10\xe2\x80\x93" "20 inclusive",
	 "pages inclusive");
  WORDS ("dash: em dash", "wait\xe2\x80\x94what", "wait what");
  WORDS ("dash: spaced hyphen", "yes - no way", "yes no way");
  WORDS ("dash: double dash at the end", "end of options --",
	 "end of options");
}

static void
test_urls_and_mail (void)
{
  WORDS ("url: https", "see https://example.com/docs for details",
	 "see for details");
  WORDS ("url: ftp", "fetch ftp://ftp.gnu.org/gnu/ now", "fetch now");
  WORDS ("url: www", "visit www.gnu.org today", "visit today");
  WORDS ("url: in angle brackets", "<https://example.com/x>", "");
  WORDS ("url: with a query", "http://x.org/?q=recieve", "");
  WORDS ("url: misspelt path stays unchecked",
	 "see http://example.com/recieve-data now", "see now");
  WORDS ("mail: address", "report bugs to bug-foo@gnu.org please",
	 "report bugs to please");
  WORDS ("mail: user@host", "ssh root@server failed", "ssh failed");
  WORDS ("mail: mailto", "mailto:someone@example.org", "");
  WORDS ("mail: in angle brackets", "Jane Doe <jane@example.org>",
	 "Jane Doe");
}

static void
test_paths (void)
{
  WORDS ("path: absolute", "missing /usr/share/foo/data file",
	 "missing file");
  WORDS ("path: ./x", "run ./configure first", "run first");
  WORDS ("path: ../x", "see ../README now", "see now");
  WORDS ("path: ~/.config", "edit ~/.config/foorc now", "edit now");
  WORDS ("path: ~user", "in ~alice home", "in home");
  WORDS ("path: a/b.c", "compile src/main.c again", "compile again");
  WORDS ("path: relative directory", "install into lib/foo/bar",
	 "install into");
  WORDS ("path: trailing slash", "remove build/ tree", "remove tree");
  WORDS ("path: in parentheses", "(see /etc/passwd)", "see");
  WORDS ("path: in quotes", "cannot open '/tmp/x.log': denied",
	 "cannot open denied");
  WORDS ("path: Windows", "C:\\Program Files\\Foo", "");
  WORDS ("path: literal backslash escape", "use \\n for newline",
	 "use for newline");
  WORDS ("path: glob", "matching *.conf files", "matching files");
  WORDS ("path: %s/%s", "saved to %s/%s today", "saved to today");
  WORDS ("alternation: and/or", "copy and/or modify", "copy and or modify");
  WORDS ("alternation: before a full stop", "opened for read/write.",
	 "opened for read write");
  WORDS ("alternation: single letters", "continue? (y/n)", "continue");
  WORDS ("alternation: two slashes are a path", "yes/no/maybe answer",
	 "answer");
  WORDS ("alternation: digits make a path", "see man3/intro now",
	 "see now");
}

static void
test_dotted_names (void)
{
  WORDS ("file: config.h", "cannot open config.h: no such file",
	 "cannot open no such file");
  WORDS ("file: foo.txt", "wrote foo.txt", "wrote");
  WORDS ("file: libfoo.so.1", "loading libfoo.so.1 failed",
	 "loading failed");
  WORDS ("file: capital extension", "see README.TXT now", "see now");
  WORDS ("file: %s.conf", "reading %s.conf failed", "reading failed");
  WORDS ("file: with a line number", "main.c:42: error", "error");
  WORDS ("file: sentence ends are not files", "It failed. Try again.",
	 "It failed Try again");
  WORDS ("file: word.Word is prose", "done.Next step", "done Next step");
  WORDS ("file: long extension is prose", "module.function called",
	 "module function called");
  WORDS ("dotted: dotfile", "edit .bashrc first", "edit first");
  WORDS ("dotted: bare extension", "all .txt files", "all files");
  WORDS ("dotted: hostname", "connect to example.com now",
	 "connect to now");
  WORDS ("dotted: reverse domain name", "org.gnome.Shell crashed", "crashed");
  WORDS ("dotted: e.g.", "fruits, e.g. apples", "fruits apples");
  WORDS ("dotted: ellipsis", "Loading...done", "Loading done");
  WORDS ("dotted: trailing ellipsis", "Please wait...", "Please wait");
}

static void
test_options (void)
{
  WORDS ("option: --output-file", "use --output-file instead",
	 "use instead");
  WORDS ("option: -Wall", "compile with -Wall", "compile with");
  WORDS ("option: -v", "try -v for verbose", "try for verbose");
  WORDS ("option: --help in parentheses", "(see --help)", "see");
  WORDS ("option: quoted", "unknown option '--frobnicate'",
	 "unknown option");
  WORDS ("option: bracketed usage", "[-hv] [--verbose]", "");
  WORDS ("option: with a value", "--color=auto", "");
  WORDS ("option: negative number", "offset -12 is bad", "offset is bad");
  WORDS ("option: usage line", "  -o, --output=FILE   write output to FILE",
	 "write output to");
}

static void
test_capitals (void)
{
  WORDS ("caps: MAX_PATH", "exceeds MAX_PATH limit", "exceeds limit");
  WORDS ("caps: LC_ALL", "set LC_ALL first", "set first");
  WORDS ("caps: short environment name", "HOME is unset", "is unset");
  WORDS ("caps: acronyms", "HTTP UTF JSON TLS", "");
  WORDS ("caps: six letters are prose", "RECEIVED WARNING",
	 "RECEIVED WARNING");
  WORDS ("caps: five letters are an acronym", "ERROR reading", "reading");
  WORDS ("caps: plural acronyms", "too many URLs and IDs", "too many and");
  WORDS ("caps: possessive acronym", "the CPU's cache", "the cache");
  WORDS ("caps: Ok is a word", "Ok then", "Ok then");
  WORDS ("caps: OK is an acronym", "OK fine", "fine");
  WORDS ("caps: long word is not split", "CONFIGURATION", "CONFIGURATION");
  WORDS ("caps: [OPTION]...", "Usage: %s [OPTION]... [FILE]...\n",
	 "Usage OPTION");
}

static void
test_identifiers (void)
{
  WORDS ("ident: snake_case", "in read_packet: short read",
	 "in short read");
  WORDS ("ident: __func__", "__func__ failed", "failed");
  WORDS ("ident: trailing underscore", "foo_ is reserved", "is reserved");
  WORDS ("ident: std::string", "expected std::string here",
	 "expected here");
  WORDS ("ident: p->next", "p->next is null", "is null");
  WORDS ("ident: malloc()", "call malloc() first", "call first");
  WORDS ("ident: man page reference", "open(2) failed", "open failed");
  WORDS ("ident: plural in parentheses", "one or more file(s)",
	 "one or more file");
  WORDS ("var: $EDITOR", "set $EDITOR now", "set now");
  WORDS ("var: ${var}", "expand ${prefix}/share later", "expand later");
  WORDS ("var: %{var}", "rpm %{version} macro", "rpm macro");
  WORDS ("var: $1", "missing $1 argument", "missing argument");
  WORDS ("var: $(CC)", "using $(CC) here", "using here");
  WORDS ("var: a price is not a variable", "costs $5 today", "costs today");
  WORDS ("hash: a directive", "%%<#endif /* ! %s */", "");
  WORDS ("hash: a channel", "join #debian now", "join now");
  WORDS ("hash: a colour", "set it to #ff80aa", "set it to");
  WORDS ("hash: after a word is no name", "use C# here", "use here");
  WORDS ("hash: a number", "see issue #12 later", "see issue later");
  WORDS ("hash: spaced", "a # comment", "comment");
  WORDS ("data: key=value", "set debug=yes", "set");
  WORDS ("data: name=%s", "loaded name=%s ok", "loaded ok");
  WORDS ("data: spaced equals", "width = height", "width height");
}

static void
test_digits (void)
{
  WORDS ("digits: utf8", "utf8 text", "text");
  WORDS ("digits: x86_64", "x86_64 only", "only");
  WORDS ("digits: sha256", "sha256 mismatch", "mismatch");
  WORDS ("digits: v2", "use v2 format", "use format");
  WORDS ("digits: 3rd", "3rd attempt", "attempt");
  WORDS ("digits: 10th", "10th try", "try");
  WORDS ("digits: 2nd", "2nd pass", "pass");
  WORDS ("digits: i18n", "i18n support", "support");
  WORDS ("digits: utf-8", "utf-8 input", "utf input");
  WORDS ("digits: UTF-8", "UTF-8 input", "input");
  WORDS ("hex: 0x1F", "got 0x1F back", "got back");
  WORDS ("hex: deadbeef", "magic deadbeef wrong", "magic wrong");
  WORDS ("hex: CAFEBABE", "bad CAFEBABE magic", "bad magic");
  WORDS ("hex: short hex word", "a facade here", "facade here");
  WORDS ("hex: uuid", "id 123e4567-e89b-12d3-a456-426614174000 taken",
	 "id taken");
  WORDS ("version: v2.5.1", "version v2.5.1 installed",
	 "version installed");
  WORDS ("version: 1.2.3", "release 1.2.3 out", "release out");
  WORDS ("version: pre-release", "got 1.2.3-beta here", "got here");
  WORDS ("number: plain numbers", "12 34.5 -7 1e10", "");
  WORDS ("number: time", "at 10:30 sharp", "at sharp");
}

static void
test_camel_case (void)
{
  WORDS ("camel: recieveData", "recieveData", "recieve Data");
  WORDS ("camel: parseHTTPResponse", "parseHTTPResponse", "parse Response");
  WORDS ("camel: XMLHttpRequest", "XMLHttpRequest", "Http Request");
  WORDS ("camel: iPhone", "iPhone", "Phone");
  WORDS ("camel: PascalCase", "PascalCase", "Pascal Case");
  WORDS ("camel: plural acronym inside", "getURLsList", "get List");
  WORDS ("camel: HTTPServer", "HTTPServer", "Server");
  WORDS_AT ("camel: offsets", "recieveData", "recieve@0 Data@7");
  WORDS ("camel: non-ASCII letter before a capital",
	 "Caf\xc3\xa9" "Bar", "Caf\xc3\xa9 Bar");
  WORDS ("camel: in a sentence", "call getValue first",
	 "call get Value first");
  WORDS ("camel: two-letter parts", "myId is set", "my Id is set");
}

static void
test_markup (void)
{
  WORDS ("tag: bold", "<b>bold</b> text", "bold text");
  WORDS ("tag: closing tag alone", "</div>", "");
  WORDS ("tag: self-closing", "line<br/>break", "line break");
  WORDS ("tag: usage metavariable is checked", "usage: prog <file>",
	 "usage prog file");
  WORDS ("tag: unclosed", "<input file>", "input file");
  WORDS ("tag: XML declaration", "<?xml version=\"1.0\"?>", "");
  WORDS ("tag: comment", "<!-- note here -->", "note here");
  WORDS ("tag: attributes", "<img src=x alt=y/> shown", "shown");
  WORDS ("tag: quoted attribute", "<blockquote cite=\"x y\">said</blockquote>",
	 "said");
  WORDS ("tag: link", "click <a href=\"http://x.org/\">here</a> now",
	 "click here now");
  WORDS ("tag: single quotes and bare attribute",
	 "<input type='checkbox' checked> agree", "agree");
  WORDS ("tag: class", "<div class=note>text</div>", "text");
  WORDS ("tag: words without '=' stay prose", "<input file name>",
	 "input file name");
  WORDS ("tag: unclosed quote: not a tag, and href=\"x> is data", "<a href=\"x> go", "go");
  WORDS ("entity: &amp;", "salt &amp; pepper", "salt pepper");
  WORDS ("entity: inside a token", "Tom&amp;Jerry", "Tom Jerry");
  WORDS ("entity: &#39;", "it&#39;s fine", "it fine");
  WORDS ("entity: &#x27;", "quote&#x27;here", "quote here");
  WORDS ("entity: bare ampersand", "salt & pepper", "salt pepper");
  WORDS ("entity: AT&T", "AT&T", "");
}

/* Key letters and menu mnemonics are read as the word they mark.  */
static void
test_notation (void)
{
  WORDS ("key: [h]elp", "[h]elp", "help");
  WORDS_AT ("key: reported where the notation starts",
	    "press [h]elp or [Q]uit", "press@0 help@6 or@13 Quit@16");
  WORDS ("key: a typo inside stays whole", "[h]lep", "hlep");
  WORDS ("key: parentheses, a list", "(e)ncrypt, (s)ign, (c)lear",
	 "encrypt sign clear");
  WORDS_AT ("key: inside the word", "to e(x)it", "to@0 exit@3");
  WORDS ("key: a capital inside a lowercase word", "e(X)it", "exit");
  WORDS ("key: contraction", "[d]on't", "don't");
  WORDS ("key: in quotes", "'[y]es' or '[n]o'", "yes or no");
  WORDS ("key: in brackets", "([a]bort)", "abort");
  WORDS ("key: alone is no notation", "[h] help, (q) quit", "help quit");
  WORDS ("key: plural (s) is not a key", "one or more file(s) left",
	 "one or more file left");
  WORDS ("key: plural after a count", "%d item(s) removed",
	 "item removed");
  WORDS ("key: plural (es)", "match(es) found", "match es found");
  WORDS ("key: an index ends no word", "argv[i] is null", "argv is null");
  WORDS ("key: a chain is no notation", "(a)bc(d)ef", "bc ef");
  WORDS ("key: touching digits", "[h]elp2 [x]86", "");
  WORDS ("key: after a string conversion", "%s[h]elp", "help");
  WORDS ("mnemonic: &File", "&File", "File");
  WORDS_AT ("mnemonic: offsets", "&File &Edit", "File@0 Edit@6");
  WORDS ("mnemonic: Save &As", "Save &As", "Save As");
  WORDS ("mnemonic: inside a word", "E&xit", "Exit");
  WORDS ("mnemonic: typo inside", "E&xti", "Exti");
  WORDS_AT ("mnemonic: camelCase after it", "&FileMenu", "File@0 Menu@5");
  WORDS ("mnemonic: && is a literal ampersand", "Tom&&Jerry", "Tom Jerry");
  WORDS ("mnemonic: && alone", "a && b || c", "");
  WORDS ("mnemonic: spaced ampersand", "salt & pepper", "salt pepper");
  WORDS ("mnemonic: a chain is no mnemonic", "rock&roll&more",
	 "rock roll more");
  WORDS ("mnemonic: operator&", "operator& overload", "operator overload");
  WORDS ("mnemonic: an entity stays an entity", "&amp;File", "File");
  WORDS ("mnemonic: capitals are an acronym", "AT&T and Q&A", "and");
  /* Inside a word, '&' marks a letter in a label (a short string)
     only: there two words joined by '&' read as one, and the checker's
     compound rule judges "dragdrop"; in longer text they stay two.  */
  WORDS ("mnemonic: joined words in a label", "drag&drop", "dragdrop");
  WORDS ("mnemonic: joined words in longer text",
	 "Files can be moved with drag&drop from the panel on the left side",
	 "Files can be moved with drag drop from the panel on the left side");
  WORDS ("mnemonic: E&xit in longer text is no mnemonic",
	 "Choose E&xit from the menu to leave the program and save the work",
	 "Choose xit from the menu to leave the program and save the work");
  WORDS ("mnemonic: &File in longer text",
	 "Choose &File, then Save &As to write the document under a new name",
	 "Choose File then Save As to write the document under new name");
  WORDS ("mnemonic: _Open", "_Open", "Open");
  WORDS ("mnemonic: Save _As", "Save _As", "Save As");
  WORDS_AT ("mnemonic: E_xit", "E_xit now", "Exit@0 now@6");
  WORDS ("mnemonic: Pr_eferences", "Pr_eferences", "Preferences");
  WORDS ("mnemonic: E_xit in longer text is an identifier",
	 "Choose E_xit from the menu to leave the program and save the work",
	 "Choose from the menu to leave the program and save the work");
  WORDS ("mnemonic: a typedef name", "unknown Type_t here",
	 "unknown here");
  WORDS ("mnemonic: C keywords", "_Bool and _Pragma (x) or _Noreturn",
	 "and or");
  WORDS ("mnemonic: snake_case stays an identifier", "in read_packet now",
	 "in now");
  WORDS ("mnemonic: Title_Case stays an identifier", "Read_Packet now",
	 "now");
  WORDS ("mnemonic: lowercase after a leading _", "_exit failed",
	 "failed");
  WORDS ("mnemonic: two underscores", "_Open_File now", "now");
  WORDS ("mnemonic: __attribute__", "__attribute__ ignored", "ignored");
  WORDS ("mnemonic: markdown emphasis stays skipped", "_emphasis_ text",
	 "text");
  WORDS ("mnemonic: trailing underscore", "Foo_ is reserved", "is reserved");
  WORDS ("mnemonic: _ alone", "a _ b", "");
  WORDS ("mnemonic: digits", "E_x1t", "");
  WORDS ("mnemonic: MAX_PATH", "MAX_PATH exceeded", "exceeded");
}

/* "<word>" is a placeholder of a usage text, checked; only markup is
   skipped.  */
static void
test_placeholders (void)
{
  WORDS ("placeholder: misspelt", "--timeout <tiemout>", "tiemout");
  WORDS_AT ("placeholder: offsets", "prog <file>", "prog@0 file@6");
  WORDS ("placeholder: hyphenated", "git switch -c <new-branch>",
	 "git switch new branch");
  WORDS ("placeholder: in brackets", "[<options>] <paths>...",
	 "options paths");
  WORDS ("placeholder: host:port", "connect to <host:port>",
	 "connect to host port");
  WORDS ("placeholder: key name", "press <Enter> to go", "press Enter to go");
  WORDS ("placeholder: capitals are an acronym", "prog <FILE>", "prog");
  WORDS ("placeholder: header name, after a directive",
	 "#include <stdio.h>", "");
  WORDS ("placeholder: a C++ header is no placeholder",
	 "add #include <iostream> and #import <Cocoa>, not <iostraem>",
	 "add and not iostraem");
  WORDS ("placeholder: next to markup",
	 "<b>Usage</b>: prog <tiemout>", "Usage prog tiemout");
  WORDS ("markup: HTML element", "<b>bold</b> and <i>it</i>", "bold and it");
  WORDS ("markup: any case", "<B>Bold</B><BR>", "Bold");
  WORDS ("markup: element names are a closed list", "<time> <span>x</span>",
	 "");
  WORDS ("markup: attributes", "<div class=\"x\">text</div>", "text");
  WORDS ("markup: any closing tag", "</tiemout> </p>", "");
  WORDS ("markup: self-closing", "<br/> <foo/>", "");
  WORDS ("markup: a name closed in the same text",
	 "<fontconfig><dir>x</dir></fontconfig>", "");
  WORDS ("markup: closed in another segment is not",
	 "</fontconfig>\0see <fontconfig> here", "see fontconfig here");
  WORDS ("markup: DOCTYPE", "<!DOCTYPE html> page", "page");
  WORDS ("markup: XML declaration", "<?xml version=\"1.0\"?> doc", "doc");
  WORDS ("markup: comment text is prose", "<!-- note here -->",
	 "note here");
}

/* Long texts (MIN_CODE_SEGMENT bytes or more) dense in the brackets
   of notation are prose, not code.  */
static void
test_notation_is_not_code (void)
{
  WORDS ("code: a long usage with placeholders is prose",
	 "usage: tool <origin> <destination> <owner> <group> <mode> "
	 "<timeout> <retries> <interval> <limit> <count> <width> <height> "
	 "<depth> <format> <encoding> <language> <country> <region> "
	 "<timezone> <tiemout>",
	 "usage tool origin destination owner group mode timeout retries "
	 "interval limit count width height depth format encoding language "
	 "country region timezone tiemout");
  WORDS ("code: a long help with key letters is prose",
	 "[a]dd [b]ranch [c]ommit [d]elete [e]dit [f]etch [g]rep [h]elp "
	 "[i]nit [j]ump [k]ill [l]og [m]erge [n]ext [o]pen [p]ush [q]uit "
	 "[r]eset [s]tatus [t]ag [u]ndo [v]iew [w]rite e(x)it [y]ank [z]oom "
	 "[C]lose [P]rint [S]ave",
	 "add branch commit delete edit fetch grep help init jump kill log "
	 "merge next open push quit reset status tag undo view write exit "
	 "yank zoom Close Print Save");
}

static void
test_data_strings (void)
{
  WORDS ("data: %s=%s", "%s=%s", "");
  WORDS ("data: rb", "rb", "");
  WORDS ("data: w+", "w+", "");
  WORDS ("data: colon", ":", "");
  WORDS ("data: a:b:c:", "a:b:c:", "");
  WORDS ("data: hvo:", "hvo:", "");
  WORDS ("data: long getopt string", "ab:c:dhvVq", "");
  WORDS ("data: colon-separated fields", "foo:bar:baz", "");
  WORDS ("data: %02x:%02x", "%02x:%02x", "");
  WORDS ("data: three letters are data", "teh", "");
  WORDS ("data: four letters are a word", "tehh", "tehh");
  WORDS ("data: a label is prose", "Usage:", "Usage");
  WORDS ("data: a single word is prose", "warning", "warning");
  WORDS ("data: conversions are not letters", "%s%s%s%d", "");
  WORDS ("data: short word with a space", "no ok", "no ok");
}

static void
test_unicode (void)
{
  WORDS ("utf8: cafe", "caf\xc3\xa9 au lait", "caf\xc3\xa9 au lait");
  WORDS ("utf8: naive", "na\xc3\xafve approach", "na\xc3\xafve approach");
  WORDS ("utf8: no-break space", "hello\xc2\xa0world", "hello world");
  WORDS ("utf8: ideographic space", "hello\xe3\x80\x80world",
	 "hello world");
  WORDS ("utf8: check mark", "Done \xe2\x9c\x85", "Done");
  WORDS ("utf8: four-byte emoji", "\xf0\x9f\x8e\x89 Party time",
	 "Party time");
  WORDS ("utf8: ellipsis character", "wait\xe2\x80\xa6", "wait");
  WORDS ("utf8: bullet", "\xe2\x80\xa2 first item", "first item");
  WORDS ("utf8: Cyrillic", "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 "
	 "\xd0\xbc\xd0\xb8\xd1\x80",
	 "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 "
	 "\xd0\xbc\xd0\xb8\xd1\x80");
  WORDS ("utf8: Greek capitals", "\xce\x91\xce\x98\xce\x97\xce\x9d\xce\x91",
	 "\xce\x91\xce\x98\xce\x97\xce\x9d\xce\x91");
  WORDS ("utf8: CJK run is one word",
	 "\xe6\x96\x87\xe4\xbb\xb6\xe6\x9c\xaa\xe6\x89\xbe\xe5\x88\xb0",
	 "\xe6\x96\x87\xe4\xbb\xb6\xe6\x9c\xaa\xe6\x89\xbe\xe5\x88\xb0");
  WORDS ("utf8: fullwidth comma separates",
	 "\xe6\x96\x87\xe4\xbb\xb6\xef\xbc\x8c\xe6\x9c\xaa\xe6\x89\xbe",
	 "\xe6\x96\x87\xe4\xbb\xb6 \xe6\x9c\xaa\xe6\x89\xbe");
  WORDS ("utf8: combining accent", "cafe\xcc\x81 time",
	 "cafe\xcc\x81 time");
  WORDS ("utf8: single accented letter", "\xc3\xa9 x", "");
  WORDS ("invalid: stray byte", "hello \xff world", "hello world");
  WORDS ("invalid: byte inside a word", "ab\xff" "cd ef", "ab cd ef");
  WORDS ("invalid: truncated at the end", "word \xe2\x80", "word");
  WORDS ("invalid: overlong slash", "bad\xc0\xafpath here",
	 "bad path here");
  WORDS ("invalid: encoded surrogate", "one\xed\xa0\x80two", "one two");
  WORDS ("invalid: replacement character", "bad\xef\xbf\xbd" "byte",
	 "bad byte");
  WORDS ("invalid: above U+10FFFF", "big\xf4\x90\x80\x80" "code",
	 "big code");
  WORDS ("invalid: lone continuation bytes", "\x80\x80 text \xbf",
	 "text");
}

static void
test_long_words (void)
{
  /* 64 letters: still a word.  */
  WORDS ("length: 64 letters kept",
	 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaag",
	 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaag");
  /* 65 letters: data.  */
  WORDS ("length: 65 letters dropped",
	 "x aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaagg y",
	 "");
  WORDS ("length: base64 blob", "key SGVsbG8gV29ybGQhIFRoaXMgaXM= end",
	 "key end");
}

static void
test_real_messages (void)
{
  WORDS ("real: cannot open", "%s: cannot open '%s': %s\n", "cannot open");
  WORDS ("real: compiler warning", "%s:%d: warning: unused variable '%s'",
	 "warning unused variable");
  WORDS ("real: try --help", "Try '%s --help' for more information.\n",
	 "Try for more information");
  WORDS ("real: invalid argument",
	 "error: invalid argument '%s' for '--color'",
	 "error invalid argument for");
  WORDS ("real: bug address", "Report bugs to: bug-coreutils@gnu.org",
	 "Report bugs to");
  WORDS ("real: copyright",
	 "Copyright (C) 2024 Free Software Foundation, Inc.",
	 "Copyright Free Software Foundation Inc");
  WORDS ("real: licence",
	 "License GPLv3+: GNU GPL version 3 or later "
	 "<https://gnu.org/licenses/gpl.html>.",
	 "License version or later");
  WORDS ("real: written by", "Written by Jane Doe.", "Written by Jane Doe");
  WORDS ("real: typos survive", "Recieved %zu bytes from %s, retrying...",
	 "Recieved bytes from retrying");
  WORDS ("real: environment hint",
	 "Set XDG_CONFIG_HOME or $HOME to a writable directory",
	 "Set or to writable directory");
  WORDS ("real: JSON error", "JSON parse error at line %d, column %d",
	 "parse error at line column");
  WORDS ("real: progress", "[%3d%%] Building C object %s",
	 "Building object");
}

/* Splitting stops at LEN even when the buffer goes on.  */
static void
test_length_bounds (void)
{
  struct collected c;

  run_split (&c, "hello world", 8, LS_SPLIT_DEFAULT, false);
  UNIT_STREQ ("bounds: word cut at LEN", c.out, "hello wo");
  run_split (&c, "hello world", 0, LS_SPLIT_DEFAULT, false);
  UNIT_STREQ ("bounds: zero length", c.out, "");
  run_split (&c, "Read %", 6, LS_SPLIT_DEFAULT, false);
  UNIT_STREQ ("bounds: percent at LEN", c.out, "Read");
  run_split (&c, "text <b", 7, LS_SPLIT_DEFAULT, false);
  UNIT_STREQ ("bounds: tag cut at LEN", c.out, "text");
  run_split (&c, "text &amp", 9, LS_SPLIT_DEFAULT, false);
  UNIT_STREQ ("bounds: entity cut at LEN", c.out, "text amp");
  run_split (&c, "text caf\xc3\xa9", 9, LS_SPLIT_DEFAULT, false);
  UNIT_STREQ ("bounds: UTF-8 cut at LEN", c.out, "text caf");

  c.count = 1;
  ls_split_words (NULL, 5, LS_SPLIT_DEFAULT, collect, &c);
  UNIT_CHECK ("bounds: NULL text is ignored", c.count == 1);
}

/* ------------------------------------------------------------------ */
/* Size and robustness.  */

struct counter
{
  size_t words;
  size_t bytes;
};

static void
count_word (const char *word, size_t len, size_t offset, void *data)
{
  struct counter *c = data;

  (void) word;
  (void) offset;
  c->words++;
  c->bytes += len;
}

#define MEGABYTE ((size_t) 1 << 20)

/* Split a megabyte of PATTERN repeated and check the word count and
   that it took well under a second of CPU time.  */
static void
check_megabyte (const char *name, const char *pattern, size_t pattern_len,
		size_t want_words)
{
  char *text = malloc (MEGABYTE);
  struct counter c = { 0, 0 };
  char why[256];
  clock_t start;
  double seconds;
  size_t i;

  for (i = 0; i < MEGABYTE; i++)
    text[i] = pattern[i % pattern_len];
  start = clock ();
  ls_split_words (text, MEGABYTE, LS_SPLIT_DEFAULT, count_word, &c);
  seconds = (double) (clock () - start) / CLOCKS_PER_SEC;
  free (text);
  snprintf (why, sizeof why, "%zu words (want %zu) in %.3f s", c.words,
	    want_words, seconds);
  unit_report (c.words == want_words && seconds < 1.0, name, why);
}

#define MEGABYTE_OF(name, pattern, words) \
  check_megabyte (name, pattern, sizeof (pattern) - 1, words)

static void
test_megabyte (void)
{
  /* 16-byte pattern, 2 words each: 65536 repeats.  */
  MEGABYTE_OF ("1MB: prose", "Hello world %s! ", 131072);
  MEGABYTE_OF ("1MB: one letter run", "q", 0);
  MEGABYTE_OF ("1MB: percent signs", "%", 0);
  MEGABYTE_OF ("1MB: unfinished conversions", "%1", 0);
  MEGABYTE_OF ("1MB: unclosed tags", "<a", 0);
  MEGABYTE_OF ("1MB: unclosed entities", "&a", 0);
  MEGABYTE_OF ("1MB: unterminated OSC", "\033]", 0);
  MEGABYTE_OF ("1MB: unterminated CSI", "\033[1", 0);
  MEGABYTE_OF ("1MB: one long dotted token", "ab.", 0);
  MEGABYTE_OF ("1MB: one long path", "ab/", 0);
  MEGABYTE_OF ("1MB: apostrophes", "a'", 0);
  MEGABYTE_OF ("1MB: NUL-separated short words", "ab\0", 0);
  MEGABYTE_OF ("1MB: invalid UTF-8", "\xe2\x80", 0);
  /* "gHgH...": parts "g", then "Hg" 524287 times, then "H".  */
  MEGABYTE_OF ("1MB: camelCase", "gH", 524287);
  /* "don't " 6 bytes: 174762 whole repeats, then "don't" cut to "don".  */
  MEGABYTE_OF ("1MB: contractions", "don't ", 174763);
  /* 7 bytes: 149796 whole repeats, then "[h]e" read as "he".  */
  MEGABYTE_OF ("1MB: key letters", "[h]elp ", 149797);
  MEGABYTE_OF ("1MB: placeholders", "<file> ", 149797);
  /* 6 bytes: 174762 whole repeats, then "_Ope" read as "Ope".  */
  MEGABYTE_OF ("1MB: mnemonics", "_Open ", 174763);
  /* Inside a word, a mnemonic is a label's: not in a megabyte.  */
  MEGABYTE_OF ("1MB: mnemonics inside words", "E_xit ", 0);
  MEGABYTE_OF ("1MB: a chain of keys", "a(b)", 0);
  MEGABYTE_OF ("1MB: closing tags", "x</aa>", 0);
  MEGABYTE_OF ("1MB: unclosed declarations", "<!a", 0);
}

static uint32_t
next_random (uint32_t *state)
{
  uint32_t x = *state;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *state = x;
}

/* Random texts from characters the splitter cares about: it must
   never crash, read past the end (ASan) or report a bad span.  */
static void
test_random_texts (void)
{
  static const char *const pieces[] = {
    "a", "Z", "e", "s", "0", "7", " ", "\t", "\0", "%", "s", "d", "l", "z",
    "*", ".", "-", "_", "/", "\\", "@", "$", "{", "}", "(", ")", "=", "<",
    ">", "&", ";", "#", "'", "\"", ":", "~", "x", "\033", "[", "]", "\a",
    RSQ, "\xc3\xa9", "\xff", "\xe2", "\xf0\x9f", "\xc2\xa0", "Ab", "cD",
  };
  size_t n_pieces = sizeof pieces / sizeof pieces[0];
  uint32_t state = 2463534242u;
  const char *error = NULL;
  char buf[256];
  int round;

  for (round = 0; round < 20000 && error == NULL; round++)
    {
      size_t len = 0, want = next_random (&state) % 80;
      struct collected c;

      while (len < want)
	{
	  const char *p = pieces[next_random (&state) % n_pieces];
	  size_t n = p[0] == '\0' ? 1 : strlen (p);

	  if (len + n > sizeof buf)
	    break;
	  memcpy (buf + len, p, n);
	  len += n;
	}
      run_split (&c, buf, len, next_random (&state) % 2, false);
      error = c.error;
    }
  UNIT_STREQ ("random: 20000 texts give sound spans", error, NULL);
}

#define WORDS_SCANF(name, text, want) \
  check_split (name, text, sizeof (text) - 1, LS_SPLIT_SCANF, false, want)
#define WORDS_TIME(name, text, want) \
  check_split (name, text, sizeof (text) - 1, LS_SPLIT_STRFTIME, false, want)

static void
test_scanf (void)
{
  WORDS_SCANF ("scanf: %s and %d", "name %s age %d", "name age");
  WORDS_SCANF ("scanf: negated set to newline", "line %[^\n] end",
	       "line end");
  WORDS_SCANF ("scanf: set with a range", "word %[a-z] done", "word done");
  WORDS_SCANF ("scanf: set starting with ]", "odd %[]abc] set", "odd set");
  WORDS_SCANF ("scanf: negated set with ]", "odd %[^]xyz] set", "odd set");
  WORDS_SCANF ("scanf: width before a set", "took %79[^:] here",
	       "took here");
  WORDS_SCANF ("scanf: suppressed assignment", "skip %*d then %s",
	       "skip then");
  WORDS_SCANF ("scanf: suppressed set", "skip %*[ \t] blanks", "skip blanks");
  WORDS_SCANF ("scanf: allocating %ms", "alloc %ms string", "alloc string");
  WORDS_SCANF ("scanf: allocating set", "alloc %m[a-z] letters",
	       "alloc letters");
  WORDS_SCANF ("scanf: %lld and %hhu", "big %lld small %hhu", "big small");
  WORDS_SCANF ("scanf: positional", "pos %1$d here", "pos here");
  WORDS_SCANF ("scanf: %%", "100%% sure", "sure");
  WORDS_SCANF ("scanf: %n", "count %n chars", "count chars");
  WORDS_SCANF ("scanf: unterminated set is text", "bad %[abc", "bad abc");
  WORDS_SCANF ("scanf: letters after a set are a word",
	       "%[a-z]words here", "words here");
  /* The same sets read as printf: "[^" is punctuation and the rest
     letters, which is why the format kind matters.  */
  WORDS ("scanf: a set under printf rules leaves letters",
	 "read %[abcdef] here", "read abcdef here");
}

static void
test_strftime (void)
{
  WORDS_TIME ("strftime: date", "Date: %Y-%m-%d", "Date");
  WORDS_TIME ("strftime: time words", "at %H:%M:%S on %A", "at on");
  WORDS_TIME ("strftime: glibc flags", "day %-d of %_m and %^a",
	      "day of and");
  WORDS_TIME ("strftime: E and O modifiers", "year %Ey month %Om",
	      "year month");
  WORDS_TIME ("strftime: width", "pad %10A here", "pad here");
  WORDS_TIME ("strftime: %+ and %%", "now %+ is 100%% done", "now is done");
  WORDS_TIME ("strftime: %k %l %P %s", "hour %k %l %P since %s epoch",
	      "hour since epoch");
  WORDS_TIME ("strftime: word glued to a conversion", "%Hh%Mmin", "min");
  WORDS_TIME ("strftime: %Q is no conversion", "bad %Qux here",
	      "bad Qux here");
  WORDS_TIME ("strftime: %E alone", "only %E then", "only then");
  /* Under printf rules "%Y" is not a conversion: its letter is left,
     and alone it is too short to be a word.  */
  WORDS ("strftime: printf rules", "at %H:%M", "at");
}

static void
test_code_segments (void)
{
  WORDS ("code: a jq prelude is not prose",
	 "def halt_error: halt_error(5);\ndef error: error(.);\n"
	 "def map(f): [.[] | f];\ndef select(f): if f then . else empty end;\n"
	 "def sort_by(f): _sort_by_impl(map([f]));\n"
	 "def group_by(f): _group_by_impl(map([f]));\n"
	 "def unique: group_by(.) | map(.[0]);\n"
	 "def zorpify(f): group_by(f) | map(.[0]);\n",
	 "");
  WORDS ("code: short code-like text still split",
	 "usage: git add [<options>] [--] <pathspec>...",
	 "usage git add options pathspec");
  WORDS ("code: long prose with a few brackets stays prose",
	 "This option (which is rarely needed) tells the program to keep "
	 "going when a file cannot be read; the default is to stop. It has "
	 "no effect on files given on the command line, which are always "
	 "read in order.",
	 "This option which is rarely needed tells the program to keep "
	 "going when file cannot be read the default is to stop It has no "
	 "effect on files given on the command line which are always read "
	 "in order");
}

struct skip_data
{
  struct collected c;
  const char *name;
};

static bool
skip_name (const char *run, size_t len, void *data)
{
  struct skip_data *d = data;
  return strlen (d->name) == len && memcmp (run, d->name, len) == 0;
}

static void
collect_skip (const char *word, size_t len, size_t offset, void *data)
{
  struct skip_data *d = data;
  collect (word, len, offset, &d->c);
}

/* The words of TEXT split with a skip hook that names NAME (NULL: no
   hook), into D->c.out.  */
static void
split_skipping (struct skip_data *d, const char *text, const char *name)
{
  memset (d, 0, sizeof *d);
  d->c.text = text;
  d->c.text_len = strlen (text);
  d->name = name;
  ls_split_words_skipping (text, strlen (text), LS_SPLIT_DEFAULT,
			   collect_skip, name ? skip_name : NULL, d);
}

static void
test_skip_runs (void)
{
  static const char text[] = "call recvDaata or sendDaata now";
  struct skip_data d;
  split_skipping (&d, text, "recvDaata");
  UNIT_STREQ ("skip: a named run is dropped whole, others split",
	      d.c.out, "call or send Daata now");
  split_skipping (&d, text, "Daata");
  UNIT_STREQ ("skip: runs are asked before the camelCase split",
	      d.c.out, "call recv Daata or send Daata now");
  split_skipping (&d, text, NULL);
  UNIT_STREQ ("skip: no hook, plain split", d.c.out,
	      "call recv Daata or send Daata now");

  /* A token that reads as a GTK label's mnemonic ("E_xit") is asked
     about as written too: the program may define it (a field).  */
  static const char mnemonic[] = "Op_finall --- should not happen";
  split_skipping (&d, mnemonic, "Op_finall");
  UNIT_STREQ ("skip: a named mnemonic-like token is dropped whole",
	      d.c.out, "should not happen");
  split_skipping (&d, mnemonic, "Other");
  UNIT_STREQ ("skip: an unnamed one is read without its mark",
	      d.c.out, "Opfinall should not happen");
}

/* The memo (ls_split_words_memo) changes nothing: random strings made
   of tokens that are plain and tokens that are not (conversions,
   markup, notations, mnemonics, camelCase, possessives, paths,
   options), split with one memo shared by all of them and without,
   give the same words at the same offsets.  The runs the program
   names ("recieveData", "frobnicate") are skipped the same way.  */
struct word_log
{
  char buf[65536];
  size_t len;
};

static void
log_word (const char *word, size_t len, size_t offset, void *data)
{
  struct word_log *l = data;
  int n = snprintf (l->buf + l->len, sizeof l->buf - l->len, "%zu:%.*s|",
		    offset, (int) len, word);
  if (n > 0 && (size_t) n < sizeof l->buf - l->len)
    l->len += (size_t) n;
}

static bool
skip_named (const char *run, size_t len, void *data)
{
  (void) data;
  return (len == 11 && memcmp (run, "recieveData", 11) == 0)
	 || (len == 10 && memcmp (run, "frobnicate", 10) == 0);
}

static void
test_memo_same_words (void)
{
  static const char *const tokens[] = {
    "the", "Sort", "readable", "queue.", "file,", "it's", "user's",
    "HTTPServer", "recieveData", "frobnicate", "don't", "\"quoted\"",
    "(parens)", "e(x)it", "[h]elp", "&File", "E&xit", "_Open", "Save",
    "%s", "%d:", "100%", "<b>bold</b>", "<file>", "/usr/lib", "--force",
    "-v", "a.b.c", "foo_bar", "x=1", "www.example.org", "http://x.y/z",
    "URLs", "IDs", "wrold", "teh", "Recieve", "fooBar", "3rd", "0x1f",
    "caf\xc3\xa9", "na\xc3\xafve", "\xe2\x80\x9cquoted\xe2\x80\x9d",
    "can't!", "end.", "a", "I", "ok?", "yes;", "no:", "-", "--", "'",
    "\"", ".", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "long-hyphenated-word", "Mixed-Case-Token", "ALLCAPS", "x",
    /* The memo's limits: plain tokens of 64 and 65 bytes, and plain
       bytes that run into an escape, DEL, markup, an entity, a
       conversion or a byte beyond ASCII with no space between.  */
    "abcdefghabcdefghabcdefghabcdefghabcdefghabcdefghabcdefghabcdefgh",
    "abcdefghabcdefghabcdefghabcdefghabcdefghabcdefghabcdefghabcdefghi",
    "red\033[1mbold\033[0m", "word\177", "tab<b>le", "fish&amp;",
    "rate%d", "caf\xc3\xa9s", "\033[0m", "\x7f",
  };
  size_t n_tokens = sizeof tokens / sizeof *tokens;
  /* "": two tokens written together, one token to the splitter.  */
  static const char *const seps[] = { " ", "  ", "\n", "\t", " - ", ": ",
				      "", "\v" };
  ls_word_memo *memo = ls_word_memo_new ();
  static struct word_log with, without;
  int differ = 0;
  srand (5);
  for (int k = 0; k < 3000; k++)
    {
      char text[1024];
      size_t len = 0;
      int n = 1 + rand () % 12;
      for (int i = 0; i < n && len < 900; i++)
	{
	  const char *t = tokens[rand () % n_tokens];
	  const char *sep = i ? seps[rand () % (sizeof seps / sizeof *seps)] : "";
	  len += (size_t) snprintf (text + len, sizeof text - len, "%s%s", sep, t);
	}
      if (rand () % 10 == 0 && len < 1000)
	text[len++] = '\0';	/* Segments.  */
      unsigned flags = (unsigned) (rand () % 3 == 0 ? LS_SPLIT_SCANF : LS_SPLIT_DEFAULT);
      with.len = without.len = 0;
      ls_split_words_memo (text, len, flags, log_word, skip_named, &with, memo);
      ls_split_words_skipping (text, len, flags, log_word, skip_named, &without);
      differ += with.len != without.len || memcmp (with.buf, without.buf, with.len);
    }
  ls_word_memo_free (memo);
  UNIT_CHECK ("memo: the same words at the same offsets in 3000 random strings",
	      differ == 0);
}

/* What slot_word saw: for each word, whether it had a slot and what
   the slot held; it leaves the word's text in the slot ("well" and
   "known" only).  */
struct slot_log
{
  ls_word_memo *memo;
  char words[8][16];
  bool had_slot[8];
  char held[8][16];
  size_t n;
};

static void
slot_word (const char *word, size_t len, size_t offset, void *data)
{
  struct slot_log *log = data;
  (void) offset;
  void **slot = ls_word_memo_slot (log->memo);
  if (log->n == 8 || len >= 16)
    return;
  snprintf (log->words[log->n], 16, "%.*s", (int) len, word);
  log->had_slot[log->n] = slot != NULL;
  snprintf (log->held[log->n], 16, "%s", slot && *slot ? (char *) *slot : "");
  static const char *const known[] = { "well", "known" };
  for (size_t i = 0; slot && i < 2; i++)
    if (strcmp (known[i], log->words[log->n]) == 0)
      *slot = (void *) known[i];
  log->n++;
}

/* A word has a slot from its token's second sighting on, its own, kept
   with the token for later strings; words of tokens the memo does not
   keep have none, and no slot is offered between words.  */
static void
test_memo_slots (void)
{
  ls_word_memo *memo = ls_word_memo_new ();
  struct slot_log first = { memo, { "" }, { false }, { "" }, 0 };
  const char *text = "well-known well-known (foo)";
  ls_split_words_memo (text, strlen (text), LS_SPLIT_DEFAULT, slot_word,
		       NULL, &first, memo);
  UNIT_CHECK ("memo slots: five words", first.n == 5);
  UNIT_CHECK ("memo slots: none the first time",
	      !first.had_slot[0] && !first.had_slot[1]);
  UNIT_CHECK ("memo slots: one each the second time, empty",
	      first.had_slot[2] && first.had_slot[3] && !*first.held[2]
	      && !*first.held[3]);
  UNIT_CHECK ("memo slots: none in a token the memo does not keep",
	      !first.had_slot[4]);
  UNIT_CHECK ("memo slots: none between words",
	      ls_word_memo_slot (memo) == NULL);
  struct slot_log again = { memo, { "" }, { false }, { "" }, 0 };
  ls_split_words_memo ("known well-known", 16, LS_SPLIT_DEFAULT, slot_word,
		       NULL, &again, memo);
  UNIT_CHECK ("memo slots: each word's own, kept for later strings",
	      again.n == 3 && !again.had_slot[0]
	      && strcmp (again.held[1], "well") == 0
	      && strcmp (again.held[2], "known") == 0);
  ls_word_memo_free (memo);

  /* A plain token is hashed in two places: while its end is sought
     (ended by a space, "token ") and when token_end found the end (an
     escape ends it, "token\033[0m").  Both must find the same entry,
     in either order.  */
  static const char *const ways[][2] = {
    { "sealed\033[0m", "sealed " }, { "sealed ", "sealed\033[0m" },
  };
  bool same_entry = true;
  for (size_t w = 0; w < 2; w++)
    {
      memo = ls_word_memo_new ();
      struct slot_log one = { memo, { "" }, { false }, { "" }, 0 };
      struct slot_log two = { memo, { "" }, { false }, { "" }, 0 };
      ls_split_words_memo (ways[w][0], strlen (ways[w][0]), LS_SPLIT_DEFAULT,
			   slot_word, NULL, &one, memo);
      ls_split_words_memo (ways[w][1], strlen (ways[w][1]), LS_SPLIT_DEFAULT,
			   slot_word, NULL, &two, memo);
      same_entry &= one.n == 1 && !one.had_slot[0] && two.n == 1
		    && two.had_slot[0];
      ls_word_memo_free (memo);
    }
  UNIT_CHECK ("memo slots: a token ended by a space or by an escape is "
	      "one entry", same_entry);
}

int
main (void)
{
  test_memo_same_words ();
  test_memo_slots ();
  test_basics ();
  test_separators ();
  test_printf ();
  test_value_labels ();
  test_apostrophes ();
  test_hyphens ();
  test_urls_and_mail ();
  test_paths ();
  test_dotted_names ();
  test_options ();
  test_capitals ();
  test_identifiers ();
  test_digits ();
  test_camel_case ();
  test_markup ();
  test_notation ();
  test_placeholders ();
  test_notation_is_not_code ();
  test_data_strings ();
  test_unicode ();
  test_long_words ();
  test_real_messages ();
  test_length_bounds ();
  test_megabyte ();
  test_random_texts ();
  test_scanf ();
  test_strftime ();
  test_code_segments ();
  test_skip_runs ();
  return unit_done ("test_words");
}
