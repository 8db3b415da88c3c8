//===- mplang-opt.cpp - mplang optimizer driver -----------------*- C++ -*-===//
//
// Parses, verifies and transforms multi-party programs. Library functions
// are linked first and the program checks run next (ProgramChecks.h), so
// every pass sees whole, checked programs.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Transforms/Link.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/InitAllDialects.h"
#include "mplang/InitAllPasses.h"
#include "mplang/ProgramChecks.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

int main(int argc, char **argv) {
  // This executable also parses programs in a child of itself.
  mplang::rt::runModuleCheckIfAsked(argc, argv);
  DialectRegistry registry;
  mplang::registerAllDialects(registry);
  mplang::registerAllPasses();
  simp::LinkOptions::registerCLOptions(llvm::cl::getGeneralCategory());
  auto [inputFile, outputFile] = registerAndParseCLIOptions(
      argc, argv, "mplang multi-party program optimizer\n", registry);

  simp::LinkOptions found = simp::LinkOptions::createFromCLOptions(
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&main));
  simp::SimpLinkOptions link;
  link.libraries = found.libraries;
  link.searchPaths = found.searchPaths;
  MlirOptMainConfig fromFlags = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig config = fromFlags;
  config.setPassPipelineSetupFn([&](PassManager &pm) {
    pm.addPass(simp::createSimpLink(link));
    mplang::addProgramChecks(pm);
    return fromFlags.setupPassPipeline(pm);
  });

  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // MLIR's parsers crash on some inputs: a child process tries first.
  if (mplang::rt::Status s = mplang::rt::checkParserSurvives(
          input->getBuffer(), inputFile, config.inputSplitMarker());
      !s.isOk()) {
    llvm::errs() << inputFile << ": error: " << s.message() << "\n";
    return 1;
  }
  auto output = openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
