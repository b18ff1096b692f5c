// Torture: C++ shapes of string constants.  A namespace-scope
// std::string and std::vector<std::string> built by static
// initializers, a user-defined literal, a template instantiated in two
// units (one COMDAT copy survives), a static local, a lambda.  Run in
// the torture matrix; see README.md.

#include <cstdio>
#include <string>
#include <vector>

#include "torture_cxx.h"

// Static initializers: these run before main.
std::string global_banner = "The banner that we recieve first"; // { ltospell-warning "recieve" }
static const std::vector<std::string> local_words = {
  "alpha", "bravo", "teh charlie", // { ltospell-warning "teh" }
};

int
main (int argc, char **)
{
  static const std::string once = "a static local with a lenght"; // { ltospell-warning "lenght" }
  auto say = [] (const std::string &s) { std::puts (s.c_str ()); };
  say (global_banner);
  say (once);
  say ("user literal untill the end"_msg); // { ltospell-warning "untill" }
  say (describe (argc));
  say (describe (2.5));
  say (local_words[argc % 3]);
  say (option_names ()[0]);
  say (render (argc));
  return 0;
}
