#include <stdio.h>

void
more (void)
{
  puts ("Colors are initialized");
  puts ("cannot read the file");
  puts ("cannot write the file");
  puts ("file not found");
}
