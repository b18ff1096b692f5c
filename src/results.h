/* results.h: what the link found, as one list of records (results.c).

   The findings (ls_check_program) and the consistency items
   (ls_consistency_check) are two kinds of thing; every output shows
   both the same way.  ls_results_build turns them, once, into one list
   of records holding everything an output shows: the message, the
   word, its tier, the suggestions (the first is the one a one-line
   output shows), the fix, the level, whether it warns and whether it
   fails the link, and the string whose uses are its sites.  GCC's
   diagnostics, the JSON and SARIF reports, the GitHub annotations and
   the HTML page only render this list, so they cannot disagree.

   The policy lives here too: what warns (tier=, confidence=, dead,
   baseline=) and what fails (fail-on=, werror).  */

#ifndef LTOSPELL_RESULTS_H
#define LTOSPELL_RESULTS_H

#include "baseline.h"
#include "consistency.h"
#include "findings.h"
#include "literal.h"
#include "options.h"
#include "source.h"
#include "speller.h"
#include "strtab.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ls_result_kind
{
  LS_RESULT_MISSPELLING,	/* A finding of ls_check_program.  */
  LS_RESULT_CONSISTENCY		/* An item of ls_consistency_check.  */
};

/* How serious a result is, as SARIF's level says it: it fails the
   link, it warns, or it is only in the reports.  */
enum ls_level
{
  LS_LEVEL_NOTE,
  LS_LEVEL_WARNING,
  LS_LEVEL_ERROR
};

struct ls_result
{
  enum ls_result_kind kind;
  const struct ls_finding *finding;	/* LS_RESULT_MISSPELLING: the
					   finding, for its own fields
					   (offset, confidence, ...).  */
  const struct ls_consistency_item *item;	/* LS_RESULT_CONSISTENCY.  */
  const char *word;		/* The misspelled word, or what the string
				   has against the rest of the program.  */
  const char *tier;		/* "known", "unknown" or "consistency".  */
  const struct ls_string *str;	/* Its sites: str->uses, in file/line/
				   column order.  */
  const struct ls_site *site;	/* The first use (NULL when none).  */
  const char *fix;		/* The known fix, or NULL.  */
  const char **suggestions;	/* Best first, at most
				   LS_MAX_SUGGESTIONS; the first is the
				   one a one-line message shows.  */
  size_t n_suggestions;
  /* The message.  FORMAT is GCC's (%qs for each of ARGS, which GCC
     quotes in the user's locale); MESSAGE is the same text with ASCII
     quotes, for the reports.  */
  const char *format;
  const char *args[2];
  char *message;
  enum ls_level level;
  bool dead;			/* Every use is in code LTO removes.  */
  bool warns;			/* A warning and an annotation.  */
  bool fails;			/* Makes the link fail (fail-on=, werror).  */
  bool in_baseline;		/* baseline=FILE has it: neither warns
				   nor fails.  */
  /* Where the word itself is in the source of the first use, when the
     source could be read (ls_results_locate): SPAN in bytes, for GCC,
     and the same columns counted in Unicode code points, for SARIF and
     GitHub.  */
  bool located;
  struct ls_source_span span;
  unsigned first_char, last_char;
  /* The replacement of the word in its own capitalisation, when the
     word is spelled verbatim at SPAN and the fix is sure: a known
     misspelling's fix, or a dictionary finding's only suggestion one
     edit away.  For fix-it hints and fix=FILE.patch.  Malloc'd.  */
  char *fixit;
};

typedef struct ls_results
{
  struct ls_result *items;	/* The findings in program order, then
				   the consistency items.  */
  size_t n;
  bool baseline_given;		/* baseline= was given (SARIF's
				   baselineState).  */
  size_t misspelled_words;	/* Distinct words of the misspellings.  */
  size_t warning;		/* Results that warn.  */
  size_t warning_findings;	/* Misspellings that warn...  */
  size_t warning_words;		/* ...and their distinct words.  */
  size_t failing;		/* Results that fail the link.  */
  size_t in_baseline;		/* Results baseline= silenced.  */
  size_t dead_hidden;		/* Misspellings left out as dead code.  */
} ls_results;

/* How many suggestions a record lists: the speller's tail is noise.  */
#define LS_MAX_SUGGESTIONS 5

/* Tells whether GCC would show a warning at SITE (-w, #pragma): the
   plugin's; NULL means always.  Suggestions cost up to 20 ms a word,
   so a result that no output shows is not given the speller's.  */
typedef bool (*ls_shown_fn) (const struct ls_site *site, void *data);

/* Build the records of findings F and consistency items C (may be
   NULL) under options O.  SP (may be NULL) supplies suggestions beyond
   the known fixes; BASELINE (may be NULL) the findings to silence.  */
void ls_results_build (ls_results *out, const ls_findings *f,
		       const struct ls_consistency *c, ls_speller *sp,
		       const struct ls_options *o,
		       const ls_baseline *baseline, ls_shown_fn shown,
		       void *shown_data);
void ls_results_free (ls_results *r);

/* Find each misspelling's word in the source of its first use, through
   SOURCES (file names as the sites give them, relative to the current
   directory), and set LOCATED, SPAN, the character columns and FIXIT.
   A result whose source cannot be read keeps its site's position.
   A file's text is let go (ls_source_drop_text) when the next result
   is in another file: results in program order go file by file.  */
void ls_results_locate (ls_results *r, ls_sources *sources);

/* Does F warn under O (baseline= aside): its tier is one tier= asks
   for, it is confident enough, and its string is live unless the
   `dead' option is given.  */
bool ls_finding_warns (const struct ls_finding *f,
		       const struct ls_options *o);

/* The names of a level ("note", "warning", "error") and of a finding's
   tier ("known", "unknown").  */
const char *ls_level_name (enum ls_level level);
const char *ls_tier_name (enum ls_tier tier);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_RESULTS_H */
