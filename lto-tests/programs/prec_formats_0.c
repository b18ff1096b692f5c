/* Format kinds: strftime and scanf formats are split by their own
   conversions (the callee's format attribute says which), so "%Hh"
   and "%[^\n]" leave no letters behind; the words around are still
   checked.  Words the program defines (functions, variables) are
   accepted inside strings as written.  */

#include <stdio.h>
#include <time.h>

int blorfingCount;
void zorbulate (const char *);

int
main (int argc, char **argv)
{
  char buf[64], line[80];
  time_t t = 0;
  struct tm *tm = gmtime (&t);
  strftime (buf, sizeof buf, "%Hh%M on %a %d %b, wich day", tm); /* { ltospell-warning "wich" } */
  puts (buf);
  if (argc > 1 && sscanf (argv[1], "%[^\n] adress", line) == 1) /* { ltospell-warning "adress" } */
    puts (line);
  printf ("blorfingCount is %d\n", blorfingCount);
  zorbulate ("call zorbulate twice, then occured"); /* { ltospell-warning "occured" } */
  return 0;
}
