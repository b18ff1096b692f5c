/* test_summary.c: unit tests for the compile-time summary format
   (summary.c).

   What is written is read back as it was, field by field, whatever the
   strings hold; the bytes depend on the input only; and a section that
   is cut short, altered, or made by another version is refused with a
   message saying why, before the reader has passed anything on: that
   is what lets the plugin fall back to reading the object's bodies.  */

#include "strtab.h"
#include "summary.h"
#include "unit.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#define VERSION "0.1-test"
/* A number under 57 in a section: its one printable digit.  */
#define N(v) ('#' + (v))

/* ------------------------------------------------------------------ */
/* A summary as a list of events: what is fed to the writer, and what
   the reader hands back.  */

enum event_type { EV_SYMBOL, EV_USE, EV_NAME };

struct event
{
  enum event_type type;
  unsigned index;		/* EV_SYMBOL */
  enum ls_summary_kind kind;
  const unsigned char *bytes;	/* EV_USE */
  size_t nbytes;
  unsigned elem_size;
  bool big_endian;
  struct ls_summary_site site;
  const char *name;		/* EV_NAME */
};

/* What a reader passed on, copied (the section may go away).  */
struct recorder
{
  struct event *events;
  size_t n, alloc;
  size_t accepted;		/* accept_symbol calls.  */
  unsigned reject_index;	/* accept_symbol refuses this one...  */
  bool rejecting;		/* ...when this is set.  */
  bool unterminated;		/* A string that, read as a C string, runs
				   past its bytes and the NUL after them.  */
  bool bad_values;		/* An element size or format out of range.  */
};

static char *
dup_or_null (const char *s)
{
  return s ? strdup (s) : NULL;
}

static struct event *
record (struct recorder *r, enum event_type type)
{
  if (r->n == r->alloc)
    {
      r->alloc = r->alloc ? 2 * r->alloc : 16;
      r->events = realloc (r->events, r->alloc * sizeof *r->events);
    }
  struct event *e = &r->events[r->n++];
  memset (e, 0, sizeof *e);
  e->type = type;
  return e;
}

static bool
on_accept (void *ctx, unsigned index, enum ls_summary_kind kind)
{
  struct recorder *r = ctx;
  (void) kind;
  r->accepted++;
  return !(r->rejecting && index == r->reject_index);
}

static void
on_symbol (void *ctx, unsigned index, enum ls_summary_kind kind)
{
  struct event *e = record (ctx, EV_SYMBOL);
  e->index = index;
  e->kind = kind;
}

static void
on_use (void *ctx, const unsigned char *bytes, size_t nbytes,
	unsigned elem_size, bool big_endian,
	const struct ls_summary_site *site)
{
  struct recorder *r = ctx;
  if (!memchr (bytes, 0, nbytes) && bytes[nbytes] != '\0')
    r->unterminated = true;
  if ((elem_size != 1 && elem_size != 2 && elem_size != 4)
      || site->format > LS_FORMAT_ARG)
    r->bad_values = true;
  struct event *e = record (r, EV_USE);
  unsigned char *copy = malloc (nbytes + 1);
  memcpy (copy, bytes, nbytes);
  copy[nbytes] = '\0';
  e->bytes = copy;
  e->nbytes = nbytes;
  e->elem_size = elem_size;
  e->big_endian = big_endian;
  e->site = *site;
  e->site.file = dup_or_null (site->file);
  e->site.inlined_from = dup_or_null (site->inlined_from);
  e->site.call_file = dup_or_null (site->call_file);
  e->site.callee = dup_or_null (site->callee);
}

static void
on_name (void *ctx, const char *name)
{
  record (ctx, EV_NAME)->name = strdup (name);
}

static const struct ls_summary_visitor recording = {
  on_accept, on_symbol, on_use, on_name
};

static void
recorder_free (struct recorder *r)
{
  for (size_t i = 0; i < r->n; i++)
    {
      struct event *e = &r->events[i];
      free ((void *) e->bytes);
      free ((void *) e->site.file);
      free ((void *) e->site.inlined_from);
      free ((void *) e->site.call_file);
      free ((void *) e->site.callee);
      free ((void *) e->name);
    }
  free (r->events);
  memset (r, 0, sizeof *r);
}

static void
write_events (ls_summary_writer *w, const struct event *ev, size_t n)
{
  for (size_t i = 0; i < n; i++)
    switch (ev[i].type)
      {
      case EV_SYMBOL:
	ls_summary_writer_symbol (w, ev[i].index, ev[i].kind);
	break;
      case EV_USE:
	ls_summary_writer_use (w, ev[i].bytes, ev[i].nbytes, ev[i].elem_size,
			       ev[i].big_endian, &ev[i].site);
	break;
      case EV_NAME:
	ls_summary_writer_name (w, ev[i].name);
	break;
      }
}

static bool
same_name (const char *a, const char *b)
{
  return (a == NULL || b == NULL) ? a == b : strcmp (a, b) == 0;
}

static bool
same_site (const struct ls_summary_site *a, const struct ls_summary_site *b)
{
  return same_name (a->file, b->file) && a->line == b->line
	 && a->column == b->column
	 && same_name (a->inlined_from, b->inlined_from)
	 && same_name (a->call_file, b->call_file)
	 && a->call_line == b->call_line && same_name (a->callee, b->callee)
	 && a->arg_index == b->arg_index && a->format == b->format
	 && a->named_array == b->named_array
	 && a->option_names == b->option_names;
}

/* Is event A (read back) event B (written)?  */
static bool
same_event (const struct event *a, const struct event *b)
{
  if (a->type != b->type)
    return false;
  switch (a->type)
    {
    case EV_SYMBOL:
      return a->index == b->index && a->kind == b->kind;
    case EV_USE:
      return a->nbytes == b->nbytes
	     && (a->nbytes == 0 || memcmp (a->bytes, b->bytes, a->nbytes) == 0)
	     && a->elem_size == b->elem_size
	     && a->big_endian == b->big_endian
	     && same_site (&a->site, &b->site);
    case EV_NAME:
      return strcmp (a->name, b->name) == 0;
    }
  return false;
}

/* The index of the first event of R that differs from EV, or -1.  */
static long
first_difference (const struct recorder *r, const struct event *ev, size_t n)
{
  size_t i;
  for (i = 0; i < n && i < r->n; i++)
    if (!same_event (&r->events[i], &ev[i]))
      return (long) i;
  return i == n && i == r->n ? -1 : (long) i;
}

/* Write EV, then read it back into R; returns read's result.  */
static int
round_trip (const struct event *ev, size_t n, struct recorder *r,
	    char **err)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  write_events (w, ev, n);
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  int rc = ls_summary_read (data, len, VERSION, &recording, r, err);
  ls_summary_writer_free (w);
  return rc;
}

/* ------------------------------------------------------------------ */
/* The sample: every field, every kind of string.  */

#define U(s) ((const unsigned char *) (s))

static const struct event sample[] = {
  { .type = EV_SYMBOL, .index = 3, .kind = LS_SUMMARY_FUNCTION },
  /* A plain C string at a full site: call, inlining, format.  */
  { .type = EV_USE, .bytes = U ("Hello %s\n"), .nbytes = 10, .elem_size = 1,
    .site = { "src/main.c", 12, 5, "print_greeting", "src/greet.h", 40,
	      "printf", 1, LS_FORMAT_PRINTF, false, false } },
  /* An embedded NUL; the same bytes later from a variable.  */
  { .type = EV_USE, .bytes = U ("one\0two"), .nbytes = 8, .elem_size = 1,
    .site = { "src/main.c", 13, 9, NULL, NULL, 0, "write", 2,
	      LS_FORMAT_NONE, false, false } },
  /* The empty string, and one with no bytes at all.  */
  { .type = EV_USE, .bytes = U (""), .nbytes = 1, .elem_size = 1,
    .site = { "src/main.c", 14, 1 } },
  { .type = EV_USE, .bytes = U (""), .nbytes = 0, .elem_size = 1,
    .site = { NULL, 0, 0 } },
  /* Wide strings: UTF-16LE "hé", UTF-32BE "ok".  */
  { .type = EV_USE, .bytes = U ("h\0\xe9\0\0\0"), .nbytes = 6, .elem_size = 2,
    .site = { "src/wide.c", 1, 1, NULL, NULL, 0, NULL, 3, LS_FORMAT_SCANF } },
  { .type = EV_USE, .bytes = U ("\0\0\0o\0\0\0k\0\0\0\0"), .nbytes = 12,
    .elem_size = 4, .big_endian = true,
    .site = { "src/wide.c", 2, 2, NULL, NULL, 0, "wcsftime", 3,
	      LS_FORMAT_STRFTIME } },
  /* The largest numbers a site holds; an indirect call (no callee).  */
  { .type = EV_USE, .bytes = U ("big"), .nbytes = 4, .elem_size = 1,
    .site = { "src/main.c", UINT_MAX, UINT_MAX, "inner", NULL, UINT_MAX,
	      NULL, UINT_MAX, LS_FORMAT_ARG } },
  /* Numbers around the lengths' edges: one character up to 56, two
     from 57 ("]#") to 1994 ("~["), three from 1995; 90 and 91 either
     side of a last digit's step.  */
  { .type = EV_USE, .bytes = U ("edges"), .nbytes = 6, .elem_size = 1,
    .site = { "src/main.c", 56, 57, "inner", "src/main.c", 90, "f", 91,
	      LS_FORMAT_NONE } },
  { .type = EV_USE, .bytes = U ("edges"), .nbytes = 6, .elem_size = 1,
    .site = { "src/main.c", 1994, 1995, "inner", "src/main.c", 1996, "f",
	      1993, LS_FORMAT_NONE } },
  /* Inlined from a function whose call site is unknown.  */
  { .type = EV_USE, .bytes = U ("x"), .nbytes = 2, .elem_size = 1,
    .site = { "src/main.c", 20, 0, "helper", NULL, 0 } },
  { .type = EV_NAME, .name = "argc" },
  { .type = EV_NAME, .name = "greeting_buffer" },
  { .type = EV_NAME, .name = "" },
  { .type = EV_SYMBOL, .index = 0, .kind = LS_SUMMARY_VARIABLE },
  { .type = EV_USE, .bytes = U ("one\0two"), .nbytes = 8, .elem_size = 1,
    .site = { "src/main.c", 2, 19, .named_array = true } },
  { .type = EV_USE, .bytes = U ("no-color"), .nbytes = 9, .elem_size = 1,
    .site = { "src/opts.c", 30, 4, .option_names = true } },
  { .type = EV_NAME, .name = "argc" },
  /* Nothing to say about a symbol is still something.  */
  { .type = EV_SYMBOL, .index = UINT_MAX, .kind = LS_SUMMARY_FUNCTION },
  { .type = EV_SYMBOL, .index = 7, .kind = LS_SUMMARY_VARIABLE },
  { .type = EV_NAME, .name = "only_a_name" },
};

#define N_SAMPLE (sizeof sample / sizeof *sample)

/* The sample's section, malloc'd.  */
static unsigned char *
sample_section (size_t *len)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  write_events (w, sample, N_SAMPLE);
  const unsigned char *data = ls_summary_writer_finish (w, len);
  unsigned char *copy = malloc (*len);
  memcpy (copy, data, *len);
  ls_summary_writer_free (w);
  return copy;
}

static void
test_round_trip (void)
{
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = round_trip (sample, N_SAMPLE, &r, &err);
  UNIT_CHECK ("round trip: read succeeds", rc == 0 && err == NULL);
  long diff = first_difference (&r, sample, N_SAMPLE);
  char why[64];
  snprintf (why, sizeof why, "event %ld differs", diff);
  unit_report (diff == -1, "round trip: every field of every event", why);
  UNIT_CHECK ("round trip: each symbol accepted once", r.accepted == 4);
  UNIT_CHECK ("round trip: strings read as C strings end in the section's "
	      "bytes", !r.unterminated);
  recorder_free (&r);
  free (err);
}

/* The exact bytes of a small summary: what the comment of summary.c
   says, and the same on every host.  */
static void
test_golden_bytes (void)
{
  ls_summary_writer *w = ls_summary_writer_new ("0.1");
  ls_summary_writer_symbol (w, 5, LS_SUMMARY_FUNCTION);
  struct ls_summary_site s = { "a.c", 300, 7, .callee = "puts",
			       .arg_index = 1 };
  ls_summary_writer_use (w, "hi", 3, 1, false, &s);
  ls_summary_writer_name (w, "argc");
  ls_summary_writer_name (w, "argc");
  ls_summary_writer_symbol (w, 2, LS_SUMMARY_VARIABLE);
  struct ls_summary_site v = { "a.c", 1, 2, .named_array = true };
  ls_summary_writer_use (w, "hi", 3, 1, false, &v);
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  /* Line 300 is the continuation digit 'b' (5) and the last '*' (7):
     57 + 5 + 34 * 7.  The constant "hi" holds its NUL: none after it.  */
  static const unsigned char want[] = {
    'L', 'S', 'U', 'M', N (4), N (3), '0', '.', '1', N (0),
    N (4), N (3), 'h', 'i', 0, N (3), 'a', '.', 'c', 0,
    N (4), 'p', 'u', 't', 's', 0, N (4), 'a', 'r', 'g', 'c', 0,
    N (2),
    N (5), N (0), N (1), N (0), N (1), N (2), 'b', '*', N (7),
    N (3), N (1), N (0), N (1), N (3),
    N (2), N (1), N (1), N (0), N (32), N (2), N (1), N (2), N (0)
  };
  UNIT_CHECK ("golden: the bytes of a small summary",
	      len == sizeof want && memcmp (data, want, len) == 0);
  size_t len2;
  UNIT_CHECK ("golden: finish twice gives the same bytes",
	      ls_summary_writer_finish (w, &len2) == data && len2 == len);
  ls_summary_writer_symbol (w, 9, LS_SUMMARY_FUNCTION);
  UNIT_CHECK ("golden: nothing is added after finish",
	      !ls_summary_writer_use (w, "x", 2, 1, false, &s)
	      && ls_summary_writer_finish (w, &len2) && len2 == len);
  ls_summary_writer_free (w);
}

/* Copy symbols 0 and 1 of S into a new writer: the bytes they give.  */
static bool
copies_to (ls_summary_section *s, const unsigned char *want, size_t len)
{
  ls_summary_writer *copy = ls_summary_writer_new ("0.1");
  for (size_t i = 0; i < 2; i++)
    {
      ls_summary_writer_symbol (copy, ls_summary_section_index (s, i),
				ls_summary_section_kind (s, i));
      ls_summary_copy_symbol (copy, s, i);
    }
  size_t copy_len;
  const unsigned char *copied = ls_summary_writer_finish (copy, &copy_len);
  bool same = copy_len == len && memcmp (copied, want, len) == 0;
  ls_summary_writer_free (copy);
  return same;
}

/* A section of two symbols, the two copies_to copies: variable 4,
   named "credits" in the source, using "hi", and function 6 using
   "there".  Its bytes are *W's until *W is freed.  */
static const unsigned char *
two_symbols (ls_summary_writer **w, size_t *len)
{
  *w = ls_summary_writer_new ("0.1");
  ls_summary_writer_symbol (*w, 4, LS_SUMMARY_VARIABLE);
  ls_summary_writer_source_name (*w, "credits");
  struct ls_summary_site v = { .file = "a.c", .line = 3, .column = 5 };
  ls_summary_writer_use (*w, "hi", 3, 1, false, &v);
  ls_summary_writer_symbol (*w, 6, LS_SUMMARY_FUNCTION);
  ls_summary_writer_use (*w, "there", 6, 1, false, &v);
  return ls_summary_writer_finish (*w, len);
}

/* A symbol named in the source: the kind byte's bit 1, then the name's
   pool index + 1; kept by a section and copied with its symbol.  */
static void
test_source_name (void)
{
  ls_summary_writer *w = ls_summary_writer_new ("0.1");
  ls_summary_writer_symbol (w, 4, LS_SUMMARY_VARIABLE);
  ls_summary_writer_source_name (w, "credits");
  struct ls_summary_site v = { .file = "a.c", .line = 3, .column = 5 };
  ls_summary_writer_use (w, "hi", 3, 1, false, &v);
  ls_summary_writer_symbol (w, 6, LS_SUMMARY_VARIABLE);
  ls_summary_writer_use (w, "hi", 3, 1, false, &v);
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  static const unsigned char want[] = {
    'L', 'S', 'U', 'M', N (4), N (3), '0', '.', '1', N (0),
    N (3), N (7), 'c', 'r', 'e', 'd', 'i', 't', 's', 0, N (3), 'h', 'i', 0,
    N (3), 'a', '.', 'c', 0,
    N (2),
    N (4), N (3), N (1), N (1), N (1), N (0), N (3), N (3), N (5), N (0),
    N (6), N (1), N (1), N (1), N (0), N (3), N (3), N (5), N (0)
  };
  UNIT_CHECK ("source name: the bytes",
	      len == sizeof want && memcmp (data, want, len) == 0);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new (data, len, "0.1", NULL,
						  NULL, &err);
  UNIT_CHECK ("source name: the section is kept", s != NULL && !err);
  UNIT_STREQ ("source name: symbol 0's",
	      s ? ls_summary_section_source_name (s, 0) : NULL, "credits");
  UNIT_CHECK ("source name: symbol 1 has none",
	      s && ls_summary_section_source_name (s, 1) == NULL
	      && ls_summary_section_source_name (s, 2) == NULL);
  UNIT_CHECK ("source name: copied with its symbol",
	      s && copies_to (s, data, len));
  ls_summary_section_free (s);
  free (err);
  ls_summary_writer_free (w);
}

/* A section let go keeps its symbols' indices and kinds; its bytes are
   taken back only when they are the same (length and hash), and then
   it is visited as before, its source names with it.  */
static void
test_let_go_and_take_back (void)
{
  ls_summary_writer *w;
  size_t len;
  const unsigned char *data = two_symbols (&w, &len);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new (data, len, "0.1", NULL,
						  NULL, &err);
  UNIT_CHECK ("take back: the section is kept", s != NULL);
  if (!s)
    {
      free (err);
      ls_summary_writer_free (w);
      return;
    }
  ls_summary_section_let_go (s);
  UNIT_CHECK ("let go: no bytes, indices and kinds kept",
	      !ls_summary_section_has_bytes (s)
	      && ls_summary_section_n_symbols (s) == 2
	      && ls_summary_section_index (s, 1) == 6
	      && ls_summary_section_kind (s, 0) == LS_SUMMARY_VARIABLE
	      && ls_summary_section_source_name (s, 0) == NULL);
  unsigned char *changed = malloc (len + 1);
  memcpy (changed, data, len);
  changed[len - 2] ^= 1;
  UNIT_CHECK ("take back: other bytes refused",
	      !ls_summary_section_take_back (s, changed, len, "0.1")
	      && !ls_summary_section_has_bytes (s));
  memcpy (changed, data, len);
  changed[len] = 0;
  UNIT_CHECK ("take back: another length refused",
	      !ls_summary_section_take_back (s, changed, len + 1, "0.1")
	      && !ls_summary_section_take_back (s, changed, len - 1, "0.1"));
  UNIT_CHECK ("take back: the same bytes",
	      ls_summary_section_take_back (s, changed, len, "0.1")
	      && ls_summary_section_has_bytes (s));
  UNIT_STREQ ("take back: the source name again, from the bytes given",
	      ls_summary_section_source_name (s, 0), "credits");
  const char *name = ls_summary_section_source_name (s, 0);
  UNIT_CHECK ("take back: read in place, not copied",
	      name >= (const char *) changed
	      && name < (const char *) changed + len);
  UNIT_CHECK ("take back: visited as before", copies_to (s, data, len));
  /* Let go and taken back twice: nothing kept from the first time.  The
     bytes taken back were read in place: they may go once S lets them
     go (ASan sees any read after).  */
  ls_summary_section_let_go (s);
  free (changed);
  UNIT_CHECK ("take back: a second time",
	      ls_summary_section_take_back (s, data, len, "0.1")
	      && copies_to (s, data, len));
  ls_summary_section_free (s);
  /* Freed while let go.  */
  s = ls_summary_section_new (data, len, "0.1", NULL, NULL, &err);
  ls_summary_section_let_go (s);
  ls_summary_section_free (s);
  free (err);
  ls_summary_writer_free (w);
}

/* A section read in place reads the caller's bytes until it is let go
   or given a copy; after either, the caller's bytes may go (ASan sees
   any read of them after free).  */
static void
test_in_place (void)
{
  ls_summary_writer *w;
  size_t len;
  const unsigned char *data = two_symbols (&w, &len);
  unsigned char *bytes = malloc (len);
  memcpy (bytes, data, len);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new_in_place (bytes, len, "0.1",
							   NULL, NULL, &err);
  UNIT_CHECK ("in place: the section is kept", s != NULL);
  const char *name = s ? ls_summary_section_source_name (s, 0) : NULL;
  UNIT_CHECK ("in place: its names are in the caller's bytes",
	      name && name >= (const char *) bytes
	      && name < (const char *) bytes + len);
  if (s)
    ls_summary_section_keep_copy (s);
  name = s ? ls_summary_section_source_name (s, 0) : NULL;
  UNIT_CHECK ("in place: a copy kept, the names are in it",
	      name && (name < (const char *) bytes
		       || name >= (const char *) bytes + len));
  memset (bytes, 0, len);
  free (bytes);
  UNIT_CHECK ("in place: the copy visited as the bytes were",
	      s && copies_to (s, data, len));
  UNIT_STREQ ("in place: the copy's source name",
	      s ? ls_summary_section_source_name (s, 0) : NULL, "credits");
  ls_summary_section_free (s);

  /* Let go, then freed: the caller's bytes are not freed by the
     section (a double free under ASan if they were).  */
  bytes = malloc (len);
  memcpy (bytes, data, len);
  s = ls_summary_section_new_in_place (bytes, len, "0.1", NULL, NULL, &err);
  ls_summary_section_let_go (s);
  free (bytes);
  UNIT_CHECK ("in place: let go, no bytes",
	      s && !ls_summary_section_has_bytes (s));
  UNIT_CHECK ("in place: taken back from other copies of the same bytes",
	      s && ls_summary_section_take_back (s, data, len, "0.1")
	      && copies_to (s, data, len));
  ls_summary_section_free (s);

  /* Refused in place: nothing of the caller's is freed.  */
  bytes = malloc (len);
  memcpy (bytes, data, len);
  bytes[0] ^= 1;
  s = ls_summary_section_new_in_place (bytes, len, "0.1", NULL, NULL, &err);
  UNIT_CHECK ("in place: a bad section refused, with a reason",
	      s == NULL && err != NULL);
  free (err);
  free (bytes);
  ls_summary_writer_free (w);
}

static void
test_determinism (void)
{
  size_t a_len, b_len;
  unsigned char *a = sample_section (&a_len);
  unsigned char *b = sample_section (&b_len);
  UNIT_CHECK ("determinism: same input, same bytes",
	      a_len == b_len && memcmp (a, b, a_len) == 0);
  free (a);
  free (b);

  /* The caller's buffers may change after each call.  */
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  char file[16], bytes[8], name[8];
  strcpy (file, "x.c");
  strcpy (bytes, "abc");
  strcpy (name, "n");
  ls_summary_writer_symbol (w, 1, LS_SUMMARY_FUNCTION);
  struct ls_summary_site s = { .file = file, .line = 1, .column = 1 };
  ls_summary_writer_use (w, bytes, 4, 1, false, &s);
  ls_summary_writer_name (w, name);
  memset (file, 'Z', 3);
  memset (bytes, 'Z', 3);
  memset (name, 'Z', 1);
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (data, len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("writer copies what it is given",
	      rc == 0 && r.n == 3 && strcmp (r.events[1].site.file, "x.c") == 0
	      && memcmp (r.events[1].bytes, "abc", 4) == 0
	      && strcmp (r.events[2].name, "n") == 0);
  recorder_free (&r);
  ls_summary_writer_free (w);
}

/* Repeated strings are stored once: a thousand uses of one string
   (49 bytes) in one file (30 bytes) cost 15 bytes each, their symbol
   and local name included.  */
static void
test_pool_shares (void)
{
  const char *text = "a rather long message that many functions print";
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  for (unsigned i = 0; i < 1000; i++)
    {
      ls_summary_writer_symbol (w, i, LS_SUMMARY_FUNCTION);
      struct ls_summary_site s = { "src/a/very/long/path/to/file.c", i + 1, 3,
				   .callee = "fputs", .arg_index = 1 };
      ls_summary_writer_use (w, text, strlen (text) + 1, 1, false, &s);
      ls_summary_writer_name (w, "stream");
    }
  size_t len;
  ls_summary_writer_finish (w, &len);
  char why[64];
  snprintf (why, sizeof why, "%zu bytes", len);
  unit_report (len < 1000 * 16, "pool: repeated strings stored once", why);
  ls_summary_writer_free (w);
}

static void
test_many_symbols (void)
{
  enum { N = 20000 };
  struct event *ev = calloc (3 * N, sizeof *ev);
  char (*texts)[24] = calloc (N, sizeof *texts);
  for (unsigned i = 0; i < N; i++)
    {
      snprintf (texts[i], sizeof texts[i], "string %u", i);
      ev[3 * i].type = EV_SYMBOL;
      ev[3 * i].index = i * 2654435761u;
      ev[3 * i].kind = i % 3 ? LS_SUMMARY_FUNCTION : LS_SUMMARY_VARIABLE;
      ev[3 * i + 1].type = EV_USE;
      ev[3 * i + 1].bytes = U (texts[i]);
      ev[3 * i + 1].nbytes = strlen (texts[i]) + 1;
      ev[3 * i + 1].elem_size = 1;
      ev[3 * i + 1].site.file = i % 2 ? "odd.c" : "even.c";
      ev[3 * i + 1].site.line = i * 100003u;
      ev[3 * i + 1].site.column = i % 200;
      ev[3 * i + 2].type = EV_NAME;
      ev[3 * i + 2].name = texts[i % 100];
    }
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = round_trip (ev, 3 * N, &r, &err);
  UNIT_CHECK ("many symbols: read succeeds", rc == 0);
  UNIT_CHECK ("many symbols: all read back as written",
	      first_difference (&r, ev, 3 * N) == -1);
  recorder_free (&r);
  free (err);
  free (texts);
  free (ev);
}

static void
test_no_symbols (void)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (data, len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("empty summary: read succeeds with nothing in it",
	      rc == 0 && r.n == 0);
  rc = ls_summary_read (data, len, VERSION, NULL, NULL, &err);
  UNIT_CHECK ("a NULL visitor only checks", rc == 0 && err == NULL);
  recorder_free (&r);
  ls_summary_writer_free (w);
}

/* The uses and names of one symbol may come in any order; names are
   visited after the uses, each once.  */
static void
test_names_after_uses_once (void)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  ls_summary_writer_symbol (w, 1, LS_SUMMARY_FUNCTION);
  ls_summary_writer_name (w, "count");
  struct ls_summary_site s = { .file = "f.c", .line = 1, .column = 1 };
  ls_summary_writer_use (w, "a", 2, 1, false, &s);
  ls_summary_writer_name (w, "count");
  ls_summary_writer_name (w, NULL);
  ls_summary_writer_name (w, "a");
  ls_summary_writer_symbol (w, 2, LS_SUMMARY_FUNCTION);
  ls_summary_writer_name (w, "count");
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (data, len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("names: read succeeds", rc == 0 && r.n == 6);
  UNIT_CHECK ("names: after the uses, once each per symbol",
	      r.n == 6 && r.events[1].type == EV_USE
	      && r.events[2].type == EV_NAME
	      && strcmp (r.events[2].name, "count") == 0
	      && r.events[3].type == EV_NAME
	      && strcmp (r.events[3].name, "a") == 0
	      && r.events[4].type == EV_SYMBOL
	      && r.events[5].type == EV_NAME
	      && strcmp (r.events[5].name, "count") == 0);
  recorder_free (&r);
  ls_summary_writer_free (w);
}

static void
test_writer_refuses (void)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  struct ls_summary_site s = { .file = "f.c", .line = 1, .column = 1 };
  UNIT_CHECK ("writer: no use before a symbol",
	      !ls_summary_writer_use (w, "a", 2, 1, false, &s));
  ls_summary_writer_name (w, "lost");
  ls_summary_writer_symbol (w, 1, LS_SUMMARY_FUNCTION);
  UNIT_CHECK ("writer: element size 3 refused",
	      !ls_summary_writer_use (w, "abc", 3, 3, false, &s));
  UNIT_CHECK ("writer: element size 8 refused",
	      !ls_summary_writer_use (w, "abcdefgh", 8, 8, false, &s));
  struct ls_summary_site bad = { "f.c", 1, 1, .format = LS_FORMAT_ARG + 1 };
  UNIT_CHECK ("writer: unknown format kind refused",
	      !ls_summary_writer_use (w, "a", 2, 1, false, &bad));
  UNIT_CHECK ("writer: a NULL site is an empty one",
	      ls_summary_writer_use (w, "a", 2, 1, false, NULL));
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (data, len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("writer: only the good use is written",
	      rc == 0 && r.n == 2 && r.events[1].site.file == NULL
	      && r.events[1].site.line == 0);
  recorder_free (&r);
  ls_summary_writer_free (w);
  ls_summary_writer_free (NULL);
}

/* ------------------------------------------------------------------ */
/* Bad sections.                                                       */

/* Read LEN bytes at DATA; returns the error (malloc'd) or NULL, and
   says through *VISITED whether anything was passed on.  */
static char *
read_error (const unsigned char *data, size_t len, const char *version,
	    bool *visited)
{
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (data, len, version, &recording, &r, &err);
  *visited = r.n > 0;
  if (rc == 0)
    {
      free (err);
      err = NULL;
    }
  else if (!err)
    err = strdup ("(no message)");
  recorder_free (&r);
  return err;
}

static bool
starts_with (const char *s, const char *prefix)
{
  return s && strncmp (s, prefix, strlen (prefix)) == 0;
}

/* Every proper prefix of a section is refused as truncated, and
   nothing of it is passed on.  */
static void
test_every_truncation (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  size_t refused = 0, quiet = 0, said_why = 0;
  for (size_t k = 0; k < len; k++)
    {
      /* An exact-size copy: ASan sees any read past the end.  */
      unsigned char *cut = malloc (k ? k : 1);
      memcpy (cut, data, k);
      bool visited;
      char *err = read_error (k ? cut : NULL, k, VERSION, &visited);
      refused += err != NULL;
      quiet += !visited;
      said_why += starts_with (err, "truncated at byte")
		  || (err && strstr (err, "cannot fit in the"));
      free (err);
      free (cut);
    }
  char why[96];
  snprintf (why, sizeof why, "%zu prefixes: %zu refused, %zu quiet, "
	    "%zu say truncated", len, refused, quiet, said_why);
  unit_report (refused == len, "truncation: every prefix refused", why);
  unit_report (quiet == len, "truncation: no callback for any prefix", why);
  unit_report (said_why == len, "truncation: the message says so", why);

  bool visited;
  char *err = read_error (data, 5, VERSION, &visited);
  UNIT_STREQ ("truncation: the byte is named", err, "truncated at byte 5");
  free (err);

  unsigned char *longer = malloc (len + 1);
  memcpy (longer, data, len);
  longer[len] = 0;
  err = read_error (longer, len + 1, VERSION, &visited);
  UNIT_CHECK ("a byte too many is refused",
	      starts_with (err, "trailing bytes after the last symbol")
	      && !visited);
  free (err);
  free (longer);
  free (data);
}

/* Flipping bits anywhere never crashes; what is refused passes
   nothing on, and what is accepted holds only valid values.  */
static void
test_flipped_bytes (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  static const unsigned char masks[] = { 1, 2, 4, 8, 16, 32, 64, 128, 0xff };
  size_t tried = 0, refused = 0, leaked = 0, bad = 0, no_message = 0;
  size_t header_accepted = 0;
  for (size_t k = 0; k < len; k++)
    for (size_t m = 0; m < sizeof masks; m++)
      {
	unsigned char *copy = malloc (len);
	memcpy (copy, data, len);
	copy[k] ^= masks[m];
	struct recorder r = { 0 };
	char *err = NULL;
	int rc = ls_summary_read (copy, len, VERSION, &recording, &r, &err);
	tried++;
	if (rc == 0 && k < 5)
	  header_accepted++;
	if (rc != 0)
	  {
	    refused++;
	    leaked += r.n > 0;
	    no_message += err == NULL || err[0] == '\0';
	  }
	bad += r.unterminated || r.bad_values;
	free (err);
	recorder_free (&r);
	free (copy);
      }
  char why[128];
  snprintf (why, sizeof why, "%zu tried, %zu refused, %zu passed something "
	    "on, %zu bad values, %zu without message", tried, refused, leaked,
	    bad, no_message);
  unit_report (leaked == 0 && no_message == 0,
	       "flipped bytes: refused sections pass nothing on", why);
  unit_report (bad == 0, "flipped bytes: accepted ones hold valid values",
	       why);
  unit_report (header_accepted == 0,
	       "flipped bytes: any change to the magic or version is refused",
	       why);
  free (data);

  /* Random bytes behind a valid header.  */
  uint32_t seed = 12345;
  size_t accepted = 0, random_bad = 0;
  for (int i = 0; i < 20000; i++)
    {
      unsigned char buf[64];
      size_t n = 5 + (size_t) (i % 59);
      memcpy (buf, "LSUM'", 5);
      for (size_t k = 5; k < n; k++)
	{
	  seed = seed * 1103515245u + 12345u;
	  buf[k] = (unsigned char) (seed >> 16);
	  if (k % 3 == 0)	/* Small numbers make it further.  */
	    buf[k] = (unsigned char) N (buf[k] & 0x07);
	}
      unsigned char *copy = malloc (n);
      memcpy (copy, buf, n);
      struct recorder r = { 0 };
      char *err = NULL;
      if (ls_summary_read (copy, n, NULL, &recording, &r, &err) == 0)
	accepted++;
      random_bad += r.unterminated || r.bad_values;
      free (err);
      recorder_free (&r);
      free (copy);
    }
  snprintf (why, sizeof why, "%zu of 20000 random sections accepted",
	    accepted);
  unit_report (random_bad == 0, "random sections: only valid values", why);
}

static void
test_versions (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  bool visited;
  char *err = read_error (data, len, "0.2", &visited);
  UNIT_STREQ ("another ltospell version is refused", err,
	      "made by ltospell " VERSION ", this is ltospell 0.2");
  free (err);
  err = read_error (data, len, NULL, &visited);
  UNIT_CHECK ("a NULL version accepts any", err == NULL && visited);
  free (err);

  unsigned char *other = malloc (len);
  memcpy (other, data, len);
  other[4] = N (5);
  err = read_error (other, len, VERSION, &visited);
  UNIT_STREQ ("a later format version is refused", err,
	      "made by summary format version 5, this ltospell reads 4");
  free (err);
  /* Versions 1 to 3 wrote their number as one binary byte.  */
  other[4] = 1;
  err = read_error (other, len, VERSION, &visited);
  UNIT_STREQ ("format version 1 is refused", err,
	      "made by summary format version 1, this ltospell reads 4");
  free (err);
  other[4] = 2;
  err = read_error (other, len, VERSION, &visited);
  UNIT_STREQ ("format version 2 is refused: its flags meant less", err,
	      "made by summary format version 2, this ltospell reads 4");
  free (err);
  other[4] = 3;
  err = read_error (other, len, VERSION, &visited);
  UNIT_STREQ ("format version 3 is refused: binary numbers", err,
	      "made by summary format version 3, this ltospell reads 4");
  free (err);
  other[4] = N (3);
  err = read_error (other, len, VERSION, &visited);
  UNIT_STREQ ("a printable 3 is not version 4 either", err,
	      "made by summary format version 3, this ltospell reads 4");
  free (err);
  /* A future version may have grown its number past one character:
     10000 is 57 + 15 + 34 * (57 + 31 + 34 * 6).  */
  static const unsigned char future[] = { 'L', 'S', 'U', 'M', 'l', '|', ')' };
  err = read_error (future, sizeof future, VERSION, &visited);
  UNIT_STREQ ("a version of three characters is read whole", err,
	      "made by summary format version 10000, this ltospell reads 4");
  free (err);

  memcpy (other, "\x7f" "ELF", 4);
  err = read_error (other, len, VERSION, &visited);
  UNIT_CHECK ("bad magic is refused", starts_with (err, "bad magic")
	      && !visited);
  free (err);
  err = read_error (U ("LX"), 2, VERSION, &visited);
  UNIT_CHECK ("bad magic in a short section", starts_with (err, "bad magic"));
  free (err);
  err = read_error (U ("LS"), 2, VERSION, &visited);
  UNIT_STREQ ("a short section with the magic's start", err,
	      "truncated at byte 2");
  free (err);
  free (other);
  free (data);

  static const unsigned char odd_version[] = {
    'L', 'S', 'U', 'M', N (4), N (3), 'a', '\n', 0xff, N (0), N (0), N (0)
  };
  err = read_error (odd_version, sizeof odd_version, VERSION, &visited);
  UNIT_STREQ ("another version's name is shown printable", err,
	      "made by ltospell a??, this is ltospell " VERSION);
  free (err);
}

/* Hand-made sections: each field out of its range.  */
static void
test_bad_fields (void)
{
  /* Header of version "", no directory, and a pool of "f.c" and "a\0b"
     (no NUL after it: it holds one): 17 bytes.  */
#define HEAD 'L', 'S', 'U', 'M', N (4), N (0), N (0), N (2), \
    N (3), 'f', '.', 'c', 0, N (3), 'a', 0, 'b'
  /* One symbol, function 9: one use of "a\0b" at f.c:4:2, and the
     local name f.c.  */
  static const unsigned char good[] = {
    HEAD, N (1), N (9), N (0), N (1), N (1), N (0), N (1), N (4), N (2),
    N (1), N (0)
  };
  static const unsigned char name_with_nul[] = {
    HEAD, N (1), N (9), N (0), N (1), N (1), N (0), N (2), N (4), N (2),
    N (1), N (0)
  };
  static const unsigned char local_name_with_nul[] = {
    HEAD, N (1), N (9), N (0), N (0), N (1), N (1)
  };
  static const unsigned char name_twice[] = {
    HEAD, N (1), N (9), N (0), N (0), N (2), N (0), N (0)
  };
  static const unsigned char name_twice_two_symbols[] = {
    HEAD, N (2), N (9), N (0), N (0), N (1), N (0), N (8), N (0), N (0),
    N (1), N (0)
  };
  static const unsigned char index_out_of_pool[] = {
    HEAD, N (1), N (9), N (0), N (1), N (2), N (0), N (1), N (4), N (2),
    N (0)
  };
  static const unsigned char file_out_of_pool[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), N (0), N (3), N (4), N (2),
    N (0)
  };
  static const unsigned char elem_size_3[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), N (12), N (1), N (4), N (2),
    N (0)
  };
  /* Flags 0x80 = 128 = 57 + 3 + 34 * 2.  */
  static const unsigned char unknown_flag[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), 0x5d + 3, N (2), N (1), N (4),
    N (2), N (0)
  };
  static const unsigned char bad_kind[] = {
    HEAD, N (1), N (9), N (4), N (0), N (0)
  };
  /* Kind bit 1: a source name follows, here "f.c".  */
  static const unsigned char source_name[] = {
    HEAD, N (1), N (9), N (3), N (1), N (0), N (0)
  };
  static const unsigned char source_name_zero[] = {
    HEAD, N (1), N (9), N (3), N (0), N (0), N (0)
  };
  static const unsigned char source_name_with_nul[] = {
    HEAD, N (1), N (9), N (3), N (2), N (0), N (0)
  };
  static const unsigned char bad_format[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), N (1), N (1), N (4), N (2),
    N (0), N (1), N (5), N (0)
  };
  /* 2^32 and 2^32 - 1 (summary.c's digits, computed by hand).  */
  static const unsigned char line_too_big[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), N (0), N (1),
    'z', '{', 'y', 'e', 'x', '^', '$', N (2), N (0)
  };
  static const unsigned char line_max[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), N (0), N (1),
    'y', '{', 'y', 'e', 'x', '^', '$', N (2), N (0)
  };
  /* Fourteen digits are more than 64 bits.  */
  static const unsigned char number_too_long[] = {
    HEAD, N (1), N (9), N (0), N (1), N (0), N (0), N (1),
    '~', '~', '~', '~', '~', '~', '~', '~', '~', '~', '~', '~', '~', N (0),
    N (2), N (0)
  };
  /* A quote is no digit: `as` would want it escaped.  */
  static const unsigned char bad_digit[] = {
    HEAD, N (1), N (9), '"', N (0), N (0)
  };
  static const unsigned char huge_count[] = {
    'L', 'S', 'U', 'M', N (4), N (0), N (0),
    'y', '{', 'y', 'e', 'x', '^', '$', N (0), N (0)
  };
  static const unsigned char no_nul_after_string[] = {
    'L', 'S', 'U', 'M', N (4), N (0), N (0), N (1), N (1), 'a', 'b', N (0)
  };
  struct
  {
    const char *what;
    const unsigned char *data;
    size_t len;
    const char *error;		/* NULL: accepted.  */
  } cases[] = {
#define CASE(what, a, err) { what, a, sizeof a, err }
    CASE ("hand-made: a good section", good, NULL),
    CASE ("hand-made: the file name holds a NUL", name_with_nul,
	  "the name at byte 23 holds a NUL byte"),
    CASE ("hand-made: a local name holds a NUL", local_name_with_nul,
	  "the name at byte 22 holds a NUL byte"),
    CASE ("hand-made: a name listed twice in a symbol", name_twice,
	  "the name at byte 23 is listed twice"),
    CASE ("hand-made: a name in two symbols", name_twice_two_symbols, NULL),
    CASE ("hand-made: string index outside the pool", index_out_of_pool,
	  "string 2 at byte 21 is not in the pool of 2"),
    CASE ("hand-made: file index outside the pool", file_out_of_pool,
	  "string 2 at byte 23 is not in the pool of 2"),
    CASE ("hand-made: element size code 3", elem_size_3,
	  "bad flags 0x0c at byte 22"),
    CASE ("hand-made: a flag past bit 6", unknown_flag,
	  "bad flags 0x80 at byte 22"),
    CASE ("hand-made: unknown symbol kind", bad_kind,
	  "unknown symbol kind 4 at byte 19"),
    CASE ("hand-made: a source name", source_name, NULL),
    CASE ("hand-made: a source name of string 0 - 1", source_name_zero,
	  "no source name at byte 20"),
    CASE ("hand-made: a source name holds a NUL", source_name_with_nul,
	  "the name at byte 20 holds a NUL byte"),
    CASE ("hand-made: unknown format kind", bad_format,
	  "unknown format kind 5 before byte 29"),
    CASE ("hand-made: a line past 32 bits", line_too_big,
	  "line 4294967296 at byte 24 is too large"),
    CASE ("hand-made: the largest line", line_max, NULL),
    CASE ("hand-made: a number of fourteen digits", number_too_long,
	  "number too large at byte 24"),
    CASE ("hand-made: a byte that is no digit", bad_digit,
	  "bad digit 0x22 of a number at byte 19"),
    CASE ("hand-made: a count the bytes cannot hold", huge_count,
	  "4294967295 strings at byte 7 cannot fit in the 2 bytes left"),
    CASE ("hand-made: a string without its NUL", no_nul_after_string,
	  "string 0 is not followed by a NUL at byte 10"),
#undef CASE
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      bool visited;
      char *err = read_error (cases[i].data, cases[i].len, "", &visited);
      UNIT_STREQ (cases[i].what, err, cases[i].error);
      if (cases[i].error)
	UNIT_CHECK (cases[i].what, !visited);
      free (err);
    }

  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (good, sizeof good, "", &recording, &r, &err);
  UNIT_CHECK ("hand-made: a string with a NUL is a string constant",
	      rc == 0 && r.n == 3 && r.events[1].nbytes == 3
	      && memcmp (r.events[1].bytes, "a\0b", 4) == 0
	      && strcmp (r.events[1].site.file, "f.c") == 0
	      && r.events[1].site.line == 4 && r.events[1].site.column == 2
	      && strcmp (r.events[2].name, "f.c") == 0);
  recorder_free (&r);
#undef HEAD
}

/* The caller refuses a symbol while the section is checked: nothing is
   visited, and the message names the symbol.  */
static void
test_refused_symbol (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  struct recorder r = { 0 };
  r.rejecting = true;
  r.reject_index = 7;
  char *err = NULL;
  int rc = ls_summary_read (data, len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("refused symbol: the read fails", rc == -1);
  UNIT_CHECK ("refused symbol: nothing visited", r.n == 0);
  UNIT_CHECK ("refused symbol: named in the message",
	      err && strstr (err, "symbol 7 at byte")
	      && strstr (err, "is not a variable of the object"));
  free (err);
  recorder_free (&r);
  free (data);
}

static void
test_site_conversions (void)
{
  const char *refs[] = { "caller" };
  struct ls_site site = { .loc = 77, .file = "f.c", .line = 3, .column = 4,
			  .unit = "unit.c", .function = "fn",
			  .variable = "var", .inlined_from = "inl",
			  .call_file = "g.c", .call_line = 9,
			  .referrers = refs, .n_referrers = 1,
			  .callee = "printf", .arg_index = 2,
			  .format = LS_FORMAT_PRINTF, .named_array = true,
			  .dead = true, .names_interned = false };
  struct ls_summary_site s = ls_summary_site_of (&site, true);
  struct ls_summary_site want = { "f.c", 3, 4, "inl", "g.c", 9, "printf", 2,
				  LS_FORMAT_PRINTF, true, true };
  UNIT_CHECK ("site_of: the fields a summary carries", same_site (&s, &want));
  struct ls_site back;
  memset (&back, 0, sizeof back);
  back.unit = "u.c";
  back.function = "g";
  back.dead = true;
  s.line = 30;
  ls_summary_site_apply (&s, &back);
  UNIT_CHECK ("site_apply: fills the summary's fields",
	      back.line == 30 && back.column == 4
	      && strcmp (back.file, "f.c") == 0
	      && strcmp (back.inlined_from, "inl") == 0
	      && strcmp (back.call_file, "g.c") == 0 && back.call_line == 9
	      && strcmp (back.callee, "printf") == 0 && back.arg_index == 2
	      && back.format == LS_FORMAT_PRINTF && back.named_array);
  UNIT_CHECK ("site_apply: keeps what WPA knows",
	      strcmp (back.unit, "u.c") == 0 && strcmp (back.function, "g") == 0
	      && back.variable == NULL && back.dead && back.loc == 0);
}


/* In cc1 the summary is made before GCC numbers the symbols: each is
   started with a key and given its index, or left out, at the end.  */
struct index_map
{
  unsigned calls;
};

static bool
index_of_key (void *ctx, unsigned key, unsigned *index)
{
  struct index_map *m = ctx;
  m->calls++;
  if (key == 7)
    return false;		/* Not streamed.  */
  *index = key + 100;
  return true;
}

static void
test_finish_indexed (void)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  write_events (w, sample, N_SAMPLE);
  struct index_map m = { 0 };
  size_t len;
  const unsigned char *data
    = ls_summary_writer_finish_indexed (w, index_of_key, &m, &len);
  UNIT_CHECK ("indexed: one call a symbol", m.calls == 4);
  size_t len2;
  UNIT_CHECK ("indexed: a second finish maps nothing more",
	      ls_summary_writer_finish_indexed (w, index_of_key, &m, &len2)
		== data && len2 == len && m.calls == 4);
  struct recorder r = { 0 };
  char *err = NULL;
  int rc = ls_summary_read (data, len, VERSION, &recording, &r, &err);
  /* The sample less its last symbol (7) and that symbol's name.  */
  struct event want[N_SAMPLE];
  size_t n = 0;
  for (size_t i = 0; i < N_SAMPLE; i++)
    {
      if (sample[i].type == EV_SYMBOL && sample[i].index == 7)
	break;
      want[n] = sample[i];
      if (want[n].type == EV_SYMBOL)
	want[n].index += 100;
      n++;
    }
  UNIT_CHECK ("indexed: symbols renumbered, the dropped one left out",
	      rc == 0 && first_difference (&r, want, n) == -1);
  recorder_free (&r);
  free (err);
  ls_summary_writer_free (w);
}

/* A kept section: checked once, each symbol visited when asked, in any
   order, as ls_summary_read visits it.  */
static void
test_kept_section (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  struct recorder whole = { 0 };
  char *err = NULL;
  ls_summary_read (data, len, VERSION, &recording, &whole, &err);
  struct recorder r = { 0 };
  ls_summary_section *s = ls_summary_section_new (data, len, VERSION,
						  &recording, &r, &err);
  UNIT_CHECK ("kept: accepted, each symbol checked once, nothing visited",
	      s && !err && r.accepted == 4 && r.n == 0);
  memset (data, 0, len);	/* The section holds its own copy.  */
  UNIT_CHECK ("kept: symbols, indices and kinds",
	      ls_summary_section_n_symbols (s) == 4
	      && ls_summary_section_index (s, 0) == 3
	      && ls_summary_section_kind (s, 0) == LS_SUMMARY_FUNCTION
	      && ls_summary_section_index (s, 3) == 7
	      && ls_summary_section_kind (s, 3) == LS_SUMMARY_VARIABLE);
  UNIT_STREQ ("kept: no directory recorded",
	      ls_summary_section_directory (s), "");
  /* Visit them last to first, then put the events back in order.  */
  struct recorder parts[4] = { { 0 } };
  for (size_t i = 4; i-- > 0;)
    ls_summary_section_visit (s, i, &recording, &parts[i]);
  ls_summary_section_visit (s, 4, &recording, &parts[0]);
  struct recorder joined = { 0 };
  for (size_t i = 0; i < 4; i++)
    for (size_t j = 0; j < parts[i].n; j++)
      *record (&joined, parts[i].events[j].type) = parts[i].events[j];
  UNIT_CHECK ("kept: visiting every symbol gives what a read does",
	      first_difference (&joined, whole.events, whole.n) == -1);
  free (joined.events);
  for (size_t i = 0; i < 4; i++)
    recorder_free (&parts[i]);
  ls_summary_section_free (s);

  /* Refused: by the caller, truncated, another version.  */
  free (data);
  data = sample_section (&len);
  r.rejecting = true;
  r.reject_index = 0;
  s = ls_summary_section_new (data, len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("kept: a symbol the caller refuses refuses the section",
	      !s && err && strstr (err, "symbol 0 at byte"));
  free (err);
  s = ls_summary_section_new (data, len - 1, VERSION, NULL, NULL, &err);
  UNIT_CHECK ("kept: a truncated section is refused", !s && err);
  free (err);
  s = ls_summary_section_new (data, len, "0.2", NULL, NULL, &err);
  UNIT_CHECK ("kept: another version is refused",
	      !s && err && starts_with (err, "made by ltospell"));
  free (err);
  s = ls_summary_section_new (data, 0, VERSION, NULL, NULL, &err);
  UNIT_CHECK ("kept: an empty section is refused", !s && err);
  free (err);
  /* The pool's offsets are 32 bits: a longer section is refused before
     a byte of it is read (only DATA's first bytes exist here).  */
  s = ls_summary_section_new (data, (size_t) UINT32_MAX + 1, VERSION, NULL,
			      NULL, &err);
  UNIT_CHECK ("kept: a section of 4 GiB is refused",
	      !s && err && strstr (err, "more than 4 GiB"));
  free (err);
  recorder_free (&r);
  recorder_free (&whole);
  free (data);
}

/* An incremental link copies kept symbols into a new summary: read
   back, the same events.  */
static void
test_copy_symbols (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new (data, len, VERSION, NULL,
						  NULL, &err);
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  ls_summary_writer_directory (w, "/p");
  for (size_t i = 0; s && i < ls_summary_section_n_symbols (s); i++)
    {
      ls_summary_writer_symbol (w, ls_summary_section_index (s, i),
				ls_summary_section_kind (s, i));
      ls_summary_copy_symbol (w, s, i);
    }
  size_t copy_len;
  const unsigned char *copy = ls_summary_writer_finish (w, &copy_len);
  struct recorder r = { 0 };
  int rc = ls_summary_read (copy, copy_len, VERSION, &recording, &r, &err);
  UNIT_CHECK ("copy: every symbol copied reads back the same",
	      rc == 0 && first_difference (&r, sample, N_SAMPLE) == -1);
  ls_summary_section *c = ls_summary_section_new (copy, copy_len, VERSION,
						  NULL, NULL, &err);
  UNIT_STREQ ("copy: with the directory of the new summary",
	      c ? ls_summary_section_directory (c) : NULL, "/p");
  ls_summary_section_free (c);
  recorder_free (&r);
  ls_summary_writer_free (w);
  ls_summary_section_free (s);
  free (data);
}

static void
test_dir_prefix (void)
{
  struct
  {
    const char *compile, *link, *want;
  } cases[] = {
    { "/p/lib", "/p/src", "../lib/" },
    { "/p", "/p/src/sub", "../../" },
    { "/p/src/sub", "/p", "src/sub/" },
    { "/p/src", "/p/src", NULL },
    { "/p/src/", "/p/src", NULL },
    { "/p//src", "/p/src/", NULL },
    { "/a/b", "/c/d", "../../a/b/" },
    { "/", "/x", "../" },
    { "/x", "/", "x/" },
    { "/p/srcx", "/p/src", "../srcx/" },
    { "rel/dir", "/p", NULL },
    { "/p", "rel", NULL },
    { "", "/p", NULL },
    { NULL, "/p", NULL },
    { "/p", NULL, NULL },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char name[128];
      snprintf (name, sizeof name, "dir prefix: %s seen from %s",
		cases[i].compile ? cases[i].compile : "(null)",
		cases[i].link ? cases[i].link : "(null)");
      char *got = ls_summary_dir_prefix (cases[i].compile, cases[i].link);
      UNIT_STREQ (name, got, cases[i].want);
      free (got);
    }
}

/* A unit compiled in /p/lib, linked in /p/src: relative file names of
   uses and call sites are seen from the link's directory, others are
   left alone.  */
static void
test_rebase (void)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  ls_summary_writer_directory (w, "/p/lib");
  ls_summary_writer_symbol (w, 1, LS_SUMMARY_FUNCTION);
  struct ls_summary_site a = { .file = "x.c", .line = 1, .column = 2,
			       .inlined_from = "inl", .call_file = "x.h",
			       .call_line = 3 };
  struct ls_summary_site b = { .file = "/usr/include/y.h", .line = 4,
			       .column = 5, .inlined_from = "inl",
			       .call_file = "/abs.h", .call_line = 6,
			       .callee = "x.c", .arg_index = 1 };
  ls_summary_writer_use (w, "one", 4, 1, false, &a);
  ls_summary_writer_use (w, "two", 4, 1, false, &b);
  ls_summary_writer_name (w, "x.c");
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new (data, len, VERSION, NULL,
						  NULL, &err);
  UNIT_STREQ ("rebase: the directory is recorded",
	      s ? ls_summary_section_directory (s) : NULL, "/p/lib");
  struct recorder r = { 0 };
  ls_summary_section_visit (s, 0, &recording, &r);
  UNIT_CHECK ("rebase: names as written before rebasing",
	      r.n == 4 && strcmp (r.events[1].site.file, "x.c") == 0);
  recorder_free (&r);
  ls_summary_section_rebase (s, "/p/src");
  ls_summary_section_visit (s, 0, &recording, &r);
  ls_summary_section_visit (s, 0, &recording, &r);
  UNIT_CHECK ("rebase: relative files seen from the link",
	      r.n == 8 && strcmp (r.events[1].site.file, "../lib/x.c") == 0
	      && strcmp (r.events[1].site.call_file, "../lib/x.h") == 0
	      && strcmp (r.events[5].site.file, "../lib/x.c") == 0);
  UNIT_CHECK ("rebase: absolute files and other names untouched",
	      strcmp (r.events[2].site.file, "/usr/include/y.h") == 0
	      && strcmp (r.events[2].site.call_file, "/abs.h") == 0
	      && strcmp (r.events[2].site.callee, "x.c") == 0
	      && strcmp (r.events[1].site.inlined_from, "inl") == 0
	      && strcmp (r.events[3].name, "x.c") == 0);
  recorder_free (&r);
  ls_summary_section_rebase (s, "/p/lib");
  ls_summary_section_visit (s, 0, &recording, &r);
  UNIT_CHECK ("rebase: in the compile's own directory, nothing changes",
	      r.n == 4 && strcmp (r.events[1].site.file, "x.c") == 0);
  recorder_free (&r);
  ls_summary_section_free (s);
  ls_summary_writer_free (w);
}

/* What a kept symbol adds to a program: its uses at the caller's site
   with the summary's fields, long options and local names as names.  */
static void
test_add_symbol (void)
{
  size_t len;
  unsigned char *data = sample_section (&len);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new (data, len, VERSION, NULL,
						  NULL, &err);
  ls_program *p = ls_program_new ();
  const char *refs[] = { "main" };
  struct ls_site site = { .loc = 0, .unit = "unit.c", .variable = "opts",
			  .referrers = refs, .n_referrers = 1,
			  .callee = "stale", .dead = true };
  size_t n = ls_summary_add_symbol (p, s, 1, &site);
  UNIT_CHECK ("add: the number of uses", n == 2);
  UNIT_CHECK ("add: a long option is a name of the program",
	      ls_program_has_name (p, "no-color", 8));
  UNIT_CHECK ("add: local names are names of the program",
	      ls_program_has_name (p, "argc", 4)
	      && !ls_program_has_name (p, "greeting_buffer", 15));
  UNIT_CHECK ("add: a named array's bytes are not a name",
	      !ls_program_has_name (p, "one", 3));
  ls_program_finish (p);
  UNIT_CHECK ("add: two strings, two uses",
	      ls_program_n_strings (p) == 2 && ls_program_n_uses (p) == 2);
  bool ok = true;
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      const struct ls_string *str = ls_program_string (p, i);
      const struct ls_site *u = &str->uses[0];
      ok = ok && str->n_uses == 1 && strcmp (u->unit, "unit.c") == 0
	   && strcmp (u->variable, "opts") == 0 && u->n_referrers == 1
	   && strcmp (u->referrers[0], "main") == 0 && u->dead
	   && u->callee == NULL && u->function == NULL;
      if (strcmp (str->text, "no-color") == 0)
	ok = ok && strcmp (u->file, "src/opts.c") == 0 && u->line == 30
	     && u->column == 4 && !u->named_array;
      else
	ok = ok && str->nbytes == 8 && u->line == 2 && u->column == 19
	     && u->named_array;
    }
  UNIT_CHECK ("add: each use at the caller's site, the summary's fields set",
	      ok);
  ls_program_free (p);
  ls_summary_section_free (s);
  free (data);
}

/* The string whose text is TEXT in P.  */
static const struct ls_string *
string_named (const ls_program *p, const char *text)
{
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    if (strcmp (ls_program_string (p, i)->text, text) == 0)
      return ls_program_string (p, i);
  return NULL;
}

/* Adding interns each name of a section once: two symbols' uses of one
   file share the program's copy, rebased names included (and one pool
   entry is a file rebased and, as a callee, a name as written), read
   after the section let go of its bytes and names; a
   second program gets names of its own, whatever the first program
   interned (freed first: a new program at its address must not find
   its names, and ASan sees any name left pointing into it); rebasing
   again interns the new names.  */
static void
test_add_interns_once (void)
{
  ls_summary_writer *w = ls_summary_writer_new (VERSION);
  ls_summary_writer_directory (w, "/p/lib");
  struct ls_summary_site a = { .file = "x.c", .line = 1, .column = 2,
			       .inlined_from = "inl", .call_file = "x.h",
			       .call_line = 3, .callee = "x.c" };
  ls_summary_writer_symbol (w, 1, LS_SUMMARY_FUNCTION);
  ls_summary_writer_use (w, "one", 4, 1, false, &a);
  ls_summary_writer_name (w, "shared_local");
  ls_summary_writer_symbol (w, 2, LS_SUMMARY_FUNCTION);
  a.line = 9;
  ls_summary_writer_use (w, "two", 4, 1, false, &a);
  ls_summary_writer_name (w, "shared_local");
  ls_summary_writer_name (w, "secondLocal");
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  char *err = NULL;
  ls_summary_section *s = ls_summary_section_new (data, len, VERSION, NULL,
						  NULL, &err);
  ls_summary_section_rebase (s, "/p/src");
  ls_program *p = ls_program_new ();
  struct ls_site site = { .unit = "u.c", .function = "f" };
  ls_summary_add_symbol (p, s, 0, &site);
  site.function = "g";
  ls_summary_add_symbol (p, s, 1, &site);
  ls_program_finish (p);
  /* The section's bytes, pool, rebased names and caches go: the uses'
     names must be the program's own (ASan sees any that is not).  */
  ls_summary_section_let_go (s);
  const struct ls_string *one = string_named (p, "one");
  const struct ls_string *two = string_named (p, "two");
  bool ok = one && two;
  const struct ls_site *u1 = ok ? &one->uses[0] : NULL;
  const struct ls_site *u2 = ok ? &two->uses[0] : NULL;
  UNIT_CHECK ("intern: names as the summary says, files rebased",
	      ok && strcmp (u1->file, "../lib/x.c") == 0
	      && strcmp (u1->call_file, "../lib/x.h") == 0
	      && strcmp (u1->callee, "x.c") == 0
	      && strcmp (u1->inlined_from, "inl") == 0
	      && strcmp (u1->unit, "u.c") == 0
	      && strcmp (u1->function, "f") == 0
	      && strcmp (u2->function, "g") == 0);
  UNIT_CHECK ("intern: one copy of each name for both symbols",
	      ok && u1->file == u2->file && u1->call_file == u2->call_file
	      && u1->callee == u2->callee && u1->unit == u2->unit
	      && u1->inlined_from == u2->inlined_from
	      && u1->file != u1->callee);
  UNIT_CHECK ("intern: a use kept does not say its names are interned",
	      ok && !u1->names_interned && !u2->names_interned);
  UNIT_CHECK ("intern: both symbols' local names, one listed by both",
	      ls_program_has_name (p, "shared_local", 12)
	      && ls_program_has_name (p, "secondLocal", 11)
	      && ls_program_knows_word (p, "shared", 6)
	      && ls_program_knows_word (p, "Local", 5));
  ls_program_free (p);
  UNIT_CHECK ("intern: the bytes taken back",
	      ls_summary_section_take_back (s, data, len, VERSION));
  ls_program *q = ls_program_new ();
  site.function = "h";
  ls_summary_add_symbol (q, s, 0, &site);
  ls_summary_section_rebase (s, "/p");
  ls_summary_add_symbol (q, s, 1, &site);
  ls_program_finish (q);
  UNIT_CHECK ("intern: another program gets the names the first got",
	      ls_program_has_name (q, "shared_local", 12)
	      && ls_program_has_name (q, "secondLocal", 11));
  one = string_named (q, "one");
  two = string_named (q, "two");
  UNIT_CHECK ("intern: another program, its own names; rebased again",
	      one && two && strcmp (one->uses[0].file, "../lib/x.c") == 0
	      && strcmp (one->uses[0].callee, "x.c") == 0
	      && strcmp (two->uses[0].file, "lib/x.c") == 0
	      && strcmp (two->uses[0].call_file, "lib/x.h") == 0
	      && strcmp (two->uses[0].function, "h") == 0);
  ls_program_free (q);
  ls_summary_section_free (s);
  free (err);
  ls_summary_writer_free (w);
}

int
main (void)
{
  test_round_trip ();
  test_golden_bytes ();
  test_source_name ();
  test_let_go_and_take_back ();
  test_in_place ();
  test_add_interns_once ();
  test_determinism ();
  test_pool_shares ();
  test_many_symbols ();
  test_no_symbols ();
  test_names_after_uses_once ();
  test_writer_refuses ();
  test_every_truncation ();
  test_flipped_bytes ();
  test_versions ();
  test_bad_fields ();
  test_refused_symbol ();
  test_site_conversions ();
  test_finish_indexed ();
  test_kept_section ();
  test_copy_symbols ();
  test_dir_prefix ();
  test_rebase ();
  test_add_symbol ();
  return unit_done ("test_summary");
}
