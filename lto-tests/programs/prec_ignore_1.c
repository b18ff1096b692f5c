#include <stdio.h>

/* Excluded by exclude=*prec_ignore_1.c: no warning here.  */
void
generated (void)
{
  puts ("Ths genrated fle is excluded");
}
