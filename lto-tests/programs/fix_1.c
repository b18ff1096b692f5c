/* The other unit of fix: a capitalised misspelling keeps its capital
   in the fix, and an escape before the word does not move it.  */

#include <stdio.h>

void show_status (int code);

void
show_status (int code)
{
  if (code > 2)
    printf ("\tSeperate the values with commas (got %d)\n", code); /* { ltospell-warning "Seperate" } */
}
