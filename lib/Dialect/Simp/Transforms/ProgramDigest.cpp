//===- ProgramDigest.cpp - digests of per-rank programs -------------------===//

#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include <limits>

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPPROGRAMDIGESTS
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;
using namespace mlir::simp;

std::string mlir::simp::programDigest(ModuleOp rankModule) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // Without debug info no location is printed; the generic form does not
  // depend on custom printers. The flags a command line can set are fixed
  // here, and nothing is elided, since the digest must cover every constant.
  OpPrintingFlags flags;
  flags.printGenericOpForm()
      .enableDebugInfo(false)
      .elideLargeElementsAttrs(std::numeric_limits<int64_t>::max())
      .printLargeElementsAttrWithHex(100)
      .elideLargeResourceString(std::numeric_limits<int64_t>::max());
  // Printed detached: a nested op is printed in the scope of its top-level
  // op, whose other ranks would change alias names.
  OwningOpRef<ModuleOp> alone = rankModule.clone();
  alone->print(os, flags);
  std::array<uint8_t, 32> hash = llvm::SHA256::hash(llvm::ArrayRef(
      reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  return "sha256:" + llvm::toHex(hash, /*LowerCase=*/true);
}

namespace {

struct SimpProgramDigests
    : public simp::impl::SimpProgramDigestsBase<SimpProgramDigests> {
  void runOnOperation() override {
    for (auto nested : getOperation().getOps<ModuleOp>())
      if (auto rank = nested->getAttrOfType<IntegerAttr>(
              SimpDialect::getRankAttrName()))
        llvm::outs() << "rank " << rank.getInt() << ": "
                     << programDigest(nested) << "\n";
    markAllAnalysesPreserved();
  }
};

} // namespace
