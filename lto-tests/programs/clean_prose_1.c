#include <stdio.h>

void
more_prose (int argc)
{
  if (argc > 2)
    puts ("A well-known, self-contained example:\n\tone\ttwo\tthree!");
  puts ("Wait... (really?) Yes -- it's done; isn't it?");
}
