#include <stdio.h>

#include "prec_typenames.h"

int
use_file (zorbfile_t *f, struct quuxblock *b)
{
  if (f->fd < 0)
    {
      puts ("invalid zorbfile handle");
      return 1;
    }
  if (b->n < 0)
    {
      puts ("negative quuxblock count");
      return 1;
    }
  puts ("a glorpfile is no type of the program"); /* { ltospell-warning "glorpfile" } */
  return 0;
}
