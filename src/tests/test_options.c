/* test_options.c: unit tests for the option parser (options.c).

   Every key of the option table is set with good values, bad values,
   no value and (for flags) a value it must refuse; each error is
   compared in full, since the message is what a user with a typo in a
   build script gets to read.  */

#include "options.h"
#include "unit.h"

#include <stdlib.h>

/* Set KEY=VALUE on O and return the status; the message, if any, goes
   to LAST_ERROR (previous one freed).  */
static char *last_error;

static int
set (struct ls_options *o, const char *key, const char *value)
{
  free (last_error);
  last_error = NULL;
  return ls_options_set (o, key, value, &last_error);
}

/* KEY=VALUE is accepted and leaves no message.  */
static void
expect_ok (struct ls_options *o, const char *key, const char *value)
{
  char name[160];
  snprintf (name, sizeof name, "accepts %s%s%s", key, value ? "=" : "",
	    value ? value : "");
  int status = set (o, key, value);
  UNIT_CHECK (name, status == 0 && last_error == NULL);
}

/* KEY=VALUE is refused with exactly MESSAGE, and O is unchanged.  */
static void
expect_error (struct ls_options *o, const char *key, const char *value,
	      const char *message)
{
  char name[160];
  struct ls_options before = *o;
  snprintf (name, sizeof name, "refuses %s%s%s", key,
	    value ? "=" : " (no value)", value ? value : "");
  int status = set (o, key, value);
  UNIT_CHECK (name, status == -1);
  snprintf (name, sizeof name, "message for %s%s%s", key, value ? "=" : "",
	    value ? value : "");
  UNIT_STREQ (name, last_error, message);
  snprintf (name, sizeof name, "%s%s%s leaves the options unchanged", key,
	    value ? "=" : "", value ? value : "");
  UNIT_CHECK (name, memcmp (&before, o, sizeof before) == 0);
}

static void
test_defaults (void)
{
  struct ls_options o;
  memset (&o, 0xa5, sizeof o);
  ls_options_init (&o);
  UNIT_STREQ ("default lang is en_US", o.lang, "en_US");
  UNIT_CHECK ("default provider is enchant's", o.provider == NULL);
  UNIT_CHECK ("default dict is the one beside the plugin", o.dict == NULL);
  UNIT_CHECK ("default lists are empty",
	      o.words.n == 0 && o.typos.n == 0 && o.ignore.n == 0
	      && o.exclude.n == 0 && o.sinks.n == 0 && o.words.items == NULL);
  UNIT_CHECK ("default sinks are on", !o.no_sinks);
  UNIT_CHECK ("default tier is all", o.tier == LS_TIERS_ALL);
  UNIT_CHECK ("default fail-on is none", o.fail_on == LS_TIERS_NONE);
  UNIT_CHECK ("default format is gcc", o.format == LS_OUTPUT_GCC);
  UNIT_CHECK ("default outputs are off",
	      !o.report && !o.sarif && !o.dups && !o.html);
  UNIT_CHECK ("default flags are off",
	      !o.consistency && !o.dead && !o.stats && !o.quiet);
  ls_options_free (&o);
}

static void
test_lang (void)
{
  struct ls_options o;
  ls_options_init (&o);
  expect_ok (&o, "lang", "en_GB");
  UNIT_STREQ ("lang=en_GB stored", o.lang, "en_GB");
  expect_ok (&o, "lang", "en_US,en_GB");
  UNIT_STREQ ("lang list stored as given", o.lang, "en_US,en_GB");
  expect_ok (&o, "lang", "de_DE-1901");
  expect_ok (&o, "lang", "sr@latin");
  expect_ok (&o, "lang", "en");
  static const char *const bad[]
    = { "en US", "en_US,", ",en_US", "en_US,,en_GB", "../evil", "en;rm" };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      char want[200];
      snprintf (want, sizeof want,
		"bad value '%s' for 'lang': want a language such as en_US, "
		"or a comma-separated list", bad[i]);
      expect_error (&o, "lang", bad[i], want);
    }
  expect_error (&o, "lang", NULL, "'lang' needs a value: lang=VALUE");
  expect_error (&o, "lang", "", "'lang' needs a value: lang=VALUE");
  UNIT_STREQ ("lang keeps the last good value", o.lang, "en");
  ls_options_free (&o);
}

static void
test_provider (void)
{
  struct ls_options o;
  ls_options_init (&o);
  expect_ok (&o, "provider", "aspell");
  UNIT_STREQ ("provider=aspell stored", o.provider, "aspell");
  expect_ok (&o, "provider", "hunspell");
  UNIT_STREQ ("provider=hunspell stored", o.provider, "hunspell");
  expect_error (&o, "provider", "myspell",
		"bad value 'myspell' for 'provider': want 'aspell' or "
		"'hunspell'");
  expect_error (&o, "provider", "Hunspell",
		"bad value 'Hunspell' for 'provider': want 'aspell' or "
		"'hunspell'");
  expect_error (&o, "provider", NULL,
		"'provider' needs a value: provider=VALUE");
  ls_options_free (&o);
}

/* dict and the output files take any non-empty value.  */
static void
test_strings (void)
{
  static const char *const keys[] = { "dict", "report", "sarif", "dups",
				       "html" };
  struct ls_options o;
  ls_options_init (&o);
  expect_ok (&o, "dict", "none");
  UNIT_STREQ ("dict=none stored", o.dict, "none");
  expect_ok (&o, "dict", "/usr/share/ltospell");
  UNIT_STREQ ("dict=DIR stored", o.dict, "/usr/share/ltospell");
  expect_ok (&o, "report", "out.json");
  UNIT_STREQ ("report stored", o.report, "out.json");
  expect_ok (&o, "sarif", "out.sarif");
  UNIT_STREQ ("sarif stored", o.sarif, "out.sarif");
  expect_ok (&o, "dups", "dups.txt");
  UNIT_STREQ ("dups stored", o.dups, "dups.txt");
  expect_ok (&o, "html", "r.html");
  UNIT_STREQ ("html stored", o.html, "r.html");
  expect_ok (&o, "report", "second.json");
  UNIT_STREQ ("a repeated single-valued key keeps the last", o.report,
	      "second.json");
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    {
      char want[100];
      snprintf (want, sizeof want, "'%s' needs a value: %s=VALUE", keys[i],
		keys[i]);
      expect_error (&o, keys[i], NULL, want);
      expect_error (&o, keys[i], "", want);
    }
  ls_options_free (&o);
}

/* Repeatable keys keep every value in order; strings are referenced,
   not copied.  */
static void
test_lists (void)
{
  struct ls_options o;
  ls_options_init (&o);
  const char *a = "a.txt", *b = "b.txt", *c = "c.txt";
  expect_ok (&o, "words", a);
  expect_ok (&o, "words", b);
  expect_ok (&o, "words", c);
  UNIT_CHECK ("words: three values", o.words.n == 3);
  UNIT_CHECK ("words: in order, referenced",
	      o.words.n == 3 && o.words.items[0] == a && o.words.items[1] == b
	      && o.words.items[2] == c);
  expect_ok (&o, "typos", "t1");
  expect_ok (&o, "typos", "t2");
  expect_ok (&o, "ignore", "re.txt");
  expect_ok (&o, "exclude", "vendor/*");
  expect_ok (&o, "exclude", "*.gen.c");
  expect_ok (&o, "sink", "log_key");
  expect_ok (&o, "sink", "setenv");
  expect_ok (&o, "sink", "getenv");
  UNIT_CHECK ("typos: two in order",
	      o.typos.n == 2 && strcmp (o.typos.items[0], "t1") == 0
	      && strcmp (o.typos.items[1], "t2") == 0);
  UNIT_CHECK ("ignore: one", o.ignore.n == 1
			     && strcmp (o.ignore.items[0], "re.txt") == 0);
  UNIT_CHECK ("exclude: two in order",
	      o.exclude.n == 2 && strcmp (o.exclude.items[0], "vendor/*") == 0
	      && strcmp (o.exclude.items[1], "*.gen.c") == 0);
  UNIT_CHECK ("sink: three in order, stored in sinks",
	      o.sinks.n == 3 && strcmp (o.sinks.items[0], "log_key") == 0
	      && strcmp (o.sinks.items[2], "getenv") == 0);
  UNIT_CHECK ("lists do not mix", o.words.n == 3);
  static const char *const keys[]
    = { "words", "typos", "ignore", "exclude", "sink" };
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    {
      char want[100];
      snprintf (want, sizeof want, "'%s' needs a value: %s=VALUE", keys[i],
		keys[i]);
      expect_error (&o, keys[i], NULL, want);
    }
  ls_options_free (&o);
  UNIT_CHECK ("free empties the lists",
	      o.words.n == 0 && o.words.items == NULL && o.sinks.n == 0);
  ls_options_free (&o);
  UNIT_CHECK ("free twice is harmless", o.typos.items == NULL);
}

static void
test_choices (void)
{
  struct ls_options o;
  ls_options_init (&o);
  expect_ok (&o, "sinks", "off");
  UNIT_CHECK ("sinks=off sets no_sinks", o.no_sinks);
  expect_ok (&o, "sinks", "on");
  UNIT_CHECK ("sinks=on clears no_sinks", !o.no_sinks);
  expect_error (&o, "sinks", "yes",
		"bad value 'yes' for 'sinks': want 'on' or 'off'");
  expect_error (&o, "sinks", NULL, "'sinks' needs a value: sinks=VALUE");

  expect_ok (&o, "tier", "known");
  UNIT_CHECK ("tier=known", o.tier == LS_TIERS_KNOWN);
  expect_ok (&o, "tier", "all");
  UNIT_CHECK ("tier=all", o.tier == LS_TIERS_ALL);
  expect_error (&o, "tier", "none",
		"bad value 'none' for 'tier': want 'known' or 'all'");
  expect_error (&o, "tier", "", "'tier' needs a value: tier=VALUE");

  expect_ok (&o, "fail-on", "known");
  UNIT_CHECK ("fail-on=known", o.fail_on == LS_TIERS_KNOWN);
  expect_ok (&o, "fail-on", "all");
  UNIT_CHECK ("fail-on=all", o.fail_on == LS_TIERS_ALL);
  UNIT_CHECK ("fail-on does not touch tier", o.tier == LS_TIERS_ALL);
  expect_error (&o, "fail-on", "ALL",
		"bad value 'ALL' for 'fail-on': want 'known' or 'all'");
  expect_error (&o, "fail-on", NULL,
		"'fail-on' needs a value: fail-on=VALUE");

  expect_ok (&o, "format", "github");
  UNIT_CHECK ("format=github", o.format == LS_OUTPUT_GITHUB);
  expect_ok (&o, "format", "gcc");
  UNIT_CHECK ("format=gcc", o.format == LS_OUTPUT_GCC);
  expect_error (&o, "format", "json",
		"bad value 'json' for 'format': want 'gcc' or 'github'");
  expect_error (&o, "format", NULL, "'format' needs a value: format=VALUE");

  UNIT_CHECK ("check-at: auto by default", o.check_at == LS_CHECK_AT_AUTO);
  expect_ok (&o, "check-at", "end");
  UNIT_CHECK ("check-at=end", o.check_at == LS_CHECK_AT_END);
  expect_ok (&o, "check-at", "pass");
  UNIT_CHECK ("check-at=pass", o.check_at == LS_CHECK_AT_PASS);
  expect_ok (&o, "check-at", "auto");
  UNIT_CHECK ("check-at=auto", o.check_at == LS_CHECK_AT_AUTO);
  expect_error (&o, "check-at", "later",
		"bad value 'later' for 'check-at': want 'auto', 'pass' or 'end'");
  ls_options_free (&o);
}

static void
test_flags (void)
{
  struct ls_options o;
  ls_options_init (&o);
  expect_ok (&o, "consistency", NULL);
  UNIT_CHECK ("consistency set", o.consistency);
  expect_ok (&o, "dead", NULL);
  UNIT_CHECK ("dead set", o.dead);
  expect_ok (&o, "stats", NULL);
  UNIT_CHECK ("stats set", o.stats);
  expect_ok (&o, "quiet", NULL);
  UNIT_CHECK ("quiet set", o.quiet);
  UNIT_CHECK ("flags leave fail-on alone", o.fail_on == LS_TIERS_NONE);
  expect_ok (&o, "werror", NULL);
  UNIT_CHECK ("werror fails on every finding", o.fail_on == LS_TIERS_ALL);
  expect_ok (&o, "fail-on", "known");
  expect_ok (&o, "werror", NULL);
  UNIT_CHECK ("werror after fail-on=known widens it to all",
	      o.fail_on == LS_TIERS_ALL);
  static const char *const flags[]
    = { "werror", "consistency", "dead", "stats", "quiet" };
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
    {
      char want[100];
      snprintf (want, sizeof want, "'%s' takes no value", flags[i]);
      expect_error (&o, flags[i], "1", want);
      expect_error (&o, flags[i], "", want);
    }
  ls_options_free (&o);
}

static void
test_unknown_keys (void)
{
  struct ls_options o;
  ls_options_init (&o);
  static const char *const keys[]
    = { "language", "Lang", "word", "sinks-off", "", "werror=1", "fail_on" };
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    {
      char want[200];
      snprintf (want, sizeof want,
		"unknown option '%s' (see 'gcc -v --help -fplugin=ltospell' "
		"for the list)", keys[i]);
      expect_error (&o, keys[i], "x", want);
      expect_error (&o, keys[i], NULL, want);
    }
  ls_options_free (&o);
}

/* The help text names every key a user can give.  */
static void
test_help_names_every_key (void)
{
  static const char *const keys[]
    = { "lang=", "provider=", "dict=", "words=", "typos=", "ignore=",
	"exclude=", "sink=", "sinks=", "tier=", "fail-on=", "format=",
	"report=", "sarif=", "dups=", "html=", "werror", "consistency",
	"dead", "stats", "quiet", "check-at=" };
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    {
      char name[80];
      snprintf (name, sizeof name, "help text names '%s'", keys[i]);
      UNIT_CHECK (name, strstr (ls_help_text, keys[i]) != NULL);
    }
}

/* An error overwrites whatever *ERR held; success clears it.  */
static void
test_err_protocol (void)
{
  struct ls_options o;
  ls_options_init (&o);
  char *err = (char *) "stale";
  UNIT_CHECK ("success returns 0", ls_options_set (&o, "quiet", NULL, &err)
				   == 0);
  UNIT_CHECK ("success sets *err to NULL", err == NULL);
  ls_options_free (&o);
}

int
main (void)
{
  test_defaults ();
  test_lang ();
  test_provider ();
  test_strings ();
  test_lists ();
  test_choices ();
  test_flags ();
  test_unknown_keys ();
  test_help_names_every_key ();
  test_err_protocol ();
  free (last_error);
  return unit_done ("test_options");
}
