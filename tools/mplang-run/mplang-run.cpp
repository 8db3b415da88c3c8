//===- mplang-run.cpp - run a multi-party program ---------------*- C++ -*-===//
//
// Parses and verifies a global program, projects it into one program per
// rank and runs every rank, printing what each rank holds of the results
// (docs/cli.md). The work is mplang::rt::runMain's (lib/Runtime/Driver).
//
//===----------------------------------------------------------------------===//

#include "mplang/InitAllDialects.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Driver/RunMain.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  // This executable also parses programs in a child of itself.
  mplang::rt::runModuleCheckIfAsked(argc, argv);
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  mplang::registerAllDialects(registry);
  return mplang::rt::runMain(argc, argv, registry);
}
