//===- TypeConversion.cpp - MLIR types and attributes <-> values ----------===//

#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/StringMap.h"
#include <cstring>
#include <mutex>

using namespace mplang::rt;
using namespace mlir;

namespace {
struct TypeHooks {
  std::mutex mutex;
  llvm::StringMap<TypeHook> byDialect;
};

TypeHooks &typeHooks() {
  static TypeHooks hooks;
  return hooks;
}

/// The hook of the dialect of `type` (of its elements, for a tensor).
TypeHook findHook(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  TypeHooks &hooks = typeHooks();
  std::lock_guard<std::mutex> lock(hooks.mutex);
  auto it = hooks.byDialect.find(type.getDialect().getNamespace());
  return it == hooks.byDialect.end() ? TypeHook() : it->second;
}
} // namespace

void mplang::rt::registerTypeHook(llvm::StringRef dialectNamespace,
                                  TypeHook hook) {
  TypeHooks &hooks = typeHooks();
  std::lock_guard<std::mutex> lock(hooks.mutex);
  hooks.byDialect[dialectNamespace] = hook;
}

std::optional<DType> mplang::rt::getDType(Type elementType) {
  if (isa<IndexType>(elementType))
    return DType::I64;
  if (auto integer = dyn_cast<IntegerType>(elementType)) {
    switch (integer.getWidth()) {
    case 1:
      return DType::I1;
    case 8:
      return DType::I8;
    case 16:
      return DType::I16;
    case 32:
      return DType::I32;
    case 64:
      return DType::I64;
    default:
      return std::nullopt;
    }
  }
  if (elementType.isF32())
    return DType::F32;
  if (elementType.isF64())
    return DType::F64;
  if (TypeHook hook = findHook(elementType); hook.getDType)
    return hook.getDType(elementType);
  return std::nullopt;
}

std::optional<TensorLayout> mplang::rt::getLayout(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    // No run-time tensor of this type: too many elements to allocate.
    uint64_t elements;
    if (!tensor.hasStaticShape() || !countElements(tensor.getShape(), elements))
      return std::nullopt;
    std::optional<DType> dtype = getDType(tensor.getElementType());
    if (!dtype)
      return std::nullopt;
    return TensorLayout{*dtype,
                        llvm::SmallVector<int64_t, 4>(tensor.getShape().begin(),
                                                      tensor.getShape().end())};
  }
  std::optional<DType> dtype = getDType(type);
  if (!dtype)
    return std::nullopt;
  return TensorLayout{*dtype, {}};
}

static std::string describeTensor(DType dtype, ArrayRef<int64_t> shape) {
  std::string text = "a tensor<";
  for (int64_t dim : shape)
    text += std::to_string(dim) + "x";
  return text + dtypeName(dtype).str() + ">";
}

static std::string describe(const mplang::rt::Value &value) {
  if (value.isAbsent())
    return "no value";
  if (value.isOpaque())
    return ("a " + value.getOpaque()->kind()).str();
  const Tensor &t = value.getTensor();
  return describeTensor(t.dtype(), t.shape());
}

static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static Status mismatch(llvm::StringRef what, Type type) {
  return Status::error(what + " where " + typeText(type) + " is declared");
}

Status mplang::rt::typeMismatch(const mplang::rt::Value &value, Type type) {
  return mismatch(describe(value), type);
}

Status mplang::rt::checkTensorType(DType dtype, ArrayRef<int64_t> shape,
                                   Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  std::optional<DType> expected =
      getDType(tensor ? tensor.getElementType() : type);
  ArrayRef<int64_t> dims = tensor ? tensor.getShape() : ArrayRef<int64_t>();
  bool matches = expected == dtype && shape.size() == dims.size();
  for (auto [dim, want] : llvm::zip(shape, dims))
    matches &= dim == want || ShapedType::isDynamic(want);
  return matches ? Status::ok() : mismatch(describeTensor(dtype, shape), type);
}

Status mplang::rt::checkValueType(const mplang::rt::Value &value, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (getDType(tensor ? tensor.getElementType() : type)) {
    if (!value.isTensor())
      return typeMismatch(value, type);
    return checkTensorType(value.getTensor().dtype(), value.getTensor().shape(),
                           type);
  }
  if (TypeHook hook = findHook(type); hook.checkValue)
    if (std::optional<Status> checked = hook.checkValue(value, type))
      return *checked;
  return Status::error("no value can be bound to type " + typeText(type));
}

/// Stores `value` (already truncated to the element width) at element `i`.
static void storeInt(Tensor &t, int64_t i, int64_t value) {
  switch (dtypeSize(t.dtype())) {
  case 1:
    t.data<int8_t>()[i] = t.dtype() == DType::I1 ? (value & 1) : value;
    return;
  case 2:
    t.data<int16_t>()[i] = value;
    return;
  case 4:
    t.data<int32_t>()[i] = value;
    return;
  default:
    t.data<int64_t>()[i] = value;
  }
}

Status mplang::rt::valueFromAttribute(Attribute attr, Type type,
                                      mplang::rt::Value &out) {
  std::optional<TensorLayout> layout = getLayout(type);
  if (!layout)
    return Status::error("unsupported type for a constant");
  Tensor t(layout->dtype, layout->shape);
  // A gf128 tensor is given as its [lo, hi] words (what field.to_words
  // returns), so each element takes two integers.
  bool words = t.dtype() == DType::GF128;
  int64_t slots = words ? 2 * t.numElements() : t.numElements();
  if (words && !isa<DenseIntElementsAttr>(attr))
    return Status::error("a gf128 constant is a dense attribute of its words");
  auto setFrom = [&](int64_t i, Attribute element) {
    if (auto integer = dyn_cast<IntegerAttr>(element))
      storeInt(t, i, integer.getValue().getSExtValue());
    else if (auto real = dyn_cast<FloatAttr>(element)) {
      if (t.dtype() == DType::F32)
        t.data<float>()[i] = real.getValueAsDouble();
      else
        t.data<double>()[i] = real.getValueAsDouble();
    } else if (auto boolean = dyn_cast<BoolAttr>(element))
      storeInt(t, i, boolean.getValue());
  };
  // A splat sets one slot and copies its bytes: an attribute per element
  // takes about a second for 2^23 elements.
  auto fill = [&](Attribute element) {
    if (slots == 0)
      return;
    setFrom(0, element);
    t.fill(t.bytes(), t.numBytes() / slots);
  };
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (dense.isSplat()) {
      fill(dense.getSplatValue<Attribute>());
    } else {
      if (dense.getNumElements() != slots)
        return Status::error("constant has the wrong number of elements");
      auto values = dense.getValues<Attribute>();
      for (int64_t i = 0; i < slots; ++i)
        setFrom(i, values[i]);
    }
  } else if (isa<IntegerAttr, FloatAttr, BoolAttr>(attr)) {
    fill(attr);
  } else {
    return Status::error("unsupported constant attribute");
  }
  out = mplang::rt::Value::tensor(std::move(t));
  return Status::ok();
}
