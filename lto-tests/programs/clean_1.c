#include <stdio.h>

void
show_formats (int argc, const char *name)
{
  long value = argc * 1000L;
  printf ("%-*s|%08lx|%lld|%5.2f|%p|%%|%c\n", argc, name, (unsigned long) value,
	  (long long) value, value / 7.0, (void *) name, 'x');
  printf ("Copied %zu of %zu files (%.1f%%) to %s.\n", (size_t) argc,
	  (size_t) value, argc * 0.5, name);
  fprintf (stderr, "%s: cannot open %s: %s\n", name, "/tmp/data.bin", "not found");
  printf ("Open http://localhost:8080/status?verbose=1 or ftp://example.com/pub/\n");
}
