/* A program written in British English ("colour", "centre",
   "behaviour", "favourite") is checked as en_GB too: those words are
   right.  The one American spelling among them, in prec_dialect_1.c,
   is reported with its British form.  */

#include <stdio.h>

void pick (int);

int
main (int argc, char **argv)
{
  (void) argv;
  printf ("Set the colour of the centre line to %d\n", argc);
  puts ("The behaviour of this option is my favourite");
  pick (argc);
  return 0;
}
