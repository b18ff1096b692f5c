/* known-words: codespell's list of misspellings, precompiled for the
   "known" tier (src/known.c, src/dictwords.h).

   Usage: known-words PATH > codespell-en.words

   Reading Debian's codespell dictionary.txt (37,282 lines) into a hash
   set costs 20-30 ms of CPU time and 5 MB in every link.  This reads it
   with the plugin's own parser (ls_known_add_file: the same entries
   left out, the same first fix kept, the later line winning) and
   writes what it kept, "wrong<TAB>right" a line sorted by the
   lowercase wrong word, after a header naming PATH with its size and
   modification time; the plugin reads that in a few milliseconds and
   uses it while PATH is unchanged.  */

#include "known.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: known-words PATH\n");
      return 2;
    }
  struct stat st;
  char *err = NULL;
  ls_known *k = ls_known_new ();
  if (stat (argv[1], &st) != 0 || ls_known_add_file (k, argv[1], &err) != 0)
    {
      fprintf (stderr, "known-words: %s\n", err ? err : argv[1]);
      return 1;
    }
  printf ("# ltospell dictionary words 1\n# provider codespell\n# tag en\n"
	  "# words %zu\n# source %s %lld %lld\n", ls_known_size (k), argv[1],
	  (long long) st.st_size, (long long) st.st_mtime);
  int rc = ls_known_write (k, stdout);
  fprintf (stderr, "known-words: %zu misspellings from %s\n",
	   ls_known_size (k), argv[1]);
  ls_known_free (k);
  return rc != 0 || fflush (stdout) != 0;
}
