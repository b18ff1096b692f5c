/* Pieces of a local variable's name and of a struct field count too;
   "Quuxification" is right because of quuxification_level below.  */

#include <stdio.h>

struct knobs
{
  int blarfomatic_mode;
};

struct knobs current_knobs;

void
vocab_more (const char *name)
{
  int quuxification_level = name[0];
  printf ("Quuxification at %d, blarfomatic %d\n", quuxification_level,
	  current_knobs.blarfomatic_mode);
}
