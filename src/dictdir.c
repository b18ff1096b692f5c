/* dictdir.c: finding and loading the project's own word lists.

   The word lists of dict/ (programming and Unix vocabulary) are loaded
   by default.  They are looked up next to the plugin itself, so the
   same .so works from the build tree (build/ltospell.so finds
   ../dict) and once installed (`make install` puts them in
   ltospell-dict/ beside ltospell.so in GCC's plugin directory).  The
   dictionaries' precompiled words (dictwords.h), made by the build,
   are in ltospell-data/ beside the plugin, in the build tree and
   once installed.  */

#include "dictdir.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool
is_directory (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0 && S_ISDIR (st.st_mode);
}

/* DIR/NAME in a malloc'd string.  */
static char *
join_path (const char *dir, size_t dir_len, const char *name)
{
  size_t name_len = strlen (name);
  char *path = malloc (dir_len + 1 + name_len + 1);
  if (!path)
    return NULL;
  memcpy (path, dir, dir_len);
  path[dir_len] = '/';
  memcpy (path + dir_len + 1, name, name_len + 1);
  return path;
}

/* The first directory of CANDIDATES (N names) beside the file at
   PLUGIN_PATH; malloc'd, or NULL.  */
static char *
dir_beside (const char *plugin_path, const char *const *candidates, size_t n)
{
  if (!plugin_path)
    return NULL;
  const char *slash = strrchr (plugin_path, '/');
  const char *dir = slash ? plugin_path : ".";
  size_t dir_len = slash ? (size_t) (slash - plugin_path) : 1;
  for (size_t i = 0; i < n; i++)
    {
      char *path = join_path (dir, dir_len, candidates[i]);
      if (path && is_directory (path))
	return path;
      free (path);
    }
  return NULL;
}

char *
ls_default_dict_dir (const char *plugin_path)
{
  static const char *const candidates[] = { "ltospell-dict", "../dict" };
  return dir_beside (plugin_path, candidates,
		     sizeof candidates / sizeof *candidates);
}

char *
ls_default_words_dir (const char *plugin_path)
{
  static const char *const candidates[] = { "ltospell-data" };
  return dir_beside (plugin_path, candidates,
		     sizeof candidates / sizeof *candidates);
}

static bool
is_word_list_name (const char *name)
{
  size_t len = strlen (name);
  return name[0] != '.' && len > 4 && strcmp (name + len - 4, ".txt") == 0;
}

/* Set *NAMES to the *.txt files of DIR, sorted, so loading order never
   depends on the file system, and *N to their number.  Returns 0, or
   -1 with errno set if DIR cannot be read.  The status is explicit
   because a successful opendir/readdir may still change errno.  */
static int
list_word_lists (const char *dir, char ***names_out, size_t *n)
{
  *names_out = NULL;
  *n = 0;
  DIR *d = opendir (dir);
  if (!d)
    return -1;
  char **names = NULL;
  size_t alloc = 0;
  struct dirent *e;
  while ((e = readdir (d)) != NULL)
    {
      if (!is_word_list_name (e->d_name))
	continue;
      names = ls_grow_array (names, &alloc, *n + 1, sizeof *names, 8);
      names[*n] = join_path (dir, strlen (dir), e->d_name);
      if (!names[*n])
	abort ();
      ++*n;
    }
  closedir (d);
  ls_sort (names, *n, sizeof *names, ls_compare_name_ptrs);
  *names_out = names;
  return 0;
}

/* The language a word list is for, from its name: "en_GB.txt" is for
   en_GB, "en.txt" for every en_*; other names ("programming.txt") are
   for every language.  Returns the length of the language part of
   BASE, or 0.  */
static size_t
list_language (const char *base)
{
  size_t n = 0;
  while (base[n] >= 'a' && base[n] <= 'z')
    n++;
  if (n < 2 || n > 3)
    return 0;
  if (base[n] == '_' && base[n + 1] >= 'A' && base[n + 1] <= 'Z'
      && base[n + 2] >= 'A' && base[n + 2] <= 'Z')
    n += 3;
  return strcmp (base + n, ".txt") == 0 ? n : 0;
}

/* Is the word list at PATH for one of LANGS (comma-separated)?  */
static bool
list_wanted (const char *path, const char *langs)
{
  const char *slash = strrchr (path, '/');
  const char *base = slash ? slash + 1 : path;
  size_t n = list_language (base);
  if (n == 0 || langs == NULL)
    return true;
  for (const char *l = langs; *l; )
    {
      size_t len = strcspn (l, ",");
      /* "en" matches en_US; "en_GB" matches only en_GB.  */
      if (len >= n && strncmp (l, base, n) == 0
	  && (len == n || (n <= 3 && l[n] == '_')))
	return true;
      l += len + (l[len] == ',');
    }
  return false;
}

int
ls_speller_add_words_dir (ls_speller *sp, const char *dir, const char *langs,
			  char **err)
{
  size_t n;
  char **paths;
  if (err)
    *err = NULL;
  if (list_word_lists (dir, &paths, &n) != 0)
    {
      if (err)
	*err = ls_error_printf ("cannot read the word-list directory '%s': "
				"%s", dir, strerror (errno));
      return -1;
    }
  int status = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (status == 0 && list_wanted (paths[i], langs)
	  && ls_speller_add_words_file (sp, paths[i], err) != 0)
	status = -1;
      free (paths[i]);
    }
  free (paths);
  return status;
}
