/* jsonflat.h: read a JSON file back with a real parser, for the report
   tests.

   Python's json module parses the file (strict UTF-8, so a report that
   is not valid UTF-8 fails), and prints one line per leaf value,
   "PATH=VALUE" with VALUE as ASCII-only JSON, in the file's order:

     findings[0].word="recieve"
     findings[0].locations[1].line=7

   A test then compares the whole listing with the one it expects, so
   every field, its value and its place are checked.  */

#ifndef LTOSPELL_JSONFLAT_H
#define LTOSPELL_JSONFLAT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char jsonflat_script[] =
  "import json,sys\n"
  "def walk(p,v):\n"
  "    if isinstance(v,dict):\n"
  "        if not v: print(p+'={}')\n"
  "        for k in v: walk(p+'.'+k if p else k, v[k])\n"
  "    elif isinstance(v,list):\n"
  "        if not v: print(p+'=[]')\n"
  "        for i,x in enumerate(v): walk('%s[%d]'%(p,i),x)\n"
  "    else: print(p+'='+json.dumps(v))\n"
  "walk('',json.load(open(sys.argv[1],encoding='utf-8',errors='strict')))\n";

/* The flattened listing of the JSON file at PATH (malloc'd), or NULL
   when python3 cannot parse it.  */
static char *
jsonflat_file (const char *path)
{
  char script[] = "/tmp/ltospell-jsonflat-XXXXXX";
  int fd = mkstemp (script);
  if (fd < 0)
    return NULL;
  FILE *f = fdopen (fd, "w");
  fputs (jsonflat_script, f);
  fclose (f);
  char *cmd = NULL;
  if (asprintf (&cmd, "python3 %s '%s'", script, path) < 0)
    return NULL;
  FILE *p = popen (cmd, "r");
  free (cmd);
  char *out = NULL;
  size_t len = 0, cap = 0;
  int c;
  while (p && (c = fgetc (p)) != EOF)
    {
      if (len + 2 > cap)
	out = realloc (out, cap = cap ? cap * 2 : 4096);
      out[len++] = (char) c;
    }
  int status = p ? pclose (p) : -1;
  unlink (script);
  if (status != 0)
    {
      free (out);
      return NULL;
    }
  if (!out)
    out = calloc (1, 1);
  out[len] = '\0';
  return out;
}

/* Check that listing (or any text) GOT is exactly WANT; on a
   difference, say which line first differs.  */
static void
jsonflat_check (const char *name, const char *got, const char *want)
{
  if (!got)
    {
      unit_report (0, name, "the JSON does not parse");
      return;
    }
  if (strcmp (got, want) == 0)
    {
      unit_report (1, name, "");
      return;
    }
  size_t line = 1, i = 0;
  while (got[i] && got[i] == want[i])
    if (got[i++] == '\n')
      line++;
  const char *g = got + i, *w = want + i;
  while (g > got && g[-1] != '\n')
    g--, w--;
  char why[600];
  snprintf (why, sizeof why, "line %zu: got [%.*s], want [%.*s]", line,
	    (int) strcspn (g, "\n"), g, (int) strcspn (w, "\n"), w);
  unit_report (0, name, why);
}

/* The lines of GOT starting with PREFIX, joined (malloc'd).  */
static char *
jsonflat_select (const char *got, const char *prefix)
{
  size_t n = strlen (prefix);
  char *out = calloc (1, got ? strlen (got) + 1 : 1);
  for (const char *l = got; l && *l;)
    {
      size_t len = strcspn (l, "\n");
      if (strncmp (l, prefix, n) == 0)
	strncat (out, l, len + (l[len] == '\n'));
      l += len + (l[len] == '\n');
    }
  return out;
}

#endif
