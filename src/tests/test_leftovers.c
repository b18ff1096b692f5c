/* test_leftovers.c: unit tests for removing the partitions of a failed
   link (leftovers.c), on files in a fresh temporary directory.  */

#include "leftovers.h"
#include "unit.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char root[] = "/tmp/ltospell-test-leftovers-XXXXXX";

/* ROOT/NAME in one of two static buffers.  */
static const char *
at (const char *name)
{
  static char buf[2][512];
  static int which;
  which ^= 1;
  snprintf (buf[which], sizeof buf[which], "%s/%s", root, name);
  return buf[which];
}

static void
write_file (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");
  if (!f || fputs (text, f) < 0 || fclose (f) != 0)
    {
      perror (path);
      exit (2);
    }
}

static void
make_dir (const char *name)
{
  if (mkdir (at (name), 0700) != 0)
    {
      perror (at (name));
      exit (2);
    }
}

static int
exists (const char *path)
{
  return access (path, F_OK) == 0;
}

static void
test_save_temps (void)
{
  UNIT_CHECK ("save-temps: asked", ls_keeps_temporary_files (
		"'-c' '-O2' '-save-temps' '-fwpa'"));
  UNIT_CHECK ("save-temps=obj: asked",
	      ls_keeps_temporary_files ("'-save-temps=obj' '-o' 'x'"));
  UNIT_CHECK ("save-temps: last option",
	      ls_keeps_temporary_files ("'-O2' '-save-temps'"));
  UNIT_CHECK ("no save-temps", !ls_keeps_temporary_files (
		"'-c' '-O2' '-fplugin-arg-ltospell-werror' '-fwpa'"));
  UNIT_CHECK ("a longer option is not -save-temps",
	      !ls_keeps_temporary_files ("'-save-temps-not' '-O2'"));
  UNIT_CHECK ("-save-temps inside a value is not the option",
	      !ls_keeps_temporary_files ("'-o' 'x-save-temps' '-O2'"));
  UNIT_CHECK ("no options", !ls_keeps_temporary_files (NULL));
  UNIT_CHECK ("empty options", !ls_keeps_temporary_files (""));
}

static void
test_remove (void)
{
  /* As WPA writes them: each partition's size, then its name, the list's
     path without ".out" and "I.o"; one with lto-wrapper's '*' mark.
     Beside them, files that are no partition of this list: another
     list's, a source file, one with ".ltrans" only in a directory, and
     a partition already gone.  */
  make_dir ("x.ltrans");
  const char *parts[] = { "ccAbCdEf.ltrans0.o", "ccAbCdEf.ltrans1.o",
			  "ccAbCdEf.ltrans12.o" };
  const char *others[] = { "ccZzZzZz.ltrans0.o", "source.c",
			   "x.ltrans/source.o", "ccAbCdEf.ltransX.o" };
  for (size_t i = 0; i < 3; i++)
    write_file (at (parts[i]), "");
  for (size_t i = 0; i < 4; i++)
    write_file (at (others[i]), "");
  FILE *list = fopen (at ("ccAbCdEf.ltrans.out"), "w");
  if (!list)
    {
      perror ("list");
      exit (2);
    }
  fprintf (list, "120\n%s\n", at (parts[0]));
  fprintf (list, "80\n%s\n", at (parts[1]));
  fprintf (list, "7\n*%s\n", at (parts[2]));
  for (size_t i = 0; i < 4; i++)
    fprintf (list, "1\n%s\n", at (others[i]));
  fprintf (list, "1\n%s\n\n", at ("ccAbCdEf.ltrans9.o"));
  if (fclose (list) != 0)
    {
      perror ("list");
      exit (2);
    }

  UNIT_CHECK ("a list older than the link: nothing removed",
	      ls_remove_partition_files (at ("ccAbCdEf.ltrans.out"),
					 time (NULL) + 60) == 0);
  UNIT_CHECK ("... and its partitions stay", exists (at (parts[0])));
  size_t removed = ls_remove_partition_files (at ("ccAbCdEf.ltrans.out"),
					      time (NULL) - 60);
  UNIT_CHECK ("the three listed partitions are removed", removed == 3);
  int left = 0;
  for (size_t i = 0; i < 3; i++)
    left += exists (at (parts[i]));
  UNIT_CHECK ("no partition is left", left == 0);
  int kept = 0;
  for (size_t i = 0; i < 4; i++)
    kept += exists (at (others[i]));
  UNIT_CHECK ("listed files that are no partition of this list stay",
	      kept == 4);
  UNIT_CHECK ("the list itself stays (lto-wrapper's)",
	      exists (at ("ccAbCdEf.ltrans.out")));
  UNIT_CHECK ("no list: nothing removed",
	      ls_remove_partition_files (at ("no-such.ltrans.out"), 0) == 0);
  UNIT_CHECK ("NULL list: nothing removed",
	      ls_remove_partition_files (NULL, 0) == 0);
  for (size_t i = 0; i < 4; i++)
    unlink (at (others[i]));
  unlink (at ("ccAbCdEf.ltrans.out"));
  rmdir (at ("x.ltrans"));
}

int
main (void)
{
  if (!mkdtemp (root))
    {
      perror ("mkdtemp");
      return 2;
    }
  test_save_temps ();
  test_remove ();
  if (rmdir (root) != 0)
    perror (root);
  UNIT_CHECK ("the test's directory is left empty", !exists (root));
  return unit_done ("test_leftovers");
}
