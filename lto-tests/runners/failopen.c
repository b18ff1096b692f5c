/* failopen.c: an LD_PRELOAD shim for the summary-lost test.  In the
   WPA lto1 (the one given -fltrans-output-list=LIST), once LIST is not
   empty (WPA has written its partitions; lto-wrapper made it empty),
   opening a file whose base name is $LS_FAIL_OBJECT, or asking access ()
   about it, fails with ENOENT: as if the object went away during the
   link, after GCC's last read of it.  */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static char list[4096];
static int list_known = -1;

static void
find_list (void)
{
  list_known = 0;
  FILE *f = fopen ("/proc/self/cmdline", "r");
  if (!f)
    return;
  char arg[4096];
  size_t n = 0;
  int c;
  while ((c = fgetc (f)) != EOF)
    {
      if (n < sizeof arg - 1)
	arg[n++] = (char) c;
      if (c == '\0')
	{
	  if (!strncmp (arg, "-fltrans-output-list=", 21))
	    {
	      snprintf (list, sizeof list, "%s", arg + 21);
	      list_known = 1;
	    }
	  n = 0;
	}
    }
  fclose (f);
}

static int
should_fail (const char *path)
{
  const char *object = getenv ("LS_FAIL_OBJECT");
  if (!object || !path)
    return 0;
  const char *base = strrchr (path, '/');
  base = base ? base + 1 : path;
  if (strcmp (base, object) != 0)
    return 0;
  if (list_known < 0)
    find_list ();
  struct stat st;
  int r = list_known == 1 && stat (list, &st) == 0 && st.st_size > 0;
  return r;
}

#define WRAP(NAME)							\
  int NAME (const char *path, int flags, ...)				\
  {									\
    int mode = 0;							\
    if (flags & (O_CREAT | __O_TMPFILE))				\
      {									\
	va_list ap;							\
	va_start (ap, flags);						\
	mode = va_arg (ap, int);					\
	va_end (ap);							\
      }									\
    if (should_fail (path))						\
      {									\
	errno = ENOENT;							\
	return -1;							\
      }									\
    static int (*real) (const char *, int, ...);			\
    if (!real)								\
      real = (int (*) (const char *, int, ...)) dlsym (RTLD_NEXT, #NAME); \
    return real (path, flags, mode);					\
  }

WRAP (open)
WRAP (open64)

int
access (const char *path, int mode)
{
  if (should_fail (path))
    {
      errno = ENOENT;
      return -1;
    }
  static int (*real) (const char *, int);
  if (!real)
    real = (int (*) (const char *, int)) dlsym (RTLD_NEXT, "access");
  return real (path, mode);
}
