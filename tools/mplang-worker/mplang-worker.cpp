//===- mplang-worker.cpp - one party of a distributed run -------*- C++ -*-===//
//
// Serves the worker protocol (docs/protocol.md) for one node of a cluster
// file until SIGINT or SIGTERM. The work is mplang::rt::workerMain's
// (lib/Runtime/Cluster).
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Cluster/Mains.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  // This executable also parses untrusted modules in a child of itself.
  mplang::rt::runModuleCheckIfAsked(argc, argv);
  llvm::InitLLVM init(argc, argv);
  return mplang::rt::workerMain(argc, argv);
}
