/* options.h: the plugin's options (options.c),
   -fplugin-arg-ltospell-KEY[=VALUE].  */

#ifndef LTOSPELL_OPTIONS_H
#define LTOSPELL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A repeatable option's values, in the order given.  */
struct ls_strlist
{
  const char **items;
  size_t n;
};

enum ls_tier_choice
{
  LS_TIERS_NONE = 0,		/* fail-on not given.  */
  LS_TIERS_KNOWN,		/* Only known misspellings.  */
  LS_TIERS_ALL			/* Known and unknown.  */
};

enum ls_output_format
{
  LS_OUTPUT_GCC = 0,		/* GCC diagnostics (warning_at/inform).  */
  LS_OUTPUT_GITHUB		/* ::warning lines for GitHub Actions too.  */
};

/* check-at=: when WPA checks the program (the plugin decides, for
   lto1's memory; see plugin.cc, check_at_end_of_wpa).  */
enum ls_check_at
{
  LS_CHECK_AT_AUTO = 0,		/* By the size of the summaries.  */
  LS_CHECK_AT_PASS,		/* In the IPA pass.  */
  LS_CHECK_AT_END		/* At the end of WPA.  */
};

struct ls_options
{
  const char *lang;		/* lang=: default "en_US".  */
  bool lang_given;		/* lang= was given: no dialect detection.  */
  const char *provider;		/* provider=: NULL for enchant's default.  */
  const char *dict;		/* dict=: word-list dir, "none", or NULL
				   for the one beside the plugin.  */
  const char *words_dir;	/* Not an option: the build's precompiled
				   words (dictwords.h), set by the plugin;
				   NULL: none.  */
  struct ls_strlist words;	/* words=FILE: extra accepted words.  */
  struct ls_strlist typos;	/* typos=FILE: wrong->right lists.  */
  struct ls_strlist ignore;	/* ignore=FILE: regular expressions.  */
  struct ls_strlist exclude;	/* exclude=GLOB: files and units to skip.  */
  struct ls_strlist sinks;	/* sink=FUNC: more identifier-taking calls.  */
  bool no_sinks;		/* sinks=off: check strings passed to sinks.  */
  enum ls_tier_choice tier;	/* tier=: which findings warn (default all).  */
  int min_confidence;		/* confidence=: the least enum ls_confidence
				   a dictionary finding needs to warn or
				   fail; weaker ones are in the reports.  */
  enum ls_tier_choice fail_on;	/* fail-on= / werror: fail the link.  */
  enum ls_output_format format;	/* format=gcc|github.  */
  const char *report;		/* report=FILE.json */
  const char *sarif;		/* sarif=FILE.sarif */
  const char *dups;		/* dups=FILE.txt */
  const char *html;		/* html=FILE.html */
  const char *fix;		/* fix=FILE.patch: the sure fixes as a
				   unified diff.  */
  const char *root;		/* root=DIR: paths in the reports are
				   relative to it (the plugin sets the
				   default: the git work tree's top).  */
  const char *baseline;		/* baseline=FILE.json: an earlier report
				   whose findings neither warn nor fail.  */
  bool consistency;		/* consistency: en_US/en_GB mixes and the like.  */
  bool dead;			/* dead: warn for strings in dead code too.  */
  bool stats;			/* stats: print phase times.  */
  bool dump;			/* dump: the pass's dump file, as
				   -fdump-ipa-ltospell would be.  */
  bool quiet;			/* quiet: no summary line.  */
  enum ls_check_at check_at;	/* check-at=auto|pass|end.  */
};

/* Help text for -v --help.  */
extern const char ls_help_text[];

void ls_options_init (struct ls_options *o);

/* Apply one -fplugin-arg-ltospell-KEY[=VALUE].  VALUE is NULL when no
   '=' was given.  Returns 0, or -1 with *ERR set to a malloc'd message
   naming the key or value.  Strings are referenced, not copied.  */
int ls_options_set (struct ls_options *o, const char *key,
		    const char *value, char **err);

void ls_options_free (struct ls_options *o);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_OPTIONS_H */
