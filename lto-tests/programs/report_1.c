#include <stdio.h>

static const char banner[] = "Report banner text";

/* A table: its strings are used by the functions that read it.  */
static const char *const messages[] = {
  "No error",
  "An error readng the data", /* { ltospell-warning "readng" } { ltospell-note "in the initializer of 'messages' (unit lto-tests/programs/report_1.c), referenced by 'describe'" } */
};

const char *
describe (int code)
{
  return messages[code & 1];
}

void
print_usage (void)
{
  puts ("Usage: report [options]");
  puts ("Cannot recieve the packet"); /* { ltospell-note "also used in function 'print_usage' (unit lto-tests/programs/report_1.c)" } */
  puts (banner);
  puts ("done");
  puts ("file");
}

/* Never called: LTO removes it, and its misspelling is dead.  */
void
dead_helper (void)
{
  puts ("Nobody reads teh dead text");
}
