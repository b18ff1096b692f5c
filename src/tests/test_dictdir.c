/* test_dictdir.c: unit tests for finding and loading the project's word
   lists (dictdir.c).

   Each case builds its own tree under a fresh temporary directory: a
   plugin path whose directory holds ltospell-dict/, or whose parent
   holds dict/, or neither.  Word lists are loaded into a real speller
   (enchant with the en_US dictionary) and observed through
   ls_speller_check, with made-up words no dictionary knows.  HOME is a
   fresh directory too, so that enchant never touches the user's.  */

#include "dictdir.h"
#include "speller.h"
#include "scratch.h"
#include "unit.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static bool
accepts (ls_speller *sp, const char *word)
{
  return ls_speller_check (sp, word, strlen (word));
}

static ls_speller *
new_speller (void)
{
  char *err = NULL;
  ls_speller *sp = ls_speller_new ("en_US", NULL, &err);
  if (!sp)
    {
      fprintf (stderr, "cannot open en_US: %s\n", err ? err : "?");
      exit (2);
    }
  return sp;
}

/* ------------------------------------------------------------------ */
/* ls_default_dict_dir.                                                */

static void
check_dict_dir (const char *name, const char *plugin, const char *want)
{
  char *got = ls_default_dict_dir (plugin);
  UNIT_STREQ (name, got, want);
  free (got);
}

static void
test_default_dict_dir (void)
{
  /* Installed: PLUGIN_DIR/ltospell.so and PLUGIN_DIR/ltospell-dict/.  */
  scratch_make_dir ("inst");
  scratch_make_dir ("inst/plugin");
  scratch_make_dir ("inst/plugin/ltospell-dict");
  char want[960];
  snprintf (want, sizeof want, "%s/inst/plugin/ltospell-dict", scratch_root);
  check_dict_dir ("installed: ltospell-dict beside the plugin",
		  scratch_at ("inst/plugin/ltospell.so"), want);

  /* Build tree: TOP/build/ltospell.so and TOP/dict/.  */
  scratch_make_dir ("tree");
  scratch_make_dir ("tree/build");
  scratch_make_dir ("tree/dict");
  snprintf (want, sizeof want, "%s/tree/build/../dict", scratch_root);
  check_dict_dir ("build tree: ../dict", scratch_at ("tree/build/ltospell.so"),
		  want);

  /* Both: the installed layout wins.  */
  scratch_make_dir ("tree/build/ltospell-dict");
  snprintf (want, sizeof want, "%s/tree/build/ltospell-dict", scratch_root);
  check_dict_dir ("both: ltospell-dict preferred",
		  scratch_at ("tree/build/ltospell.so"), want);

  /* Neither.  */
  scratch_make_dir ("bare");
  scratch_make_dir ("bare/lib");
  check_dict_dir ("neither: NULL", scratch_at ("bare/lib/ltospell.so"), NULL);

  /* A file with a candidate's name is not a directory.  */
  scratch_write ("bare/lib/ltospell-dict", "not a directory\n");
  scratch_write ("bare/dict", "not a directory\n");
  check_dict_dir ("plain files are not dictionaries",
		  scratch_at ("bare/lib/ltospell.so"), NULL);

  /* The plugin file itself need not exist: only its directory counts.  */
  check_dict_dir ("missing plugin directory: NULL",
		  scratch_at ("nowhere/lib/ltospell.so"), NULL);
  check_dict_dir ("NULL plugin path: NULL", NULL, NULL);

  /* A bare file name is relative to the working directory.  */
  char cwd[2048];
  if (!getcwd (cwd, sizeof cwd) || chdir (scratch_at ("inst/plugin")) != 0)
    {
      perror ("chdir");
      exit (2);
    }
  check_dict_dir ("bare name: ./ltospell-dict", "ltospell.so",
		  "./ltospell-dict");
  if (chdir (scratch_at ("bare")) != 0)
    exit (2);
  check_dict_dir ("bare name, nothing there: NULL", "ltospell.so", NULL);
  if (chdir (scratch_at ("tree/build")) != 0 || rmdir ("ltospell-dict") != 0)
    exit (2);
  check_dict_dir ("relative path: lib/../dict style",
		  "./ltospell.so", "./../dict");
  if (chdir (cwd) != 0)
    exit (2);
}

/* ------------------------------------------------------------------ */
/* ls_speller_add_words_dir.                                           */

static void
test_loads_txt_files (void)
{
  scratch_make_dir ("words");
  scratch_write ("words/b.txt", "# comment\nzorblaxian\n\nQuuxifier\n");
  scratch_write ("words/a.txt", "frobnitzer\n");
  scratch_write ("words/notes.md", "mdonlyword\n");
  scratch_write ("words/list.txt.bak", "bakonlyword\n");
  scratch_write ("words/.hidden.txt", "hiddenonlyword\n");
  scratch_write ("words/.txt", "dotonlyword\n");
  scratch_write ("words/UPPER.TXT", "upperextword\n");
  ls_speller *sp = new_speller ();
  UNIT_CHECK ("dir: made-up word rejected before loading",
	      !accepts (sp, "zorblaxian"));
  ls_speller_free (sp);
  sp = new_speller ();
  char *err = NULL;
  int status = ls_speller_add_words_dir (sp, scratch_at ("words"), NULL, &err);
  UNIT_CHECK ("dir: returns 0", status == 0);
  UNIT_STREQ ("dir: no message", err, NULL);
  UNIT_CHECK ("dir: a.txt loaded", accepts (sp, "frobnitzer"));
  UNIT_CHECK ("dir: b.txt loaded", accepts (sp, "zorblaxian"));
  UNIT_CHECK ("dir: b.txt case rules apply (capitalised entry, all caps)",
	      accepts (sp, "Quuxifier") && accepts (sp, "QUUXIFIER")
	      && !accepts (sp, "quuxifier"));
  UNIT_CHECK ("dir: .md ignored", !accepts (sp, "mdonlyword"));
  UNIT_CHECK ("dir: .txt.bak ignored", !accepts (sp, "bakonlyword"));
  UNIT_CHECK ("dir: hidden .txt ignored", !accepts (sp, "hiddenonlyword"));
  UNIT_CHECK ("dir: a file named just .txt ignored",
	      !accepts (sp, "dotonlyword"));
  UNIT_CHECK ("dir: .TXT (other case) ignored",
	      !accepts (sp, "upperextword"));
  UNIT_CHECK ("dir: real words still right", accepts (sp, "language"));
  free (err);
  ls_speller_free (sp);
}

/* Lists named for a language load only when lang= names it.  */
static void
test_language_lists (void)
{
  scratch_make_dir ("langs");
  scratch_write ("langs/common.txt", "commonlistword\n");
  scratch_write ("langs/en.txt", "englistword\n");
  scratch_write ("langs/en_GB.txt", "britlistword\n");
  scratch_write ("langs/en_US.txt", "amerlistword\n");
  scratch_write ("langs/de_DE.txt", "deutschlistword\n");
  ls_speller *sp = new_speller ();
  char *err = NULL;
  UNIT_CHECK ("langs: loads for lang=en_US",
	      ls_speller_add_words_dir (sp, scratch_at ("langs"), "en_US", &err) == 0);
  UNIT_CHECK ("langs: a list for every language always loads",
	      accepts (sp, "commonlistword"));
  UNIT_CHECK ("langs: en.txt loads for en_US", accepts (sp, "englistword"));
  UNIT_CHECK ("langs: en_US.txt loads for en_US",
	      accepts (sp, "amerlistword"));
  UNIT_CHECK ("langs: en_GB.txt does not load for en_US",
	      !accepts (sp, "britlistword"));
  UNIT_CHECK ("langs: de_DE.txt does not load for en_US",
	      !accepts (sp, "deutschlistword"));
  ls_speller_free (sp);
  sp = new_speller ();
  UNIT_CHECK ("langs: loads for lang=en_US,en_GB",
	      ls_speller_add_words_dir (sp, scratch_at ("langs"), "en_US,en_GB",
					&err) == 0);
  UNIT_CHECK ("langs: both lists with two languages",
	      accepts (sp, "britlistword") && accepts (sp, "amerlistword"));
  UNIT_CHECK ("langs: still not de_DE", !accepts (sp, "deutschlistword"));
  ls_speller_free (sp);
  free (err);
}

/* Files are loaded in name order and loading stops at the first bad
   one: with a bad m.txt, a.txt is loaded and z.txt is not, whatever
   order readdir returns them in.  m.txt is a directory, which opens
   but cannot be read.  */
static void
test_sorted_order_and_first_error (void)
{
  scratch_make_dir ("order");
  /* Created in reverse so that creation order is not name order.  */
  scratch_write ("order/z.txt", "zedlistword\n");
  scratch_make_dir ("order/m.txt");
  scratch_write ("order/a.txt", "aylistword\n");
  ls_speller *sp = new_speller ();
  char *err = NULL;
  int status = ls_speller_add_words_dir (sp, scratch_at ("order"), NULL, &err);
  UNIT_CHECK ("order: a bad list fails the directory", status == -1);
  char want[960];
  snprintf (want, sizeof want, "cannot read word list '%s/order/m.txt': %s",
	    scratch_root, strerror (EISDIR));
  UNIT_STREQ ("order: the message names the bad list", err, want);
  UNIT_CHECK ("order: a.txt (before m.txt) loaded",
	      accepts (sp, "aylistword"));
  UNIT_CHECK ("order: z.txt (after m.txt) not loaded",
	      !accepts (sp, "zedlistword"));
  free (err);
  ls_speller_free (sp);

  /* A list with a bad line is an error naming the list; the lists
     before it are loaded.  */
  scratch_make_dir ("badline");
  scratch_write ("badline/1.txt", "onelistword\n");
  scratch_write ("badline/2.txt", "two words here\n");
  scratch_write ("badline/3.txt", "threelistword\n");
  sp = new_speller ();
  err = NULL;
  status = ls_speller_add_words_dir (sp, scratch_at ("badline"), NULL, &err);
  UNIT_CHECK ("bad line: fails", status == -1);
  UNIT_CHECK ("bad line: the message names 2.txt",
	      err && strstr (err, "badline/2.txt") != NULL);
  UNIT_CHECK ("bad line: 1.txt loaded, 3.txt not",
	      accepts (sp, "onelistword") && !accepts (sp, "threelistword"));
  free (err);
  ls_speller_free (sp);
}

static void
test_empty_and_missing_dirs (void)
{
  ls_speller *sp = new_speller ();
  char *err = NULL;
  scratch_make_dir ("empty");
  UNIT_CHECK ("empty dir: 0",
	      ls_speller_add_words_dir (sp, scratch_at ("empty"), NULL, &err) == 0);
  UNIT_STREQ ("empty dir: no message", err, NULL);
  free (err);
  err = NULL;
  scratch_make_dir ("nolists");
  scratch_write ("nolists/README", "nothing\n");
  UNIT_CHECK ("dir without lists: 0",
	      ls_speller_add_words_dir (sp, scratch_at ("nolists"), NULL, &err) == 0);
  UNIT_STREQ ("dir without lists: no message", err, NULL);
  free (err);
  err = NULL;

  char want[960];
  UNIT_CHECK ("missing dir: -1",
	      ls_speller_add_words_dir (sp, scratch_at ("missing"), NULL, &err) == -1);
  snprintf (want, sizeof want,
	    "cannot read the word-list directory '%s/missing': %s", scratch_root,
	    strerror (ENOENT));
  UNIT_STREQ ("missing dir: message names it and why", err, want);
  free (err);
  err = NULL;
  UNIT_CHECK ("file as dir: -1",
	      ls_speller_add_words_dir (sp, scratch_at ("nolists/README"), NULL, &err) == -1);
  snprintf (want, sizeof want,
	    "cannot read the word-list directory '%s/nolists/README': %s",
	    scratch_root, strerror (ENOTDIR));
  UNIT_STREQ ("file as dir: message names it and why", err, want);
  free (err);
  ls_speller_free (sp);
}

/* The project's own dict/ loads cleanly.  */
static void
test_project_dict (const char *top)
{
  char dir[2048];
  snprintf (dir, sizeof dir, "%s/dict", top);
  struct stat st;
  if (stat (dir, &st) != 0)
    {
      UNIT_CHECK ("project dict/ exists", 0);
      return;
    }
  ls_speller *sp = new_speller ();
  char *err = NULL;
  int status = ls_speller_add_words_dir (sp, dir, NULL, &err);
  UNIT_CHECK ("project dict/: every list loads", status == 0);
  if (err)
    fprintf (stderr, "%s\n", err);
  free (err);
  ls_speller_free (sp);
}

int
main (void)
{
  char top[1024];
  if (!getcwd (top, sizeof top))
    return 2;
  scratch_init ("dictdir");
  scratch_make_dir ("home");
  setenv ("HOME", scratch_at ("home"), 1);
  unsetenv ("XDG_CONFIG_HOME");
  unsetenv ("ENCHANT_CONFIG_DIR");

  test_default_dict_dir ();
  test_loads_txt_files ();
  test_sorted_order_and_first_error ();
  test_language_lists ();
  test_empty_and_missing_dirs ();
  test_project_dict (top);

  if (!scratch_remove ())
    fprintf (stderr, "could not remove %s\n", scratch_root);
  return unit_done ("test_dictdir");
}
