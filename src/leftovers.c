/* leftovers.c: removing the partitions of a link the plugin fails.
   See leftovers.h for why.  */

#include "leftovers.h"

#include "util.h"

#include <string.h>
#include <unistd.h>

bool
ls_keeps_temporary_files (const char *options)
{
  static const char option[] = "'-save-temps";
  size_t len = sizeof option - 1;
  for (const char *p = options; p && (p = strstr (p, option)); p += len)
    if (p[len] == '\'' || p[len] == '=')
      return true;
  return false;
}

/* Whether NAME, a line of the list, names a partition: its last
   component has ".ltrans" in it and it ends in ".o".  */
static bool
is_partition_name (const char *name, size_t len)
{
  const char *base = memrchr (name, '/', len);
  base = base ? base + 1 : name;
  size_t base_len = len - (size_t) (base - name);
  return base_len > 2 && memcmp (base + base_len - 2, ".o", 2) == 0
	 && memmem (base, base_len, ".ltrans", 7) != NULL;
}

static int
remove_listed (char *line, size_t n, unsigned lineno, void *data, char **err)
{
  (void) lineno;
  (void) err;
  size_t *removed = data;
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
    line[--n] = '\0';
  if (n > 0 && line[0] == '*')
    line++, n--;
  if (is_partition_name (line, n) && unlink (line) == 0)
    ++*removed;
  return 0;
}

size_t
ls_remove_partition_files (const char *list_path)
{
  size_t removed = 0;
  if (list_path)
    ls_read_lines (list_path, "list of partitions", remove_listed, &removed,
		   NULL);
  return removed;
}
