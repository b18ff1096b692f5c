/* What a format's shape says: the label of a printed value names a
   field (" tbytez %lu", ", vridz %u"), so only the known list judges
   it ("lenght"); a word after another word is prose ("cannot blorp
   %s", "total recvdz %u").  A run right after a string's conversion
   is the rest of a word ("%sabled"), a '#' before a name makes it
   code ("#endiff"), and a program's comparison named after the
   library's (prec_labels_1.c) takes keys, not messages, even a known
   misspelling ("inout").  A word that a capitals run ends in is read
   whole ("PCnet" is "PC" and "net", not "P" and "Cnet").  */

/* Made-up words are far from any word: confidence=low lets them warn.  */
/* { ltospell-options "confidence=low" } */

#include <stdio.h>

int my_strcasecmp (const char *, const char *);

int
main (int argc, char **argv)
{
  unsigned long t = (unsigned long) argc, f = t + 1;
  printf (" tbytez %lu fbytez %lu\n", t, f);
  printf (", vridz %u, lenght %u\n", (unsigned) t, (unsigned) f); /* { ltospell-warning "lenght" } */
  printf ("min %u, total recvdz %u\n", (unsigned) t, (unsigned) f); /* { ltospell-warning "recvdz" } */
  printf ("cannot blorp %s\n", argv[0]); /* { ltospell-warning "blorp" } */
  printf ("replay detection %sabled\n", argc > 1 ? "en" : "dis");
  puts ("close it with #endiff at the end");
  puts ("for PCnet and MACsec cards, not HTTPRezponse"); /* { ltospell-warning "Rezponse" } */
  if (argc > 1 && my_strcasecmp (argv[1], "inout") == 0)
    puts ("both ways");
  return 0;
}
