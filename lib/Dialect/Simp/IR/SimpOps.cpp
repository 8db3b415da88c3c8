//===- SimpOps.cpp - simp dialect operations --------------------*- C++ -*-===//

#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/IR/Parties.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::simp;

//===----------------------------------------------------------------------===//
// Shared region and type rules
//===----------------------------------------------------------------------===//

/// Checks that `region`'s block arguments have `argTypes` and that it ends
/// with a simp.yield of `yieldTypes` (when given).
static LogicalResult verifyRegion(Operation *op, Region &region, StringRef name,
                                  TypeRange argTypes,
                                  std::optional<TypeRange> yieldTypes) {
  Block &block = region.front();
  if (block.getNumArguments() != argTypes.size())
    return op->emitOpError("'")
           << name << "' region has " << block.getNumArguments()
           << " arguments but expects " << argTypes.size();
  for (auto [i, arg, expected] :
       llvm::enumerate(block.getArguments(), argTypes))
    if (arg.getType() != expected)
      return op->emitOpError("'")
             << name << "' region argument #" << i << " has type "
             << arg.getType() << " but expects " << expected;

  auto yield = block.empty() ? nullptr : dyn_cast<YieldOp>(block.back());
  if (!yield)
    return op->emitOpError("'") << name << "' region must end with simp.yield";
  if (!yieldTypes)
    return success();
  if (yield.getValues().size() != yieldTypes->size())
    return op->emitOpError("'")
           << name << "' region yields " << yield.getValues().size()
           << " values but expects " << yieldTypes->size();
  for (auto [i, got, expected] :
       llvm::enumerate(yield.getValues().getTypes(), *yieldTypes))
    if (got != expected)
      return op->emitOpError("'")
             << name << "' region yields " << got << " as value #" << i
             << " but expects " << expected;
  return success();
}

/// A predicate is a scalar i1 (`i1` or `tensor<i1>`), possibly wrapped in
/// `!simp.mp`.
static LogicalResult verifyPredicate(Operation *op, Type type) {
  Type local = getLocalType(type);
  if (auto tensor = dyn_cast<RankedTensorType>(local))
    if (tensor.getRank() == 0)
      local = tensor.getElementType();
  if (!local.isInteger(1))
    return op->emitOpError("predicate must be i1 or tensor<i1>, optionally "
                           "wrapped in !simp.mp, got ")
           << type;
  return success();
}

/// An index is a scalar integer (`iN`, `index` or a rank-0 tensor of them),
/// possibly wrapped in `!simp.mp`.
static LogicalResult verifyScalarIndex(Operation *op, Type type) {
  Type local = getLocalType(type);
  if (auto tensor = dyn_cast<RankedTensorType>(local))
    if (tensor.getRank() == 0)
      local = tensor.getElementType();
  if (!isa<IntegerType, IndexType>(local))
    return op->emitOpError("index must be a scalar integer, got ") << type;
  return success();
}

/// The rules shared by both party calls; an empty `parties` is the dynamic
/// party set.
static LogicalResult verifyPartyCall(Operation *op, ArrayRef<int64_t> parties,
                                     ValueRange args, Region &body) {
  SmallVector<Type> argTypes, yieldTypes;
  for (auto [i, arg] : llvm::enumerate(args)) {
    argTypes.push_back(getLocalType(arg.getType()));
    auto mp = dyn_cast<MPType>(arg.getType());
    if (!mp || mp.isDynamic())
      continue;
    for (int64_t rank : parties)
      if (!mp.holds(rank))
        return op->emitOpError("party ")
               << rank << " does not hold operand #" << i << " of type " << mp;
  }
  for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
    auto mp = cast<MPType>(type);
    if (mp.getParties() != parties)
      return op->emitOpError("result #")
             << i << " has type " << mp << " but must be held by "
             << MPType::get(mp.getValueType(), parties);
    yieldTypes.push_back(mp.getValueType());
  }
  return verifyRegion(op, body, "body", argTypes, TypeRange(yieldTypes));
}

//===----------------------------------------------------------------------===//
// PCallOp / PCallDynamicOp
//===----------------------------------------------------------------------===//

LogicalResult PCallOp::verify() {
  if (getParties().empty())
    return emitOpError("party set must not be empty");
  if (failed(verifyPartySet([&] { return emitOpError(); }, getParties())) ||
      failed(verifyRanksInWorld(*this, getParties(), "party")))
    return failure();
  return verifyPartyCall(*this, getParties(), getArgs(), getBody());
}

LogicalResult PCallDynamicOp::verify() {
  return verifyPartyCall(*this, {}, getArgs(), getBody());
}

//===----------------------------------------------------------------------===//
// ShuffleOp
//===----------------------------------------------------------------------===//

// `[` dst `<-` src (`,` dst `<-` src)* `]`
static ParseResult parseRouting(OpAsmParser &parser, DenseI64ArrayAttr &targets,
                                DenseI64ArrayAttr &sources) {
  SmallVector<int64_t> dsts, srcs;
  auto parsePair = [&]() -> ParseResult {
    if (parser.parseInteger(dsts.emplace_back()) || parser.parseLess())
      return failure();
    // The lexer has no `<-` token and the parser no `-`: the integer parser
    // takes the minus as a sign, so read `<- 0` as `<` followed by `-0`.
    SMLoc loc = parser.getCurrentLocation();
    if (*loc.getPointer() != '-')
      return parser.emitError(loc, "expected '<-' between destination and "
                                   "source");
    if (parser.parseInteger(srcs.emplace_back()))
      return failure();
    srcs.back() = -srcs.back();
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, parsePair))
    return failure();
  targets = parser.getBuilder().getDenseI64ArrayAttr(dsts);
  sources = parser.getBuilder().getDenseI64ArrayAttr(srcs);
  return success();
}

static void printRouting(OpAsmPrinter &printer, Operation *,
                         DenseI64ArrayAttr targets, DenseI64ArrayAttr sources) {
  printer << '[';
  llvm::interleaveComma(llvm::zip(targets.asArrayRef(), sources.asArrayRef()),
                        printer, [&](auto pair) {
                          printer << std::get<0>(pair) << " <- "
                                  << std::get<1>(pair);
                        });
  printer << ']';
}

LogicalResult ShuffleOp::verify() {
  ArrayRef<int64_t> targets = getTargets(), sources = getSources();
  if (targets.size() != sources.size())
    return emitOpError("routing has ") << targets.size() << " destinations but "
                                       << sources.size() << " sources";
  if (targets.empty())
    return emitOpError("routing must not be empty");
  if (failed(verifyRanksInWorld(*this, targets, "destination")) ||
      failed(verifyRanksInWorld(*this, sources, "source")))
    return failure();

  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dst : targets)
    if (!seen.insert(dst).second)
      return emitOpError("destination rank ") << dst << " receives twice";
  MPType input = getInput().getType();
  if (input.isStatic())
    for (int64_t src : sources)
      if (!input.holds(src))
        return emitOpError("source rank ")
               << src << " does not hold the input of type " << input;

  SmallVector<int64_t> holders(targets);
  llvm::sort(holders);
  auto expected = MPType::get(input.getValueType(), holders);
  if (getType() != expected)
    return emitOpError("result type must be ") << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// ShuffleDynamicOp
//===----------------------------------------------------------------------===//

LogicalResult ShuffleDynamicOp::verify() {
  if (failed(verifyScalarIndex(*this, getIndex().getType())))
    return failure();
  auto expected = MPType::getDynamic(getInput().getType().getValueType());
  if (getType() != expected)
    return emitOpError("result type must be ") << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// ConvergeOp
//===----------------------------------------------------------------------===//

LogicalResult ConvergeOp::verify() {
  if (getInputs().empty())
    return emitOpError("requires at least one operand");
  auto types = llvm::map_to_vector(getInputs().getTypes(),
                                   [](Type t) { return cast<MPType>(t); });
  Type local = types.front().getValueType();
  bool dynamic = false;
  SmallVector<int64_t> holders;
  for (auto [i, type] : llvm::enumerate(types)) {
    if (type.getValueType() != local)
      return emitOpError("operand #")
             << i << " has local type " << type.getValueType()
             << " but operand #0 has " << local;
    dynamic |= type.isDynamic();
    for (auto [j, other] : llvm::enumerate(ArrayRef(types).take_front(i)))
      for (int64_t rank : type.getParties())
        if (other.holds(rank))
          return emitOpError("operands #")
                 << j << " and #" << i << " are both held by rank " << rank;
    llvm::append_range(holders, type.getParties());
  }
  llvm::sort(holders);
  auto expected =
      dynamic ? MPType::getDynamic(local) : MPType::get(local, holders);
  if (getType() != expected)
    return emitOpError("result type must be ") << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// UniformCondOp / WhileLoopOp
//===----------------------------------------------------------------------===//

LogicalResult UniformCondOp::verify() {
  if (failed(verifyPredicate(*this, getPred().getType())))
    return failure();
  TypeRange argTypes = getArgs().getTypes();
  TypeRange resultTypes = getResultTypes();
  if (failed(
          verifyRegion(*this, getThenRegion(), "then", argTypes, resultTypes)))
    return failure();
  return verifyRegion(*this, getElseRegion(), "else", argTypes, resultTypes);
}

LogicalResult WhileLoopOp::verify() {
  TypeRange stateTypes = getInit().getTypes();
  if (TypeRange(getResultTypes()) != stateTypes)
    return emitOpError("result types must equal the loop state types");
  if (failed(verifyRegion(*this, getCond(), "cond", stateTypes, std::nullopt)))
    return failure();
  auto yield = cast<YieldOp>(getCond().front().back());
  if (yield.getValues().size() != 1)
    return emitOpError("'cond' region must yield exactly one predicate, got ")
           << yield.getValues().size() << " values";
  if (failed(verifyPredicate(*this, yield.getValues().front().getType())))
    return failure();
  return verifyRegion(*this, getBody(), "body", stateTypes, stateTypes);
}

//===----------------------------------------------------------------------===//
// Communication: SendOp / RecvOp / AgreeOp / ExchangeOp
//===----------------------------------------------------------------------===//

/// The rank of the projected module `op` runs in, if it is in one.
static std::optional<int64_t> getOwnRank(Operation *op) {
  for (Operation *it = op->getParentOp(); it; it = it->getParentOp())
    if (auto rank =
            it->getAttrOfType<IntegerAttr>(SimpDialect::getRankAttrName()))
      return rank.getInt();
  return std::nullopt;
}

/// Rules shared by every op that exchanges `type` values under `tag`.
static LogicalResult verifyTagAndValue(Operation *op, int64_t tag, Type type) {
  if (tag < 0)
    return op->emitOpError("tag must be non-negative, got ") << tag;
  if (isa<MPType>(type))
    return op->emitOpError("carries a local value, not ") << type;
  return success();
}

static LogicalResult verifyMessage(Operation *op, int64_t peer, int64_t tag,
                                   Type type) {
  if (failed(verifyRanksInWorld(op, {peer}, "peer")))
    return failure();
  if (getOwnRank(op) == peer)
    return op->emitOpError("peer is the rank the program runs on (")
           << peer << ")";
  return verifyTagAndValue(op, tag, type);
}

static LogicalResult verifyCollective(Operation *op,
                                      ArrayRef<int64_t> participants,
                                      int64_t tag, Type type) {
  if (participants.empty())
    return op->emitOpError("participants must not be empty");
  if (failed(verifyPartySet([&] { return op->emitOpError(); }, participants)) ||
      failed(verifyRanksInWorld(op, participants, "participant")))
    return failure();
  if (std::optional<int64_t> own = getOwnRank(op))
    if (!llvm::is_contained(participants, *own))
      return op->emitOpError("participants do not include the rank the "
                             "program runs on (")
             << *own << ")";
  return verifyTagAndValue(op, tag, type);
}

LogicalResult SendOp::verify() {
  return verifyMessage(*this, getPeer(), getTag(), getValue().getType());
}

LogicalResult RecvOp::verify() {
  return verifyMessage(*this, getPeer(), getTag(), getType());
}

LogicalResult AgreeOp::verify() {
  if (failed(verifyCollective(*this, getParticipants(), getTag(),
                              getPred().getType())))
    return failure();
  return verifyPredicate(*this, getPred().getType());
}

LogicalResult ExchangeOp::verify() {
  if (failed(verifyCollective(*this, getParticipants(), getTag(),
                              getInput().getType())))
    return failure();
  return verifyScalarIndex(*this, getIndex().getType());
}

//===----------------------------------------------------------------------===//
// IfPresentOp
//===----------------------------------------------------------------------===//

LogicalResult IfPresentOp::verify() {
  return verifyRegion(*this, getBody(), "body", getArgs().getTypes(),
                      getResultTypes());
}

#define GET_OP_CLASSES
#include "mplang/Dialect/Simp/IR/SimpOps.cpp.inc"
