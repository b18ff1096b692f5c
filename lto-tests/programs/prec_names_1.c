#include <stdio.h>

struct counters
{
  int frobnitz;
  int blatcount;
  int Frob_nitzer;
};

extern struct counters totals;

void
report (void)
{
  printf ("%d frobnitz seen, %d blatcount, then an adress\n", /* { ltospell-warning "adress" } */
	  totals.frobnitz, totals.blatcount);
  puts ("a glorpnitz is no name of the program"); /* { ltospell-warning "glorpnitz" } */
  /* A short string's "Xxx_yyy" reads as a GTK label's mnemonic
     ("E_xit"), unless the program defines it as written.  */
  if (totals.Frob_nitzer)
    puts ("Frob_nitzer was set");
  puts ("Glorp_nitzer was set"); /* { ltospell-warning "Glorpnitzer" } */
}
