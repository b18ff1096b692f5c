/* The program's vocabulary: the pieces of its identifiers (snake_case
   and camelCase, four letters or more), their Capitalized and ALL CAPS
   forms, and the external functions it calls are right inside its
   strings.  A known misspelling stays one even when an identifier is
   spelled the same way ("lenght"), and the warning says so.  A made-up
   word that is no piece of any name is still reported.  */

#include <pwd.h>
#include <stdio.h>

/* As glibc's fortified headers do for readlink: a source name of our
   own for an external function; users know the function by its
   object name.  */
extern struct passwd *lookup_user (const char *) __asm__ ("getpwnam");

int lenght;
int frobnication_depth;
int zorbleCount;

void vocab_more (const char *);

int
main (int argc, char **argv)
{
  lenght = argc;
  frobnication_depth = argc + 1;
  zorbleCount = argc + 2;
  printf ("Frobnication is %d levels deep\n", frobnication_depth);
  printf ("Zorble count is %d\n", zorbleCount);
  printf ("The lenght is %d\n", lenght); /* { ltospell-warning "lenght" } { ltospell-note "an identifier of the program is spelled 'lenght' too" } */
  if (!lookup_user (argv[0]))
    puts ("getpwnam found no such user");
  printf ("a flubbergast of %d\n", argc); /* { ltospell-warning "flubbergast" } */
  vocab_more (argv[0]);
  return 0;
}
