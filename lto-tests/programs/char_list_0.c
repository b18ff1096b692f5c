/* Char arrays written as lists of character constants.  The help text
   (char_list_1.c) is read from the source: each warning points at its
   word.  A list with anything but constants in it, here a macro, is
   not: its warning stays at the array's name.  */

#include <stdio.h>

#define NEWLINE '\n'

extern const char helptext[];
extern const int size_helptext;

static const char footer[] = { /* { ltospell-warning "ocurred" } { ltospell-note "in the initializer of 'footer' (unit lto-tests/programs/char_list_0.c), referenced by 'main'" } */
'A','n',' ','e','r','r','o','r',' ','o','c','u','r','r','e','d',NEWLINE,
0 };

int
main (void)
{
  fwrite (helptext, 1, (size_t) size_helptext, stdout);
  fputs (footer, stdout);
  return 0;
}
