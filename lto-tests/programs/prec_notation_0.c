/* Key-letter notation and menu mnemonics are read as the word they
   mark: "[h]elp", "(e)ncrypt", "e(x)it", "[Q]uit" in a help text,
   "&File", "Save &As", "E&xit", "_Open", "E_xit" in menu labels.  None
   of them is a finding, and a typo written inside the notation is
   still found whole ("[d]elte", "Sho&w Hiddne Files").  A plural
   "(s)" is no key letter.  */

#include <stdio.h>

void show_menu (const char *const *labels, int n);

static const char *const menu_labels[] = {
  "&File", "&Edit", "Save &As", "E&xit", "_Open", "Save _As", "E_xit",
  "Pr_eferences", "Open Re_cent Files", "Close A_ll Windows",
  "Sho&w Hiddne Files", /* { ltospell-warning "Hiddne" } */
};

int
main (int argc, char **argv)
{
  (void) argv;
  show_menu (menu_labels, sizeof menu_labels / sizeof menu_labels[0]);
  printf ("Keys: [h]elp, [Q]uit, (e)ncrypt, (s)ign, (c)lear, e(x)it.\n");
  printf ("Press [r]eload to read the page again, [d]elte to drop it.\n"); /* { ltospell-warning "delte" } */
  printf ("%d file(s) selected, %d item(s) left\n", argc, argc);
  return 0;
}
