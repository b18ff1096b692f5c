/* classify.c: what part of a string is prose (see classify.h).  */

#include "classify.h"
#include "util.h"

#include <stdint.h>
#include <string.h>

bool
ls_segment_has_several_tokens (const char *text, size_t start, size_t end)
{
  bool seen_token = false, blank_after = false;
  for (size_t i = start; i < end; i++)
    if (ls_is_blank ((unsigned char) text[i]))
      blank_after = seen_token;
    else if (blank_after)
      return true;
    else
      seen_token = true;
  return false;
}

static bool
is_ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_';
}

static bool
starts_with (const char *line, size_t len, const char *prefix)
{
  size_t n = strlen (prefix);
  return len >= n && memcmp (line, prefix, n) == 0;
}

/* Does LINE[0, LEN) (blanks trimmed) read as a line of program source
   rather than of a message: a block or statement end ("{", "};"), a
   call ("print(x)", "if f(x):"), an assignment ("x = 1", not "=="), a
   keyword that opens a Python or C line, a markup tag?  Prose lines
   end in a word or a period, and a parenthesis in prose follows a
   blank ("the target (see manual)").  */
static bool
line_is_code (const char *line, size_t len)
{
  static const char *const openers[] = {
    "import ", "from ", "def ", "class ", "return", "#include", "#define",
    "else:", "try:", "except", "elif ", "for ", "while ", "</", NULL
  };
  if (len == 0)
    return false;
  char last = line[len - 1];
  if (last == '{' || last == '}' || last == ';')
    return true;
  for (size_t i = 0; openers[i]; i++)
    if (starts_with (line, len, openers[i]))
      return true;
  if (line[0] == '<' && len > 1 && is_ident_char (line[1])
      && memchr (line, '>', len))
    return true;
  /* A call: an identifier right before '(' and the line ending in ')'
     or in "):".  */
  if (last == ')' || (last == ':' && len > 1 && line[len - 2] == ')'))
    for (size_t i = 1; i < len; i++)
      if (line[i] == '(' && is_ident_char (line[i - 1]))
	return true;
  /* An assignment: "name = value" with a name of no blanks first.  */
  size_t i = 0;
  while (i < len && (is_ident_char (line[i]) || line[i] == '.'
		     || line[i] == '[' || line[i] == ']'))
    i++;
  return i > 0 && i + 3 < len && line[i] == ' ' && line[i + 1] == '='
	 && line[i + 2] == ' ';
}

bool
ls_segment_is_program_source (const char *text, size_t start, size_t end)
{
  /* Four lines need three newlines; most messages have none.  */
  size_t newlines = 0;
  for (const char *p = text + start, *e = text + end;
       newlines < 3 && (p = memchr (p, '\n', (size_t) (e - p))); p++)
    newlines++;
  if (newlines < 3)
    return false;
  size_t lines = 0, code = 0;
  size_t i = start;
  while (i < end)
    {
      const char *nl = memchr (text + i, '\n', end - i);
      size_t stop = nl ? (size_t) (nl - text) : end;
      size_t a = i, b = stop;
      while (a < b && ls_is_blank ((unsigned char) text[a]))
	a++;
      while (b > a && ls_is_blank ((unsigned char) text[b - 1]))
	b--;
      if (b > a)
	{
	  lines++;
	  code += line_is_code (text + a, b - a);
	}
      i = stop + 1;
    }
  return lines >= 4 && code * 3 >= lines;
}

/* Is TEXT[0, LEN) an upper-case SQL keyword?  The words statements are
   built of in SQL-92 and SQLite; programs write them in capitals.  */
static bool
is_sql_keyword (const char *text, size_t len)
{
  static const char *const keywords[] = {
    "ALTER", "AND", "AS", "ASC", "BY", "COLLATE", "CREATE", "DELETE",
    "DESC", "DISTINCT", "DROP", "EXISTS", "FROM", "GROUP", "HAVING", "IN",
    "INDEX", "INSERT", "INT", "INTEGER", "INTO", "IS", "JOIN", "KEY",
    "LIMIT", "NOCASE", "NOT", "NULL", "ON", "OR", "ORDER", "PRAGMA",
    "PRIMARY", "REPLACE", "SELECT", "SET", "TABLE", "TEXT", "UNION",
    "UPDATE", "VALUES", "VIEW", "WHERE", "WITH",
  };
  /* Every keyword is 2 to 8 capitals: most words of prose stop here
     (this test was a sixth of checking the 52k-function bench program).  */
  if (len < 2 || len > 8 || text[0] < 'A' || text[0] > 'Z')
    return false;
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
    if (strlen (keywords[i]) == len && memcmp (keywords[i], text, len) == 0)
      return true;
  return false;
}

/* The ASCII capitals of TEXT[START, END), counted until there are
   LIMIT or more, eight bytes at a time (a byte at a time, this test
   was a fifteenth of checking the 52k-function bench program).  */
static size_t
count_capitals (const char *text, size_t start, size_t end, size_t limit)
{
  const uint64_t ones = 0x0101010101010101ULL;
  size_t capitals = 0, k = start;
  for (; k + 8 <= end && capitals < limit; k += 8)
    {
      uint64_t v;
      memcpy (&v, text + k, sizeof v);
      uint64_t caps = ls_ascii_bytes_in (v, 'A', 'Z');
      capitals += (size_t) (((caps >> 7) * ones) >> 56);
    }
  for (; k < end && capitals < limit; k++)
    capitals += text[k] >= 'A' && text[k] <= 'Z';
  return capitals;
}

bool
ls_segment_is_sql (const char *text, size_t start, size_t end)
{
  /* Two keywords take four capitals at least: most messages have
     fewer, and counting them costs less than reading the words.  */
  if (count_capitals (text, start, end, 4) < 4)
    return false;
  size_t words = 0, keywords = 0, i = start;
  while (i < end)
    {
      if (!is_ident_char (text[i]))
	{
	  i++;
	  continue;
	}
      size_t w = i;
      while (i < end && is_ident_char (text[i]))
	i++;
      words++;
      keywords += is_sql_keyword (text + w, i - w);
    }
  if (keywords < 2)
    return false;
  /* A statement: "INSERT INTO t(a,b) VALUES(...)", "WITH x AS (...)". */
  size_t first = start;
  while (first < end && !is_ident_char (text[first]))
    first++;
  size_t first_end = first;
  while (first_end < end && is_ident_char (text[first_end]))
    first_end++;
  static const char *const statements[] = {
    "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER",
    "WITH", "PRAGMA", "REPLACE",
  };
  for (size_t i = 0; i < sizeof statements / sizeof *statements; i++)
    if (strlen (statements[i]) == first_end - first
	&& memcmp (statements[i], text + first, first_end - first) == 0)
      return true;
  return keywords * 3 >= words;
}

bool
ls_segment_is_prose (const char *text, size_t start, size_t end)
{
  return ls_segment_has_several_tokens (text, start, end)
	 && !ls_segment_is_program_source (text, start, end)
	 && !ls_segment_is_sql (text, start, end);
}
