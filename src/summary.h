/* summary.h: the compile-time summary of a unit's strings (summary.c).

   In cc1, the IPA pass records for every function with a body and
   every variable with an initializer what the WPA walk would find in
   it: each string constant with its use site, and the local names the
   program defines.  The writer turns that into the bytes of one LTO
   section of the object; in WPA the reader checks a section and hands
   its contents back, so that WPA never reads a body of an object that
   has one.  No GCC header: symbols are the unsigned indices of the
   object's symbol table encoder, and everything WPA knows from the
   symbol table itself (unit, function and variable names, referrers,
   reachability) is left out.

   The format is described byte by byte at the top of summary.c.  It is
   the same on every host for the same input, and a reader refuses,
   with a message and without calling anything, a section that is
   truncated, corrupt, or made by another format or ltospell version:
   the caller then reads that object the slow way.  */

#ifndef LTOSPELL_SUMMARY_H
#define LTOSPELL_SUMMARY_H

#include "strtab.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the byte format (summary.c); a reader accepts only its own.
   Change it with every change to what is written or to what it means
   (version 2 parses as 3, but its named_array flag missed strings
   stored in place in tables).  */
#define LS_SUMMARY_VERSION 4

/* What a summarised symbol is.  */
enum ls_summary_kind
{
  LS_SUMMARY_FUNCTION = 0,	/* A function with a body.  */
  LS_SUMMARY_VARIABLE = 1	/* A variable with an initializer.  */
};

/* The part of a use site (struct ls_site) known at compile time.
   Names are NUL-terminated; NULL when unknown or absent.  */
struct ls_summary_site
{
  const char *file;		/* Source file of the use.  */
  unsigned line, column;
  const char *inlined_from;	/* Function inlined at compile time.  */
  const char *call_file;	/* Call site that inlined INLINED_FROM.  */
  unsigned call_line;
  const char *callee;		/* Function the string is passed to.  */
  unsigned arg_index;		/* Its argument position, from 1.  */
  unsigned format;		/* enum ls_format_kind of that argument.  */
  bool named_array;		/* A named char array's whole initializer.  */
  bool option_names;		/* In a getopt struct option table: the
				   string (up to its first NUL) is a long
				   option, a name the program defines.  */
};

/* The fields of SITE a summary carries; OPTION_NAMES as above.  */
struct ls_summary_site ls_summary_site_of (const struct ls_site *site,
					   bool option_names);

/* Set the fields of *SITE a summary carries from FROM, leaving those
   only WPA knows (loc, unit, function, variable, referrers, dead).  */
void ls_summary_site_apply (const struct ls_summary_site *from,
			    struct ls_site *site);

/* ------------------------------------------------------------------ */
/* Writing (in cc1).                                                   */

typedef struct ls_summary_writer ls_summary_writer;

/* A writer for one unit's summary, stamped with VERSION, the version
   of ltospell writing it (copied); a reader given another version
   refuses the summary.  */
ls_summary_writer *ls_summary_writer_new (const char *version);

/* Record DIR, the working directory of the compile (GCC's
   get_src_pwd), in the summary: the reader needs it to make relative
   file names relative to the link's directory, as GCC does with the
   locations it streams.  NULL or "" (the default): unknown.  */
void ls_summary_writer_directory (ls_summary_writer *w, const char *dir);

/* Start the record of symbol INDEX (its symbol table encoder index in
   the object being written, or a key that ls_summary_writer_finish_indexed
   turns into one).  Uses and names that follow belong to it.  A symbol
   with neither is still written: it says the symbol was summarised and
   has no string.  */
void ls_summary_writer_symbol (ls_summary_writer *w, unsigned index,
			       enum ls_summary_kind kind);

/* Record one use of a string constant of the current symbol: NBYTES
   raw bytes (copied) of ELEM_SIZE-byte elements in the given byte
   order, at SITE (its names copied).  Returns false, recording
   nothing, when ELEM_SIZE is not 1, 2 or 4, SITE->format is not an
   enum ls_format_kind, or no symbol was started.  */
bool ls_summary_writer_use (ls_summary_writer *w, const void *bytes,
			    size_t nbytes, unsigned elem_size,
			    bool big_endian,
			    const struct ls_summary_site *site);

/* Record NAME (a parameter, local variable, field or enumerator name)
   as a word of the program's vocabulary found in the current symbol.
   NULL, or no symbol started: nothing recorded.  */
void ls_summary_writer_name (ls_summary_writer *w, const char *name);

/* Record NAME as the current symbol's name in the source, for a symbol
   the compiler named itself: the constant GCC moves a local array's
   initializer to ("*.LC3") is named after the array ("credits").
   NULL, or no symbol started: nothing recorded.  */
void ls_summary_writer_source_name (ls_summary_writer *w, const char *name);

/* The bytes of the section, *LEN of them, owned by the writer and
   valid until it is freed.  Nothing can be added afterwards; a second
   call returns the same bytes.  */
const unsigned char *ls_summary_writer_finish (ls_summary_writer *w,
					       size_t *len);

/* The same, after giving each symbol its index: INDEX_OF (CTX, KEY,
   &INDEX) is called once for each symbol, in order, with the number it
   was started with, and either sets INDEX and returns true, or returns
   false to leave the symbol out.  In cc1 the summary is made before GCC
   numbers the symbols it streams, and some of them it does not stream
   at all.  Only the first finishing call maps anything.  */
const unsigned char *
ls_summary_writer_finish_indexed (ls_summary_writer *w,
				  bool (*index_of) (void *ctx, unsigned key,
						    unsigned *index),
				  void *ctx, size_t *len);

void ls_summary_writer_free (ls_summary_writer *w);

/* ------------------------------------------------------------------ */
/* Reading (in WPA, or in the lto1 of -flto-partition=none).           */

/* What a reader calls, in the order of the section: each symbol, then
   its uses, then its names.  Every pointer points into the section's
   bytes and is valid as long as they are; read as a C string, a name
   or a use's bytes end within them or at the NUL after them.  Any
   callback may be NULL.  */
struct ls_summary_visitor
{
  /* Called while the section is being checked, before anything is
     visited: false refuses the whole section (an index outside the
     object's symbol table, a function where a variable was expected).  */
  bool (*accept_symbol) (void *ctx, unsigned index,
			 enum ls_summary_kind kind);
  void (*symbol) (void *ctx, unsigned index, enum ls_summary_kind kind);
  void (*use) (void *ctx, const unsigned char *bytes, size_t nbytes,
	       unsigned elem_size, bool big_endian,
	       const struct ls_summary_site *site);
  void (*name) (void *ctx, const char *name);
};

/* Check the LEN bytes at DATA as a whole, then visit them with V and
   CTX.  VERSION is this ltospell's version: a summary stamped with
   another is refused (NULL accepts any).  Returns 0, or -1 without a
   single visit (only accept_symbol may have been called) and *ERR set
   to a malloc'd message saying what is wrong and where ("truncated at
   byte 812", "made by summary format version 3, this ltospell reads
   1"); *ERR may be NULL when even that message cannot be allocated.  */
int ls_summary_read (const void *data, size_t len, const char *version,
		     const struct ls_summary_visitor *v, void *ctx,
		     char **err);

/* ------------------------------------------------------------------ */
/* Keeping a section to read it symbol by symbol.                      */

/* In WPA the summaries are read before GCC merges the symbols of all
   units: which of them survive (one copy of a COMDAT function, say) is
   known only when the pass runs.  A section is checked and kept when
   it is read, and each surviving symbol's part is visited later.  */
typedef struct ls_summary_section ls_summary_section;

/* Check the LEN bytes at DATA as ls_summary_read does (CHECK's
   accept_symbol is called for each symbol, CHECK may be NULL) and keep
   a copy.  NULL, with *ERR set as ls_summary_read sets it, when the
   section is refused.  */
ls_summary_section *ls_summary_section_new (const void *data, size_t len,
					    const char *version,
					    const struct ls_summary_visitor *check,
					    void *ctx, char **err);

/* ls_summary_section_new without the copy: S reads the bytes at DATA
   where they are, and the caller keeps them until it lets S go
   (ls_summary_section_let_go), gives S a copy
   (ls_summary_section_keep_copy) or frees S.  A link that checks its
   program at the end of WPA lets each section go as soon as it is
   read: a copy of GCC's bytes was 7 MB of fresh pages on the
   52k-function bench program.  */
ls_summary_section *ls_summary_section_new_in_place (const void *data,
						     size_t len,
						     const char *version,
						     const struct ls_summary_visitor *check,
						     void *ctx, char **err);

/* Make S, read in place, read a copy of its bytes from now on.  */
void ls_summary_section_keep_copy (ls_summary_section *s);

void ls_summary_section_free (ls_summary_section *s);

/* Let go of the bytes of S (and what points into them), keeping where
   each symbol is and a hash of the bytes: a link that checks its
   program at the end of WPA drops each section until then, and a
   section taken back (ls_summary_section_take_back) is not checked
   again: on the 52k-function bench program, checking every section a
   second time was 92 M of the plugin's 1,540 M instructions; the
   hashes and the pools read again are 30 M.  Until taken back, S has
   only its symbols' indices and kinds.  */
void ls_summary_section_let_go (ls_summary_section *s);

/* Has S its bytes (not let go, or taken back)?  */
bool ls_summary_section_has_bytes (const ls_summary_section *s);

/* Take back the bytes of S, let go, from the LEN bytes at DATA (read
   again from the object), when they are the bytes S had: the same
   length and hash.  S then reads them in place, as
   ls_summary_section_new_in_place does: the caller keeps them until
   it lets S go or frees it.  False, and S still without bytes, when
   they are not: check them as a new section (ls_summary_section_new).  */
bool ls_summary_section_take_back (ls_summary_section *s, const void *data,
				   size_t len, const char *version);

size_t ls_summary_section_n_symbols (const ls_summary_section *s);
unsigned ls_summary_section_index (const ls_summary_section *s, size_t i);
/* Symbol I's name in the source (ls_summary_writer_source_name), or
   NULL; valid as long as S.  */
const char *ls_summary_section_source_name (const ls_summary_section *s,
					    size_t i);

enum ls_summary_kind ls_summary_section_kind (const ls_summary_section *s,
					      size_t i);

/* The working directory of the compile the section records ("" when
   unknown).  */
const char *ls_summary_section_directory (const ls_summary_section *s);

/* From now on, visit relative file names (of uses and of the call
   sites that inlined them) as seen from LINK_DIR, the working
   directory of the link: "../lib/x.c" for "x.c" compiled in /p/lib and
   linked in /p/src.  This is what GCC's LTO streamer does with the
   locations of the bodies it reads.  NULL: names as written.  */
void ls_summary_section_rebase (ls_summary_section *s, const char *link_dir);

/* Visit symbol I (from 0) of S with V and CTX: symbol, then its uses,
   then its names.  Pointers are valid as long as S.  */
void ls_summary_section_visit (ls_summary_section *s, size_t i,
			       const struct ls_summary_visitor *v, void *ctx);

/* Add the uses and names of symbol I of S to program P: each use at a
   copy of SITE, the fields a summary carries set from it
   (ls_summary_site_apply); the long options of a getopt table, and the
   local names, as names of the program.  Returns the number of uses.  */
size_t ls_summary_add_symbol (ls_program *p, ls_summary_section *s, size_t i,
			      const struct ls_site *site);

/* Write symbol I of S into W as the current symbol's uses and names
   (start it first with ls_summary_writer_symbol), with the names S
   would visit: the lto1 of an incremental link (gcc -r) streams the
   units it read into one object, and their summaries with them.  */
void ls_summary_copy_symbol (ls_summary_writer *w, ls_summary_section *s,
			     size_t i);

/* What GCC puts before a relative file name streamed in a unit compiled
   in COMPILE_DIR when it reads it in LINK_DIR: the relative path from
   one to the other, with a trailing '/' ("../lib/"), malloc'd; NULL
   when the two are the same, or either is unknown or not absolute.  */
char *ls_summary_dir_prefix (const char *compile_dir, const char *link_dir);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SUMMARY_H */
