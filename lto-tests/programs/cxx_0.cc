// C++ units: a std::string built from a literal, literals in class
// methods (named as C++ names in the notes) and in a std::string
// expression.  Linked with g++.

#include <cstdio>
#include <string>

#include "cxx.h"

int
main (int argc, char **argv)
{
  Greeter g (argc > 1 ? argv[1] : "world");
  std::string banner ("Could not recieve the configuration from the server"); /* { ltospell-warning "recieve" } { ltospell-note "in function 'main' (unit lto-tests/programs/cxx_0.cc)" } */
  if (argc > 2)
    banner += argv[2];
  std::puts (banner.c_str ());
  std::puts (g.greet ().c_str ());
  g.farewell ();
  return 0;
}
