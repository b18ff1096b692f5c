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

#include "strtab.h"
#include "decode.h"
#include "hashset.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* How many recent names a program remembers (a power of two).  */
#define RECENT_NAMES 64

struct ls_program
{
  uint64_t id;			/* ls_program_id.  */
  struct ls_string **strings;
  size_t n_strings, strings_alloc;
  ls_hashset string_index;	/* Of STRINGS.  */

  struct name_block *names;	/* Interned NUL-terminated names.  */
  struct name_block *string_space;	/* The strings and their bytes.  */
  ls_hashset name_index;	/* Of NAMES.  */
  /* The last names interned, by where the caller's copy was: the uses
     of one symbol share its unit, file and function (recent_name).  */
  struct recent_name
  {
    const char *from;		/* The caller's copy.  */
    const char *interned;
  } recent[RECENT_NAMES];

  size_t n_uses;		/* Every add_use call.  */

  /* The program's own identifiers, as a set (of interned NAMES).  */
  ls_hashset program_names;
  /* Their words, lowercase: each identifier whole and its snake_case and
     camelCase pieces of MIN_PIECE letters or more (interned NAMES).  */
  ls_hashset name_words;
};

/* A piece of an identifier shorter than this says too little to accept
   a word of prose ("buf", "ptr", "cnt" are abbreviations, and any
   three letters may be a typo's fragment).  */
#define MIN_PIECE 4

/* ---- Interned names ---- */

/* Interned names are packed in blocks of NAME_BLOCK bytes (a longer
   name gets a block of its own), never freed one by one: a program has
   tens of thousands of names (a link of 50,000 functions 8 MB of them
   at the end of WPA), most shorter than malloc's smallest chunk.  The
   strings, with their bytes, are kept in blocks of their own the same
   way (new_string).  */
#define NAME_BLOCK 65536

struct name_block
{
  struct name_block *next;
  size_t used, size;
  _Alignas (max_align_t) char text[];
};

/* SIZE bytes in the blocks of *BLOCKS, at a multiple of ALIGN from
   the block's start (malloc's alignment).  */
static void *
block_space (struct name_block **blocks, size_t size, size_t align)
{
  struct name_block *b = *blocks;
  size_t at = b ? (b->used + align - 1) / align * align : 0;
  if (!b || at > b->size || b->size - at < size)
    {
      size_t room = size > NAME_BLOCK ? size : NAME_BLOCK;
      struct name_block *fresh = ls_xmalloc (sizeof *fresh + room);
      fresh->used = 0;
      fresh->size = room;
      if (b && room > NAME_BLOCK)
	{
	  /* Keep filling the current block.  */
	  fresh->next = b->next;
	  b->next = fresh;
	}
      else
	{
	  fresh->next = b;
	  *blocks = fresh;
	}
      b = fresh;
      at = 0;
    }
  b->used = at + size;
  return b->text + at;
}

static void
free_blocks (struct name_block *b)
{
  while (b)
    {
      struct name_block *next = b->next;
      free (b);
      b = next;
    }
}

/* A copy of NAME[0, LEN), NUL-terminated, in P's blocks.  */
static char *
store_name (ls_program *p, const char *name, size_t len)
{
  char *copy = block_space (&p->names, len + 1, 1);
  memcpy (copy, name, len);
  copy[len] = '\0';
  return copy;
}

/* NAME[0, LEN) (no NUL in it), whose hash is H, as interned in P,
   added if new.  */
static const char *
intern_span (ls_program *p, const char *name, size_t len, uint64_t h)
{
  struct ls_span key = { name, len };
  const char *found = ls_hashset_find (&p->name_index, h, ls_span_match,
				       &key);
  if (found)
    return found;
  char *copy = store_name (p, name, len);
  ls_hashset_add (&p->name_index, h, copy);
  return copy;
}

/* NAME as interned in P, added if new.  */
static const char *
intern_name (ls_program *p, const char *name)
{
  size_t len = strlen (name);
  return intern_span (p, name, len, ls_hash_bytes (LS_HASH_SEED, name, len));
}

/* NAME interned, through the recent names first: a use's names come
   in the same copies as the use before (a summary's pool, the walk's
   strings), and comparing with one interned name costs far less than
   hashing and looking up (four names for each of the 52k-function
   bench program's 160,000 uses).  The caller's copy may be gone and
   its place hold another name by now: the text is compared too.  */
static const char *
intern (ls_program *p, const char *name)
{
  if (!name)
    return NULL;
  /* The low bits of the address: copies in a pool are packed, and two
     neighbours sharing a slot only cost a lookup.  */
  struct recent_name *r
    = &p->recent[((uintptr_t) name >> 3) & (RECENT_NAMES - 1)];
  if (r->from == name && strcmp (r->interned, name) == 0)
    return r->interned;
  r->from = name;
  r->interned = intern_name (p, name);
  return r->interned;
}

const char *
ls_program_intern (ls_program *p, const char *name)
{
  return intern (p, name);
}

void
ls_program_intern_site (ls_program *p, struct ls_site *site)
{
  site->file = intern (p, site->file);
  site->unit = intern (p, site->unit);
  site->function = intern (p, site->function);
  site->variable = intern (p, site->variable);
  site->inlined_from = intern (p, site->inlined_from);
  site->call_file = intern (p, site->call_file);
  site->callee = intern (p, site->callee);
}

/* ---- Strings ---- */

struct string_key
{
  const void *bytes;
  size_t nbytes;
  unsigned elem_size;
};

static uint64_t
string_hash (const void *bytes, size_t nbytes, unsigned elem_size)
{
  return ls_hash_long (LS_HASH_SEED ^ elem_size, bytes, nbytes);
}

static bool
string_match (const void *item, const void *key)
{
  const struct ls_string *s = item;
  const struct string_key *k = key;
  return s->elem_size == k->elem_size && s->nbytes == k->nbytes
	 && memcmp (s->bytes, k->bytes, k->nbytes) == 0;
}

/* Where a string made by new_string keeps its first use.  */
static struct ls_site *
first_use_room (struct ls_string *s)
{
  return (struct ls_site *) (s + 1);
}

/* A string, room for its first use and a copy of its bytes, in P's
   blocks (three allocations
   for each of 113,000 strings, and as many frees, were a twentieth of
   the 52k-function bench program's check); its text too when that is
   its bytes (ASCII with a NUL after it, most strings), else
   malloc'd.  */
static struct ls_string *
new_string (ls_program *p, const void *bytes, size_t nbytes,
	    unsigned elem_size, bool big_endian)
{
  struct ls_string *s = block_space (&p->string_space,
				     sizeof *s + sizeof *s->uses + nbytes,
				     _Alignof (struct ls_string));
  memset (s, 0, sizeof *s);
  /* Room for its first use there too: most strings have one.  */
  s->uses = first_use_room (s);
  s->uses_alloc = 1;
  unsigned char *copy = (unsigned char *) (s->uses + 1);
  if (nbytes)
    memcpy (copy, bytes, nbytes);
  s->bytes = copy;
  s->nbytes = nbytes;
  s->elem_size = elem_size;
  if (ls_decode_is_identity (copy, nbytes, elem_size, &s->text_len))
    s->text = (const char *) copy;
  else
    s->text = ls_decode (bytes, nbytes, elem_size, big_endian, &s->text_len);
  return s;
}

static struct ls_string *
find_or_add_string (ls_program *p, const void *bytes, size_t nbytes,
		    unsigned elem_size, bool big_endian)
{
  struct string_key key = { bytes, nbytes, elem_size };
  uint64_t h = string_hash (bytes, nbytes, elem_size);
  struct ls_string *found = ls_hashset_find (&p->string_index, h,
					     string_match, &key);
  if (found)
    return found;
  /* Arrays that grow with the program: util.h's big blocks.  */
  p->strings = ls_big_grow_array (p->strings, &p->strings_alloc,
				  p->n_strings + 1, sizeof *p->strings, 16);
  struct ls_string *s = new_string (p, bytes, nbytes, elem_size, big_endian);
  p->strings[p->n_strings++] = s;
  ls_hashset_add (&p->string_index, h, s);
  return s;
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
  /* Each program its own number, never one a freed program had.  */
  static uint64_t programs_made;
  ls_program *p = ls_xcalloc (1, sizeof (ls_program));
  p->id = ++programs_made;
  return p;
}

uint64_t
ls_program_id (const ls_program *p)
{
  return p->id;
}

void
ls_program_add_use (ls_program *p, const void *bytes, size_t nbytes,
		    unsigned elem_size, bool big_endian,
		    const struct ls_site *site)
{
  struct ls_string *s = find_or_add_string (p, bytes, nbytes, elem_size,
					    big_endian);
  /* Most strings have one use, kept in the string's block, and a site
     is ~100 bytes: a string's array grows from two (16 sites for each
     of git's 14k strings took 27 MB).  */
  if (s->n_uses == s->uses_alloc && s->uses == first_use_room (s))
    {
      /* A second use: the uses move out of the block.  */
      size_t alloc = 0;
      struct ls_site *moved = ls_big_grow_array (NULL, &alloc, 2,
						 sizeof *s->uses, 1);
      memcpy (moved, s->uses, sizeof *s->uses);
      s->uses = moved;
      s->uses_alloc = alloc;
    }
  else
    s->uses = ls_big_grow_array (s->uses, &s->uses_alloc, s->n_uses + 1,
				 sizeof *s->uses, 1);
  struct ls_site *u = &s->uses[s->n_uses++];
  *u = *site;
  if (!site->names_interned)
    ls_program_intern_site (p, u);
  /* What the caller said of its names, not of the use kept: a use
     copied into another program has its names interned again.  */
  u->names_interned = false;
  u->referrers = intern_referrers (p, site->referrers, site->n_referrers);
  p->n_uses++;
}

/* ---- The program's own names ---- */

/* Add NAME[0, LEN) (no NUL in it) to SET, interning it; false if SET
   had it.  */
static bool
set_add (ls_program *p, ls_hashset *set, const char *name, size_t len)
{
  struct ls_span key = { name, len };
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, name, len);
  if (ls_hashset_find (set, h, ls_span_match, &key))
    return false;
  ls_hashset_add (set, h, (void *) intern_span (p, name, len, h));
  return true;
}

static bool
set_has (const ls_hashset *set, const char *name, size_t len)
{
  struct ls_span key = { name, len };
  return ls_hashset_find (set, ls_hash_bytes (LS_HASH_SEED, name, len),
			  ls_span_match, &key) != NULL;
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

/* The pieces of NAME (LEN bytes): runs of letters split at anything
   else ('_', digits, '-', '.') and at camelCase boundaries.  A piece
   that is the whole name is left to the caller.  */
static void
add_name_pieces (ls_program *p, const char *name, size_t len)
{
  size_t start = 0;
  for (size_t i = 0; i <= len; i++)
    {
      bool letter = i < len && (ascii_upper (name[i]) || ascii_lower (name[i]));
      if (!letter || camel_break (name, i))
	{
	  if (i > start && !(start == 0 && i == len))
	    add_name_word (p, name, start, i, false);
	  start = letter ? i : i + 1;
	}
    }
}

static bool
all_ascii_letters (const char *s, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (!ascii_upper (s[i]) && !ascii_lower (s[i]))
      return false;
  return true;
}

void
ls_program_add_name (ls_program *p, const char *name)
{
  if (!name || !name[0])
    return;
  size_t len = strlen (name);
  /* A name seen before gave its words then: units name the callees
     and types they share (the 52k-function bench program adds 213,000
     names, 160,000 of them seen before).  */
  if (!set_add (p, &p->program_names, name, len))
    return;
  /* The name itself is a name word only when it is all letters: the
     words looked up there (ls_program_knows_word) are, and most C
     names are not (snake_case).  */
  if (all_ascii_letters (name, len))
    add_name_word (p, name, 0, len, true);
  add_name_pieces (p, name, len);
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
  return set_has (&p->program_names, name, len);
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
  return set_has (&p->name_words, buf, len);
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
  ls_sort (refs, u->n_referrers, sizeof *refs, ls_compare_name_ptrs);
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
  ls_sort (s->uses, s->n_uses, sizeof *s->uses, compare_sites);
  size_t n = s->n_uses ? 1 : 0;
  for (size_t i = 1; i < s->n_uses; i++)
    if (compare_sites (&s->uses[i], &s->uses[n - 1]) != 0)
      s->uses[n++] = s->uses[i];
    else
      free ((void *) s->uses[i].referrers);
  s->n_uses = n;
}

int
ls_string_compare_content (const struct ls_string *a,
			   const struct ls_string *b)
{
  int c = ls_compare_size (a->elem_size, b->elem_size);
  if (c)
    return c;
  size_t n = a->nbytes < b->nbytes ? a->nbytes : b->nbytes;
  if ((c = memcmp (a->bytes, b->bytes, n)))
    return c;
  return ls_compare_size (a->nbytes, b->nbytes);
}

static int
compare_strings (const void *pa, const void *pb)
{
  const struct ls_string *a = *(const struct ls_string *const *) pa;
  const struct ls_string *b = *(const struct ls_string *const *) pb;
  int c = compare_sites (&a->uses[0], &b->uses[0]);
  return c ? c : ls_string_compare_content (a, b);
}

/* A string with the fields of its first use that decide most of the
   order, read once: comparing them in place costs a call and two cache
   misses (the uses) per comparison.  */
struct order_key
{
  const char *file;
  unsigned line, column;
  struct ls_string *s;
};

/* compare_strings, on keys.  */
static inline int
compare_order_keys (const struct order_key *a, const struct order_key *b)
{
  int c;
  if (a->file != b->file && (c = ls_compare_names (a->file, b->file)))
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->column != b->column)
    return a->column < b->column ? -1 : 1;
  return compare_strings (&a->s, &b->s);
}

/* Sort K[0, N) through TMP (as large): merge sort, stable, a merge
   skipped when the halves are in order already (strings arrive unit
   by unit, much in order), as util.c's ls_sort.  */
static void
sort_order_keys (struct order_key *k, size_t n, struct order_key *tmp)
{
  if (n <= 1)
    return;
  size_t n1 = n / 2, n2 = n - n1;
  sort_order_keys (k, n1, tmp);
  sort_order_keys (k + n1, n2, tmp);
  if (compare_order_keys (&k[n1 - 1], &k[n1]) <= 0)
    return;
  struct order_key *a = k, *b = k + n1, *to = tmp;
  while (n1 > 0 && n2 > 0)
    if (compare_order_keys (a, b) <= 0)
      *to++ = *a++, n1--;
    else
      *to++ = *b++, n2--;
  /* What is left of the second half is in place already.  */
  memcpy (to, a, n1 * sizeof *a);
  memcpy (k, tmp, (n - n2) * sizeof *k);
}

static void
sort_strings (ls_program *p)
{
  size_t n = p->n_strings;
  if (n <= 1)
    return;
  struct order_key *k = ls_big_alloc (2 * n * sizeof *k);
  for (size_t i = 0; i < n; i++)
    {
      /* Every string has a use: ls_program_add_use made it.  */
      struct ls_string *s = p->strings[i];
      k[i] = (struct order_key) { s->uses[0].file, s->uses[0].line,
				   s->uses[0].column, s };
    }
  sort_order_keys (k, n, k + n);
  for (size_t i = 0; i < n; i++)
    p->strings[i] = k[i].s;
  ls_big_free (k, 2 * n * sizeof *k);
}

void
ls_program_finish (ls_program *p)
{
  for (size_t i = 0; i < p->n_strings; i++)
    sort_uses (p->strings[i]);
  sort_strings (p);
  /* Nothing is added after finishing: the index is not needed.  */
  ls_hashset_free (&p->string_index);
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
      if (s->uses != first_use_room (s))
	ls_big_free (s->uses, s->uses_alloc * sizeof *s->uses);
      if (s->text != (const char *) s->bytes)
	free ((void *) s->text);
    }
  free_blocks (p->string_space);
  ls_big_free (p->strings, p->strings_alloc * sizeof *p->strings);
  ls_hashset_free (&p->string_index);
  free_blocks (p->names);
  ls_hashset_free (&p->name_index);
  ls_hashset_free (&p->program_names);
  ls_hashset_free (&p->name_words);
  free (p);
}
