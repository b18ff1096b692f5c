#include <stddef.h>
#include <stdio.h>

void
send_reply (const char *peer, size_t n)
{
  if (n > 4096)
    fprintf (stderr, "%s: the reply is too long (lenght %zu)\n", peer, n); /* { ltospell-warning "lenght" } { ltospell-note "used in function 'send_reply' (unit lto-tests/programs/basic_1.c)" } */
  else
    printf ("Sent %zu bytes to %s, %d%% of the limit.\nThe next line is fine too.\n",
	    n, peer, (int) (n * 100 / 4096));
}
