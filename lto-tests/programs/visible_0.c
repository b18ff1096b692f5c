/* User-visible strings: a string that reaches a function with the
   format_arg attribute (a gettext-like translation function) is marked
   user_visible in the JSON and SARIF reports (report_tests.py checks
   them); a string that only goes to puts is not.  */

#include <stdio.h>

const char *tr (const char *) __attribute__ ((format_arg (1)));
void other (void);

int
main (void)
{
  puts (tr ("we could not recieve the data")); /* { ltospell-warning "recieve" } */
  other ();
  return 0;
}
