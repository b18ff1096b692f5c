/* sinks.h: sinks and user-visible strings (sinks.c).

   Functions that take identifiers rather than prose (getenv, strcmp,
   fopen's mode, dlsym, ...): strings that only reach them are not
   checked; gettext-like functions mark strings as user-visible; the
   callee's format attribute picks the conversions the splitter
   skips.  */

#ifndef LTOSPELL_SINKS_H
#define LTOSPELL_SINKS_H

#include "strtab.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_sinks ls_sinks;

/* A set of sinks: the default table (WITH_DEFAULTS) or none.  */
ls_sinks *ls_sinks_new (bool with_defaults);

/* The name users call the function DECL_NAME by, the name sinks are
   kept and looked up by: "strcmp" for GCC's "__builtin_strcmp".  A
   pointer into DECL_NAME.  */
const char *ls_callee_name (const char *decl_name);

/* Add SPEC, "FUNC" (every argument) or "FUNC:N" (the Nth, from 1).
   Returns 0, or -1 with *ERR set (malloc'd) for a malformed spec.  */
int ls_sinks_add (ls_sinks *s, const char *spec, char **err);

/* Does argument ARG_INDEX of CALLEE take an identifier, not prose?  */
bool ls_sinks_takes (const ls_sinks *s, const char *callee,
		     unsigned arg_index);

/* Is the use at SITE a sink argument?  */
bool ls_sinks_site (const ls_sinks *s, const struct ls_site *site);

void ls_sinks_free (ls_sinks *s);

/* Does SITE pass the string to gettext or another format_arg function,
   which means a user reads it (translated)?  */
bool ls_site_user_visible (const struct ls_site *site);

/* The ls_split_words flags for a string used at SITE: scanf or
   strftime conversions when the callee's format attribute says so,
   printf's otherwise.  */
unsigned ls_site_split_flags (const struct ls_site *site);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_SINKS_H */
