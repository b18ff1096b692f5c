/* The other unit of dup_table: the same table entry in place, and the
   same literal pointed to.  */

#include <stdio.h>

struct entry
{
  char name[24];
  int id;
};

static const struct entry second_table[] = {
  { "shared table entry", 3 },
  { "second unit only", 4 },
};

const char *second_name (int i);

const char *
second_name (int i)
{
  if (i > 3)
    puts ("shared literal message");
  return second_table[i % 2].name;
}
