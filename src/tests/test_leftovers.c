/* test_leftovers.c: unit tests for removing the partitions of a failed
   link (leftovers.c), on files in a fresh temporary directory.  */

#include "leftovers.h"
#include "scratch.h"
#include "unit.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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
  scratch_make_dir ("x.ltrans");
  const char *parts[] = { "ccAbCdEf.ltrans0.o", "ccAbCdEf.ltrans1.o",
			  "ccAbCdEf.ltrans12.o" };
  const char *others[] = { "ccZzZzZz.ltrans0.o", "source.c",
			   "x.ltrans/source.o", "ccAbCdEf.ltransX.o" };
  for (size_t i = 0; i < 3; i++)
    scratch_write (parts[i], "");
  for (size_t i = 0; i < 4; i++)
    scratch_write (others[i], "");
  FILE *list = fopen (scratch_at ("ccAbCdEf.ltrans.out"), "w");
  if (!list)
    {
      perror ("list");
      exit (2);
    }
  fprintf (list, "120\n%s\n", scratch_at (parts[0]));
  fprintf (list, "80\n%s\n", scratch_at (parts[1]));
  fprintf (list, "7\n*%s\n", scratch_at (parts[2]));
  for (size_t i = 0; i < 4; i++)
    fprintf (list, "1\n%s\n", scratch_at (others[i]));
  fprintf (list, "1\n%s\n\n", scratch_at ("ccAbCdEf.ltrans9.o"));
  if (fclose (list) != 0)
    {
      perror ("list");
      exit (2);
    }

  UNIT_CHECK ("a list older than the link: nothing removed",
	      ls_remove_partition_files (scratch_at ("ccAbCdEf.ltrans.out"),
					 time (NULL) + 60) == 0);
  UNIT_CHECK ("... and its partitions stay", exists (scratch_at (parts[0])));
  size_t removed = ls_remove_partition_files (scratch_at ("ccAbCdEf.ltrans.out"),
					      time (NULL) - 60);
  UNIT_CHECK ("the three listed partitions are removed", removed == 3);
  int left = 0;
  for (size_t i = 0; i < 3; i++)
    left += exists (scratch_at (parts[i]));
  UNIT_CHECK ("no partition is left", left == 0);
  int kept = 0;
  for (size_t i = 0; i < 4; i++)
    kept += exists (scratch_at (others[i]));
  UNIT_CHECK ("listed files that are no partition of this list stay",
	      kept == 4);
  UNIT_CHECK ("the list itself stays (lto-wrapper's)",
	      exists (scratch_at ("ccAbCdEf.ltrans.out")));
  UNIT_CHECK ("no list: nothing removed",
	      ls_remove_partition_files (scratch_at ("no-such.ltrans.out"), 0) == 0);
  UNIT_CHECK ("NULL list: nothing removed",
	      ls_remove_partition_files (NULL, 0) == 0);
  for (size_t i = 0; i < 4; i++)
    unlink (scratch_at (others[i]));
  unlink (scratch_at ("ccAbCdEf.ltrans.out"));
  rmdir (scratch_at ("x.ltrans"));
}

int
main (void)
{
  scratch_init ("leftovers");
  test_save_temps ();
  test_remove ();
  if (rmdir (scratch_root) != 0)
    perror (scratch_root);
  UNIT_CHECK ("the test's directory is left empty", !exists (scratch_root));
  return unit_done ("test_leftovers");
}
