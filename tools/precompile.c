/* precompile: the word lists the plugin would read or load at every
   link, written once at build time in the form dictwords.c maps
   (src/dictwords.h: a header naming the sources with their size and
   modification time, the words sorted, a hash table).

   precompile hunspell TAG DIC AFF < unmunch-output
     The forms of hunspell's TAG that hunspell itself accepts, asked
     through enchant as the plugin asks it, and the ALL CAPS form of
     each mixed-case one (hunspell accepts "IPHONE" for "iPhone"
     through a hidden entry that unmunch does not print).  hunspell-
     tools' unmunch expands the roots with their affixes: 173,795
     forms for Debian 12's hunspell-en-us 2020.12.07, of which 167,413
     are distinct and accepted.  Loading hunspell's en_US takes 46-50
     ms and 8.6 MB; the speller looks words up here instead and loads
     hunspell only for a word these cannot judge (speller.c).  Every
     word written is one hunspell accepts, so the file can only miss
     words, never add any; test_standin compares the two.  The sources
     named in the header are the .dic, the .aff and the libhunspell
     enchant loaded.
   precompile aspell TAG MULTI ORDERING PROVIDER-DIR CONF < aspell-dump
     The words of aspell's TAG (`aspell -d TAG dump master`) that aspell
     accepts through enchant, with the plan enchant follows for TAG and
     aspell's system configuration file CONF (which must not exist):
     the speller judges words with them and opens no enchant until a
     word they cannot judge, or a suggestion, needs it.
   precompile codespell PATH
     codespell's misspellings, "wrong<TAB>right", read by known.c's own
     parser (the same entries left out, the same first fix kept):
     20-30 ms and 5 MB at every link otherwise.
   precompile common PATH
     The common English words as the speller reads them (lowercase,
     with the characters they are made of in the header): 12-20 ms and
     2 MB otherwise.

   The result goes to the standard output.  */

#include "dictwords.h"
#include "known.h"
#include "speller.h"
#include "util.h"

#include <enchant.h>
#include <link.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
die (const char *msg, const char *arg)
{
  fprintf (stderr, "precompile: %s%s%s\n", msg, arg ? ": " : "",
	   arg ? arg : "");
  exit (1);
}

static int
write_words (const char *provider, const char *tag,
	     const char *const *sources, size_t n_sources, const char *extra,
	     char **lines, size_t n)
{
  struct ls_dict_words_head head = { provider, tag, sources, n_sources,
				     extra };
  char *err = NULL;
  if (ls_dict_words_write (stdout, &head, lines, n, &err) != 0)
    die (err, NULL);
  for (size_t i = 0; i < n; i++)
    free (lines[i]);
  free (lines);
  return 0;
}

/* ------------------------------------------------------------------ */
/* hunspell.                                                           */

static void
note_provider (const char *const tag, const char *const name,
	       const char *const desc, const char *const file, void *data)
{
  (void) tag, (void) desc, (void) file;
  *(char **) data = strdup (name);
}

/* ASCII letters (and apostrophes) only, some capital but neither all
   nor just the first: "iPhone", "McDonald's".  */
static bool
mixed_case (const char *w)
{
  size_t upper = 0, lower = 0, n = 0;
  bool first_upper = false;
  for (const char *p = w; *p; p++, n++)
    {
      unsigned char c = (unsigned char) *p;
      if (c >= 0x80)
	return false;
      if (c >= 'A' && c <= 'Z')
	{
	  upper++;
	  first_upper |= n == 0;
	}
      else if (c >= 'a' && c <= 'z')
	lower++;
    }
  return upper > 0 && lower > 0 && !(first_upper && upper == 1);
}

struct list
{
  char **v;
  size_t n, alloc;
};

static void
add (struct list *l, const char *s)
{
  l->v = ls_grow_array (l->v, &l->alloc, l->n + 1, sizeof *l->v, 65536);
  l->v[l->n++] = ls_xstrdup (s);
}

/* The file of the loaded library whose name has NAME in it ("/libhunspell"):
   a source of the words too, so that an upgraded library makes the
   plugin load it again.  */
struct library_search
{
  const char *name;
  char *path;
};

static int
note_library (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  struct library_search *s = data;
  if (info->dlpi_name && strstr (info->dlpi_name, s->name) && !s->path)
    s->path = strdup (info->dlpi_name);
  return 0;
}

/* PROVIDER's dictionary for TAG, from a broker (*BROKER) that serves
   it first, asked as the plugin asks it (no personal word list:
   speller.c); dies when enchant gives another provider's or none.  */
static EnchantDict *
provider_dict (const char *provider, const char *tag, EnchantBroker **broker)
{
  setenv ("ENCHANT_CONFIG_DIR", "/dev/null", 1);
  *broker = enchant_broker_init ();
  if (!*broker)
    die ("enchant could not be initialised", NULL);
  enchant_broker_set_ordering (*broker, "*", provider);
  enchant_broker_set_ordering (*broker, tag, provider);
  EnchantDict *dict = enchant_broker_request_dict (*broker, tag);
  if (!dict)
    die ("enchant has no dictionary for", tag);
  char *name = NULL;
  enchant_dict_describe (dict, note_provider, &name);
  if (!name || strcmp (name, provider) != 0)
    die (ls_xasprintf ("enchant's dictionary is not %s's for", provider),
	 tag);
  free (name);
  return dict;
}

/* The words on the standard input, one a line, that DICT accepts, into
   L, with the ALL CAPS form of each mixed-case one DICT accepts and,
   with CAPITALIZED, its Capitalized form too ("IPod" for "iPod":
   aspell accepts it, and stand_in_verdict takes it for mixed case and
   rejects it).  How many lines were read.  */
static size_t
accepted_words (EnchantDict *dict, struct list *l, bool capitalized)
{
  char *line = NULL;
  size_t cap = 0, read_lines = 0;
  ssize_t len;
  while ((len = getline (&line, &cap, stdin)) > 0)
    {
      read_lines++;
      while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
	line[--len] = '\0';
      if (len == 0 || strchr (line, '\t') || line[0] == '#'
	  || enchant_dict_check (dict, line, len) != 0)
	continue;
      add (l, line);
      if (!mixed_case (line))
	continue;
      if (capitalized && line[0] >= 'a' && line[0] <= 'z')
	{
	  line[0] -= 32;
	  if (enchant_dict_check (dict, line, len) == 0)
	    add (l, line);
	}
      for (char *p = line; *p; p++)
	if (*p >= 'a' && *p <= 'z')
	  *p -= 32;
      if (enchant_dict_check (dict, line, len) == 0)
	add (l, line);
    }
  free (line);
  return read_lines;
}

static int
hunspell_words (const char *tag, const char *dic, const char *aff)
{
  EnchantBroker *broker;
  EnchantDict *dict = provider_dict ("hunspell", tag, &broker);
  struct list l = { NULL, 0, 0 };
  size_t read_lines = accepted_words (dict, &l, false);
  if (read_lines == 0)
    die ("no words on the standard input (is unmunch installed?)", NULL);
  fprintf (stderr, "precompile: %zu of %zu forms accepted by hunspell's %s "
	   "(with the ALL CAPS of mixed-case ones, before removing repeats)\n",
	   l.n, read_lines, tag);
  struct library_search lib = { "/libhunspell", NULL };
  dl_iterate_phdr (note_library, &lib);
  const char *sources[] = { dic, aff, lib.path };
  int rc = write_words ("hunspell", tag, sources, lib.path ? 3 : 2, NULL,
			l.v, l.n);
  enchant_broker_free_dict (broker, dict);
  enchant_broker_free (broker);
  free (lib.path);
  return rc;
}

/* ------------------------------------------------------------------ */
/* aspell.                                                             */

/* Add MULTI and every file its "add" lines name, depth first, to L:
   the files aspell reads for the dictionary.  */
static void
add_aspell_files (struct list *l, const char *multi, int depth)
{
  if (depth > 8)
    die ("aspell's .multi files nest too deep", multi);
  add (l, multi);
  size_t n = strlen (multi);
  if (n < 6 || strcmp (multi + n - 6, ".multi") != 0)
    return;
  FILE *f = fopen (multi, "r");
  if (!f)
    die ("cannot read", multi);
  const char *slash = strrchr (multi, '/');
  int dir_len = slash ? (int) (slash - multi + 1) : 0;
  char line[4096];
  while (fgets (line, sizeof line, f))
    {
      line[strcspn (line, "\r\n")] = '\0';
      if (strncmp (line, "add ", 4) != 0)
	continue;
      const char *name = line + 4;
      char *path = name[0] == '/' ? ls_xstrdup (name)
		   : ls_xasprintf ("%.*s%s", dir_len, multi, name);
      add_aspell_files (l, path, depth + 1);
      free (path);
    }
  fclose (f);
}

/* aspell's TAG from `aspell -d TAG dump master` on the standard input:
   the words aspell accepts through enchant (all of them on Debian 12's
   aspell-en 2020.12.07: 123,693 for en_US, 123,396 for en_GB), and the
   Capitalized and ALL CAPS forms of each mixed-case one it accepts.  The header records the
   plan enchant follows for TAG ("# plan aspell hunspell", from a
   speller opened as the plugin opens it), aspell's system configuration
   file ("# aspell-conf /etc/aspell.conf", to be absent), and as sources
   the
   dictionary's files from MULTI on, enchant's ORDERING file and
   provider directory PROVIDERS, and the libaspell loaded: the speller
   stands these words in for aspell, without enchant, only while all of
   that is unchanged (speller.c, open_without_enchant).  */
static int
aspell_words (const char *tag, const char *multi, const char *ordering,
	      const char *providers, const char *conf)
{
  setenv ("ENCHANT_CONFIG_DIR", "/dev/null", 1);
  char *err = NULL;
  ls_speller *sp = ls_speller_new (tag, NULL, &err);
  if (!sp)
    die (err ? err : "cannot open the speller", tag);
  char *plan = ls_speller_plan (sp);
  ls_speller_free (sp);

  EnchantBroker *broker;
  EnchantDict *dict = provider_dict ("aspell", tag, &broker);
  struct list l = { NULL, 0, 0 };
  size_t read_lines = accepted_words (dict, &l, true);
  if (read_lines == 0)
    die ("no words on the standard input (aspell dump master)", NULL);
  fprintf (stderr, "precompile: %zu of %zu words accepted by aspell's %s "
	   "(with the Capitalized and ALL CAPS forms of mixed-case ones); plan '%s'\n",
	   l.n, read_lines, tag, plan);

  struct list sources = { NULL, 0, 0 };
  add_aspell_files (&sources, multi, 0);
  add (&sources, ordering);
  add (&sources, providers);
  struct library_search lib = { "/libaspell", NULL };
  dl_iterate_phdr (note_library, &lib);
  if (lib.path)
    add (&sources, lib.path);
  char *extra = ls_xasprintf ("# plan %s\n# aspell-conf %s\n", plan, conf);
  int rc = write_words ("aspell", tag, (const char *const *) sources.v,
			sources.n, extra, l.v, l.n);
  for (size_t i = 0; i < sources.n; i++)
    free (sources.v[i]);
  free (sources.v);
  free (extra);
  free (plan);
  free (lib.path);
  enchant_broker_free_dict (broker, dict);
  enchant_broker_free (broker);
  return rc;
}

/* ------------------------------------------------------------------ */
/* codespell and the common words.                                     */

static int
codespell_words (const char *path)
{
  char *err = NULL;
  ls_known *k = ls_known_new ();
  if (ls_known_add_file (k, path, &err) != 0)
    die (err ? err : "cannot read", path);
  size_t n;
  char **lines = ls_known_lines (k, &n);
  fprintf (stderr, "precompile: %zu misspellings from %s\n", n, path);
  ls_known_free (k);
  const char *sources[] = { path };
  return write_words ("codespell", "en", sources, 1, NULL, lines, n);
}

static int
common_words (const char *path)
{
  char *err = NULL;
  setenv ("ENCHANT_CONFIG_DIR", "/dev/null", 1);
  ls_speller *sp = ls_speller_new_with_common_words ("en_US", NULL, path,
						     &err);
  if (!sp)
    die (err ? err : "cannot open the speller", path);
  char **words, *letters;
  size_t n;
  if (ls_speller_common_words (sp, &words, &n, &letters) != 0)
    die ("no common words", path);
  fprintf (stderr, "precompile: %zu common words from %s\n", n, path);
  ls_speller_free (sp);
  char *extra = malloc (strlen (letters) + 16);
  sprintf (extra, "# letters %s\n", letters);
  free (letters);
  const char *sources[] = { path };
  int rc = write_words ("common", "en", sources, 1, extra, words, n);
  free (extra);
  return rc;
}

int
main (int argc, char **argv)
{
  if (argc == 5 && strcmp (argv[1], "hunspell") == 0)
    return hunspell_words (argv[2], argv[3], argv[4]);
  if (argc == 7 && strcmp (argv[1], "aspell") == 0)
    return aspell_words (argv[2], argv[3], argv[4], argv[5], argv[6]);
  if (argc == 3 && strcmp (argv[1], "codespell") == 0)
    return codespell_words (argv[2]);
  if (argc == 3 && strcmp (argv[1], "common") == 0)
    return common_words (argv[2]);
  fprintf (stderr, "usage: precompile hunspell TAG DIC AFF < unmunch-output\n"
	   "       precompile aspell TAG MULTI ORDERING PROVIDER-DIR CONF "
	   "< aspell-dump\n"
	   "       precompile codespell PATH\n"
	   "       precompile common PATH\n");
  return 2;
}
