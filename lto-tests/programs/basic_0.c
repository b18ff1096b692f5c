/* Misspellings in function bodies of two units; a printf format whose
   conversions are not words; two misspellings in one string give two
   warnings at the same place.  */

#include <stddef.h>
#include <stdio.h>

void send_reply (const char *peer, size_t n);

int
main (int argc, char **argv)
{
  size_t n = (size_t) argc * 512;
  printf ("Recieved %zu bytes from %s\n", n, argv[0]); /* { ltospell-warning "Recieved" } { ltospell-note "used in function 'main' (unit lto-tests/programs/basic_0.c)" } */
  send_reply (argv[0], n);
  if (argc > 3)
    fputs ("Teh adress is not valid.\n", stderr); /* { ltospell-warning "Teh" } { ltospell-warning "adress" } */
  return 0;
}
