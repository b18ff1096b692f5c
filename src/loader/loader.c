/* loader.c: the ltospell.so that GCC loads.

   A GCC plugin is linked against the internals of one GCC release.
   Loaded into another release, dlopen fails on the first undefined C++
   symbol and the user reads a mangled name; or the symbols happen to
   resolve and the plugin runs over structures of another layout.
   Neither is a clear refusal, and the plugin's own version check in
   plugin_init never gets to run.

   This loader uses nothing of GCC but the two structures that GCC has
   passed to plugin_init unchanged since 4.5, so it loads into any GCC.
   It compares the compiler's version with the one the plugin was built
   for (the four fields plugin_default_version_check compares, read at
   build time from that GCC's plugin-version.h), refuses a mismatch
   with one error naming both, and otherwise opens the real plugin,
   ltospell-core.so beside it, and hands plugin_init over to it.

   It never includes a GCC header: it must not depend on the GCC it
   runs in.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "built-for.h"	/* BUILT_FOR_BASEVER etc., made by the Makefile */

#define CORE_NAME "ltospell-core.so"

int plugin_is_GPL_compatible;

/* The leading fields of GCC's own structures (gcc-plugin.h,
   plugin-version.h), the same in every release since 4.5.  */
struct plugin_gcc_version
{
  const char *basever;
  const char *datestamp;
  const char *devphase;
  const char *revision;
  const char *configuration_arguments;
};

struct plugin_name_args
{
  char *base_name;
  const char *full_name;
  /* Further fields are only passed through.  */
};

typedef int (*plugin_init_fn) (struct plugin_name_args *,
			       struct plugin_gcc_version *);

/* Print one error the way GCC prints its own ("lto1: error: ...") and
   stop the compiler as GCC's fatal_error does.  Returning non-zero
   from plugin_init instead would add a second error line, "fail to
   initialize plugin", that says nothing more.  */
static void __attribute__ ((noreturn, format (printf, 1, 2)))
loader_fatal (const char *fmt, ...)
{
  va_list ap;
  fflush (stdout);
  fprintf (stderr, "%s: error: ltospell: ", program_invocation_short_name);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (EXIT_FAILURE);
}

static int
same_field (const char *a, const char *b)
{
  return a && b && strcmp (a, b) == 0;
}

static int
built_for_this_gcc (const struct plugin_gcc_version *v)
{
  return v && same_field (v->basever, BUILT_FOR_BASEVER)
	 && same_field (v->datestamp, BUILT_FOR_DATESTAMP)
	 && same_field (v->devphase, BUILT_FOR_DEVPHASE)
	 && same_field (v->revision, BUILT_FOR_REVISION);
}

/* The real plugin's path: beside this file, following a symbolic link
   to this file so that a link to an installed plugin still finds it.  */
static char *
core_path (const char *loader_path)
{
  char resolved[PATH_MAX];
  const char *self = realpath (loader_path, resolved) ? resolved : loader_path;
  const char *slash = strrchr (self, '/');
  size_t dir_len = slash ? (size_t) (slash - self) : 1;
  char *path = malloc (dir_len + 1 + sizeof CORE_NAME);
  if (!path)
    loader_fatal ("out of memory");
  memcpy (path, slash ? self : ".", dir_len);
  path[dir_len] = '/';
  memcpy (path + dir_len + 1, CORE_NAME, sizeof CORE_NAME);
  return path;
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  const char *self = info && info->full_name ? info->full_name : "ltospell.so";
  if (!built_for_this_gcc (version))
    loader_fatal ("%s was built for GCC %s (%s) and cannot run in GCC %s "
		  "(%s); build ltospell with this "
		  "compiler's plugin headers",
		  self, BUILT_FOR_BASEVER, BUILT_FOR_DATESTAMP,
		  version && version->basever ? version->basever : "?",
		  version && version->datestamp ? version->datestamp : "?");

  char *path = core_path (self);
  /* RTLD_NOW as GCC itself opens plugins: every GCC symbol the core
     needs is resolved here, so a broken build fails now, not mid-pass.
     The handle is never closed; GCC never unloads plugins either.  */
  void *core = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (!core)
    loader_fatal ("cannot load %s: %s", path, dlerror ());
  plugin_init_fn init = (plugin_init_fn) dlsym (core, "plugin_init");
  if (!init)
    loader_fatal ("%s has no plugin_init", path);
  free (path);
  return init (info, version);
}
