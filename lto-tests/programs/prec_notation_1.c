#include <stdio.h>

void
show_menu (const char *const *labels, int n)
{
  for (int i = 0; i < n; i++)
    puts (labels[i]);
}
