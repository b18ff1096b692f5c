/* Ignores: "ltospell:ignore" on the line of a use skips it, with words
   after it only those words; ignore=FILE hides what its regular
   expressions match; exclude=GLOB skips the uses in matching files.  */
/* { ltospell-options "ignore=lto-tests/programs/prec_ignore.txt exclude=*prec_ignore_1.c" } */

#include <stdio.h>

void generated (void);

int
main (void)
{
  puts ("Teh whole line is ignored"); /* ltospell:ignore */
  puts ("Only blorfing is ignored, not paramter"); /* ltospell:ignore blorfing */ /* { ltospell-warning "paramter" } */
  puts ("The frobnix-zorp mode, not lenght"); /* { ltospell-warning "lenght" } */
  generated ();
  return 0;
}
