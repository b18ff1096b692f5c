#include <string>

static std::string title;

extern "C" const char *
make_title (int n)
{
  title = std::string ("Chapter ") + std::to_string (n) + ": a seperate story of many pages"; /* { ltospell-warning "seperate" } { ltospell-note "(unit lto-tests/programs/mixed_1.cc)" } */
  return title.c_str ();
}
