/* plugin.cc: the GCC side of ltospell, an IPA pass over the whole program.

   The pass is an IPA_PASS inserted before "whole-program", so it runs
   once per link in WPA (any -flto-partition but none), once in the
   single lto1 of -flto-partition=none, and once per unit in a plain
   non-LTO compile.  At that point every original function and variable
   of the program is still in the symbol table: nothing is inlined,
   merged by ICF or removed yet.

   The algorithm:

   1. For every function with a GIMPLE body, read the body, walk every
      statement and PHI operand for STRING_CSTs and record each one with
      its site: file:line:col, the function, its translation unit and,
      when the statement came from a body inlined at compile time, the
      inlined function and its call site (from the statement's BLOCK).

   2. For every variable with an initializer, read the initializer and
      record its STRING_CSTs at the variable's declaration, together
      with the functions that reference the variable, following the
      referring lists of ipa_ref transitively through tables that point
      to tables.

   3. Hand everything to the C core, which keys strings by content,
      sorts uses deterministically, splits each distinct string once and
      checks each distinct word once; then report one warning per
      misspelled word per distinct string and notes for its uses.

   Compile-time summaries: with -fplugin on the compile command too,
   steps 1 and 2 already ran in cc1, while the bodies were in memory,
   and their result is a section of each object (generate_summary,
   write_summary); WPA reads those sections (read_summary) and only
   adds what the link alone knows: units, function names, referrers,
   reachability.

   When to check (check_at_end_of_wpa): a large program's WPA (1 MB of
   summaries or more) only records, for each summarised symbol, where
   its summary is and the fields of its site only the link knows
   (pending_symbol), and lets the summaries go; at the end of WPA
   (PLUGIN_FINISH, once the partitions are written and GCC's memory has
   dropped below its peak) it reads them again, builds the program and
   checks it.  A small program is checked in the pass, where GCC's
   later growth reuses the memory the check freed.

   The rest of this comment is about the units that have no summary,
   read "the slow way".

   In WPA bodies and initializers are not in memory.  GCC's own loaders
   (cgraph_node::get_untransformed_body, varpool_node::get_constructor)
   free the per-decl LTO state, which makes WPA re-stream those bodies
   and changes the generated code.  So the body is read through the LTO
   streamer's input functions directly, scanned, and then everything
   reading changed is put back: call-edge and reference statement uids,
   the decl fields input_function sets.  Garbage is collected every few
   hundred functions, so memory stays bounded by the largest body rather
   than the whole program.  */

#include "gcc-compat.h"
#include "baseline.h"
#include "check.h"
#include "consistency.h"
#include "dictdir.h"
#include "findings.h"
#include "github.h"
#include "leftovers.h"
#include "options.h"
#include "report.h"
#include "results.h"
#include "sinks.h"
#include "source.h"
#include "speller.h"
#include "strtab.h"
#include "summary.h"
#include "text.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

int plugin_is_GPL_compatible;


static struct plugin_info ltospell_info = {
  "0.1",
  ls_help_text,
};

static struct ls_options options;

/* Where the plugin was loaded from: its word lists are beside it.  */
static const char *plugin_path;

/* Where the pass spends its time (CPU seconds), for the stats option.  */
struct pass_stats
{
  double load, walk, split, check, report, gc;
  size_t functions, bodies_read, variables, dead_symbols;
  size_t summarised;		/* Symbols read from summaries.  */
};

static struct pass_stats stats;

/* A line of the pass's dump (-fdump-ipa-ltospell), as GCC's own passes
   trace what they do; nothing without the option.  trace () is a macro
   so that its arguments (a symbol's dump_name, costly) are not even
   computed without a dump file.  */
#define trace(...) (dump_file ? trace_line (__VA_ARGS__) : (void) 0)

static void ATTRIBUTE_PRINTF_1
trace_line (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (dump_file, fmt, ap);
  va_end (ap);
  fputc ('\n', dump_file);
}

static double
cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Bodies read in WPA become garbage once scanned.  Collect it when the
   GC heap has grown by this percentage since the last collection: a
   collection costs time in proportion to the live heap, so a fixed
   count of bodies between collections (500 before) made the pass
   quadratic (105 collections of a 300 MB heap for 52k functions, 13 s),
   while a bound relative to the heap keeps the garbage under this share
   of WPA's memory and the number of collections proportional to it.
   Measured on git's WPA (144 MB without the plugin): 10 % gave 162 MB
   and 1.95 s of collection, 25 % 165 MB and 0.77 s, 50 % 168 MB and
   0.41 s; 25 % keeps both within the targets of bench/README.md.  */
static const int garbage_percent = 25;

/* How many uses to list under one warning before summarizing.  */
static const size_t max_notes_per_finding = 20;

/* ------------------------------------------------------------------ */
/* Names of things, as users see them.                                 */

/* Drop "[abi:cxx11]" and the like from demangled NAME, in place.  */
static char *
strip_abi_tags (char *name)
{
  char *tag;
  while ((tag = strstr (name, "[abi:")) != NULL)
    {
      char *end = strchr (tag, ']');
      if (!end)
	break;
      memmove (tag, end + 1, strlen (end + 1) + 1);
    }
  return name;
}

/* A function's name for messages: demangled for C++, without the
   suffixes (".lto_priv.0", ".part.1") GCC adds to local symbols.  The
   caller frees the result.  */
static char *
function_display_name (tree decl)
{
  if (DECL_ASSEMBLER_NAME_SET_P (decl))
    {
      const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
      if (asm_name[0] == '*')
	asm_name++;
      if (strncmp (asm_name, "_Z", 2) == 0)
	{
	  char *base = xstrdup (asm_name);
	  char *dot = strchr (base, '.');
	  if (dot)
	    *dot = '\0';
	  char *demangled = cplus_demangle (base, LTOSPELL_DMGL_ANSI);
	  free (base);
	  if (demangled)
	    return strip_abi_tags (demangled);
	}
    }
  if (!DECL_NAME (decl))
    return xstrdup ("<anonymous>");
  /* C names cannot contain '.': what follows one is a suffix GCC added
     to a part it split off or cloned (read_body.part.0).  */
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  return xstrndup (name, strcspn (name, "."));
}

/* The main source file of the unit DECL comes from.  */
static const char *
unit_name (symtab_node *node)
{
  const_tree unit = get_ultimate_context (node->decl);
  if (unit && TREE_CODE (unit) == TRANSLATION_UNIT_DECL && DECL_NAME (unit))
    return IDENTIFIER_POINTER (DECL_NAME (unit));
  if (node->lto_file_data && node->lto_file_data->file_name)
    return node->lto_file_data->file_name;
  return main_input_filename;
}

struct gather_state
{
  ls_program *program;		/* What the walk fills at link time...  */
  ls_summary_writer *writer;	/* ...or in cc1, the unit's summary.  */
  struct ls_site site;		/* The current symbol's fields of a site:
				   unit, function or variable and its
				   referrers, dead, named_array.  */
  /* The call argument being walked, if any.  */
  const char *callee;
  unsigned arg_index, format;
  location_t fallback_loc;	/* Where uses without a location go.  */
  struct symbol_set *reachable;	/* What LTO keeps.  */
  hash_set<tree> *seen_types;	/* Types whose names were added.  */
  bool names_from_strings;	/* In a struct option table.  */
  char *function_name;		/* Owned copies of the site's names.  */
  char *inlined_name;
  location_t use_loc;		/* Location of the current operand.  */
  bool transient_locations;	/* The line table forgets them after this
				   body: keep file:line:col, not LOC.  */
  int use_in_system_header;	/* Is USE_LOC in a system header?  -1: not
				   asked yet (most operands hold no string,
				   and expanding a location is costly).  */
  size_t skipped_system;	/* Strings from system headers.  */
  size_t uses;			/* String uses recorded so far.  */
  bool in_initializer;		/* Walking a variable's initializer...  */
  bool under_address;		/* ...below an ADDR_EXPR: the string is
				   pointed to, not stored in place.  */
  /* The constants GCC moved local arrays' initializers to, with the
     array's name ("" when two arrays of different names share one).  */
  hash_map<tree, const char *> *local_array_names;
};

/* ------------------------------------------------------------------ */
/* The program's own names, accepted inside strings.                   */

/* Record NAME as one of the program's own.  */
static void
add_name (gather_state *st, const char *name)
{
  if (st->writer)
    ls_summary_writer_name (st->writer, name);
  else
    ls_program_add_name (st->program, name);
}

static void
add_decl_name (gather_state *st, tree decl)
{
  if (decl && DECL_P (decl) && DECL_NAME (decl))
    add_name (st, IDENTIFIER_POINTER (DECL_NAME (decl)));
}

/* Add the name, field and enumerator names of TYPE and of the types it
   is made of; ST->seen_types stops the walk at types already visited.  */
static void
add_type_names (gather_state *st, tree type)
{
  while (type && (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE))
    type = TREE_TYPE (type);
  if (!type || !TYPE_P (type) || st->seen_types->add (type))
    return;
  /* Its tag or typedef name ("xiofile_t" in socat's "invalid xiofile
     descriptor"): LTO keeps it as an identifier, a TYPE_DECL before.  */
  tree name = TYPE_NAME (type);
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  /* Not the names g++ makes for anonymous types and lambdas
     ("._anon_0", "<lambda()>"): no one wrote them.  */
  if (name && TREE_CODE (name) == IDENTIFIER_NODE
      && IDENTIFIER_POINTER (name)[0] != '.'
      && IDENTIFIER_POINTER (name)[0] != '<')
    add_name (st, IDENTIFIER_POINTER (name));
  switch (TREE_CODE (type))
    {
    case RECORD_TYPE:
    case UNION_TYPE:
    case QUAL_UNION_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL)
	  {
	    add_decl_name (st, f);
	    add_type_names (st, TREE_TYPE (f));
	  }
      break;
    case ENUMERAL_TYPE:
      for (tree v = TYPE_VALUES (type); v; v = TREE_CHAIN (v))
	if (TREE_PURPOSE (v) && TREE_CODE (TREE_PURPOSE (v)) == IDENTIFIER_NODE)
	  add_name (st, IDENTIFIER_POINTER (TREE_PURPOSE (v)));
	else
	  add_decl_name (st, TREE_PURPOSE (v));
      break;
    case FUNCTION_TYPE:
    case METHOD_TYPE:
      add_type_names (st, TREE_TYPE (type));
      for (tree a = TYPE_ARG_TYPES (type); a; a = TREE_CHAIN (a))
	add_type_names (st, TREE_VALUE (a));
      break;
    default:
      break;
    }
}

/* The name a symbol has in the object, when it differs from its source
   name: the external functions the program calls are often reached
   through another ("__readlink_chk", "rpl_readlink" for readlink), and
   their pieces are the names users know.  C++'s mangled names are left
   out: DECL_NAME already has their words.  */
static void
add_assembler_name (ls_program *p, tree decl)
{
  const char *asm_name = compat_assembler_name (decl);
  if (asm_name && asm_name[0] == '*')
    asm_name++;
  if (asm_name && strncmp (asm_name, "_Z", 2) != 0
      && (!DECL_NAME (decl)
	  || strcmp (asm_name, IDENTIFIER_POINTER (DECL_NAME (decl))) != 0))
    ls_program_add_name (p, asm_name);
}

/* Names of the symbols of the program (defined or only called) and of
   the types they use, and the name of the program being linked.  */
static void
add_symbol_names (gather_state *st)
{
  symtab_node *node;
  FOR_EACH_SYMBOL (node)
    {
      add_decl_name (st, node->decl);
      add_assembler_name (st->program, node->decl);
      add_type_names (st, TREE_TYPE (node->decl));
    }
  if (compat_in_lto ())
    ls_program_add_output_name (st->program, compat_dump_base_name ());
}

/* Names of FN's parameters and local variables, while its body is in
   memory.  */
static void
add_local_names (gather_state *st, cgraph_node *node, function *fn)
{
  for (tree arg = DECL_ARGUMENTS (node->decl); arg; arg = DECL_CHAIN (arg))
    add_decl_name (st, arg);
  unsigned ix;
  tree var;
  FOR_EACH_LOCAL_DECL (fn, ix, var)
    {
      add_decl_name (st, var);
      add_type_names (st, TREE_TYPE (var));
    }
}

/* ------------------------------------------------------------------ */
/* Which symbols LTO keeps.                                            */

/* Symbols whose definitions are needed whatever the program's own
   code does: used from outside the LTO IR (per the linker's
   resolution), exported, forced out, constructors and destructors.  */
static bool
is_root (symtab_node *node)
{
  tree decl = node->decl;
  if (node->force_output || node->used_from_object_file_p ())
    return true;
  if (TREE_CODE (decl) == FUNCTION_DECL
      && (DECL_STATIC_CONSTRUCTOR (decl) || DECL_STATIC_DESTRUCTOR (decl)))
    return true;
  if (!TREE_PUBLIC (decl) || DECL_EXTERNAL (decl))
    return false;
  /* Without -flto every public symbol may be used elsewhere; with it,
     only the linker's "IR only" resolutions say it is not.  */
  if (!compat_in_lto ())
    return true;
  switch (node->resolution)
    {
    case LDPR_PREVAILING_DEF_IRONLY:
    case LDPR_PREEMPTED_IR:
    case LDPR_RESOLVED_IR:
      return false;
    default:
      return true;
    }
}

/* A set of symbols, in the slot of each one's order number: those are
   distinct and below symtab->order, so a lookup is an index (a hash_set
   took 20 M instructions to fill and ask on the 52k-function bench
   program).  A symbol whose slot is out of range or holds another one,
   which GCC does not make, goes to OTHERS.  */
struct symbol_set
{
  symtab_node **by_order;
  int n;
  hash_set<symtab_node *> *others;
};

static void
symbol_set_init (symbol_set *set)
{
  set->n = symtab->order > 0 ? symtab->order : 0;
  set->by_order = XCNEWVEC (symtab_node *, set->n ? set->n : 1);
  set->others = NULL;
}

static void
symbol_set_free (symbol_set *set)
{
  XDELETEVEC (set->by_order);
  delete set->others;
  set->by_order = NULL;
  set->others = NULL;
}

/* Add NODE to SET; was it there already?  */
static bool
symbol_set_add (symbol_set *set, symtab_node *node)
{
  int order = node->order;
  if (order >= 0 && order < set->n)
    {
      if (set->by_order[order] == node)
	return true;
      if (!set->by_order[order])
	{
	  set->by_order[order] = node;
	  return false;
	}
    }
  if (!set->others)
    set->others = new hash_set<symtab_node *>;
  return set->others->add (node);
}

static bool
symbol_set_contains (const symbol_set *set, symtab_node *node)
{
  int order = node->order;
  if (order >= 0 && order < set->n && set->by_order[order] == node)
    return true;
  return set->others && set->others->contains (node);
}

static void
mark_reachable (symbol_set *set, vec<symtab_node *> *work, symtab_node *node)
{
  if (node && !symbol_set_add (set, node))
    work->safe_push (node);
}

/* Every symbol reachable from the roots through calls and references:
   what remove_unreachable_nodes keeps in whole-program mode.  Strings
   used only elsewhere are "dead": they never reach the binary.  */
static void
compute_reachable (symbol_set *set)
{
  auto_vec<symtab_node *> work;
  symtab_node *node;
  FOR_EACH_SYMBOL (node)
    if (is_root (node))
      mark_reachable (set, &work, node);
  while (!work.is_empty ())
    {
      node = work.pop ();
      if (cgraph_node *fn = dyn_cast<cgraph_node *> (node))
	for (cgraph_edge *e = fn->callees; e; e = e->next_callee)
	  mark_reachable (set, &work, e->callee);
      ipa_ref *ref;
      for (unsigned i = 0; node->iterate_reference (i, ref); i++)
	mark_reachable (set, &work, ref->referred);
      for (symtab_node *other = node->same_comdat_group;
	   other && other != node; other = other->same_comdat_group)
	mark_reachable (set, &work, other);
    }
  FOR_EACH_SYMBOL (node)
    if (node->definition && !symbol_set_contains (set, node))
      {
	stats.dead_symbols++;
	trace ("dead: %s (its strings are reported only with dead)",
	       node->dump_name ());
      }
}

/* ------------------------------------------------------------------ */
/* Recording string constants.                                         */


/* Set the location fields of SITE from LOC.  Only the locus is kept:
   the BLOCK of an ad-hoc location dies with the body.  */
static void
set_site_location (gather_state *st, struct ls_site *site, location_t loc)
{
  if (LOCATION_LOCUS (loc) == UNKNOWN_LOCATION)
    loc = st->fallback_loc;
  expanded_location x = expand_location (loc);
  site->loc = st->transient_locations ? UNKNOWN_LOCATION
				      : LOCATION_LOCUS (loc);
  /* A summary names files as the bodies streamed beside it do.  */
  site->file = st->writer ? compat_streamed_file_name (x.file) : x.file;
  site->line = x.line;
  site->column = x.column;
}

/* If LOC is in a body inlined at compile time, name in SITE the
   innermost inlined function and where it was called from.  */
static void
set_site_inlining (gather_state *st, struct ls_site *site, location_t loc)
{
  free (st->inlined_name);
  st->inlined_name = NULL;
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    {
      if (!inlined_function_outer_scope_p (block))
	continue;
      tree origin = block_ultimate_origin (block);
      if (!origin || TREE_CODE (origin) != FUNCTION_DECL)
	return;
      expanded_location call = expand_location (BLOCK_SOURCE_LOCATION (block));
      st->inlined_name = function_display_name (origin);
      site->inlined_from = st->inlined_name;
      site->call_file = st->writer ? compat_streamed_file_name (call.file)
				   : call.file;
      site->call_line = call.line;
      return;
    }
}

/* Bytes per element of string constant T, or 0 if it is not text.  */
static unsigned
string_element_size (const_tree t)
{
  tree type = TREE_TYPE (t);
  if (!type || TREE_CODE (type) != ARRAY_TYPE)
    return 1;
  tree elt = TREE_TYPE (type);
  if (!elt || !TYPE_SIZE_UNIT (elt) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (elt)))
    return 0;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (elt));
  return size == 1 || size == 2 || size == 4 ? size : 0;
}

/* The site of the string constant about to be recorded, made afresh
   from the symbol's fields and the current use: where it is, the
   function inlined there, and the call argument it is.  Its names are
   valid until the next use.  */
static struct ls_site
use_site (gather_state *st)
{
  struct ls_site site = st->site;
  set_site_location (st, &site, st->use_loc);
  site.inlined_from = site.call_file = NULL;
  site.call_line = 0;
  set_site_inlining (st, &site, st->use_loc);
  site.callee = st->callee;
  site.arg_index = st->arg_index;
  site.format = st->format;
  return site;
}

static void
record_string (gather_state *st, const_tree str)
{
  unsigned elem_size = string_element_size (str);
  if (!elem_size)
    return;
  /* Long options ("no-color") are names the program defines.  */
  bool option_name = st->names_from_strings && elem_size == 1;
  struct ls_site use = use_site (st);
  /* In an initializer, a string that is not pointed to fills a char
     array in place: a field of a table ({ "name", ... } with char
     name[16]) or the variable itself.  It is part of that object, and
     the linker does not merge it with other copies.  */
  if (st->in_initializer && !st->under_address)
    use.named_array = true;
  st->uses++;
  if (st->writer)
    {
      struct ls_summary_site site = ls_summary_site_of (&use, option_name);
      ls_summary_writer_use (st->writer, TREE_STRING_POINTER (str),
			     TREE_STRING_LENGTH (str), elem_size,
			     BYTES_BIG_ENDIAN, &site);
      return;
    }
  ls_program_add_use (st->program, TREE_STRING_POINTER (str),
		      TREE_STRING_LENGTH (str), elem_size, BYTES_BIG_ENDIAN,
		      &use);
  if (option_name)
    ls_program_add_name (st->program, TREE_STRING_POINTER (str));
}

/* Is LOC in a system header, as the link sees it?  The LTO streamer
   keeps of a location only the file, line and column it expands to, and
   whether that file is a system header: a string of the program passed
   through a system header's macro (gettext's with -O) is in the
   program at link time, so in cc1 it must be in the summary too.  */
static bool
in_system_header_as_linked (gather_state *st, location_t loc)
{
  if (!st->writer)
    return in_system_header_at (loc);
  return expand_location (loc).sysp;
}

/* Make LOC the location of the strings recorded next.  */
static void
use_location (gather_state *st, location_t loc)
{
  st->use_loc = loc;
  st->use_in_system_header = -1;
}

/* Is the current use in a system header?  Asked only when a string is
   found.  */
static bool
use_in_system_header (gather_state *st)
{
  if (st->use_in_system_header < 0)
    {
      location_t loc = st->use_loc;
      location_t where = LOCATION_LOCUS (loc) != UNKNOWN_LOCATION
			 ? loc : st->fallback_loc;
      st->use_in_system_header = in_system_header_as_linked (st, where);
    }
  return st->use_in_system_header;
}

static tree
find_strings (tree *tp, int *walk_subtrees, void *data)
{
  gather_state *st = (gather_state *) data;
  tree t = *tp;
  if (TREE_CODE (t) == STRING_CST)
    {
      if (use_in_system_header (st))
	st->skipped_system++;
      else
	record_string (st, t);
    }
  else if (TREE_CODE (t) == ADDR_EXPR)
    {
      /* The address of a literal keeps the literal's own location even
	 when the statement around it came from an inlined system
	 header (a std::string built from "..."): prefer it.  */
      location_t outer = st->use_loc;
      int outer_in_system_header = st->use_in_system_header;
      bool outer_address = st->under_address;
      if (EXPR_HAS_LOCATION (t))
	use_location (st, EXPR_LOCATION (t));
      st->under_address = true;
      walk_tree (&TREE_OPERAND (t, 0), find_strings, st, NULL);
      st->under_address = outer_address;
      st->use_loc = outer;
      st->use_in_system_header = outer_in_system_header;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (t) || DECL_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Record the strings of operand OP, used at LOC.  */
static void
gather_operand (gather_state *st, tree op, location_t loc)
{
  /* Most operands are SSA names, declarations or numbers: no string
     inside, and not worth walk_tree's set of visited trees.  */
  if (!op || TREE_CODE (op) == SSA_NAME || DECL_P (op)
      || (CONSTANT_CLASS_P (op) && TREE_CODE (op) != STRING_CST))
    return;
  use_location (st, loc);
  if (TREE_CODE (op) == ADDR_EXPR || TREE_CODE (op) == STRING_CST)
    {
      /* The root alone: find_strings walks below an address itself.  */
      int walk_subtrees = 1;
      find_strings (&op, &walk_subtrees, st);
      return;
    }
  walk_tree_without_duplicates (&op, find_strings, st);
}

static void
gather_phis (gather_state *st, basic_block bb)
{
  for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	{
	  location_t loc = gimple_phi_arg_location (phi, i);
	  if (LOCATION_LOCUS (loc) == UNKNOWN_LOCATION)
	    loc = gimple_location (phi);
	  gather_operand (st, gimple_phi_arg_def (phi, i), loc);
	}
    }
}

/* What the format or format_arg attribute of FNTYPE says about its
   argument number ARG (from 1): an enum ls_format_kind.  */
static unsigned
argument_format (tree fntype, unsigned arg)
{
  if (!fntype)
    return LS_FORMAT_NONE;
  for (tree a = TYPE_ATTRIBUTES (fntype); a; a = TREE_CHAIN (a))
    {
      tree name = get_attribute_name (a), args = TREE_VALUE (a);
      if (is_attribute_p ("format_arg", name))
	{
	  if (args && tree_fits_uhwi_p (TREE_VALUE (args))
	      && tree_to_uhwi (TREE_VALUE (args)) == arg)
	    return LS_FORMAT_ARG;
	}
      else if (is_attribute_p ("format", name) && args
	       && TREE_CODE (TREE_VALUE (args)) == IDENTIFIER_NODE
	       && TREE_CHAIN (args)
	       && tree_fits_uhwi_p (TREE_VALUE (TREE_CHAIN (args)))
	       && tree_to_uhwi (TREE_VALUE (TREE_CHAIN (args))) == arg)
	{
	  const char *kind = IDENTIFIER_POINTER (TREE_VALUE (args));
	  if (strstr (kind, "printf"))
	    return LS_FORMAT_PRINTF;
	  if (strstr (kind, "scanf"))
	    return LS_FORMAT_SCANF;
	  if (strstr (kind, "strftime"))
	    return LS_FORMAT_STRFTIME;
	}
    }
  return LS_FORMAT_NONE;
}

/* The name a user calls FNDECL by: "printf" for __builtin_printf.  */
static const char *
callee_name (tree fndecl)
{
  if (!fndecl || !DECL_NAME (fndecl))
    return NULL;
  return ls_callee_name (IDENTIFIER_POINTER (DECL_NAME (fndecl)));
}

/* Record the strings of a call, each argument with what the callee
   is known to do with it (sinks, format strings, gettext).  */
static void
gather_call (gather_state *st, gcall *call)
{
  location_t loc = gimple_location (call);
  tree fndecl = gimple_call_fndecl (call);
  tree fntype = gimple_call_fntype (call);
  if (!fntype && fndecl)
    fntype = TREE_TYPE (fndecl);
  gather_operand (st, gimple_call_lhs (call), loc);
  if (!gimple_call_internal_p (call))
    st->callee = callee_name (fndecl);
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      st->arg_index = i + 1;
      st->format = argument_format (fntype, i + 1);
      if (st->format == LS_FORMAT_NONE && fndecl && fntype
	  && fntype != TREE_TYPE (fndecl))
	st->format = argument_format (TREE_TYPE (fndecl), i + 1);
      gather_operand (st, gimple_call_arg (call, i), loc);
    }
  st->callee = NULL;
  st->arg_index = 0;
  st->format = LS_FORMAT_NONE;
}

/* A local array with a large constant initializer is filled by
   copying a constant GCC made for it ("credits = *.LC63;"): remember
   the array's name for that constant, whose own name means nothing to
   a user.  */
static void
note_local_array_copy (gather_state *st, gimple *stmt)
{
  if (!st->local_array_names || !gimple_assign_single_p (stmt))
    return;
  tree lhs = gimple_assign_lhs (stmt), rhs = gimple_assign_rhs1 (stmt);
  if (TREE_CODE (rhs) == VIEW_CONVERT_EXPR)
    rhs = TREE_OPERAND (rhs, 0);
  if (!VAR_P (rhs) || !DECL_IN_CONSTANT_POOL (rhs) || !VAR_P (lhs)
      || !DECL_NAME (lhs) || DECL_ARTIFICIAL (lhs))
    return;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (lhs));
  bool existed;
  const char *&slot = st->local_array_names->get_or_insert (rhs, &existed);
  if (!existed)
    slot = name;
  else if (strcmp (slot, name) != 0)
    slot = "";
}

/* The source name recorded for NODE's constant, or NULL.  */
static const char *
local_array_name (gather_state *st, varpool_node *node)
{
  if (!st->local_array_names)
    return NULL;
  const char **name = st->local_array_names->get (node->decl);
  return name && **name ? *name : NULL;
}

static void
gather_statements (gather_state *st, basic_block bb)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      /* Debug binds only mirror values; asm operands are constraints.  */
      if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_ASM)
	continue;
      note_local_array_copy (st, stmt);
      if (gcall *call = dyn_cast<gcall *> (stmt))
	gather_call (st, call);
      else
	for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
	  gather_operand (st, gimple_op (stmt, i), gimple_location (stmt));
    }
}

/* Set the fields of ST->site that only the link knows (a summary
   leaves them out) for the uses in NODE's body.  */
static void
begin_function_site (gather_state *st, cgraph_node *node)
{
  st->function_name = function_display_name (node->decl);
  st->site.function = st->function_name;
  st->site.unit = unit_name (node);
  st->site.variable = NULL;
  st->site.referrers = NULL;
  st->site.n_referrers = 0;
  st->site.named_array = false;
  st->site.dead = !symbol_set_contains (st->reachable, node);
}

static void
end_function_site (gather_state *st)
{
  free (st->function_name);
  st->function_name = NULL;
  st->site.function = NULL;
  st->site.dead = false;
}

/* Walk NODE's body, in memory: into the program, or in cc1 into the
   unit's summary.  */
static void
gather_function_body (gather_state *st, cgraph_node *node)
{
  function *fn = DECL_STRUCT_FUNCTION (node->decl);
  if (!fn || !fn->cfg)
    return;
  stats.functions++;
  if (!st->writer)
    begin_function_site (st, node);
  st->fallback_loc = DECL_SOURCE_LOCATION (node->decl);
  size_t uses = st->uses;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      gather_phis (st, bb);
      gather_statements (st, bb);
    }
  add_local_names (st, node, fn);
  trace ("function %s: %lu string uses, from its body%s", node->dump_name (),
	 (unsigned long) (st->uses - uses),
	 st->writer ? " (into the summary)"
	 : st->transient_locations ? " read from its object" : "");
  if (!st->writer)
    end_function_site (st);
}

/* ------------------------------------------------------------------ */
/* Reading a body in WPA and putting everything back.                  */

/* A function body read into memory for the walk, and everything the
   reading changes, put back when this goes out of scope: statement
   pointers go back to uids and the decl forgets the body, so that the
   rest of the link streams NODE exactly as if it had never been read;
   the line table forgets the body's locations.  */
class body_reading
{
public:
  body_reading (gather_state *st, cgraph_node *node);
  ~body_reading ();

private:
  body_reading (const body_reading &) = delete;
  body_reading &operator= (const body_reading &) = delete;

  gather_state *st;
  cgraph_node *node;
  tree result, arguments, initial, saved_tree;
  function *fn;
  unsigned debug_args;		/* Entries in the decl's debug-args map.  */
  auto_vec<unsigned> edge_uids;	/* Callees, then indirect calls.  */
  auto_vec<unsigned> ref_uids;
  compat_line_table_state lines;
};

body_reading::body_reading (gather_state *st_, cgraph_node *node_)
  : st (st_), node (node_)
{
  tree decl = node->decl;
  result = DECL_RESULT (decl);
  arguments = DECL_ARGUMENTS (decl);
  initial = DECL_INITIAL (decl);
  saved_tree = DECL_SAVED_TREE (decl);
  fn = DECL_STRUCT_FUNCTION (decl);
  debug_args = compat_debug_args_count (decl);
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    edge_uids.safe_push (compat_edge_stmt_uid (e));
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    edge_uids.safe_push (compat_edge_stmt_uid (e));
  ipa_ref *ref;
  for (unsigned i = 0; node->iterate_reference (i, ref); i++)
    ref_uids.safe_push (compat_ref_stmt_uid (ref));
  lines = compat_save_line_table ();
  st->transient_locations = true;
}

body_reading::~body_reading ()
{
  unsigned i = 0;
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    compat_edge_forget_stmt (e, edge_uids[i++]);
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    compat_edge_forget_stmt (e, edge_uids[i++]);
  ipa_ref *ref;
  for (i = 0; node->iterate_reference (i, ref); i++)
    compat_ref_forget_stmt (ref, ref_uids[i]);
  tree decl = node->decl;
  DECL_RESULT (decl) = result;
  DECL_ARGUMENTS (decl) = arguments;
  DECL_INITIAL (decl) = initial;
  DECL_SAVED_TREE (decl) = saved_tree;
  DECL_STRUCT_FUNCTION (decl) = fn;
  compat_debug_args_truncate (decl, debug_args);
  compat_restore_line_table (lines);
  st->transient_locations = false;
}

/* Read NODE's body from its object, scan it and forget it.  Returns
   false when the body could not be found.  */
static bool
gather_streamed_function (gather_state *st, cgraph_node *node)
{
  const char *name, *data;
  size_t len;
  bool compressed;
  /* Clones share their origin's body and are not read in WPA.  */
  if (node->clones)
    return false;
  /* Finding the section decompresses it: that is loading too.  */
  double start = cpu_seconds ();
  data = compat_find_body_section (node, &name, &len, &compressed);
  if (!data)
    return false;
  body_reading reading (st, node);
  compat_input_function_body (node, data);
  compat_release_section (node, name, data, len, compressed);
  stats.load += cpu_seconds () - start;
  stats.bodies_read++;
  gather_function_body (st, node);
  return true;
}

static bool
body_in_memory (cgraph_node *node)
{
  function *fn = DECL_STRUCT_FUNCTION (node->decl);
  return fn && fn->cfg;
}

/* Functions whose strings are gathered: every original function with
   a body, at compile time as at link time.  */
static bool
function_to_gather (cgraph_node *node)
{
  return node->has_gimple_body_p () && !node->inlined_to && !node->clone_of;
}

static bool add_summarised_function (gather_state *st, cgraph_node *node);

static void
gather_functions (gather_state *st)
{
  cgraph_node *node;
  compat_gc_policy saved = compat_collect_at_growth (garbage_percent);
  FOR_EACH_FUNCTION (node)
    {
      if (!function_to_gather (node))
	continue;
      if (add_summarised_function (st, node))
	continue;
      if (body_in_memory (node))
	gather_function_body (st, node);
      else if (compat_in_lto () && gather_streamed_function (st, node))
	{
	  double start = cpu_seconds ();
	  compat_ggc_collect_if_grown ();
	  stats.gc += cpu_seconds () - start;
	}
    }
  compat_restore_gc_policy (saved);
}

/* ------------------------------------------------------------------ */
/* Variables.                                                          */

/* Variables whose strings are the compiler's, not the program's.  */
static bool
compiler_made_variable (tree decl)
{
  if (DECL_VIRTUAL_P (decl))
    return true;
  if (DECL_NAME (decl))
    {
      const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
      if (!strcmp (name, "__func__") || !strcmp (name, "__FUNCTION__")
	  || !strcmp (name, "__PRETTY_FUNCTION__"))
	return true;
    }
  if (DECL_ASSEMBLER_NAME_SET_P (decl))
    {
      const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
      if (!strncmp (asm_name, "_ZTS", 4) || !strncmp (asm_name, "_ZTI", 4)
	  || !strncmp (asm_name, "_ZTV", 4))
	return true;
    }
  return false;
}

/* The functions that reference NODE, directly or through variables
   that point to it, in a vector of names owned by the caller.  */
static void
collect_referrers (varpool_node *node, vec<char *> *names)
{
  hash_set<symtab_node *> seen;
  auto_vec<symtab_node *> work;
  work.safe_push (node);
  seen.add (node);
  while (!work.is_empty ())
    {
      symtab_node *sym = work.pop ();
      ipa_ref *ref;
      for (unsigned i = 0; sym->iterate_referring (i, ref); i++)
	{
	  symtab_node *from = ref->referring;
	  if (seen.add (from))
	    continue;
	  if (cgraph_node *fn = dyn_cast<cgraph_node *> (from))
	    names->safe_push (function_display_name (fn->decl));
	  else
	    work.safe_push (from);
	}
    }
}

/* Is DECL an array of getopt's struct option?  */
static bool
is_option_table (tree decl)
{
  tree type = TREE_TYPE (decl);
  if (TREE_CODE (type) != ARRAY_TYPE)
    return false;
  tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (type));
  if (TREE_CODE (elt) != RECORD_TYPE || !TYPE_NAME (elt))
    return false;
  tree name = TYPE_NAME (elt);
  if (TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  return name && TREE_CODE (name) == IDENTIFIER_NODE
	 && strcmp (IDENTIFIER_POINTER (name), "option") == 0;
}

/* Set the fields of ST->site that only the link knows for the uses in
   NODE's initializer; REFERRERS holds the names until
   end_variable_site.  */
static void
begin_variable_site (gather_state *st, varpool_node *node,
		     vec<char *> *referrers)
{
  tree decl = node->decl;
  collect_referrers (node, referrers);
  st->site.function = NULL;
  const char *local = local_array_name (st, node);
  st->site.variable = local ? local
		      : DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
		      : "<anonymous>";
  st->site.unit = unit_name (node);
  st->site.referrers = referrers->address ();
  st->site.n_referrers = referrers->length ();
  st->site.dead = !symbol_set_contains (st->reachable, node);
}

static void
end_variable_site (gather_state *st, vec<char *> *referrers)
{
  st->site.variable = NULL;
  st->site.referrers = NULL;
  st->site.n_referrers = 0;
  st->site.dead = false;
  for (char *name : *referrers)
    free (name);
  referrers->release ();
}

static void
gather_initializer (gather_state *st, varpool_node *node, tree init)
{
  tree decl = node->decl;
  location_t loc = DECL_SOURCE_LOCATION (decl);
  if (in_system_header_as_linked (st, loc))
    {
      st->skipped_system++;
      trace ("variable %s: in a system header, skipped", node->dump_name ());
      return;
    }
  size_t uses = st->uses;
  vec<char *> referrers = vNULL;
  if (!st->writer)
    begin_variable_site (st, node, &referrers);
  st->names_from_strings = is_option_table (decl);
  st->fallback_loc = loc;
  use_location (st, loc);
  /* A constant GCC made of a local array's string is output as a
     mergeable string, like a literal.  */
  st->in_initializer = !(DECL_IN_CONSTANT_POOL (decl)
			 && TREE_CODE (init) == STRING_CST);
  walk_tree_without_duplicates (&init, find_strings, st);
  st->in_initializer = false;
  st->names_from_strings = false;
  stats.variables++;
  const char *local = local_array_name (st, node);
  trace ("variable %s: %lu string uses, from its initializer%s%s%s",
	 node->dump_name (), (unsigned long) (st->uses - uses),
	 st->writer ? " (into the summary)"
	 : st->transient_locations ? " read from its object" : "",
	 local ? ", named after the local array " : "", local ? local : "");
  if (!st->writer)
    end_variable_site (st, &referrers);
}

/* A variable's initializer read into memory for the walk: when this
   goes out of scope, the decl has the marker that says "not read"
   again and the line table forgets the initializer's locations.  */
class initializer_reading
{
public:
  initializer_reading (gather_state *st_, varpool_node *node_)
    : st (st_), node (node_), lines (compat_save_line_table ())
  {
    st->transient_locations = true;
  }
  ~initializer_reading ()
  {
    DECL_INITIAL (node->decl) = error_mark_node;
    compat_restore_line_table (lines);
    st->transient_locations = false;
  }

private:
  initializer_reading (const initializer_reading &) = delete;
  initializer_reading &operator= (const initializer_reading &) = delete;

  gather_state *st;
  varpool_node *node;
  compat_line_table_state lines;
};

/* Read NODE's initializer from its object when it is not in memory,
   scan it, and put back the marker that says "not read".  */
static void
gather_variable (gather_state *st, varpool_node *node)
{
  tree decl = node->decl;
  tree init = DECL_INITIAL (decl);
  if (init != error_mark_node)
    {
      if (init)
	gather_initializer (st, node, init);
      return;
    }
  if (!compat_in_lto ())
    return;
  const char *name, *data;
  size_t len;
  bool compressed;
  data = compat_find_body_section (node, &name, &len, &compressed);
  if (!data)
    return;
  initializer_reading reading (st, node);
  compat_input_variable_constructor (node, data);
  compat_release_section (node, name, data, len, compressed);
  init = DECL_INITIAL (decl);
  if (init && init != error_mark_node)
    gather_initializer (st, node, init);
}

static bool
variable_to_gather (varpool_node *node)
{
  return node->definition && !node->alias
	 && !compiler_made_variable (node->decl);
}

static bool add_summarised_variable (gather_state *st, varpool_node *node);

static void
gather_variables (gather_state *st)
{
  varpool_node *node;
  FOR_EACH_VARIABLE (node)
    {
      if (!variable_to_gather (node))
	continue;
      if (!add_summarised_variable (st, node))
	gather_variable (st, node);
    }
}

/* ------------------------------------------------------------------ */
/* Compile-time summaries.                                             */

/* With -fplugin on the compile command of an -flto unit, cc1 walks
   every body and initializer as the link would, while they are in
   memory, and writes what it found into one section of the object
   (summary.c has its format).  The link then reads those sections
   instead of the bodies: reading a body in WPA costs a hundred times
   what its summary does.  An object without a usable section (compiled
   without the plugin, or by another version) is read the slow way.  */

/* The name of the section: .gnu.lto_ltospell.summary.raw.0.<file id>.
   A function body's section is named after its symbol; no symbol is
   named this.  The section is not compressed (compat_write_summary_section);
   until stop 28 it was, named ltospell.summary: an object from then has
   that one, which an earlier plugin reads through GCC's decompressor
   (a section it cannot decompress would end its link with an internal
   compiler error), and this one only notices.  */
static const char summary_section_name[] = "ltospell.summary.raw";
static const char compressed_summary_section_name[] = "ltospell.summary";

/* cc1: the summary being made, and the nodes it holds, by key (NULL
   once removed).  */
static ls_summary_writer *summary_writer;
static vec<symtab_node *> summary_nodes;
static hash_map<symtab_node *, unsigned> *summary_keys;
static cgraph_node_hook_list *function_removal_hook;
static varpool_node_hook_list *variable_removal_hook;

/* Start NODE's symbol in the summary being made.  */
static void
start_summary_symbol (symtab_node *node, enum ls_summary_kind kind)
{
  unsigned key = summary_nodes.length ();
  ls_summary_writer_symbol (summary_writer, key, kind);
  summary_nodes.safe_push (node);
  summary_keys->put (node, key);
}

/* A node removed between generate_summary and write_summary is not
   streamed: forget it, lest another take its address.  */
static void
forget_removed_node (symtab_node *node)
{
  if (unsigned *key = summary_keys->get (node))
    {
      summary_nodes[*key] = NULL;
      summary_keys->remove (node);
    }
}

static void
function_removed (cgraph_node *node, void *)
{
  forget_removed_node (node);
}

static void
variable_removed (varpool_node *node, void *)
{
  forget_removed_node (node);
}
/* cc1: the summary was written; the pass has nothing more to do.  */
static bool summary_written;

/* generate_summary: in cc1, after the early optimizations, with every
   body in the state it is streamed in.  */
static void
generate_ltospell_summary (void)
{
  /* A compile without -flto runs the pass itself on the unit.  */
  if (compat_in_lto () || !compat_generating_lto () || summary_writer)
    return;
  summary_writer = ls_summary_writer_new (ltospell_info.version);
  ls_summary_writer_directory (summary_writer, compat_src_pwd ());
  summary_keys = new hash_map<symtab_node *, unsigned>;
  function_removal_hook = symtab->add_cgraph_removal_hook (function_removed,
							   NULL);
  variable_removal_hook = symtab->add_varpool_removal_hook (variable_removed,
							    NULL);
  hash_set<tree> seen_types;
  hash_map<tree, const char *> local_array_names;
  gather_state st;
  memset (&st, 0, sizeof st);
  st.writer = summary_writer;
  st.seen_types = &seen_types;
  st.local_array_names = &local_array_names;
  cgraph_node *fn;
  FOR_EACH_FUNCTION (fn)
    if (function_to_gather (fn) && body_in_memory (fn))
      {
	start_summary_symbol (fn, LS_SUMMARY_FUNCTION);
	gather_function_body (&st, fn);
      }
  varpool_node *var;
  FOR_EACH_VARIABLE (var)
    {
      tree init = DECL_INITIAL (var->decl);
      if (!variable_to_gather (var) || !init || init == error_mark_node)
	continue;
      start_summary_symbol (var, LS_SUMMARY_VARIABLE);
      ls_summary_writer_source_name (summary_writer,
				     local_array_name (&st, var));
      gather_initializer (&st, var, init);
    }
  free (st.inlined_name);
}

/* The index in the object's symbol table of the node with KEY, if the
   object streams it.  */
static bool
summary_index_of (void *, unsigned key, unsigned *index)
{
  if (!summary_nodes[key])
    return false;
  int i = compat_streamed_index (summary_nodes[key]);
  if (i < 0)
    return false;
  *index = (unsigned) i;
  return true;
}

static void copy_summaries (void);
static void free_summaries (void);

/* write_summary: in cc1, once GCC has numbered what it streams; and in
   the lto1 of an incremental link (gcc -r), which streams the units it
   read into one object.  */
static void
write_ltospell_summary (void)
{
  summary_written = true;
  if (compat_in_lto ())
    {
      copy_summaries ();
      free_summaries ();
    }
  if (!summary_writer)
    return;
  size_t len;
  const unsigned char *data
    = ls_summary_writer_finish_indexed (summary_writer, summary_index_of,
					NULL, &len);
  compat_write_summary_section (summary_section_name, data, len);
  ls_summary_writer_free (summary_writer);
  summary_writer = NULL;
  summary_nodes.release ();
  delete summary_keys;
  summary_keys = NULL;
  if (function_removal_hook)
    symtab->remove_cgraph_removal_hook (function_removal_hook);
  if (variable_removal_hook)
    symtab->remove_varpool_removal_hook (variable_removal_hook);
  function_removal_hook = NULL;
  variable_removal_hook = NULL;
}

/* Link time: the sections read, and where each symbol's summary is,
   by the symbol's order (which survives the merging of the units'
   symbols that follows read_summary; nodes do not).  */
struct summary_ref
{
  unsigned section, symbol;
};

static vec<ls_summary_section *> summary_sections;
/* Each section's object, to read it again at the end of WPA.  GCC's
   file records live to the end of lto1: garbage-collected, but kept by
   lto-common's root real_file_decl_data and their next chains
   (summary-check-at links with a collection at every point).  */
static vec<lto_file_decl_data *> summary_files;
/* The object's bytes a section taken back at the end of WPA reads in
   place (loaded_section), until the section goes (release_section).  */
struct object_bytes
{
  const char *data;
  size_t len;
};
static vec<object_bytes> summary_bytes_read;
/* Each symbol's summary_ref by the symbol's order, made once every
   summary is read, at its final size (index_summary_symbols): grown a
   symbol at a time, the map of the 52k-function bench program's 53,500
   symbols went through 3 MB of tables, 700 page faults.  Not an array
   by order: a C++ link's orders count every unit's copy of each inline
   function, many times its summarised symbols.  */
static hash_map<int_hash<int, -1, -2>, summary_ref> *summary_refs;
static unsigned units_total, units_without_summary;
static size_t summary_bytes;	/* Of every summary read.  */
static double summary_read_seconds;

/* Is symbol INDEX of KIND one of the object's?  CTX is the object.  */
static bool
summary_accept_symbol (void *ctx, unsigned index, enum ls_summary_kind kind)
{
  symtab_node *node = compat_file_symbol ((lto_file_decl_data *) ctx, index);
  if (!node || !node->definition)
    return false;
  return kind == LS_SUMMARY_FUNCTION ? is_a<cgraph_node *> (node)
				     : is_a<varpool_node *> (node);
}

static bool check_at_end_of_wpa (void);

/* Read F's summary; false if it has none that can be used.  */
static bool
read_file_summary (lto_file_decl_data *f)
{
  size_t len;
  const char *data = compat_read_summary_section (f, summary_section_name,
						  &len);
  if (!data)
    {
      if (compat_has_summary_section (f, compressed_summary_section_name))
	{
	  warning (0, "ltospell: the summary in %qs cannot be used (an "
		   "earlier version of ltospell wrote it, compressed); that "
		   "unit is read the slow way", compat_lto_file_name (f));
	  trace ("unit %s: an earlier version's summary, read the slow way",
		 compat_lto_file_name (f));
	}
      else
	trace ("unit %s: no summary, read the slow way",
	       compat_lto_file_name (f));
      return false;
    }
  static const ls_summary_visitor check = { summary_accept_symbol, NULL,
					    NULL, NULL };
  char *err = NULL;
  summary_bytes += len;
  ls_summary_section *s = ls_summary_section_new_in_place (data, len,
							   ltospell_info.version,
							   &check, f, &err);
  /* A program checked at the end of WPA needs its summaries only then
     (loaded_section reads them again): until then, only where each
     symbol's summary is.  They go now, while GCC's memory is still far
     below its peak.  Whether the program is checked then depends on
     the summaries' bytes so far (check_at_end_of_wpa): once it is, it
     stays so, and the sections kept before go after the last is read
     (read_ltospell_summary).  */
  if (s && check_at_end_of_wpa ())
    ls_summary_section_let_go (s);
  else if (s)
    ls_summary_section_keep_copy (s);
  compat_free_summary_section (f, summary_section_name, data, len);
  if (!s)
    {
      warning (0, "ltospell: the summary in %qs cannot be used (%s); "
	       "that unit is read the slow way", compat_lto_file_name (f),
	       err ? err : "out of memory");
      trace ("unit %s: summary refused (%s), read the slow way",
	     compat_lto_file_name (f), err ? err : "out of memory");
      free (err);
      return false;
    }
  ls_summary_section_rebase (s, compat_src_pwd ());
  trace ("unit %s: summary of %lu symbols, compiled in %s",
	 compat_lto_file_name (f),
	 (unsigned long) ls_summary_section_n_symbols (s),
	 *ls_summary_section_directory (s) ? ls_summary_section_directory (s)
					   : "an unknown directory");
  summary_sections.safe_push (s);
  summary_files.safe_push (f);
  object_bytes none = { NULL, 0 };
  summary_bytes_read.safe_push (none);
  return true;
}

/* Say where each summarised symbol's summary is (summary_refs).  */
static void
index_summary_symbols (void)
{
  size_t n = 0;
  for (ls_summary_section *s : summary_sections)
    n += ls_summary_section_n_symbols (s);
  delete summary_refs;
  /* GCC's tables grow when three quarters full.  */
  summary_refs = new hash_map<int_hash<int, -1, -2>, summary_ref> (n * 4 / 3
								     + 16);
  for (unsigned k = 0; k < summary_sections.length (); k++)
    for (size_t i = 0; i < ls_summary_section_n_symbols (summary_sections[k]);
	 i++)
      {
	unsigned index = ls_summary_section_index (summary_sections[k], i);
	symtab_node *node = compat_file_symbol (summary_files[k], index);
	summary_ref ref = { k, (unsigned) i };
	summary_refs->put (node->order, ref);
      }
}

/* Summary section K cannot be read again, for WHY: one warning, and
   the section is not asked for again.  */
static void
lose_section (unsigned k, const char *why)
{
  warning (0, "ltospell: the summary in %qs cannot be read again (%s); "
	   "the strings of that unit are left out",
	   compat_lto_file_name (summary_files[k]), why);
  summary_files[k] = NULL;
}

/* Summary section K, read again from its object if it was let go.
   The object's bytes are those read_file_summary checked; should the
   object be gone or its bytes fail now, one warning says the unit's
   strings are left out.  */
static ls_summary_section *
loaded_section (unsigned k)
{
  ls_summary_section *kept = summary_sections[k];
  if (kept && ls_summary_section_has_bytes (kept))
    return kept;
  lto_file_decl_data *f = summary_files[k];
  if (!f)
    return NULL;		/* Lost already, and warned about.  */
  /* GCC's reader ends the link with a fatal error when it cannot open
     the object: one that went away during the link (the link itself no
     longer needs it) costs only its unit's strings.  */
  if (access (compat_lto_file_name (f), R_OK) != 0)
    {
      lose_section (k, xstrerror (errno));
      return NULL;
    }
  size_t len;
  const char *data = compat_read_summary_section (f, summary_section_name,
						  &len);
  char *err = NULL;
  ls_summary_section *s = NULL;
  /* The bytes checked when they were first read need no check again,
     and are read where GCC put them (no copy) until release_section.  */
  if (data && kept
      && ls_summary_section_take_back (kept, data, len,
				       ltospell_info.version))
    {
      object_bytes taken = { data, len };
      summary_bytes_read[k] = taken;
      return kept;
    }
  if (data)
    {
      s = ls_summary_section_new (data, len, ltospell_info.version, NULL,
				  NULL, &err);
      compat_free_summary_section (f, summary_section_name, data, len);
    }
  if (!s)
    {
      lose_section (k, err ? err : data ? "out of memory" : "no such section");
      free (err);
      return NULL;
    }
  ls_summary_section_rebase (s, compat_src_pwd ());
  ls_summary_section_free (kept);
  summary_sections[k] = s;
  return s;
}

/* Free summary section K, and the object's bytes it read in place.  */
static void
release_section (unsigned k)
{
  ls_summary_section_free (summary_sections[k]);
  summary_sections[k] = NULL;
  object_bytes &bytes = summary_bytes_read[k];
  if (bytes.data)
    compat_free_summary_section (summary_files[k], summary_section_name,
				 bytes.data, bytes.len);
  bytes.data = NULL;
}

/* read_summary: in WPA and in the lto1 of -flto-partition=none.  */
static void
read_ltospell_summary (void)
{
  double start = cpu_seconds ();
  lto_file_decl_data **files = compat_lto_files ();
  for (unsigned i = 0; files && files[i]; i++)
    {
      units_total++;
      if (!read_file_summary (files[i]))
	units_without_summary++;
    }
  index_summary_symbols ();
  /* The sections kept while the summaries were under
     end_of_wpa_summary_bytes, when they are over it now.  */
  if (check_at_end_of_wpa ())
    for (unsigned k = 0; k < summary_sections.length (); k++)
      ls_summary_section_let_go (summary_sections[k]);
  /* What the core let go goes back before GCC's IPA passes, whose
     memory is the link's peak.  */
  ls_big_release_spare ();
  summary_read_seconds += cpu_seconds () - start;
}

static summary_ref *
summary_of (symtab_node *node)
{
  return summary_refs ? summary_refs->get (node->order) : NULL;
}

/* A summarised symbol, whose strings join the program only once the
   walk is over (add_pending_symbols): in WPA at the end of the link's
   WPA, so that the program's uses are not in memory while GCC's own
   memory peaks.  It keeps the fields of its sites that only the link
   knows, names owned: GCC may collect its trees by then.  */
struct pending_symbol
{
  unsigned section, symbol;	/* Where its summary is.  */
  const char *unit;		/* Interned in pending_units.  */
  const char *name;		/* The function's, or the variable's, in
				   pending_names.  */
  char **referrers;		/* A variable's referrers.  */
  unsigned n_referrers;
  bool variable, dead;
  char *dump_name;		/* Only while dumping.  */
};

static vec<pending_symbol> pending_symbols;
static hash_map<nofree_string_hash, char *> *pending_units;
/* The symbols' names, packed: tens of thousands of short strings.  */
static struct obstack pending_names;
static bool pending_names_ready;

/* UNIT, copied once for all the symbols of its unit.  */
static const char *
intern_unit (const char *unit)
{
  if (!pending_units)
    pending_units = new hash_map<nofree_string_hash, char *>;
  if (char **known = pending_units->get (unit))
    return *known;
  char *copy = xstrdup (unit);
  pending_units->put (copy, copy);
  return copy;
}

/* Remember NODE's summary for add_pending_symbols, with the fields of
   ST->site begin_*_site set.  */
static void
add_pending_symbol (gather_state *st, symtab_node *node, summary_ref *ref,
		    const char *name, vec<char *> *referrers)
{
  if (!pending_names_ready)
    {
      gcc_obstack_init (&pending_names);
      pending_names_ready = true;
    }
  pending_symbol p;
  memset (&p, 0, sizeof p);
  p.section = ref->section;
  p.symbol = ref->symbol;
  p.unit = intern_unit (st->site.unit);
  p.name = (const char *) obstack_copy0 (&pending_names, name, strlen (name));
  p.variable = referrers != NULL;
  p.dead = st->site.dead;
  if (referrers)
    {
      p.n_referrers = referrers->length ();
      p.referrers = XNEWVEC (char *, p.n_referrers + 1);
      for (unsigned i = 0; i < p.n_referrers; i++)
	p.referrers[i] = (*referrers)[i];
      referrers->truncate (0);
    }
  if (dump_file)
    p.dump_name = xstrdup (node->dump_name ());
  pending_symbols.safe_push (p);
}

/* qsort on indices of pending symbols of one summary section: by
   place in the section, last first.  A unit's summary lists its
   symbols in the order of GCC's symbol table, the last defined first:
   read back to front, a unit's strings join the program nearly in the
   order ls_program_finish sorts them to (file, line), whose merge sort
   then skips most merges (on the 52k-function bench program, half the
   strings came out of order the other way).  Any order gives the same
   program.  */
static int
compare_pending (const void *pa, const void *pb)
{
  unsigned ia = *(const unsigned *) pa, ib = *(const unsigned *) pb;
  unsigned a = pending_symbols[ia].symbol, b = pending_symbols[ib].symbol;
  if (a != b)
    return a > b ? -1 : 1;
  return ia < ib ? -1 : ia > ib;
}

/* The indices of the pending symbols by summary section (unit), then
   in compare_pending's order: counted into their sections, then each
   section's sorted apart (a hundred in a unit of the 52k-function
   bench program, whose 53,000 symbols took gcc_qsort 35 M instructions
   in one sort).  Indices, not the symbols: a sorted copy of those was
   2.5 MB of fresh pages there, some 600 page faults.  */
static unsigned *
sorted_pending_order (void)
{
  unsigned n_sections = summary_sections.length ();
  unsigned n = pending_symbols.length ();
  /* Section K's symbols go to [BEGIN[K], BEGIN[K + 1]).  */
  unsigned *begin = XCNEWVEC (unsigned, n_sections + 1);
  for (unsigned i = 0; i < n; i++)
    {
      /* The summaries are still listed: add_pending_symbols runs before
	 free_summaries.  */
      gcc_checking_assert (pending_symbols[i].section < n_sections);
      begin[pending_symbols[i].section + 1]++;
    }
  for (unsigned k = 0; k < n_sections; k++)
    begin[k + 1] += begin[k];
  unsigned *end = XNEWVEC (unsigned, n_sections + 1);
  memcpy (end, begin, (n_sections + 1) * sizeof *end);
  unsigned *order = XNEWVEC (unsigned, n ? n : 1);
  for (unsigned i = 0; i < n; i++)
    order[end[pending_symbols[i].section]++] = i;
  for (unsigned k = 0; k < n_sections; k++)
    qsort (order + begin[k], begin[k + 1] - begin[k], sizeof *order,
	   compare_pending);
  XDELETEVEC (end);
  XDELETEVEC (begin);
  return order;
}

static void
free_pending_symbol (pending_symbol *p)
{
  for (unsigned i = 0; i < p->n_referrers; i++)
    free (p->referrers[i]);
  free (p->referrers);
  free (p->dump_name);
}

/* Add the strings of every pending symbol to PROGRAM and free what
   they kept.  Unit by unit, each unit's summary let go once its
   symbols are in: the order of adding does not matter, as the program
   orders its uses by what they are (ls_program_finish).  */
static void
add_pending_symbols (ls_program *program)
{
  double start = cpu_seconds ();
  unsigned *order = sorted_pending_order ();
  unsigned n = pending_symbols.length ();
  for (unsigned i = 0; i < n; i++)
    {
      pending_symbol &p = pending_symbols[order[i]];
      ls_summary_section *s = loaded_section (p.section);
      bool last = i + 1 == n
		  || pending_symbols[order[i + 1]].section != p.section;
      if (!s)
	{
	  free_pending_symbol (&p);
	  continue;
	}
      struct ls_site site;
      memset (&site, 0, sizeof site);
      site.loc = UNKNOWN_LOCATION;
      site.unit = p.unit;
      site.dead = p.dead;
      const char *local = NULL;
      if (p.variable)
	{
	  local = ls_summary_section_source_name (s, p.symbol);
	  site.variable = local ? local : p.name;
	  site.referrers = p.referrers;
	  site.n_referrers = p.n_referrers;
	}
      else
	site.function = p.name;
      size_t uses = ls_summary_add_symbol (program, s, p.symbol, &site);
      if (p.variable)
	trace ("variable %s: %lu string uses, from its summary%s%s",
	       p.dump_name, (unsigned long) uses,
	       local ? ", named after the local array " : "",
	       local ? local : "");
      else
	trace ("function %s: %lu string uses, from its summary", p.dump_name,
	       (unsigned long) uses);
      free_pending_symbol (&p);
      if (last)
	release_section (p.section);
    }
  XDELETEVEC (order);
  pending_symbols.release ();
  if (pending_names_ready)
    {
      obstack_free (&pending_names, NULL);
      pending_names_ready = false;
    }
  if (pending_units)
    for (auto entry : *pending_units)
      free (entry.second);
  delete pending_units;
  pending_units = NULL;
  stats.walk += cpu_seconds () - start;
}

/* Take NODE's strings from its summary, if it has one.  */
static bool
add_summarised_function (gather_state *st, cgraph_node *node)
{
  summary_ref *ref = summary_of (node);
  if (!ref)
    return false;
  stats.functions++;
  stats.summarised++;
  begin_function_site (st, node);
  add_pending_symbol (st, node, ref, st->function_name, NULL);
  end_function_site (st);
  return true;
}

static bool
add_summarised_variable (gather_state *st, varpool_node *node)
{
  summary_ref *ref = summary_of (node);
  if (!ref)
    return false;
  stats.summarised++;
  stats.variables++;
  vec<char *> referrers = vNULL;
  begin_variable_site (st, node, &referrers);
  add_pending_symbol (st, node, ref, st->site.variable, &referrers);
  end_variable_site (st, &referrers);
  return true;
}

/* In the lto1 of an incremental link: start the summary of the object
   it writes with those of the units it read, when every unit had one
   and all were compiled in one directory (a summary records one).
   Otherwise the object has none, and the final link reads it the slow
   way.  */
static void
copy_summaries (void)
{
  if (units_without_summary || summary_sections.is_empty ())
    return;
  const char *dir = ls_summary_section_directory (summary_sections[0]);
  for (ls_summary_section *s : summary_sections)
    if (strcmp (ls_summary_section_directory (s), dir) != 0)
      return;
  summary_writer = ls_summary_writer_new (ltospell_info.version);
  ls_summary_writer_directory (summary_writer, dir);
  for (ls_summary_section *s : summary_sections)
    ls_summary_section_rebase (s, NULL);
  summary_keys = new hash_map<symtab_node *, unsigned>;
  symtab_node *node;
  FOR_EACH_SYMBOL (node)
    if (summary_ref *ref = summary_of (node))
      {
	ls_summary_section *s = summary_sections[ref->section];
	start_summary_symbol (node, ls_summary_section_kind (s, ref->symbol));
	ls_summary_copy_symbol (summary_writer, s, ref->symbol);
      }
}

static void
free_summaries (void)
{
  for (unsigned k = 0; k < summary_sections.length (); k++)
    release_section (k);
  summary_sections.release ();
  summary_files.release ();
  summary_bytes_read.release ();
  delete summary_refs;
  summary_refs = NULL;
  /* The incremental link's write_summary frees them last.  */
  ls_big_release_spare ();
}

/* The one note about the units read the slow way.  */
static void
note_units_without_summary (void)
{
  if (!units_without_summary || options.quiet)
    return;
  inform (UNKNOWN_LOCATION, "ltospell: %u of %u units were read the slow "
	  "way, without a summary from this ltospell; to make the link "
	  "faster, put %<-fplugin%> on their compile command too (in CFLAGS "
	  "as well as LDFLAGS)", units_without_summary, units_total);
}

/* ------------------------------------------------------------------ */
/* Reporting.                                                          */

/* Where to report a use: its own location, or one made anew from its
   file:line:col when the line table gave the original back (uses read
   from bodies streamed in by the pass).  */
static location_t
site_location (const struct ls_site *u)
{
  if (u->loc != UNKNOWN_LOCATION || !u->file)
    return u->loc;
  return compat_make_location (u->file, u->line, u->column);
}

/* What the diagnostics of one report share.  */
struct report_state
{
  ls_sources *sources;		/* The program's sources, read once.  */
  const char *last_file;	/* The file of the last diagnostic shown.  */
};

/* Before a diagnostic at LOC: GCC reads its source line from a cache
   of 16 files, and a file it reads anew must be told its line count
   (compat_hint_source_lines).  A file is read anew only after a
   diagnostic in another one, so the count is given then.  On the
   52k-function bench program, the 15,000 diagnostics had GCC scan 81
   million lines without it (uprobes on file_cache_slot::get_next_line),
   0.5 to 0.9 s of the link.  */
static void
prepare_source (report_state *rs, location_t loc)
{
  const char *file = LOCATION_FILE (loc);
  if (!file || (rs->last_file && strcmp (file, rs->last_file) == 0))
    return;
  rs->last_file = file;
  const ls_source *src = ls_sources_get (rs->sources, file);
  compat_hint_source_lines (file, (unsigned) MIN (ls_source_line_count (src),
						  (size_t) INT_MAX));
  ls_source_drop_text (src);	/* The count stays; GCC has its own copy.  */
}

/* Quote and join the referrers of SITE the way %qs would.  */
static char *
quoted_list (const struct ls_site *site)
{
  size_t size = 1;
  for (size_t i = 0; i < site->n_referrers; i++)
    size += strlen (site->referrers[i]) + strlen (open_quote)
	    + strlen (close_quote) + 2;
  char *out = XNEWVEC (char, size);
  out[0] = '\0';
  for (size_t i = 0; i < site->n_referrers; i++)
    {
      if (i)
	strcat (out, ", ");
      strcat (out, open_quote);
      strcat (out, site->referrers[i]);
      strcat (out, close_quote);
    }
  return out;
}

/* Note where U is used, at LOC: the warning's own location for the
   first use, so that GCC does not print the same source line and caret
   twice in a row (it skips a repeated location_t, and a summarised use
   gets a fresh one each time site_location is asked).  */
static void
note_use (report_state *rs, const struct ls_site *u, bool also,
	  location_t loc)
{
  prepare_source (rs, loc);
  const char *used = also ? "also used" : "used";
  if (u->variable)
    {
      const char *in = also ? "also in" : "in";
      if (u->n_referrers == 0)
	inform (loc, "%s the initializer of %qs (unit %s), not referenced "
		"by any function", in, u->variable, u->unit);
      else
	{
	  char *list = quoted_list (u);
	  inform (loc, "%s the initializer of %qs (unit %s), referenced "
		  "by %s", in, u->variable, u->unit, list);
	  free (list);
	}
    }
  else if (u->inlined_from)
    inform (loc, "%s in function %qs (unit %s), inlined from %qs (%s:%u)",
	    used, u->function, u->unit, u->inlined_from,
	    u->call_file ? u->call_file : "?", u->call_line);
  else
    inform (loc, "%s in function %qs (unit %s)", used, u->function, u->unit);
}

/* Would two uses read the same in a note?  (Uses that differ only in
   the callee, as when one macro passes a literal to two functions,
   are kept apart by the core but say the same thing to a user.)  */
static bool
same_visible_site (const struct ls_site *a, const struct ls_site *b)
{
  return a->file == b->file && a->line == b->line && a->column == b->column
	 && a->unit == b->unit && a->function == b->function
	 && a->variable == b->variable && a->inlined_from == b->inlined_from
	 && a->call_file == b->call_file && a->call_line == b->call_line;
}

/* Is a warning at SITE shown (not -w, no #pragma turning it off)?  */
static bool
warning_shown_at (const struct ls_site *site, void *)
{
  return compat_warnings_shown_at (site_location (site));
}

/* R's warning, then for a misspelling the notes naming its uses.  */
static void
report_result (report_state *rs, const struct ls_result *r)
{
  if (!r->site)
    return;
  const struct ls_string *s = r->str;
  /* The word itself when it was found in the source: its range, and
     the replacement as a fix-it hint, which -fdiagnostics-generate-patch
     and -fdiagnostics-parseable-fixits turn into a patch and a line for
     editors.  */
  location_t first_loc
    = r->located ? compat_make_range (r->site->file, r->span.line,
				      r->span.first_column,
				      r->span.last_column)
		 : site_location (r->site);
  rich_location where (line_table, first_loc);
  if (r->fixit)
    where.add_fixit_replace (r->fixit);
  auto_diagnostic_group group;
  prepare_source (rs, first_loc);
  /* R's format is one of results.c's, with %qs for its arguments.  */
  if (!warning_at (&where, 0, r->format, r->args[0], r->args[1]))
    {
      rs->last_file = NULL;	/* Not read: GCC may still lack it.  */
      return;
    }
  if (r->kind != LS_RESULT_MISSPELLING)
    return;
  if (r->finding->identifier)
    inform (first_loc, "an identifier of the program is spelled %qs too",
	    r->word);
  size_t n_notes = MIN (s->n_uses, max_notes_per_finding);
  for (size_t i = 0; i < n_notes; i++)
    if (i == 0 || !same_visible_site (&s->uses[i - 1], &s->uses[i]))
      note_use (rs, &s->uses[i], i > 0,
		i == 0 ? first_loc : site_location (&s->uses[i]));
  if (s->n_uses > n_notes)
    inform (first_loc, "and %lu more uses",
	    (unsigned long) (s->n_uses - n_notes));
}

/* Open the dictionaries and word lists, with the precompiled words of
   WORDS_DIR (NULL: none); on failure report one error naming the
   problem and return NULL.  */
static ls_speller *
open_speller (const char *words_dir)
{
  char *err = NULL;
  struct ls_speller_setup setup = { options.lang, options.provider, NULL,
				    words_dir };
  ls_speller *sp = ls_speller_open (&setup, &err);
  if (!sp)
    {
      error ("ltospell: %s", err ? err : "cannot open the dictionaries");
      free (err);
      return NULL;
    }
  if (dump_file)
    {
      char *how = ls_speller_describe (sp);
      fprintf (dump_file, "dictionaries:\n%s", how);
      free (how);
    }
  char *dict_dir = NULL;
  if (!options.dict)
    dict_dir = ls_default_dict_dir (plugin_path);
  else if (strcmp (options.dict, "none") != 0)
    dict_dir = xstrdup (options.dict);
  if (dict_dir && ls_speller_add_words_dir (sp, dict_dir, options.lang, &err) != 0)
    {
      error ("ltospell: %s", err ? err : dict_dir);
      free (err);
      free (dict_dir);
      ls_speller_free (sp);
      return NULL;
    }
  free (dict_dir);
  for (size_t i = 0; i < options.words.n; i++)
    if (ls_speller_add_words_file (sp, options.words.items[i], &err) != 0)
      {
	error ("ltospell: %s", err ? err : options.words.items[i]);
	free (err);
	ls_speller_free (sp);
	return NULL;
      }
  return sp;
}

/* The link's working directory: report paths are relative to it.  */
static char *
link_directory (void)
{
  char *dir = getcwd (NULL, 0);
  return dir ? dir : xstrdup (".");
}

/* Write the reports the options ask for, print the GitHub annotations,
   and fail the link when fail-on= or werror say so.  */
static void
write_reports (ls_program *program, ls_findings *findings,
	       const ls_results *results)
{
  char *dir = link_directory ();
  /* Paths in the reports are relative to root=, by default the top of
     the git work tree the link runs in, else the link's directory.  */
  const char *given_root = options.root;
  char *root = given_root ? ls_absolute_path (given_root, dir)
	       : ls_git_top (dir);
  options.root = root ? root : dir;
  /* stderr, never stdout: lto-wrapper reads the stdout of WPA.  */
  if (options.format == LS_OUTPUT_GITHUB)
    ls_print_github (stderr, results, dir, options.root);
  char *err = NULL;
  if (ls_write_reports (program, findings, results, &options, dir, &err) != 0)
    error ("ltospell: %s", err);
  options.root = given_root;
  free (err);
  free (root);
  free (dir);
  size_t failing = results->failing;
  if (failing)
    error ("ltospell: %lu finding%s fail the link (%s)",
	   (unsigned long) failing, failing == 1 ? "" : "s",
	   options.fail_on == LS_TIERS_KNOWN ? "fail-on=known"
					     : "fail-on=all or werror");
}

/* The summary line and the remarks after it.  */
static void
print_summary (ls_program *program, const ls_findings *findings,
	       const ls_results *results)
{
  if (options.quiet)
    return;
  size_t words = results->warning_words, n = results->warning_findings;
  fprintf (stderr, "ltospell: %zu string uses, %zu distinct strings, "
	   "%zu distinct words, %zu misspelled word%s in %zu finding%s\n",
	   ls_program_n_uses (program), ls_program_n_strings (program),
	   findings->distinct_words, words, words == 1 ? "" : "s", n,
	   n == 1 ? "" : "s");
  if (findings->dialect == LS_DIALECT_BRITISH)
    fprintf (stderr, "ltospell: the strings are written in British English "
	     "(%zu words only en_GB accepts, such as '%s', against %zu "
	     "American): checked as en_GB too; lang= overrides\n",
	     findings->british_words, findings->british_example,
	     findings->american_words);
  if (results->dead_hidden)
    fprintf (stderr, "ltospell: %zu more in strings used only by code "
	     "LTO removes (the dead option shows them)\n",
	     results->dead_hidden);
  if (results->in_baseline)
    fprintf (stderr, "ltospell: %zu more in the baseline (%s): neither "
	     "warnings nor failures\n", results->in_baseline,
	     options.baseline);
}

static void
check_and_report (ls_program *program)
{
  double start = cpu_seconds ();
  ls_baseline *baseline = NULL;
  if (options.baseline)
    {
      char *err = NULL;
      baseline = ls_baseline_read (options.baseline, &err);
      if (!baseline)
	{
	  error ("ltospell: %s", err ? err : options.baseline);
	  free (err);
	  return;
	}
    }
  /* The speller and the filters' en_GB speller and known misspellings
     read the same precompiled words.  */
  char *words_dir = ls_default_words_dir (plugin_path);
  ls_speller *sp = open_speller (words_dir);
  char *err = NULL;
  ls_filters *filters = NULL;
  if (sp)
    {
      options.words_dir = words_dir;
      filters = ls_filters_new (&options, &err);
      options.words_dir = NULL;
    }
  free (words_dir);
  if (!sp)
    {
      ls_baseline_free (baseline);
      return;
    }
  if (!filters)
    {
      error ("ltospell: %s", err ? err : "cannot read the filter files");
      free (err);
      ls_speller_free (sp);
      ls_baseline_free (baseline);
      return;
    }
  ls_findings findings;
  ls_check_program (program, sp, filters, &findings);
  struct ls_consistency consistency;
  memset (&consistency, 0, sizeof consistency);
  if (options.consistency)
    ls_consistency_check (program, &options, &consistency);
  stats.check = cpu_seconds () - start;
  /* Splitting runs inside checking, word by word; with stats, split
     once more alone and count that share as splitting.  */
  if (options.stats)
    {
      double split_start = cpu_seconds ();
      ls_split_program (program);
      stats.split = cpu_seconds () - split_start;
      stats.check = MAX (0.0, stats.check - stats.split);
    }
  start = cpu_seconds ();
  ls_results results;
  ls_results_build (&results, &findings, &consistency, sp, &options,
		    baseline, warning_shown_at, NULL);
  ls_sources *sources = ls_sources_new ();
  ls_results_locate (&results, sources);
  report_state rs = { sources, NULL };
  for (size_t i = 0; i < results.n; i++)
    if (results.items[i].warns)
      report_result (&rs, &results.items[i]);
  write_reports (program, &findings, &results);
  stats.report = cpu_seconds () - start;
  print_summary (program, &findings, &results);
  ls_results_free (&results);
  ls_sources_free (sources);
  ls_consistency_free (&consistency);
  ls_findings_free (&findings);
  if (dump_file)
    {
      /* enchant may have been opened since open_speller's lines, for a
	 word the precompiled words could not judge or a suggestion, by
	 the speller or by the en_GB one that tells the dialect.  */
      char *how = ls_speller_describe (sp);
      fprintf (dump_file, "dictionaries at the end:\n%s", how);
      free (how);
      ls_speller *dialect = ls_filters_dialect_speller (filters);
      if (dialect)
	{
	  how = ls_speller_describe (dialect);
	  fprintf (dump_file, "dialect's dictionaries at the end:\n%s", how);
	  free (how);
	}
    }
  ls_filters_free (filters);
  ls_speller_free (sp);
  ls_baseline_free (baseline);
}

/* ------------------------------------------------------------------ */
/* The pass.                                                           */

static void
print_stats (FILE *out)
{
  fprintf (out, "ltospell: stats: %zu functions (%zu bodies read), "
	   "%zu variables, %zu dead symbols; cpu seconds: load %.3f, "
	   "walk %.3f, gc %.3f, split %.3f, check %.3f, report %.3f, "
	   "total %.3f; summaries: %zu symbols, %u of %u units without\n",
	   stats.functions, stats.bodies_read, stats.variables,
	   stats.dead_symbols, stats.load, stats.walk, stats.gc, stats.split,
	   stats.check, stats.report,
	   stats.load + stats.walk + stats.gc + stats.split + stats.check
	   + stats.report, stats.summarised, units_without_summary,
	   units_total);
}

/* The pass itself, for its number (dumps), and in WPA the program it
   gathered, checked at the end of the link's WPA (finish_plugin).  */
static opt_pass *ltospell_pass;
static ls_program *deferred_program;

/* Summaries from this many bytes on (decompressed) make the program
   worth checking at the end of WPA rather than in the pass, with
   check-at=auto.  In the pass, the program's memory comes while GCC's
   is still growing (the IPA passes, the partitions' streaming), and
   GCC reuses it once freed: a small program's (a few MB) costs
   nothing more than the libraries and dictionaries.  At the end of
   WPA, it comes on top of whatever GCC kept, which for a small program
   is its peak, and for a large one is well below it (GCC frees its IPA
   data).  WPA peak RSS delta in the pass and at the end (bench/README.md,
   stop 21): 52k functions, 7.4 MB of summaries, +54.7 and +11.1 MB;
   git, 1.66 MB, +5.1 and +4.0 MB; tmux, 0.45 MB, +4.0 and +4.9 MB;
   ninja and jq, 0.08 MB, +4.1 and +6.6 MB, +5.2 and +7.0 MB.  */
static const size_t end_of_wpa_summary_bytes = 1 << 20;

/* Check the program at the end of WPA (finish_plugin), not in the
   pass?  Only in WPA: under -flto-partition=none code generation
   follows in the same process, and grows GCC's memory again.  */
static bool
check_at_end_of_wpa (void)
{
  if (!compat_in_wpa ())
    return false;
  switch (options.check_at)
    {
    case LS_CHECK_AT_PASS:
      return false;
    case LS_CHECK_AT_END:
      return true;
    default:
      return summary_bytes >= end_of_wpa_summary_bytes;
    }
}

/* Complete PROGRAM with the summarised symbols, check it and report.  */
static void
check_program (ls_program *program, bool whole_program)
{
  add_pending_symbols (program);
  free_summaries ();
  ls_program_finish (program);
  trace ("program: %lu string uses, %lu distinct strings",
	 (unsigned long) ls_program_n_uses (program),
	 (unsigned long) ls_program_n_strings (program));
  check_and_report (program);
  if (options.stats)
    print_stats (stderr);
  if (dump_file)
    print_stats (dump_file);
  if (!whole_program && !options.quiet)
    inform (UNKNOWN_LOCATION, "ltospell checked this unit alone; "
	    "whole-program analysis needs %<-flto%> at compile and link "
	    "time");
  ls_big_release_spare ();
}

static unsigned int
execute_ltospell (void)
{
  bool whole_program = compat_in_lto ();
  ls_program *program = ls_program_new ();
  symbol_set reachable;
  hash_set<tree> seen_types;
  hash_map<tree, const char *> local_array_names;
  gather_state st;
  memset (&st, 0, sizeof st);
  st.program = program;
  st.reachable = &reachable;
  st.seen_types = &seen_types;
  st.local_array_names = &local_array_names;
  memset (&stats, 0, sizeof stats);
  stats.load = summary_read_seconds;
  /* As many as there are summarised symbols, at most: no regrowth.  */
  if (summary_refs)
    pending_symbols.reserve_exact (summary_refs->elements ());
  /* The walk's time is taken once, without the bodies' reading and
     collection, which are timed on their own: the clock is a system
     call, too costly for each of 50,000 symbols.  */
  double walk_start = cpu_seconds ();
  double timed_apart = stats.load + stats.gc;
  symbol_set_init (&reachable);
  compute_reachable (&reachable);
  add_symbol_names (&st);
  gather_functions (&st);
  gather_variables (&st);
  symbol_set_free (&reachable);
  stats.walk += cpu_seconds () - walk_start - (stats.load + stats.gc - timed_apart);
  note_units_without_summary ();
  free (st.inlined_name);
  /* The summarised symbols' strings join the program, and it is
     checked, now or, for a large program in WPA, at the end of the
     link's WPA (check_at_end_of_wpa): GCC's own memory peaks while it
     runs the IPA passes and is lower once the partitions are streamed,
     so the program's uses, the dictionaries, the word cache and the
     results are then not on top of that peak.  Until then only the
     summaries wait, with a few fields per symbol (pending_symbols),
     and the uses of bodies read the slow way.  */
  bool at_end = check_at_end_of_wpa ();
  if (compat_in_wpa ())
    trace ("program: %lu bytes of summaries, checked %s",
	   (unsigned long) summary_bytes,
	   at_end ? "at the end of WPA" : "in the pass");
  if (at_end)
    {
      deferred_program = program;
      /* The pending symbols say where their summaries are.  */
      delete summary_refs;
      summary_refs = NULL;
    }
  else
    {
      check_program (program, whole_program);
      ls_program_free (program);
    }
  ls_big_release_spare ();
  if (whole_program)
    compat_release_freed_memory (stats.bodies_read > 0);
  return 0;
}

static bool
gate_ltospell (void)
{
  /* An -flto compile makes and writes the unit's summary, and the link
     checks the program; with -ffat-lto-objects the IPA passes run on
     the unit after that, and this one has nothing more to do.  LTRANS
     sees a partition of a program WPA already checked.  */
  if (!compat_in_lto () && compat_generating_lto ())
    return !summary_written;
  return !compat_in_ltrans ();
}

static const pass_data ltospell_pass_data = {
  IPA_PASS,		/* type */
  "ltospell",		/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_NONE,		/* tv_id */
  0,			/* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

class pass_ltospell : public ipa_opt_pass_d
{
public:
  pass_ltospell (gcc::context *ctxt)
    /* Not named write_summary or read_summary: in this constructor
       those names are the base class's members.  */
    : ipa_opt_pass_d (ltospell_pass_data, ctxt,
		      generate_ltospell_summary,	/* generate_summary */
		      write_ltospell_summary,		/* write_summary */
		      read_ltospell_summary,		/* read_summary */
		      NULL,	/* write_optimization_summary */
		      NULL,	/* read_optimization_summary */
		      NULL,	/* stmt_fixup */
		      0,	/* function_transform_todo_flags_start */
		      NULL,	/* function_transform */
		      NULL)	/* variable_transform */
  {
  }

  bool gate (function *) final override { return gate_ltospell (); }
  unsigned int execute (function *) final override
  {
    return execute_ltospell ();
  }
  opt_pass *clone () final override { return new pass_ltospell (m_ctxt); }
};

/* ------------------------------------------------------------------ */
/* Plugin entry point.                                                 */

/* When lto1 fails after WPA wrote the partitions (a check at the end
   of WPA, or warnings -Werror made errors, which do not stop WPA), they
   would stay in the temporary directory (leftovers.h), unless the
   driver keeps temporary files anyway.  Run at exit, registered in
   WPA's PLUGIN_FINISH before the check: -Wfatal-errors exits from the
   first error, and exit handlers still run then.  */
static time_t plugin_start_time;

static void
remove_partitions_of_failed_link (void)
{
  if (!compat_link_fails ()
      || ls_keeps_temporary_files (getenv ("COLLECT_GCC_OPTIONS")))
    return;
  /* Two seconds of slack for file systems with coarse times.  */
  ls_remove_partition_files (compat_partition_list (), plugin_start_time - 2);
}

/* PLUGIN_FINISH: after WPA has written the partitions, check the
   program it gathered (execute_ltospell), tracing into the pass's dump
   again.  Diagnostics here still count: lto1 fails on an error.  */
static void
finish_plugin (void *, void *)
{
  if (compat_in_wpa ())
    atexit (remove_partitions_of_failed_link);
  if (deferred_program)
    {
      compat_release_freed_memory (false);
      dump_file = compat_reopen_pass_dump (ltospell_pass);
      /* The program is not freed: lto1 exits next, and, as GCC does
	 with its own memory, leaves that to the exit.  Freeing it
	 walked every string and use once more, one cache miss each on
	 a large program (370,000 on the 52k-function bench program).
	 DEFERRED_PROGRAM keeps it reachable until then.  */
      check_program (deferred_program, true);
      compat_close_pass_dump (ltospell_pass, dump_file);
      dump_file = NULL;
    }
  ls_options_free (&options);
}

/* Apply every -fplugin-arg-ltospell-KEY[=VALUE]; report each bad one.
   Returns false if any was bad.  */
static bool
parse_arguments (struct plugin_name_args *info)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    {
      char *err = NULL;
      if (ls_options_set (&options, info->argv[i].key, info->argv[i].value,
			  &err) != 0)
	{
	  error ("ltospell: %s", err ? err : info->argv[i].key);
	  ok = false;
	}
      free (err);
    }
  return ok;
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("ltospell: this plugin was built for GCC %s (%s) and cannot "
	     "run in GCC %s (%s); rebuild it for this compiler",
	     gcc_version.basever, gcc_version.datestamp, version->basever,
	     version->datestamp);
      return 1;
    }
  plugin_path = info->full_name;
  plugin_start_time = time (NULL);

  ls_options_init (&options);
  if (!parse_arguments (info))
    return 0;

  register_callback (info->base_name, PLUGIN_INFO, NULL, &ltospell_info);

  struct register_pass_info pass_info;
  pass_info.pass = ltospell_pass = new pass_ltospell (g);
  pass_info.reference_pass_name = "whole-program";
  pass_info.ref_pass_instance_number = 1;
  pass_info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &pass_info);
  if (options.dump && !compat_enable_pass_dump ("ipa-ltospell"))
    error ("ltospell: the dump of the pass cannot be switched on");
  register_callback (info->base_name, PLUGIN_FINISH, finish_plugin, NULL);
  return 0;
}
