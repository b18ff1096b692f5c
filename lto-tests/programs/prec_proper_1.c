#include <stdio.h>

void
show_errors (int n)
{
  puts ("Use REF as the reference point for Frobzip's diff engine.");
  if (n > 3)
    puts ("Unexpcted end of input."); /* { ltospell-warning "Unexpcted" } */
  if (n > 4)
    puts ("Unexpcted token in the header."); /* { ltospell-warning "Unexpcted" } */
  if (n > 5)
    puts ("Bad quote. Unexpcted quote after it."); /* { ltospell-warning "Unexpcted" } */
}
