#include <stdio.h>

void
show_help (void)
{
  puts ("Ask Qwzrtyk about the queue.");
}
