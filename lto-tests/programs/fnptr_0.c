/* Misspelled strings in functions that are only called through a table
   of function pointers.  */

extern void (*const handlers[]) (void);

int
main (int argc, char **argv)
{
  (void) argv;
  handlers[argc & 1] ();
  return 0;
}
