//===- NpyFuzzer.cpp - .npy files (mplang-run --arg @FILE) ----------------===//

#include "mplang/Runtime/Npy.h"

using namespace mplang::rt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Value value;
  (void)parseNpy(llvm::StringRef(reinterpret_cast<const char *>(data), size),
                 value);
  return 0;
}
