//===- SimpCanonicalize.cpp - simp folders and canonicalizations -*- C++
//-*-===//
//
// Only rewrites that need no knowledge of the runtime: each one removes work
// or messages that provably have no effect on any rank.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/SimpOps.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;
using namespace mlir::simp;

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult ShuffleOp::fold(FoldAdaptor) {
  // Every destination keeps its own copy: no message, same holders.
  if (getTargets() == getSources() && getType() == getInput().getType())
    return getInput();
  return {};
}

OpFoldResult ConvergeOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 && getType() == getInputs().front().getType())
    return getInputs().front();
  return {};
}

//===----------------------------------------------------------------------===//
// PCallOp
//===----------------------------------------------------------------------===//

namespace {

/// A result the body yields straight from a block argument is the operand
/// itself when both have the same type (the same local value on the same
/// parties).
struct ForwardPCallPassThrough : OpRewritePattern<PCallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PCallOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    auto yield = cast<YieldOp>(body.getTerminator());
    bool changed = false;
    for (auto [result, yielded] :
         llvm::zip(op.getResults(), yield.getValues())) {
      auto arg = dyn_cast<BlockArgument>(yielded);
      if (!arg || arg.getOwner() != &body || result.use_empty())
        continue;
      Value operand = op.getArgs()[arg.getArgNumber()];
      if (operand.getType() != result.getType())
        continue;
      rewriter.replaceAllUsesWith(result, operand);
      changed = true;
    }
    return success(changed);
  }
};

/// Rebuilds a call without its unused results, moving the body over.
struct RemoveUnusedPCallResults : OpRewritePattern<PCallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PCallOp op,
                                PatternRewriter &rewriter) const override {
    llvm::BitVector unused(op.getNumResults());
    for (OpResult result : op.getResults())
      unused[result.getResultNumber()] = result.use_empty();
    if (unused.none())
      return failure();

    SmallVector<Type> keptTypes;
    for (OpResult result : op.getResults())
      if (!unused[result.getResultNumber()])
        keptTypes.push_back(result.getType());
    auto replacement = rewriter.create<PCallOp>(op.getLoc(), keptTypes,
                                                op.getParties(), op.getArgs());
    replacement->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(op.getBody(), replacement.getBody(),
                                replacement.getBody().end());
    auto yield = cast<YieldOp>(replacement.getBody().front().getTerminator());
    rewriter.modifyOpInPlace(yield, [&] { yield->eraseOperands(unused); });

    auto kept = replacement.getResults().begin();
    for (OpResult result : op.getResults())
      if (!unused[result.getResultNumber()])
        rewriter.replaceAllUsesWith(result, *kept++);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void PCallOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  // No pattern for a call without results whose body is only simp.yield:
  // RecursiveMemoryEffects makes it trivially dead, so the canonicalizer
  // already erases it.
  results.add<ForwardPCallPassThrough, RemoveUnusedPCallResults>(context);
}
