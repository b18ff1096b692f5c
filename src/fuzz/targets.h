/* targets.h: the fuzz targets of the C core, shared by the libFuzzer
   harness (fuzz.c, one binary per target) and the replay test
   (replay.c, which runs every file kept under corpus/TARGET/ through
   its target in `make check`).

   Each target takes arbitrary bytes, drives one entry point of the
   core with them, and checks the promises the API makes (offsets in
   range, UTF-8 out, NUL-terminated results), calling abort () when
   one is broken so that both libFuzzer and the replay test see it.
   The sanitizers catch the rest (out-of-bounds reads, leaks,
   undefined behaviour).  */

#ifndef LTOSPELL_FUZZ_TARGETS_H
#define LTOSPELL_FUZZ_TARGETS_H

#include "../baseline.h"
#include "../check.h"
#include "../decode.h"
#include "../dictwords.h"
#include "../findings.h"
#include "../jsonread.h"
#include "../literal.h"
#include "../options.h"
#include "../speller.h"
#include "../strtab.h"
#include "../summary.h"
#include "../text.h"
#include "../words.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

/* Is S (LEN bytes) well-formed UTF-8 (NUL bytes allowed)?  */
static int
fuzz_valid_utf8 (const unsigned char *s, size_t len)
{
  for (size_t i = 0; i < len;)
    {
      unsigned char c = s[i];
      size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2
		 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
      if (n == 0 || i + n > len)
	return 0;
      uint32_t v = n == 1 ? c : c & (0x7f >> n);
      for (size_t k = 1; k < n; k++)
	{
	  if ((s[i + k] & 0xc0) != 0x80)
	    return 0;
	  v = (v << 6) | (s[i + k] & 0x3f);
	}
      static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
      if (v < min[n] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
	return 0;
      i += n;
    }
  return 1;
}

#define FUZZ_ASSERT(cond)						\
  do									\
    {									\
      if (!(cond))							\
	{								\
	  fprintf (stderr, "fuzz target: %s:%d: %s\n", __FILE__,	\
		   __LINE__, #cond);					\
	  abort ();							\
	}								\
    }									\
  while (0)

/* ------------------------------------------------------------------ */
/* Word splitting: every word is a non-empty, in-range, increasing
   slice of the text, or, read through a notation ("[h]elp" as "help"),
   a copy whose bytes come in order (in any ASCII case) from its
   offset on.  */

struct fuzz_split_state
{
  const char *text;
  size_t len;
  size_t next;			/* Words come in order, without overlap.  */
};

static int
fuzz_fold (unsigned char c)
{
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static void
fuzz_on_word (const char *word, size_t len, size_t offset, void *data)
{
  struct fuzz_split_state *st = data;
  FUZZ_ASSERT (len > 0);
  FUZZ_ASSERT (offset >= st->next);
  FUZZ_ASSERT (offset + len <= st->len);
  if (word == st->text + offset)
    {
      st->next = offset + len;
      return;
    }
  FUZZ_ASSERT (word < st->text || word >= st->text + st->len);
  size_t i = offset, k = 0;
  for (; i < st->len && k < len; i++)
    if (fuzz_fold (st->text[i]) == fuzz_fold (word[k]))
      k++;
  FUZZ_ASSERT (k == len);
  st->next = i;
}

/* First byte: the format kind (printf, none, scanf, strftime: every
   conversion parser); the rest: the text, as given (any bytes) and
   once more after decoding as 1-byte elements (valid UTF-8, as the
   plugin passes it).  */
static int
fuzz_words (const uint8_t *data, size_t size)
{
  static const unsigned kinds[] = {
    LS_SPLIT_DEFAULT, LS_SPLIT_NO_PRINTF, LS_SPLIT_SCANF, LS_SPLIT_STRFTIME
  };
  if (size < 1)
    return 0;
  unsigned flags = kinds[data[0] & 3];
  char *raw = malloc (size);	/* Exactly sized: ASan sees overreads.  */
  memcpy (raw, data + 1, size - 1);
  struct fuzz_split_state st = { raw, size - 1, 0 };
  ls_split_words (raw, size - 1, flags, fuzz_on_word, &st);
  free (raw);

  size_t len;
  char *text = ls_decode (data + 1, size - 1, 1, false, &len);
  struct fuzz_split_state st2 = { text, len, 0 };
  ls_split_words (text, len, flags, fuzz_on_word, &st2);
  free (text);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Decoding: first byte chooses the element size and byte order; the
   output is NUL-terminated UTF-8 of the length given.  */

static int
fuzz_decode (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  static const unsigned sizes[] = { 1, 2, 4, 1 };
  unsigned elem = sizes[data[0] & 3];
  bool big = (data[0] & 4) != 0;
  size_t n = size - 1;
  n -= n % elem;		/* The plugin passes whole elements.  */
  void *bytes = malloc (n ? n : 1);
  memcpy (bytes, data + 1, n);
  size_t len = (size_t) -1;
  char *text = ls_decode (bytes, n, elem, big, &len);
  FUZZ_ASSERT (text != NULL);
  FUZZ_ASSERT (text[len] == '\0');
  FUZZ_ASSERT (fuzz_valid_utf8 ((const unsigned char *) text, len));
  free (text);
  free (bytes);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Options: each line is one -fplugin-arg-ltospell-KEY[=VALUE]; a line
   without '=' has no value.  Every error has a message.  */

static int
fuzz_options (const uint8_t *data, size_t size)
{
  char *buf = malloc (size + 1);
  memcpy (buf, data, size);
  buf[size] = '\0';
  struct ls_options o;
  ls_options_init (&o);
  char *line = buf, *end = buf + size;
  while (line <= end)
    {
      char *nl = memchr (line, '\n', end - line);
      if (nl)
	*nl = '\0';
      char *eq = strchr (line, '=');
      if (eq)
	*eq = '\0';
      char *err = NULL;
      int rc = ls_options_set (&o, line, eq ? eq + 1 : NULL, &err);
      FUZZ_ASSERT (rc == 0 || rc == -1);
      FUZZ_ASSERT ((rc == 0) == (err == NULL));
      if (err)
	FUZZ_ASSERT (strlen (err) > 0);
      free (err);
      if (!nl)
	break;
      line = nl + 1;
    }
  FUZZ_ASSERT (o.lang != NULL && o.lang[0] != '\0');
  ls_options_free (&o);
  free (buf);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Escaping for the reports: JSON string contents are valid UTF-8 with
   no raw control character, quote or lone backslash; display text is
   one line of valid UTF-8; relative paths never grow.  */

static int
fuzz_escape (const uint8_t *data, size_t size)
{
  char *raw = malloc (size ? size : 1);
  memcpy (raw, data, size);

  char *json = NULL;
  size_t json_len = 0;
  FILE *out = open_memstream (&json, &json_len);
  ls_json_escape (out, raw, size);
  fclose (out);
  FUZZ_ASSERT (fuzz_valid_utf8 ((const unsigned char *) json, json_len));
  for (size_t i = 0; i < json_len; i++)
    {
      unsigned char c = json[i];
      FUZZ_ASSERT (c >= 0x20 && c != 0x7f && c != '"');
      if (c == '\\')
	{
	  FUZZ_ASSERT (i + 1 < json_len);
	  FUZZ_ASSERT (strchr ("\"\\/bfnrtu", json[i + 1]) != NULL);
	  i++;
	}
    }
  free (json);

  char *shown = ls_display_text (raw, size);
  size_t shown_len = strlen (shown);
  FUZZ_ASSERT (fuzz_valid_utf8 ((const unsigned char *) shown, shown_len));
  for (size_t i = 0; i < shown_len; i++)
    FUZZ_ASSERT ((unsigned char) shown[i] >= 0x20 && shown[i] != 0x7f);
  free (shown);

  /* PATH and DIR: the text split at its first NUL.  */
  char *path = malloc (size + 2);
  memcpy (path, data, size);
  path[size] = path[size + 1] = '\0';
  const char *dir = path + strlen (path) + 1;
  if (dir > path + size)
    dir = path + size;
  char *rel = ls_relative_path (path, dir);
  FUZZ_ASSERT (rel != NULL && strlen (rel) <= strlen (path) + 1);
  free (rel);
  free (path);
  free (raw);
  return 0;
}

/* ------------------------------------------------------------------ */

struct fuzz_target
{
  const char *name;		/* Also the directory under corpus/.  */
  int (*run) (const uint8_t *data, size_t size);
};

/* ------------------------------------------------------------------ */
/* Checking: what is prose (one-token strings, program source, data)
   and the findings.  First byte: the format kind of the callee; the
   rest: up to 8 strings separated by 0xFF bytes, used in one unit.
   The en_US speller and the default filters (the known-misspellings
   list) are opened once.  Every finding is a non-empty word of valid
   UTF-8 at an offset inside its string, and there are no more
   findings than words checked.  */

static int
fuzz_check (const uint8_t *data, size_t size)
{
  static ls_speller *speller;
  static ls_filters *filters;
  static struct ls_options options;
  if (!speller)
    {
      char *err = NULL;
      speller = ls_speller_new ("en_US", NULL, &err);
      FUZZ_ASSERT (speller != NULL);
      ls_options_init (&options);
      filters = ls_filters_new (&options, &err);
      FUZZ_ASSERT (filters != NULL);
    }
  if (size < 1)
    return 0;
  static const unsigned formats[] = {
    LS_FORMAT_NONE, LS_FORMAT_PRINTF, LS_FORMAT_SCANF, LS_FORMAT_STRFTIME
  };
  struct ls_site site;
  memset (&site, 0, sizeof site);
  site.file = site.unit = "a.c";
  site.function = "main";
  site.line = site.column = 1;
  site.callee = "f";
  site.arg_index = 1;
  site.format = formats[data[0] & 3];

  ls_program *p = ls_program_new ();
  const uint8_t *start = data + 1, *end = data + size;
  for (int n = 0; n < 8 && start <= end; n++)
    {
      const uint8_t *sep = memchr (start, 0xff, (size_t) (end - start));
      const uint8_t *stop = sep ? sep : end;
      site.line = (unsigned) n + 1;
      ls_program_add_use (p, start, (size_t) (stop - start), 1, false, &site);
      if (!sep)
	break;
      start = sep + 1;
    }
  ls_program_finish (p);
  ls_findings f;
  ls_check_program (p, speller, filters, &f);
  FUZZ_ASSERT (f.n <= f.words);
  for (size_t i = 0; i < f.n; i++)
    {
      const struct ls_finding *x = &f.items[i];
      size_t len = strlen (x->word);
      FUZZ_ASSERT (len > 0);
      FUZZ_ASSERT (fuzz_valid_utf8 ((const unsigned char *) x->word, len));
      FUZZ_ASSERT (x->offset < x->str->text_len);
    }
  ls_findings_free (&f);
  ls_program_free (p);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Summaries.  First byte even: the rest is a section, read; when it
   is accepted, what was read is written again and read back the same,
   and writing it twice gives the same bytes.  First byte odd: the rest
   describes calls to a writer (fuzz_summary_describe); the section
   written is read back as exactly what the writer was given.  A
   refused section passes nothing on and says why.  */

enum { FUZZ_SUM_SYMBOL, FUZZ_SUM_USE, FUZZ_SUM_NAME };

struct fuzz_summary_event
{
  int type;
  unsigned index;
  enum ls_summary_kind kind;
  const unsigned char *bytes;
  size_t nbytes;
  unsigned elem_size;
  bool big_endian;
  struct ls_summary_site site;
  const char *name;
};

struct fuzz_summary_log
{
  struct fuzz_summary_event *ev;
  size_t n, alloc;
};

static struct fuzz_summary_event *
fuzz_summary_add (struct fuzz_summary_log *log, int type)
{
  if (log->n == log->alloc)
    {
      log->alloc = log->alloc ? 2 * log->alloc : 16;
      log->ev = realloc (log->ev, log->alloc * sizeof *log->ev);
      FUZZ_ASSERT (log->ev != NULL);
    }
  struct fuzz_summary_event *e = &log->ev[log->n++];
  memset (e, 0, sizeof *e);
  e->type = type;
  return e;
}

static void
fuzz_summary_on_symbol (void *ctx, unsigned index, enum ls_summary_kind kind)
{
  struct fuzz_summary_event *e = fuzz_summary_add (ctx, FUZZ_SUM_SYMBOL);
  FUZZ_ASSERT (kind == LS_SUMMARY_FUNCTION || kind == LS_SUMMARY_VARIABLE);
  e->index = index;
  e->kind = kind;
}

static void
fuzz_summary_on_use (void *ctx, const unsigned char *bytes, size_t nbytes,
		     unsigned elem_size, bool big_endian,
		     const struct ls_summary_site *site)
{
  FUZZ_ASSERT (elem_size == 1 || elem_size == 2 || elem_size == 4);
  FUZZ_ASSERT (site->format <= LS_FORMAT_ARG);
  /* Read as a C string, it ends in its bytes or at the NUL after.  */
  FUZZ_ASSERT (memchr (bytes, 0, nbytes) || bytes[nbytes] == '\0');
  struct fuzz_summary_event *e = fuzz_summary_add (ctx, FUZZ_SUM_USE);
  e->bytes = bytes;
  e->nbytes = nbytes;
  e->elem_size = elem_size;
  e->big_endian = big_endian;
  e->site = *site;
}

static void
fuzz_summary_on_name (void *ctx, const char *name)
{
  fuzz_summary_add (ctx, FUZZ_SUM_NAME)->name = name;
}

static const struct ls_summary_visitor fuzz_summary_visitor = {
  NULL, fuzz_summary_on_symbol, fuzz_summary_on_use, fuzz_summary_on_name
};

static int
fuzz_summary_same_name (const char *a, const char *b)
{
  return (a == NULL || b == NULL) ? a == b : strcmp (a, b) == 0;
}

static int
fuzz_summary_same (const struct fuzz_summary_event *a,
		   const struct fuzz_summary_event *b)
{
  if (a->type != b->type)
    return 0;
  if (a->type == FUZZ_SUM_SYMBOL)
    return a->index == b->index && a->kind == b->kind;
  if (a->type == FUZZ_SUM_NAME)
    return strcmp (a->name, b->name) == 0;
  const struct ls_summary_site *x = &a->site, *y = &b->site;
  return a->nbytes == b->nbytes
	 && (a->nbytes == 0 || memcmp (a->bytes, b->bytes, a->nbytes) == 0)
	 && a->elem_size == b->elem_size && a->big_endian == b->big_endian
	 && fuzz_summary_same_name (x->file, y->file) && x->line == y->line
	 && x->column == y->column
	 && fuzz_summary_same_name (x->inlined_from, y->inlined_from)
	 && fuzz_summary_same_name (x->call_file, y->call_file)
	 && x->call_line == y->call_line
	 && fuzz_summary_same_name (x->callee, y->callee)
	 && x->arg_index == y->arg_index && x->format == y->format
	 && x->named_array == y->named_array
	 && x->option_names == y->option_names;
}

static void
fuzz_summary_write (ls_summary_writer *w, const struct fuzz_summary_log *log)
{
  for (size_t i = 0; i < log->n; i++)
    {
      const struct fuzz_summary_event *e = &log->ev[i];
      if (e->type == FUZZ_SUM_SYMBOL)
	ls_summary_writer_symbol (w, e->index, e->kind);
      else if (e->type == FUZZ_SUM_NAME)
	ls_summary_writer_name (w, e->name);
      else
	ls_summary_writer_use (w, e->bytes, e->nbytes, e->elem_size,
			       e->big_endian, &e->site);
    }
}

/* Read DATA (LEN bytes) into LOG; FUZZ_ASSERTs the reader's promises.  */
static int
fuzz_summary_read (const void *data, size_t len, const char *version,
		   struct fuzz_summary_log *log)
{
  char *err = (char *) "unset";
  int rc = ls_summary_read (data, len, version, &fuzz_summary_visitor, log,
			    &err);
  FUZZ_ASSERT (rc == 0 || rc == -1);
  FUZZ_ASSERT ((rc == 0) == (err == NULL));
  if (rc != 0)
    {
      FUZZ_ASSERT (log->n == 0);
      FUZZ_ASSERT (strlen (err) > 0);
    }
  free (err);
  return rc;
}

/* Write LOG, read it back: the same events, in the same order.  The
   section is copied to an exact-size buffer so that ASan sees any
   read past its end.  */
static void
fuzz_summary_round_trip (const struct fuzz_summary_log *log)
{
  ls_summary_writer *w = ls_summary_writer_new ("fuzz");
  fuzz_summary_write (w, log);
  size_t len;
  const unsigned char *data = ls_summary_writer_finish (w, &len);
  unsigned char *copy = malloc (len);
  memcpy (copy, data, len);
  struct fuzz_summary_log back = { 0 };
  FUZZ_ASSERT (fuzz_summary_read (copy, len, "fuzz", &back) == 0);
  FUZZ_ASSERT (back.n == log->n);
  for (size_t i = 0; i < log->n; i++)
    FUZZ_ASSERT (fuzz_summary_same (&back.ev[i], &log->ev[i]));

  /* The same events once more: the same bytes.  */
  ls_summary_writer *w2 = ls_summary_writer_new ("fuzz");
  fuzz_summary_write (w2, &back);
  size_t len2;
  const unsigned char *data2 = ls_summary_writer_finish (w2, &len2);
  FUZZ_ASSERT (len2 == len && memcmp (data2, copy, len) == 0);
  ls_summary_writer_free (w2);
  free (back.ev);
  free (copy);
  ls_summary_writer_free (w);
}

/* Bytes of a fuzz input taken one field at a time; zeros past the end.  */
struct fuzz_summary_input
{
  const uint8_t *p, *end;
};

static unsigned
fuzz_summary_byte (struct fuzz_summary_input *in)
{
  return in->p < in->end ? *in->p++ : 0;
}

static unsigned
fuzz_summary_u32 (struct fuzz_summary_input *in, unsigned nbytes)
{
  unsigned v = 0;
  for (unsigned i = 0; i < nbytes; i++)
    v = (v << 8) | fuzz_summary_byte (in);
  return v;
}

/* A string of the input: a length byte, then that many bytes (fewer
   at the end), copied into a NUL-terminated buffer kept in KEEP.  */
static char *
fuzz_summary_text (struct fuzz_summary_input *in, size_t *len,
		   struct fuzz_summary_log *keep)
{
  size_t n = fuzz_summary_byte (in) % 24;
  if (n > (size_t) (in->end - in->p))
    n = (size_t) (in->end - in->p);
  char *s = malloc (n + 1);
  FUZZ_ASSERT (s != NULL);
  if (n)
    memcpy (s, in->p, n);
  s[n] = '\0';
  in->p += n;
  *len = n;
  fuzz_summary_add (keep, FUZZ_SUM_NAME)->name = s;
  return s;
}

/* A name: NULL, one of a few (so that the pool shares them), or a
   string of the input up to its first NUL.  */
static const char *
fuzz_summary_name (struct fuzz_summary_input *in,
		   struct fuzz_summary_log *keep)
{
  static const char *const common[] = { "main.c", "printf", "helper", "" };
  unsigned c = fuzz_summary_byte (in) % 6;
  if (c == 0)
    return NULL;
  if (c <= 4)
    return common[c - 1];
  size_t len;
  return fuzz_summary_text (in, &len, keep);
}

/* Describe writer calls with the input; EXPECT gets what a reader
   must give back (uses and names of each symbol in that order, names
   once per symbol, nothing before the first symbol, bad uses left
   out), KEEP the strings to free.  */
static void
fuzz_summary_describe (struct fuzz_summary_input *in, ls_summary_writer *w,
		       struct fuzz_summary_log *expect,
		       struct fuzz_summary_log *keep)
{
  struct fuzz_summary_log names = { 0 };
  bool in_symbol = false;
  while (in->p < in->end)
    {
      unsigned op = fuzz_summary_byte (in) % 3;
      if (op == FUZZ_SUM_SYMBOL)
	{
	  for (size_t i = 0; i < names.n; i++)
	    *fuzz_summary_add (expect, FUZZ_SUM_NAME) = names.ev[i];
	  names.n = 0;
	  unsigned index = fuzz_summary_u32 (in, 4);
	  enum ls_summary_kind kind = fuzz_summary_byte (in) & 1;
	  ls_summary_writer_symbol (w, index, kind);
	  struct fuzz_summary_event *e = fuzz_summary_add (expect, op);
	  e->index = index;
	  e->kind = kind;
	  in_symbol = true;
	}
      else if (op == FUZZ_SUM_USE)
	{
	  static const unsigned sizes[] = { 1, 2, 4, 3 };
	  unsigned flags = fuzz_summary_byte (in);
	  struct fuzz_summary_event e;
	  memset (&e, 0, sizeof e);
	  e.type = FUZZ_SUM_USE;
	  e.elem_size = sizes[flags & 3];
	  e.big_endian = (flags & 4) != 0;
	  e.site.named_array = (flags & 8) != 0;
	  e.site.option_names = (flags & 16) != 0;
	  e.bytes = (const unsigned char *) fuzz_summary_text (in, &e.nbytes,
							       keep);
	  e.site.file = fuzz_summary_name (in, keep);
	  e.site.line = fuzz_summary_u32 (in, flags & 32 ? 4 : 1);
	  e.site.column = fuzz_summary_byte (in);
	  if (flags & 64)
	    {
	      e.site.inlined_from = fuzz_summary_name (in, keep);
	      e.site.call_file = fuzz_summary_name (in, keep);
	      e.site.call_line = fuzz_summary_u32 (in, 2);
	    }
	  if (flags & 128)
	    {
	      e.site.callee = fuzz_summary_name (in, keep);
	      e.site.arg_index = fuzz_summary_byte (in);
	      e.site.format = fuzz_summary_byte (in) % 6;
	    }
	  bool good = in_symbol && e.elem_size != 3
		      && e.site.format <= LS_FORMAT_ARG;
	  bool written = ls_summary_writer_use (w, e.bytes, e.nbytes,
						e.elem_size, e.big_endian,
						&e.site);
	  FUZZ_ASSERT (written == good);
	  if (good)
	    *fuzz_summary_add (expect, FUZZ_SUM_USE) = e;
	}
      else
	{
	  const char *name = fuzz_summary_name (in, keep);
	  ls_summary_writer_name (w, name);
	  bool seen = !name || !in_symbol;
	  for (size_t i = 0; i < names.n && !seen; i++)
	    seen = strcmp (names.ev[i].name, name) == 0;
	  if (!seen)
	    fuzz_summary_add (&names, FUZZ_SUM_NAME)->name = name;
	}
    }
  for (size_t i = 0; i < names.n; i++)
    *fuzz_summary_add (expect, FUZZ_SUM_NAME) = names.ev[i];
  free (names.ev);
}

/* The same bytes kept as a section, copied or read in place (then let
   go and taken back from the same bytes after the first visit):
   accepted exactly when a read accepts them, and visiting every
   symbol, rebased or not, gives what the read gave (LOG), file names
   apart when rebased.  */
static void
fuzz_summary_kept (const uint8_t *data, size_t len, bool accepted,
		   const struct fuzz_summary_log *log, bool in_place)
{
  char *err = NULL;
  ls_summary_section *s
    = in_place ? ls_summary_section_new_in_place (data, len, NULL, NULL,
						   NULL, &err)
	       : ls_summary_section_new (data, len, NULL, NULL, NULL, &err);
  FUZZ_ASSERT ((s != NULL) == accepted);
  FUZZ_ASSERT ((err == NULL) == accepted);
  free (err);
  if (!s)
    return;
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1 && in_place)
	{
	  ls_summary_section_let_go (s);
	  FUZZ_ASSERT (ls_summary_section_take_back (s, data, len, NULL));
	}
      if (pass == 1)
	ls_summary_section_rebase (s, "/fuzz/link");
      struct fuzz_summary_log back = { 0 };
      size_t n = ls_summary_section_n_symbols (s);
      for (size_t i = 0; i <= n; i++)
	ls_summary_section_visit (s, i, &fuzz_summary_visitor, &back);
      FUZZ_ASSERT (back.n == log->n);
      for (size_t i = 0; i < back.n; i++)
	{
	  struct fuzz_summary_event e = back.ev[i];
	  if (pass == 1 && e.type == FUZZ_SUM_USE)
	    {
	      e.site.file = log->ev[i].site.file;
	      e.site.call_file = log->ev[i].site.call_file;
	    }
	  FUZZ_ASSERT (fuzz_summary_same (&e, &log->ev[i]));
	}
      free (back.ev);
    }
  ls_program *p = ls_program_new ();
  struct ls_site site;
  memset (&site, 0, sizeof site);
  for (size_t i = 0; i < ls_summary_section_n_symbols (s); i++)
    ls_summary_add_symbol (p, s, i, &site);
  ls_program_finish (p);
  ls_program_free (p);
  ls_summary_section_free (s);
}

static int
fuzz_summary (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  if (!(data[0] & 1))
    {
      size_t n = size - 1;
      uint8_t *section = malloc (n ? n : 1);
      memcpy (section, data + 1, n);
      struct fuzz_summary_log log = { 0 };
      int rc = fuzz_summary_read (n ? section : NULL, n, NULL, &log);
      if (rc == 0)
	fuzz_summary_round_trip (&log);
      fuzz_summary_kept (section, n, rc == 0, &log, false);
      fuzz_summary_kept (section, n, rc == 0, &log, true);
      free (log.ev);
      free (section);
      return 0;
    }
  struct fuzz_summary_input in = { data + 1, data + size };
  struct fuzz_summary_log expect = { 0 }, keep = { 0 };
  ls_summary_writer *w = ls_summary_writer_new ("fuzz");
  fuzz_summary_describe (&in, w, &expect, &keep);
  size_t len;
  const unsigned char *bytes = ls_summary_writer_finish (w, &len);
  unsigned char *copy = malloc (len);
  memcpy (copy, bytes, len);
  struct fuzz_summary_log back = { 0 };
  FUZZ_ASSERT (fuzz_summary_read (copy, len, "fuzz", &back) == 0);
  FUZZ_ASSERT (back.n == expect.n);
  for (size_t i = 0; i < back.n; i++)
    FUZZ_ASSERT (fuzz_summary_same (&back.ev[i], &expect.ev[i]));
  /* Every proper prefix is refused, without a visit.  */
  for (size_t k = 0; k < len; k += 1 + len / 64)
    {
      struct fuzz_summary_log none = { 0 };
      FUZZ_ASSERT (fuzz_summary_read (copy, k, "fuzz", &none) == -1);
      free (none.ev);
    }
  free (back.ev);
  free (copy);
  ls_summary_writer_free (w);
  for (size_t i = 0; i < keep.n; i++)
    free ((void *) keep.ev[i].name);
  free (keep.ev);
  free (expect.ev);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Reading JSON and baselines (baseline=): any bytes give a value or one
   error with its line and column, never a crash; decoded strings are
   valid UTF-8 (NULs allowed); a baseline that reads finds its own
   first finding.  */

static void
fuzz_json_strings (const struct ls_json *v)
{
  if (v->type == LS_JSON_STRING)
    FUZZ_ASSERT (fuzz_valid_utf8 ((const unsigned char *) v->text, v->len)
		 && v->text[v->len] == '\0');
  for (size_t i = 0; i < v->n; i++)
    {
      fuzz_json_strings (&v->items[i]);
      if (v->keys)
	fuzz_json_strings (&v->keys[i]);
    }
}

static int
fuzz_baseline (const uint8_t *data, size_t size)
{
  char *err = NULL;
  struct ls_json *v = ls_json_parse ((const char *) data, size, &err);
  FUZZ_ASSERT ((v == NULL) == (err != NULL));
  FUZZ_ASSERT (!err || strncmp (err, "line ", 5) == 0);
  if (v)
    fuzz_json_strings (v);
  free (err);
  err = NULL;
  ls_baseline *b = ls_baseline_parse ((const char *) data, size, "fuzz",
				      &err);
  FUZZ_ASSERT ((b == NULL) == (err != NULL));
  const struct ls_json *findings = ls_json_member (v, "findings");
  if (b && findings && findings->n > 0)
    {
      const struct ls_json *f = &findings->items[0];
      const struct ls_json *tier = ls_json_member (f, "tier");
      const struct ls_json *word = ls_json_member (f, "word");
      const struct ls_json *text = ls_json_member (f, "string");
      /* A word with a NUL cannot be a finding's word.  */
      if (strlen (word->text) == word->len && strlen (tier->text) == tier->len)
	FUZZ_ASSERT (ls_baseline_has (b, tier->text, word->text, text->text,
				      text->len));
    }
  ls_baseline_free (b);
  ls_json_free (v);
  free (err);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Snippets: the first 3 bytes give the word's offset and length and
   the width; the rest is the string.  The snippet holds the word, is
   cut between characters, and its display form is part of the whole
   string's.  */

static bool
fuzz_at_boundary (const unsigned char *s, size_t len, size_t at)
{
  size_t i = 0;
  while (i < at)
    {
      size_t n = ls_utf8_sequence_length (s + i, len - i);
      i += n ? n : 1;
    }
  return i == at;
}

static int
fuzz_snippet (const uint8_t *data, size_t size)
{
  if (size < 3)
    return 0;
  size_t len = size - 3, word = data[0] * 2, word_len = data[1] % 32;
  size_t max_chars = 1 + data[2] % 160;
  char *s = malloc (len ? len : 1);	/* Exactly sized.  */
  memcpy (s, data + 3, len);
  size_t start, end;
  ls_snippet_bounds (s, len, word, word_len, max_chars, &start, &end);
  FUZZ_ASSERT (start <= end && end <= len);
  const unsigned char *u = (const unsigned char *) s;
  FUZZ_ASSERT (fuzz_at_boundary (u, len, start));
  FUZZ_ASSERT (fuzz_at_boundary (u, len, end));
  if (word < len)
    FUZZ_ASSERT (start <= word && (end > word || word_len == 0));
  char *whole = ls_display_text (s, len);
  char *part = ls_display_text (s + start, end - start);
  FUZZ_ASSERT (strstr (whole, part) != NULL);
  free (part);
  free (whole);
  free (s);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Reading a literal or a char array's initializer again from its
   source (the user's file, any bytes): the first 4 bytes give the
   line, the column, the word's offset and length; the rest up to a
   NUL byte is the source, one line a '\n'; after the NUL, the bytes
   the initializer must hold.  A span found is inside its line.  */

struct fuzz_lines
{
  char **text;
  size_t *len;
  size_t n;
};

static const char *
fuzz_get_line (void *ctx, unsigned line, size_t *len)
{
  const struct fuzz_lines *l = ctx;
  if (line == 0 || line > l->n)
    return NULL;
  *len = l->len[line - 1];
  return l->text[line - 1];
}

static void
fuzz_check_span (const struct fuzz_lines *l, const struct ls_source_span *s)
{
  FUZZ_ASSERT (s->line >= 1 && s->line <= l->n);
  FUZZ_ASSERT (s->first_column >= 1 && s->first_column <= s->last_column);
  FUZZ_ASSERT (s->last_column <= l->len[s->line - 1]);
}

static int
fuzz_literal (const uint8_t *data, size_t size)
{
  if (size < 4)
    return 0;
  unsigned line = 1 + data[0] % 8, column = 1 + data[1] % 64;
  size_t offset = data[2], len = 1 + data[3] % 16;
  const uint8_t *src = data + 4, *stop = memchr (src, 0, size - 4);
  size_t src_len = stop ? (size_t) (stop - src) : size - 4;
  const uint8_t *bytes = stop ? stop + 1 : data + size;
  size_t nbytes = (size_t) (data + size - bytes);
  struct fuzz_lines l = { NULL, NULL, 0 };
  size_t cap = 1;
  for (size_t i = 0; i < src_len; i++)
    cap += src[i] == '\n';
  l.text = calloc (cap, sizeof *l.text);
  l.len = calloc (cap, sizeof *l.len);
  for (size_t i = 0; i <= src_len; l.n++)
    {
      const uint8_t *nl = memchr (src + i, '\n', src_len - i);
      size_t n = nl ? (size_t) (nl - src) - i : src_len - i;
      /* Each line ends as in the source reader's buffer: a newline
	 after its bytes.  */
      l.text[l.n] = malloc (n + 1);
      memcpy (l.text[l.n], src + i, n);
      l.text[l.n][n] = '\n';
      l.len[l.n] = n;
      i += n + 1;
    }
  struct ls_source_span span;
  if (ls_literal_span (fuzz_get_line, &l, line, column, offset, len, &span))
    fuzz_check_span (&l, &span);
  ls_initializer *init = ls_initializer_read (fuzz_get_line, &l, line, column,
					      bytes, nbytes);
  if (ls_initializer_span (init, offset, len, &span))
    fuzz_check_span (&l, &span);
  if (init && nbytes > 0)
    for (size_t at = 0; at < nbytes; at++)
      if (ls_initializer_span (init, at, 1, &span))
	fuzz_check_span (&l, &span);
  ls_initializer_free (init);
  for (size_t i = 0; i < l.n; i++)
    free (l.text[i]);
  free (l.text);
  free (l.len);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Precompiled words (dictwords.c): the bytes are the file.  A header
   line "# source /tmp/ltospell-fuzz-dictwords.src 4 1000000000" names
   a file this target makes with that size and time, so that inputs
   can get past the header to the table.  When the file opens, every
   line's word is looked up: a value found has no newline in it.  */

static char fuzz_dictwords_dir[64];

static void
remove_fuzz_dictwords_dir (void)
{
  rmdir (fuzz_dictwords_dir);
}

static int
fuzz_dictwords (const uint8_t *data, size_t size)
{
  char *dir = fuzz_dictwords_dir;
  if (!dir[0])
    {
      FILE *src = fopen ("/tmp/ltospell-fuzz-dictwords.src", "w");
      FUZZ_ASSERT (src && fputs ("abc\n", src) >= 0 && fclose (src) == 0);
      struct utimbuf t = { 1000000000, 1000000000 };
      FUZZ_ASSERT (utime ("/tmp/ltospell-fuzz-dictwords.src", &t) == 0);
      snprintf (dir, sizeof fuzz_dictwords_dir,
		"/tmp/ltospell-fuzz-dictwords-%ld", (long) getpid ());
      mkdir (dir, 0700);
      atexit (remove_fuzz_dictwords_dir);
    }
  char path[128];
  snprintf (path, sizeof path, "%s/hunspell-xx.words", dir);
  FILE *f = fopen (path, "wb");
  FUZZ_ASSERT (f && fwrite (data, 1, size, f) == size && fclose (f) == 0);
  char *why = NULL;
  ls_dict_words *w = ls_dict_words_open (dir, "hunspell", "xx", NULL, &why);
  FUZZ_ASSERT (w || why);
  free (why);
  for (size_t i = 0; w && i < size;)
    {
      const uint8_t *nl = memchr (data + i, '\n', size - i);
      size_t end = nl ? (size_t) (nl - data) : size;
      size_t key = i;
      while (key < end && data[key] != '\t')
	key++;
      size_t vlen = 0;
      const char *v = ls_dict_words_find (w, (const char *) data + i, key - i,
					  &vlen);
      FUZZ_ASSERT (!v || !memchr (v, '\n', vlen));
      i = end + 1;
    }
  ls_dict_words_free (w);
  unlink (path);
  return 0;
}

static const struct fuzz_target fuzz_targets[] = {
  { "words", fuzz_words },
  { "decode", fuzz_decode },
  { "options", fuzz_options },
  { "escape", fuzz_escape },
  { "check", fuzz_check },
  { "summary", fuzz_summary },
  { "baseline", fuzz_baseline },
  { "snippet", fuzz_snippet },
  { "literal", fuzz_literal },
  { "dictwords", fuzz_dictwords },
};

#endif /* LTOSPELL_FUZZ_TARGETS_H */
