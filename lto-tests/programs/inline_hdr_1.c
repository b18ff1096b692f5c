#include "inline_hdr.h"

void
poll_server (int tries)
{
  if (tries > 4)
    puts ("Giving up.");
  else
    log_warn ("poll");
}
