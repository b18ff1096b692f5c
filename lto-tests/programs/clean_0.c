/* Strings that must not be flagged, all of them kinds the contract
   says are skipped: prose, printf conversions, paths, URLs, options,
   identifiers (snake_case, ALL_CAPS), numbers, words with digits, and
   camelCase made of right words.  No marker: any warning fails.  */

#include <stdio.h>

void show_formats (int argc, const char *name);

static const char *const clean_lines[] = {
  "The quick brown fox jumps over the lazy dog.",
  "Usage: %s [options] FILE...",
  "See https://gcc.gnu.org/onlinedocs/gcc/Optimize-Options.html for details.",
  "Read the settings from /etc/xdg/ltospell/settings.ini or ./local/ltospellrc.",
  "Try --no-color, -fno-lto or -Wl,--gc-sections when linking.",
  "Set LTOSPELL_HOME, or change max_retry_count and io_buf_sz.",
  "Version 1.2.3 for x86_64 with utf8 text, mode 0x1f, 42 items in 3.5 seconds.",
  "Call getValue or setMaxCount before reading.",
  "WARNING: the value of MAX_RETRY is missing.",
};

int
main (int argc, char **argv)
{
  puts (clean_lines[argc % 9]);
  show_formats (argc, argv[0]);
  return 0;
}
