/* sinks.c: functions whose string arguments are identifiers, not prose.

   getenv ("HOME"), strcmp (arg, "--verbose"), fopen (path, "rb"),
   dlsym (h, "SSL_new"), setlocale (LC_ALL, ""), getopt (argc, argv,
   "hvo:"): a string that reaches such an argument names something, and
   a spelling suggestion for it would be noise.  The plugin records the
   callee and argument position of every string passed directly to a
   call; a string whose every use is a sink argument is not checked.  A
   string also used elsewhere (printed too, say) still is.

   The default table holds the C library, POSIX and a few very common
   libraries (dlfcn, iconv, regex, getopt, locale, passwd/group lookups,
   sockets), and a program's own comparisons named after the library's
   (is_named_comparison).  sink=FUNC or sink=FUNC:N adds more (a program's own
   option lookup functions, say); sinks=off drops the defaults.

   Strings reaching gettext and friends, or any function whose
   format_arg attribute says it returns a translation of its argument,
   are user-visible: findings say so.  */

#include "sinks.h"
#include "util.h"
#include "words.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every argument of the function.  */
#define ALL_ARGS 0

struct sink
{
  char *name;
  unsigned arg;			/* 1-based, or ALL_ARGS.  */
};

struct ls_sinks
{
  struct sink *items;
  size_t n, alloc;
  bool defaults;		/* The default table is in ITEMS.  */
};

static const struct
{
  const char *name;
  unsigned arg;
} default_sinks[] = {
  /* Environment.  */
  { "getenv", ALL_ARGS }, { "secure_getenv", ALL_ARGS },
  { "setenv", ALL_ARGS }, { "unsetenv", ALL_ARGS }, { "putenv", ALL_ARGS },
  /* Comparisons and searches: the string is a key, not a message.  */
  { "strcmp", ALL_ARGS }, { "strncmp", ALL_ARGS },
  { "strcasecmp", ALL_ARGS }, { "strncasecmp", ALL_ARGS },
  { "strcoll", ALL_ARGS }, { "strverscmp", ALL_ARGS },
  { "memcmp", ALL_ARGS }, { "bcmp", ALL_ARGS },
  { "strstr", ALL_ARGS }, { "strcasestr", ALL_ARGS },
  { "memmem", ALL_ARGS }, { "strspn", ALL_ARGS }, { "strcspn", ALL_ARGS },
  { "strpbrk", ALL_ARGS }, { "strtok", ALL_ARGS }, { "strtok_r", ALL_ARGS },
  { "strsep", ALL_ARGS }, { "index", ALL_ARGS }, { "rindex", ALL_ARGS },
  { "strchr", ALL_ARGS }, { "strrchr", ALL_ARGS }, { "memchr", ALL_ARGS },
  { "fnmatch", ALL_ARGS }, { "glob", ALL_ARGS }, { "wordexp", ALL_ARGS },
  /* Files: paths and modes.  */
  { "fopen", ALL_ARGS }, { "fopen64", ALL_ARGS }, { "freopen", ALL_ARGS },
  { "fdopen", ALL_ARGS }, { "popen", ALL_ARGS }, { "open", ALL_ARGS },
  { "open64", ALL_ARGS }, { "openat", ALL_ARGS }, { "creat", ALL_ARGS },
  { "access", ALL_ARGS }, { "faccessat", ALL_ARGS }, { "stat", ALL_ARGS },
  { "lstat", ALL_ARGS }, { "stat64", ALL_ARGS }, { "fstatat", ALL_ARGS },
  { "unlink", ALL_ARGS }, { "unlinkat", ALL_ARGS }, { "remove", ALL_ARGS },
  { "rename", ALL_ARGS }, { "mkdir", ALL_ARGS }, { "rmdir", ALL_ARGS },
  { "chdir", ALL_ARGS }, { "chmod", ALL_ARGS }, { "chown", ALL_ARGS },
  { "opendir", ALL_ARGS }, { "realpath", ALL_ARGS }, { "readlink", ALL_ARGS },
  { "symlink", ALL_ARGS }, { "link", ALL_ARGS }, { "truncate", ALL_ARGS },
  { "mkstemp", ALL_ARGS }, { "mkdtemp", ALL_ARGS }, { "mkfifo", ALL_ARGS },
  { "utime", ALL_ARGS }, { "utimes", ALL_ARGS }, { "statfs", ALL_ARGS },
  { "statvfs", ALL_ARGS }, { "shm_open", ALL_ARGS }, { "sem_open", ALL_ARGS },
  { "mq_open", ALL_ARGS }, { "gzopen", ALL_ARGS }, { "gzdopen", ALL_ARGS },
  /* Running programs.  */
  { "execl", ALL_ARGS }, { "execlp", ALL_ARGS }, { "execle", ALL_ARGS },
  { "execv", ALL_ARGS }, { "execvp", ALL_ARGS }, { "execve", ALL_ARGS },
  { "execvpe", ALL_ARGS }, { "posix_spawn", ALL_ARGS },
  { "posix_spawnp", ALL_ARGS }, { "system", ALL_ARGS },
  /* Dynamic loading, locales, conversions, patterns.  */
  { "dlopen", ALL_ARGS }, { "dlsym", ALL_ARGS }, { "dlvsym", ALL_ARGS },
  { "setlocale", ALL_ARGS }, { "newlocale", ALL_ARGS },
  { "bindtextdomain", ALL_ARGS }, { "textdomain", ALL_ARGS },
  { "bind_textdomain_codeset", ALL_ARGS },
  { "iconv_open", ALL_ARGS }, { "regcomp", 2 }, { "onig_new", ALL_ARGS },
  { "pcre_compile", 1 }, { "pcre2_compile_8", 1 },
  /* Option parsing: option strings and long option names.  */
  { "getopt", 3 }, { "getopt_long", 3 }, { "getopt_long_only", 3 },
  { "getsubopt", ALL_ARGS },
  /* Users, hosts, services, terminals.  */
  { "getpwnam", ALL_ARGS }, { "getpwnam_r", ALL_ARGS },
  { "getgrnam", ALL_ARGS }, { "getgrnam_r", ALL_ARGS },
  { "getaddrinfo", ALL_ARGS }, { "gethostbyname", ALL_ARGS },
  { "getservbyname", ALL_ARGS }, { "getprotobyname", ALL_ARGS },
  { "inet_pton", ALL_ARGS }, { "inet_aton", ALL_ARGS },
  { "inet_addr", ALL_ARGS }, { "tgetent", ALL_ARGS },
  { "tgetstr", ALL_ARGS }, { "tgetflag", ALL_ARGS }, { "tgetnum", ALL_ARGS },
  { "tigetstr", ALL_ARGS }, { "tigetflag", ALL_ARGS },
  { "tigetnum", ALL_ARGS }, { "setupterm", ALL_ARGS },
  { "nl_langinfo", ALL_ARGS }, { "sysconf", ALL_ARGS },
  { "pthread_setname_np", 2 }, { "prctl", ALL_ARGS },
};

/* Functions that return a translation of their argument.  Their own
   format_arg attribute says as much when the plugin sees the
   declaration; this list covers the common ones anyway.  */
static const char *const gettext_functions[] = {
  "gettext", "dgettext", "dcgettext", "ngettext", "dngettext",
  "dcngettext", "pgettext", "dpgettext", "pgettext_aux", "dcpgettext",
  "npgettext", "g_dgettext", "g_dpgettext", "g_dpgettext2", "_",
  "N_", "Q_", "C_", "libintl_gettext", "libintl_dgettext",
  "libintl_dcgettext", "libintl_ngettext",
};

static void
add_sink (ls_sinks *s, const char *name, size_t len, unsigned arg)
{
  s->items = ls_grow_array (s->items, &s->alloc, s->n + 1, sizeof *s->items,
			    64);
  s->items[s->n].name = ls_xstrndup (name, len);
  s->items[s->n++].arg = arg;
}

ls_sinks *
ls_sinks_new (bool with_defaults)
{
  ls_sinks *s = ls_xcalloc (1, sizeof *s);
  s->defaults = with_defaults;
  if (with_defaults)
    for (size_t i = 0; i < sizeof default_sinks / sizeof *default_sinks; i++)
      add_sink (s, default_sinks[i].name, strlen (default_sinks[i].name),
		default_sinks[i].arg);
  return s;
}

static bool
is_identifier_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == ':'
	 || c == '.';
}

/* The names of the table are the names users call functions by, and
   so are the callees compared with them: GCC's builtins
   ("__builtin_strcmp", which strcmp calls become) go by the library
   function's name.  */
const char *
ls_callee_name (const char *decl_name)
{
  static const char builtin[] = "__builtin_";
  if (decl_name && strncmp (decl_name, builtin, sizeof builtin - 1) == 0
      && decl_name[sizeof builtin - 1] != '\0')
    return decl_name + sizeof builtin - 1;
  return decl_name;
}

int
ls_sinks_add (ls_sinks *s, const char *spec, char **err)
{
  spec = ls_callee_name (spec);
  const char *colon = strrchr (spec, ':');
  size_t len = strlen (spec);
  unsigned arg = ALL_ARGS;

  /* "ns::f" is a C++ name; only ":N" at the end is a position.  */
  if (colon && colon[1] >= '1' && colon[1] <= '9'
      && strspn (colon + 1, "0123456789") == strlen (colon + 1))
    {
      arg = (unsigned) strtoul (colon + 1, NULL, 10);
      len = (size_t) (colon - spec);
    }
  for (size_t i = 0; i < len; i++)
    if (!is_identifier_char (spec[i]))
      len = 0;
  if (len == 0)
    {
      if (err)
	*err = ls_error_printf ("bad sink '%s': want FUNC or FUNC:N", spec);
      return -1;
    }
  add_sink (s, spec, len, arg);
  return 0;
}

/* The C library's comparisons, whose names programs give their own:
   tcpdump's ascii_strcasecmp, gnulib's c_strcasecmp, GLib's
   g_ascii_strcasecmp.  Their strings are keys too.  */
static const char *const comparisons[] = {
  "strcmp", "strncmp", "strcasecmp", "strncasecmp",
};

/* Is CALLEE a comparison of the program's, named as the C library's
   after a prefix that ends in '_'?  */
static bool
is_named_comparison (const char *callee)
{
  const char *base = strrchr (callee, '_');
  if (!base || base == callee)
    return false;
  base++;
  for (size_t i = 0; i < sizeof comparisons / sizeof *comparisons; i++)
    if (strcmp (base, comparisons[i]) == 0)
      return true;
  return false;
}

bool
ls_sinks_takes (const ls_sinks *s, const char *callee, unsigned arg_index)
{
  if (!s || !callee)
    return false;
  for (size_t i = 0; i < s->n; i++)
    if ((s->items[i].arg == ALL_ARGS || s->items[i].arg == arg_index)
	&& strcmp (s->items[i].name, callee) == 0)
      return true;
  return s->defaults && is_named_comparison (callee);
}

bool
ls_sinks_site (const ls_sinks *s, const struct ls_site *site)
{
  /* A format string is a message even when the function is listed.  */
  if (site->format != LS_FORMAT_NONE)
    return false;
  return ls_sinks_takes (s, site->callee, site->arg_index);
}

void
ls_sinks_free (ls_sinks *s)
{
  if (!s)
    return;
  for (size_t i = 0; i < s->n; i++)
    free (s->items[i].name);
  free (s->items);
  free (s);
}

bool
ls_site_user_visible (const struct ls_site *site)
{
  if (site->format == LS_FORMAT_ARG)
    return true;
  if (!site->callee)
    return false;
  /* The first letters before strcmp: this runs for every use of every
     string, and most callees are no gettext function, whose first
     letter begins none of them.  */
  static uint64_t first_letters[4];
  static bool first_letters_ready;
  size_t n = sizeof gettext_functions / sizeof *gettext_functions;
  if (!first_letters_ready)
    {
      for (size_t i = 0; i < n; i++)
	{
	  unsigned char c = (unsigned char) gettext_functions[i][0];
	  first_letters[c >> 6] |= (uint64_t) 1 << (c & 63);
	}
      first_letters_ready = true;
    }
  unsigned char first = (unsigned char) site->callee[0];
  if (!(first_letters[first >> 6] >> (first & 63) & 1))
    return false;
  for (size_t i = 0; i < n; i++)
    if (site->callee[0] == gettext_functions[i][0]
	&& strcmp (site->callee, gettext_functions[i]) == 0)
      return true;
  return false;
}

unsigned
ls_site_split_flags (const struct ls_site *site)
{
  switch (site->format)
    {
    case LS_FORMAT_SCANF:
      return LS_SPLIT_SCANF;
    case LS_FORMAT_STRFTIME:
      return LS_SPLIT_STRFTIME;
    default:
      return LS_SPLIT_DEFAULT;
    }
}
