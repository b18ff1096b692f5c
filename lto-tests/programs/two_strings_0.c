/* The same misspelling in distinct strings: one warning per string.
   The same misspelling twice in one string: one warning.  */

#include <stdio.h>

void read_body (int);

int
main (int argc, char **argv)
{
  (void) argv;
  if (argc > 1)
    puts ("Failed to recieve the header"); /* { ltospell-warning "recieve" } */
  if (argc > 2)
    puts ("Try to recieve the body again"); /* { ltospell-warning "recieve" } */
  puts ("We recieve, then we recieve again"); /* { ltospell-warning "recieve" } */
  read_body (argc);
  return 0;
}
