#include <string>
#include <vector>

#include "torture_cxx.h"

std::string
operator""_msg (const char *s, std::size_t n)
{
  return std::string (s, n) + " (message)";
}

const std::vector<std::string> &
option_names ()
{
  static const std::vector<std::string> names
    = { "verbose", "quiet", "an adress option" }; // { ltospell-warning "adress" }
  return names;
}

std::string
render (int n)
{
  return describe (n) + describe ((long) n);
}
