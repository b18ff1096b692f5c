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

/* Strings longer than a snippet: two near-duplicates that differ only
   by a newline at the end (the page shows each where they differ), a
   tail of a longer string (both shown at their ends, so alike), and a
   misspelling written through a key-letter notation far into a string
   (the page marks "[s]eperate").  */
#define NOTE_TEXT "A note long enough to need a snippet, with the same " \
  "words in two strings that differ only by a newline at their end, " \
  "which is where the page must show them"
#define TAIL_TEXT "a tail long enough to need a snippet, the end of a " \
  "longer string that the linker can keep inside it, and whose two " \
  "snippets on the page show the same end of the text"

void
print_notes (void)
{
  fputs (NOTE_TEXT "\n", stdout);
  puts (NOTE_TEXT);
  puts ("Note: " TAIL_TEXT);
  puts (TAIL_TEXT);
  puts ("A menu line long enough to be cut into a snippet on the page, with "
	"its keys between brackets, far from its start: press [s]eperate " /* { ltospell-warning "seperate" } { ltospell-note "used in function 'print_notes' (unit lto-tests/programs/html_long_1.c)" } */
	"to keep the <two> views apart & \"[q]uit\" to leave.");
}
