//===- Isa.cpp - run-time CPU feature detection -----------------*- C++ -*-===//

#include "mplang/Crypto/Field/Isa.h"

using namespace mplang::crypto::field;

bool mplang::crypto::field::isSupported(Isa isa) {
  __builtin_cpu_init();
  switch (isa) {
  case Isa::Portable:
    return true;
  case Isa::AesClmul:
    return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("aes") &&
           __builtin_cpu_supports("sse4.1");
  case Isa::Avx512:
    return isSupported(Isa::AesClmul) && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("vpclmulqdq") &&
           __builtin_cpu_supports("vaes");
  }
  return false;
}

Isa mplang::crypto::field::bestIsa() {
  static const Isa best = isSupported(Isa::Avx512)     ? Isa::Avx512
                          : isSupported(Isa::AesClmul) ? Isa::AesClmul
                                                       : Isa::Portable;
  return best;
}

llvm::StringRef mplang::crypto::field::getIsaName(Isa isa) {
  switch (isa) {
  case Isa::Portable:
    return "portable";
  case Isa::AesClmul:
    return "aes_clmul";
  case Isa::Avx512:
    return "avx512";
  }
  return "unknown";
}
