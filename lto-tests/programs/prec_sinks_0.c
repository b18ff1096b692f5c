/* Sinks: a string passed only to a function that takes an identifier
   (getenv, strcmp, fopen's mode, dlsym...) is not checked; the same
   word in a message still is.  A string both compared and printed is
   checked.  A gettext-like function (format_arg) marks its strings as
   user-visible and they are checked like any other.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *translate (const char *) __attribute__ ((format_arg (1)));
int lookup (const char *);

int
main (int argc, char **argv)
{
  const char *home = getenv ("BLORFING_HOME_SEPERATE");
  if (argc > 1 && strcmp (argv[1], "blorfing seperate mode") == 0)
    return 1;
  FILE *f = fopen ("/tmp/recieve.txt", "rbe");
  if (f)
    fclose (f);
  printf (translate ("The blorfing failed: %s\n"), home ? home : "none"); /* { ltospell-warning "blorfing" } */
  return lookup (argc > 2 ? argv[2] : "none");
}
