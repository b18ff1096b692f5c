/* results.c: the one list of records every output renders.

   Each finding and each consistency item becomes one record, built
   once: its message (GCC's format and the same text with ASCII
   quotes), its suggestions, its level and whether it warns and fails.
   The decisions are made here and nowhere else:

   - a finding warns when tier= asks for its tier, it is confident
     enough (confidence=; known misspellings always are), its string is
     live (or `dead' is given), and baseline= does not list it;
   - it fails the link under the same rules with fail-on= (werror is
     fail-on=all) in place of tier=;
   - a consistency item always warns, and fails under fail-on=all;
   - its level is "error" when it fails, "warning" when it warns,
     "note" otherwise.  */

#include "results.h"
#include "confidence.h"
#include "text.h"
#include "utf8.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* What warns, what fails.                                             */

static bool
tier_chosen (enum ls_tier_choice choice, enum ls_tier tier)
{
  switch (choice)
    {
    case LS_TIERS_ALL:
      return true;
    case LS_TIERS_KNOWN:
      return tier == LS_TIER_KNOWN;
    default:
      return false;
    }
}

/* Is F sure enough to count (confidence=)?  Known misspellings are.  */
static bool
confident_enough (const struct ls_finding *f, const struct ls_options *o)
{
  return f->tier == LS_TIER_KNOWN || f->confidence >= o->min_confidence;
}

/* Would F count under CHOICE (tier= or fail-on=), baseline= aside?  */
static bool
finding_counts (const struct ls_finding *f, const struct ls_options *o,
		enum ls_tier_choice choice)
{
  return tier_chosen (choice, f->tier) && confident_enough (f, o)
	 && (o->dead || !ls_string_is_dead (f->str));
}

bool
ls_finding_warns (const struct ls_finding *f, const struct ls_options *o)
{
  return finding_counts (f, o, o->tier);
}

const char *
ls_tier_name (enum ls_tier tier)
{
  return tier == LS_TIER_KNOWN ? "known" : "unknown";
}

const char *
ls_level_name (enum ls_level level)
{
  switch (level)
    {
    case LS_LEVEL_ERROR:
      return "error";
    case LS_LEVEL_WARNING:
      return "warning";
    default:
      return "note";
    }
}

/* ------------------------------------------------------------------ */
/* Messages.                                                           */

/* GCC's formats: %qs is a quoted argument.  */
static const char misspelled_format[]
  = "misspelled word %qs in string constant";
static const char misspelled_suggestion_format[]
  = "misspelled word %qs in string constant; did you mean %qs?";

/* FORMAT with each %qs replaced by the next of ARGS in ASCII quotes
   and %s by the next as is: the text GCC prints in the C locale.  */
static char *
format_ascii (const char *format, const char *const *args)
{
  size_t size = strlen (format) + 1, n_args = 0;
  for (const char *p = format; (p = strchr (p, '%')); p++)
    size += strlen (args[n_args++]) + 2;
  char *out = ls_xmalloc (size), *o = out;
  n_args = 0;
  for (const char *p = format; *p;)
    if (strncmp (p, "%qs", 3) == 0 || strncmp (p, "%s", 2) == 0)
      {
	bool quoted = p[1] == 'q';
	if (quoted)
	  *o++ = '\'';
	o = stpcpy (o, args[n_args++]);
	if (quoted)
	  *o++ = '\'';
	p += quoted ? 3 : 2;
      }
    else
      *o++ = *p++;
  *o = '\0';
  return out;
}

/* ------------------------------------------------------------------ */
/* Building the records.                                               */

/* The suggestions for F, best first: the known fix, then (with SP)
   the speller's, at most LS_MAX_SUGGESTIONS.  */
static void
finding_suggestions (struct ls_result *r, const struct ls_finding *f,
		     ls_speller *sp)
{
  size_t n_spell = 0;
  const char *const *spell = NULL;
  if (sp)
    spell = ls_speller_suggest (sp, f->word, strlen (f->word), &n_spell);
  r->suggestions = ls_xmalloc ((n_spell + 1) * sizeof *r->suggestions);
  r->n_suggestions = 0;
  if (f->fix)
    r->suggestions[r->n_suggestions++] = f->fix;
  for (size_t i = 0; i < n_spell && r->n_suggestions < LS_MAX_SUGGESTIONS;
       i++)
    if (!f->fix || strcmp (spell[i], f->fix) != 0)
      r->suggestions[r->n_suggestions++] = spell[i];
}

/* Does any output show R's suggestions?  The JSON report lists them
   all; the SARIF log, the HTML page, the warning and the annotation
   show the first at most (sure_fix for fixes).  */
static bool
suggestions_wanted (const struct ls_result *r, const struct ls_options *o,
		    ls_shown_fn shown, void *shown_data)
{
  if (o->report || o->sarif || o->html)
    return true;
  if (!r->warns || !r->site)
    return false;
  return o->format == LS_OUTPUT_GITHUB || !shown
	 || shown (r->site, shown_data);
}

static void
set_level (struct ls_result *r, bool warns, bool fails)
{
  r->warns = warns && !r->in_baseline;
  r->fails = fails && !r->in_baseline;
  r->level = r->fails ? LS_LEVEL_ERROR
	     : r->warns ? LS_LEVEL_WARNING : LS_LEVEL_NOTE;
}

static void
set_message (struct ls_result *r)
{
  r->message = format_ascii (r->format, r->args);
}

static void
build_misspelling (struct ls_result *r, const struct ls_finding *f,
		   ls_speller *sp, const struct ls_options *o,
		   const ls_baseline *baseline, ls_shown_fn shown,
		   void *shown_data)
{
  r->kind = LS_RESULT_MISSPELLING;
  r->finding = f;
  r->word = f->word;
  r->tier = ls_tier_name (f->tier);
  r->str = f->str;
  r->site = f->str->n_uses ? &f->str->uses[0] : NULL;
  r->fix = f->fix;
  r->dead = ls_string_is_dead (f->str);
  r->in_baseline = baseline
		   && ls_baseline_has (baseline, r->tier, r->word,
				       r->str->text, r->str->text_len);
  set_level (r, ls_finding_warns (f, o), finding_counts (f, o, o->fail_on));
  /* A known misspelling shows its known fix first, and only the JSON
     report lists the speller's after it: without report=, aspell is
     not asked (which may spare the link opening enchant at all).  */
  if (suggestions_wanted (r, o, shown, shown_data) && (!f->fix || o->report))
    finding_suggestions (r, f, sp);
  else
    finding_suggestions (r, f, NULL);
  r->args[0] = f->word;
  if (r->n_suggestions)
    {
      r->format = misspelled_suggestion_format;
      r->args[1] = r->suggestions[0];
    }
  else
    r->format = misspelled_format;
  set_message (r);
}

static void
build_consistency (struct ls_result *r, const struct ls_consistency_item *c,
		   const struct ls_options *o, const ls_baseline *baseline)
{
  r->kind = LS_RESULT_CONSISTENCY;
  r->item = c;
  r->word = c->word;
  r->tier = "consistency";
  r->str = c->str;
  r->site = c->site;
  r->dead = ls_string_is_dead (c->str);
  r->in_baseline = baseline
		   && ls_baseline_has (baseline, r->tier, r->word,
				       r->str->text, r->str->text_len);
  set_level (r, true, o->fail_on == LS_TIERS_ALL);
  r->suggestions = ls_xmalloc (sizeof *r->suggestions);
  r->suggestions[0] = c->preferred;
  r->n_suggestions = 1;
  /* The consistency pass words its messages itself.  */
  r->format = "%s";
  r->args[0] = c->message;
  set_message (r);
}

static int
compare_word_ptrs (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* How many distinct strings the N at WORDS hold (sorts WORDS).  */
static size_t
count_distinct (const char **words, size_t n)
{
  ls_sort (words, n, sizeof *words, compare_word_ptrs);
  size_t distinct = 0;
  for (size_t i = 0; i < n; i++)
    distinct += i == 0 || strcmp (words[i - 1], words[i]) != 0;
  return distinct;
}

/* The counts the summaries give.  */
static void
count (ls_results *out)
{
  const char **all = ls_xmalloc ((out->n + 1) * sizeof *all);
  const char **warning = ls_xmalloc ((out->n + 1) * sizeof *warning);
  size_t n_all = 0, n_warning = 0;
  for (size_t i = 0; i < out->n; i++)
    {
      const struct ls_result *r = &out->items[i];
      out->failing += r->fails;
      out->warning += r->warns;
      out->in_baseline += r->in_baseline;
      if (r->kind != LS_RESULT_MISSPELLING)
	continue;
      out->dead_hidden += r->dead;
      all[n_all++] = r->word;
      if (r->warns)
	warning[n_warning++] = r->word;
    }
  out->warning_findings = n_warning;
  out->misspelled_words = count_distinct (all, n_all);
  out->warning_words = count_distinct (warning, n_warning);
  free (all);
  free (warning);
}

void
ls_results_build (ls_results *out, const ls_findings *f,
		  const struct ls_consistency *c, ls_speller *sp,
		  const struct ls_options *o, const ls_baseline *baseline,
		  ls_shown_fn shown, void *shown_data)
{
  memset (out, 0, sizeof *out);
  size_t n_items = c ? c->n : 0;
  out->items = ls_xcalloc (f->n + n_items + 1, sizeof *out->items);
  out->baseline_given = baseline != NULL;
  for (size_t i = 0; i < f->n; i++)
    build_misspelling (&out->items[out->n++], &f->items[i], sp, o, baseline,
		       shown, shown_data);
  for (size_t i = 0; i < n_items; i++)
    build_consistency (&out->items[out->n++], &c->items[i], o, baseline);
  count (out);
  if (o->dead)
    out->dead_hidden = 0;
}

void
ls_results_free (ls_results *r)
{
  for (size_t i = 0; i < r->n; i++)
    {
      free (r->items[i].suggestions);
      free (r->items[i].fixit);
      free (r->items[i].message);
    }
  free (r->items);
  memset (r, 0, sizeof *r);
}

/* ------------------------------------------------------------------ */
/* Where the word is in the source.                                    */

static const char *
source_line (void *ctx, unsigned line, size_t *len)
{
  return ls_source_line ((const ls_source *) ctx, line, len);
}

/* The 1-based code point column of byte column BYTE_COLUMN of LINE.  */
static unsigned
char_column (const char *line, size_t len, unsigned byte_column)
{
  unsigned chars = 1;
  uint32_t cp;
  for (size_t i = 0; i + 1 < byte_column && i < len;)
    {
      i += ls_utf8_get (line + i, len - i, &cp);
      chars++;
    }
  return chars;
}

/* The replacement a fix-it makes for R: the known fix, else the only
   suggestion one edit from the word (two, "relieve" and "receive", make
   it a guess).  */
static const char *
sure_fix (const struct ls_result *r)
{
  if (r->fix)
    return r->fix;
  const char *only = NULL;
  size_t len = strlen (r->word);
  for (size_t i = 0; i < r->n_suggestions; i++)
    if (ls_edit_distance (r->word, len, r->suggestions[i],
			  strlen (r->suggestions[i])) <= 1)
      {
	if (only)
	  return NULL;
	only = r->suggestions[i];
      }
  return only;
}

/* Is the string's decoded text its bytes, so that byte offsets in the
   text are offsets in the literal?  */
static bool
text_is_bytes (const struct ls_string *s)
{
  return s->elem_size == 1 && s->nbytes == s->text_len + 1
	 && memcmp (s->bytes, s->text, s->text_len) == 0;
}

/* The char array initializer last read: the findings of a string are
   next to each other, and it is read once for them all.  */
struct last_initializer
{
  const struct ls_string *str;
  const struct ls_site *site;
  ls_initializer *init;		/* NULL when it could not be read.  */
};

static const ls_initializer *
initializer_of (struct last_initializer *last, const struct ls_string *s,
		const struct ls_site *u, const ls_source *src)
{
  if (last->str != s || last->site != u)
    {
      ls_initializer_free (last->init);
      last->str = s;
      last->site = u;
      last->init = ls_initializer_read (source_line, (void *) src, u->line,
					u->column, s->bytes, s->nbytes);
    }
  return last->init;
}

/* Can R's word be looked for in the source of its first use?  */
static bool
locatable (const struct ls_result *r)
{
  const struct ls_site *u = r->site;
  return r->kind == LS_RESULT_MISSPELLING && u && u->file && u->line
	 && u->column && text_is_bytes (r->str);
}

/* Locate R, a locatable result, in SRC, the source of its first use.  */
static void
locate (struct ls_result *r, const ls_source *src,
	struct last_initializer *last)
{
  const struct ls_site *u = r->site;
  size_t len = strlen (r->word);
  /* A literal's own location, else a char array's name: its string has
     no location of its own.  */
  if (!ls_literal_span (source_line, (void *) src, u->line, u->column,
			r->finding->offset, len, &r->span)
      && !ls_initializer_span (initializer_of (last, r->str, u, src),
			       r->finding->offset, len, &r->span))
    return;
  r->located = true;
  size_t line_len;
  const char *line = ls_source_line (src, r->span.line, &line_len);
  r->first_char = char_column (line, line_len, r->span.first_column);
  r->last_char = char_column (line, line_len, r->span.last_column);
  const char *fix = r->span.verbatim ? sure_fix (r) : NULL;
  if (fix)
    r->fixit = ls_in_case_of (fix, r->word, len);
}

/* Program order is source order (strings sorted by their first use),
   so the results of a file come together, and each file's text can go
   when the next file's results start: kept to the end, the 500 files
   of the 52k-function synthetic program were 27 MB of WPA's peak.  A
   file asked for again after its text went is read again.  */
void
ls_results_locate (ls_results *r, ls_sources *sources)
{
  struct last_initializer last = { NULL, NULL, NULL };
  const ls_source *current = NULL;
  for (size_t i = 0; i < r->n; i++)
    {
      struct ls_result *x = &r->items[i];
      if (!locatable (x))
	continue;
      const ls_source *src = ls_sources_get (sources, x->site->file);
      if (current && src != current)
	ls_source_drop_text (current);
      current = src;
      locate (x, src, &last);
    }
  if (current)
    ls_source_drop_text (current);
  ls_initializer_free (last.init);
}
