/* Reports: a program with every kind of finding and duplicate, linked
   by report_tests.py with report=, sarif=, html=, dups= and
   format=github, whose outputs it parses and compares field by field.
   Here: a misspelling used in two units (two locations), a string with
   bytes that are not text (control characters, invalid UTF-8, an
   embedded NUL), a literal copied in both units (mergeable), a named
   array copied in both units (not mergeable), near-duplicates and a
   string that ends another.  */

#include <stdio.h>

const char *describe (int code);
void print_usage (void);
void dead_helper (void);

static const char banner[] = "Report banner text";

int
main (int argc, char **argv)
{
  (void) argv;
  puts ("Cannot recieve the packet"); /* { ltospell-warning "recieve" } { ltospell-note "used in function 'main' (unit lto-tests/programs/report_0.c)" } */
  fwrite ("Odd\001bytes\377wich\0here", 1, 20, stdout); /* { ltospell-warning "wich" } */
  puts ("Usage: report [options]");
  puts (banner);
  puts ("Done.");
  puts ("the output file");
  puts (describe (argc));
  print_usage ();
  return 0;
}
