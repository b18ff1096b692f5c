#include <stddef.h>
#include <stdio.h>

struct option_doc
{
  const char *name;
  const char *help;
  int takes_value;
};

static const struct option_doc option_docs[] = {
  { .name = "verbose", .help = "Print the names of the files wich change" }, /* { ltospell-warning "wich" } { ltospell-note "in the initializer of 'option_docs' (unit lto-tests/programs/struct_init_1.c), referenced by 'print_options'" } */
  { .name = "output", .help = "Write the result to FILE", .takes_value = 1 },
  { .name = "jobs", .help = "Run N jobs in paralel", .takes_value = 1 }, /* { ltospell-warning "paralel" } { ltospell-note "in the initializer of 'option_docs' (unit lto-tests/programs/struct_init_1.c), referenced by 'print_options'" } */
  { .name = NULL, .help = NULL },
};

struct command
{
  int id;
  struct
  {
    const char *summary;
    const char *detail;
  } text;
};

/* Nested members, positional initializers.  */
static const struct command commands[] = {
  { 1, { "Start the server", "Listen on the given port" } },
  { 2, { "Stop the server", "Close every connection" } },
  { 3, { "Show the status", "Print the adress of each client" } }, /* { ltospell-warning "adress" } { ltospell-note "in the initializer of 'commands' (unit lto-tests/programs/struct_init_1.c), referenced by 'command_help'" } */
};

void
print_options (void)
{
  for (const struct option_doc *o = option_docs; o->name; o++)
    printf ("  --%-10s %s%s\n", o->name, o->help, o->takes_value ? " (takes a value)" : "");
}

const char *
command_help (int i)
{
  const struct command *c = &commands[i % 3];
  return i & 4 ? c->text.detail : c->text.summary;
}
