/* The program's own names are accepted inside strings as written: the
   fields of a struct that a global variable holds (even one that reads
   like a label's mnemonic, "Frob_nitzer"), and the long option names of
   a getopt struct option table.  A made-up word that is no
   name of the program is still reported (prec_names_1.c).  */

/* Made-up words are far from any word: confidence=low lets them warn.  */
/* { ltospell-options "confidence=low" } */

#include <getopt.h>
#include <stdio.h>

struct counters
{
  int frobnitz;
  int blatcount;
  int Frob_nitzer;
};

struct counters totals;

static const struct option long_options[] = {
  { "quuxmode", no_argument, NULL, 'q' },
  { NULL, 0, NULL, 0 },
};

void report (void);

int
main (int argc, char **argv)
{
  while (getopt_long (argc, argv, "q", long_options, NULL) != -1)
    totals.frobnitz++;
  puts ("quuxmode counts each frobnitz, not a blatcount");
  report ();
  return 0;
}
