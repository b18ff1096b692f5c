/* A "<word>" in a usage text is a placeholder, and its words are
   checked ("<tiemout>"); only real markup is skipped: HTML element
   names ("<b>"), closing tags, tags with attributes, self-closing
   tags.  */

#include <stdio.h>

void print_usage (const char *prog);

int
main (int argc, char **argv)
{
  if (argc < 2)
    print_usage (argv[0]);
  printf ("<b>Warning</b>: the <i>cache</i> is full<br/>\n");
  printf ("<div class=\"note\">Saved to <tt>%s</tt></div>\n", argv[0]);
  return 0;
}
