/* Consistency: American and British spellings, "can not" and
   "cannot", and messages that differ only by case or a final period.
   Without the consistency option only the dictionary speaks (en_US
   rejects "colour"); report_tests.py links it with consistency and
   checks the extra warnings and the report.  */

#include <stdio.h>

void more (void);

int
main (void)
{
  puts ("Initialize the color table");
  puts ("Pick a colour"); /* { ltospell-warning "colour" } */
  puts ("Can not open the file");
  puts ("File not found.");
  more ();
  return 0;
}
