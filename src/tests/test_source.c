/* test_source.c: unit tests for the cache of source files (source.c).  */

#include "source.h"
#include "unit.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void
expect_line (const char *name, const ls_source *s, size_t lineno,
	     const char *want)
{
  size_t len = 0;
  const char *line = ls_source_line (s, lineno, &len);
  char *got = line ? strndup (line, len) : NULL;
  UNIT_STREQ (name, got, want);
  free (got);
}

/* A new file holding TEXT; its path in PATH (a mkstemp template).  */
static bool
make_file (char *path, const char *text)
{
  int fd = mkstemp (path);
  size_t len = strlen (text);
  bool ok = fd >= 0 && write (fd, text, len) == (ssize_t) len;
  if (fd >= 0)
    close (fd);
  return ok;
}

/* The count of lines GCC's cache of sources is told (plugin.cc).  */
static void
test_line_count (ls_sources *c)
{
  static const char *const texts[] = { "a\nb\n", "a\nb", "", "\n", "\n\nx" };
  static const size_t want[] = { 2, 2, 0, 1, 3 };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    {
      char path[] = "/tmp/ltospell-test-count-XXXXXX";
      char name[64];
      snprintf (name, sizeof name, "line count: text %zu", i);
      if (!make_file (path, texts[i]))
	{
	  UNIT_CHECK (name, false);
	  continue;
	}
      UNIT_CHECK (name, ls_source_line_count (ls_sources_get (c, path))
			== want[i]);
      unlink (path);
    }
  /* Counted when first asked for, even after the text was let go (the
     directives of a file are searched for before any count).  */
  char path[] = "/tmp/ltospell-test-count-XXXXXX";
  if (!make_file (path, "a\nb\nc"))
    UNIT_CHECK ("line count: after a drop", false);
  else
    {
      const ls_source *s = ls_sources_get (c, path);
      ls_source_text (s, NULL);
      ls_source_drop_text (s);
      UNIT_CHECK ("line count: after a drop, read again",
		  ls_source_line_count (s) == 3);
      ls_source_drop_text (s);
      unlink (path);
      UNIT_CHECK ("line count: kept when the text goes again",
		  ls_source_line_count (s) == 3
		  && ls_source_text (s, NULL) == NULL);
    }
  /* A file that grew after it was counted and let go: its lines are
     those of the text read again, all of them (an index the size of
     the old count overflowed).  */
  char grown[] = "/tmp/ltospell-test-count-XXXXXX";
  if (!make_file (grown, "a\nb\n"))
    UNIT_CHECK ("line count: a file that grew", false);
  else
    {
      const ls_source *s = ls_sources_get (c, grown);
      bool counted = ls_source_line_count (s) == 2;
      ls_source_drop_text (s);
      FILE *f = fopen (grown, "w");
      if (f)
	{
	  for (int i = 0; i < 500; i++)
	    fprintf (f, "line %d\n", i + 1);
	  fclose (f);
	}
      size_t len;
      const char *last = ls_source_line (s, 500, &len);
      UNIT_CHECK ("line count: a file that grew, read again whole",
		  counted && last && len == 8
		  && memcmp (last, "line 500", 8) == 0
		  && ls_source_n_lines (s) == 501
		  && ls_source_line_count (s) == 500);
      unlink (grown);
    }
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  char path[] = "/tmp/ltospell-test-source-XXXXXX";
  int fd = mkstemp (path);
  static const char text[] = "first\nsecond\r\n\nlast without newline";
  if (fd < 0 || write (fd, text, sizeof text - 1) != sizeof text - 1)
    {
      perror ("test_source");
      return 1;
    }
  close (fd);

  ls_sources *c = ls_sources_new ();
  const ls_source *s = ls_sources_get (c, path);
  size_t len;
  UNIT_CHECK ("text: the whole file",
	      ls_source_text (s, &len) && len == sizeof text - 1
	      && memcmp (ls_source_text (s, NULL), text, len) == 0);
  UNIT_CHECK ("lines: one more than the newlines", ls_source_n_lines (s) == 4);
  expect_line ("line 1", s, 1, "first");
  expect_line ("line 2 keeps its carriage return", s, 2, "second\r");
  expect_line ("line 3 is empty", s, 3, "");
  expect_line ("line 4 without a newline", s, 4, "last without newline");
  expect_line ("line 0 does not exist", s, 0, NULL);
  expect_line ("no line past the end", s, 5, NULL);

  ls_source_drop_text (s);
  expect_line ("dropped: read again when asked", s, 4, "last without newline");
  UNIT_CHECK ("dropped: the same lines", ls_source_n_lines (s) == 4);

  /* Read once: removing the file changes nothing for the cache.  */
  unlink (path);
  UNIT_CHECK ("cache: the same file again", ls_sources_get (c, path) == s);
  expect_line ("cache: kept after the file is gone", s, 2, "second\r");

  ls_source_drop_text (s);
  UNIT_CHECK ("dropped and gone: no text", ls_source_text (s, NULL) == NULL);
  UNIT_CHECK ("dropped and gone: the line count kept",
	      ls_source_line_count (s) == 4);

  const ls_source *missing = ls_sources_get (c, "/nonexistent/file.c");
  UNIT_CHECK ("missing: no text, no lines",
	      ls_source_text (missing, NULL) == NULL
	      && ls_source_n_lines (missing) == 0
	      && ls_source_line_count (missing) == 0);
  expect_line ("missing: no line 1", missing, 1, NULL);
  const ls_source *dir = ls_sources_get (c, "/tmp");
  UNIT_CHECK ("directory: no text", ls_source_text (dir, NULL) == NULL);
  UNIT_CHECK ("ids: in the order asked, from 0",
	      ls_source_id (s) == 0 && ls_source_id (missing) == 1
	      && ls_source_id (dir) == 2 && ls_sources_count (c) == 3);
  UNIT_CHECK ("cache: each file again, alternating",
	      ls_sources_get (c, path) == s
	      && ls_sources_get (c, "/nonexistent/file.c") == missing
	      && ls_sources_get (c, path) == s && ls_sources_count (c) == 3);
  UNIT_STREQ ("path: as asked", ls_source_path (missing), "/nonexistent/file.c");
  test_line_count (c);
  ls_sources_free (c);
  return unit_done ("test_source");
}
