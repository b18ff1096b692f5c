/* speller.c: the enchant-backed speller, its word lists and its cache.

   A whole program has tens of thousands of string constants but only a
   few thousand distinct words, most of them repeated many times.  So
   every distinct word reaches enchant at most once: CACHE maps each
   word to enchant's verdict, and suggestions (slow: 0.4 ms a word with
   aspell, 20-40 ms with hunspell) are computed only when asked for and
   then kept in the same entry.

   Word lists are our own hash sets rather than enchant "pwl"
   dictionaries, because we want case rules enchant does not offer: a
   lowercase entry accepts any capitalisation ("ltospell" accepts
   "Ltospell" and "LTOSPELL"), an entry with capitals accepts itself and
   its ALL CAPS form only ("GitHub", "GITHUB", not "github").  Word-list
   hits never reach enchant.  Adding a word bumps WORDS_GEN, which makes
   every cached final verdict stale without forgetting what enchant said.

   Several languages ("en_US,en_GB") are several dictionaries; a word is
   right if any of them accepts it, and suggestions are merged.

   Program messages make words with prefixes that dictionaries lack
   ("unstage", "reencode", "subproject", "nonexistent"): a word the
   dictionaries reject is right when it is one of a few common prefixes
   followed by a word they accept (see prefixed_word).  Typos seldom
   split that way, and the known-misspellings list, consulted before
   the speller, still catches those that do ("underlaying").

   Keeping enchant out of $HOME.  Measured with strace on enchant 2.3.3
   (Debian 12), HOME set to an empty directory: enchant_broker_init reads
   the enchant.ordering files (/usr/share/enchant-2, /etc/enchant and the
   user config dir); enchant_broker_request_dict then does mkdir -p of
   the user config dir ($ENCHANT_CONFIG_DIR, else $XDG_CONFIG_HOME/enchant,
   else ~/.config/enchant), opens <dir>/<lang>.dic and <dir>/<lang>.exc
   (its personal word and exclude lists) with O_RDWR|O_CREAT, creating
   both, and then stat()s both on every enchant_dict_check to see
   whether they changed.  Pointing ENCHANT_CONFIG_DIR at a directory
   would only move those files, and enchant creates a missing one (as
   root, anywhere).  So we point it at /dev/null, which exists on every
   POSIX system and is not a directory: every open or mkdir below it
   fails with ENOTDIR, even for root, so nothing can ever be created
   (enchant removes and re-creates the config dir only when it does not
   exist).  enchant carries on without a personal word list, and
   without the two stat() calls, which makes an uncached check about
   4 us faster.  What remains is read-only: the system ordering files,
   the providers' system dictionaries, and aspell's look at
   ~/.aspell.conf and ~/.aspell.<lang>.{pws,prepl,per,rpl}.  We never
   call enchant_dict_add, enchant_dict_add_to_session or
   enchant_dict_store_replacement, the only calls that would make
   enchant or aspell save anything.

   The override happens only while ls_speller_new talks to enchant (the
   only time enchant consults the config dir once no personal word list
   is open) and only when the user has not set ENCHANT_CONFIG_DIR: a user
   who wants their enchant.ordering, personal word lists or hunspell
   dictionaries under <config dir>/hunspell honoured can set it.  This
   environment change is the one piece of global mutable state here,
   forced on us by enchant reading its configuration from the
   environment; it is not thread-safe, which is fine inside GCC.

   One EnchantDict must not be used by several threads at once; each
   ls_speller has its own broker and dictionaries.  */

#include "speller.h"
#include "confidence.h"
#include "dictwords.h"
#include "hashset.h"
#include "suggest.h"
#include "text.h"
#include "utf8.h"
#include "util.h"

#include <dirent.h>
#include <enchant.h>
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wctype.h>

/* Where enchant's per-user files go when the user did not say; see the
   comment at the top.  */
#define SAFE_ENCHANT_CONFIG_DIR "/dev/null"

/* ------------------------------------------------------------------ */
/* Error messages.                                                     */

/* Set *ERR (when ERR is not NULL) to a malloc'd message.  */

static void
set_error (char **err, const char *fmt, ...)
{
  va_list ap;
  if (!err)
    return;
  va_start (ap, fmt);
  *err = ls_xvasprintf (fmt, ap);
  va_end (ap);
}

/* A growing string, for messages that list things.  */

struct strbuf
{
  char *s;
  size_t len, alloc;
};

static void
strbuf_add (struct strbuf *b, const char *text)
{
  size_t n = strlen (text);
  b->s = ls_grow_array (b->s, &b->alloc, b->len + n + 1, 1, 64);
  memcpy (b->s + b->len, text, n + 1);
  b->len += n;
}

static void
strbuf_printf (struct strbuf *b, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static void
strbuf_printf (struct strbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *text = ls_xvasprintf (fmt, ap);
  va_end (ap);
  strbuf_add (b, text);
  free (text);
}

/* ------------------------------------------------------------------ */
/* UTF-8 and letter case.                                              */

/* Is S well-formed UTF-8 without NUL bytes?  enchant rejects anything
   else with a GLib "CRITICAL" message, so such words never reach it.  */

static bool
valid_word_utf8 (const char *s, size_t len)
{
  return !memchr (s, '\0', len) && ls_utf8_valid (s, len);
}

/* Case mapping uses a private C.UTF-8 locale object (never the
   process's locale, which GCC sets from the user's environment and
   which may be plain "C").  Without one we fall back to ASCII.  */

static locale_t
open_utf8_locale (void)
{
  locale_t loc = newlocale (LC_CTYPE_MASK, "C.UTF-8", (locale_t) 0);
  if (!loc)
    loc = newlocale (LC_CTYPE_MASK, "en_US.UTF-8", (locale_t) 0);
  return loc;
}

static uint32_t
to_lower (locale_t loc, uint32_t cp)
{
  if (cp < 0x80 || !loc)
    return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
  uint32_t low = towlower_l ((wint_t) cp, loc);
  return low <= 0x10FFFF ? low : cp;
}

static uint32_t
to_upper (locale_t loc, uint32_t cp)
{
  if (cp < 0x80 || !loc)
    return cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
  uint32_t up = towupper_l ((wint_t) cp, loc);
  return up <= 0x10FFFF ? up : cp;
}

static bool
is_upper (locale_t loc, uint32_t cp)
{
  return to_lower (loc, cp) != cp;
}

static bool
is_lower (locale_t loc, uint32_t cp)
{
  return to_upper (loc, cp) != cp;
}

/* WORD with every letter mapped to lower (or upper) case; malloc'd,
   NUL-terminated, length in *OUT_LEN.  */

static char *
map_case (locale_t loc, const char *word, size_t len, bool upper,
	  size_t *out_len)
{
  const unsigned char *in = (const unsigned char *) word;
  /* Each code point (at least one byte) becomes at most four.  */
  unsigned char *out = ls_xmalloc (4 * len + 1);
  size_t i = 0, o = 0;
  while (i < len)
    {
      uint32_t cp;
      size_t n = ls_utf8_get (in + i, len - i, &cp);
      if (cp != LS_UTF8_ILL_FORMED)
	o += ls_utf8_put (out + o, upper ? to_upper (loc, cp)
					 : to_lower (loc, cp));
      else
	{
	  memcpy (out + o, in + i, n);	/* Passed through unchanged.  */
	  o += n;
	}
      i += n;
    }
  out[o] = '\0';
  *out_len = o;
  return (char *) out;
}

enum word_shape
{
  SHAPE_NO_CAPITALS,		/* "word", "don't", "123".  */
  SHAPE_CAPITALIZED,		/* "Word".  */
  SHAPE_ALL_CAPS,		/* "WORD".  */
  SHAPE_MIXED			/* "wOrd", "WoRD".  */
};

static enum word_shape
word_shape (locale_t loc, const char *word, size_t len)
{
  const unsigned char *in = (const unsigned char *) word;
  size_t i = 0, n_upper = 0, n_lower = 0;
  bool first_letter_upper = false, seen_letter = false;
  while (i < len)
    {
      uint32_t cp;
      i += ls_utf8_get (in + i, len - i, &cp);
      if (cp == LS_UTF8_ILL_FORMED)
	continue;
      bool up = is_upper (loc, cp), low = is_lower (loc, cp);
      if (!seen_letter && (up || low))
	{
	  seen_letter = true;
	  first_letter_upper = up;
	}
      n_upper += up;
      n_lower += low;
    }
  if (n_upper == 0)
    return SHAPE_NO_CAPITALS;
  if (n_lower == 0)
    return SHAPE_ALL_CAPS;
  if (n_upper == 1 && first_letter_upper)
    return SHAPE_CAPITALIZED;
  return SHAPE_MIXED;
}

/* ------------------------------------------------------------------ */
/* A hash table of words.                                              */

/* One word.  In the cache every field is used; in the word-list sets
   only the key.  Entries are allocated one by one so that pointers to
   them stay valid while the table grows.  */

struct word_entry
{
  uint64_t hash;
  size_t len;
  signed char enchant_ok;	/* -1 unknown, 0 rejected, 1 accepted.  */
  bool ok;			/* Final verdict while GEN == WORDS_GEN.  */
  bool listed;			/* In the word lists while LISTED_GEN
				   == WORDS_GEN.  */
  bool counted;			/* Was passed to ls_speller_check or
				   ls_speller_listed: a word of the
				   program.  */
  bool have_suggestions;
  bool queued;			/* In ls_speller_suggest_many's batch.  */
  unsigned gen, listed_gen;
  char **suggestions;		/* N_SUGGESTIONS, then NULL.  */
  size_t n_suggestions;
  char word[];			/* NUL-terminated.  */
};

/* A hash set (hashset.h) of word entries.  */
struct word_table
{
  ls_hashset set;
};

static uint64_t
hash_word (const char *word, size_t len)
{
  return ls_hash_bytes (LS_HASH_SEED, word, len);
}

static void
free_suggestions (struct word_entry *e)
{
  for (size_t i = 0; i < e->n_suggestions; i++)
    free (e->suggestions[i]);
  free (e->suggestions);
}

static void
table_free (struct word_table *t)
{
  size_t cursor = 0;
  struct word_entry *e;
  while ((e = ls_hashset_next (&t->set, &cursor)))
    {
      free_suggestions (e);
      free (e);
    }
  ls_hashset_free (&t->set);
}

static size_t
table_size (const struct word_table *t)
{
  return t->set.count;
}

static bool
entry_match (const void *item, const void *key)
{
  const struct word_entry *e = item;
  const struct ls_span *k = key;
  return e->len == k->len && memcmp (e->word, k->s, k->len) == 0;
}

static struct word_entry *
table_find (const struct word_table *t, const char *word, size_t len,
	    uint64_t hash)
{
  struct ls_span key = { word, len };
  return ls_hashset_find (&t->set, hash, entry_match, &key);
}

/* The entry for WORD, created (with nothing known) if missing.  */

static struct word_entry *
table_intern (struct word_table *t, const char *word, size_t len,
	      uint64_t hash)
{
  struct word_entry *e = table_find (t, word, len, hash);
  if (e)
    return e;
  e = ls_xcalloc (1, sizeof *e + len + 1);
  e->hash = hash;
  e->len = len;
  e->enchant_ok = -1;
  memcpy (e->word, word, len);
  ls_hashset_add (&t->set, hash, e);
  return e;
}

/* ------------------------------------------------------------------ */
/* A set of words for lookups only (the common words).                 */

/* A set of lowercase words read from a file, with the characters they
   are made of (for generating the words one edit away).  Leaner than a
   word_table: the list has some 50,000 words and only needs lookups.  */

struct word_set
{
  ls_hashset words;		/* NUL-terminated, in BLOCKS.  */
  ls_dict_words *pre;		/* Or the words precompiled (dictwords.h).  */
  char **blocks;		/* Never moved, so the words stay put.  */
  size_t n_blocks, blocks_alloc;
  size_t block_used, block_size;	/* Of the last block.  */
  uint32_t *alphabet;		/* Every code point of the words.  */
  size_t n_alphabet, alphabet_alloc;
  uint64_t ascii_seen[2];	/* Which ASCII ones ALPHABET has.  */
};

static void
word_set_free (struct word_set *set)
{
  ls_hashset_free (&set->words);
  ls_dict_words_free (set->pre);
  for (size_t i = 0; i < set->n_blocks; i++)
    free (set->blocks[i]);
  free (set->blocks);
  free (set->alphabet);
  memset (set, 0, sizeof *set);
}

static size_t
word_set_count (const struct word_set *set)
{
  return set->pre ? ls_dict_words_count (set->pre) : set->words.count;
}

static bool
word_set_has (const struct word_set *set, const char *word, size_t len)
{
  if (set->pre)
    return ls_dict_words_has (set->pre, word, len);
  struct ls_span key = { word, len };
  return ls_hashset_find (&set->words, hash_word (word, len), ls_span_match,
			  &key) != NULL;
}

/* A copy of WORD (LEN bytes) in SET's blocks, NUL-terminated.  */
static char *
word_set_store (struct word_set *set, const char *word, size_t len)
{
  if (set->n_blocks == 0 || set->block_used + len + 1 > set->block_size)
    {
      set->blocks = ls_grow_array (set->blocks, &set->blocks_alloc,
				   set->n_blocks + 1, sizeof *set->blocks, 16);
      set->block_size = len + 1 > 65536 ? len + 1 : 65536;
      set->blocks[set->n_blocks++] = ls_xmalloc (set->block_size);
      set->block_used = 0;
    }
  char *copy = set->blocks[set->n_blocks - 1] + set->block_used;
  memcpy (copy, word, len);
  copy[len] = '\0';
  set->block_used += len + 1;
  return copy;
}

static void
note_letter (struct word_set *set, uint32_t cp)
{
  if (cp < 128)
    {
      uint64_t bit = (uint64_t) 1 << (cp % 64);
      if (set->ascii_seen[cp / 64] & bit)
	return;
      set->ascii_seen[cp / 64] |= bit;
    }
  else
    for (size_t i = 0; i < set->n_alphabet; i++)
    if (set->alphabet[i] == cp)
      return;
  set->alphabet = ls_grow_array (set->alphabet, &set->alphabet_alloc,
				 set->n_alphabet + 1, sizeof *set->alphabet,
				 64);
  set->alphabet[set->n_alphabet++] = cp;
}

/* Add WORD (LEN bytes of valid UTF-8 without NULs, lowercase).  */

static void
word_set_add (struct word_set *set, const char *word, size_t len)
{
  uint64_t h = hash_word (word, len);
  struct ls_span key = { word, len };
  if (ls_hashset_find (&set->words, h, ls_span_match, &key))
    return;
  ls_hashset_add (&set->words, h, word_set_store (set, word, len));
  const unsigned char *p = (const unsigned char *) word;
  for (size_t k = 0; k < len;)
    {
      uint32_t cp;
      k += ls_utf8_get (p + k, len - k, &cp);
      if (cp != LS_UTF8_ILL_FORMED)
	note_letter (set, cp);
    }
}

/* ------------------------------------------------------------------ */
/* The speller.                                                        */

/* Language tags, each with the provider that serves it (or NULL).  */
struct tag_list
{
  char **tags;
  char **providers;		/* Parallel to TAGS; may hold NULLs.  */
  size_t n, tags_alloc, providers_alloc;
};

/* A language from another provider than the first.  Open (DICT), or
   stood in for by the words it accepts, precompiled (WORDS): then DICT
   is opened only for a word those cannot judge (see
   stand_in_verdict).  */
struct other_dict
{
  EnchantDict *dict;
  EnchantBroker *broker;	/* The one DICT came from.  */
  ls_dict_words *words;
  char *provider, *tag;		/* To open DICT later.  */
  bool open_failed;		/* Tried, and enchant said no.  */
};

struct ls_speller
{
  EnchantBroker *broker;
  EnchantDict **dicts;		/* One per language, as given: checking
				   and suggestions.  */
  size_t n_dicts;
  /* The same languages from the other providers that have them
     (hunspell beside aspell): checking only.  Each provider has its own
     broker, since a broker hands out one dictionary per language.  */
  EnchantBroker **other_brokers;
  size_t n_other_brokers, other_brokers_alloc;
  struct other_dict *others;
  size_t n_others, others_alloc;
  /* Without enchant until a word needs it (open_without_enchant): the
     precompiled words of each language's first dictionary, one per
     language as DICTS will be, and the languages to open then.  */
  ls_dict_words **first_words;
  size_t n_first_words;
  /* Suggestions without enchant (suggest.h): the same words, kept
     when enchant opens and FIRST_WORDS go; and codespell's list, whose
     fixes rank them (opened when first needed).  */
  ls_dict_words **suggest_words;
  size_t n_suggest_words;
  ls_dict_words *fix_list;
  bool fix_list_tried;
  bool enchant_deferred;	/* DICTS not opened yet.  */
  bool stood_in;		/* FIRST_WORDS were used, then let go.  */
  bool enchant_failed;		/* Opening them later failed.  */
  struct tag_list wanted, given;	/* Kept for that opening.  */
  char *words_dir;		/* Precompiled words (dictwords.h), or NULL.  */
  char *words_note;		/* Why they were not used, or NULL.  */
  char *first_words_note;	/* Why enchant was opened at once, or
				   later failed to open; or NULL.  */
  const struct word_set *common;	/* Common words, lowercase; may be
					   empty (NO_COMMON).  */
  struct word_set no_common;
  struct shared_words *common_words;	/* What COMMON is held from.  */
  locale_t utf8;		/* For case mapping; 0: ASCII only.  */
  struct word_table cache;	/* Every word looked up.  */
  struct word_table exact_words;	/* Entries matched as written.  */
  struct word_table folded_words;	/* Lowercase entries, any case.  */
  unsigned words_gen;		/* Bumped whenever a word is added.  */
  size_t distinct;
};

/* ------------------------------------------------------------------ */
/* Language tags and installed dictionaries.                           */

/* Normalise a language tag the way enchant does ("en-us.UTF-8" and
   "en_US@euro" both mean "en_US"), so that we can compare it with
   what enchant lists.  */

static char *
normalize_tag (const char *tag, size_t len)
{
  char *t = ls_xstrndup (tag, len);
  t[strcspn (t, ".@")] = '\0';
  bool territory = false;
  for (char *p = t; *p; p++)
    {
      if (*p == '-')
	*p = '_';
      if (*p == '_')
	territory = true;
      else if (territory && *p >= 'a' && *p <= 'z')
	*p -= 32;
      else if (!territory && *p >= 'A' && *p <= 'Z')
	*p += 32;
    }
  return t;
}

static void
tag_list_add (struct tag_list *l, const char *tag, const char *provider)
{
  l->tags = ls_grow_array (l->tags, &l->tags_alloc, l->n + 1,
			   sizeof *l->tags, 8);
  l->providers = ls_grow_array (l->providers, &l->providers_alloc, l->n + 1,
				sizeof *l->providers, 8);
  l->tags[l->n] = ls_xstrdup (tag);
  l->providers[l->n] = provider ? ls_xstrdup (provider) : NULL;
  l->n++;
}

static void
tag_list_free (struct tag_list *l)
{
  for (size_t i = 0; i < l->n; i++)
    {
      free (l->tags[i]);
      free (l->providers[i]);
    }
  free (l->tags);
  free (l->providers);
  memset (l, 0, sizeof *l);
}

static ssize_t
tag_list_find (const struct tag_list *l, const char *tag)
{
  for (size_t i = 0; i < l->n; i++)
    if (strcmp (l->tags[i], tag) == 0)
      return (ssize_t) i;
  return -1;
}

/* "a, b, c" from the tags of L, sorted, or "none".  */

static char *
join_tags (const struct tag_list *l)
{
  struct strbuf b = { NULL, 0, 0 };
  char **sorted = ls_xmalloc ((l->n + 1) * sizeof *sorted);
  memcpy (sorted, l->tags, l->n * sizeof *sorted);
  ls_sort (sorted, l->n, sizeof *sorted, ls_compare_name_ptrs);
  strbuf_add (&b, "");
  for (size_t i = 0; i < l->n; i++)
    {
      if (i > 0)
	strbuf_add (&b, ", ");
      strbuf_add (&b, sorted[i]);
    }
  if (l->n == 0)
    strbuf_add (&b, "none");
  free (sorted);
  return b.s;
}

static void
collect_dict (const char *const tag, const char *const provider_name,
	      const char *const provider_desc, const char *const provider_file,
	      void *data)
{
  (void) provider_desc;
  (void) provider_file;
  tag_list_add (data, tag, provider_name);
}

/* Every dictionary enchant can open, each with the provider it would
   come from under the broker's current ordering.  */

static struct tag_list
installed_dicts (EnchantBroker *broker)
{
  struct tag_list l = { NULL, NULL, 0, 0, 0 };
  enchant_broker_list_dicts (broker, collect_dict, &l);
  return l;
}

static void
collect_provider (const char *const provider_name,
		  const char *const provider_desc,
		  const char *const provider_file, void *data)
{
  (void) provider_desc;
  (void) provider_file;
  tag_list_add (data, provider_name, NULL);
}

/* The tags PROVIDER can supply.  Reorders BROKER, so only for error
   messages, just before the broker is freed.  */

static struct tag_list
provider_dicts (EnchantBroker *broker, const char *provider)
{
  struct tag_list all = installed_dicts (broker);
  struct tag_list mine = { NULL, NULL, 0, 0, 0 };
  for (size_t i = 0; i < all.n; i++)
    enchant_broker_set_ordering (broker, all.tags[i], provider);
  struct tag_list reordered = installed_dicts (broker);
  for (size_t i = 0; i < reordered.n; i++)
    if (reordered.providers[i]
	&& strcmp (reordered.providers[i], provider) == 0)
      tag_list_add (&mine, reordered.tags[i], provider);
  tag_list_free (&all);
  tag_list_free (&reordered);
  return mine;
}

/* The Debian packages that would bring TAG ("en_GB") for PROVIDER, as
   advice: "install hunspell-en-gb or aspell-en".  */

static char *
package_hint (const char *tag, const char *provider)
{
  char *hunspell_name = ls_xstrdup (tag);
  for (char *p = hunspell_name; *p; p++)
    if (*p == '_')
      *p = '-';
    else if (*p >= 'A' && *p <= 'Z')
      *p += 32;
  char *aspell_name = ls_xstrndup (tag, strcspn (tag, "_"));

  char *hint;
  if (!provider)
    hint = ls_xasprintf ("install hunspell-%s or aspell-%s", hunspell_name,
			 aspell_name);
  else if (strcmp (provider, "hunspell") == 0)
    hint = ls_xasprintf ("install hunspell-%s", hunspell_name);
  else if (strcmp (provider, "aspell") == 0)
    hint = ls_xasprintf ("install aspell-%s", aspell_name);
  else
    hint = ls_xasprintf ("install a %s dictionary for %s", provider, tag);
  free (hunspell_name);
  free (aspell_name);
  return hint;
}

static void
error_no_dictionary (char **err, EnchantBroker *broker, const char *given,
		     const char *tag)
{
  struct tag_list installed = installed_dicts (broker);
  char *names = join_tags (&installed);
  char *hint = package_hint (tag, NULL);
  set_error (err, "no dictionary for language '%s' (installed: %s; %s)",
	     given, names, hint);
  free (hint);
  free (names);
  tag_list_free (&installed);
}

static void
error_provider_lacks (char **err, EnchantBroker *broker, const char *provider,
		      const char *given, const char *tag)
{
  struct tag_list has = provider_dicts (broker, provider);
  char *names = join_tags (&has);
  char *hint = package_hint (tag, provider);
  set_error (err, "enchant provider '%s' has no dictionary for language "
	     "'%s' (%s has: %s; %s)", provider, given, provider, names, hint);
  free (hint);
  free (names);
  tag_list_free (&has);
}

/* Does enchant have a provider called PROVIDER?  Asked first because
   enchant would quietly use another one.  */

static bool
provider_exists (EnchantBroker *broker, const char *provider, char **err)
{
  /* A list of provider names, without providers of their own.  */
  struct tag_list providers = { NULL, NULL, 0, 0, 0 };
  enchant_broker_describe (broker, collect_provider, &providers);
  bool found = tag_list_find (&providers, provider) >= 0;
  if (!found)
    {
      char *names = join_tags (&providers);
      set_error (err, "unknown enchant provider '%s' (available: %s)",
		 provider, names);
      free (names);
    }
  tag_list_free (&providers);
  return found;
}

static void
note_provider (const char *const lang_tag, const char *const provider_name,
	       const char *const provider_desc,
	       const char *const provider_file, void *data)
{
  (void) lang_tag;
  (void) provider_desc;
  (void) provider_file;
  char **name = data;
  free (*name);
  *name = ls_xstrdup (provider_name);
}

/* Which provider DICT really came from: enchant silently falls back to
   the next provider when the preferred one lacks the language.  */

static bool
dict_from_provider (EnchantDict *dict, const char *provider)
{
  char *name = NULL;
  enchant_dict_describe (dict, note_provider, &name);
  bool same = name && strcmp (name, provider) == 0;
  free (name);
  return same;
}

/* Split LANGS ("en_US, en_GB") into normalised tags (WANTED) and the
   names as the user wrote them (GIVEN, for messages), without
   duplicates.  */

static bool
parse_langs (const char *langs, struct tag_list *wanted,
	     struct tag_list *given, char **err)
{
  for (const char *p = langs;;)
    {
      const char *comma = strchr (p, ',');
      const char *start = p, *end = comma ? comma : p + strlen (p);
      while (start < end && (*start == ' ' || *start == '\t'))
	start++;
      while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
	end--;
      if (start == end && *langs == '\0')
	{
	  set_error (err, "no language given");
	  return false;
	}
      if (start == end)
	{
	  set_error (err, "empty language name in '%s'", langs);
	  return false;
	}
      char *tag = normalize_tag (start, (size_t) (end - start));
      if (tag_list_find (wanted, tag) < 0)
	{
	  char *as_given = ls_xstrndup (start, (size_t) (end - start));
	  tag_list_add (wanted, tag, NULL);
	  tag_list_add (given, as_given, NULL);
	  free (as_given);
	}
      free (tag);
      if (!comma)
	return true;
      p = comma + 1;
    }
}

/* Open the dictionary for TAG (written AS_GIVEN by the user) into SP,
   if INSTALLED says enchant has it, from PROVIDER if not NULL.  */

static bool
open_dict (ls_speller *sp, const struct tag_list *installed, const char *tag,
	   const char *as_given, const char *provider, char **err)
{
  ssize_t at = tag_list_find (installed, tag);
  if (at < 0)
    {
      error_no_dictionary (err, sp->broker, as_given, tag);
      return false;
    }
  if (provider && (!installed->providers[at]
		   || strcmp (installed->providers[at], provider) != 0))
    {
      error_provider_lacks (err, sp->broker, provider, as_given, tag);
      return false;
    }

  EnchantDict *dict = enchant_broker_request_dict (sp->broker, tag);
  if (!dict)
    {
      const char *why = enchant_broker_get_error (sp->broker);
      set_error (err, "enchant could not open the dictionary for '%s': %s",
		 as_given, why ? why : "no reason given");
      return false;
    }
  sp->dicts[sp->n_dicts++] = dict;
  if (provider && !dict_from_provider (dict, provider))
    {
      error_provider_lacks (err, sp->broker, provider, as_given, tag);
      return false;
    }
  return true;
}

/* Ask BROKER for the dictionaries of WANTED into SP, preferring
   PROVIDER (NULL: enchant's ordering).  A language is accepted only if
   enchant lists it: aspell would otherwise quietly serve "en_UK" (a
   common slip) with its generic "en" dictionary.  */

static bool
open_dicts (ls_speller *sp, const struct tag_list *wanted,
	    const struct tag_list *given, const char *provider, char **err)
{
  EnchantBroker *broker = sp->broker;
  if (provider)
    {
      if (!provider_exists (broker, provider, err))
	return false;
      /* "*" alone is not enough: /usr/share/enchant-2/enchant.ordering
	 names providers for en_US and others explicitly, and a tag's
	 own ordering wins over "*".  */
      enchant_broker_set_ordering (broker, "*", provider);
      for (size_t i = 0; i < wanted->n; i++)
	enchant_broker_set_ordering (broker, wanted->tags[i], provider);
    }

  struct tag_list installed = installed_dicts (broker);
  bool ok = true;
  sp->dicts = ls_xcalloc (wanted->n, sizeof *sp->dicts);
  for (size_t i = 0; ok && i < wanted->n; i++)
    ok = open_dict (sp, &installed, wanted->tags[i], given->tags[i],
		    provider, err);
  tag_list_free (&installed);
  return ok;
}

/* The provider DICT came from; malloc'd, or NULL.  */

static char *
dict_provider (EnchantDict *dict)
{
  char *name = NULL;
  enchant_dict_describe (dict, note_provider, &name);
  return name;
}

static struct other_dict *
add_other_dict (ls_speller *sp, const char *provider, const char *tag)
{
  sp->others = ls_grow_array (sp->others, &sp->others_alloc, sp->n_others + 1,
			      sizeof *sp->others, 4);
  struct other_dict *o = &sp->others[sp->n_others++];
  memset (o, 0, sizeof *o);
  o->provider = ls_xstrdup (provider);
  o->tag = ls_xstrdup (tag);
  return o;
}

static void
keep_broker (ls_speller *sp, EnchantBroker *broker)
{
  sp->other_brokers = ls_grow_array (sp->other_brokers,
				     &sp->other_brokers_alloc,
				     sp->n_other_brokers + 1,
				     sizeof *sp->other_brokers, 4);
  sp->other_brokers[sp->n_other_brokers++] = broker;
}

/* A broker that serves PROVIDER first, for TAG.  */
static EnchantBroker *
provider_broker (const char *provider, const char *tag)
{
  EnchantBroker *broker = enchant_broker_init ();
  if (broker)
    {
      enchant_broker_set_ordering (broker, "*", provider);
      enchant_broker_set_ordering (broker, tag, provider);
    }
  return broker;
}

/* PROVIDER's dictionary for TAG from BROKER (the provider's own), or
   NULL when enchant serves another provider's or none.  */
static EnchantDict *
provider_dict (EnchantBroker *broker, const char *provider, const char *tag)
{
  EnchantDict *dict = enchant_broker_request_dict (broker, tag);
  if (dict && !dict_from_provider (dict, provider))
    {
      enchant_broker_free_dict (broker, dict);
      dict = NULL;
    }
  return dict;
}

/* Where enchant 2.3.3's hunspell provider looks after $XDG_DATA_DIRS,
   as built for Debian 12 (strace: with XDG_DATA_DIRS=/nonexistent it
   still finds /usr/share/hunspell/en_US.dic).  */
#define HUNSPELL_BUILT_IN_DIRS "/usr/share/enchant:/usr/share"

/* The file enchant 2.3's hunspell provider would load for TAG, when
   the user's configuration directory is out of the way (it is looked
   at first): the first DIR/hunspell/TAG.dic of $XDG_DATA_DIRS (by
   default /usr/local/share:/usr/share), then of its own directories,
   that has its .aff beside it (seen with strace, Debian 12).
   Malloc'd, or NULL.  */
static char *
hunspell_dic_path (const char *tag)
{
  const char *xdg = getenv ("XDG_DATA_DIRS");
  char *dirs = ls_xasprintf ("%s:%s", xdg && *xdg ? xdg
			     : "/usr/local/share:/usr/share",
			     HUNSPELL_BUILT_IN_DIRS);
  char *found = NULL;
  for (const char *p = dirs; *p && !found;)
    {
      size_t n = strcspn (p, ":");
      if (n > 0)
	{
	  char *path = ls_xasprintf ("%.*s/hunspell/%s.dic", (int) n, p, tag);
	  char *aff = ls_xasprintf ("%.*s/hunspell/%s.aff", (int) n, p, tag);
	  bool both = access (path, F_OK) == 0 && access (aff, F_OK) == 0;
	  free (aff);
	  if (both)
	    found = path;
	  else
	    free (path);
	}
      p += n + (p[n] == ':');
    }
  free (dirs);
  return found;
}

/* Stand in for hunspell's TAG with its precompiled words, if SP has a
   directory of them and they are for the dictionary enchant would
   load; else say why in SP->WORDS_NOTE.  Only when the configuration
   directory is ours (OWN_CONFIG_DIR): a user's own may hold other
   dictionaries and word lists.  */
static ls_dict_words *
stand_in_words (ls_speller *sp, const char *provider, const char *tag,
		bool own_config_dir)
{
  if (!sp->words_dir || strcmp (provider, "hunspell") != 0)
    return NULL;
  char *why = NULL;
  ls_dict_words *words = NULL;
  char *dic = own_config_dir ? hunspell_dic_path (tag) : NULL;
  if (!own_config_dir)
    why = ls_xstrdup ("ENCHANT_CONFIG_DIR is set: hunspell is loaded");
  else if (!dic)
    why = ls_xasprintf ("no %s.dic found where enchant looks", tag);
  else
    words = ls_dict_words_open (sp->words_dir, provider, tag, dic, &why);
  free (dic);
  if (why && !sp->words_note)
    sp->words_note = why;
  else
    free (why);
  return words;
}

/* Open, from PROVIDER, the languages of WANTED that it has and that
   the dictionaries already open (one per language) do not come from
   it.  The main broker is asked which languages PROVIDER has, by
   reordering it (its dictionaries are open already, so the order no
   longer matters to it); a broker of PROVIDER's own is made only when
   there is something to open.  Precompiled words stand in for a
   dictionary when they can (stand_in_words).  */

static void
open_provider_too (ls_speller *sp, const struct tag_list *wanted,
		   const char *provider, bool own_config_dir)
{
  struct tag_list has = provider_dicts (sp->broker, provider);
  EnchantBroker *broker = NULL;
  for (size_t i = 0; i < wanted->n; i++)
    {
      char *primary = dict_provider (sp->dicts[i]);
      bool wanted_here = tag_list_find (&has, wanted->tags[i]) >= 0
			 && (!primary || strcmp (primary, provider) != 0);
      free (primary);
      if (!wanted_here)
	continue;
      ls_dict_words *words = stand_in_words (sp, provider, wanted->tags[i],
					     own_config_dir);
      if (words)
	{
	  add_other_dict (sp, provider, wanted->tags[i])->words = words;
	  continue;
	}
      if (!broker)
	{
	  broker = provider_broker (provider, wanted->tags[i]);
	  if (!broker)
	    break;
	  keep_broker (sp, broker);
	}
      enchant_broker_set_ordering (broker, wanted->tags[i], provider);
      EnchantDict *dict = provider_dict (broker, provider, wanted->tags[i]);
      if (dict)
	{
	  struct other_dict *o = add_other_dict (sp, provider,
						 wanted->tags[i]);
	  o->dict = dict;
	  o->broker = broker;
	}
    }
  tag_list_free (&has);
}

/* Open every language of WANTED from every other provider that has it
   too, so that a word is right when any provider's dictionary accepts
   it.  aspell's en_US alone rejects "latencies", "cardinality",
   "verboseness" and "decrypted", which hunspell's accepts; hunspell's
   rejects words that aspell's has.  Suggestions still come from the
   first dictionary of each language only (aspell on Debian): 0.4 ms a
   word, against 20-40 ms for hunspell's.  A provider that fails here
   is simply not used: the language is already served.

   What it costs (Debian 12, enchant 2.3.3, aspell-en 2020.12.07,
   hunspell-en-us 2020.12.07; CPU time, best of 7, on a loaded 2-core
   machine): ls_speller_new takes 45-60 ms instead of 13-18 ms, the
   extra 30-45 ms being hunspell's broker and dictionary load; a word
   aspell accepts costs nothing more, a word it rejects one more check
   of 6.5 us (aspell's takes 1.6 us), once per distinct word thanks to
   the cache.  */

static void
open_other_providers (ls_speller *sp, const struct tag_list *wanted,
		      bool own_config_dir)
{
  struct tag_list providers = { NULL, NULL, 0, 0, 0 };
  enchant_broker_describe (sp->broker, collect_provider, &providers);
  /* In name order, so that the dictionaries are asked in the same
     order on every machine.  */
  ls_sort (providers.tags, providers.n, sizeof *providers.tags,
	 ls_compare_name_ptrs);
  for (size_t i = 0; i < providers.n; i++)
    open_provider_too (sp, wanted, providers.tags[i], own_config_dir);
  tag_list_free (&providers);
}

/* ------------------------------------------------------------------ */
/* A speller without enchant until a word needs it.                    */

/* A link can judge every word with precompiled words alone: the word
   lists, codespell's list, hunspell's words (stand_in_words) and, for
   each language's first dictionary, aspell's words, written at build
   time with the plan enchant followed then ("# plan aspell hunspell":
   aspell first, then hunspell; tools/precompile.c).  When that plan
   still holds, the speller opens no enchant at all until a word those
   words cannot judge (letters beyond ASCII, digits) or a suggestion
   needs it (ensure_enchant): a word aspell's words reject is shown
   with aspell's suggestions, unless a known fix stands for them.  A
   link that needs neither never loads
   libenchant, GLib, aspell and the libstdc++ they bring: on a
   one-string program the plugin's share of WPA's peak RSS went from
   5.3 to 1.2 MB, its instructions from 18.0 to 2.7 million (make
   bench).

   The plan holds when the words' sources (aspell's dictionary files and
   library, enchant's ordering file and provider directory, all with
   their size and modification time) are unchanged, enchant's hunspell
   has the language exactly when the plan says so, and nothing could
   make aspell or enchant accept more or order otherwise: no
   ENCHANT_CONFIG_DIR of the user's (checked by the caller), no
   /etc/enchant/enchant.ordering (enchant 2.3.3 reads it; strace), and
   no aspell configuration or personal word list
   (ASPELL_CONF, /etc/aspell.conf, $HOME/.aspell*; configured_elsewhere).
   Otherwise the speller opens enchant at once, as before.  */

#define SYSTEM_ENCHANT_ORDERING "/etc/enchant/enchant.ordering"

/* Could aspell or enchant read a configuration or word list that
   aspell's precompiled words W do not know?  Sets *WHY (malloc'd).
   aspell's system configuration file is the one W names ("# aspell-conf
   /etc/aspell.conf", from `aspell config conf-dir` and `conf` at build
   time); its personal files (.aspell.conf, .aspell.LANG.pws,
   .aspell.LANG.prepl) are in $HOME, or in the current directory when
   HOME is unset or empty (aspell 0.60.8 `config home-dir`).  A home
   directory that exists but cannot be listed might hold them.  */
static bool
configured_elsewhere (const ls_dict_words *w, char **why)
{
  size_t len;
  const char *conf = ls_dict_words_header (w, "aspell-conf", &len);
  char *conf_path = conf ? ls_xstrndup (conf, len) : NULL;
  if (!conf_path)
    *why = ls_xstrdup ("aspell's words do not name its configuration file");
  else if (access (conf_path, F_OK) == 0)
    *why = ls_xasprintf ("%s exists", conf_path);
  else if (access (SYSTEM_ENCHANT_ORDERING, F_OK) == 0)
    *why = ls_xasprintf ("%s exists", SYSTEM_ENCHANT_ORDERING);
  else if (getenv ("ASPELL_CONF"))
    *why = ls_xstrdup ("ASPELL_CONF is set");
  free (conf_path);
  if (*why)
    return true;
  const char *home = getenv ("HOME");
  if (!home || !*home)
    home = ".";
  DIR *dir = opendir (home);
  if (!dir)
    {
      /* A home that does not exist holds nothing (Debian's package
	 builds run with HOME=/nonexistent).  */
      if (errno == ENOENT || errno == ENOTDIR)
	return false;
      *why = ls_xasprintf ("%s cannot be listed: %s", home, strerror (errno));
      return true;
    }
  struct dirent *e;
  while ((e = readdir (dir)) != NULL)
    if (strncmp (e->d_name, ".aspell", 7) == 0)
      {
	*why = ls_xasprintf ("%s/%s exists", home, e->d_name);
	break;
      }
  closedir (dir);
  return *why != NULL;
}

/* Does the plan W was made under hold for TAG now: aspell, then
   hunspell when enchant's hunspell has TAG (*HAS_HUNSPELL), in
   precompile's words?  */
static bool
plan_holds (const ls_dict_words *w, const char *tag, bool *has_hunspell,
	    char **why)
{
  char *dic = hunspell_dic_path (tag);
  *has_hunspell = dic != NULL;
  free (dic);
  const char *now = *has_hunspell ? "aspell hunspell" : "aspell";
  size_t len;
  const char *made = ls_dict_words_header (w, "plan", &len);
  bool same = made && strlen (now) == len && memcmp (made, now, len) == 0;
  if (!same)
    *why = ls_xasprintf ("the dictionaries for %s are now '%s', not '%.*s'",
			 tag, now, made ? (int) len : 4, made ? made : "none");
  return same;
}

static void
free_others (ls_speller *sp)
{
  for (size_t i = 0; i < sp->n_others; i++)
    {
      struct other_dict *o = &sp->others[i];
      if (o->dict)
	enchant_broker_free_dict (o->broker, o->dict);
      ls_dict_words_free (o->words);
      free (o->provider);
      free (o->tag);
    }
  sp->n_others = 0;
}

static void
tag_list_copy (struct tag_list *to, const struct tag_list *from)
{
  for (size_t i = 0; i < from->n; i++)
    tag_list_add (to, from->tags[i], from->providers[i]);
}

/* Set SP up for WANTED (written GIVEN) without enchant, when the plan
   holds for every language (see above); else false, SP unchanged but
   for FIRST_WORDS_NOTE, and the caller opens enchant.  */
static bool
open_without_enchant (ls_speller *sp, const struct tag_list *wanted,
		      const struct tag_list *given)
{
  char *why = NULL;
  ls_dict_words **first = ls_xcalloc (wanted->n, sizeof *first);
  bool ok = true;
  for (size_t i = 0; ok && i < wanted->n; i++)
    {
      const char *tag = wanted->tags[i];
      bool has_hunspell = false;
      first[i] = ls_dict_words_open (sp->words_dir, "aspell", tag, NULL,
				     &why);
      ok = first[i] && !configured_elsewhere (first[i], &why)
	   && plan_holds (first[i], tag, &has_hunspell, &why);
      if (!ok)
	continue;
      ls_dict_words_unmap (first[i]);
      if (!has_hunspell)
	continue;
      ls_dict_words *words = stand_in_words (sp, "hunspell", tag, true);
      if (words)
	add_other_dict (sp, "hunspell", tag)->words = words;
      else
	{
	  why = ls_xasprintf ("hunspell's %s is not precompiled", tag);
	  ok = false;
	}
    }
  if (!ok)
    {
      for (size_t i = 0; i < wanted->n; i++)
	ls_dict_words_free (first[i]);
      free (first);
      free_others (sp);
      sp->first_words_note = why;
      return false;
    }
  free (why);
  sp->first_words = first;
  sp->n_first_words = wanted->n;
  sp->enchant_deferred = true;
  tag_list_copy (&sp->wanted, wanted);
  tag_list_copy (&sp->given, given);
  return true;
}

/* ------------------------------------------------------------------ */
/* Common words.                                                       */

/* Where the common English words come from: SCOWL's lists up to size
   35 ("small"), as Debian's wamerican-small installs them (51,264
   entries, 458 KiB, 2020.12.07).  That size has "until", "the",
   "history", "receive" and "till", and none of "termcap", "pushback",
   "readlink", "cutbuffer" or "Allegretta".  The next size, wamerican
   (size 50: 102,485 entries, 962 KiB), already has rarer words that
   sit one edit from our own rules' words ("upstage" beside "unstage",
   "unhanded" beside "unhandled"), which would make the prefix rule
   reject them.  Reading it takes 10-14 ms of CPU time.  */
#define COMMON_WORDS_FILE "/usr/share/dict/american-english-small"
#define COMMON_WORDS_PACKAGE "wamerican-small"

/* The common words are one file for every English speller, and the
   en_US speller and the en_GB one that tells the dialect are alive at
   once: they share one set, read once (2 MB and 12 ms less).  The set
   stays while a speller holds it.  */
struct shared_words
{
  char *path;
  struct word_set set;
  unsigned refs;
};

static struct shared_words *shared_common;

struct common_loading
{
  ls_speller *sp;		/* For its UTF-8 locale.  */
  struct word_set *set;
};

static int
add_common_line (char *line, size_t n, unsigned lineno, void *data,
		 char **err)
{
  (void) lineno;
  (void) err;
  struct common_loading *cl = data;
  ls_speller *sp = cl->sp;
  while (n > 0 && ls_is_blank ((unsigned char) line[n - 1]))
    n--;
  if (n == 0 || !valid_word_utf8 (line, n))
    return 0;
  /* Nearly every line is ASCII: lowercase it in place.  */
  bool ascii = true;
  for (size_t i = 0; i < n; i++)
    {
      unsigned char c = (unsigned char) line[i];
      ascii &= c < 0x80;
      if (c >= 'A' && c <= 'Z')
	line[i] = (char) (c + 32);
    }
  if (ascii)
    {
      word_set_add (cl->set, line, n);
      return 0;
    }
  size_t lower_len;
  char *lower = map_case (sp->utf8, line, n, false, &lower_len);
  word_set_add (cl->set, lower, lower_len);
  free (lower);
  return 0;
}

/* Take SET's words from the precompiled common words of SP's words
   directory, made from FILE (tools/precompile.c), when there are
   such: with the characters they are made of, from the header line
   "letters", hexadecimal code points.  */
static bool
use_precompiled_common (ls_speller *sp, struct word_set *set,
			const char *file)
{
  if (!sp->words_dir)
    return false;
  ls_dict_words *pre = ls_dict_words_open (sp->words_dir, "common", "en",
					   file, NULL);
  size_t len;
  const char *letters = pre ? ls_dict_words_header (pre, "letters", &len)
		       : NULL;
  if (!letters)
    {
      ls_dict_words_free (pre);
      return false;
    }
  char *copy = ls_xstrndup (letters, len), *p = copy, *end;
  unsigned long cp;
  while ((cp = strtoul (p, &end, 16)), end != p)
    {
      if (cp > 0 && cp <= 0x10FFFF)
	note_letter (set, (uint32_t) cp);
      p = end;
    }
  free (copy);
  set->pre = pre;
  return true;
}

/* Every word of the common words (NULL: COMMON_WORDS_FILE) SP holds,
   lowercase, and the hexadecimal code points they are made of, for
   tools/precompile.c.  */
int
ls_speller_common_words (const ls_speller *sp, char ***words, size_t *n,
			 char **letters)
{
  const struct word_set *set = sp->common;
  if (set->pre)
    return -1;
  *n = 0;
  *words = ls_xcalloc (set->words.count + 1, sizeof **words);
  size_t cursor = 0;
  char *word;
  while ((word = ls_hashset_next (&set->words, &cursor)))
    (*words)[(*n)++] = ls_xstrdup (word);
  struct strbuf b = { NULL, 0, 0 };
  strbuf_add (&b, "");
  for (size_t i = 0; i < set->n_alphabet; i++)
    {
      char hex[16];
      snprintf (hex, sizeof hex, i ? " %x" : "%x", set->alphabet[i]);
      strbuf_add (&b, hex);
    }
  *letters = b.s;
  return 0;
}

/* Read the common words from PATH (NULL: COMMON_WORDS_FILE).  */

static bool
load_common_words (ls_speller *sp, const char *path, char **err)
{
  const char *file = path ? path : COMMON_WORDS_FILE;
  if (shared_common && strcmp (shared_common->path, file) == 0)
    {
      shared_common->refs++;
      sp->common_words = shared_common;
      sp->common = &shared_common->set;
      return true;
    }
  struct shared_words *w = ls_xcalloc (1, sizeof *w);
  struct common_loading cl = { sp, &w->set };
  char *why = NULL;
  if (use_precompiled_common (sp, &w->set, file)
      || ls_read_lines (file, "the list of common English words",
			add_common_line, &cl, err ? &why : NULL) == 0)
    {
      w->path = ls_xstrdup (file);
      w->refs = 1;
      if (!shared_common)
	shared_common = w;
      sp->common_words = w;
      sp->common = &w->set;
      return true;
    }
  word_set_free (&w->set);
  free (w);
  set_error (err, "%s (it comes from the Debian package %s; install it)",
	     why ? why : "cannot read the list of common English words",
	     COMMON_WORDS_PACKAGE);
  free (why);
  return false;
}

/* Is any language of WANTED English?  The common words, and the rules
   built on them, are English.  */

static bool
wants_english (const struct tag_list *wanted)
{
  for (size_t i = 0; i < wanted->n; i++)
    if (strncmp (wanted->tags[i], "en", 2) == 0
	&& (wanted->tags[i][2] == '\0' || wanted->tags[i][2] == '_'))
      return true;
  return false;
}

/* What ENCHANT_CONFIG_DIR was before we pointed it away from $HOME.  */

enum config_dir_state
{
  CONFIG_DIR_USERS,		/* Set by the user: left alone.  */
  CONFIG_DIR_UNSET,
  CONFIG_DIR_EMPTY		/* Set but empty: enchant would use the
				   current directory.  */
};

/* Point enchant's per-user directory away from $HOME while we talk to
   it, unless the user chose one (see the comment at the top).  */

static enum config_dir_state
override_config_dir (void)
{
  const char *dir = getenv ("ENCHANT_CONFIG_DIR");
  if (dir && *dir)
    return CONFIG_DIR_USERS;
  setenv ("ENCHANT_CONFIG_DIR", SAFE_ENCHANT_CONFIG_DIR, 1);
  return dir ? CONFIG_DIR_EMPTY : CONFIG_DIR_UNSET;
}

static void
restore_config_dir (enum config_dir_state before)
{
  if (before == CONFIG_DIR_UNSET)
    unsetenv ("ENCHANT_CONFIG_DIR");
  else if (before == CONFIG_DIR_EMPTY)
    setenv ("ENCHANT_CONFIG_DIR", "", 1);
}

/* Once enchant has the dictionaries themselves, judge words with them
   (the verdicts are the same) and keep the precompiled words only to
   make suggestions from, so that a word's suggestions do not depend
   on whether enchant was opened.  */
static void
drop_first_words (ls_speller *sp)
{
  /* Their tables are read, not mapped (open_without_enchant): kept
     for suggestions, they cost a file descriptor.  */
  sp->suggest_words = sp->first_words;
  sp->n_suggest_words = sp->n_first_words;
  sp->first_words = NULL;
  sp->n_first_words = 0;
  sp->stood_in = true;
}

/* Open the dictionaries that a speller set up without enchant left
   closed (open_without_enchant), for a word its precompiled words
   cannot judge or for suggestions.  False when that fails (it did not
   when the speller was set up): such a word then counts as right, as
   one enchant cannot judge does, and has no suggestions.  */
static bool
ensure_enchant (ls_speller *sp)
{
  if (!sp->enchant_deferred)
    return !sp->enchant_failed;
  sp->enchant_deferred = false;
  enum config_dir_state config_dir = override_config_dir ();
  sp->broker = enchant_broker_init ();
  char *err = NULL;
  bool ok = sp->broker
	    && open_dicts (sp, &sp->wanted, &sp->given, NULL, &err);
  restore_config_dir (config_dir);
  if (ok)
    drop_first_words (sp);
  if (!ok)
    {
      sp->enchant_failed = true;
      free (sp->first_words_note);
      sp->first_words_note = ls_xstrdup (err ? err
					 : "enchant could not be initialised");
    }
  free (err);
  return ok;
}

ls_speller *
ls_speller_new (const char *langs, const char *provider, char **err)
{
  struct ls_speller_setup setup = { langs, provider, NULL, NULL };
  return ls_speller_open (&setup, err);
}

ls_speller *
ls_speller_new_with_common_words (const char *langs, const char *provider,
				  const char *common_words, char **err)
{
  struct ls_speller_setup setup = { langs, provider, common_words, NULL };
  return ls_speller_open (&setup, err);
}

ls_speller *
ls_speller_open (const struct ls_speller_setup *setup, char **err)
{
  struct tag_list wanted = { NULL, NULL, 0, 0, 0 }, given = wanted;
  const char *langs = setup->langs ? setup->langs : "en_US";
  const char *provider = setup->provider;
  if (err)
    *err = NULL;
  if (provider && !*provider)
    provider = NULL;
  if (!parse_langs (langs, &wanted, &given, err))
    {
      tag_list_free (&wanted);
      tag_list_free (&given);
      return NULL;
    }

  ls_speller *sp = ls_xcalloc (1, sizeof *sp);
  sp->common = &sp->no_common;
  sp->utf8 = open_utf8_locale ();
  sp->words_gen = 1;
  if (setup->words_dir)
    sp->words_dir = ls_xstrdup (setup->words_dir);

  enum config_dir_state config_dir = override_config_dir ();
  bool ok = !provider && config_dir != CONFIG_DIR_USERS && sp->words_dir
	    && open_without_enchant (sp, &wanted, &given);
  if (!ok)
    {
      sp->broker = enchant_broker_init ();
      ok = sp->broker != NULL;
      if (!ok)
	set_error (err, "enchant could not be initialised");
      else
	ok = open_dicts (sp, &wanted, &given, provider, err);
      if (ok && !provider)
	open_other_providers (sp, &wanted, config_dir != CONFIG_DIR_USERS);
    }
  if (ok && wants_english (&wanted))
    ok = load_common_words (sp, setup->common_words, err);
  if (!ok)
    {
      ls_speller_free (sp);
      sp = NULL;
    }
  restore_config_dir (config_dir);

  tag_list_free (&wanted);
  tag_list_free (&given);
  return sp;
}

void
ls_speller_free (ls_speller *sp)
{
  if (!sp)
    return;
  for (size_t i = 0; i < sp->n_dicts; i++)
    enchant_broker_free_dict (sp->broker, sp->dicts[i]);
  free (sp->dicts);
  for (size_t i = 0; i < sp->n_first_words; i++)
    ls_dict_words_free (sp->first_words[i]);
  free (sp->first_words);
  for (size_t i = 0; i < sp->n_suggest_words; i++)
    ls_dict_words_free (sp->suggest_words[i]);
  free (sp->suggest_words);
  ls_dict_words_free (sp->fix_list);
  tag_list_free (&sp->wanted);
  tag_list_free (&sp->given);
  free_others (sp);
  free (sp->others);
  free (sp->words_dir);
  free (sp->words_note);
  free (sp->first_words_note);
  for (size_t i = 0; i < sp->n_other_brokers; i++)
    enchant_broker_free (sp->other_brokers[i]);
  free (sp->other_brokers);
  if (sp->common_words && --sp->common_words->refs == 0)
    {
      if (shared_common == sp->common_words)
	shared_common = NULL;
      word_set_free (&sp->common_words->set);
      free (sp->common_words->path);
      free (sp->common_words);
    }
  if (sp->broker)
    enchant_broker_free (sp->broker);
  table_free (&sp->cache);
  table_free (&sp->exact_words);
  table_free (&sp->folded_words);
  if (sp->utf8)
    freelocale (sp->utf8);
  free (sp);
}

/* ------------------------------------------------------------------ */
/* Word lists.                                                         */

/* Make every cached final verdict and word-list answer stale (see
   WORDS_GEN).  */

static void
word_lists_changed (ls_speller *sp)
{
  if (++sp->words_gen == 0)
    {
      /* Wrapped: entries whose GEN happens to match must not look
	 fresh, so forget every final verdict.  */
      size_t cursor = 0;
      struct word_entry *e;
      while ((e = ls_hashset_next (&sp->cache.set, &cursor)))
	e->gen = e->listed_gen = 0;
      sp->words_gen = 1;
    }
}

void
ls_speller_add_word (ls_speller *sp, const char *word, size_t len)
{
  if (len == 0)
    return;
  size_t lower_len;
  char *lower = map_case (sp->utf8, word, len, false, &lower_len);
  if (lower_len == len && memcmp (lower, word, len) == 0)
    table_intern (&sp->folded_words, word, len, hash_word (word, len));
  else
    {
      size_t upper_len;
      char *upper = map_case (sp->utf8, word, len, true, &upper_len);
      table_intern (&sp->exact_words, word, len, hash_word (word, len));
      table_intern (&sp->exact_words, upper, upper_len,
		    hash_word (upper, upper_len));
      free (upper);
    }
  free (lower);
  word_lists_changed (sp);
}

enum line_problem
{
  LINE_WORD,
  LINE_EMPTY,
  LINE_BINARY,			/* NUL or another control character.  */
  LINE_NOT_UTF8,
  LINE_SEVERAL_WORDS
};

static bool
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v'
	 || c == '\f';
}

/* Find the word on LINE (N bytes, from getline).  '#' starts a comment
   anywhere (no word we check contains one); blanks around the word,
   including a CR from a DOS file and a UTF-8 BOM on the first line,
   are ignored.  Everything else that is not one word of UTF-8 text is
   a problem: several words would never match a single word, and
   control characters or invalid UTF-8 mean the file is not a word list
   at all (a binary, or Latin-1 text), which is better said than
   half-used.  */

static enum line_problem
parse_word_line (const char *line, size_t n, bool first_line,
		 const char **word, size_t *len, unsigned char *bad_byte)
{
  *word = line;
  *len = 0;
  if (memchr (line, '\0', n))
    {
      *bad_byte = 0;
      return LINE_BINARY;
    }
  const char *start = line, *end = line + n;
  if (first_line && n >= 3 && memcmp (line, "\xEF\xBB\xBF", 3) == 0)
    start += 3;
  const char *hash = memchr (start, '#', (size_t) (end - start));
  if (hash)
    end = hash;
  while (start < end && is_blank (*start))
    start++;
  while (end > start && is_blank (end[-1]))
    end--;
  *word = start;
  *len = (size_t) (end - start);
  if (start == end)
    return LINE_EMPTY;

  bool blank_inside = false;
  for (const char *p = start; p < end; p++)
    {
      unsigned char c = (unsigned char) *p;
      if (is_blank (*p))
	blank_inside = true;
      else if (c < 0x20 || c == 0x7F)
	{
	  *bad_byte = c;
	  return LINE_BINARY;
	}
    }
  if (!valid_word_utf8 (start, *len))
    return LINE_NOT_UTF8;
  return blank_inside ? LINE_SEVERAL_WORDS : LINE_WORD;
}

/* At most 40 bytes of the valid UTF-8 TEXT, cut at a character
   boundary, for quoting in a message.  */

static char *
excerpt (const char *text, size_t len)
{
  if (len <= 40)
    return ls_xstrndup (text, len);
  size_t cut = 40;
  while (cut > 0 && ((unsigned char) text[cut] & 0xC0) == 0x80)
    cut--;
  char *short_text = ls_xstrndup (text, cut);
  char *with_dots = ls_xasprintf ("%s...", short_text);
  free (short_text);
  return with_dots;
}

static void
error_bad_line (char **err, const char *path, unsigned lineno,
		enum line_problem problem, const char *word, size_t len,
		unsigned char bad_byte)
{
  if (problem == LINE_BINARY)
    set_error (err, "%s:%u: unexpected byte 0x%02x; a word list is UTF-8 "
	       "text with one word a line", path, lineno, bad_byte);
  else if (problem == LINE_NOT_UTF8)
    set_error (err, "%s:%u: invalid UTF-8; a word list is UTF-8 text with "
	       "one word a line", path, lineno);
  else
    {
      char *quoted = excerpt (word, len);
      set_error (err, "%s:%u: more than one word on a line ('%s'); a word "
		 "list has one word a line", path, lineno, quoted);
      free (quoted);
    }
}

/* Words read so far from one file: added only once the whole file has
   been read, so that a bad file changes nothing.  */

struct pending_words
{
  char **words;
  size_t *lens;
  size_t n, words_alloc, lens_alloc;
};

static void
pending_add (struct pending_words *w, const char *word, size_t len)
{
  w->words = ls_grow_array (w->words, &w->words_alloc, w->n + 1,
			    sizeof *w->words, 64);
  w->lens = ls_grow_array (w->lens, &w->lens_alloc, w->n + 1,
			   sizeof *w->lens, 64);
  w->words[w->n] = ls_xstrndup (word, len);
  w->lens[w->n++] = len;
}

static void
pending_free (struct pending_words *w)
{
  for (size_t i = 0; i < w->n; i++)
    free (w->words[i]);
  free (w->words);
  free (w->lens);
}

/* One line of a word list, into WF's pending words.  */

struct word_file
{
  const char *path;
  struct pending_words pending;
};

static int
add_word_line (char *line, size_t n, unsigned lineno, void *data,
	       char **err)
{
  struct word_file *wf = data;
  const char *word;
  size_t len;
  unsigned char bad_byte = 0;
  enum line_problem problem
    = parse_word_line (line, n, lineno == 1, &word, &len, &bad_byte);
  if (problem == LINE_WORD)
    pending_add (&wf->pending, word, len);
  else if (problem != LINE_EMPTY)
    {
      error_bad_line (err, wf->path, lineno, problem, word, len, bad_byte);
      return -1;
    }
  return 0;
}

int
ls_speller_add_words_file (ls_speller *sp, const char *path, char **err)
{
  if (err)
    *err = NULL;
  struct word_file wf = { path, { NULL, NULL, 0, 0, 0 } };
  int status = ls_read_lines (path, "word list", add_word_line, &wf, err);
  if (status == 0)
    for (size_t i = 0; i < wf.pending.n; i++)
      ls_speller_add_word (sp, wf.pending.words[i], wf.pending.lens[i]);
  pending_free (&wf.pending);
  return status;
}

/* ------------------------------------------------------------------ */
/* Checking and suggesting.                                            */

static bool
in_word_lists (ls_speller *sp, const char *word, size_t len, uint64_t hash)
{
  if (table_size (&sp->exact_words) && table_find (&sp->exact_words, word, len, hash))
    return true;
  if (!table_size (&sp->folded_words))
    return false;
  size_t lower_len;
  char *lower = map_case (sp->utf8, word, len, false, &lower_len);
  bool found = table_find (&sp->folded_words, lower, lower_len,
			   hash_word (lower, lower_len)) != NULL;
  free (lower);
  return found;
}

/* Is E in the word lists?  Computed once for each state of the lists
   (a case mapping and two lookups): the checker once asked for every
   word of every string, 824,064 questions about 341 distinct words on
   the 52k-function bench program, 0.57 G instructions of callgrind
   before this cache; it now keeps the answer per distinct word itself
   (check.c, word_facts), with the speller's verdict and the British
   one.  */
static bool
entry_listed (ls_speller *sp, struct word_entry *e)
{
  if (e->listed_gen != sp->words_gen)
    {
      e->listed = in_word_lists (sp, e->word, e->len, e->hash);
      e->listed_gen = sp->words_gen;
    }
  return e->listed;
}

/* Precompiled words judge a word the way hunspell does when the word
   is ASCII letters and apostrophes, starting with a letter, and not
   too long (enchant's hunspell rejects words longer than 100 bytes):
   hunspell takes such a word as written, a Capitalized one also in
   lowercase, and an ALL CAPS one also Capitalized and in lowercase
   (Hunspell::spell, hunspell 1.7).  The ALL CAPS form of a mixed-case
   word ("IPHONE" for "iPhone") is in the words itself (tools/
   precompile.c).  A word with a digit (hunspell's compound rules make
   "21st"), a hyphen (it splits there), a dot (abbreviations) or a
   letter beyond ASCII (its own case tables) is left to hunspell,
   unless the words have it exactly: every word in them is one hunspell
   accepts.  */
#define MAX_STAND_IN_WORD 64

enum stand_in { STAND_IN_NO, STAND_IN_YES, STAND_IN_UNSURE };

static bool
has_lowered (const ls_dict_words *w, const char *word, size_t len,
	     size_t from)
{
  char buf[MAX_STAND_IN_WORD];
  for (size_t i = 0; i < len; i++)
    buf[i] = (char) (i >= from && word[i] >= 'A' && word[i] <= 'Z'
		     ? word[i] + 32 : word[i]);
  return ls_dict_words_has (w, buf, len);
}

static enum stand_in
stand_in_verdict (const ls_dict_words *w, const char *word, size_t len)
{
  if (ls_dict_words_has (w, word, len))
    return STAND_IN_YES;
  if (len == 0 || len > MAX_STAND_IN_WORD || word[0] == '\'')
    return STAND_IN_UNSURE;
  size_t upper = 0, lower = 0;
  for (size_t i = 0; i < len; i++)
    {
      char c = word[i];
      if (c >= 'A' && c <= 'Z')
	upper++;
      else if (c >= 'a' && c <= 'z')
	lower++;
      else if (c != '\'')
	return STAND_IN_UNSURE;
    }
  bool initial_upper = word[0] >= 'A' && word[0] <= 'Z';
  if (upper == 1 && initial_upper && lower > 0)	/* Capitalized.  */
    return has_lowered (w, word, len, 0) ? STAND_IN_YES : STAND_IN_NO;
  if (upper > 0 && lower == 0)			/* ALL CAPS.  */
    return has_lowered (w, word, len, 1) || has_lowered (w, word, len, 0)
	   ? STAND_IN_YES : STAND_IN_NO;
  return STAND_IN_NO;
}

/* Open O's dictionary now, from a broker of its provider's own.  */
static void
open_other_late (ls_speller *sp, struct other_dict *o)
{
  enum config_dir_state config_dir = override_config_dir ();
  EnchantBroker *broker = provider_broker (o->provider, o->tag);
  if (broker)
    {
      keep_broker (sp, broker);
      o->dict = provider_dict (broker, o->provider, o->tag);
      o->broker = broker;
    }
  o->open_failed = !o->dict;
  restore_config_dir (config_dir);
}

/* Does O accept WORD?  */
static bool
other_accepts (ls_speller *sp, struct other_dict *o, const char *word,
	       size_t len)
{
  if (o->words && !o->dict)
    {
      enum stand_in v = stand_in_verdict (o->words, word, len);
      if (v != STAND_IN_UNSURE || o->open_failed)
	return v == STAND_IN_YES;
      open_other_late (sp, o);
      if (!o->dict)
	return false;
    }
  return enchant_dict_check (o->dict, word, (ssize_t) len) <= 0;
}

/* What the dictionaries say about WORD, asking each at most once for
   the life of the speller.  A word enchant cannot take (empty, NUL
   inside, invalid UTF-8: never produced from decoded text by the word
   splitter) or cannot judge (an error) counts as right: we report only
   what a dictionary actually rejected.  */

/* stand_in_verdict for aspell's words (open_without_enchant), unsure
   when the words could not be read.  Compared with aspell through
   enchant on 3.57 million forms (both aspell lists,
   /usr/share/dict/words, in six case shapes, with a letter dropped or
   swapped and with "'s", "'" and "s" added): the same verdict on every
   form judged, en_US and en_GB alike, once the list has the
   Capitalized form of its words with a capital inside ("IPod", "IOS's":
   tools/precompile.c).  */
static enum stand_in
first_verdict (const ls_dict_words *w, const char *word, size_t len)
{
  enum stand_in v = stand_in_verdict (w, word, len);
  return ls_dict_words_read_failed (w) ? STAND_IN_UNSURE : v;
}

/* Does the first dictionary of language I accept WORD?  */
static bool
first_accepts (ls_speller *sp, size_t i, const char *word, size_t len)
{
  if (sp->first_words)
    {
      enum stand_in v = first_verdict (sp->first_words[i], word, len);
      if (v != STAND_IN_UNSURE)
	return v == STAND_IN_YES;
      if (!ensure_enchant (sp) || i >= sp->n_dicts)
	return true;
    }
  return enchant_dict_check (sp->dicts[i], word, (ssize_t) len) <= 0;
}

static bool
dicts_accept (ls_speller *sp, struct word_entry *e)
{
  if (e->enchant_ok < 0)
    {
      bool ok = e->len == 0 || !valid_word_utf8 (e->word, e->len);
      size_t n_first = sp->first_words ? sp->n_first_words : sp->n_dicts;
      for (size_t i = 0; !ok && i < n_first; i++)
	ok = first_accepts (sp, i, e->word, e->len);
      for (size_t i = 0; !ok && i < sp->n_others; i++)
	ok = other_accepts (sp, &sp->others[i], e->word, e->len);
      e->enchant_ok = ok;
    }
  return e->enchant_ok;
}

/* The dictionaries' verdict on E, with a second chance for case.
   hunspell and aspell accept the Capitalized and ALL CAPS forms of a
   dictionary word by themselves, and we ask about the word as written
   first so that entries such as "NASA" or "Paris" keep their meaning.
   But not always: aspell's en_US (aspell-en 2020.12.07) accepts
   "œuvre" and "ŒUVRE" yet rejects "Œuvre".  And a word at the start of
   a message or in a shouted heading is capitalised for reasons that
   have nothing to do with its spelling.  So a rejected Capitalized or
   ALL CAPS word is right when its lowercase form is; that form goes
   through the cache like any other word (without counting as looked
   up).  Mixed case ("wOrd") gets no second chance.  */

static bool
enchant_accepts (ls_speller *sp, struct word_entry *e)
{
  if (dicts_accept (sp, e))
    return true;
  enum word_shape shape = word_shape (sp->utf8, e->word, e->len);
  if (shape != SHAPE_CAPITALIZED && shape != SHAPE_ALL_CAPS)
    return false;

  size_t lower_len;
  char *lower = map_case (sp->utf8, e->word, e->len, false, &lower_len);
  struct word_entry *low = table_intern (&sp->cache, lower, lower_len,
					 hash_word (lower, lower_len));
  free (lower);
  return low != e && dicts_accept (sp, low);
}

/* ------------------------------------------------------------------ */
/* Words one edit from a common word.                                  */

/* The longest word we look for common neighbours of, in code points:
   the longest common word has 21 letters.  */
#define MAX_NEIGHBOUR_CODE_POINTS 32

/* May a common word one edit away (CAND, LEN bytes) be ignored?  */
typedef bool (*excuse_fn) (const char *cand, size_t len, void *data);

struct neighbour_search
{
  const ls_speller *sp;
  bool word_lists;		/* Lowercase word-list entries count too.  */
  excuse_fn excuse;		/* May be NULL.  */
  void *data;
  unsigned char buf[4 * (MAX_NEIGHBOUR_CODE_POINTS + 1)];
};

/* Are the N code points at CPS a common word not excused?  */

static bool
common_candidate (struct neighbour_search *ns, const uint32_t *cps, size_t n)
{
  size_t len = 0;
  for (size_t i = 0; i < n; i++)
    len += ls_utf8_put (ns->buf + len, cps[i]);
  const char *cand = (const char *) ns->buf;
  bool known = word_set_has (ns->sp->common, cand, len)
		 || (ns->word_lists && table_size (&ns->sp->folded_words)
		     && table_find (&ns->sp->folded_words, cand, len,
				    hash_word (cand, len)));
  return known && !(ns->excuse && ns->excuse (cand, len, ns->data));
}

/* Is the lowercase word LOWER (LEN bytes of valid UTF-8) one edit (a
   deletion, an insertion, a substitution or a swap of two adjacent
   characters) from a common word, or with WORD_LISTS from a lowercase
   entry of the word lists ("hotname" from "hostname"), that EXCUSE
   (may be NULL) does not excuse?  Every string one edit away that is made of the common
   words' characters is looked up: about 60 lookups a letter, some
   40 us for a word of nine letters, paid only for words the
   dictionaries reject and a rule would accept.  */

static bool
has_common_neighbour (const ls_speller *sp, const char *lower, size_t len,
		      bool word_lists, excuse_fn excuse, void *data)
{
  const struct word_set *common = sp->common;
  uint32_t w[MAX_NEIGHBOUR_CODE_POINTS], c[MAX_NEIGHBOUR_CODE_POINTS + 1];
  size_t n = 0;
  const unsigned char *p = (const unsigned char *) lower;
  for (size_t i = 0; i < len; n++)
    {
      if (n == MAX_NEIGHBOUR_CODE_POINTS)
	return false;
      i += ls_utf8_get (p + i, len - i, &w[n]);
      if (w[n] == LS_UTF8_ILL_FORMED)
	return false;
    }
  if ((!word_set_count (common) && !(word_lists && table_size (&sp->folded_words))) || n == 0)
    return false;

  struct neighbour_search ns = { sp, word_lists, excuse, data, { 0 } };
  for (size_t i = 0; i < n; i++)	/* Deletions.  */
    {
      memcpy (c, w, i * sizeof *w);
      memcpy (c + i, w + i + 1, (n - i - 1) * sizeof *w);
      if (common_candidate (&ns, c, n - 1))
	return true;
    }
  memcpy (c, w, n * sizeof *w);
  for (size_t i = 0; i + 1 < n; i++)	/* Swaps.  */
    if (w[i] != w[i + 1])
      {
	c[i] = w[i + 1];
	c[i + 1] = w[i];
	bool found = common_candidate (&ns, c, n);
	c[i] = w[i];
	c[i + 1] = w[i + 1];
	if (found)
	  return true;
      }
  for (size_t i = 0; i < n; i++)	/* Substitutions.  */
    {
      for (size_t a = 0; a < common->n_alphabet; a++)
	if (common->alphabet[a] != w[i])
	  {
	    c[i] = common->alphabet[a];
	    if (common_candidate (&ns, c, n))
	      return true;
	  }
      c[i] = w[i];
    }
  for (size_t i = 0; i <= n; i++)	/* Insertions.  */
    {
      memcpy (c, w, i * sizeof *w);
      memcpy (c + i + 1, w + i, (n - i) * sizeof *w);
      for (size_t a = 0; a < common->n_alphabet; a++)
	{
	  c[i] = common->alphabet[a];
	  if (common_candidate (&ns, c, n + 1))
	    return true;
	}
    }
  return false;
}

bool
ls_speller_is_common (ls_speller *sp, const char *word, size_t len)
{
  if (!word_set_count (sp->common) || len == 0 || !valid_word_utf8 (word, len))
    return false;
  size_t lower_len;
  char *lower = map_case (sp->utf8, word, len, false, &lower_len);
  bool found = word_set_has (sp->common, lower, lower_len);
  free (lower);
  return found;
}

bool
ls_speller_in_word_lists (ls_speller *sp, const char *word, size_t len)
{
  return len > 0 && in_word_lists (sp, word, len, hash_word (word, len));
}

bool
ls_speller_near_common (ls_speller *sp, const char *word, size_t len)
{
  if (!word_set_count (sp->common) || len == 0 || !valid_word_utf8 (word, len))
    return false;
  size_t lower_len;
  char *lower = map_case (sp->utf8, word, len, false, &lower_len);
  bool near = has_common_neighbour (sp, lower, lower_len, false, NULL,
				    NULL);
  free (lower);
  return near;
}

/* ------------------------------------------------------------------ */
/* Prefixed words and compounds.                                       */

/* Is the lowercase WORD (LEN bytes) a word, to the dictionaries or to
   the word lists?  */

static bool
is_word (ls_speller *sp, const char *word, size_t len)
{
  struct word_entry *e = table_intern (&sp->cache, word, len,
				       hash_word (word, len));
  return dicts_accept (sp, e) || in_word_lists (sp, word, len, e->hash);
}

/* Prefixes that make new words from dictionary words in program
   messages: "unstage", "reencode", "dequote", "subproject",
   "superprefix", "nonexistent", "preallocated", "multiline".  */
static const char *const word_prefixes[] = {
  "un", "re", "de", "dis", "non", "pre", "sub", "super", "multi", "inter",
  "over", "under", "auto", "micro", "pseudo", "semi",
};

/* What is left after a prefix must be this long to count as a word:
   "un" + "til" says nothing.  */
#define MIN_PREFIXED_REST 4

/* A common word one edit from a prefixed word that is the same word
   under another prefix: "preallocated" is one edit from
   "reallocated", and that says nothing against it.  */

struct prefixed
{
  const char *rest;
  size_t rest_len;
};

static bool
same_rest_other_prefix (const char *cand, size_t len, void *data)
{
  const struct prefixed *x = data;
  if (len <= x->rest_len
      || memcmp (cand + len - x->rest_len, x->rest, x->rest_len) != 0)
    return false;
  size_t n = len - x->rest_len;
  for (size_t i = 0; i < sizeof word_prefixes / sizeof *word_prefixes; i++)
    if (strlen (word_prefixes[i]) == n && memcmp (cand, word_prefixes[i], n) == 0)
      return true;
  return false;
}

/* Is E a prefix from WORD_PREFIXES and a word the dictionaries accept
   ("unhandled" is "un" + "handled")?  Typos rarely split that way:
   "recieve" is "re" + "cieve", "overriden" is "over" + "riden", and
   neither rest is a word.  Not "co" ("colour" would be "co" + "lour")
   nor "mis" ("mispelt" would be "mis" + "pelt").  But a typo of a
   common word sometimes does split: "untill" is "un" + "till", one
   edit from "until".  A word one edit from a common word is that
   word's typo rather than a new word, unless the common word is the
   same word under another prefix.  */
static bool
prefixed_word (ls_speller *sp, const struct word_entry *e)
{
  for (size_t i = 0; i < sizeof word_prefixes / sizeof *word_prefixes; i++)
    {
      size_t n = strlen (word_prefixes[i]);
      if (e->len < n + MIN_PREFIXED_REST
	  || memcmp (e->word, word_prefixes[i], n) != 0)
	continue;
      struct prefixed x = { e->word + n, e->len - n };
      if (x.rest[0] == '-' || x.rest[0] == '\'')
	continue;
      if (is_word (sp, x.rest, x.rest_len))
	return !has_common_neighbour (sp, e->word, e->len, true,
				      same_rest_other_prefix, &x);
    }
  return false;
}

/* English function words: the closed classes (articles, determiners,
   pronouns, prepositions, conjunctions, auxiliary and modal verbs,
   "not") whose members stand next to any word in a sentence.  Two
   words run together with one of them ("intohistory", "ofthe",
   "notfound") are a missing space, not a compound: compounds are made
   of content words ("pushback", "readlink").  Left out: "a" and "I"
   (one letter splits anything), "no" ("noop", "noreply", "nowrap"
   are options, not phrases), and the adverbial particles below.  */
static const char *const function_words[] = {
  "the", "an", "this", "that", "these", "those", "each", "every", "all",
  "any", "some", "both", "either", "neither", "such",
  "it", "its", "he", "him", "his", "she", "her", "we", "us", "our", "you",
  "your", "they", "them", "their", "me", "my", "who", "whom", "whose",
  "which", "what", "when", "where", "while",
  "of", "to", "into", "onto", "from", "with", "within", "without", "for",
  "about", "above", "across", "after", "against", "along", "among",
  "before", "behind", "below", "between", "beyond", "during", "except",
  "since", "than", "through", "toward", "towards", "until", "upon", "via",
  "and", "or", "nor", "but", "if", "because", "although", "though",
  "unless", "whether", "then", "as",
  "is", "are", "was", "were", "be", "been", "being", "am", "has", "have",
  "had", "do", "does", "did", "will", "would", "shall", "should", "can",
  "could", "may", "might", "must", "not",
};

/* Particles and short prepositions that also make compounds of
   content words ("setup", "login", "pushdown", "readout", "standby"):
   a missing space only next to a function word ("inthe", "upto").  */
static const char *const particles[] = {
  "in", "on", "up", "out", "off", "down", "over", "by", "at",
};

static bool
in_list (const char *const *list, size_t n, const char *word, size_t len)
{
  for (size_t i = 0; i < n; i++)
    if (strlen (list[i]) == len && memcmp (list[i], word, len) == 0)
      return true;
  return false;
}

static bool
is_function_word (const char *word, size_t len)
{
  return in_list (function_words,
		  sizeof function_words / sizeof *function_words, word, len);
}

static bool
is_particle (const char *word, size_t len)
{
  return in_list (particles, sizeof particles / sizeof *particles, word,
		  len);
}

static void compute_suggestions (ls_speller *sp, struct word_entry *e);

/* Derivational suffixes that are words too: "applyable" is not "apply"
   + "able", nor "documention" "document" + "ion", but a misspelled
   derivative.  Compounds do not end in them.  */
static const char *const suffix_words[] = {
  "able", "ably", "ion", "ions", "less", "ness", "ship", "ward", "wards",
  "wise", "ism", "isms", "ist", "ists", "ate", "ant", "ants", "ent",
  "ents", "full",
};

/* Each part of a compound is at least this long: shorter dictionary
   "words" (abbreviations, letters, "ion", "ism") split typos too
   easily.  */
#define MIN_COMPOUND_PART 3

/* Compounds and missing spaces are looked for in words of ASCII
   letters only.  */

static bool
ascii_letters (const char *word, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (!(word[i] >= 'a' && word[i] <= 'z'))
      return false;
  return len > 0;
}

/* Is the lowercase E two words of at least MIN_COMPOUND_PART letters
   ("lefthand", "pushback", "readlink", "cutbuffer")?  Not when a split
   has a function word ("intohistory" is a missing space), nor when E
   is one edit from a common word: that is the common word's typo,
   whatever else it splits into.  */
/* Is WORD one edit from one of the dictionaries' suggestions for it
   (other than itself split in two)?  Then it is that word's typo:
   "shotcut", "downlad".  Suggestions are computed once and cached.  */

static const ls_dict_words *const *suggestion_words (const ls_speller *sp,
						    size_t *n);
static bool listed_near (ls_speller *sp, const struct word_entry *e);

static bool
near_suggestion (ls_speller *sp, struct word_entry *e)
{
  /* Made from the precompiled words, the suggestions one edit away are
     every word of them one edit away, and the word lists' (no split
     is): asked without ranking them.  */
  size_t n_lists;
  const ls_dict_words *const *lists = suggestion_words (sp, &n_lists);
  if (n_lists && !e->have_suggestions)
    return valid_word_utf8 (e->word, e->len)
	   && (ls_suggest_any_near (lists, n_lists, e->word, e->len)
	       || listed_near (sp, e));
  if (!e->have_suggestions)
    compute_suggestions (sp, e);
  for (size_t i = 0; i < e->n_suggestions; i++)
    if (!ls_splits_word (e->word, e->len, e->suggestions[i])
	&& ls_edit_distance (e->word, e->len, e->suggestions[i],
			     strlen (e->suggestions[i])) <= 1)
      return true;
  return false;
}

/* Is the lowercase E two common words of at least MIN_COMPOUND_PART
   letters that the dictionaries accept ("lefthand", "pushback",
   "readlink", "cutbuffer")?  Not when a split has a function word
   ("intohistory" is a missing space) or ends in a suffix word, nor
   when E is one edit from a common word, a word of the word lists or
   a suggestion: that is a typo, whatever else it splits into.

   Measured on codespell's list of misspellings (2.2.4): of the 36,286
   that both dictionaries and the word lists reject, any two dictionary
   words would accept 801 (2.2 %); two common words, 396; with the
   suffix words and the neighbours of word-list words and suggestions
   left out, about 200 (0.55 %), most of them phrases codespell wants
   spaced ("keypair", "leapyear", "webbased") rather than typos.  Parts
   of at least 4 letters would halve that but also lose "hashmap",
   "typename" and most other compounds programs use.  */
static bool
compound_word (ls_speller *sp, struct word_entry *e)
{
  if (!ascii_letters (e->word, e->len))
    return false;
  bool found = false;
  for (size_t i = MIN_COMPOUND_PART; i + MIN_COMPOUND_PART <= e->len; i++)
    {
      const char *right = e->word + i;
      size_t right_len = e->len - i;
      if (!word_set_has (sp->common, e->word, i)
	  || !word_set_has (sp->common, right, right_len)
	  || !is_word (sp, e->word, i) || !is_word (sp, right, right_len))
	continue;
      if (is_function_word (e->word, i)
	  || is_function_word (right, right_len)
	  || in_list (suffix_words, sizeof suffix_words / sizeof *suffix_words,
		      right, right_len))
	return false;
      found = true;
    }
  return found && !has_common_neighbour (sp, e->word, e->len, true, NULL,
					 NULL)
	 && !near_suggestion (sp, e);
}

/* Is E an example name of usage texts, "my" and a common word of three
   letters or more ("mypass", "mynick", "myproxy", "mydomain": weechat's
   /help examples, and the way manuals name a user's things)?  Not when
   the word is one edit from a common word ("mytself").  */
static bool
example_name (ls_speller *sp, struct word_entry *e)
{
  if (e->len < 5 || memcmp (e->word, "my", 2) != 0)
    return false;
  const char *rest = e->word + 2;
  size_t rest_len = e->len - 2;
  return word_set_has (sp->common, rest, rest_len)
	 && is_word (sp, rest, rest_len)
	 && !has_common_neighbour (sp, e->word, e->len, true, NULL, NULL);
}

/* The regular 's' forms of a dictionary word: a noun's plural or a
   verb's third person that the dictionaries lack although they have
   the word ("redirections", "initializations", "severities",
   "printables").  The stem has MIN_FORM_STEM letters or more and is no
   function word ("theres", "untils" are slips) nor inflected
   ("faileds", "missings"), and the form is one edit from no common
   word but its own stem: "fileds" is a slip for
   "fields", "warings" for "warnings", not forms of "filed" and
   "waring".  Measured on codespell's list (2.2.2): of the 36,279
   misspellings hunspell's en_US rejects, 36 (0.1 %) pass, mostly
   grammar rather than typing ("informations", "softwares",
   "childrens"), and the known list reports those anyway.  */
#define MIN_FORM_STEM 5

struct form_stems
{
  const char *word;
  size_t len;
};

/* The form without its final 's' says nothing against it: that is
   the stem of an "s" form ("redirection"); of an "es" or "ies" form it
   is no common word.  (Neighbours are one edit away, so the stem of
   those is never one.)  */
static bool
is_own_stem (const char *cand, size_t len, void *data)
{
  const struct form_stems *f = data;
  return len + 1 == f->len && memcmp (cand, f->word, len) == 0;
}

static bool
ends_with (const char *w, size_t len, const char *end)
{
  size_t n = strlen (end);
  return len >= n && memcmp (w + len - n, end, n) == 0;
}

/* Is the stem STEM (LEN bytes, lowercase) a word a form may be made of?
   Not an inflected one: "faileds", "missings" are slips, not plurals.  */
static bool
form_stem (const char *stem, size_t len, void *sp)
{
  return len >= MIN_FORM_STEM && !is_function_word (stem, len)
	 && !ends_with (stem, len, "ed") && !ends_with (stem, len, "ing")
	 && is_word (sp, stem, len);
}

/* Is E (lowercase) a regular 's' form of a word (ls_s_form_of, every
   stem of MIN_FORM_STEM letters or more) that no common word but its
   stem stands one edit from?  */
static bool
dictionary_form (ls_speller *sp, const struct word_entry *e)
{
  struct form_stems f = { e->word, e->len };
  return ls_s_form_of (e->word, e->len, MIN_FORM_STEM, MIN_FORM_STEM,
		       form_stem, sp)
	 && !has_common_neighbour (sp, e->word, e->len, true, is_own_stem, &f);
}

/* The dictionaries' verdict, then the prefix and compound rules on the
   lowercase form ("Unstaged" is "unstaged").  */
static bool
accepted (ls_speller *sp, struct word_entry *e)
{
  if (enchant_accepts (sp, e))
    return true;
  size_t lower_len;
  char *lower = map_case (sp->utf8, e->word, e->len, false, &lower_len);
  struct word_entry *low = table_intern (&sp->cache, lower, lower_len,
					 hash_word (lower, lower_len));
  free (lower);
  return prefixed_word (sp, low) || compound_word (sp, low)
	 || example_name (sp, low) || dictionary_form (sp, low);
}

/* Beside a content word, a function word must have this many letters
   and the content word MIN_SPACED_CONTENT: two-letter function words
   and three-letter content words make jargon and other dialects'
   words by chance ("as" + "sync", "col" + "our" for colour).  */
#define MIN_SPACED_FUNCTION 3
#define MIN_SPACED_CONTENT 4

/* Do the lowercase LEFT and RIGHT, run together, read as two words
   with a space missing?  Two function words ("of" + "the"), a particle
   before a function word ("in" + "the"), or a function word of
   MIN_SPACED_FUNCTION letters or more beside a word of
   MIN_SPACED_CONTENT or more ("into" + "history", "not" + "found").  */
static bool
missing_space_at (ls_speller *sp, const char *left, size_t left_len,
		  const char *right, size_t right_len)
{
  bool left_function = is_function_word (left, left_len);
  bool right_function = is_function_word (right, right_len);
  if (left_function && right_function)
    return true;
  if (right_function && is_particle (left, left_len))
    return true;
  if (left_function && left_len >= MIN_SPACED_FUNCTION)
    return right_len >= MIN_SPACED_CONTENT && is_word (sp, right, right_len);
  if (right_function && right_len >= MIN_SPACED_FUNCTION)
    return left_len >= MIN_SPACED_CONTENT && is_word (sp, left, left_len);
  return false;
}

size_t
ls_speller_missing_space (ls_speller *sp, const char *word, size_t len)
{
  if (len < 4 || !valid_word_utf8 (word, len))
    return 0;
  size_t lower_len;
  char *lower = map_case (sp->utf8, word, len, false, &lower_len);
  size_t at = 0;
  struct word_entry *e = table_intern (&sp->cache, word, len,
				       hash_word (word, len));
  if (lower_len == len && ascii_letters (lower, len)
      && !entry_listed (sp, e) && !accepted (sp, e))
    for (size_t i = 2; !at && i + 2 <= len; i++)
      if (missing_space_at (sp, lower, i, lower + i, len - i))
	at = i;
  free (lower);
  return at;
}

/* E's verdict, computed once for each state of the word lists.  */
static bool
entry_verdict (ls_speller *sp, struct word_entry *e)
{
  if (e->gen != sp->words_gen)
    {
      e->ok = entry_listed (sp, e) || accepted (sp, e);
      e->gen = sp->words_gen;
    }
  return e->ok;
}

bool
ls_speller_check (ls_speller *sp, const char *word, size_t len)
{
  struct word_entry *e = table_intern (&sp->cache, word, len,
				       hash_word (word, len));
  if (!e->counted)
    {
      e->counted = true;
      sp->distinct++;
    }
  return entry_verdict (sp, e);
}

bool
ls_speller_knows (ls_speller *sp, const char *word, size_t len)
{
  return entry_verdict (sp, table_intern (&sp->cache, word, len,
					  hash_word (word, len)));
}

bool
ls_speller_listed (ls_speller *sp, const char *word, size_t len)
{
  uint64_t hash = hash_word (word, len);
  struct word_entry *e = table_intern (&sp->cache, word, len, hash);
  if (!e->counted)
    {
      e->counted = true;
      sp->distinct++;
    }
  return entry_listed (sp, e);
}

static bool
has_suggestion (const struct word_entry *e, const char *s)
{
  for (size_t i = 0; i < e->n_suggestions; i++)
    if (strcmp (e->suggestions[i], s) == 0)
      return true;
  return false;
}

/* A lowercase typo is rarely a misspelled proper noun: aspell offers
   "Reading" before "reading" for "readng".  Move the suggestions that
   start in lowercase before the others, keeping each group's order.  */
static void
prefer_same_case (struct word_entry *e)
{
  unsigned char first = (unsigned char) e->word[0];
  if (!(first >= 'a' && first <= 'z') || e->n_suggestions < 2)
    return;
  char **sorted = ls_xmalloc ((e->n_suggestions + 1) * sizeof *sorted);
  size_t n = 0;
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < e->n_suggestions; i++)
      {
	unsigned char c = (unsigned char) e->suggestions[i][0];
	bool lower = c >= 'a' && c <= 'z';
	if (lower == (pass == 0))
	  sorted[n++] = e->suggestions[i];
      }
  sorted[n] = NULL;
  free (e->suggestions);
  e->suggestions = sorted;
}

/* Merge what each dictionary suggests for E, in dictionary order,
   without duplicates, into copies we own (enchant's lists are freed
   straight away with the dictionary that made them).  */

/* A word of the word lists (dict/'s programming vocabulary, the user's
   words=) within this many edits of a rejected word is one of its
   suggestions: aspell does not know "whitespace", so it cannot offer
   it for "withespace".  */
enum { listed_suggestion_max_edits = 2 };

struct listed_candidate
{
  const char *word;
  unsigned edits;
};

static int
compare_candidates (const void *pa, const void *pb)
{
  const struct listed_candidate *a = pa, *b = pb;
  if (a->edits != b->edits)
    return a->edits < b->edits ? -1 : 1;
  return strcmp (a->word, b->word);
}

/* The entries of table T within MAX_EDITS of E's word (not itself),
   appended to *OUT.  */
static void
collect_listed (const struct word_table *t, const struct word_entry *e,
		unsigned max_edits, struct listed_candidate **out, size_t *n,
		size_t *alloc)
{
  size_t cursor = 0;
  const struct word_entry *w;
  while ((w = ls_hashset_next (&t->set, &cursor)))
    {
      if (w->len + max_edits < e->len || e->len + max_edits < w->len)
	continue;
      unsigned d = ls_edit_distance (e->word, e->len, w->word, w->len);
      if (d == 0 || d > max_edits)
	continue;
      *out = ls_grow_array (*out, alloc, *n + 1, sizeof **out, 8);
      (*out)[(*n)++] = (struct listed_candidate) { w->word, d };
    }
}

/* Is a word of the word lists one edit from E's, other than itself
   and other than E's word split ("push-back" for "pushback")?  */
static bool
listed_near (ls_speller *sp, const struct word_entry *e)
{
  struct listed_candidate *c = NULL;
  size_t n = 0, c_alloc = 0;
  collect_listed (&sp->exact_words, e, 1, &c, &n, &c_alloc);
  collect_listed (&sp->folded_words, e, 1, &c, &n, &c_alloc);
  bool near = false;
  for (size_t i = 0; i < n && !near; i++)
    near = !ls_splits_word (e->word, e->len, c[i].word);
  free (c);
  return near;
}

static void
add_suggestion (struct word_entry *e, const char *s, size_t *alloc)
{
  e->suggestions = ls_grow_array (e->suggestions, alloc, e->n_suggestions + 2,
				  sizeof *e->suggestions, 8);
  e->suggestions[e->n_suggestions++] = ls_xstrdup (s);
}

/* Append to E's suggestions the listed words close to it, closest
   first, then in byte order (the tables' slot order depends on their
   history, the output must not).  */
static void
add_listed_suggestions (ls_speller *sp, struct word_entry *e, size_t *alloc)
{
  struct listed_candidate *c = NULL;
  size_t n = 0, c_alloc = 0;
  collect_listed (&sp->exact_words, e, listed_suggestion_max_edits, &c, &n,
		  &c_alloc);
  collect_listed (&sp->folded_words, e, listed_suggestion_max_edits, &c, &n,
		  &c_alloc);
  if (n > 1)
    ls_sort (c, n, sizeof *c, compare_candidates);
  for (size_t i = 0; i < n; i++)
    if (!has_suggestion (e, c[i].word))
      add_suggestion (e, c[i].word, alloc);
  free (c);
}

/* Suggestions from a builtin engine beyond this many are noise: the
   reports show five.  */
enum { builtin_suggestions_max = 10 };

/* What each dictionary of enchant suggests for E, in dictionary order,
   merged.  */
static void
enchant_suggestions (ls_speller *sp, struct word_entry *e, size_t *alloc)
{
  if (!ensure_enchant (sp))
    return;
  for (size_t d = 0; d < sp->n_dicts; d++)
    {
      size_t n = 0;
      char **list = enchant_dict_suggest (sp->dicts[d], e->word,
					  (ssize_t) e->len, &n);
      for (size_t i = 0; list && i < n; i++)
	if (list[i] && !has_suggestion (e, list[i]))
	  add_suggestion (e, list[i], alloc);
      if (list)
	enchant_dict_free_string_list (sp->dicts[d], list);
    }
}

/* The precompiled words of each language, for suggestions without
   enchant; NULL when the speller has none (it opened enchant at once:
   another provider, another configuration).  */
static const ls_dict_words *const *
suggestion_words (const ls_speller *sp, size_t *n)
{
  *n = sp->first_words ? sp->n_first_words : sp->n_suggest_words;
  return (const ls_dict_words *const *) (sp->first_words
					  ? sp->first_words
					  : sp->suggest_words);
}

static const ls_dict_words *
fix_list (ls_speller *sp)
{
  if (!sp->fix_list_tried && sp->words_dir)
    {
      sp->fix_list = ls_dict_words_open (sp->words_dir, "codespell", "en",
					 NULL, NULL);
      if (sp->fix_list)
	ls_dict_words_unmap (sp->fix_list);
    }
  sp->fix_list_tried = true;
  return sp->fix_list;
}

static bool
suggestion_is_common (void *data, const char *word, size_t len)
{
  return ls_speller_is_common (data, word, len);
}

/* The builtin suggestions (suggest.h) of the N WORDS (LENS bytes
   each) that can have some (not empty, valid UTF-8), at once from
   SP's N_LISTS LISTS: the queries, *NQ of them (free each with
   ls_suggest_query_clear, then the array), and in *OF (malloc'd) the
   index of each one's word.  */
static struct ls_suggest_query *
builtin_suggestions (ls_speller *sp, const ls_dict_words *const *lists,
		     size_t n_lists, const char *const *words,
		     const size_t *lens, size_t n, size_t **of, size_t *nq)
{
  struct ls_suggest_query *q = ls_xcalloc (n ? n : 1, sizeof *q);
  *of = ls_xmalloc ((n ? n : 1) * sizeof **of);
  *nq = 0;
  for (size_t i = 0; i < n; i++)
    if (lens[i] > 0 && valid_word_utf8 (words[i], lens[i]))
      {
	q[*nq] = (struct ls_suggest_query) { words[i], lens[i], NULL, 0 };
	(*of)[(*nq)++] = i;
      }
  ls_suggest (lists, n_lists, fix_list (sp), suggestion_is_common, sp, q,
	      *nq);
  return q;
}

/* Suggest for the N entries ES at once: from the precompiled words
   when the speller has them (one read of the lists for all), else
   from enchant; then the words of the word lists close to each.  */
static void
suggest_entries (ls_speller *sp, struct word_entry **es, size_t n)
{
  size_t *alloc = ls_xmalloc ((n ? n : 1) * sizeof *alloc);
  for (size_t i = 0; i < n; i++)
    {
      alloc[i] = 8;
      es[i]->suggestions = ls_xmalloc (alloc[i] * sizeof *es[i]->suggestions);
      es[i]->n_suggestions = 0;
    }
  size_t n_lists;
  const ls_dict_words *const *lists = suggestion_words (sp, &n_lists);
  if (n_lists)
    {
      const char **words = ls_xmalloc ((n ? n : 1) * sizeof *words);
      size_t *lens = ls_xmalloc ((n ? n : 1) * sizeof *lens);
      for (size_t i = 0; i < n; i++)
	{
	  words[i] = es[i]->word;
	  lens[i] = es[i]->len;
	}
      size_t *of, nq;
      struct ls_suggest_query *q = builtin_suggestions (sp, lists, n_lists,
							words, lens, n, &of,
							&nq);
      free (words);
      free (lens);
      for (size_t k = 0; k < nq; k++)
	{
	  struct word_entry *e = es[of[k]];
	  for (size_t j = 0; j < q[k].n_near && j < builtin_suggestions_max; j++)
	    add_suggestion (e, q[k].near[j].word, &alloc[of[k]]);
	  ls_suggest_query_clear (&q[k]);
	}
      free (q);
      free (of);
    }
  else
    for (size_t i = 0; i < n; i++)
      if (es[i]->len > 0 && valid_word_utf8 (es[i]->word, es[i]->len))
	enchant_suggestions (sp, es[i], &alloc[i]);
  for (size_t i = 0; i < n; i++)
    {
      struct word_entry *e = es[i];
      if (e->len > 0)
	add_listed_suggestions (sp, e, &alloc[i]);
      e->suggestions[e->n_suggestions] = NULL;
      /* suggest.h ranks lowercase words first itself, after fewer
	 edits: "Indian" (case alone) stays first for "indian".  */
      if (!n_lists)
	prefer_same_case (e);
      e->have_suggestions = true;
    }
  free (alloc);
}

static void
compute_suggestions (ls_speller *sp, struct word_entry *e)
{
  suggest_entries (sp, &e, 1);
}

void
ls_speller_suggest_many (ls_speller *sp, const char *const *words, size_t n)
{
  struct word_entry **es = ls_xmalloc ((n ? n : 1) * sizeof *es);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    {
      size_t len = strlen (words[i]);
      struct word_entry *e = table_intern (&sp->cache, words[i], len,
					   hash_word (words[i], len));
      if (!e->have_suggestions && !e->queued)
	{
	  e->queued = true;
	  es[k++] = e;
	}
    }
  for (size_t i = 0; i < k; i++)
    es[i]->queued = false;
  suggest_entries (sp, es, k);
  free (es);
}

/* The first of the N CANDIDATES that is one word OTHER rejects; else
   the first; NULL without any.  Malloc'd.  */
static char *
other_form (ls_speller *other, const char *const *candidates, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!strpbrk (candidates[i], " -")
	&& !ls_speller_knows (other, candidates[i], strlen (candidates[i])))
      return ls_xstrdup (candidates[i]);
  return n ? ls_xstrdup (candidates[0]) : NULL;
}

void
ls_speller_dialect_forms (ls_speller *sp, ls_speller *other,
			  const char *const *words, size_t n, char **forms)
{
  size_t n_lists;
  const ls_dict_words *const *lists = suggestion_words (sp, &n_lists);
  if (!n_lists)
    {
      for (size_t i = 0; i < n; i++)
	{
	  size_t m;
	  const char *const *s = ls_speller_suggest (sp, words[i],
						     strlen (words[i]), &m);
	  forms[i] = other_form (other, s, m);
	}
      return;
    }
  /* Every candidate, not the ten kept: a dialect's form of a word is
     rarely a common word ("mould" after "hold", "mild", "mole", ...
     for "mold").  All the words in one read of the lists.  */
  size_t *lens = ls_xmalloc ((n ? n : 1) * sizeof *lens);
  for (size_t i = 0; i < n; i++)
    {
      lens[i] = strlen (words[i]);
      forms[i] = NULL;
    }
  size_t *of, nq;
  struct ls_suggest_query *q = builtin_suggestions (sp, lists, n_lists, words,
						    lens, n, &of, &nq);
  for (size_t k = 0; k < nq; k++)
    {
      const char **candidates = ls_xmalloc ((q[k].n_near + 1)
					    * sizeof *candidates);
      for (size_t j = 0; j < q[k].n_near; j++)
	candidates[j] = q[k].near[j].word;
      forms[of[k]] = other_form (other, candidates, q[k].n_near);
      free (candidates);
      ls_suggest_query_clear (&q[k]);
    }
  free (q);
  free (of);
  free (lens);
}

const char *const *
ls_speller_suggest (ls_speller *sp, const char *word, size_t len, size_t *n)
{
  struct word_entry *e = table_intern (&sp->cache, word, len,
				       hash_word (word, len));
  if (!e->have_suggestions)
    compute_suggestions (sp, e);
  if (n)
    *n = e->n_suggestions;
  return (const char *const *) e->suggestions;
}

size_t
ls_speller_distinct_words (const ls_speller *sp)
{
  return sp->distinct;
}

static void
note_provider_and_tag (const char *const lang_tag,
		       const char *const provider_name,
		       const char *const provider_desc,
		       const char *const provider_file, void *data)
{
  (void) provider_desc;
  (void) provider_file;
  char **name = data;
  free (*name);
  *name = ls_xasprintf ("%s %s", provider_name, lang_tag);
}

char *
ls_speller_describe (const ls_speller *sp)
{
  struct strbuf b = { NULL, 0, 0 };
  strbuf_add (&b, "");
  for (size_t i = 0; i < sp->n_first_words; i++)
    strbuf_printf (&b, "aspell %s: %zu precompiled words (%s), %s\n",
		   sp->wanted.tags[i], ls_dict_words_count (sp->first_words[i]),
		   ls_dict_words_path (sp->first_words[i]),
		   sp->enchant_failed ? "enchant could not be opened"
		   : "enchant not opened");
  for (size_t i = 0; i < sp->n_dicts; i++)
    {
      char *name = NULL;
      enchant_dict_describe (sp->dicts[i], note_provider_and_tag, &name);
      strbuf_printf (&b, "%s: checking and suggestions%s\n",
		     name ? name : "?",
		     sp->stood_in ? ", opened after its precompiled words "
				    "for a word they cannot judge or "
				    "suggestions" : "");
      free (name);
    }
  for (size_t i = 0; i < sp->n_others; i++)
    {
      const struct other_dict *o = &sp->others[i];
      if (o->words)
	strbuf_printf (&b, "%s %s: %zu precompiled words (%s), %s\n",
		       o->provider, o->tag, ls_dict_words_count (o->words),
		       ls_dict_words_path (o->words),
		       o->dict ? "loaded for a word they cannot judge"
		       : o->open_failed ? "could not be loaded" : "not loaded");
      else
	strbuf_printf (&b, "%s %s: loaded\n", o->provider, o->tag);
    }
  if (sp->words_note)
    strbuf_printf (&b, "precompiled words not used: %s\n", sp->words_note);
  if (sp->first_words_note)
    strbuf_printf (&b, "%s: %s\n", sp->enchant_failed
		   ? "enchant could not be opened after the precompiled words"
		   : "enchant opened at once", sp->first_words_note);
  return b.s;
}

char *
ls_speller_plan (const ls_speller *sp)
{
  struct strbuf b = { NULL, 0, 0 };
  strbuf_add (&b, "");
  char *first = sp->first_words || sp->stood_in ? ls_xstrdup ("aspell")
		: sp->n_dicts ? dict_provider (sp->dicts[0]) : NULL;
  if (!first)
    return b.s;
  strbuf_add (&b, first);
  free (first);
  for (size_t i = 0; i < sp->n_others; i++)
    strbuf_printf (&b, " %s", sp->others[i].provider);
  return b.s;
}
