/* ltospell.h: the C core of ltospell.

   Everything here is plain C11 and never includes a GCC header: the
   string table (distinct string constants and every place that uses
   them), word splitting, the enchant-backed speller with its cache, the
   option parser and the findings model.  The C++ layer in plugin.cc
   feeds string uses in and turns findings into GCC diagnostics.  */

#ifndef LTOSPELL_H
#define LTOSPELL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Decoding string constants (decode.c).                               */

/* Decode NBYTES of a string constant made of ELEM_SIZE-byte elements
   (1, 2 or 4) stored in the given byte order into UTF-8.  Trailing NUL
   elements are dropped; embedded NULs are kept as '\0' bytes so that
   the text after them is still checked.  Invalid UTF-8 (for 1-byte
   elements), unpaired UTF-16 surrogates and values above U+10FFFF
   become U+FFFD.  Returns a malloc'd buffer, NUL-terminated, with its
   length (not counting that terminator) in *OUT_LEN.  */
char *ls_decode (const void *bytes, size_t nbytes, unsigned elem_size,
		 bool big_endian, size_t *out_len);

/* ------------------------------------------------------------------ */
/* Word splitting (words.c).                                           */

/* Called once for each word of a string that should be spell-checked.
   WORD is not NUL-terminated; OFFSET is its byte offset in the text.  */
typedef void (*ls_word_fn) (const char *word, size_t len, size_t offset,
			    void *data);

/* Flags for ls_split_words.  */
enum
{
  LS_SPLIT_DEFAULT = 0,
  LS_SPLIT_NO_PRINTF = 1	/* Do not treat '%' as starting a conversion.  */
};

/* Split the UTF-8 TEXT of LEN bytes into the words worth checking and
   call FN for each, in order.  Skips printf conversions, escapes,
   numbers, URLs, e-mail addresses, paths, options, identifiers
   (ALL_CAPS, snake_case), words with digits; splits camelCase.  */
void ls_split_words (const char *text, size_t len, unsigned flags,
		     ls_word_fn fn, void *data);

/* ------------------------------------------------------------------ */
/* The speller (speller.c): enchant plus word lists plus a cache.      */

typedef struct ls_speller ls_speller;

/* Open dictionaries for LANGS, a comma-separated list such as
   "en_US" or "en_US,en_GB" (a word is right if any accepts it).
   PROVIDER is an enchant provider name ("hunspell", "aspell") or NULL
   for the default.  On failure returns NULL and sets *ERR to a
   malloc'd message naming the problem.  Never writes into $HOME.  */
ls_speller *ls_speller_new (const char *langs, const char *provider,
			    char **err);

/* Accept every word of the word list at PATH: one word a line, '#'
   starts a comment, blank lines ignored.  A lowercase entry accepts any
   capitalisation; an entry with capitals accepts itself and its ALL
   CAPS form.  Returns 0, or -1 with *ERR set (malloc'd).  */
int ls_speller_add_words_file (ls_speller *sp, const char *path, char **err);

/* Accept one word (same case rules as word lists).  */
void ls_speller_add_word (ls_speller *sp, const char *word, size_t len);

/* Is WORD (LEN bytes of UTF-8) spelled right?  Each distinct word
   reaches enchant once; later calls are answered from the cache.  */
bool ls_speller_check (ls_speller *sp, const char *word, size_t len);

/* Suggestions for a misspelled WORD, best first, cached.  Returns an
   array owned by the speller and sets *N.  */
const char *const *ls_speller_suggest (ls_speller *sp, const char *word,
				       size_t len, size_t *n);

/* Accept the words of every *.txt word list in DIR, in name order
   (dictdir.c).  A list named for a language (en_GB.txt, or en.txt for
   every en_*) is loaded only when LANGS, a comma-separated list such
   as the lang= option, names it; NULL loads every list.  Returns 0, or
   -1 with *ERR set.  */
int ls_speller_add_words_dir (ls_speller *sp, const char *dir,
			      const char *langs, char **err);

/* The directory of the project's word lists for the plugin loaded
   from PLUGIN_PATH: ltospell-dict/ beside it once installed, ../dict
   from the build tree.  Malloc'd, or NULL if there is none.  */
char *ls_default_dict_dir (const char *plugin_path);

/* Number of distinct words looked up so far.  */
size_t ls_speller_distinct_words (const ls_speller *sp);

void ls_speller_free (ls_speller *sp);

/* ------------------------------------------------------------------ */
/* The program's strings (strtab.c).                                   */

/* Where a string constant is used.  All strings are copied (interned)
   by the program; the caller keeps ownership of what it passes.  */
struct ls_site
{
  unsigned loc;			/* Opaque location for the caller's diagnostics.  */
  const char *file;		/* Source file of the use; NULL if unknown.  */
  unsigned line, column;
  const char *unit;		/* Translation unit (main source file).  */
  const char *function;		/* Function whose body holds the use, or NULL.  */
  const char *variable;		/* Variable whose initializer holds it, or NULL.  */
  const char *inlined_from;	/* Function inlined into FUNCTION, or NULL.  */
  const char *call_file;	/* Call site that inlined INLINED_FROM.  */
  unsigned call_line;
  const char *const *referrers;	/* Functions referencing VARIABLE,  */
  size_t n_referrers;		/* directly or through other tables.  */
  const char *callee;		/* Function the string is passed to, or NULL.  */
  unsigned arg_index;		/* Its argument position, from 1.  */
  unsigned format;		/* enum ls_format_kind of that argument.  */
  bool named_array;		/* The string fills a char array in place:
				   a named array's whole initializer (static
				   const char x[] = "...") or an array field
				   of a table ({ "name", 1 } with char
				   name[8]).  The linker does not merge such
				   copies.  */
  bool dead;			/* Only in code LTO removes as unreachable.  */
};

/* What the callee's attributes say about a string argument.  */
enum ls_format_kind
{
  LS_FORMAT_NONE = 0,
  LS_FORMAT_PRINTF,		/* format (printf, N, M) */
  LS_FORMAT_SCANF,		/* format (scanf, N, M) */
  LS_FORMAT_STRFTIME,		/* format (strftime, N, 0) */
  LS_FORMAT_ARG			/* format_arg (N): gettext-like, user-visible */
};

/* One distinct string constant.  */
struct ls_string
{
  const unsigned char *bytes;	/* Raw bytes as in the object.  */
  size_t nbytes;
  unsigned elem_size;
  const char *text;		/* Decoded UTF-8, NUL-terminated.  */
  size_t text_len;
  struct ls_site *uses;		/* Sorted, without duplicates, after  */
  size_t n_uses;		/* ls_program_finish.  */
  size_t uses_alloc;
};

typedef struct ls_program ls_program;

ls_program *ls_program_new (void);
void ls_program_free (ls_program *p);

/* Record one use of a string constant.  */
void ls_program_add_use (ls_program *p, const void *bytes, size_t nbytes,
			 unsigned elem_size, bool big_endian,
			 const struct ls_site *site);

/* Record NAME (a function, variable, struct field, enum constant or
   long option of the program) as a word the program itself defines:
   such words are right when they appear inside strings.  */
void ls_program_add_name (ls_program *p, const char *name);

/* Is the LEN bytes at NAME one of the program's own names?  */
bool ls_program_has_name (const ls_program *p, const char *name, size_t len);

/* Add the name of the program being linked, from DUMP_BASE (the dump
   files' base name lto-wrapper derives from -o: "src/nano.wpa",
   "nano.lto.o"): "nano", so that "Nano" in its messages is right.
   NULL or a name lto-wrapper made up ("a.out") adds nothing useful but
   does no harm.  */
void ls_program_add_output_name (ls_program *p, const char *dump_base);

/* Is WORD a word of the program's vocabulary: one of its names as
   written, or, in lowercase, Capitalized or ALL CAPS form, one of its
   names whole ("Cutbuffer" for cutbuffer) or a snake_case or camelCase
   piece of four letters or more of one ("screenful" for
   lines_per_screenful, "Buffer" for cutBuffer)?  */
bool ls_program_knows_word (const ls_program *p, const char *word,
			    size_t len);

/* Sort every string's uses and the strings themselves (by first use,
   then by content) so that everything after is deterministic.  */
void ls_program_finish (ls_program *p);

size_t ls_program_n_strings (const ls_program *p);
const struct ls_string *ls_program_string (const ls_program *p, size_t i);
size_t ls_program_n_uses (const ls_program *p);	/* Before deduplication.  */

/* Is every use of S in code that LTO removes as unreachable?  */
bool ls_string_is_dead (const struct ls_string *s);

/* ------------------------------------------------------------------ */
/* Findings (check.c).                                                 */

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

/* Sinks, known misspellings and ignores (precision.h); NULL: none.  */
typedef struct ls_filters ls_filters;

/* Check every distinct string of the finished program P: split each
   once, check each word through SP, and collect one finding per
   misspelled word per distinct string, in the program's order.
   FILTERS (from ls_filters_new, or NULL) skips sink, excluded and
   ignored uses and supplies the known misspellings.  */
void ls_check_program (const ls_program *p, ls_speller *sp,
		       ls_filters *filters, ls_findings *out);
void ls_findings_free (ls_findings *f);

/* Split every distinct string of P without checking anything and
   return the number of words: what splitting alone costs, for the
   stats option.  */
size_t ls_split_program (const ls_program *p);

/* ------------------------------------------------------------------ */
/* Options (options.c).                                                */

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

struct ls_options
{
  const char *lang;		/* lang=: default "en_US".  */
  bool lang_given;		/* lang= was given: no dialect detection.  */
  const char *provider;		/* provider=: NULL for enchant's default.  */
  const char *dict;		/* dict=: word-list dir, "none", or NULL
				   for the one beside the plugin.  */
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

#endif /* LTOSPELL_H */
