/* Tables that point to tables: a misspelling in an inner table names
   the functions that reach it through the outer tables, also across
   units (help_text is defined in unit 1 and read here directly and
   through sections).  */

#include <stdio.h>

extern const char *const help_text[];
const char *lookup (int group, int i);

static const char *const about_text[] = {
  "About this program",
  "Every build so far was sucessful", /* { ltospell-warning "sucessful" } { ltospell-note "in the initializer of 'about_text' (unit lto-tests/programs/table_chain_0.c), referenced by 'show_section'" } */
};

static const char *const *const sections[] = { help_text, about_text };

__attribute__ ((noinline)) static void
print_help (int i)
{
  puts (help_text[i & 1]);
}

__attribute__ ((noinline)) static void
show_section (int s, int i)
{
  puts (sections[s & 1][i & 1]);
}

int
main (int argc, char **argv)
{
  (void) argv;
  print_help (argc);
  show_section (argc, argc >> 1);
  puts (lookup (argc, argc >> 2));
  return 0;
}
