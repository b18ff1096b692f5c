/* Fixes: every misspelling here has a sure fix (a known misspelling,
   or a word one edit from its only close suggestion), spelled as
   itself in one literal, so the warning carries a fix-it hint.
   report_tests.py (report-fix-patch) writes fix=FILE.patch, applies it
   to a copy of this program with `git apply`, relinks, and wants no
   finding left.  */

#include <stdio.h>

void show_status (int code);

int
main (int argc, char **argv)
{
  (void) argv;
  if (argc > 3)
    puts ("Could not recieve the reply"); /* { ltospell-warning "recieve" } */
  show_status (argc);
  printf ("%s: "
	  "The transfer was not sucessful\n", "tool"); /* { ltospell-warning "sucessful" } */
  return 0;
}
