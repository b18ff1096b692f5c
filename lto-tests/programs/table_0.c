/* Tables of pointers to strings: a misspelling in the initializer is
   reported at the table's declaration, with the functions that read
   it.  A string both in a table and in a function body is one string:
   one warning at its first use (this unit sorts first), a note for
   each place.  */

#include <stdio.h>

const char *describe (int code);
const char *unit_name (int i);
const char *parse_unit (const char *s);

int
main (int argc, char **argv)
{
  puts (describe (argc));
  puts (unit_name (argc));
  puts (parse_unit (argv[0]));
  if (argc > 5)
    puts ("Invalid paramter"); /* { ltospell-warning "paramter" } { ltospell-note "used in function 'main' (unit lto-tests/programs/table_0.c)" } */
  return 0;
}
