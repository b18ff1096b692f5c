#include <string>
#include <vector>

/* A user-defined literal: the string reaches the operator as a
   const char * and a length.  */
std::string operator""_msg (const char *s, std::size_t n);

template <typename T>
std::string
describe (const T &value)
{
  return "value of seperate kind: " + std::to_string (value); /* { ltospell-warning "seperate" } */
}

const std::vector<std::string> &option_names ();
std::string render (int n);
