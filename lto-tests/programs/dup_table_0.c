/* Strings stored in place: a char array field of a table holds its
   own copy, which the linker cannot merge with another unit's, while a
   literal pointed to is merged.  report_tests.py (report-dups-in-place)
   checks the duplicates report against the linked binary.  */

#include <stdio.h>

struct entry
{
  char name[24];
  int id;
};

static const struct entry first_table[] = {
  { "shared table entry", 1 },
  { "first unit only", 2 },
};

const char *second_name (int i);

int
main (int argc, char **argv)
{
  (void) argv;
  puts (first_table[argc % 2].name);
  puts (second_name (argc));
  puts ("shared literal message");
  return 0;
}
