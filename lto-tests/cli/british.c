/* A program written in British English only: cli-dialect links it
   without lang= (no finding, one line saying the dialect) and with
   lang=en_US (every British word reported, no such line).  */

#include <stdio.h>

int
main (int argc, char **argv)
{
  (void) argv;
  printf ("Set the colour of the centre line to %d\n", argc);
  puts ("The behaviour of this option is my favourite");
  return 0;
}
