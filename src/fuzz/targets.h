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

#include "../ltospell.h"
#include "../report.h"
#include "../precision.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const struct fuzz_target fuzz_targets[] = {
  { "words", fuzz_words },
  { "decode", fuzz_decode },
  { "options", fuzz_options },
  { "escape", fuzz_escape },
  { "check", fuzz_check },
};

#endif /* LTOSPELL_FUZZ_TARGETS_H */
