/* dict-words: write the words a hunspell dictionary accepts, for the
   speller to look up instead of loading hunspell (src/dictwords.h).

   Usage: unmunch DIC AFF | dict-words TAG DIC AFF > hunspell-TAG.words

   Why: opening hunspell's en_US through enchant costs 46-50 ms of CPU
   and 8.6 MB in every link (it builds a hash table of the 49,000 roots
   with their affix flags), more than everything else the plugin does
   on a small program.  hunspell-tools' unmunch expands the roots with
   their affixes (173,795 forms for Debian 12's hunspell-en-us
   2020.12.07, in 0.03 s); this program keeps the forms that hunspell
   itself, asked through enchant exactly as the plugin asks it,
   accepts, adds the ALL CAPS form of each mixed-case word (hunspell
   accepts "IPHONE" for "iPhone", through a hidden entry unmunch does
   not print), sorts them in byte order and writes them after a header
   that names the dictionary files with their size and modification
   time.  The speller uses the file only while those files are
   unchanged and are the ones enchant would load (speller.c); it
   answers "accepted" only for a word in the file or a case form
   hunspell derives the same way, and asks the real hunspell for the
   words the file cannot judge.

   Every word written is one hunspell accepts, so the file can only
   miss words, never add any; what it could miss is measured by
   test_speller's comparison with hunspell.  */

#include <enchant.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FORMAT_LINE "# ltospell dictionary words 1"

static void
die (const char *msg, const char *arg)
{
  fprintf (stderr, "dict-words: %s%s%s\n", msg, arg ? ": " : "",
	   arg ? arg : "");
  exit (1);
}

static void
note_provider (const char *const tag, const char *const name,
	       const char *const desc, const char *const file, void *data)
{
  (void) tag, (void) desc, (void) file;
  *(char **) data = strdup (name);
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Words of ASCII letters (and apostrophes) only, some capital but not
   all and not just the first: "iPhone", "McDonald's".  */
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
	  if (n == 0)
	    first_upper = true;
	}
      else if (c >= 'a' && c <= 'z')
	lower++;
    }
  return upper > 0 && lower > 0 && !(first_upper && upper == 1);
}

struct words
{
  char **v;
  size_t n, alloc;
};

static void
add (struct words *w, const char *s)
{
  if (w->n == w->alloc)
    {
      w->alloc = w->alloc ? 2 * w->alloc : 65536;
      w->v = realloc (w->v, w->alloc * sizeof *w->v);
      if (!w->v)
	die ("out of memory", NULL);
    }
  w->v[w->n] = strdup (s);
  if (!w->v[w->n])
    die ("out of memory", NULL);
  w->n++;
}

static void
print_source (const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    die ("cannot stat", path);
  printf ("# source %s %lld %lld\n", path, (long long) st.st_size,
	  (long long) st.st_mtime);
}

int
main (int argc, char **argv)
{
  if (argc != 4)
    die ("usage: unmunch DIC AFF | dict-words TAG DIC AFF", NULL);
  const char *tag = argv[1];

  /* As the plugin does: no personal word list (speller.c).  */
  setenv ("ENCHANT_CONFIG_DIR", "/dev/null", 1);
  EnchantBroker *broker = enchant_broker_init ();
  if (!broker)
    die ("enchant could not be initialised", NULL);
  enchant_broker_set_ordering (broker, "*", "hunspell");
  enchant_broker_set_ordering (broker, tag, "hunspell");
  EnchantDict *dict = enchant_broker_request_dict (broker, tag);
  if (!dict)
    die ("enchant has no dictionary for", tag);
  char *provider = NULL;
  enchant_dict_describe (dict, note_provider, &provider);
  if (!provider || strcmp (provider, "hunspell") != 0)
    die ("enchant's dictionary is not hunspell's for", tag);

  struct words w = { NULL, 0, 0 };
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  size_t read_lines = 0;
  while ((len = getline (&line, &cap, stdin)) > 0)
    {
      read_lines++;
      while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
	line[--len] = '\0';
      if (len == 0 || enchant_dict_check (dict, line, len) != 0)
	continue;
      add (&w, line);
      if (mixed_case (line))
	{
	  for (char *p = line; *p; p++)
	    if (*p >= 'a' && *p <= 'z')
	      *p -= 32;
	  if (enchant_dict_check (dict, line, len) == 0)
	    add (&w, line);
	}
    }
  if (read_lines == 0)
    die ("no words on the standard input (is unmunch installed?)", NULL);
  qsort (w.v, w.n, sizeof *w.v, compare_strings);

  size_t kept = 0;
  for (size_t i = 0; i < w.n; i++)
    if (i == 0 || strcmp (w.v[i], w.v[i - 1]) != 0)
      w.v[kept++] = w.v[i];
  printf ("%s\n# provider hunspell\n# tag %s\n# words %zu\n", FORMAT_LINE,
	  tag, kept);
  print_source (argv[2]);
  print_source (argv[3]);
  for (size_t i = 0; i < kept; i++)
    puts (w.v[i]);
  fprintf (stderr, "dict-words: %zu of %zu forms accepted by hunspell's %s\n",
	   kept, read_lines, tag);
  enchant_broker_free_dict (broker, dict);
  enchant_broker_free (broker);
  return ferror (stdout) || fflush (stdout) != 0;
}
