/* replay.c: run every input kept under src/fuzz/corpus/TARGET/ through
   its fuzz target (targets.h), as a unit test of `make check`.

   The corpus holds the inputs that once crashed a target or broke one
   of its checks (kept by src/fuzz/run, named crash-*, leak-*, oom-*,
   timeout-*) and hand-written seeds for the shapes worth keeping.
   One PASS line per target with the number of inputs replayed; an
   input that crashes kills the test, which `make check` reports as
   "FAIL: ... exited with".  Usage: replay [CORPUS_DIR], default
   src/fuzz/corpus (make check runs from the top directory).  */

#include "targets.h"

#include <dirent.h>

static int
compare_paths (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The inputs in DIR, sorted so that runs are reproducible; a malloc'd
   vector of malloc'd paths, NULL if DIR cannot be read.  */
static char **
list_inputs (const char *dir, size_t *n)
{
  *n = 0;
  DIR *d = opendir (dir);
  if (!d)
    return NULL;
  char **paths = NULL;
  struct dirent *e;
  while ((e = readdir (d)) != NULL)
    {
      if (e->d_name[0] == '.')
	continue;
      char **grown = realloc (paths, (*n + 1) * sizeof *paths);
      if (!grown || asprintf (&grown[*n], "%s/%s", dir, e->d_name) < 0)
	abort ();
      paths = grown;
      (*n)++;
    }
  closedir (d);
  if (*n)
    qsort (paths, *n, sizeof *paths, compare_paths);
  return paths;
}

/* The whole of the file at PATH; NULL if it cannot be read.  */
static uint8_t *
read_input (const char *path, size_t *size)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    return NULL;
  uint8_t *data = NULL;
  size_t alloc = 0;
  *size = 0;
  for (;;)
    {
      if (*size == alloc)
	{
	  alloc = alloc ? alloc * 2 : 4096;
	  data = realloc (data, alloc);
	  if (!data)
	    abort ();
	}
      size_t got = fread (data + *size, 1, alloc - *size, f);
      *size += got;
      if (got == 0)
	break;
    }
  int bad = ferror (f);
  fclose (f);
  if (bad)
    {
      free (data);
      return NULL;
    }
  return data;
}

/* Replay the corpus of TARGET; returns the number of problems.  */
static int
replay_target (const char *corpus, const struct fuzz_target *target)
{
  char *dir;
  if (asprintf (&dir, "%s/%s", corpus, target->name) < 0)
    abort ();
  size_t n;
  char **paths = list_inputs (dir, &n);
  int failed = 0;
  if (!paths && n == 0)
    {
      printf ("FAIL: fuzz-replay %s: cannot read %s\n", target->name, dir);
      free (dir);
      return 1;
    }
  for (size_t i = 0; i < n; i++)
    {
      size_t size;
      uint8_t *data = read_input (paths[i], &size);
      if (!data)
	{
	  printf ("FAIL: fuzz-replay %s: cannot read %s\n", target->name,
		  paths[i]);
	  failed++;
	}
      else
	target->run (data, size);	/* Aborts on a broken promise.  */
      free (data);
      free (paths[i]);
    }
  free (paths);
  if (!failed)
    printf ("PASS: fuzz-replay %s (%zu inputs of %s)\n", target->name, n, dir);
  if (n == 0)
    {
      printf ("FAIL: fuzz-replay %s: no input in %s\n", target->name, dir);
      failed++;
    }
  free (dir);
  return failed;
}

int
main (int argc, char **argv)
{
  const char *corpus = argc > 1 ? argv[1] : "src/fuzz/corpus";
  int failed = 0;
  for (size_t i = 0; i < sizeof fuzz_targets / sizeof *fuzz_targets; i++)
    failed += replay_target (corpus, &fuzz_targets[i]);
  fflush (stdout);
  return failed != 0;
}
