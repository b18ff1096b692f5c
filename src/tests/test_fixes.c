/* Unit tests of fixes.c: the fixes as a unified diff.  */

#include "fixes.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct file
{
  const char *name;
  const char *const *lines;	/* NULL-terminated.  */
  bool last_newline;
};

static const char *
get_line (void *ctx, const char *name, unsigned line, size_t *len,
	  bool *newline)
{
  const struct file *files = ctx;
  for (; files->name; files++)
    if (strcmp (files->name, name) == 0)
      for (unsigned i = 1; files->lines[i - 1]; i++)
	if (i == line)
	  {
	    *len = strlen (files->lines[i - 1]);
	    *newline = files->lines[i] || files->last_newline;
	    return files->lines[i - 1];
	  }
  return NULL;
}

static char *
patch_of (ls_fixes *f, struct file *files, size_t *written)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);
  *written = ls_fixes_write_patch (f, out, get_line, files);
  fclose (out);
  return buf;
}

static const char *const a_c[] = {
  "one", "two", "three", "puts (\"recieve it\");", "five", "six", "seven",
  "eight", "nine", "ten", "eleven", "puts (\"Teh end\"); /* teh */",
  "thirteen", NULL
};
static const char *const b_c[] = { "x", "puts (\"tpyo\");", NULL };

static void
test_patch (void)
{
  struct file files[] = { { "src/a.c", a_c, true }, { "b.c", b_c, false },
			  { NULL, NULL, false } };
  ls_fixes *f = ls_fixes_new ();
  ls_fixes_add (f, "src/a.c", 12, 8, 10, "Teh", "The");
  ls_fixes_add (f, "src/a.c", 4, 8, 14, "recieve", "receive");
  ls_fixes_add (f, "src/a.c", 4, 8, 14, "recieve", "receive");
  ls_fixes_add (f, "src/a.c", 4, 9, 10, "ec", "xx");
  ls_fixes_add (f, "src/a.c", 12, 22, 24, "teh", "the");
  ls_fixes_add (f, "b.c", 2, 8, 11, "tpyo", "typo");
  ls_fixes_add (f, "gone.c", 1, 1, 3, "abc", "abd");
  ls_fixes_add (f, "src/a.c", 1, 1, 3, "ONE", "one");
  ls_fixes_add (f, "src/a.c", 1, 1, 2, "one", "on");
  UNIT_CHECK ("add: a malformed edit is refused", ls_fixes_count (f) == 8);
  size_t written;
  char *patch = patch_of (f, files, &written);
  const char *want =
    "diff --git a/b.c b/b.c\n"
    "--- a/b.c\n"
    "+++ b/b.c\n"
    "@@ -1,2 +1,2 @@\n"
    " x\n"
    "-puts (\"tpyo\");\n"
    "\\ No newline at end of file\n"
    "+puts (\"typo\");\n"
    "\\ No newline at end of file\n"
    "diff --git a/src/a.c b/src/a.c\n"
    "--- a/src/a.c\n"
    "+++ b/src/a.c\n"
    "@@ -1,7 +1,7 @@\n"
    " one\n"
    " two\n"
    " three\n"
    "-puts (\"recieve it\");\n"
    "+puts (\"receive it\");\n"
    " five\n"
    " six\n"
    " seven\n"
    "@@ -9,5 +9,5 @@\n"
    " nine\n"
    " ten\n"
    " eleven\n"
    "-puts (\"Teh end\"); /* teh */\n"
    "+puts (\"The end\"); /* the */\n"
    " thirteen\n";
  UNIT_STREQ ("patch: files in order, hunks with context, edits checked",
	      patch, want);
  UNIT_CHECK ("patch: edits written (not the duplicate, the overlap, "
	      "the stale and the missing file)", written == 4);
  free (patch);
  ls_fixes_free (f);

  f = ls_fixes_new ();
  ls_fixes_add (f, "src/a.c", 4, 8, 14, "recieve", "receive");
  ls_fixes_add (f, "src/a.c", 9, 1, 4, "nine", "NINE");
  patch = patch_of (f, files, &written);
  UNIT_CHECK ("patch: lines closer than twice the context share a hunk",
	      strstr (patch, "@@ -1,12 +1,12 @@\n") != NULL
	      && strstr (patch + 1, "@@") == strstr (patch, "@@"));
  free (patch);
  ls_fixes_free (f);

  f = ls_fixes_new ();
  patch = patch_of (f, files, &written);
  UNIT_CHECK ("patch: nothing to fix, an empty patch",
	      written == 0 && patch && patch[0] == '\0');
  free (patch);
  ls_fixes_free (f);
}

int
main (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  test_patch ();
  return unit_done ("test_fixes");
}
