/* gcc-compat.h: the one place that includes GCC's plugin headers.

   Every difference between GCC versions that ltospell cares about is
   handled here, behind small inline functions, so that plugin.cc reads
   the same for every supported GCC.  Supported: GCC 12 (Debian 12's
   gcc-12-plugin-dev).  */

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

#if GCCPLUGIN_VERSION_MAJOR != 12
#error "ltospell supports GCC 12 only"
#endif

/* libiberty's demangler is linked into every GCC front end, but GCC
   does not install demangle.h.  */
extern "C" char *cplus_demangle (const char *mangled, int options);
#define LTOSPELL_DMGL_ANSI (1 << 1)

/* Collect garbage now, whatever the heuristics say.  */
static inline void
compat_ggc_collect_now (void)
{
  ggc_collect (GGC_COLLECT_FORCE);
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

#endif /* LTOSPELL_GCC_COMPAT_H */
