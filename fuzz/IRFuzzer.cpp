//===- IRFuzzer.cpp - parse, verify, project and plan a program -----------===//
//
// What mplang-run and a worker do with a program before running it: parse and
// verify it as a worker does (parseUntrustedModule: first in a child, since
// MLIR's own parsers crash on some inputs, corpus/ir/parser-crash-*), run the
// program checks (the BFV noise analysis), project it with --simp-project,
// and compile every rank's functions into plans.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/InitAllDialects.h"
#include "mplang/InitAllKernels.h"
#include "mplang/ProgramChecks.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/Plan.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Programs are small; larger inputs only slow the search down.
  if (size > 64 * 1024)
    return -1;
  // MLIR's lexer needs the NUL after the text, as a worker's body has.
  std::string text(reinterpret_cast<const char *>(data), size);
  // Bytecode goes to MLIR's own reader, not ours.
  if (llvm::StringRef(text).starts_with("ML\xefR"))
    return -1;

  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry;
    mplang::registerAllDialects(*r);
    return r;
  }();
  MLIRContext ctx(*registry, MLIRContext::Threading::DISABLED);
  ctx.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });

  // A fork is cheap, and this process has no thread that holds locks the
  // child needs. Over libFuzzer's -timeout, so a slow parse is a hang.
  mplang::rt::ModuleCheckLimits limits;
  limits.fork = true;
  limits.seconds = 60;
  mplang::rt::Status error = mplang::rt::Status::ok();
  OwningOpRef<ModuleOp> module =
      mplang::rt::parseUntrustedModule(text, "fuzz", ctx, limits, error);
  if (!module)
    return 0;
  PassManager pm(&ctx);
  mplang::addProgramChecks(pm);
  pm.addPass(simp::createSimpProject());
  if (failed(pm.run(*module)))
    return 0;

  const auto &kernels = mplang::getAllKernels();
  for (auto rank : module->getOps<ModuleOp>()) {
    if (!rank->hasAttr(simp::SimpDialect::getRankAttrName()))
      continue;
    mplang::rt::PlanBuilder plans(kernels);
    for (auto fn : rank.getOps<func::FuncOp>())
      if (!fn.isExternal())
        (void)plans.compileFunction(fn);
  }
  return 0;
}
