#include <string>

class Greeter
{
public:
  explicit Greeter (const std::string &name) : name_ (name) {}
  std::string greet () const;
  void farewell () const;

private:
  std::string name_;
};
