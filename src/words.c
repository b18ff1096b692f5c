/* words.c: split the text of one string constant into the words worth
   spell-checking.

   The text is the decoded UTF-8 of one string constant.  It is not
   NUL-terminated, may hold embedded NULs and invalid UTF-8, and may be
   megabytes long, so each level below walks its span left to right a
   fixed number of times, never looks past LEN and never allocates: the
   whole split is linear in LEN.  (The one allocation is the caller's
   memo, ls_split_words_memo: a plain token's words, kept once split,
   as the section "The memo" below explains.)

   The split works on four levels.

   1. Elements.  The text is read as a sequence of elements, each one
      UTF-8 character or one unit that is not prose:
      - a conversion: with LS_SPLIT_SCANF a scanf one ("%[^\n]",
	"%*d", "%ms", "%79[^:]"), with LS_SPLIT_STRFTIME a strftime one
	("%Y", "%-d", "%Ey", "%+"), else (the plugin passes these flags
	when the callee's format attribute says so) a printf one, unless
	LS_SPLIT_NO_PRINTF: "%%", "%s",
	"%-10.3lf", "%zu", "%1$s", "%*d", "%.*s", "%'d", "%lld", "%hhx",
	"%ls", "%#x", "% d", "%m", ...  A '%' that does not start a valid
	conversion is plain punctuation.  A conversion with the space flag
	must not run on into a letter, so "100% done" is not "% d";
      - HTML/XML markup: a closing tag ("</div>"), a tag with
	attributes when one has a value ("<a href=\"x\">", "<img
	src=x/>"), a self-closing tag ("<br/>"), a declaration
	("<!DOCTYPE html>", "<?xml ...?>"), or a plain "<name>" whose
	name is an HTML or XML element's ("<b>", "<tt>") or is closed
	in the same segment ("<fontconfig>...</fontconfig>"); any other
	"<word>" is a placeholder of a usage text ("<file>",
	"<timeout>"), whose words are checked;
      - an entity ("&amp;", "&#39;", "&#x27;");
      - a terminal escape sequence ("\033[1;31m", OSC "\033]...\a"),
	which separates like whitespace.
      Tags, entities and conversions are "opaque": they belong to the
      token around them but are never part of a word, so "see %sfoo"
      gives "see", "foo".  Characters are letters (ASCII letters and
      every non-ASCII character that is not known punctuation, space or
      a symbol, so "caf\u00e9" is one word), digits, spaces (ASCII
      whitespace, control characters, NUL, Unicode spaces) or
      punctuation (everything else, including bytes of invalid UTF-8
      and U+FFFD).

   2. Segments.  Embedded NULs split the text into segments, as in
      tables like "rb\0wb\0".  A segment with no space element that is
      data rather than prose gives nothing:
      - it has at most 3 letters ("rb", "w+", ":", "a:b:c:", "%s=%s",
	"hvo:"), or
      - it is a getopt string with a colon inside it ("ab:c:dhv").
      A segment with spaces gives nothing when it is source code: at
      least MIN_CODE_SEGMENT bytes of which CODE_PERCENT or more of the
      visible characters are "{}[]()|;=<>$\\&^~`#*+:" (jq's builtin
      library, a shell script, a table in some syntax).  The brackets
      of a placeholder ("<file>") or a key letter ("[h]elp") are prose
      notation, not code characters.

   3. Tokens.  A token is a maximal run of non-space elements.  Leading
      opening punctuation (quotes, brackets, '*') is trimmed so that
      "'-v'" and "(/usr/lib)" are judged by what they hold; words in
      quotes stay prose ("'recieve'" gives "recieve").  A whole token
      is code, not prose, and gives nothing when it is:
      - a URL: holds "://" or starts with "www.";
      - an e-mail address or user@host: an '@' touching a letter/digit;
      - a command-line option: starts with "-x" or "--x" (x a letter;
	a digit too after "--");
      - a path: holds '/' ("/usr/share/x", "./x", "~/.config/x",
	"a/b.c"), except two words of letters joined by one slash
	("and/or", "read/write." give their words); starts
	with "~" then a letter, digit or '/'; or holds a '\\'
	("C:\\Windows", a literal "\\n");
      - a variable: "$VAR", "$1", "${var}", "$(var)", "%{var}";
      - a '#' name: a '#' before a letter or digit and after none
	(C's "#endif", an IRC channel "#debian", a colour "#ff8000");
      - data: holds '=' ("key=value", "--x=y", "%s=%d");
      - a header name: the token after "#include" or "#import"
	("<iostream>");
      - an identifier: '_' touching a letter or digit (snake_case,
	MAX_PATH, LC_ALL, __func__, x86_64), unless it is the token's
	only '_' and a menu mnemonic (see level 4), or "::", "->" or
	"()" after a letter or digit ("std::string", "p->next",
	"malloc()");
      - a dotted name: starts with '.' then a letter or digit
	(".bashrc", ".txt"); has two or more dots each with a letter,
	digit or conversion before it and a letter or digit after it
	("libfoo.so.1", "v2.5.1", "org.gnome.Shell", "e.g."); or has one
	such dot followed by a 1-4 character extension of letters and
	digits in a single case ("config.h", "foo.txt", "example.com",
	"%s.conf").  A sentence-ending "word." has no letter after its
	dot, and "end.Next" has no single-case extension, so both stay
	prose.

   4. Words.  In a token that is prose, an alphanumeric run is a
      maximal run of letters and digits, with an apostrophe (' or
      U+2019) kept where it has a letter on both sides ("doesn't").
      Anything else separates runs: hyphens ("well-known" gives "well",
      "known"), punctuation, opaque elements.  A run is dropped whole
      when it:
      - holds a digit ("utf8", "sha256", "3rd", "v2", "0x1F", "i18n");
      - touches a numeric printf conversion ("%dth", "%zums", "page%d"),
	as "3rd" touches digits (a run touching a string's conversion
	is a word: "file%s"; the check judges one right after it,
	"%sabled", see ls_follows_string_conversion);
      - is a hex number: 8 or more letters, all hex digits ("deadbeef").
      Other runs are split at camelCase boundaries: before a capital
      that follows a lowercase letter ("recieveData" gives "recieve",
      "Data"), and before the last capital of a run of capitals when a
      lowercase letter follows ("parseHTTPResponse" gives "parse",
      "HTTP", "Response") unless that letter is a plural 's' ending the
      run or followed by a capital ("URLs", "IDsList").  Only ASCII
      capitals start a part: other letters are caseless here and keep
      the case before them ("Caf\u00e9Bar" gives "Caf\u00e9", "Bar"), and a
      capital right after an apostrophe starts none ("O'Reilly" stays
      whole).  Each part then:
      - loses a possessive "'s" or "\u2019s" ("user's" gives "user";
	"it's" gives "it"); other contractions stay whole;
      - is dropped with fewer than 2 letters ("a", "I", "iPhone"'s "i");
      - is dropped with more than 64 letters (hashes, base64, CJK text
	run together), which no speller can help with;
      - is dropped when it is an acronym: capitals only, at most 5
	letters ("HTTP", "JSON", "TLS", "HOME", "ERROR"), or such capitals
	and a plural 's' ("URLs", "CPUs").  Capitals-only words of 6
	letters or more are passed unchanged ("WARNING"); the checker
	(check.c, may_be_unknown) then holds them to the known
	misspellings only, as constants and terminal capabilities
	("RGBCOLOURS", "DECSLRM") are far more common than shouted prose.
      Every remaining part is passed to the callback, in text order,
      as a span of the text with its byte offset.
      A word written through a notation is read without its marks: a
      key letter in brackets with letters after it ("[h]elp", "(s)ign",
      "e(x)it", "[Q]uit"), or a menu mnemonic, '&' (Qt) or '_' (GTK)
      before a letter ("&File", "Save &As", "E&xit", "_Open", "E_xit").
      Inside a word ("E&xit", "E_xit") a mnemonic is a label's, so only
      in a segment of at most MAX_LABEL_BYTES bytes; a '_' inside a
      word also needs a capitalised word and two lowercase letters
      after it ("Type_t" is a C name).
      A word so marked that the program defines as written (a field
      "Frob_nitzer") is the program's own, as a run is (below).  Such
      a word is not contiguous in the text, so the callback gets a
      copy, with the offset of its first byte ('[' of "[h]elp"); the
      rules above then apply to the copy.  Not notation: a bracketed
      letter ending a word ("file(s)" is "file", "argv[i]"), "&&", a
      '&' or '_' before no letter, a chain of marks ("a&b&c"), a '_'
      in an identifier (a lowercase letter after a leading '_', as in
      "_exit"; the C keywords "_Bool", "_Pragma"; "read_packet"; two
      or more '_').
      ls_split_words_skipping first offers each whole run (before the
      digit, hex and camelCase rules) to a SKIP_RUN callback, which
      can drop it: the checker accepts the program's own names that
      way ("recieveData" is a function of the program).  Through a
      memo, a plain token's runs are offered once per memo.  */

#include "words.h"
#include "hashset.h"
#include "utf8.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Parts with more letters than this are not prose.  */
#define MAX_WORD_LETTERS 64

/* Capitals-only words of at most this many letters are acronyms.  */
#define MAX_ACRONYM_LETTERS 5

/* A segment without spaces with at most this many letters is data.  */
#define MAX_DATA_LETTERS 3

/* Segments of at least this many bytes with at least this percentage
   of code characters ("{}[]();|=$...") among the visible ones are
   source code.  */
#define MIN_CODE_SEGMENT 200
#define CODE_PERCENT 15

/* Runs of hex-digit letters at least this long are hex numbers.  */
#define MIN_HEX_LETTERS 8

/* Segments of at most this many bytes may be menu or button labels,
   where a mnemonic can mark a letter inside a word ("E&xit").  */
#define MAX_LABEL_BYTES 64

/* The longest file extension after a single dot ("conf", "json").  */
#define MAX_EXTENSION_CHARS 4

/* Bounds on HTML entity names and character references.  */
#define MAX_ENTITY_NAME 32
#define MAX_ENTITY_DIGITS 8

/* The attributes of an HTML/XML tag are scanned this far at most, so
   a text full of '<' costs a bounded scan per byte.  */
#define MAX_TAG_ATTRIBUTES 256

#define ESC '\033'
#define RIGHT_SINGLE_QUOTE 0x2019

enum el_kind
{
  EL_SPACE,			/* Separates tokens.  */
  EL_LETTER,
  EL_DIGIT,
  EL_PUNCT,			/* Anything else, invalid bytes included.  */
  EL_OPAQUE			/* Conversion, tag or entity: in a token,
				   never in a word.  */
};

struct element
{
  size_t len;			/* Bytes, at least 1.  */
  enum el_kind kind;
  uint32_t cp;			/* The character; for a printf conversion,
				   its conversion letter; else 0.  */
};

/* The names of the closing tags ("</name>") of one segment: a
   "<name>" closed in the same text is markup, whatever its name, as in
   a fragment of an XML file.  */
#define MAX_CLOSED_NAMES 16
#define MAX_TAG_NAME 32

struct closed_tags
{
  size_t n;
  struct
  {
    size_t len;
    char name[MAX_TAG_NAME];	/* Lowercase.  */
  } names[MAX_CLOSED_NAMES];
};

/* What ls_split_words was asked to do.  Read-only once set up.  */
struct splitter
{
  const char *text;
  unsigned flags;
  ls_word_fn fn;
  ls_run_fn skip_run;		/* May be NULL.  */
  void *data;
  const struct closed_tags *closed;	/* The segment's; may be NULL.  */
  bool label;			/* The segment is short: a label.  */
  /* For a word read through a notation ("[h]elp"), TEXT is a buffer
     holding the word and OFFSETS the text offset of each of its
     bytes; else NULL.  */
  const size_t *offsets;
  /* While a plain token is split for the memo: its words.  */
  struct recording *rec;
  ls_word_memo *memo;		/* May be NULL.  */
};

enum letter_case
{
  CASE_NONE,
  CASE_LOWER,
  CASE_UPPER
};

/* ------------------------------------------------------------------ */
/* Level 1: characters.  Locale-free on purpose: the text is UTF-8
   whatever the locale of the linker.  */

static bool
is_ascii_upper (unsigned c)
{
  return c >= 'A' && c <= 'Z';
}

static bool
is_ascii_lower (unsigned c)
{
  return c >= 'a' && c <= 'z';
}

static bool
is_ascii_alpha (unsigned c)
{
  return is_ascii_upper (c) || is_ascii_lower (c);
}

static bool
is_ascii_digit (unsigned c)
{
  return c >= '0' && c <= '9';
}

static bool
is_ascii_alnum (unsigned c)
{
  return is_ascii_alpha (c) || is_ascii_digit (c);
}

static bool
is_hex_digit (unsigned c)
{
  return is_ascii_digit (c) || (c >= 'a' && c <= 'f')
	 || (c >= 'A' && c <= 'F');
}

/* Non-ASCII code points that are spaces or punctuation; every other
   code point counts as a letter, so that words in any script hold
   together.  Sorted, not overlapping.  */
static const struct
{
  uint32_t lo, hi;
  enum el_kind kind;
} non_letters[] = {
  { 0x0080, 0x009F, EL_SPACE },		/* C1 controls.  */
  { 0x00A0, 0x00A0, EL_SPACE },		/* No-break space.  */
  { 0x00A1, 0x00A9, EL_PUNCT },		/* Inverted !, currency, section, (c).  */
  { 0x00AB, 0x00B4, EL_PUNCT },		/* Guillemet, soft hyphen, (R)...  */
  { 0x00B6, 0x00B9, EL_PUNCT },		/* Pilcrow, middle dot, cedilla.  */
  { 0x00BB, 0x00BF, EL_PUNCT },		/* Guillemet, fractions, inverted ?.  */
  { 0x00D7, 0x00D7, EL_PUNCT },		/* Multiplication sign.  */
  { 0x00F7, 0x00F7, EL_PUNCT },		/* Division sign.  */
  { 0x1680, 0x1680, EL_SPACE },		/* Ogham space mark.  */
  { 0x2000, 0x200B, EL_SPACE },		/* En quad ... zero width space.  */
  { 0x200C, 0x2027, EL_PUNCT },		/* Joiners, dashes, quotes, bullets.  */
  { 0x2028, 0x2029, EL_SPACE },		/* Line and paragraph separators.  */
  { 0x202A, 0x202E, EL_PUNCT },		/* Bidi controls.  */
  { 0x202F, 0x202F, EL_SPACE },		/* Narrow no-break space.  */
  { 0x2030, 0x205E, EL_PUNCT },		/* Per mille, primes, angle quotes...  */
  { 0x205F, 0x205F, EL_SPACE },		/* Medium mathematical space.  */
  { 0x2060, 0x2BFF, EL_PUNCT },		/* Symbols, arrows, maths, boxes.  */
  { 0x2E00, 0x2E7F, EL_PUNCT },		/* Supplemental punctuation.  */
  { 0x3000, 0x3000, EL_SPACE },		/* Ideographic space.  */
  { 0x3001, 0x3004, EL_PUNCT },		/* Ideographic comma, full stop, ditto.  */
  { 0x3008, 0x3020, EL_PUNCT },		/* CJK brackets and marks.  */
  { 0xE000, 0xF8FF, EL_PUNCT },		/* Private use.  */
  { 0xFE00, 0xFE1F, EL_PUNCT },		/* Variation selectors, vertical forms.  */
  { 0xFE30, 0xFE6F, EL_PUNCT },		/* CJK compatibility and small forms.  */
  { 0xFEFF, 0xFEFF, EL_SPACE },		/* Byte order mark.  */
  { 0xFF01, 0xFF0F, EL_PUNCT },		/* Fullwidth punctuation...  */
  { 0xFF1A, 0xFF20, EL_PUNCT },
  { 0xFF3B, 0xFF40, EL_PUNCT },
  { 0xFF5B, 0xFF65, EL_PUNCT },
  { 0xFFF0, 0xFFFF, EL_PUNCT },		/* Specials, U+FFFD among them.  */
  { 0x1F000, 0x1FAFF, EL_PUNCT },	/* Emoji and other pictographs.  */
  { 0xE0000, 0xE0FFF, EL_PUNCT },	/* Tags, variation selectors.  */
  { 0xF0000, 0x10FFFF, EL_PUNCT },	/* Private use planes.  */
};

/* The kind of each ASCII character: letters, digits, spaces (controls,
   NUL and DEL among them), and punctuation.  A table, because every
   element of every string is classified, most of them ASCII (26.5
   million on the 52k-function bench program: the tests below cost 0.25
   G instructions there).  */
#define K_ 3			/* EL_PUNCT, to keep the table narrow.  */
static const unsigned char ascii_kind[128] = {
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* Controls.  */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, K_, K_, K_, K_, K_, K_, K_, K_, K_, K_, K_, K_, K_, K_, K_, /* ' ' to '/'.  */
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2, K_, K_, K_, K_, K_, K_,	/* '0' to '?'.  */
  K_, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* '@', 'A'...  */
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, K_, K_, K_, K_, K_,	/* ...'Z', '['...  */
  K_, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* '`', 'a'...  */
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, K_, K_, K_, K_, 0,	/* ...'z', '{'... DEL.  */
};
#undef K_
_Static_assert (EL_SPACE == 0 && EL_LETTER == 1 && EL_DIGIT == 2
		&& EL_PUNCT == 3, "ascii_kind holds enum el_kind values");

static enum el_kind
classify_code_point (uint32_t cp)
{
  size_t i;

  if (cp < 0x80)
    return (enum el_kind) ascii_kind[cp];
  for (i = 0; i < sizeof non_letters / sizeof non_letters[0]; i++)
    {
      if (cp < non_letters[i].lo)
	break;
      if (cp <= non_letters[i].hi)
	return non_letters[i].kind;
    }
  return EL_LETTER;
}

/* ------------------------------------------------------------------ */
/* Level 1: opaque elements (printf conversions, tags, entities) and
   terminal escapes.  */

static bool
is_printf_flag (unsigned c)
{
  return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0'
	 || c == '\'';
}

static bool
is_printf_conversion (unsigned c)
{
  return c != '\0' && strchr ("diouxXeEfFgGaAcspnmCSb", (int) c) != NULL;
}

/* Skip an argument position "N$" at S[I], if there is one.  */
static size_t
skip_printf_position (const unsigned char *s, size_t i, size_t avail)
{
  size_t j = i;

  while (j < avail && is_ascii_digit (s[j]))
    j++;
  if (j > i && j < avail && s[j] == '$')
    return j + 1;
  return i;
}

/* Skip a field width or precision: digits, "*" or "*N$".  */
static size_t
skip_printf_width (const unsigned char *s, size_t i, size_t avail)
{
  if (i < avail && s[i] == '*')
    return skip_printf_position (s, i + 1, avail);
  while (i < avail && is_ascii_digit (s[i]))
    i++;
  return i;
}

/* Skip a length modifier: hh, h, ll, l, L, q, j, z, Z, t.  The inttypes.h
   macros expand to these ("%" PRIu64 is "%lu" or "%llu").  */
static size_t
skip_printf_length (const unsigned char *s, size_t i, size_t avail)
{
  if (i + 1 < avail && (s[i] == 'h' || s[i] == 'l') && s[i + 1] == s[i])
    return i + 2;
  if (i < avail && s[i] != '\0' && strchr ("hlLqjzZt", s[i]) != NULL)
    return i + 1;
  return i;
}

/* Length of the printf conversion at S (a '%'), or 0 if there is none.  */
static size_t
printf_conversion_len (const unsigned char *s, size_t avail)
{
  bool space_flag = false;
  size_t i;

  if (avail >= 2 && s[1] == '%')
    return 2;
  i = skip_printf_position (s, 1, avail);
  for (; i < avail && is_printf_flag (s[i]); i++)
    if (s[i] == ' ')
      space_flag = true;
  i = skip_printf_width (s, i, avail);
  if (i < avail && s[i] == '.')
    i = skip_printf_width (s, i + 1, avail);
  i = skip_printf_length (s, i, avail);
  if (i >= avail || !is_printf_conversion (s[i]))
    return 0;
  i++;
  /* "100% done", "50% of": prose that only looks like "% d", "% o".  */
  if (space_flag && i < avail && is_ascii_alpha (s[i]))
    return 0;
  return i;
}

/* Length of the scanf conversion at S (a '%'), or 0: what printf
   takes, plus assignment suppression ("%*d"), the allocation flag
   ("%ms") and scan sets ("%[^\n]", "%[]a-z]", "%5[0-9]").  A set is
   opaque whatever it holds: "%[a-z]" is no word.  */
static size_t
scanf_conversion_len (const unsigned char *s, size_t avail)
{
  size_t i = 1;

  if (avail >= 2 && s[1] == '%')
    return 2;
  i = skip_printf_position (s, i, avail);
  if (i < avail && s[i] == '*')
    i++;
  while (i < avail && is_ascii_digit (s[i]))
    i++;
  if (i < avail && s[i] == 'm')
    i++;
  i = skip_printf_length (s, i, avail);
  if (i < avail && s[i] == '[')
    {
      i++;
      if (i < avail && s[i] == '^')
	i++;
      if (i < avail && s[i] == ']')
	i++;			/* A ']' first is part of the set.  */
      while (i < avail && s[i] != ']')
	i++;
      return i < avail ? i + 1 : 0;
    }
  if (i >= avail || !is_printf_conversion (s[i]))
    return 0;
  return i + 1;
}

/* Length of the strftime conversion at S (a '%'), or 0: an optional
   glibc flag (_ - 0 ^ #), width, E or O modifier, and a conversion
   letter ("%Y", "%-d", "%Ey", "%Om", "%10A", "%+").  */
static size_t
strftime_conversion_len (const unsigned char *s, size_t avail)
{
  size_t i = 1;

  while (i < avail && s[i] != '\0' && strchr ("_-0^#", s[i]) != NULL)
    i++;
  while (i < avail && is_ascii_digit (s[i]))
    i++;
  if (i + 1 < avail && (s[i] == 'E' || s[i] == 'O')
      && is_ascii_alpha (s[i + 1]))
    i++;
  if (i < avail && s[i] != '\0'
      && strchr ("aAbBcCdDeFgGhHIjklmMnpPrRsStTuUVwWxXyYzZ+%", s[i]))
    return i + 1;
  return 0;
}

/* Length of the conversion at S (a '%') for the format kind FLAGS say
   the string has, or 0.  */
static size_t
conversion_len (unsigned flags, const unsigned char *s, size_t avail)
{
  if (flags & LS_SPLIT_STRFTIME)
    return strftime_conversion_len (s, avail);
  if (flags & LS_SPLIT_SCANF)
    return scanf_conversion_len (s, avail);
  return printf_conversion_len (s, avail);
}

static bool
is_tag_name_char (unsigned c)
{
  return is_ascii_alnum (c) || c == '-' || c == '_' || c == ':' || c == '.';
}


/* Length of the attributes of a tag at S, up to and without the '/' or
   '>' that closes it: ' name=value' (value quoted or not) and ' name'
   pairs, at least one of them with '=', so that a metavariable of
   words ("<input file>") stays prose.  0 if there are none.  */
static size_t
tag_attributes_len (const unsigned char *s, size_t avail)
{
  size_t i = 0;
  bool assigned = false;

  if (avail > MAX_TAG_ATTRIBUTES)
    avail = MAX_TAG_ATTRIBUTES;
  while (i < avail && ls_is_blank (s[i]))
    {
      while (i < avail && ls_is_blank (s[i]))
	i++;
      if (i >= avail || !is_ascii_alpha (s[i]))
	break;
      while (i < avail && is_tag_name_char (s[i]))
	i++;
      if (i < avail && s[i] == '=')
	{
	  assigned = true;
	  if (++i < avail && (s[i] == '"' || s[i] == '\''))
	    {
	      const unsigned char *close = memchr (s + i + 1, s[i], avail - i - 1);
	      if (!close)
		return 0;
	      i = (size_t) (close - s) + 1;
	    }
	  else
	    while (i < avail && !ls_is_blank (s[i]) && s[i] != '>'
		   && s[i] != '\0' && !(s[i] == '/' && i + 1 < avail
					&& s[i + 1] == '>'))
	      i++;
	}
    }
  while (i < avail && ls_is_blank (s[i]))
    i++;
  return assigned ? i : 0;
}

/* The names of HTML and XML elements, lowercase and sorted (for
   bsearch).  A "<name>" without attributes is markup only with one of
   these names, or when its closing tag is in the same text; any other
   "<word>" is a placeholder of a usage text ("<file>", "<timeout>"),
   whose words are checked.  Most names are words or abbreviations
   anyway, so skipping them loses no typo.
   - HTML: the element index of the WHATWG HTML Living Standard
     (https://html.spec.whatwg.org/multipage/indices.html#elements-3),
     and the obsolete elements still found in strings (section 16.2 of
     the same standard: acronym, big, center, font, strike, tt, ...),
     which also covers Pango's markup (b, big, i, s, small, span, sub,
     sup, tt, u).
   - XML: D-Bus introspection data (node, interface, method, signal,
     property, arg, annotation; the D-Bus specification), RSS 2.0 and
     Atom feeds (rss, channel, item, guid, feed, entry, ...) and the
     SVG shapes and containers (g, path, rect, circle, defs, use, ...;
     SVG 1.1, chapter 9 and 5).  */
static const char *const element_names[] = {
  "a", "abbr", "acronym", "address", "annotation", "area", "arg",
  "article", "aside", "audio", "author", "b", "base", "bdi", "bdo",
  "big", "blockquote", "body", "br", "button", "canvas", "caption",
  "center", "channel", "circle", "cite", "code", "col", "colgroup",
  "content", "data", "datalist", "dd", "defs", "del", "description",
  "details", "dfn", "dialog", "dir", "div", "dl", "dt", "ellipse", "em",
  "embed", "entry", "feed", "fieldset", "figcaption", "figure", "font",
  "footer", "form", "frame", "frameset", "g", "guid", "h1", "h2", "h3",
  "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
  "id", "iframe", "image", "img", "input", "ins", "interface", "item",
  "kbd", "label", "legend", "li", "line", "link", "main", "map", "mark",
  "marquee", "math", "menu", "meta", "meter", "method", "name", "nav",
  "nobr", "node", "noscript", "object", "ol", "optgroup", "option",
  "output", "p", "param", "path", "picture", "polygon", "polyline",
  "pre", "progress", "property", "q", "rect", "rp", "rss", "rt", "ruby",
  "s", "samp", "script", "search", "section", "select", "signal",
  "slot", "small", "source", "span", "strike", "strong", "style", "sub",
  "summary", "sup", "svg", "symbol", "table", "tbody", "td", "template",
  "text", "textarea", "tfoot", "th", "thead", "time", "title", "tr",
  "track", "tspan", "tt", "u", "ul", "updated", "use", "var", "video",
  "wbr",
};

/* Compare the tag name KEY (a struct tag_name) with an element name,
   ignoring the case of KEY: "<B>" and "<BR>" are markup too.  */
struct tag_name
{
  const unsigned char *s;
  size_t len;
};

static int
compare_tag_name (const void *key, const void *elem)
{
  const struct tag_name *k = key;
  const char *name = *(const char *const *) elem;
  size_t i;

  for (i = 0; i < k->len && name[i] != '\0'; i++)
    {
      int c = k->s[i] | (is_ascii_upper (k->s[i]) ? 0x20 : 0);

      if (c != (unsigned char) name[i])
	return c - (unsigned char) name[i];
    }
  if (i < k->len)
    return 1;
  return name[i] == '\0' ? 0 : -1;
}

static bool
is_element_name (const unsigned char *s, size_t len)
{
  struct tag_name key = { s, len };

  return bsearch (&key, element_names,
		  sizeof element_names / sizeof element_names[0],
		  sizeof element_names[0], compare_tag_name) != NULL;
}

/* Is NAME (LEN bytes, any case) in CLOSED (may be NULL)?  */
static bool
is_closed_name_in (const struct closed_tags *closed, const unsigned char *s,
		   size_t len)
{
  size_t i, j;

  if (closed == NULL)
    return false;
  for (i = 0; i < closed->n; i++)
    {
      if (closed->names[i].len != len)
	continue;
      for (j = 0; j < len; j++)
	if ((s[j] | (is_ascii_upper (s[j]) ? 0x20 : 0))
	    != (unsigned char) closed->names[i].name[j])
	  break;
      if (j == len)
	return true;
    }
  return false;
}

/* Length of the declaration or processing instruction at S (a '<'):
   "<!DOCTYPE html>", "<?xml version=\"1.0\"?>", "<?php ... ?>", or 0.
   It ends at the first '>', looked for MAX_TAG_ATTRIBUTES bytes at
   most and never past another '<'.  "<!--" is no declaration: the
   words of a comment are prose.  */
static size_t
declaration_len (const unsigned char *s, size_t avail)
{
  size_t i;

  if (avail > MAX_TAG_ATTRIBUTES)
    avail = MAX_TAG_ATTRIBUTES;
  if (avail < 3 || !is_ascii_alpha (s[2]))
    return 0;
  for (i = 3; i < avail && s[i] != '>' && s[i] != '<' && s[i] != '\0'; i++)
    ;
  return i < avail && s[i] == '>' ? i + 1 : 0;
}

/* Length of the HTML/XML markup at S (a '<'), or 0: a closing tag
   ("</div>", "</anything>"), a tag with attributes ('<a href="x">',
   "<img src=x alt=y/>"), a self-closing tag ("<br/>"), a declaration
   ("<!DOCTYPE html>", "<?xml ...?>"), or a plain "<name>" whose name
   is an element's ("<b>", "<tt>") or is closed in the same segment.
   "<file>", "<timeout>" are placeholders, not markup.  A tag stops at
   the first character that cannot be in a tag name; attributes are
   scanned MAX_TAG_ATTRIBUTES bytes at most.  */
static size_t
html_tag_len (const struct splitter *sp, const unsigned char *s,
	      size_t avail)
{
  bool closing = false, attributes = false, self_closing = false;
  size_t i = 1, name;

  if (avail > 1 && (s[1] == '!' || s[1] == '?'))
    return declaration_len (s, avail);
  if (avail > 1 && s[1] == '/')
    closing = true, i++;
  if (i >= avail || !is_ascii_alpha (s[i]))
    return 0;
  name = i;
  while (i < avail && is_tag_name_char (s[i]))
    i++;
  if (i < avail && ls_is_blank (s[i]))
    {
      size_t n = tag_attributes_len (s + i, avail - i);

      attributes = n > 0;
      i += n;
    }
  if (i < avail && s[i] == '/')
    self_closing = true, i++;
  if (i >= avail || s[i] != '>')
    return 0;
  if (closing || attributes || self_closing
      || is_element_name (s + name, i - name)
      || is_closed_name_in (sp->closed, s + name, i - name))
    return i + 1;
  return 0;
}

/* Length of the placeholder at S (a '<' that starts no markup) after
   its '<': "<file>", "<new-branch>", or 0.  */
static size_t
placeholder_len (const unsigned char *s, size_t avail)
{
  size_t i = 1;

  if (i >= avail || !is_ascii_alpha (s[i]))
    return 0;
  while (i < avail && i <= MAX_TAG_NAME && is_tag_name_char (s[i]))
    i++;
  return i < avail && s[i] == '>' ? i : 0;
}

/* Record in *CLOSED the names of the closing tags in [START, END).  */
static void
collect_closed_tags (const char *text, size_t start, size_t end,
		     struct closed_tags *closed)
{
  const unsigned char *s = (const unsigned char *) text;
  size_t pos = start;

  closed->n = 0;
  while (pos < end && closed->n < MAX_CLOSED_NAMES)
    {
      const unsigned char *lt = memchr (s + pos, '<', end - pos);
      size_t i, name;

      if (lt == NULL)
	break;
      pos = (size_t) (lt - s) + 1;
      if (pos + 1 >= end || s[pos] != '/' || !is_ascii_alpha (s[pos + 1]))
	continue;
      name = i = pos + 1;
      while (i < end && i - name < MAX_TAG_NAME && is_tag_name_char (s[i]))
	i++;
      if (i < end && s[i] == '>' && !is_closed_name_in (closed, s + name,
						       i - name))
	{
	  size_t j;

	  for (j = 0; j < i - name; j++)
	    closed->names[closed->n].name[j]
	      = (char) (s[name + j] | (is_ascii_upper (s[name + j]) ? 0x20 : 0));
	  closed->names[closed->n++].len = i - name;
	}
    }
}

/* Length of the HTML entity at S (a '&'): "&amp;", "&#39;", "&#x27;",
   or 0.  */
static size_t
html_entity_len (const unsigned char *s, size_t avail)
{
  size_t i = 1, first;

  if (i < avail && s[i] == '#')
    {
      bool hex = ++i < avail && (s[i] == 'x' || s[i] == 'X');

      if (hex)
	i++;
      first = i;
      while (i < avail && i - first < MAX_ENTITY_DIGITS
	     && (hex ? is_hex_digit (s[i]) : is_ascii_digit (s[i])))
	i++;
    }
  else
    {
      first = i;
      if (i >= avail || !is_ascii_alpha (s[i]))
	return 0;
      while (i < avail && i - first < MAX_ENTITY_NAME
	     && is_ascii_alnum (s[i]))
	i++;
    }
  return i > first && i < avail && s[i] == ';' ? i + 1 : 0;
}

/* Length of the terminal escape at S (an ESC): a CSI sequence
   "ESC [ params final" such as a colour, an OSC sequence ended by BEL
   or "ESC \", or ESC and one character.  The scans stop at the next
   ESC, so they never overlap.  */
static size_t
terminal_escape_len (const unsigned char *s, size_t avail)
{
  size_t i;

  if (avail < 2)
    return 1;
  if (s[1] == '[')
    {
      for (i = 2; i < avail && s[i] >= 0x20 && s[i] <= 0x3F; i++)
	;
      return i < avail && s[i] >= 0x40 && s[i] <= 0x7E ? i + 1 : 1;
    }
  if (s[1] == ']')
    {
      for (i = 2; i < avail && s[i] != '\a' && s[i] != ESC; i++)
	;
      if (i < avail && s[i] == '\a')
	return i + 1;
      return i + 1 < avail && s[i + 1] == '\\' ? i + 2 : 1;
    }
  return s[1] >= 0x20 && s[1] < 0x7F ? 2 : 1;
}

/* The element at POS when it is not one ASCII byte that starts nothing
   longer (next_element); END bounds it.  */
static struct element
next_element_slow (const struct splitter *sp, size_t pos, size_t end)
{
  const unsigned char *s = (const unsigned char *) sp->text + pos;
  size_t avail = end - pos;
  struct element el = { 0, EL_OPAQUE, 0 };

  if (s[0] == '%' && !(sp->flags & LS_SPLIT_NO_PRINTF)
      && (el.len = conversion_len (sp->flags, s, avail)) > 0)
    {
      el.cp = s[el.len - 1];
      return el;
    }
  if ((s[0] == '<' && (el.len = html_tag_len (sp, s, avail)) > 0)
      || (s[0] == '&' && (el.len = html_entity_len (s, avail)) > 0))
    return el;
  if (s[0] == ESC)
    {
      el.len = terminal_escape_len (s, avail);
      el.kind = EL_SPACE;
      return el;
    }
  el.len = ls_utf8_decode (s, avail, &el.cp);
  el.kind = classify_code_point (el.cp);
  return el;
}

/* The kind of each byte that is an element by itself (ascii_kind), or
   SLOW_ELEMENT for a byte that may start a longer one: a conversion,
   markup, an entity, an escape or a UTF-8 sequence.  Made once, by
   init_byte_tables, which ls_split_words_memo calls: every split goes
   through it.  */
#define SLOW_ELEMENT 0xFF
static unsigned char element_kind[256];

/* The element at POS; END bounds it.  Most elements are one ASCII
   character that starts nothing longer, and each character is looked
   at several times on the way to words (callgrind: 27 million elements
   on the 52k-function bench program), so that case is inline, one
   look in a table.  */
static inline struct element
next_element (const struct splitter *sp, size_t pos, size_t end)
{
  unsigned char c = (unsigned char) sp->text[pos];
  unsigned char kind = element_kind[c];
  if (kind != SLOW_ELEMENT)
    return (struct element) { .len = 1, .kind = (enum el_kind) kind,
			      .cp = c };
  return next_element_slow (sp, pos, end);
}

static bool
is_punct (const struct element *el, uint32_t c)
{
  return el->kind == EL_PUNCT && el->cp == c;
}

static bool
is_alnum_element (const struct element *el)
{
  return el->kind == EL_LETTER || el->kind == EL_DIGIT;
}

static bool
is_apostrophe (const struct element *el)
{
  return is_punct (el, '\'') || is_punct (el, RIGHT_SINGLE_QUOTE);
}

/* Conversions that print a number: a letter run touching one is a
   unit or suffix of that number ("%dth", "%zums") or a label glued to
   it ("page%d"), as "3rd" touches digits.  */
static bool
is_numeric_conversion_element (const struct element *el)
{
  return el->kind == EL_OPAQUE && el->cp != 0
	 && strchr ("diouxXeEfFgGaAb", (int) el->cp) != NULL;
}

/* ------------------------------------------------------------------ */
/* Level 4: words inside a token that is prose.  */

struct letter_counts
{
  size_t letters, upper, lower;
};

static struct letter_counts
count_letters (const struct splitter *sp, size_t start, size_t end)
{
  struct letter_counts lc = { 0, 0, 0 };
  size_t pos = start;

  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);

      if (el.kind == EL_LETTER)
	{
	  lc.letters++;
	  lc.upper += is_ascii_upper (el.cp);
	  lc.lower += is_ascii_lower (el.cp);
	}
      pos += el.len;
    }
  return lc;
}

/* END without a possessive "'s" or "\u2019s": "user's" is checked as "user"
   (and "it's" as "it", which is as right).  */
static size_t
strip_possessive (const char *text, size_t start, size_t end)
{
  const unsigned char *s = (const unsigned char *) text;

  if (end - start < 3 || (s[end - 1] != 's' && s[end - 1] != 'S'))
    return end;
  if (s[end - 2] == '\'')
    return end - 2;
  if (end - start >= 5 && s[end - 4] == 0xE2 && s[end - 3] == 0x80
      && s[end - 2] == 0x99)
    return end - 4;
  return end;
}

/* HTTP, JSON, TLS: short capitals-only words, and their plurals (URLs,
   IDs), name things rather than spell them.  */
static bool
is_acronym (const char *text, size_t end, const struct letter_counts *lc)
{
  if (lc->upper == 0 || lc->letters > MAX_ACRONYM_LETTERS + 1)
    return false;
  if (lc->lower == 0)
    return lc->letters <= MAX_ACRONYM_LETTERS;
  return lc->lower == 1 && text[end - 1] == 's' && lc->upper >= 2
	 && lc->letters - 1 == lc->upper;
}

/* The words of a plain token being split for the memo (ls_word_memo),
   as offsets from the token's start.  A word read through a notation
   (its bytes a copy) or too many words: the token is not kept.  */
#define MEMO_MAX_WORDS 32
struct memo_word
{
  void *slot;			/* ls_word_memo_slot's, in the memo.  */
  uint16_t at, len;
};

struct recording
{
  size_t start, end;
  struct memo_word words[MEMO_MAX_WORDS];
  unsigned n;
  bool unfit;
};

static void
record_word (struct recording *rec, bool notated, size_t start, size_t end)
{
  if (notated || rec->n == MEMO_MAX_WORDS || start < rec->start
      || end > rec->end)
    rec->unfit = true;
  else
    rec->words[rec->n++] = (struct memo_word) {
      NULL, (uint16_t) (start - rec->start), (uint16_t) (end - start) };
}

/* Pass the part [START, END) of an alphanumeric run to the callback if
   it is a word worth checking.  */
static void
emit_word (const struct splitter *sp, size_t start, size_t end)
{
  struct letter_counts lc;

  end = strip_possessive (sp->text, start, end);
  lc = count_letters (sp, start, end);
  if (lc.letters < 2 || lc.letters > MAX_WORD_LETTERS)
    return;
  if (is_acronym (sp->text, end, &lc))
    return;
  sp->fn (sp->text + start, end - start,
	  sp->offsets != NULL ? sp->offsets[start] : start, sp->data);
  if (sp->rec)
    record_word (sp->rec, sp->offsets != NULL, start, end);
}

/* Does a lowercase 's' at S[I] make the capitals before it a plural
   ("URLs", "IDsList") rather than the start of a word ("HTTPServer")?  */
static bool
is_plural_s (const unsigned char *s, size_t i, size_t end)
{
  return s[i] == 's' && (i + 1 == end || is_ascii_upper (s[i + 1]));
}

/* Does the capital at POS start a new camelCase part, given the case
   of the last ASCII letter before it?  */
static bool
starts_camel_part (const char *text, size_t pos, size_t end,
		   enum letter_case prev)
{
  const unsigned char *s = (const unsigned char *) text;

  if (prev == CASE_LOWER)
    return true;		/* fooBar */
  /* HTTPResponse: the last capital starts "Response".  */
  return prev == CASE_UPPER && pos + 1 < end && is_ascii_lower (s[pos + 1])
	 && !is_plural_s (s, pos + 1, end);
}

/* Split the run [START, END) of letters and apostrophes at its camelCase
   boundaries and emit each part.  */
static void
split_camel_case (const struct splitter *sp, size_t start, size_t end)
{
  enum letter_case prev = CASE_NONE;
  size_t part = start, pos = start;

  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);

      if (el.kind != EL_LETTER)
	prev = CASE_NONE;	/* An apostrophe: "O'Reilly" is one word.  */
      else if (is_ascii_upper (el.cp))
	{
	  if (pos > part && starts_camel_part (sp->text, pos, end, prev))
	    {
	      emit_word (sp, part, pos);
	      part = pos;
	    }
	  prev = CASE_UPPER;
	}
      else if (is_ascii_lower (el.cp))
	prev = CASE_LOWER;
      /* Other letters keep PREV: "Caf\u00e9Bar" splits before "Bar".  */
      pos += el.len;
    }
  emit_word (sp, part, end);
}

/* "deadbeef", "CAFEBABE": a long run of hex-digit letters is a number.  */
static bool
is_hex_number (const char *text, size_t start, size_t end)
{
  size_t i;

  if (end - start < MIN_HEX_LETTERS)
    return false;
  for (i = start; i < end; i++)
    if (!is_hex_digit ((unsigned char) text[i]))
      return false;
  return true;
}

/* End of the alphanumeric run starting at START: letters and digits,
   and apostrophes with a letter on both sides.  Sets *HAS_DIGIT.  */
static size_t
alnum_run_end (const struct splitter *sp, size_t start, size_t end,
	       bool *has_digit)
{
  struct element el = next_element (sp, start, end);
  size_t pos = start;

  *has_digit = false;
  for (;;)
    {
      struct element next;

      *has_digit |= el.kind == EL_DIGIT;
      pos += el.len;
      /* ASCII letters and digits, most of a run, one byte each.  */
      while (pos < end && is_ascii_alnum ((unsigned char) sp->text[pos]))
	{
	  el = next_element (sp, pos, end);
	  *has_digit |= el.kind == EL_DIGIT;
	  pos++;
	}
      if (pos >= end)
	return pos;
      next = next_element (sp, pos, end);
      if (is_alnum_element (&next))
	el = next;
      else if (is_apostrophe (&next) && el.kind == EL_LETTER
	       && pos + next.len < end)
	{
	  struct element after = next_element (sp, pos + next.len, end);

	  if (after.kind != EL_LETTER)
	    return pos;
	  pos += next.len;
	  el = after;
	}
      else
	return pos;
    }
}

/* ------------------------------------------------------------------ */
/* Level 4: words written through a notation: a key letter in brackets
   ("[h]elp", "(s)ign", "e(x)it") or a menu mnemonic ("&File", "E&xit",
   "_Open", "E_xit").  The word is read without the marks, so that a
   typo inside ("[h]lep") is still seen whole.  */

/* A prose token being split: its span and how many '_' it holds.  */
struct token
{
  size_t start, end;
  size_t underscores;
};

/* A word read through a notation, which is not contiguous in the
   text: its bytes, the text offset of each, and where it ends.  */
#define MAX_NOTATED_BYTES (4 * MAX_WORD_LETTERS + 4)

struct notated
{
  char buf[MAX_NOTATED_BYTES];
  size_t offsets[MAX_NOTATED_BYTES];
  size_t len;
  size_t end;
};

/* Is there a key letter in brackets at POS: "[h]" or "(h)", one ASCII
   letter, with a letter right after it ("[h]elp", "(s)ign")?  A
   bracketed letter that ends a word is no key: "file(s)" is a plural,
   read as "file".  */
static bool
is_key_letter (const struct splitter *sp, size_t pos, size_t end)
{
  const unsigned char *s = (const unsigned char *) sp->text;
  unsigned char close;

  if (end - pos < 4)
    return false;
  close = s[pos] == '[' ? ']' : s[pos] == '(' ? ')' : 0;
  return close != 0 && is_ascii_alpha (s[pos + 1]) && s[pos + 2] == close
	 && next_element (sp, pos + 3, end).kind == EL_LETTER;
}

/* The C keywords spelled '_', a capital, then lowercase letters (C11
   6.4.1 and C23 6.4.1; _Pragma, C99 6.10.9): names, not mnemonics.  */
static bool
is_reserved_c_keyword (const unsigned char *s, size_t len)
{
  static const char *const keywords[] = {
    "_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex",
    "_Generic", "_Imaginary", "_Noreturn", "_Pragma",
  };
  size_t i;

  for (i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (strlen (keywords[i]) == len && memcmp (s, keywords[i], len) == 0)
      return true;
  return false;
}

/* Is the '_' at POS, the only one of its token [START, END), a GTK
   mnemonic?  At the start of a word the letter after it is a capital
   ("_Open", "Save _As"; "_exit" and "_start" are C names, and so are
   the keywords "_Bool", "_Pragma").  Inside a word, only in a LABEL
   (a short segment), the word is capitalised and at least two
   lowercase letters follow ("E_xit", "Pr_eferences"; "read_packet",
   "Read_Packet" and "Type_t" are identifiers).  Only ASCII letters, and
   no digit touching the word.  */
static bool
is_underscore_mnemonic (const char *text, size_t start, size_t pos,
			size_t end, bool label)
{
  const unsigned char *s = (const unsigned char *) text;
  size_t before = pos, after = pos + 1;
  bool lower_after = true;

  if (s[pos] != '_' || after >= end || !is_ascii_alpha (s[after]))
    return false;
  while (before > start && is_ascii_alpha (s[before - 1]))
    before--;
  if (before > start
      && (is_ascii_digit (s[before - 1]) || s[before - 1] >= 0x80))
    return false;
  for (; after < end && is_ascii_alpha (s[after]); after++)
    lower_after &= is_ascii_lower (s[after]);
  if (after < end && (is_ascii_digit (s[after]) || s[after] >= 0x80))
    return false;
  if (before == pos)
    return is_ascii_upper (s[pos + 1])
	   && !is_reserved_c_keyword (s + pos, after - pos);
  if (!label || !is_ascii_upper (s[before]) || !lower_after
      || after - pos < 3)
    return false;
  for (before++; before < pos; before++)
    if (!is_ascii_lower (s[before]))
      return false;
  return true;
}

/* Length of the notation mark at POS in TOK, or 0: a key letter "[h]"
   (3, the letter kept), or a mnemonic '&' or '_' before a letter (1).
   PREV_PUNCT is the punctuation right before POS, or 0: a '&' after
   another is none ("&&" is a literal ampersand in a label).  A '&'
   INSIDE_WORD ("E&xit") marks a letter in a label only: in longer
   text, "drag&drop" is two words.  */
static size_t
notation_mark_len (const struct splitter *sp, const struct token *tok,
		   size_t pos, uint32_t prev_punct, bool inside_word)
{
  const unsigned char *s = (const unsigned char *) sp->text;
  struct element el;

  if (pos >= tok->end)
    return 0;
  el = next_element (sp, pos, tok->end);
  if (is_punct (&el, '[') || is_punct (&el, '('))
    return is_key_letter (sp, pos, tok->end) ? 3 : 0;
  if (is_punct (&el, '&'))
    return prev_punct != '&' && pos + 1 < tok->end
	   && is_ascii_alpha (s[pos + 1]) && (sp->label || !inside_word)
	   ? 1 : 0;
  if (is_punct (&el, '_'))
    return tok->underscores == 1
	   && is_underscore_mnemonic (sp->text, tok->start, pos, tok->end,
				      sp->label)
	   ? 1 : 0;
  return 0;
}

/* Append the text [FROM, TO) to W; false if it does not fit.  */
static bool
append_notated (struct notated *w, const char *text, size_t from, size_t to)
{
  if (to - from > MAX_NOTATED_BYTES - w->len)
    return false;
  for (; from < to; from++)
    {
      w->offsets[w->len] = from;
      w->buf[w->len++] = text[from];
    }
  return true;
}

/* Read into W the word written through a notation that starts at POS
   in TOK: letters, if any, then one mark, then letters ("e(x)it",
   "&File", "[h]elp").  PREV_PUNCT is the punctuation before POS, or 0.
   False if there is none there: no mark, a digit in the word, or a
   chain of marks ("a&b&c", "(a)b(c)d"), which is not a label's.  A capital key letter inside a lowercase word is
   lowered ("e(X)it" is "exit").  The first byte maps to POS, so the
   word is reported where its notation starts.  */
static bool
read_notated_word (const struct splitter *sp, const struct token *tok,
		   size_t pos, uint32_t prev_punct, struct notated *w)
{
  size_t mark = pos, mark_len, letters, key = 0;
  bool has_digit = false;

  struct element first = next_element (sp, pos, tok->end);

  if (is_alnum_element (&first))
    {
      if (prev_punct == '&' || prev_punct == ')' || prev_punct == ']')
	return false;
      mark = alnum_run_end (sp, pos, tok->end, &has_digit);
      prev_punct = 0;
    }
  mark_len = has_digit ? 0 : notation_mark_len (sp, tok, mark, prev_punct,
						 mark > pos);
  if (mark_len == 0)
    return false;
  letters = mark + mark_len;
  w->len = 0;
  if (!append_notated (w, sp->text, pos, mark))
    return false;
  if (mark_len == 3)
    {
      key = w->len;
      append_notated (w, sp->text, mark + 1, mark + 2);
    }
  w->end = alnum_run_end (sp, letters, tok->end, &has_digit);
  if (has_digit || !append_notated (w, sp->text, letters, w->end)
      || notation_mark_len (sp, tok, w->end, 0, true) > 0)
    return false;
  if (mark_len == 3 && key > 0 && is_ascii_upper (w->buf[key])
      && is_ascii_lower (w->buf[key - 1]) && key + 1 < w->len
      && is_ascii_lower (w->buf[key + 1]))
    w->buf[key] |= 0x20;
  w->offsets[0] = pos;
  return true;
}

/* Emit the words of the run [START, END) of SP's text, unless the
   program names it as a whole or it is a hex number.  */
static void
split_run (const struct splitter *sp, size_t start, size_t end)
{
  if (!is_hex_number (sp->text, start, end)
      && !(sp->skip_run
	   && sp->skip_run (sp->text + start, end - start, sp->data)))
    split_camel_case (sp, start, end);
}

/* Emit the words of the notated word W, as a run of its own, unless
   the program names the text as written, from W's first byte to its
   end: "Frob_nitzer failed" reads like the GTK label "E_xit", but may
   name a field.  (gawk's "Op_final --- this should never appear" names
   an enum constant, which C loses before the link: still a finding.)  */
static void
split_notated (const struct splitter *sp, const struct notated *w)
{
  size_t start = w->offsets[0];
  if (sp->skip_run && sp->skip_run (sp->text + start, w->end - start,
				    sp->data))
    return;
  struct splitter sub = *sp;

  sub.text = w->buf;
  sub.offsets = w->offsets;
  split_run (&sub, 0, w->len);
}

/* Is the element at POS (before END) a numeric conversion?  */
static bool
numeric_conversion_at (const struct splitter *sp, size_t pos, size_t end)
{
  if (pos >= end)
    return false;
  struct element el = next_element (sp, pos, end);
  return is_numeric_conversion_element (&el);
}

/* Emit the words of the prose token TOK.  */
static void
split_token_words (const struct splitter *sp, const struct token *tok)
{
  bool after_number = false;	/* Right after a numeric conversion.  */
  bool after_alnum = false;
  uint32_t prev_punct = 0;	/* The punctuation just passed, or 0.  */
  size_t pos = tok->start, end = tok->end;
  struct notated w;

  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);
      bool has_digit;
      size_t run_end;

      if (!after_number && !after_alnum
	  && read_notated_word (sp, tok, pos, prev_punct, &w))
	{
	  if (!numeric_conversion_at (sp, w.end, end))
	    split_notated (sp, &w);
	  pos = w.end;
	  after_alnum = true;
	  prev_punct = 0;
	  continue;
	}
      if (!is_alnum_element (&el))
	{
	  after_number = is_numeric_conversion_element (&el);
	  after_alnum = false;
	  prev_punct = el.kind == EL_PUNCT ? el.cp : 0;
	  pos += el.len;
	  continue;
	}
      run_end = alnum_run_end (sp, pos, end, &has_digit);
      if (!has_digit && !after_number
	  && !numeric_conversion_at (sp, run_end, end))
	split_run (sp, pos, run_end);
      after_number = false;
      after_alnum = true;
      prev_punct = 0;
      pos = run_end;
    }
}

/* ------------------------------------------------------------------ */
/* Level 3: tokens that are code rather than prose.  */

/* What one walk over a token finds; see the rules at the top.  */
struct token_shape
{
  bool url, at_sign, backslash, variable, equals, identifier;
  bool leading_dot, home_dir;
  bool hash_name;		/* A '#' starts a name: "#endif", "#chan".  */
  bool underscore_joins;	/* A '_' touches a letter or digit.  */
  size_t underscores, last_underscore;
  size_t slashes;
  size_t joining_dots;		/* Dots inside a name: "a.b".  */
  size_t after_last_dot;	/* Where the text after the last one starts.  */
};

/* Can the element before a dot end a file or host name?  */
static bool
ends_name (const struct element *el)
{
  return is_alnum_element (el) || el->kind == EL_OPAQUE || is_punct (el, '*');
}

/* Record what the punctuation CUR at POS, between PREV and NEXT,
   says about the token [START, END).  */
static void
note_punctuation (struct token_shape *sh, const struct splitter *sp,
		  size_t start, size_t pos, size_t end,
		  const struct element *prev, const struct element *cur,
		  const struct element *next)
{
  const unsigned char *s = (const unsigned char *) sp->text;
  bool after_alnum = pos > start && is_alnum_element (prev);
  bool before_alnum = is_alnum_element (next);

  switch (cur->cp)
    {
    case ':':
      sh->url |= pos + 2 < end && s[pos + 1] == '/' && s[pos + 2] == '/';
      sh->identifier |= after_alnum && is_punct (next, ':');
      break;
    case '@':
      sh->at_sign |= after_alnum || before_alnum;
      break;
    case '/':
      sh->slashes++;
      break;
    case '\\':
      sh->backslash = true;
      break;
    case '$':
      sh->variable |= before_alnum || is_punct (next, '_')
		      || is_punct (next, '{') || is_punct (next, '(');
      break;
    case '%':
      sh->variable |= is_punct (next, '{');
      break;
    case '=':
      sh->equals = true;
      break;
    case '_':
      sh->underscore_joins |= after_alnum || before_alnum;
      sh->underscores++;
      sh->last_underscore = pos;
      break;
    case '-':
      sh->identifier |= after_alnum && is_punct (next, '>');
      break;
    case '(':
      sh->identifier |= after_alnum && is_punct (next, ')');
      break;
    case '~':
      sh->home_dir |= pos == start && (before_alnum || is_punct (next, '/'));
      break;
    case '#':
      sh->hash_name |= before_alnum && !after_alnum;
      break;
    case '.':
      if (pos == start)
	sh->leading_dot |= before_alnum;
      else if (before_alnum && ends_name (prev))
	{
	  sh->joining_dots++;
	  sh->after_last_dot = pos + 1;
	}
      break;
    default:
      break;
    }
}

static struct token_shape
measure_token (const struct splitter *sp, size_t start, size_t end)
{
  struct token_shape sh;
  struct element none = { 0, EL_SPACE, 0 };
  struct element prev = none, cur = next_element (sp, start, end);
  size_t pos = start;

  memset (&sh, 0, sizeof sh);
  while (pos < end)
    {
      size_t next_pos = pos + cur.len;
      struct element next
	= next_pos < end ? next_element (sp, next_pos, end) : none;

      if (cur.kind == EL_PUNCT)
	note_punctuation (&sh, sp, start, pos, end, &prev, &cur, &next);
      prev = cur;
      cur = next;
      pos = next_pos;
    }
  return sh;
}

static bool
starts_with_www (const char *text, size_t start, size_t end)
{
  const char *s = text + start;

  return end - start >= 4 && (s[0] | 0x20) == 'w' && (s[1] | 0x20) == 'w'
	 && (s[2] | 0x20) == 'w' && s[3] == '.';
}

/* "-v", "-Wall", "--help", "--output-file".  */
static bool
is_option (const char *text, size_t start, size_t end)
{
  const unsigned char *s = (const unsigned char *) text;

  if (end - start < 2 || s[start] != '-')
    return false;
  if (is_ascii_alpha (s[start + 1]))
    return true;
  return s[start + 1] == '-' && end - start >= 3
	 && is_ascii_alnum (s[start + 2]);
}

static bool
is_closing_punct (uint32_t c)
{
  return (c < 0x80 && c != '\0' && strchr (".,;:!?'\"`)]}*", (int) c))
	 || c == RIGHT_SINGLE_QUOTE || c == 0x201D || c == 0x00BB
	 || c == 0x203A || c == 0x2026;
}

/* "and/or", "read/write.": two words of letters joined by one slash,
   then maybe closing punctuation, are prose rather than a path.  With
   two slashes ("lib/foo/bar") a path is the likelier reading.  */
static bool
is_word_alternation (const struct splitter *sp, size_t start, size_t end)
{
  bool in_tail = false, after_letter = false;
  size_t pos = start, slashes = 0;

  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);

      if (!in_tail && el.kind == EL_LETTER)
	after_letter = true;
      else if (!in_tail && after_letter && is_punct (&el, '/'))
	{
	  after_letter = false;
	  slashes++;
	}
      else if (after_letter && el.kind == EL_PUNCT
	       && is_closing_punct (el.cp))
	in_tail = true;
      else
	return false;
      pos += el.len;
    }
  return slashes == 1 && after_letter;
}

/* Is the text at POS a file extension: 1 to 4 letters and digits, all
   of one case ("h", "txt", "TXT", "so"), not followed by a letter?  */
static bool
is_file_extension (const struct splitter *sp, size_t pos, size_t end)
{
  const unsigned char *s = (const unsigned char *) sp->text;
  size_t i = pos;
  bool upper = false, lower = false;

  for (; i < end && is_ascii_alnum (s[i]); i++)
    {
      upper |= is_ascii_upper (s[i]);
      lower |= is_ascii_lower (s[i]);
    }
  if (i < end && next_element (sp, i, end).kind == EL_LETTER)
    return false;		/* "x.caf\u00e9" */
  return i > pos && i - pos <= MAX_EXTENSION_CHARS && !(upper && lower);
}

static bool
looks_like_path (const struct splitter *sp, const struct token_shape *sh,
		 size_t start, size_t end)
{
  if (sh->backslash || sh->home_dir)
    return true;
  return sh->slashes > 0 && !is_word_alternation (sp, start, end);
}

static bool
looks_like_dotted_name (const struct splitter *sp,
			const struct token_shape *sh, size_t end)
{
  if (sh->leading_dot || sh->joining_dots >= 2)
    return true;
  return sh->joining_dots == 1
	 && is_file_extension (sp, sh->after_last_dot, end);
}

/* Does a '_' make the token [START, END) an identifier (snake_case,
   MAX_PATH, __func__, _emphasis_) rather than a label with a mnemonic
   ("_Open", "E_xit")?  */
static bool
underscore_is_identifier (const struct splitter *sp,
			  const struct token_shape *sh, size_t start,
			  size_t end)
{
  if (!sh->underscore_joins)
    return false;
  return sh->underscores != 1
	 || !is_underscore_mnemonic (sp->text, start, sh->last_underscore,
				     end, sp->label);
}

/* Does a '|' join two names in [START, END): an alternation in a
   pattern ("begin|cbegin|rbegin", cppcheck's token patterns; "gif|png",
   a regular expression)?  Prose puts blanks around a bar ("a | b").  */
static bool
has_joining_bar (const char *text, size_t start, size_t end)
{
  const unsigned char *s = (const unsigned char *) text;
  for (size_t i = start + 1; i + 1 < end; i++)
    if (s[i] == '|' && (is_ascii_alnum (s[i - 1]) || s[i - 1] == '_')
	&& (is_ascii_alnum (s[i + 1]) || s[i + 1] == '_'))
      return true;
  return false;
}

/* Is the token [START, END), of shape SH, code, data or a name rather
   than prose?  */
static bool
token_is_code (const struct splitter *sp, const struct token_shape *sh,
	       size_t start, size_t end)
{
  if (sh->url || starts_with_www (sp->text, start, end))
    return true;
  if (sh->at_sign || is_option (sp->text, start, end))
    return true;
  if (sh->variable || sh->equals || sh->identifier || sh->hash_name
      || underscore_is_identifier (sp, sh, start, end))
    return true;
  return looks_like_path (sp, sh, start, end)
	 || looks_like_dotted_name (sp, sh, end)
	 || has_joining_bar (sp->text, start, end);
}

static bool
is_opening_punct (uint32_t c)
{
  return (c < 0x80 && c != '\0' && strchr ("([{'\"`*", (int) c))
	 || c == 0x00A1 || c == 0x00AB || c == 0x00BF || c == 0x2018
	 || c == 0x201A || c == 0x201C || c == 0x201E || c == 0x2039;
}

/* Skip the quotes and brackets that open the token at START, so that
   "'-v'" is seen as an option and "(/usr/lib)" as a path; not the
   bracket of a key letter ("[h]elp").  */
static size_t
skip_opening_punct (const struct splitter *sp, size_t start, size_t end)
{
  while (start < end)
    {
      struct element el = next_element (sp, start, end);

      if (el.kind != EL_PUNCT || !is_opening_punct (el.cp)
	  || is_key_letter (sp, start, end))
	break;
      start += el.len;
    }
  return start;
}

/* The end of the token at POS; *LETTERS: whether a letter is among
   its elements (a conversion, a tag or an entity is one element).  */
static size_t
token_end (const struct splitter *sp, size_t pos, size_t end, bool *letters)
{
  *letters = false;
  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);

      if (el.kind == EL_SPACE)
	break;
      *letters |= el.kind == EL_LETTER;
      pos += el.len;
    }
  return pos;
}

static void
split_token (const struct splitter *sp, size_t start, size_t end)
{
  struct token_shape sh;
  struct token tok;

  start = skip_opening_punct (sp, start, end);
  if (start >= end)
    return;
  sh = measure_token (sp, start, end);
  if (token_is_code (sp, &sh, start, end))
    return;
  tok.start = start;
  tok.end = end;
  tok.underscores = sh.underscores;
  split_token_words (sp, &tok);
}

/* ------------------------------------------------------------------ */
/* The memo: the words of a plain token, split once.  */

/* A plain token: letters, digits and the punctuation of prose that
   starts no conversion, markup, escape or notation.  Every rule reads
   such a token alone: not the flags (they concern '%'), not the
   segment's closed tags ('<') or whether it is a label ('&', '_'), and
   no word of it is read through a notation ("e(x)it", "[h]elp") into a
   copy.  So its words are the same in every string, at the same
   offsets from its start.  Up to MEMO_MAX_TOKEN bytes.  */
#define MEMO_MAX_TOKEN 64

/* A byte of a plain token: a letter, a digit or one of ".,;:!?'\"-",
   all below 64, so a bit each of a mask (instead of 885,000 calls to
   strchr on the 52k-function bench program).  */
#define PLAIN_PUNCT_MASK                                                  \
  ((1ULL << '.') | (1ULL << ',') | (1ULL << ';') | (1ULL << ':')          \
   | (1ULL << '!') | (1ULL << '?') | (1ULL << '\'') | (1ULL << '"')       \
   | (1ULL << '-'))

static bool
is_plain_byte (unsigned char c)
{
  return is_ascii_alnum (c) || (c < 64 && (PLAIN_PUNCT_MASK >> c & 1));
}

static bool
is_plain_token (const char *text, size_t start, size_t end)
{
  const unsigned char *s = (const unsigned char *) text;
  if (end - start > MEMO_MAX_TOKEN)
    return false;
  for (size_t i = start; i < end; i++)
    if (!is_plain_byte (s[i]))
      return false;
  return true;
}

/* What plain_token_end asks of a byte: is it a plain token's
   (is_plain_byte), or a space that ends a token as token_end would
   find it (an ASCII space element, not ESC, which starts an escape)?
   A table, as these are asked of every byte of 650,000 tokens on the
   52k-function bench program.  */
enum { PLAIN_BYTE = 1, ENDS_TOKEN = 2 };

static unsigned char plain_byte_class[256];

/* Fill element_kind and plain_byte_class, once.  */
static void
init_byte_tables (void)
{
  if (plain_byte_class['a'])
    return;
  for (unsigned c = 0; c < 256; c++)
    {
      bool starts_more = c >= 0x80 || c == '%' || c == '<' || c == '&'
			 || c == ESC;
      element_kind[c] = starts_more ? SLOW_ELEMENT : ascii_kind[c];
      plain_byte_class[c]
	= (is_plain_byte ((unsigned char) c) ? PLAIN_BYTE : 0)
	  | (c < 0x80 && c != ESC && ascii_kind[c] == EL_SPACE
	     ? ENDS_TOKEN : 0);
    }
}

/* A token's entry: its words, then its bytes.  */
struct memo_entry
{
  uint16_t len, n_words;
  struct memo_word words[];	/* Then LEN bytes.  */
};

#define MEMO_BLOCK ((size_t) 256 * 1024)

struct ls_word_memo
{
  ls_hashset tokens;		/* Of struct memo_entry.  */
  void **slot;			/* ls_word_memo_slot's answer.  */
  /* The entries, packed into blocks of MEMO_BLOCK bytes (util.h's big
     blocks: a link's memo leaves nothing in malloc's heap).  */
  char **blocks;
  size_t n_blocks, blocks_alloc, used;
};

ls_word_memo *
ls_word_memo_new (void)
{
  return ls_xcalloc (1, sizeof (ls_word_memo));
}

void
ls_word_memo_free (ls_word_memo *m)
{
  if (!m)
    return;
  for (size_t i = 0; i < m->n_blocks; i++)
    ls_big_free (m->blocks[i], MEMO_BLOCK);
  free (m->blocks);
  ls_hashset_free (&m->tokens);
  free (m);
}

static const unsigned char *
entry_bytes (const struct memo_entry *e)
{
  return (const unsigned char *) (e->words + e->n_words);
}

static bool
entry_match (const void *item, const void *key)
{
  const struct memo_entry *e = item;
  const struct ls_span *k = key;
  return e->len == k->len && memcmp (entry_bytes (e), k->s, k->len) == 0;
}

void **
ls_word_memo_slot (const ls_word_memo *m)
{
  return m ? m->slot : NULL;
}

static void *
memo_alloc (ls_word_memo *m, size_t size)
{
  size = (size + 7) & ~(size_t) 7;	/* The words' slots are pointers.  */
  if (m->n_blocks == 0 || m->used + size > MEMO_BLOCK)
    {
      m->blocks = ls_grow_array (m->blocks, &m->blocks_alloc, m->n_blocks + 1,
				 sizeof *m->blocks, 8);
      m->blocks[m->n_blocks++] = ls_big_alloc (MEMO_BLOCK);
      m->used = 0;
    }
  void *p = m->blocks[m->n_blocks - 1] + m->used;
  m->used += size;
  return p;
}

static void
memo_add (ls_word_memo *m, uint64_t hash, const char *bytes,
	  const struct recording *rec)
{
  size_t len = rec->end - rec->start;
  struct memo_entry *e = memo_alloc (m, sizeof *e + rec->n * sizeof *e->words
				     + len);
  e->len = (uint16_t) len;
  e->n_words = (uint16_t) rec->n;
  memcpy (e->words, rec->words, rec->n * sizeof *e->words);
  memcpy ((unsigned char *) (e->words + e->n_words), bytes, len);
  ls_hashset_add (&m->tokens, hash, e);
}

/* The end of the plain token (is_plain_token) that starts at START and
   that an ASCII space or END ends, as token_end would find it; START
   when there is none.  *HASH: ls_hash_bytes of the token's bytes when
   there is one, made in the same pass.  One pass over the bytes, where
   token_end, is_plain_token and the hash took one each.  */
static size_t
plain_token_end (const char *text, size_t start, size_t end, uint64_t *hash)
{
  const unsigned char *s = (const unsigned char *) text;
  size_t limit = end - start > MEMO_MAX_TOKEN ? start + MEMO_MAX_TOKEN + 1
					      : end;
  uint64_t h = LS_HASH_SEED;
  size_t i = start;
  while (i < limit && (plain_byte_class[s[i]] & PLAIN_BYTE))
    h = ls_hash_byte (h, s[i++]);
  if (i == start || i - start > MEMO_MAX_TOKEN)
    return start;
  if (i < end && !(plain_byte_class[s[i]] & ENDS_TOKEN))
    return start;
  *hash = h;
  return i;
}

/* split_token, through SP's memo for a plain token (HASHED: known to
   be one, of hash HASH).  */
static void
split_token_memo (const struct splitter *sp, size_t start, size_t end,
		  bool hashed, uint64_t hash)
{
  if (!sp->memo || !(hashed || is_plain_token (sp->text, start, end)))
    {
      split_token (sp, start, end);
      return;
    }
  struct ls_span key = { sp->text + start, end - start };
  if (!hashed)
    hash = ls_hash_bytes (LS_HASH_SEED, key.s, key.len);
  struct memo_entry *e = ls_hashset_find (&sp->memo->tokens, hash,
						entry_match, &key);
  if (e)
    {
      struct memo_word *w = e->words;
      for (unsigned i = 0; i < e->n_words; i++)
	{
	  sp->memo->slot = &w[i].slot;
	  sp->fn (sp->text + start + w[i].at, w[i].len, start + w[i].at,
		  sp->data);
	}
      sp->memo->slot = NULL;
      return;
    }
  struct recording rec = { start, end, { { NULL, 0, 0 } }, 0, false };
  struct splitter recorded = *sp;
  recorded.rec = &rec;
  split_token (&recorded, start, end);
  if (!rec.unfit)
    memo_add (sp->memo, hash, key.s, &rec);
}

/* ------------------------------------------------------------------ */
/* Level 2: segments between NULs.  */

/* "ab:c:dhv", "+ho:", ":vq:": option letters with a colon after one of
   them that is not the last character (a trailing colon alone is more
   likely a label, as in "Usage:").  */
static bool
is_getopt_string (const char *text, size_t start, size_t end)
{
  const unsigned char *s = (const unsigned char *) text;
  bool inner_colon = false;
  size_t i = start;

  if (i < end && (s[i] == '+' || s[i] == '-' || s[i] == ':'))
    i++;
  if (i >= end)
    return false;
  while (i < end)
    {
      size_t colons = 0;

      if (!is_ascii_alnum (s[i]) && s[i] != '?')
	return false;
      for (i++; i < end && s[i] == ':' && colons < 2; i++)
	colons++;
      inner_colon |= colons > 0 && i < end;
    }
  return inner_colon;
}

/* Characters that are common in program text and rare in prose.  */
static bool
is_code_char (uint32_t c)
{
  return c < 0x80 && c != '\0'
	 && strchr ("{}[]()|;=<>$\\&^~`#*+:", (int) c) != NULL;
}

/* Is the long segment [START, END) dense in code characters, as source
   code is (a script, a query language's prelude, a table in some
   syntax), rather than prose?  (Program source told by its lines is
   classify.c's ls_segment_is_program_source.)  In prose such characters are a few percent of the visible ones; in code
   a fifth or more.  Short texts are left to the token rules: a usage
   line is as dense in brackets but still worth checking.  The
   brackets of prose notation are not code: a placeholder ("<file>")
   counts as one character, as a tag does, and a key letter ("[h]elp")
   as letters.  */
static bool
segment_is_dense_code (const struct splitter *sp, size_t start, size_t end)
{
  size_t visible = 0, code = 0, pos = start;

  if (end - start < MIN_CODE_SEGMENT)
    return false;
  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);
      size_t placeholder = 0;

      if (el.kind != EL_SPACE)
	visible++;
      if (is_punct (&el, '<')
	  && (placeholder = placeholder_len ((const unsigned char *) sp->text
					     + pos, end - pos)) > 0)
	el.len += placeholder;
      else if (is_key_letter (sp, pos, end))
	visible += 2, el.len = 3;
      else
	code += el.kind == EL_PUNCT && is_code_char (el.cp);
      pos += el.len;
    }
  return code * 100 >= visible * CODE_PERCENT;
}

/* Is the segment [START, END) data rather than prose: no spaces and
   hardly any letters, a getopt string, or long and dense in code
   characters?  */
static bool
segment_is_data (const struct splitter *sp, size_t start, size_t end)
{
  size_t letters = 0, pos = start;

  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);

      if (el.kind == EL_SPACE)
	return segment_is_dense_code (sp, start, end);
      letters += el.kind == EL_LETTER;
      pos += el.len;
    }
  return letters <= MAX_DATA_LETTERS
	 || is_getopt_string (sp->text, start, end);
}

/* Is the token [START, END) "#include" or "#import"?  The token after
   it names a header ("<iostream>", "<sys/types.h>"), not a
   placeholder.  */
static bool
is_include_directive (const char *text, size_t start, size_t end)
{
  static const char *const directives[] = { "#include", "#import" };
  size_t i;

  if (text[start] != '#')
    return false;		/* Most tokens: no strlen, no compare.  */
  for (i = 0; i < sizeof directives / sizeof directives[0]; i++)
    if (strlen (directives[i]) == end - start
	&& memcmp (text + start, directives[i], end - start) == 0)
      return true;
  return false;
}

static void
split_segment (const struct splitter *whole, size_t start, size_t end)
{
  struct closed_tags closed;
  struct splitter seg = *whole;
  const struct splitter *sp = &seg;
  size_t pos = start;

  bool after_include = false;

  collect_closed_tags (whole->text, start, end, &closed);
  seg.closed = &closed;
  seg.label = end - start <= MAX_LABEL_BYTES;
  if (segment_is_data (sp, start, end))
    return;
  while (pos < end)
    {
      struct element el = next_element (sp, pos, end);
      size_t tok_end;

      if (el.kind == EL_SPACE)
	{
	  pos += el.len;
	  continue;
	}
      uint64_t hash = 0;
      size_t plain_end = sp->memo ? plain_token_end (sp->text, pos, end,
						     &hash)
				  : pos;
      bool letters = true;
      tok_end = plain_end > pos ? plain_end
				: token_end (sp, pos, end, &letters);
      /* Every word, and every run offered to SKIP_RUN, is letters (a
	 run of digits alone is dropped unasked): a token without one,
	 such as "%d" or "100%", gives nothing (on the 52k-function
	 bench program, most of the tokens that are not plain).  */
      if (!after_include && letters)
	split_token_memo (sp, pos, tok_end, plain_end > pos, hash);
      after_include = is_include_directive (sp->text, pos, tok_end);
      pos = tok_end;
    }
}

/* ------------------------------------------------------------------ */
/* Labels of printed values.  */

static bool
is_blank_byte (unsigned char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v'
	 || c == '\f';
}

/* The length of the value at S (AVAIL bytes) that a label names: a
   conversion, possibly after "0x" (" dpid 0x%016lx") or an opening
   bracket or quote (" seq (%u)"), or 0.  "%%" is a percent sign, not
   a value.  */
static size_t
value_len (unsigned flags, const unsigned char *s, size_t avail,
	   bool *number)
{
  size_t i = 0;
  if (avail >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    i = 2;
  else if (avail >= 1 && s[0] != '\0' && strchr ("([<'\"", s[0]))
    i = 1;
  if (i >= avail || s[i] != '%' || (i + 1 < avail && s[i + 1] == '%'))
    return 0;
  size_t n = conversion_len (flags, s + i, avail - i);
  *number = n > 0 && (i == 2 || strchr ("diouxXeEfFgGaAbp", s[i + n - 1]));
  return n ? i + n : 0;
}

/* Does the token ending at END (exclusive, after START) end with a
   value: a conversion, then at most closing punctuation ("%u,",
   "0x%x(%s)")?  */
static bool
token_ends_with_value (unsigned flags, const unsigned char *s, size_t start,
		       size_t end)
{
  while (end > start && strchr (")]}>,;'\"", s[end - 1]) && s[end - 1])
    end--;
  for (size_t i = start; i < end; i++)
    if (s[i] == '%')
      {
	if (i + 1 < end && s[i + 1] == '%')
	  {
	    i++;			/* "%%": a percent sign.  */
	    continue;
	  }
	size_t n = conversion_len (flags, s + i, end - i);
	if (n == 0)
	  continue;
	if (i + n == end)
	  return true;
	i += n - 1;
      }
  return false;
}

bool
ls_is_value_label (const char *text, size_t start, size_t end, size_t offset,
		   size_t len, unsigned flags)
{
  const unsigned char *s = (const unsigned char *) text;
  if ((flags & LS_SPLIT_NO_PRINTF) || offset < start || offset + len > end)
    return false;
  /* The word's token: a name, words joined by '-' ("msg-seq"), after
     opening brackets and before one ':' or '='.  */
  size_t tok_start = offset, tok_end = offset + len;
  while (tok_start > start && !is_blank_byte (s[tok_start - 1]))
    tok_start--;
  while (tok_end < end && !is_blank_byte (s[tok_end]))
    tok_end++;
  size_t name_start = tok_start, name_end = tok_end;
  while (name_start < offset && strchr ("([{", s[name_start]))
    name_start++;
  bool marked = name_end > offset + len && (s[name_end - 1] == ':'
					    || s[name_end - 1] == '=');
  name_end -= marked;
  for (size_t i = name_start; i < name_end; i++)
    if (!is_ascii_alnum (s[i]) && !(s[i] == '-' && i > name_start
				     && i + 1 < name_end))
      return false;
  /* A value follows, after blanks on the same line.  */
  size_t next = tok_end;
  while (next < end && (s[next] == ' ' || s[next] == '\t'))
    next++;
  /* A number's label, or one a colon or '=' marks: a word before a
     string is as often a verb and its object ("Writing %s").  */
  bool number = false;
  if (next == tok_end || value_len (flags, s + next, end - next, &number) == 0
      || !(number || marked))
    return false;
  /* And the label starts a field: the segment or a line starts with it,
     or punctuation that separates fields, or the value before it.  */
  if (name_start > tok_start)
    return true;
  size_t prev_end = tok_start;
  while (prev_end > start && is_blank_byte (s[prev_end - 1]))
    {
      if (s[prev_end - 1] == '\n')
	return true;
      prev_end--;
    }
  if (prev_end == start)
    return true;
  if (strchr (",;|([{", s[prev_end - 1]) && s[prev_end - 1])
    return true;
  size_t prev_start = prev_end;
  while (prev_start > start && !is_blank_byte (s[prev_start - 1]))
    prev_start--;
  return token_ends_with_value (flags, s, prev_start, prev_end);
}

/* Longest printf conversion looked back for: "%-*.*ls" and the like.  */
#define MAX_CONVERSION_BYTES 16

bool
ls_follows_string_conversion (const char *text, size_t start, size_t offset,
			      unsigned flags)
{
  const unsigned char *s = (const unsigned char *) text;
  if (flags & (LS_SPLIT_NO_PRINTF | LS_SPLIT_SCANF | LS_SPLIT_STRFTIME))
    return false;
  if (offset <= start || !strchr ("sScC", s[offset - 1]) || !s[offset - 1])
    return false;
  size_t low = offset - start > MAX_CONVERSION_BYTES
	       ? offset - MAX_CONVERSION_BYTES : start;
  for (size_t p = offset - 1; p-- > low;)
    if (s[p] == '%')
      {
	/* Not the second '%' of "%%".  */
	if (p > start && s[p - 1] == '%')
	  return false;
	return printf_conversion_len (s + p, offset - p) == offset - p;
      }
  return false;
}

/* ------------------------------------------------------------------ */
/* The entry point: split the text into segments at its NULs.  */

void
ls_split_words (const char *text, size_t len, unsigned flags,
		ls_word_fn fn, void *data)
{
  ls_split_words_skipping (text, len, flags, fn, NULL, data);
}

void
ls_split_words_skipping (const char *text, size_t len, unsigned flags,
			 ls_word_fn fn, ls_run_fn skip_run, void *data)
{
  ls_split_words_memo (text, len, flags, fn, skip_run, data, NULL);
}

void
ls_split_words_memo (const char *text, size_t len, unsigned flags,
		     ls_word_fn fn, ls_run_fn skip_run, void *data,
		     ls_word_memo *memo)
{
  struct splitter sp = { text, flags, fn, skip_run, data, NULL, false,
			 NULL, NULL, memo };
  size_t start = 0;

  if (text == NULL || fn == NULL)
    return;
  init_byte_tables ();
  while (start < len)
    {
      const char *nul = memchr (text + start, '\0', len - start);
      size_t end = nul != NULL ? (size_t) (nul - text) : len;

      split_segment (&sp, start, end);
      start = end + 1;
    }
}
