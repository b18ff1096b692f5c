/* fuzz.c: the libFuzzer entry point for one target of targets.h,
   chosen at compile time with -DFUZZ_TARGET=words (or decode, options,
   escape, check, summary).  Built and run by src/fuzz/run (`make fuzz`).  */

#include "targets.h"

#ifndef FUZZ_TARGET
#error "compile with -DFUZZ_TARGET=NAME"
#endif

#define FUZZ_CAT(a, b) a##b
#define FUZZ_FN(name) FUZZ_CAT (fuzz_, name)

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  return FUZZ_FN (FUZZ_TARGET) (data, size);
}
