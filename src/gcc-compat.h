/* gcc-compat.h: the one place that includes GCC's plugin headers.

   Every difference between GCC versions that ltospell cares about is
   handled here, behind small inline functions, so that plugin.cc reads
   the same for every supported GCC.  Supported: GCC 12 and GCC 11
   (Debian 12's gcc-12-plugin-dev and gcc-11-plugin-dev).  The one
   difference that matters to ltospell is how to ask for a collection
   (compat_ggc_collect).  GCC 11's plugin headers also lack the
   generated gcov-iov.h that lto-streamer.h includes: the Makefile
   supplies one (build/gcc-11/include).  */

#ifndef LTOSPELL_GCC_COMPAT_H
#define LTOSPELL_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "cgraph.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "intl.h"
#include "lto-streamer.h"
#include "ggc.h"
#include "stringpool.h"
#include "attribs.h"
#include "output.h"
#include "diagnostic.h"
#include "toplev.h"
#include "file-prefix-map.h"
#include "langhooks.h"
#include "langhooks-def.h"

#if GCCPLUGIN_VERSION_MAJOR != 12 && GCCPLUGIN_VERSION_MAJOR != 11
#error "ltospell supports GCC 11 and 12 only"
#endif

#if GCCPLUGIN_VERSION_MAJOR == 11
/* ggc_force_collect, GCC 11's way to force a collection (exported by
   lto1).  */
#include "ggc-internal.h"
#endif

/* libiberty's demangler is linked into every GCC front end, but GCC
   does not install demangle.h.  */
extern "C" char *cplus_demangle (const char *mangled, int options);
#define LTOSPELL_DMGL_ANSI (1 << 1)

/* GGC's own heuristic collects when the heap has grown by
   param_ggc_min_expand percent (100 on a machine with a few GB) over
   the last collection, and never below param_ggc_min_heapsize.  */
struct compat_gc_policy
{
  int min_expand, min_heapsize;
};

/* Make ggc_collect () collect once the heap grew by PERCENT.  */
static inline compat_gc_policy
compat_collect_at_growth (int percent)
{
  compat_gc_policy saved = { param_ggc_min_expand, param_ggc_min_heapsize };
  param_ggc_min_expand = percent;
  param_ggc_min_heapsize = 0;
  return saved;
}

static inline void
compat_restore_gc_policy (compat_gc_policy saved)
{
  param_ggc_min_expand = saved.min_expand;
  param_ggc_min_heapsize = saved.min_heapsize;
}

/* Run a garbage collection; FORCE ignores GGC's heuristic.  GCC 12
   takes the mode as an argument, GCC 11 has a flag for it.  */
static inline void
compat_ggc_collect (bool force)
{
#if GCCPLUGIN_VERSION_MAJOR >= 12
  ggc_collect (force ? GGC_COLLECT_FORCE : GGC_COLLECT_HEURISTIC);
#else
  ggc_force_collect = force;
  ggc_collect ();
  ggc_force_collect = false;
#endif
}

/* Collect if the heap grew past the policy's bound; cheap otherwise.  */
static inline void
compat_ggc_collect_if_grown (void)
{
  compat_ggc_collect (false);
}

/* Would a warning at LOC be printed (not -w, not a system header)?  */
static inline bool
compat_warnings_shown_at (location_t loc)
{
  return diagnostic_report_warnings_p (global_dc, loc);
}

/* Which compiler process is running the pass.  */
static inline bool
compat_in_wpa (void)
{
  return flag_wpa != NULL;
}

static inline bool
compat_in_ltrans (void)
{
  return flag_ltrans != 0;
}

/* The list of the partitions WPA wrote (-fltrans-output-list=); NULL
   outside WPA.  */
static inline const char *
compat_partition_list (void)
{
  return flag_wpa ? ltrans_output_list : NULL;
}

/* Whether lto1 is going to fail: an error, or a warning -Werror made
   one (counted apart, and no reason for WPA to stop early).  */
static inline bool
compat_link_fails (void)
{
  return seen_error () || werrorcount;
}

static inline bool
compat_in_lto (void)
{
  return in_lto_p;
}

static inline bool
compat_generating_lto (void)
{
  return flag_generate_lto != 0;
}

/* The base of the dump files' names, which lto-wrapper derives from the
   link's -o: "dir/prog.wpa" in WPA, "dir/prog.lto.o" in the lto1 of
   -flto-partition=none.  NULL when there is none.  */
static inline const char *
compat_dump_base_name (void)
{
  return dump_base_name;
}

/* DECL's assembler name, or NULL when it has none yet (asking for it
   would set it, and the pass must not change the program).  */
static inline const char *
compat_assembler_name (tree decl)
{
  if (!DECL_ASSEMBLER_NAME_SET_P (decl))
    return NULL;
  return IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME_RAW (decl));
}

/* Call-graph edges know their statement by uid while the body is not
   in memory and by pointer once it is.  */
static inline unsigned
compat_edge_stmt_uid (cgraph_edge *e)
{
  return e->lto_stmt_uid;
}

static inline void
compat_edge_forget_stmt (cgraph_edge *e, unsigned uid)
{
  e->call_stmt = NULL;
  e->lto_stmt_uid = uid;
}

static inline unsigned
compat_ref_stmt_uid (ipa_ref *r)
{
  return r->lto_stmt_uid;
}

static inline void
compat_ref_forget_stmt (ipa_ref *r, unsigned uid)
{
  r->stmt = NULL;
  r->lto_stmt_uid = uid;
}

/* Find the streamed body of NODE (a function or a variable) in its
   object file without freeing any LTO state.  Returns the section
   data, or NULL when there is none; the caller must release it with
   compat_release_section.  */
static inline const char *
compat_find_body_section (symtab_node *node, const char **name_out,
			  size_t *len_out, bool *compressed_out)
{
  lto_file_decl_data *file_data = node->lto_file_data;
  if (!file_data)
    return NULL;
  tree decl = node->decl;
  if (!DECL_ASSEMBLER_NAME_SET_P (decl))
    return NULL;
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
  name = lto_get_decl_name_mapping (file_data, name);
  lto_in_decl_state *state = lto_get_function_in_decl_state (file_data, decl);
  if (!state)
    return NULL;
  *name_out = name;
  *compressed_out = state->compressed;
  return lto_get_section_data (file_data, LTO_section_function_body, name,
			       node->order - file_data->order_base, len_out,
			       state->compressed);
}

static inline void
compat_release_section (symtab_node *node, const char *name,
			const char *data, size_t len, bool compressed)
{
  lto_free_section_data (node->lto_file_data, LTO_section_function_body,
			 name, data, len, compressed);
}

static inline void
compat_input_function_body (cgraph_node *node, const char *data)
{
  lto_input_function_body (node->lto_file_data, node, data);
}

static inline void
compat_input_variable_constructor (varpool_node *node, const char *data)
{
  lto_input_variable_constructor (node->lto_file_data, node, data);
}

/* Reading a body streams its statements' locations into the global
   line table: new ordinary line maps, which use up location_t space,
   and an ad-hoc entry for each (locus, BLOCK) pair, in a table that is
   never freed.  WPA itself reads no bodies, so on git the ad-hoc
   entries alone added 13 MB to its peak RSS.  Worse, the single lto1
   of -flto-partition=none reads every body once more to compile it,
   and the location space our reads used up pushed git's later
   locations past LINE_MAP_MAX_LOCATION_WITH_COLS: GCC then drops their
   columns, which changed .debug_line and .debug_info.  The pass
   expands every location it keeps while the body is in memory, so once
   the body is forgotten the line table can go back to what it was.  */
struct compat_line_table_state
{
  unsigned used_maps, cache;
  location_t highest_location, highest_line;
  unsigned max_column_hint;
  location_t adhoc_used;
};

static inline compat_line_table_state
compat_save_line_table (void)
{
  compat_line_table_state s;
  s.used_maps = line_table->info_ordinary.used;
  s.cache = line_table->info_ordinary.cache;
  s.highest_location = line_table->highest_location;
  s.highest_line = line_table->highest_line;
  s.max_column_hint = line_table->max_column_hint;
  s.adhoc_used = line_table->location_adhoc_data_map.curr_loc;
  return s;
}

static inline void
compat_restore_line_table (const compat_line_table_state &s)
{
  location_adhoc_data_map *map = &line_table->location_adhoc_data_map;
  while (map->curr_loc > s.adhoc_used)
    {
      map->curr_loc--;
      htab_remove_elt (map->htab, &map->data[map->curr_loc]);
    }
  line_table->info_ordinary.used = s.used_maps;
  line_table->info_ordinary.cache = s.cache;
  line_table->highest_location = s.highest_location;
  line_table->highest_line = s.highest_line;
  line_table->max_column_hint = s.max_column_hint;
}

/* FILE's name in a copy that lives as long as the line table, which
   keeps the pointer: GCC names the file in -fdiagnostics-generate-patch
   at the very end, after the pass has freed its own copies.  */
static inline const char *
compat_lasting_file_name (const char *file)
{
  static hash_map<nofree_string_hash, const char *> *names;
  if (!names)
    names = new hash_map<nofree_string_hash, const char *>;
  if (const char **kept = names->get (file))
    return *kept;
  const char *copy = xstrdup (file);
  names->put (copy, copy);
  return copy;
}

/* Make FILE:LINE the line table's current line, with columns up to
   MAX_COLUMN, the way the LTO streamer enters the locations it reads
   (a renamed ordinary map).  */
static inline void
compat_enter_line (const char *file, unsigned line, unsigned max_column)
{
  bool first = LINEMAPS_ORDINARY_USED (line_table) == 0;
  linemap_add (line_table, first ? LC_ENTER : LC_RENAME, false,
	       compat_lasting_file_name (file), line);
  linemap_line_start (line_table, line, max_column + 1);
}

/* A fresh location for FILE:LINE:COLUMN, for the diagnostics of uses
   whose own locations were given back.  */
static inline location_t
compat_make_location (const char *file, unsigned line, unsigned column)
{
  compat_enter_line (file, line, column);
  return linemap_position_for_column (line_table, column);
}

/* Tell GCC's cache of source files that FILE has N_LINES lines.  The
   cache (input.c/input.cc, file_cache_slot) indexes a file's lines up
   to the count it takes, when it first reads the file, from the
   highest line of the file's newest line map; after
   compat_make_location that is the location's own line, and every
   later read of that line (a diagnostic reads it once for the column,
   then again for the caret and its ranges) finds no index entry and
   scans the file from its first line.  A map for FILE at its last
   line, newer than the diagnostic's, gives the cache the real count.
   GCC 11 and 12 alike.  */
static inline void
compat_hint_source_lines (const char *file, unsigned n_lines)
{
  if (n_lines > 0 && n_lines < INT_MAX)
    compat_enter_line (file, n_lines, 0);
}

/* A location for columns FIRST..LAST of FILE:LINE, the caret at FIRST:
   a diagnostic's range underlines them.  */
static inline location_t
compat_make_range (const char *file, unsigned line, unsigned first,
		   unsigned last)
{
  compat_enter_line (file, line, last);
  location_t start = linemap_position_for_column (line_table, first);
  location_t finish = linemap_position_for_column (line_table, last);
  return make_location (start, start, finish);
}

/* Line LINE of FILE from GCC's cache of source files (the one its
   diagnostics print lines from), *LEN bytes without the line end; NULL
   when the file cannot be read or has no such line.  *NEWLINE: whether
   a newline ends it.  */
static inline const char *
compat_source_line (const char *file, unsigned line, size_t *len,
		    bool *newline)
{
  if (!file || line == 0 || line >= INT_MAX)
    return NULL;
  /* A last line without a newline reads as any other; only a read of
     the next line tells.  That read may move the cache's buffer, so it
     comes first: the line returned is valid until the next read.  */
  if (newline)
    *newline = location_get_source_line (file, (int) line + 1)
	       || !location_missing_trailing_newline (file);
  char_span span = location_get_source_line (file, (int) line);
  if (!span)
    return NULL;
  *len = span.length ();
  return span.get_buffer ();
}

/* input_function pushes the debug arguments of a function that has
   them (DECL_HAS_DEBUG_ARGS_P) onto a global map: note how many there
   were, to drop the copies a read adds.  */
static inline unsigned
compat_debug_args_count (tree decl)
{
  if (!DECL_HAS_DEBUG_ARGS_P (decl))
    return 0;
  vec<tree, va_gc> **args = decl_debug_args_lookup (decl);
  return args && *args ? (*args)->length () : 0;
}

static inline void
compat_debug_args_truncate (tree decl, unsigned count)
{
  if (!DECL_HAS_DEBUG_ARGS_P (decl))
    return;
  vec<tree, va_gc> **args = decl_debug_args_lookup (decl);
  if (args && *args && (*args)->length () > count)
    (*args)->truncate (count);
}

/* Switch on the dump file of the pass NAME ("ipa-ltospell"), as
   -fdump-NAME would.  GCC 12 handles -fdump- options before it loads
   plugins, so it refuses a plugin pass's name there; once the pass is
   registered its dump can be switched on the same way.  */
static inline bool
compat_enable_pass_dump (const char *name)
{
  gcc::dump_manager *dumps = g->get_dumps ();
  if (!dumps->get_dump_file_info_by_switch (name))
    return false;
  dumps->dump_switch_p (name);
  return true;
}

/* The dump file of PASS opened again, to append (NULL when its dump is
   off): for what the plugin does after the pass.  */
static inline FILE *
compat_reopen_pass_dump (opt_pass *pass)
{
  return dump_begin (pass->static_pass_number, NULL);
}

static inline void
compat_close_pass_dump (opt_pass *pass, FILE *file)
{
  if (file)
    dump_end (pass->static_pass_number, file);
}

/* Give the memory the pass freed back to the system: the string table
   and the speller are malloc'd among GCC's own allocations, so free()
   alone leaves most of it resident in the heap for the rest of WPA
   (and in every process WPA forks to stream partitions).  Bodies read
   the slow way leave garbage in GCC's heap: COLLECT says to collect it
   now; a link that read only summaries has none to collect.  */
extern "C" int malloc_trim (size_t);

static inline void
compat_release_freed_memory (bool collect)
{
  if (collect)
    compat_ggc_collect (true);
  malloc_trim (0);
}

/* ------------------------------------------------------------------ */
/* The compile-time summary: one section of each object.               */

#ifdef ELF_ASCII_ESCAPES
/* How long a line compat_write_ascii_directives writes, in characters
   between its quotes: this many, and up to four more, as an escape is
   not split.  */
#define COMPAT_ASCII_LINE 4096

/* The LEN bytes at P into F as .ascii directives of about
   COMPAT_ASCII_LINE characters, each byte as GCC's own ELF output
   writes it (ELF_ASCII_ESCAPES: itself, a backslash and a letter, or a
   three-digit octal escape, never shorter, as a digit after it would
   join it).  */
static inline void
compat_write_ascii_directives (FILE *f, const unsigned char *p, size_t len)
{
  static const char escapes[] = ELF_ASCII_ESCAPES;
  size_t i = 0;
  while (i < len)
    {
      fputs ("\t.ascii\t\"", f);
      size_t width = 0;
      while (i < len && width < COMPAT_ASCII_LINE)
	{
	  size_t run = i;
	  while (run < len && run - i < COMPAT_ASCII_LINE - width
		 && escapes[p[run]] == 0)
	    run++;
	  fwrite (p + i, 1, run - i, f);
	  width += run - i;
	  i = run;
	  if (i < len && escapes[p[i]] != 0)
	    {
	      unsigned char c = p[i++];
	      if (escapes[c] == 1)
		{
		  fprintf (f, "\\%03o", c);
		  width += 4;
		}
	      else
		{
		  putc ('\\', f);
		  putc (escapes[c], f);
		  width += 2;
		}
	    }
	}
      fputs ("\"\n", f);
    }
}
#endif

/* The section is written as a function body section named NAME: there
   is no free lto_section_type, and LTO_section_function_body is the one
   that takes a name.  Its full name is .gnu.lto_NAME.0.<file id>.
   Uncompressed, and read back raw (compat_read_summary_section): GCC's
   decompressor ends lto1 with an internal compiler error on a frame it
   cannot decompress, where the core's reader refuses a bad section
   with one warning.  Compressing it also cost a compile 1.4 M
   instructions (a fresh zstd context for 15 KB), 40 % of what the
   plugin adds to one.  */
static inline void
compat_write_summary_section (const char *name, const void *data,
			      size_t len)
{
  char *section = lto_get_section_name (LTO_section_function_body, name, 0,
					NULL);
  lto_begin_section (section, false);
  free (section);
  /* cc1 writes an object's sections as assembler text, with
     assemble_string: a putc and a table look for every character, a
     new line at every NUL and about every 60 characters, about 35
     instructions a character, and `as` pays for every line too.  A
     summary is nearly all printable (summary.c), so where GCC would
     call assemble_string (lhd_append_data) for an ELF target
     (ELF_ASCII_ESCAPES: GNU as syntax) it is written here in long
     .ascii lines instead; on a synthetic bench unit, the 15 KB section
     cost cc1 0.68 M instructions that way and `as` about 0.3 M more.
     lto1 (ld -r) writes objects itself, through lto_write_data.  */
#ifdef ELF_ASCII_ESCAPES
  if (lang_hooks.lto.append_data == lhd_append_data && asm_out_file)
    compat_write_ascii_directives (asm_out_file,
				   (const unsigned char *) data, len);
  else
#endif
    lto_write_data (data, len);
  lto_end_section ();
}

/* The objects of the link, a NULL-terminated array (one entry per
   unit: an archive's members and the units merged by ld -r each have
   their own).  */
static inline lto_file_decl_data **
compat_lto_files (void)
{
  return lto_get_file_decl_data ();
}

static inline const char *
compat_lto_file_name (lto_file_decl_data *f)
{
  return f->file_name;
}

/* FILE's section NAME, its bytes as they are in the object (never
   through GCC's decompressor), or NULL when it has none (it was
   compiled without the plugin).  Release with
   compat_free_summary_section.  */
static inline const char *
compat_read_summary_section (lto_file_decl_data *f, const char *name,
			     size_t *len)
{
  return lto_get_raw_section_data (f, LTO_section_function_body, name, 0,
				   len);
}

static inline void
compat_free_summary_section (lto_file_decl_data *f, const char *name,
			     const char *data, size_t len)
{
  lto_free_raw_section_data (f, LTO_section_function_body, name, data, len);
}

/* Whether FILE has a section NAME.  */
static inline bool
compat_has_summary_section (lto_file_decl_data *f, const char *name)
{
  size_t len;
  const char *data = compat_read_summary_section (f, name, &len);
  if (data)
    compat_free_summary_section (f, name, data, len);
  return data != NULL;
}

/* In cc1's write_summary: the index NODE has in the object's symbol
   table, when the object streams it as one of its own; -1 otherwise.  */
static inline int
compat_streamed_index (symtab_node *node)
{
  lto_symtab_encoder_t encoder
    = lto_get_out_decl_state ()->symtab_node_encoder;
  int index = lto_symtab_encoder_lookup (encoder, node);
  if (index == LCC_NOT_FOUND
      || !lto_symtab_encoder_in_partition_p (encoder, node))
    return -1;
  return index;
}

/* In WPA's read_summary: the node of F's symbol table at INDEX, or
   NULL when there is none.  */
static inline symtab_node *
compat_file_symbol (lto_file_decl_data *f, unsigned index)
{
  lto_symtab_encoder_t encoder = f->symtab_node_encoder;
  if (!encoder || index >= (unsigned) lto_symtab_encoder_size (encoder))
    return NULL;
  return lto_symtab_encoder_deref (encoder, index);
}

/* The working directory of this compiler process, the way the LTO
   streamer records it (cc1) and compares with it (lto1).  */
static inline const char *
compat_src_pwd (void)
{
  return get_src_pwd ();
}

/* FILE as the LTO streamer writes it: after -ffile-prefix-map and
   -fdebug-prefix-map.  */
static inline const char *
compat_streamed_file_name (const char *file)
{
  return file ? remap_debug_filename (file) : NULL;
}

#endif /* LTOSPELL_GCC_COMPAT_H */
