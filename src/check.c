/* check.c: turn the program's strings into findings.

   Each distinct string is split once; each word goes to the speller,
   whose cache makes every distinct word reach enchant once.  A word
   misspelled several times in one string is one finding, at its first
   occurrence; the same word in another distinct string is another
   finding, since it is another place to fix.  Findings come out in the
   program's (deterministic) string order, then by offset.

   Before a string is split, its uses are filtered (struct ls_filters):
   a use in an excluded file, a use as a sink argument (getenv's name,
   strcmp's key) and a use on a source line saying "ltospell:ignore" do
   not count.  A string with no use left is not checked at all.  The
   uses left decide the conversions the splitter skips (the callee's
   format attribute) and whether the string is user-visible (gettext).

   Each word then goes through, in order: the ignore=FILE regular
   expressions, "ltospell:ignore WORD" comments (a word is hidden only
   when every remaining use's line names it), the program's own names
   (a run such as "recieveData" that the program defines is taken as
   written, before any camelCase split, unless it is a known
   misspelling), the word lists (dict/ and words=FILE: they beat the
   known-misspellings list too, so a word a project uses on purpose can
   always be accepted), the known misspellings (tier "known", with the
   fix, even when an identifier of the program is spelled so: the
   finding says that), the program's vocabulary (its names and their
   pieces, ls_program_knows_word, and their regular 's' forms unless
   the stem is a known misspelling), and last the dictionaries (tier
   "unknown"; a word they reject is no finding when it is the label of
   a printed value, " tbytes %lu" (ls_is_value_label), a word cut
   from the capitals before it ("Cnet" of "DECnet") or the rest of a
   word a string argument begins ("%sabled"), and is listed as a name
   instead when names.c takes it for a person's name).  A right single
   quotation mark (U+2019) in a word is read as an ASCII apostrophe, as
   dictionaries spell contractions ("doesn\u2019t" is "doesn't").  */

#include "check.h"
#include "classify.h"
#include "confidence.h"
#include "dictwords.h"
#include "hashset.h"
#include "names.h"
#include "text.h"
#include "util.h"
#include "words.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ls_filters
{
  ls_sinks *sinks;
  ls_known *known;
  ls_ignore *ignore;
  ls_speller *british;		/* en_GB, to tell the program's dialect;
				   NULL when lang= was given.  */
  size_t skipped_strings;
};

/* A byte span of the current string hidden by a regular expression.  */
struct span
{
  size_t start, end;
};

struct check_state
{
  ls_speller *sp;
  ls_filters *filters;
  const ls_program *program;
  ls_findings *out;
  const struct ls_string *str;
  bool user_visible;
  const char **directives;	/* Of the uses that count; NULL entries:  */
  size_t n_directives;		/* a use without one.  */
  size_t directives_alloc;
  struct span *spans;
  size_t n_spans, spans_alloc;
  char *word_buf;		/* The word with U+2019 made ASCII.  */
  size_t word_buf_alloc;
  size_t seg_start, seg_end;	/* The NUL-delimited part last looked at,  */
  bool seg_prose;		/* and whether it is prose.  */
  unsigned split_flags;		/* The string's ls_split_words flags.  */
  ls_hashset vocab;		/* Words of the program's one-token strings.  */
  ls_hashset facts;		/* struct word_facts, by word.  */
  ls_names *names;		/* Names of people (names.c).  */
  /* The words of the plain tokens split so far (words.h): the
     program's names, which is_program_name asks, do not change while
     it is checked.  */
  ls_word_memo *memo;
};

/* ------------------------------------------------------------------ */
/* The program's vocabulary.                                           */

static bool
vocab_has (const ls_hashset *v, const char *word, size_t len)
{
  struct ls_span key = { word, len };
  return ls_hashset_find (v, ls_hash_bytes (LS_HASH_SEED, word, len),
			  ls_span_match, &key) != NULL;
}

static void
vocab_add (ls_hashset *v, const char *word, size_t len)
{
  struct ls_span key = { word, len };
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, word, len);
  if (!ls_hashset_find (v, h, ls_span_match, &key))
    ls_hashset_add (v, h, ls_xstrndup (word, len));
}

/* Free SET and every item in it (each one malloc'd block).  */
static void
free_set_and_items (ls_hashset *set)
{
  size_t cursor = 0;
  void *item;
  while ((item = ls_hashset_next (set, &cursor)))
    free (item);
  ls_hashset_free (set);
}

/* ------------------------------------------------------------------ */
/* Filters.                                                            */

static int
load_filter_files (ls_filters *f, const struct ls_options *o, char **err)
{
  for (size_t i = 0; i < o->sinks.n; i++)
    if (ls_sinks_add (f->sinks, o->sinks.items[i], err) != 0)
      return -1;
  const char *codespell = ls_known_codespell_path ();
  ls_dict_words *precompiled = codespell && o->words_dir
    ? ls_dict_words_open (o->words_dir, "codespell", "en", codespell, NULL)
    : NULL;
  if (precompiled)
    ls_known_use_words (f->known, precompiled);
  else if (codespell && ls_known_add_file (f->known, codespell, err) != 0)
    return -1;
  for (size_t i = 0; i < o->typos.n; i++)
    if (ls_known_add_file (f->known, o->typos.items[i], err) != 0)
      return -1;
  for (size_t i = 0; i < o->ignore.n; i++)
    if (ls_ignore_add_regex_file (f->ignore, o->ignore.items[i], err) != 0)
      return -1;
  for (size_t i = 0; i < o->exclude.n; i++)
    ls_ignore_add_exclude (f->ignore, o->exclude.items[i]);
  return 0;
}

ls_filters *
ls_filters_new (const struct ls_options *o, char **err)
{
  ls_filters *f = ls_xcalloc (1, sizeof *f);
  if (err)
    *err = NULL;
  f->sinks = ls_sinks_new (!o->no_sinks);
  f->known = ls_known_new ();
  f->ignore = ls_ignore_new ();
  /* Without lang=, the program's own strings decide its dialect.  No
     en_GB dictionary: no detection, en_US alone, as asked.  */
  if (!o->lang_given)
    {
      char *ignored = NULL;
      struct ls_speller_setup setup = { "en_GB", o->provider, NULL,
					o->words_dir };
      f->british = ls_speller_open (&setup, &ignored);
      free (ignored);
    }
  if (load_filter_files (f, o, err) != 0)
    {
      ls_filters_free (f);
      return NULL;
    }
  return f;
}

ls_known *
ls_filters_known (ls_filters *f)
{
  return f ? f->known : NULL;
}

ls_sinks *
ls_filters_sinks (ls_filters *f)
{
  return f ? f->sinks : NULL;
}

ls_ignore *
ls_filters_ignore (ls_filters *f)
{
  return f ? f->ignore : NULL;
}

size_t
ls_filters_skipped_strings (const ls_filters *f)
{
  return f ? f->skipped_strings : 0;
}

ls_speller *
ls_filters_dialect_speller (ls_filters *f)
{
  return f ? f->british : NULL;
}

void
ls_filters_free (ls_filters *f)
{
  if (!f)
    return;
  ls_sinks_free (f->sinks);
  ls_known_free (f->known);
  ls_ignore_free (f->ignore);
  if (f->british)
    ls_speller_free (f->british);
  free (f);
}

/* ------------------------------------------------------------------ */
/* Findings.                                                           */

static void
add_finding (struct check_state *st, const char *word, size_t len,
	     size_t offset, enum ls_tier tier, const char *fix)
{
  ls_findings *f = st->out;
  f->items = ls_grow_array (f->items, &f->alloc, f->n + 1, sizeof *f->items,
			    64);
  f->items[f->n++] = (struct ls_finding) {
    .word = ls_xstrndup (word, len), .offset = offset, .str = st->str,
    .tier = tier, .fix = fix ? ls_xstrdup (fix) : NULL,
    .user_visible = st->user_visible
  };
}

static void
free_finding (struct ls_finding *f)
{
  free ((void *) f->word);
  free ((void *) f->fix);
}

/* WORD with every U+2019 replaced by "'", NUL-terminated, in ST's
   buffer; its length in *LEN.  */
static const char *
ascii_apostrophes (struct check_state *st, const char *word, size_t *len)
{
  st->word_buf = ls_grow_array (st->word_buf, &st->word_buf_alloc, *len + 1,
				1, 64);
  size_t o = 0;
  for (size_t i = 0; i < *len; i++)
    if (i + 2 < *len && (unsigned char) word[i] == 0xE2
	&& (unsigned char) word[i + 1] == 0x80
	&& (unsigned char) word[i + 2] == 0x99)
      {
	st->word_buf[o++] = '\'';
	i += 2;
      }
    else
      st->word_buf[o++] = word[i];
  st->word_buf[o] = '\0';
  *len = o;
  return st->word_buf;
}

static bool
in_ignored_span (const struct check_state *st, size_t start, size_t len)
{
  for (size_t i = 0; i < st->n_spans; i++)
    if (start < st->spans[i].end && st->spans[i].start < start + len)
      return true;
  return false;
}

/* Is WORD hidden by "ltospell:ignore WORD" on the line of every use
   that counts?  */
static bool
hidden_by_directives (const struct check_state *st, const char *word,
		      size_t len)
{
  if (st->n_directives == 0)
    return false;
  for (size_t i = 0; i < st->n_directives; i++)
    if (!ls_ignore_directive_names (st->directives[i], word, len))
      return false;
  return true;
}

/* Is the word at OFFSET in prose, a part of the string (between NULs)
   with a blank in it?  A string of one token ("breakp", "cornsilk",
   "smcup", "LOADVN", "unbuffered") is a name, a key or a command far
   more often than a message: only known misspellings count there.
   Leading and trailing blanks do not make prose (" xqlkmjwvtun~").
   Nor is program source built into the program, nor SQL
   (ls_segment_is_prose, classify.h).  */
static bool
in_prose (struct check_state *st, size_t offset)
{
  const char *text = st->str->text;
  size_t len = st->str->text_len;
  if (offset >= st->seg_start && offset < st->seg_end)
    return st->seg_prose;
  const char *nul = memchr (text + offset, '\0', len - offset);
  size_t start = offset;
  while (start > 0 && text[start - 1] != '\0')
    start--;
  st->seg_start = start;
  st->seg_end = nul ? (size_t) (nul - text) : len;
  st->seg_prose = ls_segment_is_prose (text, start, st->seg_end);
  return st->seg_prose;
}

/* LEN without an inflection written after an apostrophe, as in
   program jargon: "Alloc'd", "seek'ed", "skip'ped", "grep'ing",
   "commit's" is handled by the splitter.  Contractions ("doesn't",
   "we'll", "I've") keep their ending.  */
static size_t
strip_inflection (const char *word, size_t len)
{
  static const char *const endings[] = {
    "d", "ed", "ing", "es", "ped", "ted", "ged", "red", "ned", "led",
    "ping", "ting", "ging", "ning", "ring", "ling", "er", "ers",
  };
  const char *apostrophe = memrchr (word, '\'', len);
  if (!apostrophe || apostrophe == word)
    return len;
  size_t stem = (size_t) (apostrophe - word), n = len - stem - 1;
  for (size_t i = 0; i < sizeof endings / sizeof *endings; i++)
    if (strlen (endings[i]) == n
	&& memcmp (apostrophe + 1, endings[i], n) == 0)
      return stem;
  return len;
}

/* English forms a word list's noun or verb takes with an 's': the
   plural of a noun, a verb's third person ("basenames", "mutexes",
   "subdirectories", "mallocs").  The lists hold base forms, and the
   dictionaries know the forms of their own words only.  Only the
   regular spellings (ls_s_form_of): "mutexs" and "directorys" are no
   forms of "mutex" and "directory", nor is "proces" (a slip for
   "process") one of "proc".  A "...ies" form needs a "...y" stem of
   MIN_FORM_STEM + 1 letters.  */
#define MIN_FORM_STEM 3

static bool
in_word_lists (const char *stem, size_t len, void *sp)
{
  return ls_speller_in_word_lists (sp, stem, len);
}

/* Is WORD (LEN bytes) a regular 's' form of a word of SP's word
   lists?  */
static bool
form_of_listed (ls_speller *sp, const char *word, size_t len)
{
  return ls_s_form_of (word, len, MIN_FORM_STEM, MIN_FORM_STEM + 1,
		       in_word_lists, sp);
}

/* Is STEM a name word of ST's program, and no known misspelling: a
   misspelled identifier ("register_calback") makes no plural right
   ("calbacks"), as it makes no run right (is_program_name).  */
static bool
is_name_word (const char *stem, size_t len, void *data)
{
  const struct check_state *st = data;
  return ls_program_knows_word (st->program, stem, len)
	 && !(st->filters && ls_known_fix (st->filters->known, stem, len));
}

/* The shortest stem of a name's form: as long as the shortest piece of
   a name (strtab.c's MIN_PIECE); a "...ies" form's "...y" stem one
   more.  */
#define MIN_NAME_FORM_STEM 4

/* Is WORD (LEN bytes) a regular 's' form of one of the program's names
   or their pieces: socat's "retropts" of its functions retropt_int...,
   a message's plural of the thing a type or function names?  */
static bool
form_of_name (struct check_state *st, const char *word, size_t len)
{
  return ls_s_form_of (word, len, MIN_NAME_FORM_STEM, MIN_NAME_FORM_STEM + 1,
		       is_name_word, st);
}

/* Words of this many letters or fewer that the dictionaries reject are
   abbreviations far more often than typos: on the 16-program corpus,
   the three-letter ones were sys, usr, asm, esc, nul, ccc, ghi, asc,
   tes and no typo.  Short slips ("teh", "adn") are on the known
   list.  */
#define MAX_ABBREVIATION 3

/* May WORD be reported as unknown to the dictionaries?  Not a word of
   MAX_ABBREVIATION letters or fewer ("mq", "tq", "sys", "usr": prompts,
   units, keys, abbreviations; the known list has the common short
   slips), nor capitals only (or capitals and a plural 's'): those that
   reach here have six letters or more and are constants and terminal
   capabilities ("RGBCOLOURS", "DECSLRM", "XAUTHORITY") far more often
   than shouted prose, which the known list still covers.  */
static bool
may_be_unknown (const char *word, size_t len)
{
  size_t letters = 0, lower = 0;
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) word[i];
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80)
	letters++;
      lower += (c >= 'a' && c <= 'z') || c >= 0x80;
    }
  /* The plural of such capitals is held to the known list with them:
     "COMMANDs" and "OPTIONs" of a usage text, SQL's "SELECTs" (the
     splitter drops the short ones, "URLs").  */
  if (lower == 1 && word[len - 1] == 's' && letters >= 3)
    return false;
  return letters > MAX_ABBREVIATION && lower > 0;
}

/* WORD is two words run together, a function word among them
   ("intohistory"): a finding whose fix puts the space back at SPACE.
   Sure to be a slip: no writer means "intohistory".  */
static void
add_missing_space (struct check_state *st, const char *word, size_t len,
		   size_t offset, size_t space)
{
  char *fix = ls_xasprintf ("%.*s %.*s", (int) space, word,
			    (int) (len - space), word + space);
  add_finding (st, word, len, offset, LS_TIER_UNKNOWN, fix);
  free (fix);
  st->out->items[st->out->n - 1].missing_space = true;
}

/* What check_word asks of a word whatever the string it is in: the
   word lists, the known list, the program's names and vocabulary, none
   of which change while the program is checked (words are added to the
   speller only when it is set up).  A program repeats its words (the
   52k-function bench program: 653,875 words, 341 distinct), so the
   answers are kept for each distinct word as written.  */
struct word_facts
{
  size_t len;			/* Of WORD.  */
  bool listed;			/* The word lists accept it.  */
  const char *fix;		/* Its known fix, after WORD; or NULL.  */
  bool identifier;		/* The program names something so.  */
  bool needs_dictionary;	/* In prose, only a dictionary can tell.  */
  signed char spelled_right;	/* The speller's verdict once asked (it
				   does not change), else -1.  */
  signed char british_right;	/* en_GB's, the same way.  */
  bool space_asked;		/* SPACE is the speller's answer: */
  size_t space;			/* where a space is missing, or 0.  */
  char word[];			/* NUL-terminated.  */
};

/* en_GB's verdict on F's word, asked once (F keeps en_US's too).  */
static bool
british_accepts (ls_speller *british, struct word_facts *f)
{
  if (f->british_right < 0)
    f->british_right = ls_speller_check (british, f->word, f->len);
  return f->british_right;
}

/* Where a space is missing in F's word (0: nowhere), asked once.  */
static size_t
missing_space (ls_speller *sp, struct word_facts *f)
{
  if (!f->space_asked)
    {
      f->space = ls_speller_missing_space (sp, f->word, f->len);
      f->space_asked = true;
    }
  return f->space;
}

/* The shortest word a capitals run may end in: "DECnet" is "DEC" and
   "net", "MACsec" "MAC" and "sec"; a shorter tail says too little.  */
#define MIN_ACRONYM_TAIL 3

/* Is the word at OFFSET (LEN bytes, a capital and lowercase letters)
   the tail of a capitals run that the splitter cut one letter too
   early, a word without its first letter: "Cnet" of "DECnet" and
   "PCnet", "Csec" of "MACsec", "Bselect" of "LFBselect", "Mbuffer" of
   "RAMbuffer"?  The splitter cuts a run of capitals before its last
   one, as "HTTPResponse" is "HTTP" and "Response"; only a dictionary
   tells the two apart.  A typo there stays a finding: "HTTPRespone"
   has "espone", no word.  */
static bool
is_acronym_tail (struct check_state *st, const char *word, size_t len,
		 size_t offset)
{
  const char *text = st->str->text;
  if (offset == 0 || len < MIN_ACRONYM_TAIL + 1 || text[offset - 1] < 'A'
      || text[offset - 1] > 'Z' || word[0] < 'A' || word[0] > 'Z')
    return false;
  for (size_t i = 1; i < len; i++)
    if (word[i] < 'a' || word[i] > 'z')
      return false;
  return ls_speller_check (st->sp, word + 1, len - 1);
}

/* Is the lowercase word at OFFSET the rest of a word a printf string
   argument begins ("%sabled" for "enabled" and "disabled", rsync's
   "%sclude")?  A capitalised one is more often a word after a colour
   code ("%sError%s"), and a known misspelling there is reported
   before this is asked.  */
static bool
is_word_rest (struct check_state *st, const char *word, size_t offset)
{
  return word[0] >= 'a' && word[0] <= 'z'
	 && ls_follows_string_conversion (st->str->text, st->seg_start,
					  offset, st->split_flags);
}

/* A word of prose that no rule took (the word lists do not list it),
   SPELLED_RIGHT or not by the dictionaries (ls_speller_check, asked
   once per word).  With an en_GB speller, also mark the words only
   one dialect accepts: a word en_US rejects but en_GB accepts
   ("colour") is a British finding, and a word en_US accepts but en_GB
   rejects ("color") a candidate, kept only if the program turns out to
   be British (decide_dialect).  */
static void
check_dictionary_word (struct check_state *st, const char *word, size_t len,
		       size_t offset, bool spelled_right,
		       struct word_facts *f)
{
  ls_speller *british = st->filters ? st->filters->british : NULL;
  if (!spelled_right)
    {
      /* The label of a printed value (" tbytes %lu", ", vrid %u") names
	 a field, as a key does in "key=value": only the known list
	 judges it.  Asked here, of the rare words the dictionaries
	 reject, with in_prose's segment.  */
      if (ls_is_value_label (st->str->text, st->seg_start, st->seg_end,
			     offset, len, st->split_flags)
	  || is_acronym_tail (st, word, len, offset)
	  || is_word_rest (st, word, offset))
	return;
      enum ls_name_kind name = ls_names_judge (st->names, st->str, offset);
      if (name != LS_NAME_NONE)
	{
	  ls_names_record (st->out, word, len, st->str, offset, name);
	  return;
	}
      bool gb_word = british && british_accepts (british, f);
      size_t space = gb_word ? 0 : missing_space (st->sp, f);
      if (space)
	{
	  add_missing_space (st, word, len, offset, space);
	  return;
	}
      add_finding (st, word, len, offset, LS_TIER_UNKNOWN, NULL);
      if (gb_word)
	st->out->items[st->out->n - 1].dialect = LS_DIALECT_BRITISH;
    }
  else if (british && !british_accepts (british, f))
    {
      add_finding (st, word, len, offset, LS_TIER_UNKNOWN, NULL);
      st->out->items[st->out->n - 1].dialect = LS_DIALECT_AMERICAN;
    }
}

static bool
facts_match (const void *item, const void *key)
{
  const struct word_facts *f = item;
  return ls_span_match (f->word, key);
}

static struct word_facts *
find_facts (struct check_state *st, const char *word, size_t len)
{
  uint64_t hash = ls_hash_bytes (LS_HASH_SEED, word, len);
  struct ls_span key = { word, len };
  struct word_facts *f = ls_hashset_find (&st->facts, hash, facts_match,
					  &key);
  if (f)
    return f;
  /* Asked first, as before the facts were kept: ls_speller_listed counts
     the word as one of the program's.  */
  bool listed = ls_speller_listed (st->sp, word, len);
  const char *fix = st->filters ? ls_known_fix (st->filters->known, word, len)
				: NULL;
  size_t fix_len = fix ? strlen (fix) + 1 : 0;
  f = ls_xmalloc (sizeof *f + len + 1 + fix_len);
  memcpy (f->word, word, len);
  f->word[len] = '\0';
  f->len = len;
  /* A form of a listed word does not beat the known list, as the
     listed word itself does: "deques" is a misspelling of "dequeues"
     there.  */
  f->listed = listed || (!fix && form_of_listed (st->sp, word, len));
  f->fix = fix ? memcpy (f->word + len + 1, fix, fix_len) : NULL;
  f->identifier = ls_program_knows_word (st->program, word, len);
  f->needs_dictionary = !fix && !f->listed && may_be_unknown (word, len)
			&& !f->identifier && !vocab_has (&st->vocab, word, len)
			&& !form_of_name (st, word, len);
  f->spelled_right = -1;
  f->british_right = -1;
  f->space_asked = false;
  ls_hashset_add (&st->facts, hash, f);
  return f;
}

static void
check_word (const char *word, size_t len, size_t offset, void *data)
{
  struct check_state *st = data;
  st->out->words++;
  if (in_ignored_span (st, offset, len))
    return;
  /* A word of a token seen before: its facts from the memo, which keeps
     them with the token (the word as looked up is the same for the same
     text), with no copy, hash or lookup.  */
  void **slot = ls_word_memo_slot (st->memo);
  struct word_facts *f = slot ? *slot : NULL;
  if (f)
    word = f->word, len = f->len;
  else
    {
      word = ascii_apostrophes (st, word, &len);
      len = strip_inflection (word, len);
    }
  if (hidden_by_directives (st, word, len))
    return;
  if (!f)
    {
      f = find_facts (st, word, len);
      if (slot)
	*slot = f;
    }
  if (f->listed)
    return;
  /* A known misspelling stays one when the program has an identifier
     spelled the same way ("int lenght;"): the finding says so.  */
  if (f->fix)
    {
      add_finding (st, word, len, offset, LS_TIER_KNOWN, f->fix);
      st->out->items[st->out->n - 1].identifier = f->identifier;
    }
  else if (f->needs_dictionary && in_prose (st, offset))
    {
      /* Whether the segment is prose is asked last: most words are
	 listed, and most segments then need no answer.  */
      if (f->spelled_right < 0)
	f->spelled_right = ls_speller_check (st->sp, word, len);
      check_dictionary_word (st, word, len, offset, f->spelled_right, f);
    }
}

/* A run the program itself defines ("recieveData") is right as is,
   unless the run is a known misspelling by itself ("lenght").  */
static bool
is_program_name (const char *run, size_t len, void *data)
{
  struct check_state *st = data;
  if (!ls_program_has_name (st->program, run, len))
    return false;
  return !st->filters || !ls_known_fix (st->filters->known, run, len);
}

static int
compare_by_word (const void *pa, const void *pb)
{
  const struct ls_finding *a = pa, *b = pb;
  int c = strcmp (a->word, b->word);
  if (c)
    return c;
  return ls_compare_size (a->offset, b->offset);
}

static int
compare_by_offset (const void *pa, const void *pb)
{
  const struct ls_finding *a = pa, *b = pb;
  return ls_compare_size (a->offset, b->offset);
}

/* Keep only the first occurrence of each word among ITEMS[0..N).  */
static size_t
drop_repeated_words (struct ls_finding *items, size_t n)
{
  if (n < 2)
    return n;
  ls_sort (items, n, sizeof *items, compare_by_word);
  size_t kept = 1;
  for (size_t i = 1; i < n; i++)
    if (strcmp (items[i].word, items[kept - 1].word) != 0)
      items[kept++] = items[i];
    else
      free_finding (&items[i]);
  ls_sort (items, kept, sizeof *items, compare_by_offset);
  return kept;
}

/* ------------------------------------------------------------------ */
/* One string.                                                         */

static void
add_directive (struct check_state *st, const char *directive)
{
  st->directives = ls_grow_array (st->directives, &st->directives_alloc,
				  st->n_directives + 1,
				  sizeof *st->directives, 8);
  st->directives[st->n_directives++] = directive;
}

/* Decide which uses of ST->str count; returns how many, and sets the
   split flags, user visibility and directives from them.  */
static size_t
filter_uses (struct check_state *st, unsigned *flags)
{
  ls_filters *f = st->filters;
  size_t counted = 0;
  bool any_without_directive = false;

  *flags = LS_SPLIT_DEFAULT;
  st->user_visible = false;
  st->n_directives = 0;
  for (size_t i = 0; i < st->str->n_uses; i++)
    {
      const struct ls_site *u = &st->str->uses[i];
      const char *directive = NULL;
      if (f && (ls_ignore_excludes_site (f->ignore, u)
		|| ls_sinks_site (f->sinks, u)))
	continue;
      if (f)
	directive = ls_ignore_source_directive (f->ignore, u);
      if (directive && *directive == '\0')
	continue;
      counted++;
      if (*flags == LS_SPLIT_DEFAULT)
	*flags = ls_site_split_flags (u);
      if (!st->user_visible)
	st->user_visible = ls_site_user_visible (u);
      if (directive)
	add_directive (st, directive);
      else
	any_without_directive = true;
    }
  /* One use without a directive: every word counts there.  */
  if (any_without_directive)
    st->n_directives = 0;
  return counted;
}

static void
collect_span (size_t start, size_t end, void *data)
{
  struct check_state *st = data;
  st->spans = ls_grow_array (st->spans, &st->spans_alloc, st->n_spans + 1,
			     sizeof *st->spans, 8);
  st->spans[st->n_spans++] = (struct span) { start, end };
}

/* Counts byte I of T (LEN bytes) into *CHARS and *JUNK.  */
static inline void
count_binary_byte (const unsigned char *t, size_t len, size_t i,
		   size_t *chars, size_t *junk)
{
  if ((t[i] & 0xC0) == 0x80)
    return;			/* A continuation byte.  */
  ++*chars;
  if ((t[i] < 0x20 && !ls_is_blank (t[i])) || t[i] == 0x7F)
    ++*junk;
  else if (t[i] == 0xEF && i + 2 < len && t[i + 1] == 0xBF
	   && t[i + 2] == 0xBD)
    ++*junk;
}

/* Is S binary data that happens to sit in a string constant (a blob, a
   compressed table: sqlite3.c keeps some): 32 characters or more, a
   quarter of them control characters other than blanks (NULs too: a
   table of messages has one every twenty characters or so), or U+FFFD
   where the bytes were not UTF-8?  A message with a stray byte or two
   ("Odd\001bytes") is still text.  Its letters make words by chance ("ot"), so
   not even the known list applies.  */
static bool
string_is_binary (const struct ls_string *s)
{
  if (s->text_len < 32)
    return false;		/* Fewer than 32 characters.  */
  size_t chars = 0, junk = 0, i = 0, len = s->text_len;
  const unsigned char *t = (const unsigned char *) s->text;
  /* Eight printable ASCII bytes are eight characters and no junk: most
     strings are that all through.  */
  for (; i + 8 <= len; i += 8)
    {
      uint64_t v;
      memcpy (&v, t + i, sizeof v);
      if (ls_ascii_all_in (v, 0x20, 0x7E))
	chars += 8;
      else
	for (size_t j = i; j < i + 8; j++)
	  count_binary_byte (t, len, j, &chars, &junk);
    }
  for (; i < len; i++)
    count_binary_byte (t, len, i, &chars, &junk);
  return chars >= 32 && junk * 4 >= chars;
}

static void
check_string (struct check_state *st)
{
  unsigned flags;
  /* A string without uses (a test building a program by hand) is
     checked as if used once, plainly.  */
  if (st->str->n_uses > 0 && filter_uses (st, &flags) == 0)
    {
      if (st->filters)
	st->filters->skipped_strings++;
      return;
    }
  if (st->str->n_uses == 0)
    flags = LS_SPLIT_DEFAULT, st->user_visible = false, st->n_directives = 0;
  if (string_is_binary (st->str))
    return;
  st->n_spans = 0;
  st->seg_start = st->seg_end = 0;
  st->split_flags = flags;
  if (st->filters)
    ls_ignore_spans (st->filters->ignore, st->str->text, st->str->text_len,
		     collect_span, st);
  size_t first = st->out->n;
  ls_split_words_memo (st->str->text, st->str->text_len, flags,
		       check_word, is_program_name, st, st->memo);
  /* Not items + first while items is still NULL: that is undefined
     even for an offset of 0 (found by the check fuzz target).  */
  if (st->out->n > first)
    st->out->n = first + drop_repeated_words (st->out->items + first,
					      st->out->n - first);
}

static void
learn_word (const char *word, size_t len, size_t offset, void *data)
{
  struct check_state *st = data;
  (void) offset;
  vocab_add (&st->vocab, word, len);
}

/* Learn the words of every one-token part of every string ("breakp",
   "halfpage-down", "modulemeta"), sinks included: the program names
   things with them, so they are its vocabulary when they turn up in
   its prose ("send -X halfpage-down").  */
static void
learn_vocabulary (struct check_state *st, const ls_program *p)
{
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      const struct ls_string *str = ls_program_string (p, i);
      size_t start = 0;
      while (start < str->text_len)
	{
	  const char *nul = memchr (str->text + start, '\0',
				    str->text_len - start);
	  size_t end = nul ? (size_t) (nul - str->text) : str->text_len;
	  if (!ls_segment_has_several_tokens (str->text, start, end))
	    ls_split_words (str->text + start, end - start, LS_SPLIT_DEFAULT,
			    learn_word, st);
	  start = end + 1;
	}
    }
}

/* How many distinct words, whatever their case, among OUT's findings
   are marked DIALECT; the first of them in *EXAMPLE (borrowed).  */
static size_t
count_dialect_words (const ls_findings *out, enum ls_dialect dialect,
		     const char **example)
{
  ls_hashset seen;
  memset (&seen, 0, sizeof seen);
  *example = NULL;
  for (size_t i = 0; i < out->n; i++)
    if (out->items[i].dialect == dialect)
      {
	const char *w = out->items[i].word;
	if (!*example)
	  *example = w;
	/* "Colour" and "colour" are one choice of spelling.  */
	char *folded = ls_xstrdup (w);
	for (char *c = folded; *c; c++)
	  if (*c >= 'A' && *c <= 'Z')
	    *c += 'a' - 'A';
	vocab_add (&seen, folded, strlen (folded));
	free (folded);
      }
  size_t n = seen.count;
  free_set_and_items (&seen);
  return n;
}

/* Decide the program's dialect from the words only one dictionary
   accepts, counted once each however often they are used: a program
   with more British words than American ones is British (one that
   never writes an American form, certainly).  Its British words are
   then right and its American ones are findings, with the British
   form as the fix; otherwise the American candidates are dropped and
   the British words stay findings, as for any en_US program.  */
static void
decide_dialect (struct check_state *st)
{
  ls_findings *out = st->out;
  ls_speller *british = st->filters ? st->filters->british : NULL;
  if (!british)
    return;
  const char *gb_example, *us_example;
  out->british_words = count_dialect_words (out, LS_DIALECT_BRITISH,
					    &gb_example);
  out->american_words = count_dialect_words (out, LS_DIALECT_AMERICAN,
					     &us_example);
  if (out->british_words > out->american_words)
    out->dialect = LS_DIALECT_BRITISH;
  else if (out->american_words > 0)
    out->dialect = LS_DIALECT_AMERICAN;
  if (gb_example)
    out->british_example = ls_xstrdup (gb_example);
  enum ls_dialect drop = out->dialect == LS_DIALECT_BRITISH
			 ? LS_DIALECT_BRITISH : LS_DIALECT_AMERICAN;
  size_t kept = 0;
  for (size_t i = 0; i < out->n; i++)
    {
      struct ls_finding *f = &out->items[i];
      if (f->dialect == drop)
	{
	  free_finding (f);
	  continue;
	}
      out->items[kept++] = *f;
    }
  out->n = kept;
  /* The British form of each American word ("colour" for "color",
     where "colon" is the first suggestion), all in one read of the
     en_GB words.  */
  const char **words = ls_xmalloc ((out->n ? out->n : 1) * sizeof *words);
  size_t *of = ls_xmalloc ((out->n ? out->n : 1) * sizeof *of), n = 0;
  for (size_t i = 0; i < out->n; i++)
    if (out->items[i].dialect == LS_DIALECT_AMERICAN && !out->items[i].fix)
      {
	words[n] = out->items[i].word;
	of[n++] = i;
      }
  char **forms = ls_xmalloc ((n ? n : 1) * sizeof *forms);
  ls_speller_dialect_forms (british, st->sp, words, n, forms);
  for (size_t k = 0; k < n; k++)
    out->items[of[k]].fix = forms[k];
  free (forms);
  free (of);
  free (words);
}

/* ------------------------------------------------------------------ */
/* Proper nouns.                                                       */

/* A capitalised word that no dictionary knows, written the same way in
   at least this many strings, at least once in the middle of a
   sentence, and never in lowercase, is a proper noun: the name of a
   product, format or person ("Zstandard's diff engine",
   "Zstandard-compressed files").  A slip of the fingers is rarely made
   identically three times, with a capital where no sentence starts.  */
enum { proper_noun_min_strings = 3 };

/* Is W an ASCII word with a capital first letter and lowercase ones
   after ("Zstandard")?  Not a word with capitals inside ("GitHub",
   "McDonald"), which names.c's is_capword takes as a name already.  */
static bool
is_capitalized (const char *w)
{
  if (!(*w >= 'A' && *w <= 'Z'))
    return false;
  bool lower = false;
  for (const char *c = w + 1; *c; c++)
    if (*c >= 'A' && *c <= 'Z')
      return false;
    else if (*c >= 'a' && *c <= 'z')
      lower = true;
  return lower;
}

/* Does the finding F stand in the middle of a sentence: is the word
   before it on its line, across blanks and quotes only, a lowercase
   word ("for Zstandard's")?  */
static bool
in_mid_sentence (const struct ls_finding *f)
{
  const char *text = f->str->text;
  size_t i = f->offset;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'
		   || text[i - 1] == '\'' || text[i - 1] == '"'))
    i--;
  return i > 0 && text[i - 1] >= 'a' && text[i - 1] <= 'z'
	 && i < f->offset;
}

/* A finding's word and its index, to put the findings in word order.  */
struct word_index
{
  const char *word;
  size_t index;
};

static int
compare_word_index (const void *pa, const void *pb)
{
  const struct word_index *a = pa, *b = pb;
  int c = strcmp (a->word, b->word);
  return c ? c : ls_compare_size (a->index, b->index);
}

static int
compare_words_only (const void *pa, const void *pb)
{
  return strcmp (((const struct word_index *) pa)->word,
		 ((const struct word_index *) pb)->word);
}

/* Is the capitalised WORD also a finding in lowercase ("zstandard"),
   among the N findings SORTED by word?  */
static bool
has_lowercase_finding (const struct word_index *sorted, size_t n,
		       const char *word)
{
  char *lower = ls_xstrdup (word);
  lower[0] = (char) (lower[0] + ('a' - 'A'));
  struct word_index key = { lower, 0 };
  bool found = bsearch (&key, sorted, n, sizeof *sorted,
			compare_words_only) != NULL;
  free (lower);
  return found;
}

/* Take the proper nouns out of OUT's dictionary findings and list them
   among the names.  Findings are one per word and string, so the
   findings of one word count its strings: they are put in word order
   once, and each word is judged once for all its strings.  */

static void
find_proper_nouns (ls_findings *out)
{
  size_t n = out->n;
  bool *proper = ls_xcalloc (n ? n : 1, sizeof *proper);
  struct word_index *order = ls_xmalloc ((n ? n : 1) * sizeof *order);
  for (size_t i = 0; i < n; i++)
    order[i] = (struct word_index) { out->items[i].word, i };
  ls_sort (order, n, sizeof *order, compare_word_index);
  for (size_t start = 0, end; start < n; start = end)
    {
      const char *word = order[start].word;
      size_t strings = 0;
      bool mid = false;
      for (end = start; end < n && strcmp (order[end].word, word) == 0; end++)
	{
	  strings++;
	  mid = mid || in_mid_sentence (&out->items[order[end].index]);
	}
      if (!is_capitalized (word) || strings < proper_noun_min_strings || !mid
	  || has_lowercase_finding (order, n, word))
	continue;
      for (size_t k = start; k < end; k++)
	{
	  const struct ls_finding *f = &out->items[order[k].index];
	  proper[order[k].index] = f->tier == LS_TIER_UNKNOWN
				   && !f->missing_space && !f->dialect;
	}
    }
  free (order);
  size_t kept = 0;
  for (size_t i = 0; i < out->n; i++)
    {
      struct ls_finding *f = &out->items[i];
      if (!proper[i])
	{
	  out->items[kept++] = *f;
	  continue;
	}
      ls_names_record (out, f->word, strlen (f->word), f->str, f->offset,
		       LS_NAME_PROPER_NOUN);
      free_finding (f);
    }
  out->n = kept;
  free (proper);
}

static bool
dictionary_knows (const char *word, size_t len, void *sp)
{
  return ls_speller_knows (sp, word, len);
}

/* A common word, for confidence: one of the everyday English words, or
   one of the word lists' computing vocabulary ("whitespace", which
   programs write as often as any everyday word).  */
static bool
is_common_word (void *data, const char *word, size_t len)
{
  return ls_speller_is_common (data, word, len)
	 || ls_speller_in_word_lists (data, word, len);
}

/* How sure each finding is to be a typo.  Known misspellings and
   missing spaces are sure; a dictionary finding is as sure as its
   closest suggestion is close and common (confidence.h).  Suggestions
   cost 0.4 ms a word with aspell, and are cached for the reports.  */
static void
rate_findings (ls_findings *out, ls_speller *sp)
{
  /* The suggestions of all at once: one read of the dictionary's
     words (speller.h).  Those of the findings with a fix too, which
     only the JSON report lists (results.c, which finds them cached):
     in the same read, they cost little.  */
  const char **words = ls_xmalloc ((out->n ? out->n : 1) * sizeof *words);
  for (size_t i = 0; i < out->n; i++)
    words[i] = out->items[i].word;
  size_t n_words = out->n;
  ls_speller_suggest_many (sp, words, n_words);
  free (words);
  for (size_t i = 0; i < out->n; i++)
    {
      struct ls_finding *f = &out->items[i];
      if (f->tier == LS_TIER_KNOWN || f->missing_space)
	{
	  f->confidence = LS_CONFIDENCE_HIGH;
	  continue;
	}
      size_t n, len = strlen (f->word);
      const char *const *s;
      if (f->fix)		/* The British form of an American word.  */
	s = &f->fix, n = 1;
      else
	s = ls_speller_suggest (sp, f->word, len, &n);
      f->confidence = ls_confidence_of (f->word, len, s, n, is_common_word,
					sp, NULL);
    }
}

void
ls_check_program (const ls_program *p, ls_speller *sp, ls_filters *filters,
		  ls_findings *out)
{
  memset (out, 0, sizeof *out);
  struct check_state st;
  memset (&st, 0, sizeof st);
  st.sp = sp;
  st.filters = filters;
  st.program = p;
  st.out = out;
  learn_vocabulary (&st, p);
  st.names = ls_names_new (p, dictionary_knows, sp);
  st.memo = ls_word_memo_new ();
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      st.str = ls_program_string (p, i);
      check_string (&st);
    }
  decide_dialect (&st);
  find_proper_nouns (out);
  rate_findings (out, sp);
  out->distinct_words = ls_speller_distinct_words (sp);
  free (st.directives);
  free (st.spans);
  free (st.word_buf);
  free_set_and_items (&st.vocab);
  free_set_and_items (&st.facts);
  ls_names_free (st.names);
  ls_word_memo_free (st.memo);
}

void
ls_findings_free (ls_findings *f)
{
  for (size_t i = 0; i < f->n; i++)
    free_finding (&f->items[i]);
  free (f->items);
  for (size_t i = 0; i < f->n_names; i++)
    free ((void *) f->names[i].word);
  free (f->names);
  free (f->british_example);
  memset (f, 0, sizeof *f);
}

static void
count_word (const char *word, size_t len, size_t offset, void *data)
{
  (void) word, (void) len, (void) offset;
  ++*(size_t *) data;
}

size_t
ls_split_program (const ls_program *p)
{
  size_t words = 0;
  for (size_t i = 0; i < ls_program_n_strings (p); i++)
    {
      const struct ls_string *s = ls_program_string (p, i);
      ls_split_words (s->text, s->text_len, LS_SPLIT_DEFAULT, count_word,
		      &words);
    }
  return words;
}
