/* sarif.c: the SARIF 2.1.0 report, sarif=FILE.sarif: one result per
   record per use of its string, with its level, the fix of a known
   misspelling placed in the source when it can be found there, and
   baselineState with baseline=.  */

#include "sarif.h"
#include "findings.h"
#include "jsonwrite.h"
#include "results.h"
#include "strtab.h"
#include "text.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
write_uri_path (struct ls_jw *j, const char *path)
{
  static const char hex[] = "0123456789ABCDEF";
  for (const unsigned char *p = (const unsigned char *) path; *p; p++)
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
	|| (*p >= '0' && *p <= '9') || strchr ("-._~/", *p))
      ls_jw_raw (j, (const char *) p, 1);
    else
      {
	char escape[3] = { '%', hex[*p >> 4], hex[*p & 0xf] };
	ls_jw_raw (j, escape, 3);
      }
}

/* The artifactLocation of FILE: relative to root= (base id SRCROOT)
   when it can be, else an absolute file: URI.  */
static void
sarif_artifact_location (struct ls_jw *j, const char *file,
			 const struct ls_report_data *d)
{
  const char *root = d->root;
  char *rel = ls_path_from_root (file, d->link_dir, root);
  ls_jw_key (j, "artifactLocation");
  ls_jw_open (j, '{');
  ls_jw_key (j, "uri");
  ls_jw_value_start (j);
  ls_jw_raw (j, "\"", 1);
  if (rel[0] == '/')
    ls_jw_raw (j, "file://", 7);
  write_uri_path (j, rel);
  ls_jw_raw (j, "\"", 1);
  j->need_comma = true;
  if (rel[0] != '/' && root && root[0] == '/')
    {
      ls_jw_key (j, "uriBaseId");
      ls_jw_string (j, "SRCROOT");
    }
  ls_jw_close (j, '}');
  free (rel);
}

/* Use U, or R's word itself when U is R's first use and the word was
   found in the source (columns in code points, as columnKind says).  */
static void
sarif_location (struct ls_jw *j, const struct ls_site *u,
		const struct ls_result *r, const struct ls_report_data *d)
{
  bool word = r && r->located && u == r->site;
  ls_jw_open (j, '{');
  if (u->file)
    {
      ls_jw_key (j, "physicalLocation");
      ls_jw_open (j, '{');
      sarif_artifact_location (j, u->file, d);
      if (u->line)
	{
	  ls_jw_key (j, "region");
	  ls_jw_open (j, '{');
	  ls_jw_key (j, "startLine");
	  ls_jw_size (j, word ? r->span.line : u->line);
	  if (word)
	    {
	      ls_jw_key (j, "startColumn");
	      ls_jw_size (j, r->first_char);
	      ls_jw_key (j, "endColumn");
	      ls_jw_size (j, r->last_char + 1);
	    }
	  else if (u->column)
	    {
	      ls_jw_key (j, "startColumn");
	      ls_jw_size (j, u->column);
	    }
	  ls_jw_close (j, '}');
	}
      ls_jw_close (j, '}');
    }
  const char *logical = u->function ? u->function : u->variable;
  if (logical)
    {
      ls_jw_key (j, "logicalLocations");
      ls_jw_open (j, '[');
      ls_jw_open (j, '{');
      ls_jw_key (j, "name");
      ls_jw_string (j, logical);
      ls_jw_key (j, "kind");
      ls_jw_string (j, u->function ? "function" : "variable");
      ls_jw_close (j, '}');
      ls_jw_close (j, ']');
    }
  ls_jw_close (j, '}');
}

/* The fix of R at its first use U, when the word was found spelled as
   itself in the source (results.c's fixit).  */
static void
sarif_fix (struct ls_jw *j, const struct ls_result *r,
	   const struct ls_site *u, const struct ls_report_data *d)
{
  if (!r->fixit || u != r->site)
    return;
  char *what = ls_xasprintf ("Replace '%s' with '%s'", r->word, r->fixit);
  ls_jw_key (j, "fixes");
  ls_jw_open (j, '[');
  ls_jw_open (j, '{');
  ls_jw_key (j, "description");
  ls_jw_open (j, '{');
  ls_jw_key (j, "text");
  ls_jw_string (j, what);
  ls_jw_close (j, '}');
  ls_jw_key (j, "artifactChanges");
  ls_jw_open (j, '[');
  ls_jw_open (j, '{');
  sarif_artifact_location (j, u->file, d);
  ls_jw_key (j, "replacements");
  ls_jw_open (j, '[');
  ls_jw_open (j, '{');
  ls_jw_key (j, "deletedRegion");
  ls_jw_open (j, '{');
  ls_jw_key (j, "startLine");
  ls_jw_size (j, r->span.line);
  ls_jw_key (j, "startColumn");
  ls_jw_size (j, r->first_char);
  ls_jw_key (j, "endColumn");
  ls_jw_size (j, r->last_char + 1);
  ls_jw_close (j, '}');
  ls_jw_key (j, "insertedContent");
  ls_jw_open (j, '{');
  ls_jw_key (j, "text");
  ls_jw_string (j, r->fixit);
  ls_jw_close (j, '}');
  ls_jw_close (j, '}');
  ls_jw_close (j, ']');
  ls_jw_close (j, '}');
  ls_jw_close (j, ']');
  ls_jw_close (j, '}');
  ls_jw_close (j, ']');
  free (what);
}

static void
sarif_result_head (struct ls_jw *j, enum sarif_rule rule,
		   const struct ls_result *r, bool baseline)
{
  ls_jw_open (j, '{');
  ls_jw_key (j, "ruleId");
  ls_jw_string (j, sarif_rules[rule].id);
  ls_jw_key (j, "ruleIndex");
  ls_jw_size (j, rule);
  ls_jw_key (j, "level");
  ls_jw_string (j, ls_level_name (r->level));
  ls_jw_key (j, "message");
  ls_jw_open (j, '{');
  ls_jw_key (j, "text");
  ls_jw_string (j, r->message);
  ls_jw_close (j, '}');
  if (baseline)
    {
      ls_jw_key (j, "baselineState");
      ls_jw_string (j, r->in_baseline ? "unchanged" : "new");
    }
}

static void
sarif_locations (struct ls_jw *j, const struct ls_site *u,
		 const struct ls_result *r, const struct ls_report_data *d)
{
  ls_jw_key (j, "locations");
  ls_jw_open (j, '[');
  sarif_location (j, u, r, d);
  ls_jw_close (j, ']');
}

/* USER_VISIBLE: a use of the string reaches gettext or a format_arg
   function (as in the JSON report).  */
static void
sarif_properties (struct ls_jw *j, const char *word, const char *tier,
		  const struct ls_string *s, bool user_visible)
{
  ls_jw_key (j, "properties");
  ls_jw_open (j, '{');
  ls_jw_key (j, "word");
  ls_jw_string (j, word);
  ls_jw_key (j, "tier");
  ls_jw_string (j, tier);
  ls_jw_key (j, "dead");
  ls_jw_bool (j, ls_string_is_dead (s));
  ls_jw_key (j, "user_visible");
  ls_jw_bool (j, user_visible);
  ls_jw_key (j, "string");
  ls_jw_string_n (j, s->text, s->text_len);
  ls_jw_close (j, '}');
}

/* What tells two results apart when their rule, message and location
   are the same (two strings on one line with the same misspelling):
   the word, the string and the place.  SARIF tools that merge or
   deduplicate logs compare results by their fingerprints.  */
static void
sarif_fingerprint (struct ls_jw *j, const char *word,
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
  ls_jw_key (j, "partialFingerprints");
  ls_jw_open (j, '{');
  ls_jw_key (j, "ltospellFinding/v1");
  ls_jw_string (j, hex);
  ls_jw_close (j, '}');
}

/* One result for each use of R's string.  */
static void
sarif_results (struct ls_jw *j, const struct ls_result *r,
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
      sarif_locations (j, u, r, d);
      if (misspelling)
	{
	  sarif_fix (j, r, u, d);
	  sarif_fingerprint (j, r->word, r->str, u);
	}
      sarif_properties (j, r->word, r->tier, r->str,
			misspelling && r->finding->user_visible);
      ls_jw_close (j, '}');
    }
}

static void
sarif_driver (struct ls_jw *j)
{
  ls_jw_key (j, "tool");
  ls_jw_open (j, '{');
  ls_jw_key (j, "driver");
  ls_jw_open (j, '{');
  ls_jw_key (j, "name");
  ls_jw_string (j, "ltospell");
  ls_jw_key (j, "version");
  ls_jw_string (j, LS_REPORT_TOOL_VERSION);
  ls_jw_key (j, "rules");
  ls_jw_open (j, '[');
  for (int r = 0; r < N_RULES; r++)
    {
      ls_jw_open (j, '{');
      ls_jw_key (j, "id");
      ls_jw_string (j, sarif_rules[r].id);
      ls_jw_key (j, "name");
      ls_jw_string (j, sarif_rules[r].name);
      ls_jw_key (j, "shortDescription");
      ls_jw_open (j, '{');
      ls_jw_key (j, "text");
      ls_jw_string (j, sarif_rules[r].short_text);
      ls_jw_close (j, '}');
      ls_jw_key (j, "fullDescription");
      ls_jw_open (j, '{');
      ls_jw_key (j, "text");
      ls_jw_string (j, sarif_rules[r].full_text);
      ls_jw_close (j, '}');
      ls_jw_key (j, "defaultConfiguration");
      ls_jw_open (j, '{');
      ls_jw_key (j, "level");
      ls_jw_string (j, "warning");
      ls_jw_close (j, '}');
      ls_jw_close (j, '}');
    }
  ls_jw_close (j, ']');
  ls_jw_close (j, '}');
  ls_jw_close (j, '}');
}

static void
sarif_base_ids (struct ls_jw *j, const char *link_dir)
{
  if (!link_dir || link_dir[0] != '/')
    return;
  ls_jw_key (j, "originalUriBaseIds");
  ls_jw_open (j, '{');
  ls_jw_key (j, "SRCROOT");
  ls_jw_open (j, '{');
  ls_jw_key (j, "uri");
  ls_jw_value_start (j);
  ls_jw_raw (j, "\"file://", 8);
  write_uri_path (j, link_dir);
  if (link_dir[strlen (link_dir) - 1] != '/')
    ls_jw_raw (j, "/", 1);
  ls_jw_raw (j, "\"", 1);
  j->need_comma = true;
  ls_jw_close (j, '}');
  ls_jw_close (j, '}');
}

int
ls_write_sarif (FILE *out, const struct ls_report_data *d)
{
  struct ls_jw j = { .out = out };
  ls_jw_open (&j, '{');
  ls_jw_key (&j, "$schema");
  ls_jw_string (&j, "https://json.schemastore.org/sarif-2.1.0.json");
  ls_jw_key (&j, "version");
  ls_jw_string (&j, "2.1.0");
  ls_jw_key (&j, "runs");
  ls_jw_open (&j, '[');
  ls_jw_open (&j, '{');
  sarif_driver (&j);
  sarif_base_ids (&j, d->root);
  ls_jw_key (&j, "columnKind");
  ls_jw_string (&j, "unicodeCodePoints");
  ls_jw_key (&j, "results");
  ls_jw_open (&j, '[');
  for (size_t i = 0; i < d->results->n; i++)
    sarif_results (&j, &d->results->items[i], d);
  ls_jw_close (&j, ']');
  ls_jw_close (&j, '}');
  ls_jw_close (&j, ']');
  ls_jw_close (&j, '}');
  ls_jw_end (&j);
  return ferror (out) ? -1 : 0;
}
