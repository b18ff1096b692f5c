/* A local array with a large constant initializer: GCC copies it from
   a constant of its own ("*.LC5"), which the notes name after the
   array; the function that fills it is its referrer.  */

#include <stdio.h>

void do_credits (int n);

void
do_credits (int n)
{
  const char *credits[] = {
    "Speical thanks to", /* { ltospell-warning "Speical" } { ltospell-note "in the initializer of 'credits' (unit lto-tests/programs/local_array_0.c), referenced by 'do_credits'" } */
    "The text editor",
    "credit line 0",
    "credit line 1",
    "credit line 2",
    "credit line 3",
    "credit line 4",
    "credit line 5",
    "credit line 6",
    "credit line 7",
    "credit line 8",
    "credit line 9",
    "credit line 10",
    "credit line 11",
    "credit line 12",
    "credit line 13",
    "credit line 14",
    "credit line 15",
    "credit line 16",
    "credit line 17",
    "credit line 18",
    "credit line 19",
    "credit line 20",
    "credit line 21",
    "credit line 22",
    "credit line 23",
    "credit line 24",
    "credit line 25",
    "credit line 26",
    "credit line 27",
    "credit line 28",
    "credit line 29",
    "credit line 30",
    "credit line 31",
    "credit line 32",
    "credit line 33",
    "credit line 34",
    "credit line 35",
    "credit line 36",
    "credit line 37",
    "credit line 38",
    "credit line 39"
  };
  for (int i = 0; i < (int) (sizeof credits / sizeof *credits) && i < n; i++)
    puts (credits[i]);
}
