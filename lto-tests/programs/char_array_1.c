#include <stdio.h>

static const char banner[] = "Press any key untill the end"; /* { ltospell-warning "untill" } { ltospell-note "in the initializer of 'banner' (unit lto-tests/programs/char_array_1.c), referenced by 'show_banner'" } */

const char version_text[] = "Version two: the update was sucessful"; /* { ltospell-warning "sucessful" } { ltospell-note "in the initializer of 'version_text' (unit lto-tests/programs/char_array_1.c), referenced by 'main'" } */

void
show_banner (void)
{
  static const char footer[] = "The lenght of the banner is fixed"; /* { ltospell-warning "lenght" } { ltospell-note "in the initializer of 'footer' (unit lto-tests/programs/char_array_1.c), referenced by 'show_banner'" } */
  puts (banner);
  puts (footer);
}
