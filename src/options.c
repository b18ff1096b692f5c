/* options.c: -fplugin-arg-ltospell-KEY[=VALUE] parsing.

   GCC hands the plugin its arguments as KEY/VALUE pairs.  Every key is
   checked here so that a typo in a build script is one clear error
   instead of a silently ignored option.  */

#include "ltospell.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ls_help_text[]
  = "spell-check the string constants of the whole program at link time; "
    "arguments: lang=LANG[,LANG...] (default en_US), "
    "provider=aspell|hunspell, words=FILE (repeatable), quiet";

static char *
format_error (const char *fmt, ...)
{
  va_list ap;
  char *msg = NULL;
  va_start (ap, fmt);
  if (vasprintf (&msg, fmt, ap) < 0)
    msg = NULL;
  va_end (ap);
  return msg;
}

void
ls_options_init (struct ls_options *o)
{
  memset (o, 0, sizeof *o);
  o->lang = "en_US";
}

void
ls_options_free (struct ls_options *o)
{
  free (o->words);
  o->words = NULL;
  o->n_words = 0;
}

static bool
has_value (const char *value)
{
  return value != NULL && value[0] != '\0';
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
set_words (struct ls_options *o, const char *value)
{
  const char **grown = realloc (o->words, (o->n_words + 1) * sizeof *grown);
  if (!grown)
    return -1;
  o->words = grown;
  o->words[o->n_words++] = value;
  return 0;
}

int
ls_options_set (struct ls_options *o, const char *key, const char *value,
		char **err)
{
  *err = NULL;
  if (strcmp (key, "lang") == 0)
    {
      if (!has_value (value) || !valid_lang_list (value))
	{
	  *err = format_error ("bad value '%s' for 'lang': want a language "
			       "such as en_US, or a comma-separated list",
			       value ? value : "");
	  return -1;
	}
      o->lang = value;
      return 0;
    }
  if (strcmp (key, "provider") == 0)
    {
      if (!value || (strcmp (value, "aspell") && strcmp (value, "hunspell")))
	{
	  *err = format_error ("bad value '%s' for 'provider': want aspell "
			       "or hunspell", value ? value : "");
	  return -1;
	}
      o->provider = value;
      return 0;
    }
  if (strcmp (key, "words") == 0)
    {
      if (!has_value (value))
	{
	  *err = format_error ("'words' needs a file: words=FILE");
	  return -1;
	}
      if (set_words (o, value))
	{
	  *err = format_error ("out of memory");
	  return -1;
	}
      return 0;
    }
  if (strcmp (key, "quiet") == 0)
    {
      if (value != NULL)
	{
	  *err = format_error ("'quiet' takes no value");
	  return -1;
	}
      o->quiet = true;
      return 0;
    }
  *err = format_error ("unknown option '%s' (known: lang, provider, words, "
		       "quiet)", key);
  return -1;
}
