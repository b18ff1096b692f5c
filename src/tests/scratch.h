/* scratch.h: a fresh directory for a unit test's files, under $TMPDIR
   (else /tmp), so that `make check` run with TMPDIR set keeps every
   file it makes there; and paths in it.  */

#ifndef LTOSPELL_SCRATCH_H
#define LTOSPELL_SCRATCH_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static char scratch_root[512];

/* Make the directory $TMPDIR/ltospell-NAME-XXXXXX; exits with status 2
   when it cannot.  */
static inline void
scratch_init (const char *name)
{
  const char *tmp = getenv ("TMPDIR");
  snprintf (scratch_root, sizeof scratch_root, "%s/ltospell-%s-XXXXXX",
	    tmp && *tmp ? tmp : "/tmp", name);
  if (!mkdtemp (scratch_root))
    {
      perror ("mkdtemp");
      exit (2);
    }
}

/* SCRATCH_ROOT/REL, in one of two static buffers (the last two paths
   asked for stay valid).  */
static inline const char *
scratch_at (const char *rel)
{
  static char buf[2][2048];
  static int which;
  which ^= 1;
  snprintf (buf[which], sizeof buf[which], "%s/%s", scratch_root, rel);
  return buf[which];
}

/* Make directory REL (it may exist); exits with status 2 when it
   cannot.  */
static inline void
scratch_make_dir (const char *rel)
{
  if (mkdir (scratch_at (rel), 0755) != 0 && errno != EEXIST)
    {
      perror (scratch_at (rel));
      exit (2);
    }
}

/* Write TEXT to file REL; exits with status 2 when it cannot.  */
static inline void
scratch_write (const char *rel, const char *text)
{
  FILE *f = fopen (scratch_at (rel), "w");
  if (!f || fputs (text, f) < 0 || fclose (f) != 0)
    {
      perror (scratch_at (rel));
      exit (2);
    }
}

/* Remove the directory and all it holds; whether that worked.  */
static inline bool
scratch_remove (void)
{
  char cmd[600];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", scratch_root);
  return system (cmd) == 0;
}

#endif
