//===- Pipeline.cpp - an outlined function to the LLVM dialect -----------===//
//
// Only MLIR's own passes and transforms: element-wise ops to linalg generic
// ops, matmul loops interchanged, the run-time checks, element-wise fusion,
// one-shot bufferization into the caller's buffers, ownership-based
// deallocation, linalg to loops, and the LLVM conversions.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"
#include "Checks.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using mplang::rt::jit::kEntryName;

void mplang::rt::jit::registerPipelineDialects(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, linalg::LinalgDialect, LLVM::LLVMDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

namespace {

MemRefType memrefOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return MemRefType::get(tensor.getShape(), tensor.getElementType());
  return MemRefType::get({}, type);
}

/// Replaces @jit(args) -> results by @entry(arg memrefs, result memrefs,
/// errors) with the same body: inputs are read-only tensors on the caller's
/// buffers, results are materialized in the caller's buffers.
func::FuncOp buildEntry(ModuleOp module) {
  auto fn = module.lookupSymbol<func::FuncOp>("jit");
  FunctionType type = fn.getFunctionType();
  MLIRContext *ctx = module.getContext();
  SmallVector<Type> params;
  for (Type t : llvm::concat<const Type>(type.getInputs(), type.getResults()))
    params.push_back(memrefOf(t));
  // The failed-check buffer and the stop flag.
  params.push_back(MemRefType::get({}, IntegerType::get(ctx, 64)));
  params.push_back(MemRefType::get({}, IntegerType::get(ctx, 64)));
  OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  auto entry = b.create<func::FuncOp>(fn.getLoc(), kEntryName,
                                      b.getFunctionType(params, {}));
  entry->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(), b.getUnitAttr());
  Block *body = entry.addEntryBlock();
  b.setInsertionPointToStart(body);
  IRMapping map;
  Location loc = fn.getLoc();
  for (auto [i, arg] : llvm::enumerate(fn.getArguments())) {
    Value buffer = body->getArgument(i);
    if (isa<RankedTensorType>(arg.getType()))
      map.map(arg, b.create<bufferization::ToTensorOp>(
                       loc, buffer, /*restrict=*/true, /*writable=*/false));
    else
      map.map(arg, b.create<memref::LoadOp>(loc, buffer));
  }
  for (Operation &op : fn.getBody().front().without_terminator())
    b.clone(op, map);
  auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
  for (auto [i, result] : llvm::enumerate(ret.getOperands())) {
    Value value = map.lookupOrDefault(result);
    Value buffer = body->getArgument(type.getNumInputs() + i);
    if (isa<RankedTensorType>(value.getType())) {
      auto store = b.create<bufferization::MaterializeInDestinationOp>(
          loc, TypeRange(), value, buffer);
      store.setRestrict(true);
      store.setWritable(true);
    } else {
      b.create<memref::StoreOp>(loc, value, buffer);
    }
  }
  b.create<func::ReturnOp>(loc);
  fn.erase();
  return entry;
}

/// The interpreter's tensor.empty is zeroed. Compiled, it stays
/// uninitialized only where nothing reads it: as the init of a linalg op
/// whose body ignores it. Each use gets its own tensor.empty first, which
/// empty-tensor elimination needs to place each result in its own buffer.
void prepareEmptyTensors(func::FuncOp fn) {
  SmallVector<tensor::EmptyOp> empties;
  fn.walk([&](tensor::EmptyOp op) { empties.push_back(op); });
  for (tensor::EmptyOp empty : empties)
    for (OpOperand &use :
         llvm::make_early_inc_range(llvm::drop_begin(empty->getUses())))
      use.set(OpBuilder(empty).clone(*empty)->getResult(0));
  empties.clear();
  fn.walk([&](tensor::EmptyOp op) { empties.push_back(op); });
  for (tensor::EmptyOp empty : empties) {
    if (empty->use_empty())
      continue;
    OpOperand &use = *empty->use_begin();
    auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (linalgOp && linalgOp.isDpsInit(&use) &&
        !linalgOp.payloadUsesValueFromOperand(&use))
      continue;
    OpBuilder b(empty->getNextNode());
    Type elementType = empty.getType().getElementType();
    Value zero =
        b.create<arith::ConstantOp>(empty.getLoc(), b.getZeroAttr(elementType));
    auto fill =
        b.create<linalg::FillOp>(empty.getLoc(), zero, empty.getResult());
    empty.getResult().replaceAllUsesExcept(fill.getResult(0), fill);
  }
}

/// Loops (i, j, k) of a matmul-like generic become (i, k, j): the inner
/// loop then runs along rows and vectorizes. Each output element still sums
/// over k in increasing order, so results do not change.
void interchangeMatmuls(func::FuncOp fn) {
  using utils::IteratorType;
  SmallVector<linalg::GenericOp> generics;
  fn.walk([&](linalg::GenericOp op) { generics.push_back(op); });
  IRRewriter rewriter(fn.getContext());
  for (linalg::GenericOp op : generics) {
    if (op.getIteratorTypesArray() !=
        SmallVector<IteratorType>{IteratorType::parallel,
                                  IteratorType::parallel,
                                  IteratorType::reduction})
      continue;
    rewriter.setInsertionPoint(op);
    (void)linalg::interchangeGenericOp(rewriter, op, {0, 2, 1});
  }
}

/// What linalg-fuse-elementwise-ops does, except that a fused body holds at
/// most `kMaxFusedOps` ops: fusing a chain of N ops one into the next copies
/// bodies of growing size, N^2 work. A longer chain becomes several loops.
void fuseElementwise(func::FuncOp fn) {
  constexpr size_t kMaxFusedOps = 64;
  auto bodyOps = [](Operation *op) -> size_t {
    auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
    return generic ? generic.getBody()->getOperations().size() : 0;
  };
  linalg::ControlFusionFn control = [&](OpOperand *fused) {
    Operation *producer = fused->get().getDefiningOp();
    return producer && producer->hasOneUse() &&
           bodyOps(producer) + bodyOps(fused->getOwner()) <= kMaxFusedOps;
  };
  MLIRContext *ctx = fn.getContext();
  RewritePatternSet patterns(ctx);
  linalg::populateElementwiseOpsFusionPatterns(patterns, control);
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
  linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
  ctx->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(
      patterns);
  linalg::populateConstantFoldLinalgOperations(patterns, control);
  GreedyRewriteConfig config;
  config.useTopDownTraversal = true;
  (void)applyPatternsAndFoldGreedily(fn, std::move(patterns), config);
}

} // namespace

LogicalResult mplang::rt::jit::lowerToLLVM(ModuleOp module, Deadline deadline) {
  MLIRContext *ctx = module.getContext();
  // Each stage takes a time bounded by the group's size (kMaxGroupOps):
  // between them the compile stops once the run's deadline passed.
  auto run = [&](PassManager &pm) {
    if (deadline && std::chrono::steady_clock::now() >= *deadline)
      return module.emitError("the run's deadline passed"), failure();
    return pm.run(module);
  };
  func::FuncOp entry = buildEntry(module);

  PassManager toLinalg(ctx);
  toLinalg.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  // Generic ops fuse with each other (an element-wise chain into the sum
  // that consumes it) and can be interchanged.
  toLinalg.addNestedPass<func::FuncOp>(createLinalgGeneralizeNamedOpsPass());
  if (failed(run(toLinalg)))
    return failure();
  interchangeMatmuls(entry);
  prepareEmptyTensors(entry);
  insertChecks(entry, entry.getArgument(entry.getNumArguments() - 2),
               entry.getArguments().back());
  fuseElementwise(entry);

  PassManager toBuffers(ctx);
  toBuffers.addPass(createCanonicalizerPass());
  toBuffers.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizationOptions options;
  // A loop whose carried tensor is computed into a new buffer (a chain of
  // element-wise ops yields a fresh tensor) gets a buffer per iteration,
  // which the deallocation pipeline frees, rather than failing.
  options.allowReturnAllocsFromLoops = true;
  toBuffers.addPass(bufferization::createOneShotBufferizePass(options));
  toBuffers.addPass(createCanonicalizerPass());
  bufferization::buildBufferDeallocationPipeline(
      toBuffers, bufferization::BufferDeallocationPipelineOptions());
  if (failed(run(toBuffers)))
    return failure();

  PassManager toLLVM(ctx);
  toLLVM.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  toLLVM.addPass(createLowerAffinePass());
  toLLVM.addPass(createConvertSCFToCFPass());
  toLLVM.addPass(memref::createExpandStridedMetadataPass());
  toLLVM.addPass(createLowerAffinePass());
  toLLVM.addPass(createFinalizeMemRefToLLVMConversionPass());
  toLLVM.addPass(createArithToLLVMConversionPass());
  toLLVM.addPass(createConvertFuncToLLVMPass());
  toLLVM.addPass(createConvertControlFlowToLLVMPass());
  toLLVM.addPass(createReconcileUnrealizedCastsPass());
  return run(toLLVM);
}
