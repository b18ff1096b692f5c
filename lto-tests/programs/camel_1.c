#include <stdio.h>

void
more_calls (int n)
{
  if (n > 1)
    puts ("The sendAdressBook call failed"); /* { ltospell-warning "Adress" } */
  if (n > 2)
    puts ("waitUntillDone returned early"); /* { ltospell-warning "Untill" } */
}
