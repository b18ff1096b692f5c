/* names.c: names of people in a program's strings (see names.h).

   Everything works on blank-separated tokens of one line (a part of a
   string between newlines and NULs).  A token is classified once its
   brackets, quotes and trailing punctuation are set aside:

     Capword   "Allegretta", "Ben-Halim", "O'Brien", "Jr."  (a capital,
	       then letters with at least one lowercase)
     initials  "J.", "J.R."
     particle  "van", "de", "von": inside a name, never a name alone
     e-mail    "jane@x.org", "<jane@x.org>"

   A run is the longest sequence of Capwords, initials and particles
   around a word that no sentence end, comma (except in "Smith, J."),
   or bracket interrupts: "Eric S. Raymond", "Jane Doe".  */

#include "names.h"
#include "sinks.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A credits list is a table of at least this many entries (strings
   with a letter), two thirds of them name-shaped (short, capitalised
   words); and more than a third of those, and at least two, have a
   word no dictionary knows.  Most names are known words ("David
   Lawrence Ramsey"), so requiring most entries to be unknown would
   miss lists whose names happen to be common; requiring two unknown
   entries keeps a small menu with one misspelled label ("Open File",
   "Save As", "Quit Nwo") a menu.  */
enum { credits_min_entries = 3, credits_min_unknown = 2 };
/* A name-shaped entry is short: */
enum { shape_max_bytes = 64, shape_max_tokens = 6 };
/* Two strings of a function without a variable (a small local array,
   whose elements are stored one by one) are in one table when their
   lines are at most this far apart (a NULL element has no string).  */
enum { table_line_gap = 3 };
/* A gettext'd string is an argument of a version_etc call when their
   lines are at most this far apart (the call's arguments may go on
   over the next lines).  */
enum { call_line_gap = 2 };

/* A place where version_etc is called with a string argument.  */
struct place
{
  const char *file, *function;
  unsigned line;
};

struct ls_names
{
  ls_word_known_fn known;
  void *data;
  const struct ls_string **credits;	/* Sorted by address.  */
  size_t n_credits, credits_alloc;
  struct place *places;
  size_t n_places, places_alloc;
};

/* ------------------------------------------------------------------ */
/* Characters.                                                         */

static bool
is_ascii_upper (unsigned char c)
{
  return c >= 'A' && c <= 'Z';
}

static bool
is_ascii_lower (unsigned char c)
{
  return c >= 'a' && c <= 'z';
}

/* A letter, or a byte of a non-ASCII character (taken for a letter:
   names are written in every script).  */
static bool
is_letter (unsigned char c)
{
  return is_ascii_upper (c) || is_ascii_lower (c) || c >= 0x80;
}

/* Does TEXT[I, END) start with a capital: A-Z, or a Latin-1 capital
   (U+00C0 to U+00DE but U+00D7) as in "Édouard", "Ørsted"?  */
static bool
capital_at (const char *text, size_t i, size_t end)
{
  unsigned char c = (unsigned char) text[i];
  if (is_ascii_upper (c))
    return true;
  if (c != 0xC3 || i + 1 >= end)
    return false;
  unsigned char d = (unsigned char) text[i + 1];
  return d >= 0x80 && d <= 0x9E && d != 0x97;
}

static bool
ascii_iequal (const char *a, const char *b, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      unsigned char x = (unsigned char) a[i], y = (unsigned char) b[i];
      if (is_ascii_upper (x))
	x = (unsigned char) (x - 'A' + 'a');
      if (x != y)
	return false;
    }
  return true;
}

static bool
equal_word (const char *s, size_t len, const char *word)
{
  return strlen (word) == len && memcmp (s, word, len) == 0;
}

/* ------------------------------------------------------------------ */
/* Tokens.                                                             */

enum token_kind
{
  TK_OTHER,
  TK_LOWER,			/* An ordinary lowercase word.  */
  TK_CAPWORD,
  TK_INITIALS,
  TK_PARTICLE,
  TK_CONNECTOR,			/* "&", "and": between names in a list.  */
  TK_SHORTCAPS,			/* "II", "III", "C" of "(C)".  */
  TK_EMAIL
};

struct token
{
  size_t start, end;		/* The whole token.  */
  size_t core, core_end;	/* Without brackets, quotes, punctuation.  */
  enum token_kind kind;
  bool open;			/* Starts with '(' or '<'.  */
  bool close;			/* Ends with ')' or '>'.  */
  bool comma;			/* Ends with ','.  */
  bool stop;			/* Ends a sentence or clause: '.', '!', '?',
				   ';', ':' after anything but initials.  */
};

static bool
is_initials (const char *s, size_t len)
{
  if (len < 2 || len % 2 != 0)
    return false;
  for (size_t i = 0; i < len; i += 2)
    if (!is_ascii_upper ((unsigned char) s[i]) || s[i + 1] != '.')
      return false;
  return true;
}

/* A capital, then letters, hyphens and apostrophes, some lowercase.  */
static bool
is_capword (const char *s, size_t len)
{
  if (len < 2 || !capital_at (s, 0, len))
    return false;
  bool lower = false;
  for (size_t i = 1; i < len; i++)
    {
      unsigned char c = (unsigned char) s[i];
      if (!is_letter (c) && c != '-' && c != '\'')
	return false;
      lower |= is_ascii_lower (c) || (c >= 0x80 && i > 1);
    }
  return lower;
}

/* "jane@x.org", also as written at a sentence's end or in brackets:
   "<jane@x.org>.", "(jane@x.org)".  */
static bool
is_email (const char *s, size_t len)
{
  while (len > 0 && strchr (".>)", s[len - 1]))
    len--;
  const char *at = memchr (s, '@', len);
  return at && at > s && memchr (at, '.', len - (size_t) (at - s)) != NULL
	 && is_letter ((unsigned char) s[len - 1]);
}

static bool
is_particle (const char *s, size_t len)
{
  static const char *const particles[] = {
    "de", "van", "von", "der", "den", "la", "le", "da", "di", "du", "del",
    "dos", "bin", "ibn", NULL
  };
  for (size_t i = 0; particles[i]; i++)
    if (equal_word (s, len, particles[i]))
      return true;
  return false;
}

static enum token_kind
classify (const char *s, size_t len, bool *trailing_period)
{
  *trailing_period = len > 0 && s[len - 1] == '.';
  if (is_email (s, len))
    return TK_EMAIL;
  *trailing_period = false;
  if (is_initials (s, len))
    return TK_INITIALS;
  if (len > 0 && s[len - 1] == '.')
    {
      *trailing_period = true;
      len--;
    }
  if (is_capword (s, len))
    return TK_CAPWORD;
  if (is_particle (s, len))
    return TK_PARTICLE;
  if (equal_word (s, len, "&") || equal_word (s, len, "and"))
    return TK_CONNECTOR;
  bool caps = len > 0 && len <= 4;
  for (size_t i = 0; i < len; i++)
    caps &= is_ascii_upper ((unsigned char) s[i]);
  if (caps)
    return TK_SHORTCAPS;
  return len > 0 && is_ascii_lower ((unsigned char) s[0]) ? TK_LOWER
							   : TK_OTHER;
}

static struct token
make_token (const char *text, size_t start, size_t end)
{
  struct token t = { .start = start, .end = end, .core = start,
		     .core_end = end };
  while (t.core < t.core_end && text[t.core] != '\0'
	 && strchr ("([<\"'", text[t.core]))
    {
      char c = text[t.core++];
      t.open |= c == '(' || c == '[' || c == '<';
    }
  while (t.core_end > t.core && text[t.core_end - 1] != '\0'
	 && strchr (",;:!?)>\"'", text[t.core_end - 1]))
    {
      char c = text[--t.core_end];
      t.close |= c == ')' || c == '>';
      t.comma |= c == ',';
      t.stop |= c == ';' || c == ':' || c == '!' || c == '?';
    }
  bool period;
  t.kind = classify (text + t.core, t.core_end - t.core, &period);
  t.stop |= period;
  return t;
}

struct tokens
{
  struct token *items;
  size_t n, alloc;
};

/* The next token of TEXT[*AT, END) added to OUT, *AT moved past it;
   false when only blanks are left.  */
static bool
next_token (const char *text, size_t *at, size_t end, struct tokens *out)
{
  size_t i = *at;
  while (i < end && ls_is_blank ((unsigned char) text[i]))
    i++;
  size_t s = i;
  while (i < end && !ls_is_blank ((unsigned char) text[i]))
    i++;
  *at = i;
  if (i == s)
    return false;
  out->items = ls_grow_array (out->items, &out->alloc, out->n + 1,
			      sizeof *out->items, 16);
  out->items[out->n++] = make_token (text, s, i);
  return true;
}

/* Split TEXT[START, END) at blanks.  */
static void
tokenize (const char *text, size_t start, size_t end, struct tokens *out)
{
  out->n = 0;
  for (size_t at = start; next_token (text, &at, end, out);)
    ;
}

/* The line of TEXT (LEN bytes) holding OFFSET: between newlines and
   NULs.  */
static void
line_bounds (const char *text, size_t len, size_t offset, size_t *start,
	     size_t *end)
{
  size_t s = offset, e = offset;
  while (s > 0 && text[s - 1] != '\n' && text[s - 1] != '\0')
    s--;
  while (e < len && text[e] != '\n' && text[e] != '\0')
    e++;
  *start = s;
  *end = e;
}

/* ------------------------------------------------------------------ */
/* Name-shaped strings and credits lists.                              */

static bool
may_be_in_shape (enum token_kind k)
{
  return k == TK_CAPWORD || k == TK_INITIALS || k == TK_PARTICLE
	 || k == TK_CONNECTOR || k == TK_SHORTCAPS;
}

/* Is S a short string of capitalised words, like "Chris Allegretta",
   "Eric S. Raymond", "Monique, Brielle & Joseph", "Richard Kolb II"?  */
static bool
name_shaped (const struct ls_string *s, struct tokens *tk)
{
  if (s->text_len == 0 || s->text_len > shape_max_bytes
      || memchr (s->text, '\n', s->text_len)
      || memchr (s->text, '\0', s->text_len))
    return false;
  /* Token by token, until one says no (most strings are no name, and
     their first word says so): TK holds all of S's tokens only when
     the answer is yes.  */
  tk->n = 0;
  bool capword = false;
  for (size_t at = 0; next_token (s->text, &at, s->text_len, tk);)
    {
      enum token_kind k = tk->items[tk->n - 1].kind;
      if (tk->n > shape_max_tokens || !may_be_in_shape (k)
	  || (tk->n == 1 && k != TK_CAPWORD && k != TK_INITIALS))
	return false;
      capword |= k == TK_CAPWORD;
    }
  return capword;
}

/* Does a dictionary reject a part of a Capword of TK ("Ben-Halim" is
   asked as "Ben" and "Halim")?  */
static bool
has_unknown_capword (const ls_names *n, const char *text,
		     const struct tokens *tk)
{
  for (size_t i = 0; i < tk->n; i++)
    {
      const struct token *t = &tk->items[i];
      if (t->kind != TK_CAPWORD)
	continue;
      size_t end = t->core_end;
      if (text[end - 1] == '.')
	end--;
      size_t p = t->core;
      while (p < end)
	{
	  const char *hyphen = memchr (text + p, '-', end - p);
	  size_t q = hyphen ? (size_t) (hyphen - text) : end;
	  if (q > p && !n->known (text + p, q - p, n->data))
	    return true;
	  p = q + 1;
	}
    }
  return false;
}

static bool
has_letter (const struct ls_string *s)
{
  for (size_t i = 0; i < s->text_len; i++)
    if (is_letter ((unsigned char) s->text[i]))
      return true;
  return false;
}

static int
compare_addresses (const void *pa, const void *pb)
{
  uintptr_t a = (uintptr_t) *(const struct ls_string *const *) pa;
  uintptr_t b = (uintptr_t) *(const struct ls_string *const *) pb;
  return (a > b) - (a < b);
}

/* qsort: a table's strings by content, so that a table's repeats are
   adjacent and its entries are asked about in the same order in every
   run (not by address: judge_table stops asking once it knows).  */
static int
compare_entries (const void *pa, const void *pb)
{
  return ls_string_compare_content (*(const struct ls_string *const *) pa,
				    *(const struct ls_string *const *) pb);
}

/* How many of a table's SHAPED name-shaped entries (of ENTRIES) must
   have a word the dictionaries reject for the table to be a credits
   list; more than SHAPED when its shape alone rules that out.  */
static size_t
credits_unknown_needed (size_t entries, size_t shaped)
{
  if (entries < credits_min_entries || shaped * 3 < entries * 2)
    return shaped + 1;
  size_t over_a_third = shaped / 3 + 1;
  return over_a_third > credits_min_unknown ? over_a_third
					    : credits_min_unknown;
}

/* Is GROUP[I] an entry of its table: the first of its repeats, with a
   letter?  */
static bool
is_entry (const struct ls_string **group, size_t i)
{
  return (i == 0 || group[i] != group[i - 1]) && has_letter (group[i]);
}

/* The strings of one table, GROUP[0, COUNT) (repeats allowed): when it
   is a credits list, every name-shaped entry is a credits entry.
   The dictionaries are asked last, and only until the answer is
   known: a word they reject may cost a lookup of suggestions (0.5 ms
   with aspell for a compound such as "AntiqueWhite"), and tmux's
   table of 750 X11 colours is no credits list by its shape alone.  */
static void
judge_table (ls_names *n, const struct ls_string **group, size_t count,
	     struct tokens *tk)
{
  ls_sort (group, count, sizeof *group, compare_entries);
  size_t entries = 0, shaped = 0;
  for (size_t i = 0; i < count; i++)
    if (is_entry (group, i))
      {
	entries++;
	shaped += name_shaped (group[i], tk);
      }
  size_t needed = credits_unknown_needed (entries, shaped);
  size_t unknown = 0, left = shaped;
  for (size_t i = 0; i < count && unknown < needed && unknown + left >= needed;
       i++)
    if (is_entry (group, i) && name_shaped (group[i], tk))
      {
	left--;
	unknown += has_unknown_capword (n, group[i]->text, tk);
      }
  if (unknown < needed)
    return;
  for (size_t i = 0; i < count; i++)
    if (is_entry (group, i) && name_shaped (group[i], tk))
      {
	n->credits = ls_grow_array (n->credits, &n->credits_alloc,
				    n->n_credits + 1, sizeof *n->credits, 16);
	n->credits[n->n_credits++] = group[i];
      }
}

/* One use of a string in a table: a variable's initializer, or a
   store in a function without a call.  */
struct table_use
{
  const char *variable, *file, *function;
  unsigned line;
  const struct ls_string *str;
};

static int
compare_table_uses (const void *pa, const void *pb)
{
  const struct table_use *a = pa, *b = pb;
  int c = ls_compare_names (a->variable, b->variable);
  if (!c)
    c = ls_compare_names (a->file, b->file);
  if (!c)
    c = ls_compare_names (a->function, b->function);
  if (!c)
    c = (a->line > b->line) - (a->line < b->line);
  return c;
}

/* Do A and B (sorted) belong to the same table?  */
static bool
same_table (const struct table_use *a, const struct table_use *b)
{
  if (a->variable || b->variable)
    return ls_compare_names (a->variable, b->variable) == 0;
  return ls_compare_names (a->file, b->file) == 0
	 && ls_compare_names (a->function, b->function) == 0
	 && b->line - a->line <= table_line_gap;
}

/* The credits among the table uses USES[0..COUNT) (sorted here).  */
static void
find_credits (ls_names *n, struct table_use *uses, size_t count)
{
  if (count == 0)
    return;
  ls_sort (uses, count, sizeof *uses, compare_table_uses);
  const struct ls_string **group = ls_xmalloc ((count + 1) * sizeof *group);
  struct tokens tk = { NULL, 0, 0 };
  size_t start = 0;
  for (size_t i = 1; i <= count; i++)
    if (i == count || !same_table (&uses[i - 1], &uses[i]))
      {
	for (size_t k = start; k < i; k++)
	  group[k - start] = uses[k].str;
	judge_table (n, group, i - start, &tk);
	start = i;
      }
  if (n->n_credits > 1)
    ls_sort (n->credits, n->n_credits, sizeof *n->credits, compare_addresses);
  free (tk.items);
  free (group);
}

static bool
is_credits_entry (const ls_names *n, const struct ls_string *s)
{
  return n->n_credits > 0
	 && bsearch (&s, n->credits, n->n_credits, sizeof *n->credits,
		     compare_addresses) != NULL;
}

/* ------------------------------------------------------------------ */
/* Functions that take names.                                          */

/* (Asked of every use's callee: the first letter first.)  */
static bool
is_version_etc (const char *f)
{
  return f && f[0] == 'v' && (strcmp (f, "version_etc") == 0
	       || strcmp (f, "version_etc_arn") == 0
	       || strcmp (f, "version_etc_ar") == 0
	       || strcmp (f, "version_etc_va") == 0);
}

static bool
is_proper_name (const char *f)
{
  return f && f[0] == 'p' && (strcmp (f, "proper_name") == 0
	       || strcmp (f, "proper_name_utf8") == 0
	       || strcmp (f, "proper_name_lite") == 0);
}

/* What argument ARG of CALLEE holds: version_etc (stream, program,
   package, version, author...), proper_name (name[, name_utf8]).  */
static enum ls_name_kind
argument_kind (const char *callee, unsigned arg)
{
  if (is_proper_name (callee))
    return LS_NAME_ARGUMENT;
  if (!is_version_etc (callee) || arg < 2)
    return LS_NAME_NONE;
  if (arg <= 4)
    return LS_NAME_PACKAGE;
  return strcmp (callee, "version_etc") == 0 ? LS_NAME_ARGUMENT
					      : LS_NAME_NONE;
}

/* Is S an argument of a function taking names, directly or through a
   call inlined from proper_name?  */
static enum ls_name_kind
called_with (const struct ls_string *s)
{
  for (size_t i = 0; i < s->n_uses; i++)
    {
      const struct ls_site *u = &s->uses[i];
      enum ls_name_kind k = argument_kind (u->callee, u->arg_index);
      if (k == LS_NAME_NONE && is_proper_name (u->inlined_from))
	k = LS_NAME_ARGUMENT;
      if (k != LS_NAME_NONE)
	return k;
    }
  return LS_NAME_NONE;
}

static void
add_place (ls_names *n, const struct ls_site *u)
{
  n->places = ls_grow_array (n->places, &n->places_alloc, n->n_places + 1,
			     sizeof *n->places, 4);
  n->places[n->n_places++] = (struct place) { u->file, u->function,
					      u->line };
}

/* Go over P's uses once (a walk over every use of a large program is
   mostly cache misses): the places of version_etc calls, and the
   credits among the uses in tables.  */
static void
find_credits_and_places (ls_names *n, const ls_program *p)
{
  struct table_use *uses = NULL;
  size_t count = 0, alloc = 0;
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      for (size_t k = 0; k < s->n_uses; k++)
	{
	  const struct ls_site *u = &s->uses[k];
	  if (is_version_etc (u->callee) && u->file)
	    add_place (n, u);
	  if (!u->variable && (!u->function || u->callee))
	    continue;
	  uses = ls_grow_array (uses, &alloc, count + 1, sizeof *uses, 64);
	  uses[count++] = (struct table_use) {
	    u->variable, u->variable ? NULL : u->file,
	    u->variable ? NULL : u->function, u->variable ? 0 : u->line, s };
	}
    }
  find_credits (n, uses, count);
  free (uses);
}

/* Is a use of S translated on the lines of a version_etc call, so that
   the translation is the call's argument (AUTHORS written as
   _("Jay Fenlason"), ...)?  */
static bool
translated_for_version_etc (const ls_names *n, const struct ls_string *s)
{
  for (size_t i = 0; i < s->n_uses; i++)
    {
      const struct ls_site *u = &s->uses[i];
      if (!u->file || !ls_site_user_visible (u))
	continue;
      for (size_t k = 0; k < n->n_places; k++)
	{
	  const struct place *pl = &n->places[k];
	  if (ls_compare_names (pl->file, u->file) == 0
	      && ls_compare_names (pl->function, u->function) == 0
	      && pl->line + call_line_gap >= u->line
	      && pl->line <= u->line + call_line_gap)
	    return true;
	}
    }
  return false;
}

/* ------------------------------------------------------------------ */
/* Names in prose: markers, e-mail addresses, initials.                */

static bool
token_is (const char *text, const struct token *t, const char *word)
{
  return equal_word (text + t->core, t->core_end - t->core, word);
}

/* Is TEXT[START, END), between a marker and a word, what comes before
   a name in a credit: other names, years, "(C)", commas, "and", "by"
   ("Copyright (C) 1998, 2023 by Jane Doe and", "Written by Jay
   Fenlason, Tom Lord,")?  An ordinary lowercase word means prose has
   resumed ("Copyright notice: see the Licnese").  */
static bool
only_credit_between (const char *text, size_t start, size_t end)
{
  struct tokens tk = { NULL, 0, 0 };
  tokenize (text, start, end, &tk);
  bool ok = true;
  for (size_t i = 0; i < tk.n && ok; i++)
    ok = tk.items[i].kind != TK_LOWER || token_is (text, &tk.items[i], "by");
  free (tk.items);
  return ok;
}

/* Does a marker of authorship start a stretch of the line
   TEXT[START, OFFSET) that holds nothing but a credit, with no
   sentence end?  */
static bool
after_marker (const char *text, size_t start, size_t offset)
{
  static const char *const markers[] = {
    "written by", "copyright", "(c)", "\xc2\xa9", "author", "authors",
    "maintainer", "maintainers", "maintained by", "contributors",
    "thanks to", NULL
  };
  /* The last sentence end before OFFSET: a '.', '!' or '?' followed by
     a blank, unless the '.' ends an initial ("Eric S. Raymond").  */
  size_t from = start;
  for (size_t i = start; i + 1 < offset; i++)
    if (strchr (".!?", text[i]) && ls_is_blank ((unsigned char) text[i + 1])
	&& !(text[i] == '.' && i > start
	     && is_ascii_upper ((unsigned char) text[i - 1])
	     && (i - 1 == start || !is_letter ((unsigned char) text[i - 2]))))
      from = i + 1;
  for (size_t i = from; i < offset; i++)
    for (size_t m = 0; markers[m]; m++)
      {
	size_t len = strlen (markers[m]);
	if (i + len <= offset && ascii_iequal (text + i, markers[m], len)
	    && (i == start || !is_letter ((unsigned char) text[i - 1])
		|| !is_letter ((unsigned char) markers[m][0]))
	    && (i + len == offset
		|| !is_letter ((unsigned char) text[i + len])
		|| !is_letter ((unsigned char) markers[m][len - 1]))
	    && only_credit_between (text, i + len, offset))
	  return true;
      }
  return false;
}

static bool
in_run (const struct token *t)
{
  return t->kind == TK_CAPWORD || t->kind == TK_INITIALS
	 || t->kind == TK_PARTICLE;
}

/* May tokens A and B, A right before B, be in one run?  */
static bool
joined (const struct token *a, const struct token *b)
{
  return in_run (a) && in_run (b) && !a->stop && !a->close && !b->open
	 && (!a->comma || b->kind == TK_INITIALS);
}

/* May initials open the run T[A, B] ("J. Smith", "A. B. Smith")?  Not
   when that reads as a sentence ending in a letter and the next one
   starting: a lowercase word before ("see option A. Then"), unless it
   introduces a name ("by J. Smith"), or a lowercase word right after a
   single initial and one Capword ("A. Thsi is").  */
static bool
initials_open_run (const char *text, const struct tokens *tk, size_t a,
		   size_t b)
{
  static const char *const introducers[] = {
    "by", "and", "to", "from", "with", "thanks", "cc", NULL
  };
  const struct token *t = tk->items;
  size_t k = a;
  while (k <= b && t[k].kind == TK_INITIALS)
    k++;
  if (k > b)
    return false;
  if (a > 0 && t[a - 1].kind == TK_LOWER && !t[a - 1].stop)
    {
      bool introduced = false;
      for (size_t i = 0; introducers[i]; i++)
	introduced |= token_is (text, &t[a - 1], introducers[i]);
      if (!introduced)
	return false;
    }
  bool open_end = b + 1 == tk->n || t[b].comma || t[b].stop || t[b].close
		  || t[b + 1].kind != TK_LOWER;
  return k - a >= 2 || open_end;
}

/* Does the run T[A, B] hold initials that make it a name: inside it
   ("Eric S. Raymond"), after a comma at its end ("Smith, J."), or
   opening it (initials_open_run)?  A single initial at the end ("Plan
   B.") does not.  */
static bool
run_has_initials (const char *text, const struct tokens *tk, size_t a,
		  size_t b)
{
  const struct token *t = tk->items;
  for (size_t i = a + 1; i <= b; i++)
    if (t[i].kind == TK_INITIALS && (i < b || t[i - 1].comma))
      return true;
  return t[a].kind == TK_INITIALS && initials_open_run (text, tk, a, b);
}

/* Is the Capword T of TK in a run beside an e-mail address or with
   initials?  */
static enum ls_name_kind
judge_run (const char *text, const struct tokens *tk, size_t t)
{
  const struct token *tok = tk->items;
  if (tok[t].kind != TK_CAPWORD)
    return LS_NAME_NONE;
  size_t a = t, b = t;
  while (a > 0 && joined (&tok[a - 1], &tok[a]))
    a--;
  while (b + 1 < tk->n && joined (&tok[b], &tok[b + 1]))
    b++;
  while (tok[a].kind == TK_PARTICLE)
    a++;
  while (tok[b].kind == TK_PARTICLE)
    b--;
  if ((b + 1 < tk->n && tok[b + 1].kind == TK_EMAIL && !tok[b].stop)
      || (a > 0 && tok[a - 1].kind == TK_EMAIL && !tok[a - 1].stop))
    return LS_NAME_EMAIL;
  if (a < b && run_has_initials (text, tk, a, b))
    return LS_NAME_INITIALS;
  return LS_NAME_NONE;
}

/* The index of the token of TK holding OFFSET, or TK->n.  */
static size_t
token_at (const struct tokens *tk, size_t offset)
{
  for (size_t i = 0; i < tk->n; i++)
    if (tk->items[i].start <= offset && offset < tk->items[i].end)
      return i;
  return tk->n;
}

/* Is the capitalised word at OFFSET of S a name in prose?  */
static enum ls_name_kind
judge_prose (const struct ls_string *s, size_t offset)
{
  size_t start, end;
  line_bounds (s->text, s->text_len, offset, &start, &end);
  if (after_marker (s->text, start, offset))
    return LS_NAME_MARKER;
  struct tokens tk = { NULL, 0, 0 };
  tokenize (s->text, start, end, &tk);
  size_t t = token_at (&tk, offset);
  enum ls_name_kind kind = t < tk.n ? judge_run (s->text, &tk, t)
				    : LS_NAME_NONE;
  free (tk.items);
  return kind;
}

/* ------------------------------------------------------------------ */

ls_names *
ls_names_new (const ls_program *p, ls_word_known_fn known, void *data)
{
  ls_names *n = ls_xcalloc (1, sizeof *n);
  n->known = known;
  n->data = data;
  find_credits_and_places (n, p);
  return n;
}

enum ls_name_kind
ls_names_judge (const ls_names *n, const struct ls_string *s, size_t offset)
{
  enum ls_name_kind kind = called_with (s);
  if (kind != LS_NAME_NONE || offset >= s->text_len
      || !capital_at (s->text, offset, s->text_len))
    return kind;
  if (is_credits_entry (n, s))
    return LS_NAME_CREDITS;
  if (n->n_places > 0 && translated_for_version_etc (n, s))
    {
      struct tokens tk = { NULL, 0, 0 };
      bool shaped = name_shaped (s, &tk);
      free (tk.items);
      if (shaped)
	return LS_NAME_ARGUMENT;
    }
  return judge_prose (s, offset);
}

void
ls_names_record (ls_findings *out, const char *word, size_t len,
		 const struct ls_string *s, size_t offset,
		 enum ls_name_kind kind)
{
  /* A linear search: a program has tens of names, a long credits list
     a few hundred.  */
  for (size_t i = 0; i < out->n_names; i++)
    if (equal_word (word, len, out->names[i].word))
      return;
  out->names = ls_grow_array (out->names, &out->names_alloc,
			      out->n_names + 1, sizeof *out->names, 16);
  out->names[out->n_names++] = (struct ls_name) {
    .word = ls_xstrndup (word, len), .offset = offset, .str = s,
    .kind = kind };
}

const char *
ls_name_kind_name (enum ls_name_kind kind)
{
  switch (kind)
    {
    case LS_NAME_ARGUMENT:
      return "argument";
    case LS_NAME_PACKAGE:
      return "package";
    case LS_NAME_CREDITS:
      return "credits";
    case LS_NAME_MARKER:
      return "marker";
    case LS_NAME_EMAIL:
      return "email";
    case LS_NAME_INITIALS:
      return "initials";
    case LS_NAME_PROPER_NOUN:
      return "proper-noun";
    default:
      return "none";
    }
}

void
ls_names_free (ls_names *n)
{
  if (!n)
    return;
  free (n->credits);
  free (n->places);
  free (n);
}
