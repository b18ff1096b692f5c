/* Two dictionary words written as one are right ("lefthand",
   "pushback"); a function word run into a word is a missing space,
   reported with the space put back, as tmux's "...scrolled into"
   "history..." literals join into "intohistory".  A word one edit from
   a common word is no compound nor prefixed word ("untill").  */

#include <stdio.h>

void more_compounds (void);

int
main (void)
{
  puts ("Use the lefthand pane and the pushback buffer");
  puts ("Lines scrolled into" "history are kept"); /* { ltospell-warning "intohistory" } */
  more_compounds ();
  return 0;
}
