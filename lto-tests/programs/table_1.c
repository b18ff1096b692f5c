#include <stdio.h>
#include <string.h>

static const char *const messages[] = {
  "No error",
  "Use a seperate directory for the output", /* { ltospell-warning "seperate" } { ltospell-note "in the initializer of 'messages' (unit lto-tests/programs/table_1.c), referenced by 'describe'" } */
  "An error occured while writing", /* { ltospell-warning "occured" } { ltospell-note "in the initializer of 'messages' (unit lto-tests/programs/table_1.c), referenced by 'describe'" } */
  "Invalid paramter", /* { ltospell-note "also in the initializer of 'messages' (unit lto-tests/programs/table_1.c)" } */
};

/* Read by two functions.  A one-word entry with an unknown typo would
   not be flagged (one-token strings are often identifiers: only known
   misspellings are reported there), so the typo sits in a phrase.  */
static const char *const size_units[] = {
  "bytes", "kilobites of memory", "megabytes", "gigabytes", /* { ltospell-warning "kilobites" } { ltospell-note "in the initializer of 'size_units' (unit lto-tests/programs/table_1.c), referenced by 'parse_unit', 'unit_name'" } */
};

const char *
describe (int code)
{
  return messages[code & 3];
}

const char *
parse_unit (const char *s)
{
  for (int i = 0; i < 4; i++)
    if (strcmp (s, size_units[i]) == 0)
      return size_units[i];
  return "none";
}

const char *
unit_name (int i)
{
  return size_units[i & 3];
}
