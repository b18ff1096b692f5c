/* Arrays of structs with designated initializers: misspellings in
   their string members are reported at the array's declaration.  */

#include <stdio.h>

void print_options (void);
const char *command_help (int i);

int
main (int argc, char **argv)
{
  (void) argv;
  print_options ();
  puts (command_help (argc));
  return 0;
}
