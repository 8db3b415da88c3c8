//===- TypeConversion.h - MLIR types and attributes <-> values --*- C++ -*-===//

#ifndef MPLANG_RUNTIME_TYPECONVERSION_H
#define MPLANG_RUNTIME_TYPECONVERSION_H

#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include <optional>

namespace mplang::rt {

/// How the types of one dialect hold run-time values. This file knows the
/// builtin types; a type of another dialect, or a tensor of its elements,
/// is asked of the hook its runtime package registered (lib/Runtime/Dialects).
struct TypeHook {
  /// The dtype of an element type of the dialect (!field.gf128), if any.
  std::optional<DType> (*getDType)(mlir::Type elementType) = nullptr;
  /// Whether `value` is a value of `type`, for types whose values are opaque
  /// objects (!bfv.ciphertext, tensor<4x!crypto.point<p256>>); none when
  /// `type` holds no run-time value.
  std::optional<Status> (*checkValue)(const Value &value,
                                      mlir::Type type) = nullptr;
};
/// Registers the hook of the types of dialect `dialectNamespace`. Whoever
/// defines a dialect's values registers it once, before any value of its
/// types is bound, checked or loaded.
void registerTypeHook(llvm::StringRef dialectNamespace, TypeHook hook);

/// The run-time element type of an MLIR element type (integers of width 1,
/// 8, 16, 32, 64 of any signedness, index as i64, f32, f64, and the element
/// types of registered hooks).
std::optional<DType> getDType(mlir::Type elementType);

/// Element type and shape of a scalar or statically shaped ranked tensor.
struct TensorLayout {
  DType dtype;
  llvm::SmallVector<int64_t, 4> shape;
};
std::optional<TensorLayout> getLayout(mlir::Type type);

/// Whether `value` is a value of `type`: a tensor of its element type and
/// shape, or an object its dialect's hook accepts. Kernels trust the sizes
/// of their operands, so values from a driver or a peer are checked.
Status checkValueType(const Value &value, mlir::Type type);
/// The error for `value` where `type` is declared ("a tensor<4xi64> where
/// !bfv.public_key<...> is declared").
Status typeMismatch(const Value &value, mlir::Type type);
/// Whether a tensor of `dtype` and `shape` is a value of `type` (checked
/// before such a tensor is read from a file).
Status checkTensorType(DType dtype, llvm::ArrayRef<int64_t> shape,
                       mlir::Type type);

/// A value of `type` holding the constant `attr` (integer, float or dense).
/// A gf128 tensor takes the dense integers of its [lo, hi] words.
Status valueFromAttribute(mlir::Attribute attr, mlir::Type type, Value &out);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_TYPECONVERSION_H
