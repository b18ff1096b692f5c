#include <stdio.h>

static const char *const lines_1[] = { "", "Second unit line" };

void
print_help (int argc)
{
  puts (lines_1[argc & 1]);
  puts ("This help text is long enough to be shown as a snippet in the " /* { ltospell-note "also used in function 'print_help' (unit lto-tests/programs/html_long_1.c)" } */
	"HTML page: it goes on about options, files, and what the program "
	"does with them, so that a reader would not want it three times "
	"in full.  In its middle it says that the program will recieve "
	"its input on the standard input when no file is named, and then "
	"it goes on for a while longer about exit status, environment "
	"variables and where to report bugs, well past the snippet.");
}
