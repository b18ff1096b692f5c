/* summary.c: the byte format of the compile-time summaries (summary.h).

   One section per object, written in cc1 and read in WPA.  cc1 puts
   the section in its assembler output as string directives, and `as`
   parses it one character at a time (about 60 instructions each): a
   byte that is not printable becomes a four-character octal escape.
   So every number is written in printable characters ("a number"),
   and a NUL follows only the strings that need it.  Format version 4:

   A number is written least significant digit first, in zero or more
   continuation digits, 0x5d + d with d in [0, 34) ("]" to "~"), then
   one last digit, 0x23 + d with d in [0, 57) ("#" to "[").  A value
   under 57 is its last digit alone; from 57, the first continuation
   digit holds (v - 57) % 34 and the rest is the number (v - 57) / 34,
   so each value has one spelling: 0 is "#", 56 "[", 57 "]#" ... 1994
   "~[", and a value that fits in 32 bits takes at most seven
   characters.  Neither set holds the quote or the backslash, which
   `as` would want escaped.  Numbers are checked against the range of
   their field; the bytes are the same on every host.

   Header
     4 bytes   the magic "LSUM"
     number    the format version, LS_SUMMARY_VERSION ("'" for 4).
	       The magic and this number stay first in every version,
	       so that any reader can say which version it was given.
	       Versions 1 to 3 wrote it as the one byte 0x01 to 0x03.
     number n  then n bytes: the version of ltospell that wrote it
     number n  then n bytes: the working directory of the compile, which
	       relative file names are relative to (none: unknown); no NUL

   String pool: every byte string of the section, stored once
     number P  the number of strings
     P times   number n, n bytes, and one 0x00 byte if those n bytes
	       hold no NUL.  So every string read as a C string ends
	       within its bytes or at that NUL: names (file, function,
	       local names, which may not hold a NUL) are handed out in
	       place, and a string constant, which holds its terminator,
	       needs no second one.  Strings are numbered from 0 in this
	       order, which is the order the writer first needed them in.

   Symbols
     number S  the number of symbols
     S times:
       number  the symbol's index in the object's symbol table encoder
       number  its kind: bit 0 clear a function, set a variable;
	       bit 1 set: a source name follows; no other bit
       if bit 1: number, the pool index + 1 of the symbol's name in the
	       source, when the object's is the compiler's (a local
	       array's initializer that GCC moved to a constant, "*.LC3",
	       is named after the array, "credits")
       number U  the number of its string uses, then U times a use:
	 number  the pool index of the string constant's raw bytes, in
		 the target's byte order, terminator included
	 number  flags:
		   bit 0     the call fields follow
		   bit 1     the inlining fields follow
		   bits 2-3  element size: 0 for 1 byte, 1 for 2, 2 for 4
		   bit 4     the elements are big-endian
		   bit 5     named_array
		   bit 6     option_names
		 (the common flags, none or a call's, take one character)
	 number  file: its pool index + 1, or 0 when unknown
	 number  line
	 number  column
	 if bit 1: number inlined_from (pool index + 1, or 0),
		   number call_file (pool index + 1, or 0), number call_line
	 if bit 0: number callee (pool index + 1, or 0), number arg_index,
		   number format (an enum ls_format_kind)
       number N  the number of its local names, then N times the pool
	       index of a name (the writer lists each once per symbol)

   The section ends there: bytes after the last symbol are an error.
   Lines, columns, indices and argument positions fit in 32 bits.

   For example, ltospell "0.1" summarising function 5, which passes
   "hi" to puts as argument 1 at a.c:300:7 and has a local named argc:
     LSUM ' & 0.1        magic, format 4, made by "0.1" (3 bytes)
     #                   in an unknown directory
     '                   four strings:
       & h i 00          "hi\0", the constant: no NUL after it
       & a . c 00        "a.c"
       ' p u t s 00      "puts"
       ' a r g c 00      "argc"
     $                   one symbol:
       ( #               index 5, a function
       $                 one use:
	 # $             string 0, flags: call fields
	 % b * *         file "a.c", line 300 (57 + 5 + 34 * 7), column 7
	 & $ #           callee "puts", argument 1, no format
       $ &               one local name: "argc"

   With format 3's LEB128 numbers and a NUL after every string, a
   synthetic bench unit's 15 KB section was 32 KB of assembler text,
   28 % of its bytes escaped.

   A reader checks the whole section before it calls anything, so a bad
   one adds nothing and its object can be read the slow way instead.
   Every count is bounded by the bytes left before anything is
   allocated for it.

   Version 1 had no directory: GCC 12 streams relative file names with
   the compile's directory and rebases them when it reads them in
   another, and a summary has to give the same names.  Version 2 had no
   source names, and its named_array flag left out strings stored in
   place in tables.  Version 3 wrote the same fields in binary
   (LEB128 numbers, a flags byte with other bits, a NUL after every
   string).  */

#include "summary.h"

#include "util.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char summary_magic[4] = { 'L', 'S', 'U', 'M' };

/* A symbol's kind.  */
enum
{
  KIND_VARIABLE = 0x01,
  KIND_SOURCE_NAME = 0x02
};

/* A use's flags.  */
enum
{
  FLAG_CALL = 0x01,
  FLAG_INLINED = 0x02,
  FLAG_ELEM_SIZE = 0x0c,
  FLAG_ELEM_SIZE_SHIFT = 2,
  FLAG_BIG_ENDIAN = 0x10,
  FLAG_NAMED_ARRAY = 0x20,
  FLAG_OPTION_NAMES = 0x40,
  FLAG_ALL = 0x7f
};

/* The digits of a number (see the top of the file): the last digit
   is LAST_DIGIT + d, d < N_LAST; a continuation digit MORE_DIGIT + d,
   d < N_MORE.  */
enum
{
  LAST_DIGIT = 0x23,
  N_LAST = 57,
  MORE_DIGIT = 0x5d,
  N_MORE = 34
};

/* The most characters a number of 64 bits takes.  */
#define NUMBER_MAX_CHARS 13

struct ls_summary_site
ls_summary_site_of (const struct ls_site *site, bool option_names)
{
  struct ls_summary_site s;
  memset (&s, 0, sizeof s);
  s.file = site->file;
  s.line = site->line;
  s.column = site->column;
  s.inlined_from = site->inlined_from;
  s.call_file = site->call_file;
  s.call_line = site->call_line;
  s.callee = site->callee;
  s.arg_index = site->arg_index;
  s.format = site->format;
  s.named_array = site->named_array;
  s.option_names = option_names;
  return s;
}

void
ls_summary_site_apply (const struct ls_summary_site *from,
		       struct ls_site *site)
{
  site->file = from->file;
  site->line = from->line;
  site->column = from->column;
  site->inlined_from = from->inlined_from;
  site->call_file = from->call_file;
  site->call_line = from->call_line;
  site->callee = from->callee;
  site->arg_index = from->arg_index;
  site->format = from->format;
  site->named_array = from->named_array;
}

/* ------------------------------------------------------------------ */
/* Writing.                                                            */

/* A growing byte buffer.  */
struct bytes
{
  unsigned char *data;
  size_t len, alloc;
};

static void
bytes_append (struct bytes *b, const void *data, size_t n)
{
  if (n == 0)
    return;
  b->data = ls_grow_array (b->data, &b->alloc, b->len + n, 1, 256);
  memcpy (b->data + b->len, data, n);
  b->len += n;
}

static void
bytes_byte (struct bytes *b, unsigned char c)
{
  bytes_append (b, &c, 1);
}

/* V as a number: printable digits (see the top of the file), written
   in place (a compile writes a few thousand).  */
static void
bytes_number (struct bytes *b, uint64_t v)
{
  if (b->len + NUMBER_MAX_CHARS > b->alloc)
    b->data = ls_grow_array (b->data, &b->alloc, b->len + NUMBER_MAX_CHARS,
			     1, 256);
  unsigned char *out = b->data + b->len;
  for (; v >= N_LAST; v = (v - N_LAST) / N_MORE)
    *out++ = (unsigned char) (MORE_DIGIT + (v - N_LAST) % N_MORE);
  *out++ = (unsigned char) (LAST_DIGIT + v);
  b->len = (size_t) (out - b->data);
}

/* One string of the pool, as the writer knows it.  */
struct pool_string
{
  size_t offset;		/* Of its bytes in the pool buffer.  */
  size_t len;
  uint64_t hash;
  size_t name_symbol;		/* The last symbol (from 1) that listed it
				   as a name: each is listed once.  */
};

/* A symbol as the writer holds it until the section is made.  */
struct writer_symbol
{
  unsigned key;			/* What it was started with.  */
  unsigned char kind;
  size_t source_name;		/* Its pool index + 1, or 0.  */
  size_t start, end;		/* Its uses and names in SYMBOLS.  */
};

struct ls_summary_writer
{
  char *version;
  char *directory;
  struct bytes pool;		/* The encoded entries.  */
  struct pool_string *strings;
  size_t n_strings, strings_alloc;
  size_t *slots;		/* Open addressing: index + 1, 0 if free.  */
  size_t n_slots;		/* A power of two, at least twice N_STRINGS.  */
  struct bytes symbols;		/* The uses and names of finished symbols.  */
  struct writer_symbol *syms;	/* Every symbol, the current one too.  */
  size_t n_symbols, syms_alloc;
  bool in_symbol;
  struct bytes uses, names;	/* Of the current symbol.  */
  size_t n_uses, n_names;
  struct bytes out;
  bool finished;
  /* The pool index + 1 of the name last interned at each of these
     addresses: the uses of a unit give the same file and callee names,
     from the same strings, hundreds of times.  */
  struct
  {
    const char *name;
    size_t index;
  } recent_names[64];
};

ls_summary_writer *
ls_summary_writer_new (const char *version)
{
  ls_summary_writer *w = ls_xcalloc (1, sizeof *w);
  w->version = ls_xstrdup (version ? version : "");
  w->directory = ls_xstrdup ("");
  w->n_slots = 64;
  w->slots = ls_xcalloc (w->n_slots, sizeof *w->slots);
  return w;
}

void
ls_summary_writer_free (ls_summary_writer *w)
{
  if (!w)
    return;
  free (w->version);
  free (w->directory);
  free (w->syms);
  free (w->pool.data);
  free (w->strings);
  free (w->slots);
  free (w->symbols.data);
  free (w->uses.data);
  free (w->names.data);
  free (w->out.data);
  free (w);
}

static void
rehash (ls_summary_writer *w)
{
  free (w->slots);
  w->n_slots *= 2;
  w->slots = ls_xcalloc (w->n_slots, sizeof *w->slots);
  for (size_t i = 0; i < w->n_strings; i++)
    {
      size_t s = w->strings[i].hash & (w->n_slots - 1);
      while (w->slots[s])
	s = (s + 1) & (w->n_slots - 1);
      w->slots[s] = i + 1;
    }
}

/* The pool index of the LEN bytes at DATA, added if new.  */
static size_t
intern (ls_summary_writer *w, const void *data, size_t len)
{
  uint64_t h = ls_hash_bytes (LS_HASH_SEED, data, len);
  size_t s = h & (w->n_slots - 1);
  for (; w->slots[s]; s = (s + 1) & (w->n_slots - 1))
    {
      const struct pool_string *e = &w->strings[w->slots[s] - 1];
      if (e->hash == h && e->len == len
	  && (len == 0 || memcmp (w->pool.data + e->offset, data, len) == 0))
	return w->slots[s] - 1;
    }
  size_t index = w->n_strings;
  w->strings = ls_grow_array (w->strings, &w->strings_alloc, index + 1,
			      sizeof *w->strings, 64);
  bytes_number (&w->pool, len);
  struct pool_string *e = &w->strings[index];
  e->offset = w->pool.len;
  e->len = len;
  e->hash = h;
  e->name_symbol = 0;
  bytes_append (&w->pool, data, len);
  /* A string that holds a NUL (a constant's terminator) needs no other
     to be read as a C string.  */
  if (!memchr (data, 0, len))
    bytes_byte (&w->pool, 0);
  w->n_strings++;
  w->slots[s] = index + 1;
  if (w->n_strings * 2 > w->n_slots)
    rehash (w);
  return index;
}

/* The pool index of the name NAME, added if new.  A name given again
   at the same address is not hashed again, once its bytes are found
   the same as the pool's (which holds a NUL after a name).  */
static size_t
intern_name (ls_summary_writer *w, const char *name)
{
  size_t slot = ((uintptr_t) name >> 3) % (sizeof w->recent_names
					   / sizeof *w->recent_names);
  size_t cached = w->recent_names[slot].index;
  if (w->recent_names[slot].name == name && cached
      && strcmp ((const char *) w->pool.data
		 + w->strings[cached - 1].offset, name) == 0)
    return cached - 1;
  size_t index = intern (w, name, strlen (name));
  w->recent_names[slot].name = name;
  w->recent_names[slot].index = index + 1;
  return index;
}

/* An optional name: its pool index + 1, or 0 for NULL.  */
static void
write_optional_name (ls_summary_writer *w, struct bytes *b, const char *name)
{
  bytes_number (b, name ? intern_name (w, name) + 1 : 0);
}

/* Move the current symbol's uses and names after its header.  */
static void
flush_symbol (ls_summary_writer *w)
{
  if (!w->in_symbol)
    return;
  bytes_number (&w->symbols, w->n_uses);
  bytes_append (&w->symbols, w->uses.data, w->uses.len);
  bytes_number (&w->symbols, w->n_names);
  bytes_append (&w->symbols, w->names.data, w->names.len);
  w->syms[w->n_symbols - 1].end = w->symbols.len;
  w->uses.len = w->names.len = 0;
  w->n_uses = w->n_names = 0;
  w->in_symbol = false;
}

void
ls_summary_writer_directory (ls_summary_writer *w, const char *dir)
{
  if (w->finished)
    return;
  free (w->directory);
  w->directory = ls_xstrdup (dir ? dir : "");
}

void
ls_summary_writer_symbol (ls_summary_writer *w, unsigned index,
			  enum ls_summary_kind kind)
{
  if (w->finished)
    return;
  flush_symbol (w);
  w->syms = ls_grow_array (w->syms, &w->syms_alloc, w->n_symbols + 1,
			   sizeof *w->syms, 64);
  struct writer_symbol *sym = &w->syms[w->n_symbols++];
  sym->key = index;
  sym->kind = kind == LS_SUMMARY_VARIABLE ? KIND_VARIABLE : 0;
  sym->source_name = 0;
  sym->start = sym->end = w->symbols.len;
  w->in_symbol = true;
}

static int
elem_size_code (unsigned elem_size)
{
  switch (elem_size)
    {
    case 1:
      return 0;
    case 2:
      return 1;
    case 4:
      return 2;
    default:
      return -1;
    }
}

bool
ls_summary_writer_use (ls_summary_writer *w, const void *bytes,
		       size_t nbytes, unsigned elem_size, bool big_endian,
		       const struct ls_summary_site *site)
{
  static const struct ls_summary_site no_site;
  if (!site)
    site = &no_site;
  int code = elem_size_code (elem_size);
  if (!w->in_symbol || w->finished || code < 0 || site->format > LS_FORMAT_ARG)
    return false;
  bool inlined = site->inlined_from || site->call_file || site->call_line;
  bool call = site->callee || site->arg_index || site->format;
  unsigned flags = (unsigned) code << FLAG_ELEM_SIZE_SHIFT
		   | (big_endian ? FLAG_BIG_ENDIAN : 0)
		   | (site->named_array ? FLAG_NAMED_ARRAY : 0)
		   | (site->option_names ? FLAG_OPTION_NAMES : 0)
		   | (inlined ? FLAG_INLINED : 0) | (call ? FLAG_CALL : 0);
  struct bytes *b = &w->uses;
  bytes_number (b, intern (w, nbytes ? bytes : "", nbytes));
  bytes_number (b, flags);
  write_optional_name (w, b, site->file);
  bytes_number (b, site->line);
  bytes_number (b, site->column);
  if (inlined)
    {
      write_optional_name (w, b, site->inlined_from);
      write_optional_name (w, b, site->call_file);
      bytes_number (b, site->call_line);
    }
  if (call)
    {
      write_optional_name (w, b, site->callee);
      bytes_number (b, site->arg_index);
      bytes_number (b, site->format);
    }
  w->n_uses++;
  return true;
}

void
ls_summary_writer_source_name (ls_summary_writer *w, const char *name)
{
  if (w->finished || !w->in_symbol || !name)
    return;
  w->syms[w->n_symbols - 1].source_name = intern (w, name, strlen (name)) + 1;
}

void
ls_summary_writer_name (ls_summary_writer *w, const char *name)
{
  if (!name || !w->in_symbol || w->finished)
    return;
  size_t index = intern (w, name, strlen (name));
  if (w->strings[index].name_symbol == w->n_symbols)
    return;
  w->strings[index].name_symbol = w->n_symbols;
  bytes_number (&w->names, index);
  w->n_names++;
}

const unsigned char *
ls_summary_writer_finish_indexed (ls_summary_writer *w,
				  bool (*index_of) (void *ctx, unsigned key,
						    unsigned *index),
				  void *ctx, size_t *len)
{
  if (!w->finished)
    {
      flush_symbol (w);
      /* The final index of each symbol, in KEY; kind 0xff: left out.  */
      size_t kept = 0;
      for (size_t i = 0; i < w->n_symbols; i++)
	{
	  struct writer_symbol *sym = &w->syms[i];
	  unsigned index = sym->key;
	  if (index_of && !index_of (ctx, sym->key, &index))
	    sym->kind = 0xff;
	  else
	    {
	      sym->key = index;
	      kept++;
	    }
	}
      struct bytes *out = &w->out;
      bytes_append (out, summary_magic, sizeof summary_magic);
      bytes_number (out, LS_SUMMARY_VERSION);
      bytes_number (out, strlen (w->version));
      bytes_append (out, w->version, strlen (w->version));
      bytes_number (out, strlen (w->directory));
      bytes_append (out, w->directory, strlen (w->directory));
      bytes_number (out, w->n_strings);
      bytes_append (out, w->pool.data, w->pool.len);
      bytes_number (out, kept);
      for (size_t i = 0; i < w->n_symbols; i++)
	{
	  const struct writer_symbol *sym = &w->syms[i];
	  if (sym->kind == 0xff)
	    continue;
	  bytes_number (out, sym->key);
	  bytes_number (out, sym->kind | (sym->source_name ? KIND_SOURCE_NAME
							   : 0));
	  if (sym->source_name)
	    bytes_number (out, sym->source_name);
	  bytes_append (out, w->symbols.data + sym->start,
			sym->end - sym->start);
	}
      w->finished = true;
    }
  *len = w->out.len;
  return w->out.data;
}

const unsigned char *
ls_summary_writer_finish (ls_summary_writer *w, size_t *len)
{
  return ls_summary_writer_finish_indexed (w, NULL, NULL, len);
}

/* ------------------------------------------------------------------ */
/* Reading.                                                            */

/* A string of the pool, as the reader found it.  */
struct pool_entry
{
  /* Of its bytes in the section.  32 bits, as a section is refused
     from 4 GiB (ls_summary_section_new): a link keeps every unit's pool
     index until the end of WPA, some 300,000 entries at 50,000
     functions.  */
  uint32_t offset, len;
  uint32_t name_symbol;		/* The last symbol (from 1) that listed it
				   as a name, while checking.  */
  bool is_name;			/* No NUL inside.  */
};

/* Where a symbol's part of a section is.  */
struct section_symbol
{
  unsigned index;
  enum ls_summary_kind kind;
  /* Its name in the source as a pool index plus one, or 0; where the
     number of its uses is in the section's bytes (under 4 GiB).  Not
     pointers, so that they stay right when the bytes are let go and
     taken back (ls_summary_section_let_go).  */
  uint32_t source_name;
  uint32_t offset;
};

/* A section checked and kept (ls_summary_section_new).  */
struct ls_summary_section
{
  unsigned char *data;
  size_t len;
  bool in_place;		/* DATA is the caller's, not a copy.  */
  struct pool_entry *pool;
  size_t n_pool;
  char *directory;
  struct section_symbol *symbols;
  size_t n_symbols;
  char *prefix;			/* Of relative file names, or NULL.  */
  char **rebased;		/* Pool entries with PREFIX, made when asked.  */
  uint64_t hash;		/* Of DATA, while it is let go (NULL).  */
  /* Each pool entry as the program INTERNING_INTO (of ls_program_id
     INTERNED_FOR) interned it, as a name and as a (rebased) file, made
     when asked while ls_summary_add_symbol visits (INTERNING_INTO
     set).  */
  uint64_t interned_for;
  ls_program *interning_into;
  const char **interned_names, **interned_files;
  /* Whether a pool entry was passed on as a symbol's name while adding
     to that program: adding a name twice adds nothing.  */
  unsigned char *names_added;
};

struct reader
{
  const unsigned char *data;
  size_t len, pos;
  struct pool_entry *pool;
  size_t n_pool;
  size_t dir_offset, dir_len;	/* The compile's directory.  */
  ls_summary_section *section;	/* When visiting a kept section.  */
  bool checking;		/* Not visiting: the first pass.  */
  size_t symbols_read;		/* While checking.  */
  char *err;			/* The first error.  */
  bool failed;
};

/* Fail with the message FMT; the first failure is the one kept.  */
static bool fail (struct reader *r, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3), cold));

static bool
fail (struct reader *r, const char *fmt, ...)
{
  if (!r->failed)
    {
      va_list ap;
      va_start (ap, fmt);
      char *msg = NULL;
      if (vasprintf (&msg, fmt, ap) < 0)
	msg = NULL;
      va_end (ap);
      r->err = msg;
      r->failed = true;
    }
  return false;
}

static size_t
remaining (const struct reader *r)
{
  return r->len - r->pos;
}

static bool
read_byte (struct reader *r, unsigned *out)
{
  *out = 0;
  if (r->pos >= r->len)
    return fail (r, "truncated at byte %zu", r->pos);
  *out = r->data[r->pos++];
  return true;
}

/* A number of continuation digits and its last digit: the sum of
   (N_LAST + d) * N_MORE^i over the continuation digits d, then
   N_MORE^k times the last.  */
static bool
read_long_number (struct reader *r, uint64_t *out)
{
  *out = 0;
  size_t start = r->pos;
  uint64_t v = 0, scale = 1;
  for (;;)
    {
      if (r->pos >= r->len)
	return fail (r, "truncated at byte %zu", r->pos);
      unsigned c = r->data[r->pos++];
      uint64_t d, term;
      bool last = c >= LAST_DIGIT && c < LAST_DIGIT + N_LAST;
      if (last)
	d = c - LAST_DIGIT;
      else if (c >= MORE_DIGIT && c < MORE_DIGIT + N_MORE)
	d = N_LAST + (c - MORE_DIGIT);
      else
	return fail (r, "bad digit 0x%02x of a number at byte %zu", c,
		     r->pos - 1);
      if (__builtin_mul_overflow (d, scale, &term)
	  || __builtin_add_overflow (v, term, &v))
	return fail (r, "number too large at byte %zu", start);
      if (last)
	break;
      if (__builtin_mul_overflow (scale, (uint64_t) N_MORE, &scale))
	return fail (r, "number too large at byte %zu", start);
    }
  *out = v;
  return true;
}

/* Most numbers (indices, counts, columns) take one character and most
   of the rest (lines, pool indices up to 1,994) two: those cases
   inline (the 52k-function bench program's summaries hold some two
   million numbers, each read more than once).  */
static inline bool
read_number (struct reader *r, uint64_t *out)
{
  if (r->pos < r->len)
    {
      unsigned d = r->data[r->pos] - (unsigned) LAST_DIGIT;
      if (d < N_LAST)
	{
	  *out = d;
	  r->pos++;
	  return true;
	}
      unsigned more = r->data[r->pos] - (unsigned) MORE_DIGIT;
      if (more < N_MORE && r->pos + 1 < r->len)
	{
	  unsigned last = r->data[r->pos + 1] - (unsigned) LAST_DIGIT;
	  if (last < N_LAST)
	    {
	      *out = N_LAST + more + (uint64_t) N_MORE * last;
	      r->pos += 2;
	      return true;
	    }
	}
    }
  return read_long_number (r, out);
}

/* A number that fits in an unsigned (lines, columns, indices).  */
static inline bool
read_unsigned (struct reader *r, const char *what, unsigned *out)
{
  *out = 0;
  size_t start = r->pos;
  uint64_t v;
  if (!read_number (r, &v))
    return false;
  if (v > UINT_MAX)
    return fail (r, "%s %llu at byte %zu is too large", what,
		 (unsigned long long) v, start);
  *out = (unsigned) v;
  return true;
}

/* A count of things that take at least MIN_BYTES each: no more than
   the bytes left can hold.  */
static inline bool
read_count (struct reader *r, const char *what, size_t min_bytes,
	    size_t *out)
{
  *out = 0;
  size_t start = r->pos;
  uint64_t v;
  if (!read_number (r, &v))
    return false;
  if (v > remaining (r) / min_bytes)
    return fail (r, "%llu %s at byte %zu cannot fit in the %zu bytes left",
		 (unsigned long long) v, what, start, remaining (r));
  *out = (size_t) v;
  return true;
}

/* The first bytes of the N at S, made printable, into OUT of SIZE.  */
static void
printable_prefix (const unsigned char *s, size_t n, char *out, size_t size)
{
  size_t i;
  for (i = 0; i < n && i + 1 < size; i++)
    out[i] = s[i] >= 0x20 && s[i] < 0x7f ? (char) s[i] : '?';
  out[i] = '\0';
}

static bool
read_header (struct reader *r, const char *version)
{
  size_t n = r->len < sizeof summary_magic ? r->len : sizeof summary_magic;
  if (n == 0)
    return fail (r, "truncated at byte 0");
  if (memcmp (r->data, summary_magic, n) != 0)
    return fail (r, "bad magic: not an ltospell summary");
  if (n < sizeof summary_magic)
    return fail (r, "truncated at byte %zu", n);
  r->pos = n;
  uint64_t format;
  /* Versions 1 to 3 wrote their number as one binary byte.  */
  if (r->pos < r->len && r->data[r->pos] >= 1 && r->data[r->pos] <= 3)
    format = r->data[r->pos++];
  else if (!read_number (r, &format))
    return false;
  if (format != LS_SUMMARY_VERSION)
    return fail (r, "made by summary format version %llu, this ltospell "
		 "reads %d", (unsigned long long) format, LS_SUMMARY_VERSION);
  size_t vlen;
  if (!read_count (r, "bytes of version", 1, &vlen))
    return false;
  const unsigned char *made_by = r->data + r->pos;
  r->pos += vlen;
  if (version && (strlen (version) != vlen
		  || memcmp (made_by, version, vlen) != 0))
    {
      char shown[65];
      printable_prefix (made_by, vlen, shown, sizeof shown);
      return fail (r, "made by ltospell %s, this is ltospell %s", shown,
		   version);
    }
  size_t dlen;
  if (!read_count (r, "bytes of directory", 1, &dlen))
    return false;
  if (memchr (r->data + r->pos, 0, dlen))
    return fail (r, "the directory at byte %zu holds a NUL byte", r->pos);
  r->dir_offset = r->pos;
  r->dir_len = dlen;
  r->pos += dlen;
  return true;
}

static bool
read_pool (struct reader *r)
{
  /* An entry takes two bytes at least: its length, and a NUL or a
     byte that is one.  */
  if (!read_count (r, "strings", 2, &r->n_pool))
    return false;
  r->pool = ls_big_alloc (r->n_pool * sizeof *r->pool);
  for (size_t i = 0; i < r->n_pool; i++)
    {
      struct pool_entry *e = &r->pool[i];
      size_t len;
      if (!read_count (r, "bytes of a string", 1, &len))
	return false;
      e->offset = (uint32_t) r->pos;
      e->len = (uint32_t) len;
      e->is_name = memchr (r->data + r->pos, 0, len) == NULL;
      e->name_symbol = 0;
      r->pos += len;
      if (!e->is_name)
	continue;
      unsigned nul;
      if (!read_byte (r, &nul))
	return false;
      if (nul != 0)
	return fail (r, "string %zu is not followed by a NUL at byte %zu", i,
		     r->pos - 1);
    }
  return true;
}

/* A pool index; *OUT is its entry.  */
static inline bool
read_string (struct reader *r, const struct pool_entry **out)
{
  *out = NULL;
  size_t start = r->pos;
  uint64_t v;
  if (!read_number (r, &v))
    return false;
  if (v >= r->n_pool)
    return fail (r, "string %llu at byte %zu is not in the pool of %zu",
		 (unsigned long long) v, start, r->n_pool);
  *out = &r->pool[v];
  return true;
}

/* A pool index of a name; *OUT points to it in the section, *INDEX
   is the index.  */
static bool
read_name (struct reader *r, const char **out, size_t *index)
{
  *out = NULL;
  size_t start = r->pos;
  const struct pool_entry *e;
  if (!read_string (r, &e))
    return false;
  if (!e->is_name)
    return fail (r, "the name at byte %zu holds a NUL byte", start);
  /* The writer lists a name once per symbol: a reader that passed one
     on twice would not give back what was written.  */
  if (r->checking)
    {
      struct pool_entry *m = &r->pool[e - r->pool];
      if (m->name_symbol == r->symbols_read)
	return fail (r, "the name at byte %zu is listed twice", start);
      m->name_symbol = (uint32_t) r->symbols_read;
    }
  *out = (const char *) r->data + e->offset;
  *index = (size_t) (e - r->pool);
  return true;
}

/* A name stored as its pool index + 1, or 0 for NULL.  *INDEX is its
   pool index when there is one.  */
static inline bool
read_optional_name_at (struct reader *r, const char **out, size_t *index)
{
  size_t start = r->pos;
  uint64_t v;
  *out = NULL;
  *index = 0;
  if (!read_number (r, &v))
    return false;
  if (v == 0)
    return true;
  if (v - 1 >= r->n_pool)
    return fail (r, "string %llu at byte %zu is not in the pool of %zu",
		 (unsigned long long) (v - 1), start, r->n_pool);
  const struct pool_entry *e = &r->pool[v - 1];
  if (!e->is_name)
    return fail (r, "the name at byte %zu holds a NUL byte", start);
  *out = (const char *) r->data + e->offset;
  *index = (size_t) (v - 1);
  return true;
}

/* NAME, pool entry INDEX of the section R visits, as interned by the
   program it adds to (in *CACHE, one a pool entry, made when asked);
   NAME itself when no program is set.  */
static const char *
interned (struct reader *r, const char ***cache, size_t index,
	  const char *name)
{
  ls_summary_section *s = r->section;
  if (!s || !s->interning_into || !name)
    return name;
  if (!*cache)
    *cache = ls_big_calloc (s->n_pool, sizeof **cache);
  if (!(*cache)[index])
    (*cache)[index] = ls_program_intern (s->interning_into, name);
  return (*cache)[index];
}

static inline bool
read_optional_name (struct reader *r, const char **out)
{
  size_t index;
  if (!read_optional_name_at (r, out, &index))
    return false;
  if (*out && r->section)
    *out = interned (r, &r->section->interned_names, index, *out);
  return true;
}

/* A file name: as read_optional_name, relative to the link's directory
   when the section being visited was rebased.  */
static inline bool
read_optional_file (struct reader *r, const char **out)
{
  size_t index;
  if (!read_optional_name_at (r, out, &index))
    return false;
  ls_summary_section *s = r->section;
  if (*out && s && s->prefix && (*out)[0] != '/')
    {
      if (!s->rebased)
	s->rebased = ls_big_calloc (s->n_pool, sizeof *s->rebased);
      if (!s->rebased[index])
	s->rebased[index] = ls_xasprintf ("%s%s", s->prefix, *out);
      *out = s->rebased[index];
    }
  if (*out && s)
    *out = interned (r, &s->interned_files, index, *out);
  return true;
}

static bool
read_use (struct reader *r, const struct ls_summary_visitor *v, void *ctx)
{
  const struct pool_entry *str;
  if (!read_string (r, &str))
    return false;
  size_t flags_at = r->pos;
  unsigned flags;
  if (!read_unsigned (r, "flags", &flags))
    return false;
  static const unsigned elem_sizes[] = { 1, 2, 4, 0 };
  unsigned elem_size
    = elem_sizes[(flags & FLAG_ELEM_SIZE) >> FLAG_ELEM_SIZE_SHIFT];
  if (elem_size == 0 || (flags & ~(unsigned) FLAG_ALL))
    return fail (r, "bad flags 0x%02x at byte %zu", flags, flags_at);
  struct ls_summary_site s;
  memset (&s, 0, sizeof s);
  s.named_array = (flags & FLAG_NAMED_ARRAY) != 0;
  s.option_names = (flags & FLAG_OPTION_NAMES) != 0;
  if (!read_optional_file (r, &s.file)
      || !read_unsigned (r, "line", &s.line)
      || !read_unsigned (r, "column", &s.column))
    return false;
  if ((flags & FLAG_INLINED)
      && (!read_optional_name (r, &s.inlined_from)
	  || !read_optional_file (r, &s.call_file)
	  || !read_unsigned (r, "call line", &s.call_line)))
    return false;
  if (flags & FLAG_CALL)
    {
      if (!read_optional_name (r, &s.callee)
	  || !read_unsigned (r, "argument index", &s.arg_index)
	  || !read_unsigned (r, "format kind", &s.format))
	return false;
      if (s.format > LS_FORMAT_ARG)
	return fail (r, "unknown format kind %u before byte %zu", s.format,
		     r->pos);
    }
  if (v && v->use)
    v->use (ctx, r->data + str->offset, str->len, elem_size,
	    (flags & FLAG_BIG_ENDIAN) != 0, &s);
  return true;
}

/* The uses and names of a symbol, from its number of uses on.  */
static bool read_symbol_body (struct reader *r,
			      const struct ls_summary_visitor *v, void *ctx);

/* Was pool entry INDEX passed on as a name before, while adding the
   section R visits to a program (ls_summary_add_symbol)?  Marks it
   passed.  Units list the same local names in function after
   function ("i", "buf"): the 52k-function bench program's 160,000
   names cost 29 M instructions to add again.  */
static bool
added_before (struct reader *r, size_t index)
{
  ls_summary_section *s = r->section;
  if (!s || !s->interning_into)
    return false;
  if (!s->names_added)
    s->names_added = ls_big_calloc (s->n_pool, 1);
  if (s->names_added[index])
    return true;
  s->names_added[index] = 1;
  return false;
}

/* One symbol: checked only when V is NULL, visited with V.  Where it
   is goes to *AT when AT is not NULL.  */
static bool
read_symbol (struct reader *r, const struct ls_summary_visitor *check,
	     const struct ls_summary_visitor *v, void *ctx,
	     struct section_symbol *at)
{
  unsigned index, byte;
  size_t start = r->pos;
  if (!read_unsigned (r, "symbol index", &index))
    return false;
  size_t kind_at = r->pos;
  if (!read_unsigned (r, "symbol kind", &byte))
    return false;
  if (byte & ~(unsigned) (KIND_VARIABLE | KIND_SOURCE_NAME))
    return fail (r, "unknown symbol kind %u at byte %zu", byte, kind_at);
  unsigned kind = byte & KIND_VARIABLE ? LS_SUMMARY_VARIABLE
				       : LS_SUMMARY_FUNCTION;
  const char *source_name = NULL;
  size_t source_index = 0;
  if (byte & KIND_SOURCE_NAME)
    {
      size_t name_at = r->pos;
      if (!read_optional_name_at (r, &source_name, &source_index))
	return false;
      if (!source_name)
	return fail (r, "no source name at byte %zu", name_at);
    }
  if (check && check->accept_symbol
      && !check->accept_symbol (ctx, index, (enum ls_summary_kind) kind))
    return fail (r, "symbol %u at byte %zu is not a %s of the object", index,
		 start, kind == LS_SUMMARY_VARIABLE ? "variable" : "function");
  r->symbols_read++;
  if (at)
    {
      at->index = index;
      at->kind = (enum ls_summary_kind) kind;
      at->source_name = source_name ? (uint32_t) source_index + 1 : 0;
      at->offset = (uint32_t) r->pos;
    }
  if (v && v->symbol)
    v->symbol (ctx, index, (enum ls_summary_kind) kind);
  return read_symbol_body (r, v, ctx);
}

static bool
read_symbol_body (struct reader *r, const struct ls_summary_visitor *v,
		  void *ctx)
{
  size_t n;
  /* A use takes five bytes at least: string, flags, file, line, column.  */
  if (!read_count (r, "uses", 5, &n))
    return false;
  for (size_t i = 0; i < n; i++)
    if (!read_use (r, v, ctx))
      return false;
  if (!read_count (r, "names", 1, &n))
    return false;
  for (size_t i = 0; i < n; i++)
    {
      const char *name;
      size_t index = 0;
      if (!read_name (r, &name, &index))
	return false;
      if (v && v->name && !added_before (r, index))
	v->name (ctx, name);
    }
  return true;
}

/* The symbols from the current position to the end of the section.  */
static bool
read_symbols (struct reader *r, const struct ls_summary_visitor *check,
	      const struct ls_summary_visitor *v, void *ctx)
{
  size_t n;
  /* A symbol takes four bytes at least: index, kind and two counts.  */
  if (!read_count (r, "symbols", 4, &n))
    return false;
  for (size_t i = 0; i < n; i++)
    if (!read_symbol (r, check, v, ctx, NULL))
      return false;
  if (r->pos != r->len)
    return fail (r, "trailing bytes after the last symbol, at byte %zu",
		 r->pos);
  return true;
}

int
ls_summary_read (const void *data, size_t len, const char *version,
		 const struct ls_summary_visitor *v, void *ctx, char **err)
{
  struct reader r;
  memset (&r, 0, sizeof r);
  r.data = data;
  r.len = len;
  *err = NULL;
  bool ok = read_header (&r, version) && read_pool (&r);
  size_t symbols_at = r.pos;
  /* Check everything, then visit: the second pass reads bytes the
     first has accepted.  */
  r.checking = true;
  ok = ok && read_symbols (&r, v, NULL, ctx);
  r.checking = false;
  if (ok)
    {
      r.pos = symbols_at;
      ok = read_symbols (&r, NULL, v, ctx);
    }
  ls_big_free (r.pool, r.n_pool * sizeof *r.pool);
  if (ok)
    return 0;
  *err = r.err;
  return -1;
}

/* ------------------------------------------------------------------ */
/* Keeping a section.                                                  */

ls_summary_section *
ls_summary_section_new_in_place (const void *data, size_t len,
				 const char *version,
				 const struct ls_summary_visitor *check,
				 void *ctx, char **err)
{
  if (len > UINT32_MAX)
    {
      *err = ls_xasprintf ("the section has %zu bytes, more than 4 GiB", len);
      return NULL;
    }
  ls_summary_section *s = ls_xcalloc (1, sizeof *s);
  s->in_place = true;
  s->data = (unsigned char *) data;
  s->len = len;
  struct reader r;
  memset (&r, 0, sizeof r);
  r.data = s->data;
  r.len = len;
  r.checking = true;
  *err = NULL;
  bool ok = read_header (&r, version) && read_pool (&r);
  size_t n = 0;
  /* A symbol takes four bytes at least: index, kind and two counts.  */
  ok = ok && read_count (&r, "symbols", 4, &n);
  if (ok)
    {
      s->symbols = ls_big_alloc (n * sizeof *s->symbols);
      s->n_symbols = n;
      for (size_t i = 0; ok && i < n; i++)
	ok = read_symbol (&r, check, NULL, ctx, &s->symbols[i]);
      if (ok && r.pos != r.len)
	ok = fail (&r, "trailing bytes after the last symbol, at byte %zu",
		   r.pos);
    }
  s->pool = r.pool;
  s->n_pool = r.n_pool;
  if (!ok)
    {
      *err = r.err;
      ls_summary_section_free (s);
      return NULL;
    }
  s->directory = ls_xstrndup ((const char *) s->data + r.dir_offset,
			      r.dir_len);
  return s;
}

ls_summary_section *
ls_summary_section_new (const void *data, size_t len, const char *version,
			const struct ls_summary_visitor *check, void *ctx,
			char **err)
{
  ls_summary_section *s = ls_summary_section_new_in_place (data, len, version,
							   check, ctx, err);
  if (s)
    ls_summary_section_keep_copy (s);
  return s;
}

void
ls_summary_section_keep_copy (ls_summary_section *s)
{
  if (!s->in_place || !s->data)
    return;
  /* A large unit's section, its pool and its symbols are util.h's big
     blocks: freed in the pass of a small program.  */
  unsigned char *copy = ls_big_alloc (s->len);
  if (s->len)
    memcpy (copy, s->data, s->len);
  s->data = copy;
  s->in_place = false;
}

/* Let go of S's bytes: freed if they are S's copy.  */
static void
drop_bytes (ls_summary_section *s)
{
  if (!s->in_place)
    ls_big_free (s->data, s->len);
  s->data = NULL;
  s->in_place = false;
}

/* Forget the names S interned (the program keeps them).  */
static void
free_interned (ls_summary_section *s)
{
  ls_big_free (s->interned_names, s->n_pool * sizeof *s->interned_names);
  ls_big_free (s->interned_files, s->n_pool * sizeof *s->interned_files);
  ls_big_free (s->names_added, s->n_pool);
  s->interned_names = s->interned_files = NULL;
  s->names_added = NULL;
}

/* Free the pool entries S made with its prefix, and those it
   interned.  */
static void
free_rebased (ls_summary_section *s)
{
  if (s->rebased)
    for (size_t i = 0; i < s->n_pool; i++)
      free (s->rebased[i]);
  ls_big_free (s->rebased, s->n_pool * sizeof *s->rebased);
  s->rebased = NULL;
  free_interned (s);
}

void
ls_summary_section_let_go (ls_summary_section *s)
{
  if (!s->data)
    return;
  s->hash = ls_hash_long (LS_HASH_SEED, s->data, s->len);
  free_rebased (s);
  ls_big_free (s->pool, s->n_pool * sizeof *s->pool);
  s->pool = NULL;
  s->n_pool = 0;
  drop_bytes (s);
}

bool
ls_summary_section_has_bytes (const ls_summary_section *s)
{
  return s->data != NULL;
}

bool
ls_summary_section_take_back (ls_summary_section *s, const void *data,
			      size_t len, const char *version)
{
  if (s->data)
    return true;
  if (len != s->len || ls_hash_long (LS_HASH_SEED, data, len) != s->hash)
    return false;
  struct reader r;
  memset (&r, 0, sizeof r);
  r.data = data;
  r.len = len;
  r.checking = true;
  /* The bytes checked before: the pool is read again for its entries,
     the symbols are where they were.  */
  if (!read_header (&r, version) || !read_pool (&r))
    {
      free (r.err);
      ls_big_free (r.pool, r.n_pool * sizeof *r.pool);
      return false;
    }
  s->data = (unsigned char *) data;
  s->in_place = true;
  s->pool = r.pool;
  s->n_pool = r.n_pool;
  return true;
}

void
ls_summary_section_free (ls_summary_section *s)
{
  if (!s)
    return;
  free_rebased (s);
  free (s->prefix);
  free (s->directory);
  ls_big_free (s->symbols, s->n_symbols * sizeof *s->symbols);
  ls_big_free (s->pool, s->n_pool * sizeof *s->pool);
  drop_bytes (s);
  free (s);
}

size_t
ls_summary_section_n_symbols (const ls_summary_section *s)
{
  return s->n_symbols;
}

unsigned
ls_summary_section_index (const ls_summary_section *s, size_t i)
{
  return s->symbols[i].index;
}

enum ls_summary_kind
ls_summary_section_kind (const ls_summary_section *s, size_t i)
{
  return s->symbols[i].kind;
}

const char *
ls_summary_section_directory (const ls_summary_section *s)
{
  return s->directory;
}

void
ls_summary_section_rebase (ls_summary_section *s, const char *link_dir)
{
  free_rebased (s);
  free (s->prefix);
  s->prefix = link_dir ? ls_summary_dir_prefix (s->directory, link_dir)
		       : NULL;
}

const char *
ls_summary_section_source_name (const ls_summary_section *s, size_t i)
{
  if (i >= s->n_symbols || !s->data || !s->symbols[i].source_name)
    return NULL;
  /* The pool read again with the bytes taken back is checked: an index
     beyond it, or an entry no longer a name, gives none.  */
  size_t index = s->symbols[i].source_name - 1;
  if (index >= s->n_pool || !s->pool[index].is_name)
    return NULL;
  return (const char *) s->data + s->pool[index].offset;
}

void
ls_summary_section_visit (ls_summary_section *s, size_t i,
			  const struct ls_summary_visitor *v, void *ctx)
{
  if (i >= s->n_symbols || !s->data)
    return;
  struct reader r;
  memset (&r, 0, sizeof r);
  r.data = s->data;
  r.len = s->len;
  r.pos = s->symbols[i].offset;
  r.pool = s->pool;
  r.n_pool = s->n_pool;
  r.section = s;
  if (v && v->symbol)
    v->symbol (ctx, s->symbols[i].index, s->symbols[i].kind);
  /* Checked when the section was kept: this cannot fail.  */
  read_symbol_body (&r, v, ctx);
  free (r.err);
}

/* Adding a symbol's uses and names to a program.  */
struct add_state
{
  ls_program *program;
  const struct ls_site *site;
  size_t uses;
};

static void
add_use (void *ctx, const unsigned char *bytes, size_t nbytes,
	 unsigned elem_size, bool big_endian,
	 const struct ls_summary_site *from)
{
  struct add_state *st = ctx;
  struct ls_site site = *st->site;
  ls_summary_site_apply (from, &site);
  ls_program_add_use (st->program, bytes, nbytes, elem_size, big_endian,
		      &site);
  /* Up to its first NUL, as the walk adds it: a pool string holds one
     or has one after it.  */
  if (from->option_names && elem_size == 1)
    ls_program_add_name (st->program, (const char *) bytes);
  st->uses++;
}

static void
add_name (void *ctx, const char *name)
{
  struct add_state *st = ctx;
  ls_program_add_name (st->program, name);
}

size_t
ls_summary_add_symbol (ls_program *p, ls_summary_section *s, size_t i,
		       const struct ls_site *site)
{
  static const struct ls_summary_visitor adding = {
    NULL, NULL, add_use, add_name
  };
  /* Every name of a use interned once: the symbol's here, the pool's
     names when first read (interned), not seven at each use as
     ls_program_add_use does (on the 52k-function bench program's
     160,000 uses, 54 M instructions of interning became 19 M, and the
     adding 242 -> 223 M).  A section keeps the
     names of one program at a time, known by its number: a program
     freed and another made at its address must not find the first
     one's names.  */
  if (s->interned_for != ls_program_id (p))
    {
      free_interned (s);
      s->interned_for = ls_program_id (p);
    }
  struct ls_site named = *site;
  ls_program_intern_site (p, &named);
  named.names_interned = true;
  struct add_state st = { p, &named, 0 };
  s->interning_into = p;
  ls_summary_section_visit (s, i, &adding, &st);
  s->interning_into = NULL;
  return st.uses;
}

static void
copy_use (void *ctx, const unsigned char *bytes, size_t nbytes,
	  unsigned elem_size, bool big_endian,
	  const struct ls_summary_site *site)
{
  ls_summary_writer_use (ctx, bytes, nbytes, elem_size, big_endian, site);
}

static void
copy_name (void *ctx, const char *name)
{
  ls_summary_writer_name (ctx, name);
}

void
ls_summary_copy_symbol (ls_summary_writer *w, ls_summary_section *s, size_t i)
{
  static const struct ls_summary_visitor copying = {
    NULL, NULL, copy_use, copy_name
  };
  ls_summary_writer_source_name (w, ls_summary_section_source_name (s, i));
  ls_summary_section_visit (s, i, &copying, w);
}

/* GCC's relative_path_prefix (lto-streamer-in.cc): the path from CWD
   to DATA_WD, both absolute, "." when they are the same.  */
static char *
relative_path (const char *data_wd, const char *cwd)
{
  const char *d = data_wd, *c = cwd;
  for (;;)
    {
      while (*d == '/')
	d++;
      while (*c == '/')
	c++;
      size_t i;
      for (i = 0; c[i] && c[i] != '/' && c[i] == d[i]; i++)
	;
      if ((c[i] == '\0' || c[i] == '/') && (d[i] == '\0' || d[i] == '/'))
	{
	  c += i;
	  d += i;
	  if (*c == '\0' || *d == '\0')
	    break;
	}
      else
	break;
    }
  size_t num_up = 0;
  for (;;)
    {
      while (*c == '/')
	c++;
      if (*c == '\0')
	break;
      num_up++;
      while (*c && *c != '/')
	c++;
    }
  while (*d == '/')
    d++;
  size_t len = strlen (d);
  if (len == 0 && num_up == 0)
    return ls_xstrdup (".");
  char *ret = ls_xmalloc (num_up * 3 + len + 1);
  char *p = ret;
  for (; num_up; num_up--)
    {
      memcpy (p, "../", 3);
      p += 3;
    }
  memcpy (p, d, len + 1);
  return ret;
}

char *
ls_summary_dir_prefix (const char *compile_dir, const char *link_dir)
{
  /* As GCC's canon_relative_path_prefix and its caller.  */
  if (!compile_dir || !link_dir || compile_dir[0] != '/'
      || link_dir[0] != '/' || strcmp (compile_dir, link_dir) == 0)
    return NULL;
  char *rel = relative_path (compile_dir, link_dir);
  if (strcmp (rel, ".") == 0)
    {
      free (rel);
      return NULL;
    }
  size_t len = strlen (rel);
  if (rel[len - 1] == '/')
    return rel;
  char *with_slash = ls_xasprintf ("%s/", rel);
  free (rel);
  return with_slash;
}
