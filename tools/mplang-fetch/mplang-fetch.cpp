//===- mplang-fetch.cpp - fetch an object a party kept ----------*- C++ -*-===//
//
// Fetches an object from one worker's store and prints it or writes it to a
// file (docs/cli.md). The work is mplang::rt::fetchMain's
// (lib/Runtime/Cluster).
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Cluster/Mains.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  return mplang::rt::fetchMain(argc, argv);
}
