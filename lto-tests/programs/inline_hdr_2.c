#include "inline_hdr.h"

void
close_session (int id)
{
  if (id == 0)
    return;
  printf ("Closing session %d.\n", id);
  log_warn ("close");
}
