/* options.c: -fplugin-arg-ltospell-KEY[=VALUE] parsing.

   GCC hands the plugin its arguments as KEY/VALUE pairs.  Every key is
   described once in OPTION_TABLE (its kind, its field, its allowed
   values), and every key and value is checked here, so that a typo in
   a build script is one clear error instead of an ignored option.  */

#include "options.h"
#include "util.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ls_help_text[]
  = "spell-check the string constants of the whole program at link time.  "
    "Arguments (-fplugin-arg-ltospell-KEY[=VALUE]): "
    "lang=LANG[,LANG] (default en_US), provider=aspell|hunspell, "
    "words=FILE, typos=FILE, ignore=FILE, exclude=GLOB, sink=FUNC "
    "(repeatable), dict=DIR|none, sinks=on|off, tier=known|all, "
    "confidence=low|medium|high, "
    "fail-on=known|all, werror, format=gcc|github, report=FILE.json, "
    "sarif=FILE.sarif, dups=FILE.txt, html=FILE.html, fix=FILE.patch, root=DIR, "
    "baseline=FILE.json, consistency, dead, "
    "stats, dump, quiet, check-at=auto|pass|end";

enum option_kind
{
  OPT_FLAG,			/* KEY alone: sets a bool.  */
  OPT_STRING,			/* KEY=VALUE, VALUE not empty.  */
  OPT_LIST,			/* KEY=VALUE, repeatable.  */
  OPT_LANG,			/* KEY=LANG[,LANG...]  */
  OPT_CHOICE			/* KEY=one of CHOICES, stored as an int.  */
};

struct option_spec
{
  const char *key;
  enum option_kind kind;
  size_t offset;		/* Of the field in struct ls_options.  */
  const char *const *choices;	/* OPT_CHOICE: names, NULL-terminated.  */
  const int *values;		/* OPT_CHOICE: the value of each name.  */
};

static const char *const provider_names[] = { "aspell", "hunspell", NULL };
static const char *const tier_names[] = { "known", "all", NULL };
static const int tier_values[] = { LS_TIERS_KNOWN, LS_TIERS_ALL };
static const char *const confidence_names[] = { "low", "medium", "high",
						NULL };
/* enum ls_confidence (confidence.h): low, medium, high.  */
static const int confidence_values[] = { 0, 1, 2 };
static const char *const format_names[] = { "gcc", "github", NULL };
static const int format_values[] = { LS_OUTPUT_GCC, LS_OUTPUT_GITHUB };
static const char *const onoff_names[] = { "on", "off", NULL };
static const int sinks_values[] = { 0, 1 };	/* no_sinks  */
static const char *const check_at_names[] = { "auto", "pass", "end", NULL };
static const int check_at_values[] = { LS_CHECK_AT_AUTO, LS_CHECK_AT_PASS,
				       LS_CHECK_AT_END };

#define FIELD(f) offsetof (struct ls_options, f)

static const struct option_spec option_table[] = {
  { "lang", OPT_LANG, FIELD (lang), NULL, NULL },
  { "provider", OPT_STRING, FIELD (provider), provider_names, NULL },
  { "dict", OPT_STRING, FIELD (dict), NULL, NULL },
  { "words", OPT_LIST, FIELD (words), NULL, NULL },
  { "typos", OPT_LIST, FIELD (typos), NULL, NULL },
  { "ignore", OPT_LIST, FIELD (ignore), NULL, NULL },
  { "exclude", OPT_LIST, FIELD (exclude), NULL, NULL },
  { "sink", OPT_LIST, FIELD (sinks), NULL, NULL },
  { "sinks", OPT_CHOICE, FIELD (no_sinks), onoff_names, sinks_values },
  { "tier", OPT_CHOICE, FIELD (tier), tier_names, tier_values },
  { "fail-on", OPT_CHOICE, FIELD (fail_on), tier_names, tier_values },
  { "confidence", OPT_CHOICE, FIELD (min_confidence), confidence_names,
    confidence_values },
  { "format", OPT_CHOICE, FIELD (format), format_names, format_values },
  { "report", OPT_STRING, FIELD (report), NULL, NULL },
  { "sarif", OPT_STRING, FIELD (sarif), NULL, NULL },
  { "dups", OPT_STRING, FIELD (dups), NULL, NULL },
  { "html", OPT_STRING, FIELD (html), NULL, NULL },
  { "fix", OPT_STRING, FIELD (fix), NULL, NULL },
  { "root", OPT_STRING, FIELD (root), NULL, NULL },
  { "baseline", OPT_STRING, FIELD (baseline), NULL, NULL },
  { "werror", OPT_FLAG, FIELD (fail_on), NULL, NULL },
  { "consistency", OPT_FLAG, FIELD (consistency), NULL, NULL },
  { "dead", OPT_FLAG, FIELD (dead), NULL, NULL },
  { "stats", OPT_FLAG, FIELD (stats), NULL, NULL },
  { "dump", OPT_FLAG, FIELD (dump), NULL, NULL },
  { "quiet", OPT_FLAG, FIELD (quiet), NULL, NULL },
  { "check-at", OPT_CHOICE, FIELD (check_at), check_at_names,
    check_at_values },
};

void
ls_options_init (struct ls_options *o)
{
  memset (o, 0, sizeof *o);
  o->lang = "en_US";
  o->tier = LS_TIERS_ALL;
  /* On the 16-program corpus, low-confidence findings were 45 false
     positives and none of the 12 real typos (bench/precision/).  */
  o->min_confidence = 1;	/* LS_CONFIDENCE_MEDIUM */
}

static void
free_list (struct ls_strlist *l)
{
  free (l->items);
  l->items = NULL;
  l->n = 0;
}

void
ls_options_free (struct ls_options *o)
{
  free_list (&o->words);
  free_list (&o->typos);
  free_list (&o->ignore);
  free_list (&o->exclude);
  free_list (&o->sinks);
}

/* A language list is letters, digits, '_', '-', '@' and commas, with no
   empty element: reject anything else before enchant sees it.  */
static bool
valid_lang_list (const char *s)
{
  bool empty_element = true;
  for (; *s; s++)
    {
      if (*s == ',')
	{
	  if (empty_element)
	    return false;
	  empty_element = true;
	  continue;
	}
      if (!strchr ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		   "0123456789_-@", *s))
	return false;
      empty_element = false;
    }
  return !empty_element;
}

static int
append (struct ls_strlist *l, const char *value)
{
  const char **grown = realloc (l->items, (l->n + 1) * sizeof *grown);
  if (!grown)
    return -1;
  l->items = grown;
  l->items[l->n++] = value;
  return 0;
}

/* "'a', 'b' or 'c'" for an error message; malloc'd.  */
static char *
choice_list (const char *const *choices)
{
  size_t size = 1;
  for (size_t i = 0; choices[i]; i++)
    size += strlen (choices[i]) + 6;
  char *out = malloc (size);
  if (!out)
    return NULL;
  out[0] = '\0';
  for (size_t i = 0; choices[i]; i++)
    {
      if (i)
	strcat (out, choices[i + 1] ? ", " : " or ");
      strcat (out, "'");
      strcat (out, choices[i]);
      strcat (out, "'");
    }
  return out;
}

/* Index of VALUE in CHOICES, or -1.  */
static int
find_choice (const char *const *choices, const char *value)
{
  for (int i = 0; choices[i]; i++)
    if (strcmp (choices[i], value) == 0)
      return i;
  return -1;
}

static int
bad_choice (const struct option_spec *spec, const char *value, char **err)
{
  char *list = choice_list (spec->choices);
  *err = ls_error_printf ("bad value '%s' for '%s': want %s", value, spec->key,
			  list ? list : "another value");
  free (list);
  return -1;
}

static int
apply (const struct option_spec *spec, struct ls_options *o,
       const char *value, char **err)
{
  char *field = (char *) o + spec->offset;
  if (spec->kind == OPT_FLAG)
    {
      if (value != NULL)
	{
	  *err = ls_error_printf ("'%s' takes no value", spec->key);
	  return -1;
	}
      if (strcmp (spec->key, "werror") == 0)
	o->fail_on = LS_TIERS_ALL;
      else
	*(bool *) field = true;
      return 0;
    }
  if (value == NULL || value[0] == '\0')
    {
      *err = ls_error_printf ("'%s' needs a value: %s=VALUE", spec->key,
			      spec->key);
      return -1;
    }
  switch (spec->kind)
    {
    case OPT_LANG:
      if (!valid_lang_list (value))
	{
	  *err = ls_error_printf ("bad value '%s' for 'lang': want a language "
				  "such as en_US, or a comma-separated list",
				  value);
	  return -1;
	}
      *(const char **) field = value;
      o->lang_given = true;
      return 0;
    case OPT_STRING:
      if (spec->choices && find_choice (spec->choices, value) < 0)
	return bad_choice (spec, value, err);
      *(const char **) field = value;
      return 0;
    case OPT_LIST:
      if (append ((struct ls_strlist *) field, value))
	{
	  *err = ls_error_printf ("out of memory");
	  return -1;
	}
      return 0;
    case OPT_CHOICE:
      {
	int i = find_choice (spec->choices, value);
	if (i < 0)
	  return bad_choice (spec, value, err);
	if (strcmp (spec->key, "sinks") == 0)
	  o->no_sinks = spec->values[i] != 0;
	else
	  *(int *) field = spec->values[i];
	return 0;
      }
    default:
      return -1;
    }
}

int
ls_options_set (struct ls_options *o, const char *key, const char *value,
		char **err)
{
  *err = NULL;
  for (size_t i = 0; i < sizeof option_table / sizeof *option_table; i++)
    if (strcmp (option_table[i].key, key) == 0)
      return apply (&option_table[i], o, value, err);
  *err = ls_error_printf ("unknown option '%s' (see 'gcc -v --help "
			  "-fplugin=ltospell' for the list)", key);
  return -1;
}
