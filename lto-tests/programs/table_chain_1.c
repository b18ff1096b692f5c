static const char *const errors[] = {
  "File not found",
  "Permission denied untill the next login", /* { ltospell-warning "untill" } { ltospell-note "in the initializer of 'errors' (unit lto-tests/programs/table_chain_1.c), referenced by 'lookup'" } */
};

static const char *const hints[] = {
  "Try again later",
  "Check teh cable", /* { ltospell-warning "teh" } { ltospell-note "in the initializer of 'hints' (unit lto-tests/programs/table_chain_1.c), referenced by 'lookup'" } */
};

const char *const *const groups[] = { errors, hints };

const char *const help_text[] = {
  "Usage: the first argument says wich file to read", /* { ltospell-warning "wich" } { ltospell-note "in the initializer of 'help_text' (unit lto-tests/programs/table_chain_1.c), referenced by 'print_help', 'show_section'" } */
  "Options are described below",
};

const char *
lookup (int group, int i)
{
  return groups[group & 1][i & 1];
}
