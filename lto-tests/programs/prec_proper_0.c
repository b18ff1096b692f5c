/* A proper noun is no misspelling: "Frobzip", the name of a format,
   written with its capital in three strings of two units, once in the
   middle of a sentence ("about Frobzip-compressed files") and never in
   lowercase, goes to the report's "names" and does not warn.  The same
   slip repeated three times, but only where sentences start, is still
   reported each time (prec_proper_1.c): a proper noun is written with
   a capital where no sentence starts.  */

#include <stdio.h>

void show_errors (int);

int
main (int argc, char **argv)
{
  if (argc > 2)
    printf ("# Frobzip Frames: %d\n", argc);
  puts ("Print information about Frobzip-compressed files.");
  show_errors (argc);
  return argv[0] == NULL;
}
