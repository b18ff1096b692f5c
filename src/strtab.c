/* strtab.c: the program's string constants and where they are used.

   Every string constant the pass meets is keyed by its raw bytes and
   element size, so the same literal seen in many functions and units
   becomes one entry with a list of uses (sites).  Names (files,
   functions, units) are interned once, so a site is a handful of
   pointers.

   Nothing here depends on the order in which uses arrive: after
   ls_program_finish, each string's uses are sorted and deduplicated,
   and the strings are sorted by their first use, which is what makes
   the output the same whatever the partitioning or the file order.  */

#include "ltospell.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An open-addressing hash set: slots hold indices + 1 (0 is empty).  */
struct index_set
{
  size_t *slots;
  size_t size;			/* Power of two.  */
  size_t count;
};

struct ls_program
{
  struct ls_string **strings;
  size_t n_strings, strings_alloc;
  struct index_set string_index;

  char **names;			/* Interned NUL-terminated names.  */
  size_t n_names, names_alloc;
  struct index_set name_index;

  size_t n_uses;		/* Every add_use call.  */

  /* The program's own identifiers, as a set (indices into NAMES).  */
  struct index_set program_names;
  /* Their words, lowercase: each identifier whole and its snake_case and
     camelCase pieces of MIN_PIECE letters or more (indices into NAMES).  */
  struct index_set name_words;
};

/* A piece of an identifier shorter than this says too little to accept
   a word of prose ("buf", "ptr", "cnt" are abbreviations, and any
   three letters may be a typo's fragment).  */
#define MIN_PIECE 4

/* Find the slot for an entry with hash H, using EQUAL (index) to
   compare; returns a pointer to the slot, empty or matching.  */
static size_t *
index_set_find (struct index_set *set, uint64_t h,
		bool (*equal) (const void *ctx, size_t index), const void *ctx)
{
  size_t mask = set->size - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask)
    {
      size_t *slot = &set->slots[i];
      if (*slot == 0 || equal (ctx, *slot - 1))
	return slot;
    }
}

static void
index_set_init (struct index_set *set)
{
  set->size = 1024;
  set->count = 0;
  set->slots = ls_xcalloc (set->size, sizeof *set->slots);
}

/* Double the table; HASH_OF (ctx, index) recomputes an entry's hash.  */
static void
index_set_grow (struct index_set *set,
		uint64_t (*hash_of) (const void *ctx, size_t index),
		const void *ctx)
{
  struct index_set bigger = { NULL, set->size * 2, set->count };
  bigger.slots = ls_xcalloc (bigger.size, sizeof *bigger.slots);
  for (size_t i = 0; i < set->size; i++)
    if (set->slots[i])
      {
	size_t mask = bigger.size - 1;
	size_t j = hash_of (ctx, set->slots[i] - 1) & mask;
	while (bigger.slots[j])
	  j = (j + 1) & mask;
	bigger.slots[j] = set->slots[i];
      }
  free (set->slots);
  *set = bigger;
}

/* ---- Interned names ---- */

struct name_key
{
  const ls_program *p;
  const char *name;
};

static bool
name_equal (const void *ctx, size_t index)
{
  const struct name_key *k = ctx;
  return strcmp (k->p->names[index], k->name) == 0;
}

static uint64_t
name_hash_of (const void *ctx, size_t index)
{
  const ls_program *p = ctx;
  const char *name = p->names[index];
  return ls_hash_bytes (LS_HASH_SEED, name, strlen (name));
}

/* The index of NAME in P's interned names, adding it if new.  */
static size_t
intern_index (ls_program *p, const char *name)
{
  struct name_key key = { p, name };
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, name, strlen (name));
  size_t *slot = index_set_find (&p->name_index, h, name_equal, &key);
  if (*slot)
    return *slot - 1;
  p->names = ls_grow_array (p->names, &p->names_alloc, p->n_names + 1,
			    sizeof *p->names, 16);
  p->names[p->n_names] = ls_xstrdup (name);
  *slot = ++p->n_names;
  if (++p->name_index.count * 2 > p->name_index.size)
    index_set_grow (&p->name_index, name_hash_of, p);
  return p->n_names - 1;
}

static const char *
intern (ls_program *p, const char *name)
{
  if (!name)
    return NULL;
  size_t index = intern_index (p, name);	/* May move P->names.  */
  return p->names[index];
}

/* ---- Strings ---- */

struct string_key
{
  const ls_program *p;
  const void *bytes;
  size_t nbytes;
  unsigned elem_size;
};

static uint64_t
string_hash (const void *bytes, size_t nbytes, unsigned elem_size)
{
  return ls_hash_bytes (LS_HASH_SEED ^ elem_size, bytes, nbytes);
}

static bool
string_equal (const void *ctx, size_t index)
{
  const struct string_key *k = ctx;
  const struct ls_string *s = k->p->strings[index];
  return s->elem_size == k->elem_size && s->nbytes == k->nbytes
	 && memcmp (s->bytes, k->bytes, k->nbytes) == 0;
}

static uint64_t
string_hash_of (const void *ctx, size_t index)
{
  const ls_program *p = ctx;
  const struct ls_string *s = p->strings[index];
  return string_hash (s->bytes, s->nbytes, s->elem_size);
}

static struct ls_string *
new_string (const void *bytes, size_t nbytes, unsigned elem_size,
	    bool big_endian)
{
  struct ls_string *s = ls_xcalloc (1, sizeof *s);
  unsigned char *copy = ls_xmalloc (nbytes);
  memcpy (copy, bytes, nbytes);
  s->bytes = copy;
  s->nbytes = nbytes;
  s->elem_size = elem_size;
  s->text = ls_decode (bytes, nbytes, elem_size, big_endian, &s->text_len);
  return s;
}

static struct ls_string *
find_or_add_string (ls_program *p, const void *bytes, size_t nbytes,
		    unsigned elem_size, bool big_endian)
{
  struct string_key key = { p, bytes, nbytes, elem_size };
  size_t *slot = index_set_find (&p->string_index,
				 string_hash (bytes, nbytes, elem_size),
				 string_equal, &key);
  if (*slot)
    return p->strings[*slot - 1];
  p->strings = ls_grow_array (p->strings, &p->strings_alloc,
			      p->n_strings + 1, sizeof *p->strings, 16);
  p->strings[p->n_strings] = new_string (bytes, nbytes, elem_size,
					 big_endian);
  *slot = ++p->n_strings;
  if (++p->string_index.count * 2 > p->string_index.size)
    index_set_grow (&p->string_index, string_hash_of, p);
  return p->strings[p->n_strings - 1];
}

static const char *const *
intern_referrers (ls_program *p, const char *const *refs, size_t n)
{
  if (n == 0)
    return NULL;
  const char **copy = ls_xmalloc (n * sizeof *copy);
  for (size_t i = 0; i < n; i++)
    copy[i] = intern (p, refs[i]);
  return copy;
}

ls_program *
ls_program_new (void)
{
  ls_program *p = ls_xcalloc (1, sizeof *p);
  index_set_init (&p->string_index);
  index_set_init (&p->name_index);
  index_set_init (&p->program_names);
  index_set_init (&p->name_words);
  return p;
}

void
ls_program_add_use (ls_program *p, const void *bytes, size_t nbytes,
		    unsigned elem_size, bool big_endian,
		    const struct ls_site *site)
{
  struct ls_string *s = find_or_add_string (p, bytes, nbytes, elem_size,
					    big_endian);
  /* Most strings have one or two uses, and a site is ~120 bytes: start
     small (16 sites for each of git's 14k strings took 27 MB).  */
  s->uses = ls_grow_array (s->uses, &s->uses_alloc, s->n_uses + 1,
			   sizeof *s->uses, 1);
  struct ls_site *u = &s->uses[s->n_uses++];
  *u = *site;
  u->file = intern (p, site->file);
  u->unit = intern (p, site->unit);
  u->function = intern (p, site->function);
  u->variable = intern (p, site->variable);
  u->inlined_from = intern (p, site->inlined_from);
  u->call_file = intern (p, site->call_file);
  u->callee = intern (p, site->callee);
  u->referrers = intern_referrers (p, site->referrers, site->n_referrers);
  p->n_uses++;
}

/* ---- The program's own names ---- */

struct span_key
{
  const ls_program *p;
  const char *name;
  size_t len;
};

static bool
span_equal (const void *ctx, size_t index)
{
  const struct span_key *k = ctx;
  const char *name = k->p->names[index];
  /* strnlen first: a span may hold a NUL, and NAME may be shorter.  */
  return strnlen (name, k->len + 1) == k->len
	 && memcmp (name, k->name, k->len) == 0;
}

/* Add NAME[0, LEN) to SET, interning it.  */
static void
set_add (ls_program *p, struct index_set *set, const char *name, size_t len)
{
  struct span_key key = { p, name, len };
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, name, len);
  if (*index_set_find (set, h, span_equal, &key))
    return;
  char *copy = ls_xstrndup (name, len);
  size_t index = intern_index (p, copy);	/* May move P->names.  */
  free (copy);
  *index_set_find (set, h, span_equal, &key) = index + 1;
  if (++set->count * 2 > set->size)
    index_set_grow (set, name_hash_of, p);
}

static bool
set_has (const ls_program *p, const struct index_set *set, const char *name,
	 size_t len)
{
  struct span_key key = { p, name, len };
  return *index_set_find ((struct index_set *) set,
			  ls_hash_bytes (LS_HASH_SEED, name, len),
			  span_equal, &key) != 0;
}

static bool
ascii_upper (char c)
{
  return c >= 'A' && c <= 'Z';
}

static bool
ascii_lower (char c)
{
  return c >= 'a' && c <= 'z';
}

/* Add the lowercase form of NAME[START, END) to the name words when it
   has MIN_PIECE letters or more (WHOLE: any length, the identifier
   itself).  */
static void
add_name_word (ls_program *p, const char *name, size_t start, size_t end,
	       bool whole)
{
  if (end - start < (whole ? 1 : MIN_PIECE))
    return;
  char buf[64];
  if (end - start >= sizeof buf)
    return;
  for (size_t i = start; i < end; i++)
    buf[i - start] = ascii_upper (name[i]) ? name[i] - 'A' + 'a' : name[i];
  set_add (p, &p->name_words, buf, end - start);
}

/* Does a camelCase piece end before NAME[I]?  "openFile" at 'F',
   "HTTPServer" at 'S' (an acronym ends before a capital that starts a
   lowercase run).  */
static bool
camel_break (const char *name, size_t i)
{
  if (i == 0 || !ascii_upper (name[i]))
    return false;
  return ascii_lower (name[i - 1])
	 || (ascii_upper (name[i - 1]) && ascii_lower (name[i + 1]));
}

/* The pieces of NAME: runs of letters split at anything else ('_',
   digits, '-', '.') and at camelCase boundaries.  */
static void
add_name_pieces (ls_program *p, const char *name)
{
  size_t len = strlen (name), start = 0;
  for (size_t i = 0; i <= len; i++)
    {
      bool letter = i < len && (ascii_upper (name[i]) || ascii_lower (name[i]));
      if (!letter || camel_break (name, i))
	{
	  if (i > start)
	    add_name_word (p, name, start, i, false);
	  start = letter ? i : i + 1;
	}
    }
}

void
ls_program_add_name (ls_program *p, const char *name)
{
  if (!name || !name[0])
    return;
  size_t len = strlen (name);
  set_add (p, &p->program_names, name, len);
  add_name_word (p, name, 0, len, true);
  add_name_pieces (p, name);
}

void
ls_program_add_output_name (ls_program *p, const char *dump_base)
{
  if (!dump_base)
    return;
  const char *slash = strrchr (dump_base, '/');
  const char *base = slash ? slash + 1 : dump_base;
  size_t len = strlen (base);
  static const char *const suffixes[] = { ".wpa", ".lto.o" };
  for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
    {
      size_t n = strlen (suffixes[i]);
      if (len > n && strcmp (base + len - n, suffixes[i]) == 0)
	{
	  len -= n;
	  break;
	}
    }
  char *name = ls_xstrndup (base, len);
  ls_program_add_name (p, name);
  free (name);
}

bool
ls_program_has_name (const ls_program *p, const char *name, size_t len)
{
  return set_has (p, &p->program_names, name, len);
}

/* Is WORD lowercase, Capitalized or ALL CAPS (ASCII letters only)?
   Mixed case ("cUtbuffer") is no form of a name.  */
static bool
plain_case (const char *word, size_t len)
{
  size_t upper = 0;
  for (size_t i = 0; i < len; i++)
    if (ascii_upper (word[i]))
      upper++;
    else if (!ascii_lower (word[i]))
      return false;
  return upper == 0 || upper == len || (upper == 1 && ascii_upper (word[0]));
}

bool
ls_program_knows_word (const ls_program *p, const char *word, size_t len)
{
  if (ls_program_has_name (p, word, len))
    return true;
  char buf[64];
  if (len == 0 || len >= sizeof buf || !plain_case (word, len))
    return false;
  for (size_t i = 0; i < len; i++)
    buf[i] = ascii_upper (word[i]) ? word[i] - 'A' + 'a' : word[i];
  return set_has (p, &p->name_words, buf, len);
}

/* ---- Deterministic order ---- */

static int
compare_referrers (const struct ls_site *a, const struct ls_site *b)
{
  if (a->n_referrers != b->n_referrers)
    return a->n_referrers < b->n_referrers ? -1 : 1;
  for (size_t i = 0; i < a->n_referrers; i++)
    {
      int c = ls_compare_names (a->referrers[i], b->referrers[i]);
      if (c)
	return c;
    }
  return 0;
}

/* Order sites by everything a user sees of them, then by everything
   else the later phases read (callee, format, dead...), never by the
   opaque location or by arrival order: two uses that compare equal are
   interchangeable, so which one deduplication keeps cannot matter.  */
static int
compare_sites (const void *pa, const void *pb)
{
  const struct ls_site *a = pa, *b = pb;
  int c;
  if ((c = ls_compare_names (a->file, b->file))
      || (c = ls_compare_size (a->line, b->line))
      || (c = ls_compare_size (a->column, b->column))
      || (c = ls_compare_names (a->unit, b->unit))
      || (c = ls_compare_names (a->function, b->function))
      || (c = ls_compare_names (a->variable, b->variable))
      || (c = ls_compare_names (a->inlined_from, b->inlined_from))
      || (c = ls_compare_names (a->call_file, b->call_file))
      || (c = ls_compare_size (a->call_line, b->call_line))
      || (c = compare_referrers (a, b))
      || (c = ls_compare_names (a->callee, b->callee))
      || (c = ls_compare_size (a->arg_index, b->arg_index))
      || (c = ls_compare_size (a->format, b->format))
      || (c = ls_compare_size (a->named_array, b->named_array)))
    return c;
  return ls_compare_size (a->dead, b->dead);
}

/* Sort a site's referrers and drop repeats.  */
static void
normalize_referrers (struct ls_site *u)
{
  if (u->n_referrers < 2)
    return;
  const char **refs = (const char **) u->referrers;
  qsort (refs, u->n_referrers, sizeof *refs, ls_compare_name_ptrs);
  size_t n = 1;
  for (size_t i = 1; i < u->n_referrers; i++)
    if (refs[i] != refs[n - 1])
      refs[n++] = refs[i];
  u->n_referrers = n;
}

static void
sort_uses (struct ls_string *s)
{
  for (size_t i = 0; i < s->n_uses; i++)
    normalize_referrers (&s->uses[i]);
  qsort (s->uses, s->n_uses, sizeof *s->uses, compare_sites);
  size_t n = s->n_uses ? 1 : 0;
  for (size_t i = 1; i < s->n_uses; i++)
    if (compare_sites (&s->uses[i], &s->uses[n - 1]) != 0)
      s->uses[n++] = s->uses[i];
    else
      free ((void *) s->uses[i].referrers);
  s->n_uses = n;
}

static int
compare_strings (const void *pa, const void *pb)
{
  const struct ls_string *a = *(const struct ls_string *const *) pa;
  const struct ls_string *b = *(const struct ls_string *const *) pb;
  int c = compare_sites (&a->uses[0], &b->uses[0]);
  if (c)
    return c;
  if ((c = ls_compare_size (a->elem_size, b->elem_size)))
    return c;
  size_t n = a->nbytes < b->nbytes ? a->nbytes : b->nbytes;
  if ((c = memcmp (a->bytes, b->bytes, n)))
    return c;
  return ls_compare_size (a->nbytes, b->nbytes);
}

void
ls_program_finish (ls_program *p)
{
  for (size_t i = 0; i < p->n_strings; i++)
    sort_uses (p->strings[i]);
  if (p->n_strings > 1)	/* qsort (NULL, 0, ...) is undefined.  */
    qsort (p->strings, p->n_strings, sizeof *p->strings, compare_strings);
  /* The index now points at the wrong slots; nothing is added after
     finishing, so drop it rather than rebuild it.  */
  free (p->string_index.slots);
  p->string_index.slots = NULL;
}

size_t
ls_program_n_strings (const ls_program *p)
{
  return p->n_strings;
}

const struct ls_string *
ls_program_string (const ls_program *p, size_t i)
{
  return i < p->n_strings ? p->strings[i] : NULL;
}

bool
ls_string_is_dead (const struct ls_string *s)
{
  for (size_t i = 0; i < s->n_uses; i++)
    if (!s->uses[i].dead)
      return false;
  return s->n_uses > 0;
}

size_t
ls_program_n_uses (const ls_program *p)
{
  return p->n_uses;
}

void
ls_program_free (ls_program *p)
{
  if (!p)
    return;
  for (size_t i = 0; i < p->n_strings; i++)
    {
      struct ls_string *s = p->strings[i];
      for (size_t j = 0; j < s->n_uses; j++)
	free ((void *) s->uses[j].referrers);
      free (s->uses);
      free ((void *) s->bytes);
      free ((void *) s->text);
      free (s);
    }
  free (p->strings);
  free (p->string_index.slots);
  for (size_t i = 0; i < p->n_names; i++)
    free (p->names[i]);
  free (p->names);
  free (p->name_index.slots);
  free (p->program_names.slots);
  free (p->name_words.slots);
  free (p);
}
