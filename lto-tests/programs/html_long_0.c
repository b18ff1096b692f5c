/* The HTML page's long and empty strings, linked by report_tests.py
   (test_html) with html=: a help text of more than 300 characters with
   a misspelling in its middle, used in both units (a duplicate too),
   and an empty string in a table of each unit (a duplicate the page
   only counts); a second long string, to sort by.  */

#include <stdio.h>

void print_help (int argc);
void print_notes (void);

static const char *const lines_0[] = { "", "First unit line" };

int
main (int argc, char **argv)
{
  (void) argv;
  puts (lines_0[argc & 1]);
  print_help (argc);
  print_notes ();
  puts ("This help text is long enough to be shown as a snippet in the "
	"HTML page: it goes on about options, files, and what the program "
	"does with them, so that a reader would not want it three times "
	"in full.  In its middle it says that the program will recieve " /* { ltospell-warning "recieve" } { ltospell-note "used in function 'main' (unit lto-tests/programs/html_long_0.c)" } */
	"its input on the standard input when no file is named, and then "
	"it goes on for a while longer about exit status, environment "
	"variables and where to report bugs, well past the snippet.");
  /* Sorted by string, this one comes first by its full text, and last
     by its snippet ("...string can be...").  */
  puts ("A second long text, used once, so that sorting the findings by "
	"their string can be checked: sorted, the two texts are kept seperate in " /* { ltospell-warning "seperate" } { ltospell-note "used in function 'main' (unit lto-tests/programs/html_long_0.c)" } */
	"the table and sorted by what they say in full, from the start, "
	"not by the part of them that the table shows around the word.");
  return 0;
}
