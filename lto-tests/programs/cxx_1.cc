#include <cstdio>
#include <string>

#include "cxx.h"

std::string
Greeter::greet () const
{
  return "Hello " + name_ + ", and welcome to teh show of the year"; /* { ltospell-warning "teh" } { ltospell-note "in function 'Greeter::greet" } { ltospell-note "(unit lto-tests/programs/cxx_1.cc)" } */
}

void
Greeter::farewell () const
{
  std::printf ("Goodbye %s, see you untill next time\n", name_.c_str ()); /* { ltospell-warning "untill" } { ltospell-note "in function 'Greeter::farewell" } */
}
