/* leftovers.c: removing the partitions of a link the plugin fails.
   See leftovers.h for why.  */

#include "leftovers.h"

#include "util.h"

#include <string.h>
#include <sys/stat.h>
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

struct listed
{
  const char *prefix;		/* The list's path without its ".out".  */
  size_t prefix_len;
  size_t removed;
};

/* Whether NAME (LEN bytes) is PREFIX, digits, ".o".  */
static bool
is_partition_name (const struct listed *l, const char *name, size_t len)
{
  if (len < l->prefix_len + 3 || memcmp (name, l->prefix, l->prefix_len) != 0
      || memcmp (name + len - 2, ".o", 2) != 0)
    return false;
  for (size_t i = l->prefix_len; i < len - 2; i++)
    if (name[i] < '0' || name[i] > '9')
      return false;
  return true;
}

static int
remove_listed (char *line, size_t n, unsigned lineno, void *data, char **err)
{
  (void) lineno;
  (void) err;
  struct listed *l = data;
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
    line[--n] = '\0';
  if (n > 0 && line[0] == '*')
    line++, n--;
  if (strlen (line) == n && is_partition_name (l, line, n)
      && unlink (line) == 0)
    l->removed++;
  return 0;
}

size_t
ls_remove_partition_files (const char *list_path, time_t not_before)
{
  struct stat st;
  if (!list_path || stat (list_path, &st) != 0 || st.st_mtime < not_before)
    return 0;
  struct listed l = { list_path, strlen (list_path), 0 };
  if (l.prefix_len > 4 && strcmp (list_path + l.prefix_len - 4, ".out") == 0)
    l.prefix_len -= 4;
  ls_read_lines (list_path, "list of partitions", remove_listed, &l, NULL);
  return l.removed;
}
