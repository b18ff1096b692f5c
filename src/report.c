/* report.c: the JSON report, SARIF 2.1.0, GitHub annotations, and
   writing every report file atomically.

   The reports are views of the same data as the diagnostics: the
   findings in the program's order (by first use, then offset), their
   uses in file/line/column order, the duplicates by wasted bytes.  No
   hash order, address or time reaches a report, so two links of the
   same program write the same bytes.

   Text in a report can be anything a string constant holds: invalid
   UTF-8, control characters, NUL.  JSON gets valid UTF-8 as is and
   everything else escaped (\u0000, \ufffd for a byte that is not
   UTF-8), so any JSON parser reads the exact decoded text back.

   A report is written to a temporary file beside it and renamed into
   place: a CI step reading it never sees half a file, and a failed
   write leaves the previous report alone.  */

#include "confidence.h"
#include "report.h"
#include "names.h"
#include "text.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* A small JSON writer: commas and indentation.                        */

struct json
{
  FILE *out;
  unsigned depth;
  bool need_comma;		/* A value came before at this depth.  */
  bool after_key;		/* The next value follows "key": on the line.  */
};

static void
json_newline (struct json *j)
{
  fputc ('\n', j->out);
  for (unsigned i = 0; i < j->depth; i++)
    fputs ("  ", j->out);
}

/* Separate a new value from the previous one.  */
static void
json_value_start (struct json *j)
{
  if (j->after_key)
    {
      j->after_key = false;
      return;
    }
  if (j->need_comma)
    fputc (',', j->out);
  if (j->depth)
    json_newline (j);
}

static void
json_open (struct json *j, char bracket)
{
  json_value_start (j);
  fputc (bracket, j->out);
  j->depth++;
  j->need_comma = false;
}

static void
json_close (struct json *j, char bracket)
{
  j->depth--;
  if (j->need_comma)
    json_newline (j);
  fputc (bracket, j->out);
  j->need_comma = true;
}

static void
json_key (struct json *j, const char *key)
{
  json_value_start (j);
  fputc ('"', j->out);
  ls_json_escape (j->out, key, strlen (key));
  fputs ("\": ", j->out);
  j->need_comma = true;
  j->after_key = true;
}

static void
json_string_n (struct json *j, const char *s, size_t len)
{
  json_value_start (j);
  if (!s)
    fputs ("null", j->out);
  else
    {
      fputc ('"', j->out);
      ls_json_escape (j->out, s, len);
      fputc ('"', j->out);
    }
  j->need_comma = true;
}

static void
json_string (struct json *j, const char *s)
{
  json_string_n (j, s, s ? strlen (s) : 0);
}

static void
json_size (struct json *j, size_t n)
{
  json_value_start (j);
  fprintf (j->out, "%zu", n);
  j->need_comma = true;
}

static void
json_bool (struct json *j, bool b)
{
  json_value_start (j);
  fputs (b ? "true" : "false", j->out);
  j->need_comma = true;
}

static void
json_string_array (struct json *j, const char *const *items, size_t n)
{
  json_open (j, '[');
  for (size_t i = 0; i < n; i++)
    json_string (j, items[i]);
  json_close (j, ']');
}

static void
json_end (struct json *j)
{
  fputc ('\n', j->out);
}

/* ------------------------------------------------------------------ */
/* The JSON report.                                                    */

static void
json_location (struct json *j, const struct ls_site *u)
{
  json_open (j, '{');
  json_key (j, "file");
  json_string (j, u->file);
  json_key (j, "line");
  json_size (j, u->line);
  json_key (j, "column");
  json_size (j, u->column);
  json_key (j, "function");
  json_string (j, u->function);
  json_key (j, "unit");
  json_string (j, u->unit);
  if (u->inlined_from)
    {
      json_key (j, "inlined_from");
      json_string (j, u->inlined_from);
    }
  if (u->variable)
    {
      json_key (j, "variable");
      json_string (j, u->variable);
    }
  if (u->dead)
    {
      json_key (j, "dead");
      json_bool (j, true);
    }
  json_close (j, '}');
}

/* The fields every kind of finding has: string, locations, functions.  */
static void
json_string_fields (struct json *j, const struct ls_string *s)
{
  json_key (j, "string");
  json_string_n (j, s->text, s->text_len);
  json_key (j, "locations");
  json_open (j, '[');
  for (size_t i = 0; i < s->n_uses; i++)
    json_location (j, &s->uses[i]);
  json_close (j, ']');
  const char **functions;
  size_t n = ls_string_functions (s, &functions);
  json_key (j, "functions");
  json_string_array (j, functions, n);
  free (functions);
}

/* With baseline=: is the result in the baseline ("unchanged") or not
   ("new"), in SARIF's words.  */
static void
json_baseline_state (struct json *j, const struct ls_result *r)
{
  json_key (j, "baseline_state");
  json_string (j, r->in_baseline ? "unchanged" : "new");
}

/* A misspelling: its record R and the fields only findings have.  */
static void
json_finding (struct json *j, const struct ls_result *r, bool baseline)
{
  const struct ls_finding *f = r->finding;
  json_open (j, '{');
  json_key (j, "word");
  json_string (j, r->word);
  json_key (j, "tier");
  json_string (j, r->tier);
  json_key (j, "dead");
  json_bool (j, r->dead);
  json_key (j, "warns");
  json_bool (j, r->warns);
  if (baseline)
    json_baseline_state (j, r);
  /* The string reaches gettext or a format_arg function: users see it.  */
  json_key (j, "user_visible");
  json_bool (j, f->user_visible);
  /* A known misspelling an identifier of the program spells the same
     way: fixing the message may mean renaming the identifier too.  */
  json_key (j, "identifier");
  json_bool (j, f->identifier);
  json_key (j, "confidence");
  json_string (j, ls_confidence_name (f->confidence));
  json_key (j, "missing_space");
  json_bool (j, f->missing_space);
  json_key (j, "suggestions");
  json_string_array (j, r->suggestions, r->n_suggestions);
  json_key (j, "offset");
  json_size (j, f->offset);
  json_string_fields (j, r->str);
  json_close (j, '}');
}

/* A word taken for a person's name (names.c): why, and where it is
   first seen.  */
static void
json_name (struct json *j, const struct ls_name *n)
{
  json_open (j, '{');
  json_key (j, "word");
  json_string (j, n->word);
  json_key (j, "why");
  json_string (j, ls_name_kind_name (n->kind));
  json_key (j, "offset");
  json_size (j, n->offset);
  json_key (j, "string");
  json_string_n (j, n->str->text, n->str->text_len);
  if (n->str->n_uses > 0)
    {
      json_key (j, "location");
      json_location (j, &n->str->uses[0]);
    }
  json_close (j, '}');
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
json_consistency_item (struct json *j, const struct ls_result *r,
		       bool baseline)
{
  json_open (j, '{');
  json_key (j, "word");
  json_string (j, r->word);
  json_key (j, "tier");
  json_string (j, r->tier);
  json_key (j, "kind");
  json_string (j, consistency_kind_name (r->item->kind));
  json_key (j, "message");
  json_string (j, r->message);
  json_key (j, "dead");
  json_bool (j, r->dead);
  json_key (j, "warns");
  json_bool (j, r->warns);
  if (baseline)
    json_baseline_state (j, r);
  json_key (j, "suggestions");
  json_string_array (j, r->suggestions, r->n_suggestions);
  json_string_fields (j, r->str);
  json_close (j, '}');
}

static void
json_duplicate (struct json *j, const struct ls_dup *dup)
{
  json_open (j, '{');
  json_key (j, "text");
  json_string_n (j, dup->str->text, dup->str->text_len);
  json_key (j, "units");
  json_string_array (j, dup->units, dup->n_units);
  json_key (j, "copies");
  json_size (j, dup->copies);
  json_key (j, "bytes");
  json_size (j, dup->bytes);
  json_key (j, "wasted_bytes");
  json_size (j, dup->wasted_bytes);
  json_key (j, "mergeable");
  json_bool (j, dup->mergeable);
  json_key (j, "functions");
  json_string_array (j, dup->functions, dup->n_functions);
  json_close (j, '}');
}

static void
json_near_duplicates (struct json *j, const ls_dups *d)
{
  json_key (j, "near_duplicates");
  json_open (j, '[');
  for (size_t i = 0; i < d->n_near; i++)
    {
      json_open (j, '{');
      json_key (j, "key");
      json_string (j, d->near[i].key);
      json_key (j, "strings");
      json_open (j, '[');
      for (size_t k = 0; k < d->near[i].n_members; k++)
	json_string_n (j, d->near[i].members[k]->text,
		       d->near[i].members[k]->text_len);
      json_close (j, ']');
      json_close (j, '}');
    }
  json_close (j, ']');
}

static void
json_tail_merge (struct json *j, const ls_dups *d)
{
  json_key (j, "tail_merge");
  json_open (j, '[');
  for (size_t i = 0; i < d->n_suffixes; i++)
    {
      const struct ls_suffix *s = &d->suffixes[i];
      json_open (j, '{');
      json_key (j, "suffix");
      json_string_n (j, s->suffix->text, s->suffix->text_len);
      json_key (j, "of");
      json_string_n (j, s->of->text, s->of->text_len);
      json_key (j, "bytes");
      json_size (j, s->suffix->nbytes);
      json_key (j, "mergeable");
      json_bool (j, s->mergeable);
      json_close (j, '}');
    }
  json_close (j, ']');
}

static void
json_summary (struct json *j, const struct ls_report_data *d)
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
  json_key (j, "summary");
  json_open (j, '{');
  json_key (j, "string_uses");
  json_size (j, ls_program_n_uses (d->program));
  json_key (j, "strings");
  json_size (j, strings);
  json_key (j, "distinct_strings");
  json_size (j, ls_program_n_strings (d->program));
  json_key (j, "words");
  json_size (j, f->words);
  json_key (j, "distinct_words");
  json_size (j, f->distinct_words);
  /* The dialect the program's strings were found to be written in
     ("none" with lang= or when no word told), and the counts that
     decided it.  */
  json_key (j, "dialect");
  json_open (j, '{');
  json_key (j, "detected");
  json_string (j, f->dialect == LS_DIALECT_BRITISH ? "en_GB"
		  : f->dialect == LS_DIALECT_AMERICAN ? "en_US" : "none");
  json_key (j, "british_words");
  json_size (j, f->british_words);
  json_key (j, "american_words");
  json_size (j, f->american_words);
  json_close (j, '}');
  json_key (j, "findings");
  json_open (j, '{');
  json_key (j, "known");
  json_size (j, known);
  json_key (j, "unknown");
  json_size (j, r->n - consistency - known);
  json_key (j, "consistency");
  json_size (j, consistency);
  json_key (j, "dead");
  json_size (j, dead);
  json_key (j, "total");
  json_size (j, r->n);
  /* The distinct words of the known and unknown findings, and how
     many results warn (as many as GCC's warnings).  */
  json_key (j, "misspelled_words");
  json_size (j, r->misspelled_words);
  json_key (j, "warnings");
  json_size (j, r->warning);
  if (r->baseline_given)
    {
      json_key (j, "in_baseline");
      json_size (j, r->in_baseline);
    }
  json_close (j, '}');
  json_key (j, "names");
  json_size (j, f->n_names);
  json_key (j, "duplicated_strings");
  json_size (j, d->dups.n);
  json_key (j, "duplicated_bytes");
  json_open (j, '{');
  json_key (j, "mergeable");
  json_size (j, d->dups.wasted_mergeable);
  json_key (j, "not_mergeable");
  json_size (j, d->dups.wasted_unmergeable);
  json_close (j, '}');
  json_key (j, "near_duplicate_groups");
  json_size (j, d->dups.n_near);
  json_key (j, "tail_merge_candidates");
  json_size (j, d->dups.n_suffixes);
  json_close (j, '}');
}

int
ls_write_json (FILE *out, const struct ls_report_data *d)
{
  struct json j = { out, 0, false, false };
  json_open (&j, '{');
  json_key (&j, "findings");
  json_open (&j, '[');
  for (size_t i = 0; i < d->results->n; i++)
    {
      const struct ls_result *r = &d->results->items[i];
      if (r->kind == LS_RESULT_MISSPELLING)
	json_finding (&j, r, d->results->baseline_given);
      else
	json_consistency_item (&j, r, d->results->baseline_given);
    }
  json_close (&j, ']');
  json_key (&j, "names");
  json_open (&j, '[');
  for (size_t i = 0; i < d->findings->n_names; i++)
    json_name (&j, &d->findings->names[i]);
  json_close (&j, ']');
  json_key (&j, "duplicates");
  json_open (&j, '[');
  for (size_t i = 0; i < d->dups.n; i++)
    json_duplicate (&j, &d->dups.items[i]);
  json_close (&j, ']');
  json_near_duplicates (&j, &d->dups);
  json_tail_merge (&j, &d->dups);
  json_summary (&j, d);
  json_close (&j, '}');
  json_end (&j);
  return ferror (out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* SARIF 2.1.0.                                                        */

/* The rules, in ruleIndex order.  */
enum sarif_rule
{
  RULE_KNOWN,
  RULE_UNKNOWN,
  RULE_CONSISTENCY,
  N_RULES
};

static const struct
{
  const char *id, *name, *short_text, *full_text;
} sarif_rules[N_RULES] = {
  { "LTS001", "KnownMisspelling",
    "A known misspelling in a string constant.",
    "A word of a string constant is on a list of known misspellings, "
    "and its correction is known." },
  { "LTS002", "MisspelledWord",
    "A word of a string constant that no dictionary accepts.",
    "A word of a string constant is rejected by every dictionary of "
    "the languages given and by the word lists." },
  { "LTS003", "InconsistentSpelling",
    "The program spells the same thing in two ways.",
    "The program mixes American and British spellings, 'can not' and "
    "'cannot', or messages that differ only by case or a trailing "
    "period." },
};

/* Write PATH as a URI reference: unreserved characters and '/' as is,
   every other byte percent-encoded.  */
static void
write_uri_path (FILE *out, const char *path)
{
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
	|| (*p >= '0' && *p <= '9') || strchr ("-._~/", *p))
      fputc (*p, out);
    else
      fprintf (out, "%%%02X", *p);
}

/* The artifactLocation of FILE: relative to the link directory (base
   id LINKDIR) when it can be, else an absolute file: URI.  */
static void
sarif_artifact_location (struct json *j, const char *file,
			 const char *link_dir)
{
  char *rel = ls_relative_path (file, link_dir);
  json_key (j, "artifactLocation");
  json_open (j, '{');
  json_key (j, "uri");
  json_value_start (j);
  fputc ('"', j->out);
  if (rel[0] == '/')
    fputs ("file://", j->out);
  write_uri_path (j->out, rel);
  fputc ('"', j->out);
  j->need_comma = true;
  if (rel[0] != '/' && link_dir && link_dir[0] == '/')
    {
      json_key (j, "uriBaseId");
      json_string (j, "LINKDIR");
    }
  json_close (j, '}');
  free (rel);
}

static void
sarif_location (struct json *j, const struct ls_site *u, const char *link_dir)
{
  json_open (j, '{');
  if (u->file)
    {
      json_key (j, "physicalLocation");
      json_open (j, '{');
      sarif_artifact_location (j, u->file, link_dir);
      if (u->line)
	{
	  json_key (j, "region");
	  json_open (j, '{');
	  json_key (j, "startLine");
	  json_size (j, u->line);
	  if (u->column)
	    {
	      json_key (j, "startColumn");
	      json_size (j, u->column);
	    }
	  json_close (j, '}');
	}
      json_close (j, '}');
    }
  const char *logical = u->function ? u->function : u->variable;
  if (logical)
    {
      json_key (j, "logicalLocations");
      json_open (j, '[');
      json_open (j, '{');
      json_key (j, "name");
      json_string (j, logical);
      json_key (j, "kind");
      json_string (j, u->function ? "function" : "variable");
      json_close (j, '}');
      json_close (j, ']');
    }
  json_close (j, '}');
}

/* Open FILE (relative paths from LINK_DIR).  */
static FILE *
open_source (const char *file, const char *link_dir)
{
  if (file[0] == '/' || !link_dir)
    return fopen (file, "r");
  char *path = ls_xasprintf ("%s/%s", link_dir, file);
  FILE *f = fopen (path, "r");
  free (path);
  return f;
}

static bool
is_word_byte (int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

/* How many lines after a use to look for the word: a table's strings
   follow the line of its declaration.  */
enum { fix_search_lines = 200 };

/* Byte index of the first whole-word WORD in LINE at or after FROM,
   or -1.  */
static long
find_whole_word (const char *line, size_t from, const char *word)
{
  size_t line_len = strlen (line), wlen = strlen (word);
  for (size_t i = from; i + wlen <= line_len; i++)
    if (memcmp (line + i, word, wlen) == 0
	&& (i == 0 || !is_word_byte ((unsigned char) line[i - 1]))
	&& !is_word_byte ((unsigned char) line[i + wlen]))
      return (long) i;
  return -1;
}

/* Find WORD as a whole word in FILE at or after LINE:COLUMN.  Sets
   *FOUND_LINE and *FOUND_COLUMN (1-based, bytes).  */
static bool
find_word_in_source (const char *file, const char *link_dir, unsigned line,
		     unsigned column, const char *word, unsigned *found_line,
		     unsigned *found_column)
{
  FILE *src = open_source (file, link_dir);
  if (!src)
    return false;
  char *buf = NULL;
  size_t cap = 0;
  bool found = false;
  for (unsigned l = 1; !found && getline (&buf, &cap, src) >= 0; l++)
    {
      if (l < line || l >= line + fix_search_lines)
	continue;
      size_t from = (l == line && column > 0) ? column - 1 : 0;
      long at = from <= strlen (buf) ? find_whole_word (buf, from, word) : -1;
      if (at >= 0)
	{
	  *found_line = l;
	  *found_column = (unsigned) at + 1;
	  found = true;
	}
    }
  free (buf);
  fclose (src);
  return found;
}

/* FIX with the capitalization of WORD: "Receive" for "Recieve".  */
static char *
fix_in_case_of (const char *fix, const char *word)
{
  char *out = ls_xstrdup (fix);
  bool all_caps = word[0] && word[1];
  for (const char *p = word; *p; p++)
    if (!(*p >= 'A' && *p <= 'Z'))
      all_caps = false;
  for (char *p = out; *p; p++)
    if ((all_caps || (p == out && word[0] >= 'A' && word[0] <= 'Z'))
	&& *p >= 'a' && *p <= 'z')
      *p -= 'a' - 'A';
  return out;
}

/* A fix replacing F's word in the source of use U, when it can be
   found there.  */
static void
sarif_fix (struct json *j, const struct ls_result *r,
	   const struct ls_site *u, const char *link_dir)
{
  unsigned line, column;
  if (!r->fix || !u->file
      || !find_word_in_source (u->file, link_dir, u->line, u->column,
			       r->word, &line, &column))
    return;
  char *text = fix_in_case_of (r->fix, r->word);
  char *what = ls_xasprintf ("Replace '%s' with '%s'", r->word, text);
  json_key (j, "fixes");
  json_open (j, '[');
  json_open (j, '{');
  json_key (j, "description");
  json_open (j, '{');
  json_key (j, "text");
  json_string (j, what);
  json_close (j, '}');
  json_key (j, "artifactChanges");
  json_open (j, '[');
  json_open (j, '{');
  sarif_artifact_location (j, u->file, link_dir);
  json_key (j, "replacements");
  json_open (j, '[');
  json_open (j, '{');
  json_key (j, "deletedRegion");
  json_open (j, '{');
  json_key (j, "startLine");
  json_size (j, line);
  json_key (j, "startColumn");
  json_size (j, column);
  json_key (j, "endColumn");
  json_size (j, column + strlen (r->word));
  json_close (j, '}');
  json_key (j, "insertedContent");
  json_open (j, '{');
  json_key (j, "text");
  json_string (j, text);
  json_close (j, '}');
  json_close (j, '}');
  json_close (j, ']');
  json_close (j, '}');
  json_close (j, ']');
  json_close (j, '}');
  json_close (j, ']');
  free (what);
  free (text);
}

static void
sarif_result_head (struct json *j, enum sarif_rule rule,
		   const struct ls_result *r, bool baseline)
{
  json_open (j, '{');
  json_key (j, "ruleId");
  json_string (j, sarif_rules[rule].id);
  json_key (j, "ruleIndex");
  json_size (j, rule);
  json_key (j, "level");
  json_string (j, ls_level_name (r->level));
  json_key (j, "message");
  json_open (j, '{');
  json_key (j, "text");
  json_string (j, r->message);
  json_close (j, '}');
  if (baseline)
    {
      json_key (j, "baselineState");
      json_string (j, r->in_baseline ? "unchanged" : "new");
    }
}

static void
sarif_locations (struct json *j, const struct ls_site *u, const char *link_dir)
{
  json_key (j, "locations");
  json_open (j, '[');
  sarif_location (j, u, link_dir);
  json_close (j, ']');
}

/* USER_VISIBLE: a use of the string reaches gettext or a format_arg
   function (as in the JSON report).  */
static void
sarif_properties (struct json *j, const char *word, const char *tier,
		  const struct ls_string *s, bool user_visible)
{
  json_key (j, "properties");
  json_open (j, '{');
  json_key (j, "word");
  json_string (j, word);
  json_key (j, "tier");
  json_string (j, tier);
  json_key (j, "dead");
  json_bool (j, ls_string_is_dead (s));
  json_key (j, "user_visible");
  json_bool (j, user_visible);
  json_key (j, "string");
  json_string_n (j, s->text, s->text_len);
  json_close (j, '}');
}

/* What tells two results apart when their rule, message and location
   are the same (two strings on one line with the same misspelling):
   the word, the string and the place.  SARIF tools that merge or
   deduplicate logs compare results by their fingerprints.  */
static void
sarif_fingerprint (struct json *j, const char *word,
		   const struct ls_string *s, const struct ls_site *u)
{
  uint64_t h = LS_HASH_SEED;
  h = ls_hash_bytes (h, word, strlen (word) + 1);
  h = ls_hash_bytes (h, s->bytes, s->nbytes);
  h = ls_hash_bytes (h, &s->elem_size, sizeof s->elem_size);
  if (u->file)
    h = ls_hash_bytes (h, u->file, strlen (u->file) + 1);
  h = ls_hash_bytes (h, &u->line, sizeof u->line);
  h = ls_hash_bytes (h, &u->column, sizeof u->column);
  char hex[17];
  snprintf (hex, sizeof hex, "%016llx", (unsigned long long) h);
  json_key (j, "partialFingerprints");
  json_open (j, '{');
  json_key (j, "ltospellFinding/v1");
  json_string (j, hex);
  json_close (j, '}');
}

/* One result for each use of R's string.  */
static void
sarif_results (struct json *j, const struct ls_result *r,
	       const struct ls_report_data *d)
{
  bool misspelling = r->kind == LS_RESULT_MISSPELLING;
  enum sarif_rule rule = !misspelling ? RULE_CONSISTENCY
			 : r->finding->tier == LS_TIER_KNOWN ? RULE_KNOWN
			 : RULE_UNKNOWN;
  for (size_t i = 0; i < r->str->n_uses; i++)
    {
      const struct ls_site *u = &r->str->uses[i];
      sarif_result_head (j, rule, r, d->results->baseline_given);
      sarif_locations (j, u, d->link_dir);
      if (misspelling)
	{
	  sarif_fix (j, r, u, d->link_dir);
	  sarif_fingerprint (j, r->word, r->str, u);
	}
      sarif_properties (j, r->word, r->tier, r->str,
			misspelling && r->finding->user_visible);
      json_close (j, '}');
    }
}

static void
sarif_driver (struct json *j)
{
  json_key (j, "tool");
  json_open (j, '{');
  json_key (j, "driver");
  json_open (j, '{');
  json_key (j, "name");
  json_string (j, "ltospell");
  json_key (j, "version");
  json_string (j, LS_REPORT_TOOL_VERSION);
  json_key (j, "rules");
  json_open (j, '[');
  for (int r = 0; r < N_RULES; r++)
    {
      json_open (j, '{');
      json_key (j, "id");
      json_string (j, sarif_rules[r].id);
      json_key (j, "name");
      json_string (j, sarif_rules[r].name);
      json_key (j, "shortDescription");
      json_open (j, '{');
      json_key (j, "text");
      json_string (j, sarif_rules[r].short_text);
      json_close (j, '}');
      json_key (j, "fullDescription");
      json_open (j, '{');
      json_key (j, "text");
      json_string (j, sarif_rules[r].full_text);
      json_close (j, '}');
      json_key (j, "defaultConfiguration");
      json_open (j, '{');
      json_key (j, "level");
      json_string (j, "warning");
      json_close (j, '}');
      json_close (j, '}');
    }
  json_close (j, ']');
  json_close (j, '}');
  json_close (j, '}');
}

static void
sarif_base_ids (struct json *j, const char *link_dir)
{
  if (!link_dir || link_dir[0] != '/')
    return;
  json_key (j, "originalUriBaseIds");
  json_open (j, '{');
  json_key (j, "LINKDIR");
  json_open (j, '{');
  json_key (j, "uri");
  json_value_start (j);
  fputs ("\"file://", j->out);
  write_uri_path (j->out, link_dir);
  if (link_dir[strlen (link_dir) - 1] != '/')
    fputc ('/', j->out);
  fputc ('"', j->out);
  j->need_comma = true;
  json_close (j, '}');
  json_close (j, '}');
}

int
ls_write_sarif (FILE *out, const struct ls_report_data *d)
{
  struct json j = { out, 0, false, false };
  json_open (&j, '{');
  json_key (&j, "$schema");
  json_string (&j, "https://json.schemastore.org/sarif-2.1.0.json");
  json_key (&j, "version");
  json_string (&j, "2.1.0");
  json_key (&j, "runs");
  json_open (&j, '[');
  json_open (&j, '{');
  sarif_driver (&j);
  sarif_base_ids (&j, d->link_dir);
  json_key (&j, "columnKind");
  json_string (&j, "unicodeCodePoints");
  json_key (&j, "results");
  json_open (&j, '[');
  for (size_t i = 0; i < d->results->n; i++)
    sarif_results (&j, &d->results->items[i], d);
  json_close (&j, ']');
  json_close (&j, '}');
  json_close (&j, ']');
  json_close (&j, '}');
  json_end (&j);
  return ferror (out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* GitHub Actions annotations.                                         */

/* Write S escaped for a workflow command: '%', CR and LF always, and
   ':' and ',' too in a property value.  */
static void
github_escape (FILE *out, const char *s, bool property)
{
  for (; *s; s++)
    if (*s == '%')
      fputs ("%25", out);
    else if (*s == '\r')
      fputs ("%0D", out);
    else if (*s == '\n')
      fputs ("%0A", out);
    else if (property && *s == ':')
      fputs ("%3A", out);
    else if (property && *s == ',')
      fputs ("%2C", out);
    else
      fputc (*s, out);
}

static void
github_line (FILE *out, const struct ls_site *u, const char *message,
	     const char *link_dir)
{
  fputs ("::warning ", out);
  if (u->file)
    {
      char *rel = ls_relative_path (u->file, link_dir);
      fputs ("file=", out);
      github_escape (out, rel, true);
      free (rel);
      if (u->line)
	fprintf (out, ",line=%u", u->line);
      if (u->column)
	fprintf (out, ",col=%u", u->column);
      fputc (',', out);
    }
  fputs ("title=ltospell::", out);
  github_escape (out, message, false);
  fputc ('\n', out);
}

/* MESSAGE, plus how many other places use the string.  */
static char *
with_other_uses (const char *message, const struct ls_string *s)
{
  if (s->n_uses < 2)
    return ls_xstrdup (message);
  return ls_xasprintf ("%s (and %zu more use%s)", message, s->n_uses - 1,
		       s->n_uses > 2 ? "s" : "");
}

void
ls_print_github (FILE *out, const ls_results *r, const char *link_dir)
{
  for (size_t i = 0; i < r->n; i++)
    {
      const struct ls_result *res = &r->items[i];
      if (!res->warns || !res->site)
	continue;
      /* A consistency item names its one string in its message.  */
      char *full = res->kind == LS_RESULT_MISSPELLING
		   ? with_other_uses (res->message, res->str)
		   : ls_xstrdup (res->message);
      github_line (out, res->site, full, link_dir);
      free (full);
    }
  fflush (out);
}

/* ------------------------------------------------------------------ */
/* Writing files atomically.                                           */

typedef int (*report_writer) (FILE *, const struct ls_report_data *);

static int
write_dups_text (FILE *out, const struct ls_report_data *d)
{
  ls_dups_write_text (out, &d->dups, 20);
  return ferror (out) ? -1 : 0;
}

/* The temporary file for PATH: ".NAME.XXXXXX" in the same directory,
   so that rename never crosses file systems.  */
static char *
temp_name_for (const char *path)
{
  const char *slash = strrchr (path, '/');
  if (!slash)
    return ls_xasprintf (".%s.XXXXXX", path);
  return ls_xasprintf ("%.*s/.%s.XXXXXX", (int) (slash - path), path,
		       slash + 1);
}

/* The permissions a plain fopen would give: 0666 less the umask.  */
static mode_t
default_file_mode (void)
{
  mode_t mask = umask (0);
  umask (mask);
  return 0666 & ~mask;
}

static int
write_file_atomically (const char *path, const char *what,
		       report_writer writer, const struct ls_report_data *d,
		       char **err)
{
  char *tmp = temp_name_for (path);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      *err = ls_xasprintf ("cannot write %s '%s': %s", what, path,
			   strerror (errno));
      free (tmp);
      return -1;
    }
  FILE *out = fdopen (fd, "w");
  int saved_errno = 0;
  if (!out)
    {
      saved_errno = errno;
      close (fd);
    }
  else
    {
      errno = 0;
      if (fchmod (fd, default_file_mode ()) != 0 || writer (out, d) != 0
	  || fflush (out) != 0 || fsync (fd) != 0)
	saved_errno = errno ? errno : EIO;
      if (fclose (out) != 0 && !saved_errno)
	saved_errno = errno;
    }
  if (!saved_errno && rename (tmp, path) != 0)
    saved_errno = errno;
  if (saved_errno)
    {
      unlink (tmp);
      *err = ls_xasprintf ("cannot write %s '%s': %s", what, path,
			   strerror (saved_errno));
    }
  free (tmp);
  return saved_errno ? -1 : 0;
}

int
ls_write_reports (const ls_program *p, const ls_findings *f,
		  const ls_results *r, const struct ls_options *o,
		  const char *link_dir, char **err)
{
  *err = NULL;
  if (!o->report && !o->sarif && !o->dups && !o->html)
    return 0;
  struct ls_report_data d = { p, f, r, o, link_dir, { 0 } };
  ls_dups_analyze (p, &d.dups);
  const struct
  {
    const char *path, *what;
    report_writer writer;
  } outputs[] = {
    { o->report, "JSON report", ls_write_json },
    { o->sarif, "SARIF report", ls_write_sarif },
    { o->dups, "duplication summary", write_dups_text },
    { o->html, "HTML report", ls_write_html },
  };
  int status = 0;
  for (size_t i = 0; i < sizeof outputs / sizeof *outputs && !status; i++)
    if (outputs[i].path)
      status = write_file_atomically (outputs[i].path, outputs[i].what,
				      outputs[i].writer, &d, err);
  ls_dups_free (&d.dups);
  return status;
}
