/* test_strtab.c: unit tests for the string table (strtab.c).

   The table is fed the way the IPA pass feeds it: raw bytes of string
   constants with an element size and byte order, and a site for each
   use.  The checks look at what the rest of ltospell relies on: one
   entry per distinct (bytes, element size), every name copied so the
   caller may reuse its buffers, a deterministic order after
   ls_program_finish whatever the arrival order, and the program's own
   names as a set of exact spans.  */

#include "strtab.h"
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>


/* A site at FILE:LINE:COL in FUNCTION, everything else empty.  */
static struct ls_site
site_at (const char *file, unsigned line, unsigned col, const char *function)
{
  struct ls_site s;
  memset (&s, 0, sizeof s);
  s.file = file;
  s.line = line;
  s.column = col;
  s.unit = file;
  s.function = function;
  return s;
}

/* Add the C string TEXT (with its terminating NUL, as in an object).  */
static void
add_cstr (ls_program *p, const char *text, const struct ls_site *site)
{
  ls_program_add_use (p, text, strlen (text) + 1, 1, false, site);
}

static const struct ls_string *
string_at (const ls_program *p, size_t i)
{
  return ls_program_string (p, i);
}

/* ------------------------------------------------------------------ */

static void
test_empty (void)
{
  ls_program *p = ls_program_new ();
  UNIT_CHECK ("empty: no strings", ls_program_n_strings (p) == 0);
  UNIT_CHECK ("empty: no uses", ls_program_n_uses (p) == 0);
  UNIT_CHECK ("empty: index 0 is NULL", ls_program_string (p, 0) == NULL);
  ls_program_finish (p);
  UNIT_CHECK ("empty: still no strings after finish",
	      ls_program_n_strings (p) == 0);
  ls_program_free (p);
  ls_program_free (NULL);
  UNIT_CHECK ("free (NULL) is a no-op", 1);
}

static void
test_same_string_one_entry (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site a = site_at ("a.c", 3, 9, "main");
  struct ls_site b = site_at ("b.c", 7, 2, "helper");
  add_cstr (p, "hello world", &a);
  add_cstr (p, "hello world", &b);
  add_cstr (p, "other", &a);
  UNIT_CHECK ("same bytes: two distinct strings", ls_program_n_strings (p) == 2);
  UNIT_CHECK ("same bytes: three uses counted", ls_program_n_uses (p) == 3);
  ls_program_finish (p);
  const struct ls_string *s = string_at (p, 0);
  UNIT_STREQ ("first string is the one used first (a.c:3:9)", s->text,
	      "hello world");
  UNIT_CHECK ("hello world: two uses", s->n_uses == 2);
  UNIT_CHECK ("hello world: text_len drops the NUL", s->text_len == 11);
  UNIT_CHECK ("hello world: nbytes keeps the NUL", s->nbytes == 12);
  UNIT_CHECK ("hello world: elem_size 1", s->elem_size == 1);
  UNIT_CHECK ("hello world: raw bytes kept",
	      memcmp (s->bytes, "hello world", 12) == 0);
  UNIT_STREQ ("hello world: use 0 file", s->uses[0].file, "a.c");
  UNIT_STREQ ("hello world: use 1 file", s->uses[1].file, "b.c");
  UNIT_STREQ ("hello world: use 1 function", s->uses[1].function, "helper");
  UNIT_CHECK ("hello world: use 1 line/col",
	      s->uses[1].line == 7 && s->uses[1].column == 2);
  UNIT_STREQ ("second string", string_at (p, 1)->text, "other");
  UNIT_CHECK ("index past the end is NULL", ls_program_string (p, 2) == NULL);
  ls_program_free (p);
}

/* The caller's buffers are copied: changing them afterwards changes
   nothing, and equal names share one interned copy.  */
static void
test_interning (void)
{
  ls_program *p = ls_program_new ();
  char file[32], func[32], unit[32], var[32], inl[32], call[32], bytes[16];
  strcpy (file, "src/x.c");
  strcpy (func, "do_thing");
  strcpy (unit, "src/x.c");
  strcpy (var, "messages");
  strcpy (inl, "inner");
  strcpy (call, "src/y.c");
  strcpy (bytes, "copied");
  struct ls_site s = site_at (file, 1, 1, func);
  s.unit = unit;
  s.variable = var;
  s.inlined_from = inl;
  s.call_file = call;
  s.call_line = 44;
  s.loc = 1234;
  s.named_array = true;
  s.dead = true;
  ls_program_add_use (p, bytes, strlen (bytes) + 1, 1, false, &s);
  struct ls_site s2 = site_at (file, 2, 1, func);
  ls_program_add_use (p, bytes, strlen (bytes) + 1, 1, false, &s2);
  memset (file, 'X', sizeof file - 1);
  memset (func, 'X', sizeof func - 1);
  memset (unit, 'X', sizeof unit - 1);
  memset (var, 'X', sizeof var - 1);
  memset (inl, 'X', sizeof inl - 1);
  memset (call, 'X', sizeof call - 1);
  memset (bytes, 'X', sizeof bytes - 1);
  ls_program_finish (p);
  const struct ls_string *str = string_at (p, 0);
  const struct ls_site *u = &str->uses[0];
  UNIT_STREQ ("intern: bytes copied", (const char *) str->bytes, "copied");
  UNIT_STREQ ("intern: text decoded from the copy", str->text, "copied");
  UNIT_STREQ ("intern: file copied", u->file, "src/x.c");
  UNIT_STREQ ("intern: function copied", u->function, "do_thing");
  UNIT_STREQ ("intern: unit copied", u->unit, "src/x.c");
  UNIT_STREQ ("intern: variable copied", u->variable, "messages");
  UNIT_STREQ ("intern: inlined_from copied", u->inlined_from, "inner");
  UNIT_STREQ ("intern: call_file copied", u->call_file, "src/y.c");
  UNIT_CHECK ("intern: scalars copied",
	      u->call_line == 44 && u->loc == 1234 && u->named_array
	      && u->dead);
  UNIT_CHECK ("intern: file and unit with equal text share one copy",
	      u->file == u->unit);
  UNIT_CHECK ("intern: the same file in two uses shares one copy",
	      str->uses[0].file == str->uses[1].file);
  UNIT_CHECK ("intern: NULL names stay NULL",
	      str->uses[1].variable == NULL && str->uses[1].inlined_from == NULL
	      && str->uses[1].call_file == NULL);
  ls_program_free (p);
}

/* A caller's copy of a name that is reused for another name (a
   summary's pool freed, another read at the same address) gives the
   other name, not the one interned from that place before.  */
static void
test_interning_reused_copy (void)
{
  ls_program *p = ls_program_new ();
  char func[32], file[32];
  strcpy (file, "a.c");
  strcpy (func, "alpha");
  struct ls_site s = site_at (file, 1, 1, func);
  add_cstr (p, "one", &s);
  strcpy (func, "bravo");
  strcpy (file, "b.c");
  s.line = 2;
  add_cstr (p, "one", &s);
  strcpy (func, "alpha");
  s.line = 3;
  add_cstr (p, "one", &s);
  ls_program_finish (p);
  const struct ls_string *str = string_at (p, 0);
  UNIT_CHECK ("intern: a reused copy gives each use its own name",
	      str->n_uses == 3 && strcmp (str->uses[0].function, "alpha") == 0
	      && strcmp (str->uses[0].file, "a.c") == 0
	      && strcmp (str->uses[1].function, "bravo") == 0
	      && strcmp (str->uses[1].file, "b.c") == 0
	      && strcmp (str->uses[2].function, "alpha") == 0
	      && strcmp (str->uses[2].file, "b.c") == 0);
  UNIT_CHECK ("intern: the same name from a reused copy shares one copy",
	      str->uses[0].function == str->uses[2].function);
  ls_program_free (p);
}

/* Uses are sorted by what a user sees (file, line, column, unit,
   function...) and exact repeats collapse; the opaque location plays
   no part.  */
static void
test_uses_sorted_and_deduplicated (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site sites[] = {
    site_at ("b.c", 1, 1, "f"),
    site_at ("a.c", 10, 5, "g"),
    site_at ("a.c", 2, 7, "f"),
    site_at ("a.c", 10, 3, "g"),
    site_at ("a.c", 2, 7, "f"),		/* Repeat of [2].  */
    site_at ("a.c", 10, 5, "f"),	/* Same place, another function.  */
    site_at ("a.c", 10, 5, NULL),	/* Same place, no function.  */
  };
  sites[4].loc = 99;			/* Differs only by the location.  */
  for (size_t i = 0; i < sizeof sites / sizeof *sites; i++)
    add_cstr (p, "text", &sites[i]);
  ls_program_finish (p);
  const struct ls_string *s = string_at (p, 0);
  UNIT_CHECK ("uses: n_uses counts every call", ls_program_n_uses (p) == 7);
  UNIT_CHECK ("uses: one repeat collapsed", s->n_uses == 6);
  static const struct
  {
    const char *file;
    unsigned line, col;
    const char *fn;
  } want[] = {
    { "a.c", 2, 7, "f" },  { "a.c", 10, 3, "g" }, { "a.c", 10, 5, NULL },
    { "a.c", 10, 5, "f" }, { "a.c", 10, 5, "g" }, { "b.c", 1, 1, "f" },
  };
  bool ok = s->n_uses == 6;
  for (size_t i = 0; ok && i < 6; i++)
    ok = strcmp (s->uses[i].file, want[i].file) == 0
	 && s->uses[i].line == want[i].line
	 && s->uses[i].column == want[i].col
	 && (want[i].fn ? s->uses[i].function
			   && strcmp (s->uses[i].function, want[i].fn) == 0
			: s->uses[i].function == NULL);
  UNIT_CHECK ("uses: sorted by file, line, column, then function (NULL "
	      "first)", ok);
  ls_program_free (p);
}

static void
test_unknown_file_sorts_first (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site known = site_at ("a.c", 1, 1, "f");
  struct ls_site unknown = site_at (NULL, 0, 0, NULL);
  add_cstr (p, "x", &known);
  add_cstr (p, "x", &unknown);
  ls_program_finish (p);
  const struct ls_string *s = string_at (p, 0);
  UNIT_CHECK ("unknown file: both uses kept", s->n_uses == 2);
  UNIT_CHECK ("unknown file: the NULL file sorts first",
	      s->uses[0].file == NULL && s->uses[1].file != NULL);
  ls_program_free (p);
}

/* Referrers are copied, sorted and deduplicated; two sites that differ
   only in their referrers stay two uses.  */
static void
test_referrers (void)
{
  ls_program *p = ls_program_new ();
  char zeta[8] = "zeta";
  const char *refs[] = { zeta, "alpha", "zeta", "mid", "alpha" };
  struct ls_site s = site_at ("t.c", 5, 1, NULL);
  s.variable = "table";
  s.referrers = refs;
  s.n_referrers = 5;
  add_cstr (p, "entry", &s);
  const char *one[] = { "alpha" };
  struct ls_site s2 = s;
  s2.referrers = one;
  s2.n_referrers = 1;
  add_cstr (p, "entry", &s2);
  const char *same[] = { "mid", "zeta", "alpha" };
  struct ls_site s3 = s;
  s3.referrers = same;
  s3.n_referrers = 3;
  add_cstr (p, "entry", &s3);		/* Same set as S once normalized.  */
  refs[1] = "CHANGED";
  strcpy (zeta, "ZZZZ");
  ls_program_finish (p);
  const struct ls_string *str = string_at (p, 0);
  UNIT_CHECK ("referrers: equal sets collapse, different sets stay",
	      str->n_uses == 2);
  const struct ls_site *u1 = &str->uses[0], *u3 = &str->uses[1];
  UNIT_CHECK ("referrers: fewer referrers sort first",
	      u1->n_referrers == 1 && u3->n_referrers == 3);
  UNIT_STREQ ("referrers: single", u1->referrers[0], "alpha");
  UNIT_STREQ ("referrers: sorted [0]", u3->referrers[0], "alpha");
  UNIT_STREQ ("referrers: sorted [1]", u3->referrers[1], "mid");
  UNIT_STREQ ("referrers: sorted [2] (copied before the caller changed it)",
	      u3->referrers[2], "zeta");
  UNIT_CHECK ("referrers: the caller's array is not the stored one",
	      u3->referrers != refs && u3->referrers != same);
  UNIT_CHECK ("referrers: interned like other names",
	      u1->referrers[0] == u3->referrers[0]);
  ls_program_free (p);
}

/* Strings are ordered by their first use, then by element size and
   content, whatever order they arrived in.  */
static void
test_string_order (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site late = site_at ("z.c", 1, 1, "f");
  struct ls_site mid = site_at ("m.c", 50, 1, "f");
  struct ls_site early = site_at ("a.c", 9, 1, "f");
  struct ls_site same = site_at ("a.c", 20, 4, "f");
  add_cstr (p, "late", &late);
  add_cstr (p, "middle", &mid);
  add_cstr (p, "shared-b", &same);
  add_cstr (p, "shared-a", &same);
  add_cstr (p, "shared", &same);
  add_cstr (p, "middle", &early);	/* Moves "middle" to the front.  */
  ls_program_finish (p);
  static const char *const want[]
    = { "middle", "shared", "shared-a", "shared-b", "late" };
  UNIT_CHECK ("order: five strings", ls_program_n_strings (p) == 5);
  for (size_t i = 0; i < 5; i++)
    {
      char name[64];
      snprintf (name, sizeof name, "order: string %zu is '%s'", i, want[i]);
      UNIT_STREQ (name, string_at (p, i)->text, want[i]);
    }
  UNIT_STREQ ("order: a string's first use is its earliest",
	      string_at (p, 0)->uses[0].file, "a.c");
  ls_program_free (p);
}

/* The program's order as compare_strings has it, for sites whose
   fields other than these are unset.  */
static int
reference_site_order (const struct ls_site *a, const struct ls_site *b)
{
  const char *fa = a->file, *fb = b->file;
  int c = !fa || !fb ? (fa != NULL) - (fb != NULL) : strcmp (fa, fb);
  if (c)
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->column != b->column)
    return a->column < b->column ? -1 : 1;
  if ((c = strcmp (a->unit ? a->unit : "", b->unit ? b->unit : "")))
    return c;
  return strcmp (a->function, b->function);
}

static int
reference_string_order (const struct ls_string *a, const struct ls_string *b)
{
  int c = reference_site_order (&a->uses[0], &b->uses[0]);
  if (c)
    return c;
  if (a->elem_size != b->elem_size)
    return a->elem_size < b->elem_size ? -1 : 1;
  size_t n = a->nbytes < b->nbytes ? a->nbytes : b->nbytes;
  if ((c = memcmp (a->bytes, b->bytes, n)))
    return c;
  return (a->nbytes > b->nbytes) - (a->nbytes < b->nbytes);
}

/* Random programs: files named in an order unlike the order their
   names were first seen in, the unknown file, lines and columns past
   what a packed key holds, ties of file, line and column that the
   unit, the function or the content decide, a string used twice.  */
static void
test_string_order_random (void)
{
  static const char *const files[] = { "z.c", "b.c", "lib/a.c", "a.c",
				       "m.c", "b.cc", "a.c.in", NULL };
  static const char *const functions[] = { "main", "f", "g" };
  static const unsigned lines[] = { 1, 2, 70, 16777214, 16777215,
				    16777216, 4000000000u };
  static const unsigned columns[] = { 0, 3, 65534, 65535, 65536, 100000 };
  srand (29);
  int wrong = 0;
  for (int round = 0; round < 40; round++)
    {
      ls_program *p = ls_program_new ();
      for (int i = 0; i < 400; i++)
	{
	  struct ls_site site = site_at (files[rand () % 8],
					 lines[rand () % 7],
					 columns[rand () % 6],
					 functions[rand () % 3]);
	  site.unit = rand () % 2 ? "u1" : "u2";
	  char text[16];
	  snprintf (text, sizeof text, "s%d", rand () % 300);
	  add_cstr (p, text, &site);
	}
      ls_program_finish (p);
      for (size_t i = 0; i + 1 < ls_program_n_strings (p); i++)
	wrong += reference_string_order (string_at (p, i),
					 string_at (p, i + 1)) >= 0;
      ls_program_free (p);
    }
  UNIT_CHECK ("order: random programs, every neighbour in order",
	      wrong == 0);
}

/* The same bytes as 1-byte and as 2-byte elements are two strings (a
   narrow "a\0b" and a wide L"ab" share their bytes on a 16-bit
   wchar_t); at the same site the narrower sorts first.  */
static void
test_elem_size_distinguishes (void)
{
  ls_program *p = ls_program_new ();
  static const unsigned char bytes[] = { 'a', 0, 'b', 0 };
  struct ls_site s = site_at ("w.c", 3, 3, "f");
  ls_program_add_use (p, bytes, 4, 2, false, &s);
  ls_program_add_use (p, bytes, 4, 1, false, &s);
  ls_program_add_use (p, bytes, 4, 2, false, &s);
  UNIT_CHECK ("elem size: two strings", ls_program_n_strings (p) == 2);
  ls_program_finish (p);
  const struct ls_string *narrow = string_at (p, 0), *wide = string_at (p, 1);
  UNIT_CHECK ("elem size: 1-byte first", narrow->elem_size == 1);
  UNIT_CHECK ("elem size: 2-byte second", wide->elem_size == 2);
  UNIT_CHECK ("elem size: narrow keeps the embedded NUL",
	      narrow->text_len == 3
	      && memcmp (narrow->text, "a\0b", 4) == 0);
  UNIT_STREQ ("elem size: wide decodes to \"ab\"", wide->text, "ab");
  UNIT_CHECK ("elem size: wide text_len 2", wide->text_len == 2);
  UNIT_CHECK ("elem size: wide had two identical uses, now one",
	      wide->n_uses == 1);
  UNIT_CHECK ("elem size: each keeps all four raw bytes",
	      narrow->nbytes == 4 && wide->nbytes == 4);
  ls_program_free (p);
}

/* Wide strings reach the decoder with their element size and byte
   order.  */
static void
test_decoding_through_add_use (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site s1 = site_at ("d.c", 1, 1, "f");
  struct ls_site s2 = site_at ("d.c", 2, 1, "f");
  struct ls_site s3 = site_at ("d.c", 3, 1, "f");
  struct ls_site s4 = site_at ("d.c", 4, 1, "f");
  struct ls_site s5 = site_at ("d.c", 5, 1, "f");
  /* u"hé" little-endian, with its NUL.  */
  static const unsigned char u16le[] = { 'h', 0, 0xe9, 0, 0, 0 };
  /* u"hé" big-endian.  */
  static const unsigned char u16be[] = { 0, 'h', 0, 0xe9, 0, 0 };
  /* U"\U0001F600!" little-endian.  */
  static const unsigned char u32le[]
    = { 0x00, 0xf6, 0x01, 0x00, '!', 0, 0, 0, 0, 0, 0, 0 };
  /* u"\U0001F600" as a surrogate pair, big-endian.  */
  static const unsigned char u16pair[] = { 0xd8, 0x3d, 0xde, 0x00, 0, 0 };
  /* U"ok" big-endian.  */
  static const unsigned char u32be[] = { 0, 0, 0, 'o', 0, 0, 0, 'k' };
  ls_program_add_use (p, u16le, sizeof u16le, 2, false, &s1);
  ls_program_add_use (p, u16be, sizeof u16be, 2, true, &s2);
  ls_program_add_use (p, u32le, sizeof u32le, 4, false, &s3);
  ls_program_add_use (p, u16pair, sizeof u16pair, 2, true, &s4);
  ls_program_add_use (p, u32be, sizeof u32be, 4, true, &s5);
  ls_program_finish (p);
  UNIT_CHECK ("decode: five strings", ls_program_n_strings (p) == 5);
  UNIT_STREQ ("decode: UTF-16LE", string_at (p, 0)->text, "h\xc3\xa9");
  UNIT_CHECK ("decode: UTF-16LE length in UTF-8 bytes",
	      string_at (p, 0)->text_len == 3);
  UNIT_STREQ ("decode: UTF-16BE", string_at (p, 1)->text, "h\xc3\xa9");
  UNIT_STREQ ("decode: UTF-32LE astral", string_at (p, 2)->text,
	      "\xf0\x9f\x98\x80!");
  UNIT_CHECK ("decode: UTF-32LE length", string_at (p, 2)->text_len == 5);
  UNIT_STREQ ("decode: UTF-16BE surrogate pair", string_at (p, 3)->text,
	      "\xf0\x9f\x98\x80");
  UNIT_STREQ ("decode: UTF-32BE without a NUL", string_at (p, 4)->text, "ok");
  ls_program_free (p);
}

static void
test_zero_length_string (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site s = site_at ("e.c", 1, 1, "f");
  ls_program_add_use (p, "", 0, 1, false, &s);
  ls_program_add_use (p, "", 1, 1, false, &s);
  ls_program_finish (p);
  UNIT_CHECK ("empty bytes and a lone NUL are two strings",
	      ls_program_n_strings (p) == 2);
  UNIT_CHECK ("zero bytes sorts before one NUL",
	      string_at (p, 0)->nbytes == 0 && string_at (p, 1)->nbytes == 1);
  UNIT_CHECK ("both decode to the empty text",
	      string_at (p, 0)->text_len == 0 && string_at (p, 0)->text[0] == 0
	      && string_at (p, 1)->text_len == 0);
  ls_program_free (p);
}

/* Feeding the same uses in opposite orders gives the same result.  */
static void
fill_program (ls_program *p, bool reverse)
{
  enum { N = 60 };
  for (int k = 0; k < N; k++)
    {
      int i = reverse ? N - 1 - k : k;
      char text[32], file[16], fn[16];
      snprintf (text, sizeof text, "message %d", i % 17);
      snprintf (file, sizeof file, "u%d.c", i % 5);
      snprintf (fn, sizeof fn, "fn%d", i % 7);
      struct ls_site s = site_at (file, (unsigned) (i % 11), 1, fn);
      add_cstr (p, text, &s);
    }
}

static bool
same_programs (const ls_program *a, const ls_program *b)
{
  if (ls_program_n_strings (a) != ls_program_n_strings (b))
    return false;
  for (size_t i = 0; i < ls_program_n_strings (a); i++)
    {
      const struct ls_string *x = string_at (a, i), *y = string_at (b, i);
      if (strcmp (x->text, y->text) != 0 || x->n_uses != y->n_uses)
	return false;
      for (size_t j = 0; j < x->n_uses; j++)
	if (strcmp (x->uses[j].file, y->uses[j].file) != 0
	    || x->uses[j].line != y->uses[j].line
	    || strcmp (x->uses[j].function, y->uses[j].function) != 0)
	  return false;
    }
  return true;
}

static void
test_order_independent (void)
{
  ls_program *a = ls_program_new (), *b = ls_program_new ();
  fill_program (a, false);
  fill_program (b, true);
  ls_program_finish (a);
  ls_program_finish (b);
  UNIT_CHECK ("determinism: 17 distinct strings",
	      ls_program_n_strings (a) == 17);
  UNIT_CHECK ("determinism: same strings, uses and order either way",
	      same_programs (a, b));
  ls_program_free (a);
  ls_program_free (b);
}

/* Thousands of strings and names: the hash sets grow (they start with
   1024 slots) and every lookup still finds its entry.  */
static void
test_many_strings (void)
{
  enum { N = 5000 };
  ls_program *p = ls_program_new ();
  char text[32], file[16];
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < N; i++)
      {
	snprintf (text, sizeof text, "string number %d", i);
	snprintf (file, sizeof file, "f%d.c", round);
	struct ls_site s = site_at (file, (unsigned) i + 1, 1, "f");
	add_cstr (p, text, &s);
      }
  UNIT_CHECK ("many: 5000 distinct strings after 10000 uses",
	      ls_program_n_strings (p) == N);
  UNIT_CHECK ("many: 10000 uses counted", ls_program_n_uses (p) == 2 * N);
  ls_program_finish (p);
  bool ok = true;
  for (int i = 0; ok && i < N; i++)
    {
      const struct ls_string *s = string_at (p, (size_t) i);
      snprintf (text, sizeof text, "string number %d", i);
      ok = strcmp (s->text, text) == 0 && s->n_uses == 2
	   && strcmp (s->uses[0].file, "f0.c") == 0
	   && strcmp (s->uses[1].file, "f1.c") == 0
	   && s->uses[0].line == (unsigned) i + 1;
    }
  UNIT_CHECK ("many: every string found again, two uses, ordered by line",
	      ok);

  for (int i = 0; i < 3000; i++)
    {
      snprintf (text, sizeof text, "name_%d", i);
      ls_program_add_name (p, text);
    }
  ok = true;
  for (int i = 0; ok && i < 3000; i++)
    {
      snprintf (text, sizeof text, "name_%d", i);
      ok = ls_program_has_name (p, text, strlen (text));
    }
  UNIT_CHECK ("many: 3000 program names all found", ok);
  UNIT_CHECK ("many: a name never added is not found",
	      !ls_program_has_name (p, "name_3000", 9));

  /* Names are packed in blocks of 64 KiB: names longer than a block,
     between 3000 names that fill several, are kept whole, and so are
     the names around them.  */
  size_t long_len = 70000;
  char *long_name = malloc (long_len + 1);
  memset (long_name, 'q', long_len);
  long_name[long_len] = '\0';
  for (int i = 0; i < 3000; i++)
    {
      snprintf (text, sizeof text, "%s_%d", i % 2 ? "second" : "other", i);
      ls_program_add_name (p, text);
      if (i == 1500)
	ls_program_add_name (p, long_name);
    }
  long_name[long_len - 1] = 'r';
  ls_program_add_name (p, long_name);
  ok = ls_program_has_name (p, long_name, long_len);
  long_name[long_len - 1] = 'q';
  ok = ok && ls_program_has_name (p, long_name, long_len)
       && !ls_program_has_name (p, long_name, long_len - 1);
  for (int i = 0; ok && i < 3000; i++)
    {
      snprintf (text, sizeof text, "%s_%d", i % 2 ? "second" : "other", i);
      ok = ls_program_has_name (p, text, strlen (text));
      snprintf (text, sizeof text, "name_%d", i);
      ok = ok && ls_program_has_name (p, text, strlen (text));
    }
  UNIT_CHECK ("many: names longer than a block kept, and those around them",
	      ok);
  free (long_name);
  ls_program_free (p);
}

static void
test_program_names (void)
{
  ls_program *p = ls_program_new ();
  struct ls_site s = site_at ("n.c", 1, 1, "interned_only");
  add_cstr (p, "text", &s);
  ls_program_add_name (p, "frobnicate");
  ls_program_add_name (p, "frobnicate");
  ls_program_add_name (p, "");
  ls_program_add_name (p, NULL);
  char buf[16] = "verbose";
  ls_program_add_name (p, buf);
  strcpy (buf, "changed");
  UNIT_CHECK ("names: exact name found",
	      ls_program_has_name (p, "frobnicate", 10));
  UNIT_CHECK ("names: a span of a longer text is matched by its length",
	      ls_program_has_name (p, "frobnicated", 10));
  UNIT_CHECK ("names: a prefix is not the name",
	      !ls_program_has_name (p, "frob", 4));
  UNIT_CHECK ("names: a longer word is not the name",
	      !ls_program_has_name (p, "frobnicated", 11));
  UNIT_CHECK ("names: case matters",
	      !ls_program_has_name (p, "Frobnicate", 10));
  UNIT_CHECK ("names: copied when added", ls_program_has_name (p, "verbose", 7));
  UNIT_CHECK ("names: the caller's later text is not a name",
	      !ls_program_has_name (p, "changed", 7));
  UNIT_CHECK ("names: the empty name is never one",
	      !ls_program_has_name (p, "", 0));
  UNIT_CHECK ("names: a site's function name is not a program name",
	      !ls_program_has_name (p, "interned_only", 13));
  UNIT_CHECK ("names: a file name is not a program name",
	      !ls_program_has_name (p, "n.c", 3));
  ls_program_add_name (p, "interned_only");
  UNIT_CHECK ("names: an interned name can become a program name",
	      ls_program_has_name (p, "interned_only", 13));
  ls_program_finish (p);
  UNIT_CHECK ("names: still answered after finish",
	      ls_program_has_name (p, "frobnicate", 10));
  ls_program_free (p);
}

/* Record the two uses A and B in the order given by B_FIRST and return
   the finished program's one string.  */
static ls_program *
two_uses (const struct ls_site *a, const struct ls_site *b, bool b_first)
{
  ls_program *p = ls_program_new ();
  add_cstr (p, "x", b_first ? b : a);
  add_cstr (p, "x", b_first ? a : b);
  ls_program_finish (p);
  return p;
}

static bool
same_uses (const struct ls_string *x, const struct ls_string *y)
{
  if (x->n_uses != y->n_uses)
    return false;
  for (size_t i = 0; i < x->n_uses; i++)
    {
      const struct ls_site *u = &x->uses[i], *v = &y->uses[i];
      if (u->dead != v->dead || u->format != v->format
	  || u->arg_index != v->arg_index || u->named_array != v->named_array
	  || (u->callee == NULL) != (v->callee == NULL)
	  || (u->callee && strcmp (u->callee, v->callee) != 0))
	return false;
    }
  return true;
}

static void
test_site_fields_copied_and_ordered (void)
{
  ls_program *p = ls_program_new ();
  char callee[16] = "printf";
  struct ls_site s = site_at ("c.c", 1, 1, "f");
  s.callee = callee;
  s.arg_index = 1;
  s.format = LS_FORMAT_PRINTF;
  add_cstr (p, "x", &s);
  strcpy (callee, "XXXX");
  ls_program_finish (p);
  UNIT_STREQ ("callee: copied like every other name",
	      string_at (p, 0)->uses[0].callee, "printf");
  ls_program_free (p);

  /* One macro expansion can pass the same literal to two callees at
     the same location, and one use can be live and another dead.  */
  struct ls_site live = site_at ("m.c", 4, 2, "f");
  struct ls_site dead = live;
  dead.dead = true;
  struct ls_site to_printf = live;
  to_printf.callee = "printf";
  to_printf.arg_index = 1;
  to_printf.format = LS_FORMAT_PRINTF;
  struct ls_site to_puts = live;
  to_puts.callee = "puts";
  to_puts.arg_index = 1;
  ls_program *a = two_uses (&live, &dead, false);
  ls_program *b = two_uses (&live, &dead, true);
  UNIT_CHECK ("dedup: a live and a dead use give the same result in "
	      "either order", same_uses (string_at (a, 0), string_at (b, 0)));
  UNIT_CHECK ("dedup: the live use is kept",
	      string_at (a, 0)->n_uses >= 1 && !string_at (a, 0)->uses[0].dead);
  ls_program_free (a);
  ls_program_free (b);
  a = two_uses (&to_printf, &to_puts, false);
  b = two_uses (&to_printf, &to_puts, true);
  UNIT_CHECK ("dedup: two callees at one place give the same result in "
	      "either order", same_uses (string_at (a, 0), string_at (b, 0)));
  ls_program_free (a);
  ls_program_free (b);
}

/* The words of the program's names: pieces, case forms, the -o name.  */
static void
test_program_vocabulary (void)
{
  ls_program *p = ls_program_new ();
  ls_program_add_name (p, "lines_per_screenful");
  ls_program_add_name (p, "openCutBuffer");
  ls_program_add_name (p, "HTTPServerConfig");
  ls_program_add_name (p, "cutbuffer");
  ls_program_add_name (p, "__readlink_chk");
  ls_program_add_output_name (p, "src/nano.wpa");
  ls_program_add_output_name (p, "build/zorblex.lto.o");
  ls_program_add_output_name (p, NULL);
#define KNOWS(w) ls_program_knows_word (p, w, strlen (w))
  UNIT_CHECK ("vocab: snake_case piece", KNOWS ("screenful"));
  UNIT_CHECK ("vocab: snake_case piece, Capitalized", KNOWS ("Screenful"));
  UNIT_CHECK ("vocab: camelCase piece", KNOWS ("buffer"));
  UNIT_CHECK ("vocab: acronym then word", KNOWS ("server") && KNOWS ("Config"));
  UNIT_CHECK ("vocab: acronym piece", KNOWS ("HTTP") && KNOWS ("http"));
  UNIT_CHECK ("vocab: pieces under four letters are not words",
	      !KNOWS ("per") && !KNOWS ("cut") && !KNOWS ("chk"));
  UNIT_CHECK ("vocab: a whole name in Capitalized and ALL CAPS form",
	      KNOWS ("Cutbuffer") && KNOWS ("CUTBUFFER"));
  UNIT_CHECK ("vocab: mixed case is no form of a name",
	      !KNOWS ("cutBuffeR") && !KNOWS ("ScreenFul"));
  UNIT_CHECK ("vocab: a name as written", KNOWS ("openCutBuffer"));
  UNIT_CHECK ("vocab: a camelCase name whole, in plain case",
	      KNOWS ("opencutbuffer") && KNOWS ("OPENCUTBUFFER"));
  UNIT_CHECK ("vocab: the piece of an object name", KNOWS ("readlink"));
  UNIT_CHECK ("vocab: the program's name from the WPA dump base",
	      KNOWS ("nano") && KNOWS ("Nano") && !KNOWS ("wpa"));
  UNIT_CHECK ("vocab: the program's name from partition=none's",
	      KNOWS ("Zorblex"));
  UNIT_CHECK ("vocab: no piece of a longer word", !KNOWS ("screen")
	      && !KNOWS ("screenfuls"));
#undef KNOWS
  ls_program_free (p);
}

int
main (void)
{
  test_empty ();
  test_same_string_one_entry ();
  test_interning ();
  test_interning_reused_copy ();
  test_uses_sorted_and_deduplicated ();
  test_unknown_file_sorts_first ();
  test_referrers ();
  test_string_order ();
  test_string_order_random ();
  test_elem_size_distinguishes ();
  test_decoding_through_add_use ();
  test_zero_length_string ();
  test_order_independent ();
  test_many_strings ();
  test_program_names ();
  test_program_vocabulary ();
  test_site_fields_copied_and_ordered ();
  return unit_done ("test_strtab");
}
