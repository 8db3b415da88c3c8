//===- Bindings.cpp - the entry's arguments from the command line ---------===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <cstring>

using namespace mplang::rt;
using llvm::ArrayRef;
using llvm::SmallString;
using llvm::SmallVector;
using llvm::StringRef;
using llvm::Twine;
using mlir::Attribute;
using mlir::MLIRContext;
using mlir::ModuleOp;
using mlir::Type;
using mlir::func::FuncOp;

StatusOr<EntrySignature> mplang::rt::getEntrySignature(ModuleOp program,
                                                       StringRef entry) {
  auto fn = program.lookupSymbol<FuncOp>(entry);
  if (!fn)
    return Status::notFound("no entry function @" + entry);
  EntrySignature signature;
  signature.inputs.assign(fn.getFunctionType().getInputs().begin(),
                          fn.getFunctionType().getInputs().end());
  signature.results.assign(fn.getFunctionType().getResults().begin(),
                           fn.getFunctionType().getResults().end());
  return signature;
}

Value mplang::rt::fromNumpyLayout(const Value &value, Type type) {
  std::optional<TensorLayout> layout = getLayout(type);
  if (!value.isTensor() || !layout || layout->dtype != DType::GF128)
    return value;
  const Tensor &t = value.getTensor();
  SmallVector<int64_t> wordShape(layout->shape.begin(), layout->shape.end());
  wordShape.push_back(2);
  if (t.dtype() != DType::I64 || t.shape() != ArrayRef(wordShape))
    return value;
  Tensor gf(DType::GF128, layout->shape);
  std::memcpy(gf.bytes(), t.bytes(), t.numBytes());
  return Value::tensor(std::move(gf));
}

/// Parses `R:I=TEXT` into its parts.
static bool parseBinding(StringRef spec, int64_t &rank, int64_t &index,
                         StringRef &text) {
  auto [where, rest] = spec.split('=');
  auto [r, i] = where.split(':');
  text = rest;
  return !r.getAsInteger(10, rank) && !i.getAsInteger(10, index) &&
         spec.contains('=');
}

namespace {
/// Binds one argument of one rank at a time.
struct Binder {
  MLIRContext &context;
  const EntrySignature &signature;
  int64_t worldSize;
  bool distributed;
  /// bound[r][i]: global argument i of rank r.
  std::vector<std::vector<std::optional<Value>>> bound;

  Status bind(StringRef spec, bool isNpy);
};
} // namespace

Status Binder::bind(StringRef spec, bool isNpy) {
  int64_t r, i;
  StringRef text;
  if (!parseBinding(spec, r, i, text))
    return Status::invalidArgument("bad binding '" + spec +
                                   "': expected RANK:INDEX=VALUE");
  if (r < 0 || r >= worldSize || i < 0 || i >= int64_t(signature.inputs.size()))
    return Status::invalidArgument("binding '" + spec +
                                   "' names no entry argument of a rank");
  Type local = mlir::simp::getRankLocalType(signature.inputs[i], r);
  if (!local)
    return Status::invalidArgument("rank " + Twine(r) +
                                   " does not hold argument " + Twine(i));
  Value value;
  Status status = Status::ok();
  if (isNpy && text.consume_front("@")) {
    // Rank r's own store holds it: a worker loads it itself, so the driver
    // never sees its bytes.
    if (distributed) {
      bound[r][i] =
          Value::opaque(std::make_shared<ObjectReference>(text.str()));
      return Status::ok();
    }
    status = getObjectStore(r)->load(text, local, value);
  } else if (isNpy) {
    status = readNpy(text, value);
  } else {
    Attribute attr = mlir::parseAttribute(text, &context);
    if (!attr)
      return Status::invalidArgument("cannot parse '" + text +
                                     "' as an attribute");
    status = valueFromAttribute(attr, local, value);
  }
  if (!status.isOk())
    return Status::error(status.code(),
                         "binding '" + spec + "': " + status.message());
  if (isNpy)
    value = fromNumpyLayout(value, local);
  if (Status s = checkValueType(value, local); !s.isOk())
    return Status::invalidArgument("binding '" + spec + "': " + s.message());
  bound[r][i] = value;
  return Status::ok();
}

StatusOr<std::vector<std::vector<Value>>>
mplang::rt::bindInputs(MLIRContext &context, const EntrySignature &signature,
                       int64_t worldSize, bool distributed,
                       ArrayRef<std::string> npyBindings,
                       ArrayRef<std::string> attrBindings) {
  Binder binder{context, signature, worldSize, distributed,
                std::vector<std::vector<std::optional<Value>>>(
                    worldSize, std::vector<std::optional<Value>>(
                                   signature.inputs.size()))};
  for (const std::string &spec : npyBindings)
    MPLANG_RETURN_IF_ERROR(binder.bind(spec, /*isNpy=*/true));
  for (const std::string &spec : attrBindings)
    MPLANG_RETURN_IF_ERROR(binder.bind(spec, /*isNpy=*/false));

  std::vector<std::vector<Value>> args(worldSize);
  for (int64_t r = 0; r < worldSize; ++r)
    for (auto [i, type] : llvm::enumerate(signature.inputs)) {
      if (!mlir::simp::getRankLocalType(type, r))
        continue;
      if (!binder.bound[r][i]) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << type;
        return Status::invalidArgument(
            "rank " + Twine(r) + " needs entry argument " + Twine(i) + " (" +
            text + "): pass --input " + Twine(r) + ":" + Twine(i) +
            "=FILE.npy or --arg " + Twine(r) + ":" + Twine(i) + "=VALUE");
      }
      args[r].push_back(*binder.bound[r][i]);
    }
  return args;
}
