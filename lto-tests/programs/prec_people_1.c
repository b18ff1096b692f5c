/* The credits table, as nano's do_credits has it, and gnulib's
   version_etc and proper_name as the program links them.  */

#include <libintl.h>
#include <stdarg.h>
#include <stdio.h>

static const char *const credits[] = {
  "The people",
  "",
  "Chris Allegretta",
  "Benno Schulenberg",
  "David Lawrence Ramsey",
  "Jordi Mallach",
  "Adam Rogoyski",
  "Rob Siemborski",
  "Monique, Brielle & Joseph",
  "Richard Kolb II",
  "(C) 2023",
  "https://example.org/"
};

void
do_credits (void)
{
  for (size_t i = 0; i < sizeof credits / sizeof *credits; i++)
    puts (credits[i]);
}

void
version_etc (FILE *stream, const char *command_name, const char *package,
	     const char *version, ...)
{
  va_list authors;
  const char *author;
  fprintf (stream, "%s (%s) %s\n", command_name, package, version);
  va_start (authors, version);
  while ((author = va_arg (authors, const char *)) != NULL)
    fprintf (stream, "%s\n", author);
  va_end (authors);
}

const char *
proper_name (const char *name)
{
  return gettext (name);
}
