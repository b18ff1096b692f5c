/* json.c: the JSON report, report=FILE.json.

   A view of the records (results.h) and of the duplicates (dups.h):
   the findings in the program's order (by first use, then offset),
   their uses in file/line/column order, the duplicates by wasted
   bytes.  No hash order, address or time reaches it, so two links of
   the same program write the same bytes.

   Text in a report can be anything a string constant holds: invalid
   UTF-8, control characters, NUL.  JSON gets valid UTF-8 as is and
   everything else escaped (\u0000, \ufffd for a byte that is not
   UTF-8), so any JSON parser reads the exact decoded text back.  */

#include "json.h"
#include "confidence.h"
#include "consistency.h"
#include "dups.h"
#include "findings.h"
#include "jsonwrite.h"
#include "names.h"
#include "results.h"
#include "strtab.h"

#include <stdlib.h>
#include <string.h>

static void
json_location (struct ls_jw *j, const struct ls_site *u)
{
  ls_jw_open (j, '{');
  ls_jw_key (j, "file");
  ls_jw_string (j, u->file);
  ls_jw_key (j, "line");
  ls_jw_size (j, u->line);
  ls_jw_key (j, "column");
  ls_jw_size (j, u->column);
  ls_jw_key (j, "function");
  ls_jw_string (j, u->function);
  ls_jw_key (j, "unit");
  ls_jw_string (j, u->unit);
  if (u->inlined_from)
    {
      ls_jw_key (j, "inlined_from");
      ls_jw_string (j, u->inlined_from);
    }
  if (u->variable)
    {
      ls_jw_key (j, "variable");
      ls_jw_string (j, u->variable);
    }
  if (u->dead)
    {
      ls_jw_key (j, "dead");
      ls_jw_bool (j, true);
    }
  ls_jw_close (j, '}');
}

/* The fields every kind of finding has: string, locations, functions.  */
static void
json_string_fields (struct ls_jw *j, const struct ls_string *s)
{
  ls_jw_key (j, "string");
  ls_jw_string_n (j, s->text, s->text_len);
  ls_jw_key (j, "locations");
  ls_jw_open (j, '[');
  for (size_t i = 0; i < s->n_uses; i++)
    json_location (j, &s->uses[i]);
  ls_jw_close (j, ']');
  const char **functions;
  size_t n = ls_string_functions (s, &functions);
  ls_jw_key (j, "functions");
  ls_jw_string_array (j, functions, n);
  free (functions);
}

/* With baseline=: is the result in the baseline ("unchanged") or not
   ("new"), in SARIF's words.  */
static void
json_baseline_state (struct ls_jw *j, const struct ls_result *r)
{
  ls_jw_key (j, "baseline_state");
  ls_jw_string (j, r->in_baseline ? "unchanged" : "new");
}

/* A misspelling: its record R and the fields only findings have.  */
static void
json_finding (struct ls_jw *j, const struct ls_result *r, bool baseline)
{
  const struct ls_finding *f = r->finding;
  ls_jw_open (j, '{');
  ls_jw_key (j, "word");
  ls_jw_string (j, r->word);
  ls_jw_key (j, "tier");
  ls_jw_string (j, r->tier);
  ls_jw_key (j, "dead");
  ls_jw_bool (j, r->dead);
  ls_jw_key (j, "warns");
  ls_jw_bool (j, r->warns);
  if (baseline)
    json_baseline_state (j, r);
  /* The string reaches gettext or a format_arg function: users see it.  */
  ls_jw_key (j, "user_visible");
  ls_jw_bool (j, f->user_visible);
  /* A known misspelling an identifier of the program spells the same
     way: fixing the message may mean renaming the identifier too.  */
  ls_jw_key (j, "identifier");
  ls_jw_bool (j, f->identifier);
  ls_jw_key (j, "confidence");
  ls_jw_string (j, ls_confidence_name (f->confidence));
  ls_jw_key (j, "missing_space");
  ls_jw_bool (j, f->missing_space);
  ls_jw_key (j, "suggestions");
  ls_jw_string_array (j, r->suggestions, r->n_suggestions);
  ls_jw_key (j, "offset");
  ls_jw_size (j, f->offset);
  /* Where the word itself is in the source of the first use, when it
     was found there: its line, and its first and last columns counted
     in code points from 1, as SARIF does; with the sure fix, if any.  */
  if (r->located)
    {
      ls_jw_key (j, "word_location");
      ls_jw_open (j, '{');
      ls_jw_key (j, "line");
      ls_jw_size (j, r->span.line);
      ls_jw_key (j, "column");
      ls_jw_size (j, r->first_char);
      ls_jw_key (j, "end_column");
      ls_jw_size (j, r->last_char);
      if (r->fixit)
	{
	  ls_jw_key (j, "fix");
	  ls_jw_string (j, r->fixit);
	}
      ls_jw_close (j, '}');
    }
  json_string_fields (j, r->str);
  ls_jw_close (j, '}');
}

/* A word taken for a person's name (names.c): why, and where it is
   first seen.  */
static void
json_name (struct ls_jw *j, const struct ls_name *n)
{
  ls_jw_open (j, '{');
  ls_jw_key (j, "word");
  ls_jw_string (j, n->word);
  ls_jw_key (j, "why");
  ls_jw_string (j, ls_name_kind_name (n->kind));
  ls_jw_key (j, "offset");
  ls_jw_size (j, n->offset);
  ls_jw_key (j, "string");
  ls_jw_string_n (j, n->str->text, n->str->text_len);
  if (n->str->n_uses > 0)
    {
      ls_jw_key (j, "location");
      json_location (j, &n->str->uses[0]);
    }
  ls_jw_close (j, '}');
}

static const char *
consistency_kind_name (enum ls_consistency_kind kind)
{
  switch (kind)
    {
    case LS_CONSISTENCY_DIALECT:
      return "dialect";
    case LS_CONSISTENCY_CANNOT:
      return "cannot";
    default:
      return "message";
    }
}

static void
json_consistency_item (struct ls_jw *j, const struct ls_result *r,
		       bool baseline)
{
  ls_jw_open (j, '{');
  ls_jw_key (j, "word");
  ls_jw_string (j, r->word);
  ls_jw_key (j, "tier");
  ls_jw_string (j, r->tier);
  ls_jw_key (j, "kind");
  ls_jw_string (j, consistency_kind_name (r->item->kind));
  ls_jw_key (j, "message");
  ls_jw_string (j, r->message);
  ls_jw_key (j, "dead");
  ls_jw_bool (j, r->dead);
  ls_jw_key (j, "warns");
  ls_jw_bool (j, r->warns);
  if (baseline)
    json_baseline_state (j, r);
  ls_jw_key (j, "suggestions");
  ls_jw_string_array (j, r->suggestions, r->n_suggestions);
  json_string_fields (j, r->str);
  ls_jw_close (j, '}');
}

static void
json_duplicate (struct ls_jw *j, const struct ls_dup *dup)
{
  ls_jw_open (j, '{');
  ls_jw_key (j, "text");
  ls_jw_string_n (j, dup->str->text, dup->str->text_len);
  ls_jw_key (j, "units");
  ls_jw_string_array (j, dup->units, dup->n_units);
  ls_jw_key (j, "copies");
  ls_jw_size (j, dup->copies);
  ls_jw_key (j, "bytes");
  ls_jw_size (j, dup->bytes);
  ls_jw_key (j, "wasted_bytes");
  ls_jw_size (j, dup->wasted_bytes);
  ls_jw_key (j, "mergeable");
  ls_jw_bool (j, dup->mergeable);
  ls_jw_key (j, "functions");
  ls_jw_string_array (j, dup->functions, dup->n_functions);
  ls_jw_close (j, '}');
}

static void
json_near_duplicates (struct ls_jw *j, const ls_dups *d)
{
  ls_jw_key (j, "near_duplicates");
  ls_jw_open (j, '[');
  for (size_t i = 0; i < d->n_near; i++)
    {
      ls_jw_open (j, '{');
      ls_jw_key (j, "key");
      ls_jw_string (j, d->near[i].key);
      ls_jw_key (j, "strings");
      ls_jw_open (j, '[');
      for (size_t k = 0; k < d->near[i].n_members; k++)
	ls_jw_string_n (j, d->near[i].members[k]->text,
		       d->near[i].members[k]->text_len);
      ls_jw_close (j, ']');
      ls_jw_close (j, '}');
    }
  ls_jw_close (j, ']');
}

static void
json_tail_merge (struct ls_jw *j, const ls_dups *d)
{
  ls_jw_key (j, "tail_merge");
  ls_jw_open (j, '[');
  for (size_t i = 0; i < d->n_suffixes; i++)
    {
      const struct ls_suffix *s = &d->suffixes[i];
      ls_jw_open (j, '{');
      ls_jw_key (j, "suffix");
      ls_jw_string_n (j, s->suffix->text, s->suffix->text_len);
      ls_jw_key (j, "of");
      ls_jw_string_n (j, s->of->text, s->of->text_len);
      ls_jw_key (j, "bytes");
      ls_jw_size (j, s->suffix->nbytes);
      ls_jw_key (j, "mergeable");
      ls_jw_bool (j, s->mergeable);
      ls_jw_close (j, '}');
    }
  ls_jw_close (j, ']');
}

static void
json_summary (struct ls_jw *j, const struct ls_report_data *d)
{
  const ls_findings *f = d->findings;
  const ls_results *r = d->results;
  size_t strings = 0, known = 0, dead = 0, consistency = 0;
  for (size_t i = 0; i < ls_program_n_strings (d->program); i++)
    strings += ls_program_string (d->program, i)->n_uses;
  for (size_t i = 0; i < r->n; i++)
    if (r->items[i].kind == LS_RESULT_CONSISTENCY)
      consistency++;
    else
      {
	known += r->items[i].finding->tier == LS_TIER_KNOWN;
	dead += r->items[i].dead;
      }
  ls_jw_key (j, "summary");
  ls_jw_open (j, '{');
  ls_jw_key (j, "string_uses");
  ls_jw_size (j, ls_program_n_uses (d->program));
  ls_jw_key (j, "strings");
  ls_jw_size (j, strings);
  ls_jw_key (j, "distinct_strings");
  ls_jw_size (j, ls_program_n_strings (d->program));
  ls_jw_key (j, "words");
  ls_jw_size (j, f->words);
  ls_jw_key (j, "distinct_words");
  ls_jw_size (j, f->distinct_words);
  /* The dialect the program's strings were found to be written in
     ("none" with lang= or when no word told), and the counts that
     decided it.  */
  ls_jw_key (j, "dialect");
  ls_jw_open (j, '{');
  ls_jw_key (j, "detected");
  ls_jw_string (j, f->dialect == LS_DIALECT_BRITISH ? "en_GB"
		  : f->dialect == LS_DIALECT_AMERICAN ? "en_US" : "none");
  ls_jw_key (j, "british_words");
  ls_jw_size (j, f->british_words);
  ls_jw_key (j, "american_words");
  ls_jw_size (j, f->american_words);
  ls_jw_close (j, '}');
  ls_jw_key (j, "findings");
  ls_jw_open (j, '{');
  ls_jw_key (j, "known");
  ls_jw_size (j, known);
  ls_jw_key (j, "unknown");
  ls_jw_size (j, r->n - consistency - known);
  ls_jw_key (j, "consistency");
  ls_jw_size (j, consistency);
  ls_jw_key (j, "dead");
  ls_jw_size (j, dead);
  ls_jw_key (j, "total");
  ls_jw_size (j, r->n);
  /* The distinct words of the known and unknown findings, and how
     many results warn (as many as GCC's warnings).  */
  ls_jw_key (j, "misspelled_words");
  ls_jw_size (j, r->misspelled_words);
  ls_jw_key (j, "warnings");
  ls_jw_size (j, r->warning);
  if (r->baseline_given)
    {
      ls_jw_key (j, "in_baseline");
      ls_jw_size (j, r->in_baseline);
    }
  ls_jw_close (j, '}');
  ls_jw_key (j, "names");
  ls_jw_size (j, f->n_names);
  ls_jw_key (j, "duplicated_strings");
  ls_jw_size (j, d->dups.n);
  ls_jw_key (j, "duplicated_bytes");
  ls_jw_open (j, '{');
  ls_jw_key (j, "mergeable");
  ls_jw_size (j, d->dups.wasted_mergeable);
  ls_jw_key (j, "not_mergeable");
  ls_jw_size (j, d->dups.wasted_unmergeable);
  ls_jw_close (j, '}');
  ls_jw_key (j, "near_duplicate_groups");
  ls_jw_size (j, d->dups.n_near);
  ls_jw_key (j, "tail_merge_candidates");
  ls_jw_size (j, d->dups.n_suffixes);
  ls_jw_close (j, '}');
}

int
ls_write_json (FILE *out, const struct ls_report_data *d)
{
  struct ls_jw j = { .out = out };
  ls_jw_open (&j, '{');
  ls_jw_key (&j, "findings");
  ls_jw_open (&j, '[');
  for (size_t i = 0; i < d->results->n; i++)
    {
      const struct ls_result *r = &d->results->items[i];
      if (r->kind == LS_RESULT_MISSPELLING)
	json_finding (&j, r, d->results->baseline_given);
      else
	json_consistency_item (&j, r, d->results->baseline_given);
    }
  ls_jw_close (&j, ']');
  ls_jw_key (&j, "names");
  ls_jw_open (&j, '[');
  for (size_t i = 0; i < d->findings->n_names; i++)
    json_name (&j, &d->findings->names[i]);
  ls_jw_close (&j, ']');
  ls_jw_key (&j, "duplicates");
  ls_jw_open (&j, '[');
  for (size_t i = 0; i < d->dups.n; i++)
    json_duplicate (&j, &d->dups.items[i]);
  ls_jw_close (&j, ']');
  json_near_duplicates (&j, &d->dups);
  json_tail_merge (&j, &d->dups);
  json_summary (&j, d);
  ls_jw_close (&j, '}');
  ls_jw_end (&j);
  return ferror (out) ? -1 : 0;
}
