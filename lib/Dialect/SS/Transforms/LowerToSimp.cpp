//===- LowerToSimp.cpp - ss ops to simp calls of the protocol library -----===//
//
// A share becomes a simp value held by its holders, each holding its own
// share as its piece, so local arithmetic is a party call and the protocols
// are library functions called with those values (docs/ss.md).
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Field/IR/FieldTypes.h"
#include "mplang/Dialect/SS/IR/SSOps.h"
#include "mplang/Dialect/SS/Transforms/Passes.h"
#include "mplang/Dialect/Simp/IR/Measure.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::ss {
#define GEN_PASS_DEF_SSLOWERTOSIMP
#include "mplang/Dialect/SS/Transforms/Passes.h.inc"
} // namespace mlir::ss

using namespace mlir;
using namespace mlir::ss;

namespace {

/// Element counts of the library's two-party additive protocols, increasing
/// (MPLANG_SS_SIZES in lib/Protocols/ProtocolSizes.cmake).
constexpr int64_t kLibrarySizes[] = {MPLANG_SS_SIZES};

/// The smallest protocol size holding `elements`, or nullopt.
std::optional<int64_t> getLibrarySize(int64_t elements) {
  for (int64_t size : kLibrarySizes)
    if (size >= elements)
      return size;
  return std::nullopt;
}

/// The shares an ss op works on.
ShareType getShareType(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (auto share = dyn_cast<ShareType>(type))
      return share;
  return cast<ShareType>(op->getResult(0).getType());
}

/// Fails on what the library has no protocol for.
LogicalResult checkSupported(Operation *op) {
  ShareType share = getShareType(op);
  ArrayRef<int64_t> holders = share.getParties();
  // The verifier gives #ss.replicated exactly three holders.
  bool replicated = isa<ReplicatedAttr>(share.getScheme());
  if (!replicated &&
      (!isa<AdditiveAttr>(share.getScheme()) || holders.size() != 2))
    return op->emitOpError("has no protocol for ")
           << share.getScheme() << " sharing among " << holders.size()
           << " parties; the library ships two-party #ss.additive and "
              "three-party #ss.replicated";
  if (auto s = dyn_cast<ShareOp>(op)) {
    int64_t owner = s.getInput().getType().getParties()[0];
    if (!llvm::is_contained(holders, owner))
      return op->emitOpError("has no protocol for an owner outside the "
                             "holders: rank ")
             << owner << " holds no share";
  }
  if (auto reveal = dyn_cast<RevealOp>(op))
    for (int64_t rank : reveal.getType().getParties())
      if (!llvm::is_contained(holders, rank))
        return op->emitOpError("has no protocol to reveal to rank ")
               << rank << ", which holds no share";
  auto trunc = dyn_cast<TruncOp>(op);
  if (replicated && trunc && trunc.getExact())
    return op->emitOpError("has no protocol for #ss.replicated yet: exact "
                           "truncation needs two-party #ss.additive");
  auto matmul = dyn_cast<MatmulOp>(op);
  if (matmul && !replicated) {
    // One row of the lhs times the rhs is the least one call takes.
    int64_t row = matmul.getRhs().getType().getTensorType().getNumElements();
    if (!getLibrarySize(row))
      return op->emitOpError("has ")
             << row
             << " products per row, more than the largest protocol size the "
                "library ships ("
             << std::end(kLibrarySizes)[-1] << ")";
  }
  int64_t elements = share.getTensorType().getNumElements();
  bool protocol =
      isa<ShareOp, RevealOp, MulOp, MsbOp, LtOp, EqOp, SelectOp>(op) ||
      (trunc && (trunc.getExact() || replicated)) || (matmul && replicated);
  // A replicated matrix product reshares its M x N result.
  if (matmul && replicated)
    elements = matmul.getType().getTensorType().getNumElements();
  if (protocol && !getLibrarySize(elements))
    return op->emitOpError("has ")
           << elements
           << " elements, more than the largest protocol size the library "
              "ships ("
           << std::end(kLibrarySizes)[-1] << ")";
  return success();
}

/// Shares flow only into ss ops and the ops that pass values on.
LogicalResult checkShareUses(ModuleOp module) {
  WalkResult walked = module.walk([](Operation *op) {
    if (isa<SSDialect>(op->getDialect()) ||
        isa<func::CallOp, func::ReturnOp, simp::YieldOp, simp::WhileLoopOp,
            simp::UniformCondOp>(op))
      return WalkResult::advance();
    if (llvm::any_of(op->getOperandTypes(), llvm::IsaPred<ShareType>)) {
      op->emitOpError("takes a secret-shared value; only ss ops compute on "
                      "shares");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

/// Whether a function's signature names shares: then values of share type
/// exist even without ss ops.
bool signaturesHoldShares(ModuleOp module) {
  bool found = false;
  module.walk([&](func::FuncOp func) {
    func.getFunctionType().walk([&](ShareType) { found = true; });
  });
  return found;
}

/// Whether `op` runs a protocol that batches: products, sign bits and
/// equality tests.
bool isBatched(Operation *op) { return isa<MulOp, MsbOp, EqOp>(op); }

/// The ops that run as one protocol call: runs of the ops of one kind in a
/// block (products, sign bits or equality tests) with one party set and
/// scheme, none using another's result, whose results no op uses before the
/// last of them, within the largest protocol size.
SmallVector<SmallVector<Operation *>> groupBatches(ArrayRef<Operation *> ops) {
  SetVector<std::pair<Block *, OperationName>> runs;
  for (Operation *op : ops)
    if (isBatched(op))
      runs.insert({op->getBlock(), op->getName()});
  SmallVector<SmallVector<Operation *>> groups;
  for (auto [block, kind] : runs) {
    SmallVector<Operation *> group;
    llvm::DenseSet<Value> results;
    int64_t elements = 0;
    auto close = [&] {
      if (!group.empty())
        groups.push_back(std::move(group));
      group.clear();
      results.clear();
      elements = 0;
    };
    for (Operation &op : *block) {
      bool usesGroup = false;
      op.walk([&](Operation *inner) {
        usesGroup |= llvm::any_of(inner->getOperands(),
                                  [&](Value v) { return results.contains(v); });
      });
      if (op.getName() != kind) {
        if (usesGroup)
          close();
        continue;
      }
      ShareType type = getShareType(&op);
      ShareType first = group.empty() ? type : getShareType(group.front());
      int64_t n = type.getTensorType().getNumElements();
      if (usesGroup || first.getParties() != type.getParties() ||
          first.getScheme() != type.getScheme() ||
          !getLibrarySize(elements + n))
        close();
      group.push_back(&op);
      results.insert(op.getResult(0));
      elements += n;
    }
    close();
  }
  return groups;
}

/// The ss ops of `module`, in order.
SmallVector<Operation *> collectOps(ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<SSDialect>(op->getDialect()))
      ops.push_back(op);
  });
  return ops;
}

/// Rewrites the ops that are compositions of others: `lt` as the sign of
/// the difference and `select` as `cond * (lhs - rhs) + rhs`, whose product
/// then batches with the others.
void expandComposites(ModuleOp module) {
  module.walk([](Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value result;
    if (auto lt = dyn_cast<LtOp>(op)) {
      Value d = b.create<SubOp>(loc, lt.getLhs(), lt.getRhs());
      result = b.create<MsbOp>(loc, d);
    } else if (auto select = dyn_cast<SelectOp>(op)) {
      Value d = b.create<SubOp>(loc, select.getLhs(), select.getRhs());
      Value p = b.create<MulOp>(loc, select.getCond(), d);
      result = b.create<AddOp>(loc, p, select.getRhs());
    } else {
      return;
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  });
}

/// A holder's piece of a share of `type`: its share, or under
/// #ss.replicated its pair of shares as `tensor<2 x T>`.
Type getPieceType(ShareType type) {
  if (!isa<ReplicatedAttr>(type.getScheme()))
    return type.getValueType();
  RankedTensorType tensor = type.getTensorType();
  SmallVector<int64_t> shape = {2};
  llvm::append_range(shape, tensor.getShape());
  return RankedTensorType::get(shape, tensor.getElementType());
}

/// `dims` of a value as dimensions of its pieces: one further in for the
/// pairs of #ss.replicated.
SmallVector<int64_t> getPieceDims(ArrayRef<int64_t> dims, bool pairs) {
  SmallVector<int64_t> shifted;
  for (int64_t d : dims)
    shifted.push_back(d + (pairs ? 1 : 0));
  return shifted;
}

/// Every share type, in values, signatures and attributes, becomes the
/// `!simp.mp` of its holders.
void retype(ModuleOp module) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](ShareType type) -> Type {
    return simp::MPType::get(getPieceType(type), type.getParties());
  });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}

//===----------------------------------------------------------------------===//
// Local code
//===----------------------------------------------------------------------===//

using Body =
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>;

/// A simp.pcall on `parties` over `args`, whose results `body` computes
/// from the local arguments.
SmallVector<Value> createPCall(OpBuilder &b, Location loc,
                               ArrayRef<int64_t> parties, ValueRange args,
                               Body body) {
  auto block = std::make_unique<Block>();
  for (Value arg : args)
    block->addArgument(simp::getLocalType(arg.getType()), loc);
  // The block has no region yet to take the context from.
  OpBuilder inner(b.getContext());
  inner.setInsertionPointToEnd(block.get());
  SmallVector<Value> results = body(inner, loc, block->getArguments());
  inner.create<simp::YieldOp>(loc, results);
  SmallVector<Type> types;
  for (Value result : results)
    types.push_back(simp::MPType::get(result.getType(), parties));
  auto pcall = b.create<simp::PCallOp>(loc, types, parties, args);
  pcall.getBody().push_back(block.release());
  return pcall.getResults();
}

RankedTensorType getLocalTensorType(Value value) {
  return cast<RankedTensorType>(simp::getLocalType(value.getType()));
}

/// `value`, a local tensor, as a tensor of `type` with the same elements,
/// one of the two being a vector; with `pairs`, a pair `2 x T` of
/// #ss.replicated as a `2 x n` matrix or back.
Value reshape(OpBuilder &b, Location loc, Value value, RankedTensorType type,
              bool pairs = false) {
  auto from = cast<RankedTensorType>(value.getType());
  if (from == type)
    return value;
  bool expand = type.getRank() > from.getRank();
  RankedTensorType wide = expand ? type : from;
  // A vector and a scalar tensor have no dimension to group; a pair of
  // scalars is a 2-vector whose two elements make one group.
  SmallVector<ReassociationIndices> groups;
  if (pairs && from.getRank() > 1 && type.getRank() > 1)
    groups = {{0}, llvm::to_vector<2>(llvm::seq<int64_t>(1, wide.getRank()))};
  else if (wide.getRank() > 1)
    groups.push_back(llvm::to_vector<2>(llvm::seq<int64_t>(0, wide.getRank())));
  if (expand)
    return b.create<tensor::ExpandShapeOp>(loc, type, value, groups);
  return b.create<tensor::CollapseShapeOp>(loc, type, value, groups);
}

/// The vector of `type`'s elements.
RankedTensorType getVectorType(RankedTensorType type) {
  return RankedTensorType::get({type.getNumElements()}, type.getElementType());
}

/// The `2 x n` matrix of a pair `2 x T` of #ss.replicated.
RankedTensorType getPairMatrixType(RankedTensorType pair) {
  return RankedTensorType::get({2, pair.getNumElements() / 2},
                               pair.getElementType());
}

/// `values` laid end to end as one vector of `size` elements, zeros after
/// them, computed by `parties`; with `pairs`, the pairs of #ss.replicated
/// side by side in one `2 x size` pair.
Value pack(OpBuilder &b, Location loc, ArrayRef<int64_t> parties,
           ValueRange values, int64_t size, bool pairs = false) {
  return createPCall(
      b, loc, parties, values,
      [&](OpBuilder &in, Location loc, ValueRange locals) {
        SmallVector<Value> parts;
        int64_t used = 0;
        for (Value local : locals) {
          auto type = cast<RankedTensorType>(local.getType());
          RankedTensorType flat =
              pairs ? getPairMatrixType(type) : getVectorType(type);
          parts.push_back(reshape(in, loc, local, flat, pairs));
          used += flat.getShape().back();
        }
        if (used < size) {
          SmallVector<int64_t> shape = {size - used};
          if (pairs)
            shape.insert(shape.begin(), 2);
          auto padding = RankedTensorType::get(shape, in.getI64Type());
          parts.push_back(
              in.create<arith::ConstantOp>(loc, in.getZeroAttr(padding)));
        }
        if (parts.size() == 1)
          return SmallVector<Value>{parts[0]};
        return SmallVector<Value>{
            in.create<tensor::ConcatOp>(loc, /*dim=*/pairs ? 1 : 0, parts)};
      })[0];
}

/// The inverse of `pack`: the values (or pairs) of `types` at the start of
/// `packed`, computed by `parties`.
SmallVector<Value> unpack(OpBuilder &b, Location loc, ArrayRef<int64_t> parties,
                          Value packed, ArrayRef<RankedTensorType> types,
                          bool pairs = false) {
  return createPCall(
      b, loc, parties, packed,
      [&](OpBuilder &in, Location loc, ValueRange locals) {
        Value vector = locals[0];
        int64_t size =
            cast<RankedTensorType>(vector.getType()).getShape().back();
        SmallVector<Value> pieces;
        int64_t offset = 0;
        for (RankedTensorType type : types) {
          int64_t n = type.getNumElements() / (pairs ? 2 : 1);
          Value piece = vector;
          if (n != size) {
            SmallVector<OpFoldResult> offsets = {in.getIndexAttr(offset)},
                                      sizes = {in.getIndexAttr(n)},
                                      strides = {in.getIndexAttr(1)};
            if (pairs) {
              offsets.insert(offsets.begin(), in.getIndexAttr(0));
              sizes.insert(sizes.begin(), in.getIndexAttr(2));
              strides.insert(strides.begin(), in.getIndexAttr(1));
            }
            piece = in.create<tensor::ExtractSliceOp>(loc, vector, offsets,
                                                      sizes, strides);
          }
          pieces.push_back(reshape(in, loc, piece, type, pairs));
          offset += n;
        }
        return pieces;
      });
}

//===----------------------------------------------------------------------===//
// The lowering of each op, on the retyped module
//===----------------------------------------------------------------------===//

class Lowering {
public:
  explicit Lowering(ModuleOp module)
      : module(module), symbols(module),
        declarations(module.getBody()->begin()) {}

  /// Replaces `op` (not a product) and erases it.
  void lower(Operation *op);
  /// Replaces the ops of `group` (of one kind, isBatched) by one protocol
  /// call and erases them.
  void lowerBatch(ArrayRef<Operation *> group);
  /// Marks `op` as computing on #ss.replicated shares, before retyping
  /// hides the scheme.
  void markReplicated(Operation *op) { replicated.insert(op); }

private:
  /// The #ss.replicated lowering of `op`, a protocol or a reveal (below).
  void lowerReplicated(Operation *op);
  /// The protocol call of a group ending at `last` (isBatched), on
  /// `operands` as lowerBatch gathers them, and its results.
  SmallVector<Value> callReplicatedBatch(OpBuilder &b, Operation *last,
                                         ArrayRef<ValueRange> operands);
  /// The PRG keys of `parties` for a protocol call before `op`, and the
  /// first of `count` nonces no other call with them uses: the keys of
  /// `op`'s function, agreed once at its entry, when `op` is in its body;
  /// else (in a loop or a conditional, whose region may run many times)
  /// keys agreed before `op`.
  std::pair<Value, Value> getReplicatedKeys(OpBuilder &b, Operation *op,
                                            ArrayRef<int64_t> parties,
                                            int64_t count = 1);
  /// Calls the library's replicated `protocol` of `size` elements before
  /// `op` on `args` and the keys and first of `nonces` nonces of `op`'s
  /// holders, and returns the pairs of `types` in its result.
  SmallVector<Value> callReplicated(OpBuilder &b, Operation *op,
                                    StringRef protocol, int64_t size,
                                    SmallVector<Value> args,
                                    ArrayRef<RankedTensorType> types,
                                    int64_t nonces = 1);
  /// Calls the library's `protocol` on `operands`, each the values of one
  /// argument laid end to end in a vector of the protocol's size (the first
  /// argument's values give the count), and returns the values of those
  /// types in the result, held by `parties`.
  SmallVector<Value> callPacked(OpBuilder &b, Location loc, StringRef protocol,
                                ArrayRef<ValueRange> operands,
                                ArrayRef<int64_t> parties);
  /// The truncation of the shares of `value` by `bits`: SecureML's local
  /// one, or with `exact` the one that computes the shares' wrap bit.
  Value lowerTrunc(OpBuilder &b, Location loc, Value value, int64_t bits,
                   bool exact);
  /// The product of shared matrices, element by element in blocks of rows.
  Value lowerMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs);
  /// Calls the library's `protocol` of `size` elements (of no size when 0).
  Value callProtocol(OpBuilder &b, Location loc, StringRef protocol,
                     int64_t size, ValueRange args, Type resultType);

  ModuleOp module;
  /// The name of the ss op being lowered, for its protocol calls' measure.
  StringRef measured;
  SymbolTable symbols;
  /// Declarations go before this op, in the order they are made.
  Block::iterator declarations;
  llvm::DenseMap<std::pair<StringAttr, Type>, func::FuncOp> declared;
  llvm::DenseSet<Operation *> replicated;
  llvm::DenseMap<std::pair<Operation *, Type>, Value> functionKeys;
  llvm::DenseMap<Value, int64_t> usedNonces;
};

Value Lowering::callProtocol(OpBuilder &b, Location loc, StringRef protocol,
                             int64_t size, ValueRange args, Type resultType) {
  MLIRContext *ctx = module.getContext();
  auto name = StringAttr::get(ctx, size ? protocol + ".n" + Twine(size)
                                        : Twine(protocol));
  auto type = FunctionType::get(ctx, args.getTypes(), resultType);
  func::FuncOp &decl = declared[{name, type}];
  if (!decl) {
    OpBuilder at(module.getBody(), declarations);
    decl = at.create<func::FuncOp>(module.getLoc(), name, type);
    decl.setPrivate();
    decl->setAttr(simp::SimpDialect::getLinkNameAttrName(), name);
    // A program's own function of that name keeps it.
    symbols.insert(decl);
  }
  return b.create<func::CallOp>(loc, decl, args).getResult(0);
}

SmallVector<Value> Lowering::callPacked(OpBuilder &b, Location loc,
                                        StringRef protocol,
                                        ArrayRef<ValueRange> operands,
                                        ArrayRef<int64_t> parties) {
  SmallVector<RankedTensorType> types;
  int64_t elements = 0;
  for (Value value : operands[0]) {
    types.push_back(getLocalTensorType(value));
    elements += types.back().getNumElements();
  }
  int64_t size = *getLibrarySize(elements);
  SmallVector<Value> args;
  for (ValueRange values : operands)
    args.push_back(pack(b, loc,
                        cast<simp::MPType>(values[0].getType()).getParties(),
                        values, size));
  Type result =
      simp::MPType::get(simp::getLocalType(args[0].getType()), parties);
  Value packed = callProtocol(b, loc, protocol, size, args, result);
  simp::setMeasure(packed.getDefiningOp(), measured, elements);
  return unpack(b, loc, parties, packed, types);
}

/// A splat constant of `type`'s shape.
Value splat(OpBuilder &b, Location loc, Type type, int64_t value) {
  return b.create<arith::ConstantOp>(
      loc, DenseElementsAttr::get(cast<ShapedType>(type),
                                  b.getI64IntegerAttr(value)));
}

/// What each holder of `values` (the first, then the second) computes from
/// its pieces of them, joined into one shared value.
using HolderBody =
    function_ref<Value(OpBuilder &, Location, ValueRange, bool first)>;
Value perHolder(OpBuilder &b, Location loc, ValueRange values,
                HolderBody body) {
  auto type = cast<simp::MPType>(values[0].getType());
  SmallVector<Value> pieces;
  for (auto [i, rank] : llvm::enumerate(type.getParties()))
    pieces.push_back(createPCall(
        b, loc, rank, values,
        [&, first = i == 0](OpBuilder &in, Location loc, ValueRange v) {
          return SmallVector<Value>{body(in, loc, v, first)};
        })[0]);
  return b.create<simp::ConvergeOp>(loc, type, pieces);
}

Value Lowering::lowerTrunc(OpBuilder &b, Location loc, Value value,
                           int64_t bits, bool exact) {
  if (!exact)
    // SecureML: the first holder shifts its share; the second negates,
    // shifts and negates back, so that the two round the same way.
    return perHolder(
        b, loc, value,
        [&](OpBuilder &in, Location loc, ValueRange v, bool first) -> Value {
          Type local = v[0].getType();
          Value shift = splat(in, loc, local, bits);
          if (first)
            return in.create<arith::ShRSIOp>(loc, v[0], shift);
          Value zero = splat(in, loc, local, 0);
          Value n = in.create<arith::SubIOp>(loc, zero, v[0]);
          n = in.create<arith::ShRSIOp>(loc, n, shift);
          return in.create<arith::SubIOp>(loc, zero, n);
        });
  // Exact: y = x + 2^62 is below 2^63; y_0 + y_1 = y + w 2^64 with w the
  // wrap bit (a protocol), so (y_0 >> f) + (y_1 >> f) - w 2^(64 - f) is
  // floor(y / 2^f) or one less, and removing 2^(62 - f) gives x's.
  Value biased = perHolder(
      b, loc, value,
      [&](OpBuilder &in, Location loc, ValueRange v, bool first) -> Value {
        if (!first)
          return v[0];
        return in.create<arith::AddIOp>(
            loc, v[0], splat(in, loc, v[0].getType(), int64_t(1) << 62));
      });
  Value wrap = callPacked(b, loc, "mplang.ss.a2.wrap", {ValueRange(biased)},
                          cast<simp::MPType>(value.getType()).getParties())[0];
  return perHolder(
      b, loc, {biased, wrap},
      [&](OpBuilder &in, Location loc, ValueRange v, bool first) -> Value {
        Type local = v[0].getType();
        Value y =
            in.create<arith::ShRUIOp>(loc, v[0], splat(in, loc, local, bits));
        Value w = in.create<arith::ShLIOp>(loc, v[1],
                                           splat(in, loc, local, 64 - bits));
        Value r = in.create<arith::SubIOp>(loc, y, w);
        if (!first)
          return r;
        return in.create<arith::SubIOp>(
            loc, r, splat(in, loc, local, int64_t(1) << (62 - bits)));
      });
}

Value Lowering::lowerMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  ArrayRef<int64_t> parties = cast<simp::MPType>(lhs.getType()).getParties();
  RankedTensorType a = getLocalTensorType(lhs), bt = getLocalTensorType(rhs);
  int64_t m = a.getDimSize(0), k = a.getDimSize(1), n = bt.getDimSize(1);
  int64_t rowsPerCall =
      std::min(m, std::end(kLibrarySizes)[-1] / std::max<int64_t>(k * n, 1));
  Type i64 = b.getI64Type();
  SmallVector<Value> blocks;
  for (int64_t first = 0; first < m; first += rowsPerCall) {
    int64_t rows = std::min(rowsPerCall, m - first);
    auto cube = RankedTensorType::get({rows, k, n}, i64);
    // Row i of the block pairs a[i, j] with b[j, l] at [i, j, l].
    SmallVector<Value> spread = createPCall(
        b, loc, parties, {lhs, rhs},
        [&](OpBuilder &in, Location loc, ValueRange v) {
          Value block = v[0];
          if (rows != m)
            block = in.create<tensor::ExtractSliceOp>(
                loc, v[0],
                ArrayRef<OpFoldResult>{in.getIndexAttr(first),
                                       in.getIndexAttr(0)},
                ArrayRef<OpFoldResult>{in.getIndexAttr(rows),
                                       in.getIndexAttr(k)},
                ArrayRef<OpFoldResult>{in.getIndexAttr(1), in.getIndexAttr(1)});
          Value empty = in.create<tensor::EmptyOp>(loc, cube.getShape(), i64);
          Value x = in.create<linalg::BroadcastOp>(loc, block, empty,
                                                   ArrayRef<int64_t>{2})
                        ->getResult(0);
          Value y = in.create<linalg::BroadcastOp>(loc, v[1], empty,
                                                   ArrayRef<int64_t>{0})
                        ->getResult(0);
          return SmallVector<Value>{x, y};
        });
    Value products =
        callPacked(b, loc, "mplang.ss.a2.mul",
                   {ValueRange(spread[0]), ValueRange(spread[1])}, parties)[0];
    auto summed = RankedTensorType::get({rows, n}, i64);
    blocks.push_back(createPCall(
        b, loc, parties, products,
        [&](OpBuilder &in, Location loc, ValueRange v) {
          Value zero =
              in.create<arith::ConstantOp>(loc, in.getZeroAttr(summed));
          auto reduce = in.create<linalg::ReduceOp>(
              loc, v[0], zero, ArrayRef<int64_t>{1},
              [](OpBuilder &body, Location loc, ValueRange args) {
                Value s = body.create<arith::AddIOp>(loc, args[0], args[1]);
                body.create<linalg::YieldOp>(loc, s);
              });
          return SmallVector<Value>{reduce.getResult(0)};
        })[0]);
  }
  if (blocks.size() == 1)
    return blocks[0];
  return createPCall(b, loc, parties, blocks,
                     [&](OpBuilder &in, Location loc, ValueRange v) {
                       return SmallVector<Value>{
                           in.create<tensor::ConcatOp>(loc, /*dim=*/0, v)};
                     })[0];
}

void Lowering::lower(Operation *op) {
  measured = op->getName().getStringRef();
  // Pairs of replicated shares compute locally as one share does, along
  // one more (first) dimension.
  bool pairs = replicated.contains(op);
  if (pairs &&
      !isa<AddOp, SubOp, NegOp, MulPublicOp, SumOp, ReshapeOp, BroadcastOp>(op))
    return lowerReplicated(op);
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto type = cast<simp::MPType>(op->getResult(0).getType());
  ArrayRef<int64_t> parties = type.getParties();
  auto local = [&](function_ref<Value(OpBuilder &, ValueRange)> f) {
    return createPCall(b, loc, parties, op->getOperands(),
                       [&](OpBuilder &in, Location, ValueRange locals) {
                         return SmallVector<Value>{f(in, locals)};
                       })[0];
  };
  Value result =
      TypeSwitch<Operation *, Value>(op)
          .Case([&](AddOp) {
            return local([&](OpBuilder &in, ValueRange v) {
              return in.create<arith::AddIOp>(loc, v[0], v[1]);
            });
          })
          .Case([&](SubOp) {
            return local([&](OpBuilder &in, ValueRange v) {
              return in.create<arith::SubIOp>(loc, v[0], v[1]);
            });
          })
          .Case([&](MulPublicOp) {
            return local([&](OpBuilder &in, ValueRange v) {
              Value w = v[1];
              if (pairs) {
                auto to = cast<RankedTensorType>(v[0].getType());
                Value empty = in.create<tensor::EmptyOp>(loc, to.getShape(),
                                                         to.getElementType());
                w = in.create<linalg::BroadcastOp>(loc, w, empty,
                                                   ArrayRef<int64_t>{0})
                        ->getResult(0);
              }
              return in.create<arith::MulIOp>(loc, v[0], w);
            });
          })
          .Case([&](NegOp) {
            return local([&](OpBuilder &in, ValueRange v) {
              Value zero = in.create<arith::ConstantOp>(
                  loc, in.getZeroAttr(v[0].getType()));
              return in.create<arith::SubIOp>(loc, zero, v[0]);
            });
          })
          .Case([&](SumOp sum) {
            auto summed = cast<RankedTensorType>(type.getValueType());
            return local([&](OpBuilder &in, ValueRange v) {
              Value zero =
                  in.create<arith::ConstantOp>(loc, in.getZeroAttr(summed));
              auto reduce = in.create<linalg::ReduceOp>(
                  loc, v[0], zero, getPieceDims(sum.getDimensions(), pairs),
                  [](OpBuilder &body, Location loc, ValueRange args) {
                    Value s = body.create<arith::AddIOp>(loc, args[0], args[1]);
                    body.create<linalg::YieldOp>(loc, s);
                  });
              return reduce.getResult(0);
            });
          })
          .Case([&](ShareOp) {
            return callPacked(b, loc, "mplang.ss.a2.share", {op->getOperands()},
                              parties)[0];
          })
          .Case([&](ReshapeOp) {
            auto to = cast<RankedTensorType>(type.getValueType());
            return local([&](OpBuilder &in, ValueRange v) {
              auto from = cast<RankedTensorType>(v[0].getType());
              Value flat = reshape(in, loc, v[0], getVectorType(from));
              return reshape(in, loc, flat, to);
            });
          })
          .Case([&](BroadcastOp broadcast) {
            auto to = cast<RankedTensorType>(type.getValueType());
            return local([&](OpBuilder &in, ValueRange v) {
              Value empty = in.create<tensor::EmptyOp>(loc, to.getShape(),
                                                       to.getElementType());
              return in
                  .create<linalg::BroadcastOp>(
                      loc, v[0], empty,
                      getPieceDims(broadcast.getDimensions(), pairs))
                  ->getResult(0);
            });
          })
          .Case([&](TruncOp trunc) {
            return lowerTrunc(b, loc, op->getOperand(0), trunc.getBits(),
                              trunc.getExact());
          })
          .Case([&](EncodeOp encode) {
            int64_t bits = encode.getFractionBits();
            return local([&](OpBuilder &in, ValueRange v) {
              auto from = cast<RankedTensorType>(v[0].getType());
              auto floatType = cast<FloatType>(from.getElementType());
              auto constant = [&](double c) -> Value {
                return in.create<arith::ConstantOp>(
                    loc, DenseElementsAttr::get(from,
                                                in.getFloatAttr(floatType, c)));
              };
              Value scaled = in.create<arith::MulFOp>(
                  loc, v[0], constant(std::ldexp(1.0, bits)));
              // fptosi rounds towards zero: add a half of the value's sign.
              Value negative = in.create<arith::CmpFOp>(
                  loc, arith::CmpFPredicate::OLT, scaled, constant(0.0));
              Value half = in.create<arith::SelectOp>(
                  loc, negative, constant(-0.5), constant(0.5));
              Value rounded = in.create<arith::AddFOp>(loc, scaled, half);
              return in.create<arith::FPToSIOp>(
                  loc, from.clone(in.getI64Type()), rounded);
            });
          })
          .Case([&](DecodeOp decode) {
            int64_t bits = decode.getFractionBits();
            auto to = cast<RankedTensorType>(type.getValueType());
            return local([&](OpBuilder &in, ValueRange v) {
              Value real = in.create<arith::SIToFPOp>(loc, to, v[0]);
              Value scale = in.create<arith::ConstantOp>(
                  loc, DenseElementsAttr::get(
                           to, in.getFloatAttr(to.getElementType(),
                                               std::ldexp(1.0, -bits))));
              return in.create<arith::MulFOp>(loc, real, scale);
            });
          })
          .Case([&](MatmulOp) {
            return lowerMatmul(b, loc, op->getOperand(0), op->getOperand(1));
          })

          .Case([&](RevealOp) {
            auto holders =
                cast<simp::MPType>(op->getOperand(0).getType()).getParties();
            return callPacked(b, loc,
                              parties == holders ? "mplang.ss.a2.open"
                                                 : "mplang.ss.a2.reveal",
                              {op->getOperands()}, parties)[0];
          });
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

void Lowering::lowerBatch(ArrayRef<Operation *> group) {
  Operation *last = group.back();
  measured = last->getName().getStringRef();
  OpBuilder b(last);
  Location loc = last->getLoc();
  ArrayRef<int64_t> parties =
      cast<simp::MPType>(last->getResult(0).getType()).getParties();
  SmallVector<Value> lhs, rhs;
  for (Operation *op : group) {
    // The module is retyped: the ops' typed accessors would cast.
    lhs.push_back(op->getOperand(0));
    if (isa<MulOp>(op))
      rhs.push_back(op->getOperand(1));
  }
  StringRef protocol = "mplang.ss.a2.msb";
  SmallVector<ValueRange> operands = {lhs};
  if (isa<MulOp>(last)) {
    protocol = "mplang.ss.a2.mul";
    operands.push_back(rhs);
  } else if (isa<EqOp>(last)) {
    // The zero test of each difference.
    protocol = "mplang.ss.a2.eqz";
    for (auto [i, op] : llvm::enumerate(group))
      lhs[i] = createPCall(b, loc, parties, op->getOperands(),
                           [&](OpBuilder &in, Location loc, ValueRange v) {
                             return SmallVector<Value>{
                                 in.create<arith::SubIOp>(loc, v[0], v[1])};
                           })[0];
  }
  SmallVector<Value> results =
      replicated.contains(last)
          ? callReplicatedBatch(b, last, operands)
          : callPacked(b, loc, protocol, operands, parties);
  for (auto [op, result] : llvm::zip(group, results)) {
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
}

//===----------------------------------------------------------------------===//
// Three-party replicated sharing (#ss.replicated)
//
// Holder i of the sorted holders holds the pair (x_i, x_{i+1}), indices mod
// 3, as a `tensor<2 x T>`; the protocols are lib/Protocols/ss_rep3.mlir.in.
//===----------------------------------------------------------------------===//

/// Share `index` (0: the holder's own, 1: the next holder's) of a local pair.
Value getShare(OpBuilder &b, Location loc, Value pair, int64_t index) {
  auto type = cast<RankedTensorType>(pair.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  offsets[0] = b.getIndexAttr(index);
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
  for (int64_t d : type.getShape().drop_front())
    sizes.push_back(b.getIndexAttr(d));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  auto share = RankedTensorType::get(type.getShape().drop_front(),
                                     type.getElementType());
  return b.create<tensor::ExtractSliceOp>(loc, share, pair, offsets, sizes,
                                          strides);
}

std::pair<Value, Value> Lowering::getReplicatedKeys(OpBuilder &b, Operation *op,
                                                    ArrayRef<int64_t> parties,
                                                    int64_t count) {
  Location loc = op->getLoc();
  auto keysType = simp::MPType::get(
      RankedTensorType::get({2}, field::GF128Type::get(b.getContext())),
      parties);
  auto setup = [&](OpBuilder &at) {
    return callProtocol(at, loc, "mplang.ss.r3.setup", /*size=*/0, {},
                        keysType);
  };
  Value keys;
  if (auto func = dyn_cast<func::FuncOp>(op->getParentOp())) {
    Value &known = functionKeys[{func, keysType}];
    if (!known) {
      OpBuilder entry(&func.getBody().front(), func.getBody().front().begin());
      known = setup(entry);
    }
    keys = known;
  } else {
    keys = setup(b);
  }
  int64_t nonce = usedNonces[keys];
  usedNonces[keys] += count;
  Value n = createPCall(
      b, loc, parties, {}, [&](OpBuilder &in, Location loc, ValueRange) {
        return SmallVector<Value>{
            in.create<arith::ConstantOp>(loc, in.getI64IntegerAttr(nonce))};
      })[0];
  return {keys, n};
}

SmallVector<Value> Lowering::callReplicated(OpBuilder &b, Operation *op,
                                            StringRef protocol, int64_t size,
                                            SmallVector<Value> args,
                                            ArrayRef<RankedTensorType> types,
                                            int64_t nonces) {
  Location loc = op->getLoc();
  ArrayRef<int64_t> parties =
      cast<simp::MPType>(op->getResult(0).getType()).getParties();
  auto [keys, nonce] = getReplicatedKeys(b, op, parties, nonces);
  args.append({keys, nonce});
  Value packed = callProtocol(
      b, loc, protocol, size, args,
      simp::MPType::get(RankedTensorType::get({2, size}, b.getI64Type()),
                        parties));
  return unpack(b, loc, parties, packed, types, /*pairs=*/true);
}

void Lowering::lowerReplicated(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto type = cast<simp::MPType>(op->getResult(0).getType());
  ArrayRef<int64_t> parties = type.getParties();
  // Pairs of `n` elements per share are resharded by a protocol of `size`.
  auto sizeOf = [](RankedTensorType pair) {
    return *getLibrarySize(pair.getNumElements() / 2);
  };
  Value result =
      TypeSwitch<Operation *, Value>(op)
          .Case([&](ShareOp) {
            // The owner's value and zeros elsewhere are an additive sharing
            // of it, which the reshare turns into pairs.
            Value x = op->getOperand(0);
            int64_t owner = cast<simp::MPType>(x.getType()).getParties()[0];
            RankedTensorType valueType = getLocalTensorType(x);
            SmallVector<Value> pieces;
            for (int64_t rank : parties)
              pieces.push_back(createPCall(
                  b, loc, rank, rank == owner ? ValueRange(x) : ValueRange(),
                  [&](OpBuilder &in, Location loc, ValueRange v) {
                    if (!v.empty())
                      return SmallVector<Value>{v[0]};
                    return SmallVector<Value>{in.create<arith::ConstantOp>(
                        loc, in.getZeroAttr(valueType))};
                  })[0]);
            Value additive = b.create<simp::ConvergeOp>(
                loc, simp::MPType::get(valueType, parties), pieces);
            RankedTensorType to = getLocalTensorType(op->getResult(0));
            int64_t size = sizeOf(to);
            return callReplicated(b, op, "mplang.ss.r3.reshare", size,
                                  {pack(b, loc, parties, additive, size)},
                                  to)[0];
          })
          .Case([&](RevealOp) {
            // Holder i lacks x_{i+2}, the first share of holder i - 1.
            Value s = op->getOperand(0);
            ArrayRef<int64_t> holders =
                cast<simp::MPType>(s.getType()).getParties();
            Value first = createPCall(
                b, loc, holders, s,
                [&](OpBuilder &in, Location loc, ValueRange v) {
                  return SmallVector<Value>{getShare(in, loc, v[0], 0)};
                })[0];
            SmallVector<int64_t> sources;
            for (int64_t rank : parties) {
              int64_t i = llvm::find(holders, rank) - holders.begin();
              sources.push_back(holders[(i + 2) % 3]);
            }
            Value received = b.create<simp::ShuffleOp>(
                loc, simp::MPType::get(type.getValueType(), parties), first,
                parties, sources);
            return createPCall(b, loc, parties, {s, received},
                               [&](OpBuilder &in, Location loc, ValueRange v) {
                                 Value sum = in.create<arith::AddIOp>(
                                     loc, getShare(in, loc, v[0], 0),
                                     getShare(in, loc, v[0], 1));
                                 return SmallVector<Value>{
                                     in.create<arith::AddIOp>(loc, sum, v[1])};
                               })[0];
          })
          .Case([&](TruncOp trunc) {
            // ABY3's share truncation: (x_0 + x_1, x_2) is a two-party
            // sharing that the first holder and the other two truncate as
            // SecureML does; from2 makes pairs of the result.
            Value s = op->getOperand(0);
            int64_t bits = trunc.getBits();
            SmallVector<Value> pieces;
            for (auto [i, rank] : llvm::enumerate(parties))
              pieces.push_back(createPCall(
                  b, loc, rank, s,
                  [&, i = i](OpBuilder &in, Location loc, ValueRange v) {
                    Value x0 = getShare(in, loc, v[0], 0);
                    Value x1 = getShare(in, loc, v[0], 1);
                    Value shift = splat(in, loc, x0.getType(), bits);
                    if (i == 0) {
                      Value a = in.create<arith::AddIOp>(loc, x0, x1);
                      return SmallVector<Value>{
                          in.create<arith::ShRSIOp>(loc, a, shift)};
                    }
                    // x_2 is holder 1's second share and holder 2's first.
                    Value zero = splat(in, loc, x0.getType(), 0);
                    Value n =
                        in.create<arith::SubIOp>(loc, zero, i == 1 ? x1 : x0);
                    n = in.create<arith::ShRSIOp>(loc, n, shift);
                    return SmallVector<Value>{
                        in.create<arith::SubIOp>(loc, zero, n)};
                  })[0]);
            auto valueType = cast<RankedTensorType>(
                cast<simp::MPType>(pieces[1].getType()).getValueType());
            Value rest = b.create<simp::ConvergeOp>(
                loc, simp::MPType::get(valueType, parties.drop_front()),
                ValueRange{pieces[1], pieces[2]});
            RankedTensorType to = getLocalTensorType(s);
            int64_t size = sizeOf(to);
            return callReplicated(
                b, op, "mplang.ss.r3.from2", size,
                {pack(b, loc, parties.take_front(), pieces[0], size),
                 pack(b, loc, parties.drop_front(), rest, size)},
                to)[0];
          })
          .Case([&](MatmulOp) {
            // Z_i = X_i (Y_i + Y_{i+1}) + X_{i+1} Y_i, locally, is an
            // additive sharing of X Y: one reshare of M x N elements.
            RankedTensorType to = getLocalTensorType(op->getResult(0));
            auto product = RankedTensorType::get(to.getShape().drop_front(),
                                                 to.getElementType());
            Value z =
                createPCall(b, loc, parties, op->getOperands(),
                            [&](OpBuilder &in, Location loc, ValueRange v) {
                              Value x0 = getShare(in, loc, v[0], 0);
                              Value x1 = getShare(in, loc, v[0], 1);
                              Value y0 = getShare(in, loc, v[1], 0);
                              Value y1 = getShare(in, loc, v[1], 1);
                              Value ys = in.create<arith::AddIOp>(loc, y0, y1);
                              auto matmul = [&](Value l, Value r, Value acc) {
                                return in
                                    .create<linalg::MatmulOp>(
                                        loc, ValueRange{l, r}, ValueRange{acc})
                                    ->getResult(0);
                              };
                              Value zero = in.create<arith::ConstantOp>(
                                  loc, in.getZeroAttr(product));
                              return SmallVector<Value>{
                                  matmul(x1, y0, matmul(x0, ys, zero))};
                            })[0];
            int64_t size = sizeOf(to);
            return callReplicated(b, op, "mplang.ss.r3.reshare", size,
                                  {pack(b, loc, parties, z, size)}, to)[0];
          });
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

SmallVector<Value>
Lowering::callReplicatedBatch(OpBuilder &b, Operation *last,
                              ArrayRef<ValueRange> operands) {
  Location loc = last->getLoc();
  ArrayRef<int64_t> parties =
      cast<simp::MPType>(last->getResult(0).getType()).getParties();
  SmallVector<RankedTensorType> types;
  int64_t elements = 0;
  for (Value value : operands[0]) {
    types.push_back(getLocalTensorType(value));
    elements += types.back().getNumElements() / 2;
  }
  int64_t size = *getLibrarySize(elements);
  SmallVector<Value> args;
  for (ValueRange values : operands)
    args.push_back(pack(b, loc, parties, values, size, /*pairs=*/true));
  // A sign bit takes ten rounds and a zero test nine, each round with its
  // nonce (ss_rep3.mlir.in).
  bool mul = isa<MulOp>(last), eq = isa<EqOp>(last);
  StringRef protocol = mul  ? "mplang.ss.r3.mul"
                       : eq ? "mplang.ss.r3.eqz"
                            : "mplang.ss.r3.msb";
  return callReplicated(b, last, protocol, size, args, types,
                        mul  ? 1
                        : eq ? 9
                             : 10);
}

struct SSLowerToSimpPass
    : public ss::impl::SSLowerToSimpBase<SSLowerToSimpPass> {
  void runOnOperation() override {
    if (failed(lowerToSimp(getOperation())))
      signalPassFailure();
  }
};

} // namespace

LogicalResult ss::lowerToSimp(ModuleOp module) {
  SmallVector<Operation *> ops = collectOps(module);
  if (ops.empty() && !signaturesHoldShares(module))
    return success();
  if (failed(checkShareUses(module)))
    return failure();
  for (Operation *op : ops)
    if (!isa<EncodeOp, DecodeOp>(op) && failed(checkSupported(op)))
      return failure();
  // Tools that call this outside a pass have not loaded what it builds.
  module.getContext()
      ->loadDialect<arith::ArithDialect, field::FieldDialect, func::FuncDialect,
                    linalg::LinalgDialect, simp::SimpDialect,
                    tensor::TensorDialect>();
  expandComposites(module);
  ops = collectOps(module);
  SmallVector<SmallVector<Operation *>> groups = groupBatches(ops);
  llvm::DenseMap<Operation *, ArrayRef<Operation *>> lastOfGroup;
  for (const SmallVector<Operation *> &group : groups)
    lastOfGroup[group.back()] = group;

  SmallVector<Operation *> replicatedOps;
  for (Operation *op : ops)
    if (!isa<EncodeOp, DecodeOp>(op) &&
        isa<ReplicatedAttr>(getShareType(op).getScheme()))
      replicatedOps.push_back(op);
  retype(module);
  Lowering lowering(module);
  for (Operation *op : replicatedOps)
    lowering.markReplicated(op);
  for (Operation *op : ops) {
    if (!isBatched(op))
      lowering.lower(op);
    else if (auto it = lastOfGroup.find(op); it != lastOfGroup.end())
      lowering.lowerBatch(it->second);
  }
  return success();
}
