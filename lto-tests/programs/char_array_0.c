/* Character arrays initialized from string literals: a file-scope
   static array, a function-scope static array, an external array read
   in another unit (all reported at the array's declaration), and an
   automatic array copied from a literal (reported where it is
   declared, in its function).  */

#include <stdio.h>

extern const char version_text[];
void show_banner (void);

int
main (int argc, char **argv)
{
  char greeting[] = "Hello, and welcome to teh program"; /* { ltospell-warning "teh" } { ltospell-note "in function 'main' (unit lto-tests/programs/char_array_0.c)" } */
  if (argc > 1)
    greeting[0] = argv[1][0];
  puts (greeting);
  show_banner ();
  puts (version_text);
  return 0;
}
