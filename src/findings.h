/* findings.h: what the check found (filled by check.c, its names by
   names.c, freed by ls_findings_free): the misspellings, the words
   taken for names, and the counts.  Types only, so that names.c, which
   check.c calls, can add to them.  */

#ifndef LTOSPELL_FINDINGS_H
#define LTOSPELL_FINDINGS_H

#include "strtab.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How sure a finding is.  */
enum ls_tier
{
  LS_TIER_UNKNOWN = 0,		/* The dictionaries reject the word.  */
  LS_TIER_KNOWN			/* A known misspelling with a known fix.  */
};

struct ls_finding
{
  const char *word;		/* NUL-terminated copy of the word.  */
  size_t offset;		/* Byte offset of its first occurrence.  */
  const struct ls_string *str;
  enum ls_tier tier;
  const char *fix;		/* The known fix (LS_TIER_KNOWN), or the
				   British form of an American spelling in
				   a British program, or NULL; malloc'd.  */
  bool user_visible;		/* A use reaches gettext or a format_arg
				   function: users read it.  */
  bool identifier;		/* A known misspelling that an identifier
				   of the program spells the same way.  */
  unsigned char dialect;	/* enum ls_dialect of a word that only
				   one dialect's dictionary accepts.  */
  unsigned char confidence;	/* enum ls_confidence (confidence.h): how
				   sure the finding is to be a typo.  */
  bool missing_space;		/* Two words run together ("intohistory"):
				   FIX has the space put back.  */
};

/* English dialects told apart by their dictionaries: en_US accepts
   "color" and "initialize", en_GB "colour" and "initialise".  */
enum ls_dialect
{
  LS_DIALECT_NONE = 0,
  LS_DIALECT_AMERICAN,
  LS_DIALECT_BRITISH
};

/* Why a word no dictionary knows was taken for a name (names.c).  */
enum ls_name_kind
{
  LS_NAME_NONE = 0,
  LS_NAME_ARGUMENT,		/* An argument that takes a person's name:
				   proper_name, version_etc's authors.  */
  LS_NAME_PACKAGE,		/* version_etc's program, package, version.  */
  LS_NAME_CREDITS,		/* An entry of a credits list.  */
  LS_NAME_MARKER,		/* After "Written by", "Copyright", "Author"...  */
  LS_NAME_EMAIL,		/* Beside an e-mail address.  */
  LS_NAME_INITIALS,		/* Beside initials: "J. Smith", "Smith, J.".  */
  LS_NAME_PROPER_NOUN		/* Always capitalised, in the middle of
				   sentences, in several strings: the name
				   of a product or format ("Zstandard").  */
};

/* A name, not a misspelling: listed once, at its first occurrence.  */
struct ls_name
{
  const char *word;		/* NUL-terminated copy.  */
  size_t offset;
  const struct ls_string *str;
  enum ls_name_kind kind;
};

typedef struct ls_findings
{
  struct ls_finding *items;
  size_t n, alloc;
  struct ls_name *names;	/* Words taken for names, in program  */
  size_t n_names, names_alloc;	/* order, each word once.  */
  size_t distinct_words;	/* Words the speller looked at.  */
  size_t words;			/* Word occurrences checked.  */
  /* The dialect the program's prose was found to be written in, when
     that was decided from its strings (lang= not given), and how many
     distinct words only the British or only the American dictionary
     accepts.  British: the program is checked as en_GB too, and a word
     only en_US accepts is reported with its British form.  */
  enum ls_dialect dialect;
  size_t british_words, american_words;
  char *british_example;	/* One of the British words (malloc'd).  */
} ls_findings;

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_FINDINGS_H */
