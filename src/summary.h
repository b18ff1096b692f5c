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

#include "ltospell.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the byte format below; a reader accepts only its own.
   Change it with every change to what is written.  */
#define LS_SUMMARY_VERSION 1

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

/* Start the record of symbol INDEX (its symbol table encoder index in
   the object being written).  Uses and names that follow belong to it.
   A symbol with neither is still written: it says the symbol was
   summarised and has no string.  */
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

/* The bytes of the section, *LEN of them, owned by the writer and
   valid until it is freed.  Nothing can be added afterwards; a second
   call returns the same bytes.  */
const unsigned char *ls_summary_writer_finish (ls_summary_writer *w,
					       size_t *len);

void ls_summary_writer_free (ls_summary_writer *w);

/* ------------------------------------------------------------------ */
/* Reading (in WPA, or in the lto1 of -flto-partition=none).           */

/* What a reader calls, in the order of the section: each symbol, then
   its uses, then its names.  Every pointer points into the section's
   bytes (strings are NUL-terminated there) and is valid as long as
   they are.  Any callback may be NULL.  */
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

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SUMMARY_H */
