/* A type's own name, its typedef or its tag, is a name of the program
   like its fields: "invalid zorbfile handle" names the type zorbfile_t
   (socat's "invalid xiofile descriptor"), "quuxblock" the struct.  A
   made-up word that names no type is still reported
   (prec_typenames_1.c).  */

/* Made-up words are far from any word: confidence=low lets them warn.  */
/* { ltospell-options "confidence=low" } */

#include "prec_typenames.h"

int
main (void)
{
  zorbfile_t f = { 1 };
  struct quuxblock b = { 2 };
  return use_file (&f, &b);
}
