/* report.h: reports for CI and people, duplication and consistency.

   Everything here works on a finished program (ls_program_finish) and
   its findings (ls_check_program), and is plain C11 like the rest of
   the core.  The plugin makes one call after checking:

     ls_write_reports (program, &findings, &consistency, speller,
		       &options, link_dir, &err)

   which writes every file the options ask for (report=, sarif=, dups=,
   html=), each one atomically.  With format=github it also calls
   ls_print_github; with consistency it first calls
   ls_consistency_check and turns each item into a warning.  Whether a
   finding warns and whether the link fails are decided here too
   (ls_finding_warns, ls_count_failing), so that the diagnostics, the
   annotations and the reports agree.  */

#ifndef LTOSPELL_REPORT_H
#define LTOSPELL_REPORT_H

#include "ltospell.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version reported as SARIF's tool.driver.version.  */
#define LS_REPORT_TOOL_VERSION "0.1"

/* ------------------------------------------------------------------ */
/* What warns (report.c).  Dead strings: ls_string_is_dead, strtab.c. */

/* Does F warn under O: its tier is one tier= asks for, and its string
   is live unless the `dead' option is given.  */
bool ls_finding_warns (const struct ls_finding *f,
		       const struct ls_options *o);

/* ------------------------------------------------------------------ */
/* Consistency (consistency.c), with the `consistency' option.         */

enum ls_consistency_kind
{
  LS_CONSISTENCY_DIALECT,	/* en_US and en_GB spellings mixed.  */
  LS_CONSISTENCY_CANNOT,	/* "can not" and "cannot" mixed.  */
  LS_CONSISTENCY_MESSAGE	/* Messages that differ only by case or
				   by a trailing period.  */
};

struct ls_consistency_item
{
  enum ls_consistency_kind kind;
  char *message;		/* The warning's text, ready to print.  */
  char *word;			/* What the string has: "colour", "can not",
				   or the whole message.  */
  char *preferred;		/* What the rest of the program has.  */
  const struct ls_string *str;
  const struct ls_site *site;	/* The string's first use.  */
};

struct ls_consistency
{
  struct ls_consistency_item *items;
  size_t n, alloc;
};

/* Find the inconsistencies of the finished program P: for each mix,
   the minority form is flagged (a tie goes to the dialect of O's
   first language, and to "cannot").  Strings whose every use is dead
   count only with O->dead.  Items come in the program's string order.
   The plugin prints each as
     warning_at (item->site->loc, 0, "%s", item->message).  */
void ls_consistency_check (const ls_program *p, const struct ls_options *o,
			   struct ls_consistency *out);
void ls_consistency_free (struct ls_consistency *c);

/* ------------------------------------------------------------------ */
/* Duplication (dups.c).                                               */

/* A distinct string with more than one copy in the objects.  A copy is
   a literal in a unit (GCC shares equal literals within a unit, the
   linker across units through SHF_MERGE string sections) or a named
   array (each its own object, never merged).  Only live uses count.  */
struct ls_dup
{
  const struct ls_string *str;
  size_t copies;
  size_t bytes;			/* copies * str->nbytes.  */
  size_t wasted_bytes;		/* (copies - 1) * str->nbytes.  */
  bool mergeable;		/* Every copy is a literal.  */
  const char **units;		/* Units holding a copy, sorted.  */
  size_t n_units;
  const char **functions;	/* Every function using it, sorted.  */
  size_t n_functions;
};

/* Strings equal once a trailing newline, punctuation and case are
   ignored, such as "Done.\n", "done" and "Done!".  */
struct ls_near_dup
{
  char *key;			/* The text they share, normalized.  */
  const struct ls_string **members;	/* In program order.  */
  size_t n_members;
  size_t first_index;		/* Program index of the first member.  */
};

/* A string that is the tail of a longer one ("ing\n" of "Writing\n"):
   the linker can store it inside the longer one when both are
   mergeable literals.  */
struct ls_suffix
{
  const struct ls_string *suffix;
  const struct ls_string *of;
  bool mergeable;
};

/* Bytes of duplicated strings held by one unit.  */
struct ls_unit_bytes
{
  const char *unit;
  size_t bytes;
};

typedef struct ls_dups
{
  struct ls_dup *items;		/* By wasted bytes, most first, then in
				   program order.  */
  size_t n;
  struct ls_near_dup *near;	/* In order of their first member.  */
  size_t n_near;
  struct ls_suffix *suffixes;	/* In program order of the suffix.  */
  size_t n_suffixes;
  struct ls_unit_bytes *units;	/* Sorted by unit name.  */
  size_t n_units;
  size_t wasted_mergeable;	/* Wasted bytes the linker merges away.  */
  size_t wasted_unmergeable;	/* Wasted bytes that stay in the binary.  */
} ls_dups;

void ls_dups_analyze (const ls_program *p, ls_dups *out);
void ls_dups_free (ls_dups *d);

/* The human summary of dups=FILE.txt: the TOP duplicated strings by
   wasted bytes with their units, then the near-duplicates and the
   tail-merge candidates.  */
void ls_dups_write_text (FILE *out, const ls_dups *d, size_t top);

/* Every function that uses S, directly or as a referrer of a table
   holding it: sorted, distinct, in a malloc'd array (the names belong
   to the program).  Returns the count.  */
size_t ls_string_functions (const struct ls_string *s, const char ***out);

/* Number of live copies of S (see struct ls_dup) and whether every
   one of them is a literal.  */
size_t ls_string_copies (const struct ls_string *s, bool *mergeable);

/* ------------------------------------------------------------------ */
/* Writing reports (report.c, html.c).                                 */

/* Everything a report shows.  */
struct ls_report_data
{
  const ls_program *program;
  const ls_findings *findings;
  const struct ls_consistency *consistency;	/* May be NULL.  */
  ls_speller *speller;		/* For suggestions; may be NULL.  */
  const struct ls_options *options;
  const char *link_dir;		/* Paths are made relative to it.  */
  ls_dups dups;
};

/* Write every report O asks for: report= (JSON), sarif= (SARIF
   2.1.0), dups= (text) and html=.  Each is written to a temporary file
   in the same directory and renamed into place, so a reader never sees
   half a report.  CONSISTENCY may be NULL.  LINK_DIR is the directory
   relative paths are taken from (the link's working directory).
   Returns 0, or -1 with *ERR set to a malloc'd message naming the
   path.  */
int ls_write_reports (const ls_program *p, const ls_findings *f,
		      const struct ls_consistency *consistency,
		      ls_speller *sp, const struct ls_options *o,
		      const char *link_dir, char **err);

/* Print one "::warning file=F,line=L,col=C,title=T::MESSAGE" line for
   GitHub Actions for each finding that warns (at its first use) and
   each consistency item (CONSISTENCY may be NULL).  */
void ls_print_github (FILE *out, const ls_program *p, const ls_findings *f,
		      const struct ls_consistency *consistency,
		      ls_speller *sp, const struct ls_options *o,
		      const char *link_dir);

/* How many findings make the link fail under fail-on=/werror: those of
   a tier fail_on covers (consistency items count under fail-on=all),
   live unless `dead' is given.  0 when fail-on is not given.  */
size_t ls_count_failing (const ls_findings *f,
			 const struct ls_consistency *consistency,
			 const struct ls_options *o);

/* The pieces, for the writers and the tests.  Each returns 0, or -1
   when writing failed (errno says why).  */
int ls_write_json (FILE *out, const struct ls_report_data *d);
int ls_write_sarif (FILE *out, const struct ls_report_data *d);
int ls_write_html (FILE *out, const struct ls_report_data *d);

/* Write LEN bytes at S as the contents of a JSON string (without the
   quotes): valid UTF-8 as is, invalid bytes as \ufffd, control
   characters and NUL as escapes.  */
void ls_json_escape (FILE *out, const char *s, size_t len);

/* S (LEN bytes) as one line people can read: C escapes for control
   characters, backslash and double quote, \xNN for invalid UTF-8.
   Malloc'd.  */
char *ls_display_text (const char *s, size_t len);

/* PATH relative to DIR when it is DIR or below it; otherwise PATH.
   Malloc'd.  */
char *ls_relative_path (const char *path, const char *dir);

/* The message of a misspelling, as the diagnostics word it.  */
char *ls_finding_message (const struct ls_finding *f, ls_speller *sp);

/* The lowercase name of a finding's tier: "known" or "unknown".  */
const char *ls_tier_name (enum ls_tier tier);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_REPORT_H */
