#include <stdio.h>

struct counters
{
  int frobnitz;
  int blatcount;
};

extern struct counters totals;

void
report (void)
{
  printf ("%d frobnitz seen, %d blatcount, then an adress\n", /* { ltospell-warning "adress" } */
	  totals.frobnitz, totals.blatcount);
  puts ("a glorpnitz is no name of the program"); /* { ltospell-warning "glorpnitz" } */
}
