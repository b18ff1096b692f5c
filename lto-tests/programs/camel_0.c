/* camelCase words are split and their parts checked: the warning names
   the misspelled part.  */

#include <stdio.h>

void more_calls (int);

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("Call recieveData before anything else"); /* { ltospell-warning "recieve" } */
  puts ("Call getValue and setMaxCount first");
  more_calls (argc);
  return 0;
}
