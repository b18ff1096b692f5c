/* The other unit: a small local array is filled element by element,
   its strings are used in the function itself.  */

#include <stdio.h>

void do_credits (int n);

int
main (int argc, char **argv)
{
  const char *words[] = { "one", "two", "thre" }; /* { ltospell-warning "thre" } { ltospell-note "used in function 'main' (unit lto-tests/programs/local_array_1.c)" } */
  do_credits (argc);
  puts (words[argc % 3]);
  (void) argv;
  return 0;
}
