//===- FormatValue.cpp - values as text, as numpy prints them ------------===//

#include "mplang/Runtime/FormatValue.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mplang::rt;
using llvm::ArrayRef;
using llvm::SmallString;
using mlir::RankedTensorType;
using mlir::Type;

namespace {
/// Prints the elements of a tensor as numpy does: nested brackets,
/// booleans as True and False, and, when summarizing, only the first and
/// last kSummaryEdgeItems entries of each longer dimension around `...`.
/// Integers print in decimal, floats as MLIR's attribute printer writes
/// them (1.000000e+00), gf128 elements as 128-bit hex words.
struct ElementPrinter {
  const Tensor &tensor;
  bool isUnsigned;
  llvm::raw_ostream &os;

  template <typename Signed, typename Unsigned> void printInteger(int64_t i) {
    if (isUnsigned)
      os << uint64_t(tensor.data<Unsigned>()[i]);
    else
      os << int64_t(tensor.data<Signed>()[i]);
  }

  void printFloat(const llvm::APFloat &value) {
    SmallString<16> text;
    value.toString(text, /*FormatPrecision=*/6, /*FormatMaxPadding=*/0,
                   /*TruncateZero=*/false);
    os << text;
  }

  void printElement(int64_t i) {
    switch (tensor.dtype()) {
    case DType::I1:
      os << (tensor.data<uint8_t>()[i] ? "True" : "False");
      return;
    case DType::I8:
      return printInteger<int8_t, uint8_t>(i);
    case DType::I16:
      return printInteger<int16_t, uint16_t>(i);
    case DType::I32:
      return printInteger<int32_t, uint32_t>(i);
    case DType::I64:
      return printInteger<int64_t, uint64_t>(i);
    case DType::F32:
      return printFloat(llvm::APFloat(tensor.data<float>()[i]));
    case DType::F64:
      return printFloat(llvm::APFloat(tensor.data<double>()[i]));
    case DType::GF128: {
      // The element lo + hi * 2^64, most significant digit first.
      const uint64_t *words = tensor.data<uint64_t>() + 2 * i;
      os << llvm::format_hex(words[1], 18)
         << llvm::format_hex_no_prefix(words[0], 16);
      return;
    }
    }
  }

  void print(size_t dim, int64_t offset, bool summarize) {
    ArrayRef<int64_t> shape = tensor.shape();
    if (dim == shape.size())
      return printElement(offset);
    int64_t stride = 1;
    for (int64_t size : shape.drop_front(dim + 1))
      stride *= size;
    int64_t n = shape[dim];
    bool cut = summarize && n > 2 * kSummaryEdgeItems;
    os << '[';
    for (int64_t i = 0; i < n; ++i) {
      if (i)
        os << ", ";
      if (cut && i == kSummaryEdgeItems) {
        os << "..., ";
        i = n - kSummaryEdgeItems;
      }
      print(dim + 1, offset + i * stride, summarize);
    }
    os << ']';
  }
};
} // namespace

/// Whether every element of `t` has the bytes of the first.
static bool isSplat(const Tensor &t) {
  size_t width = dtypeSize(t.dtype());
  for (int64_t i = 1; i < t.numElements(); ++i)
    if (std::memcmp(t.bytes(), t.bytes() + i * width, width))
      return false;
  return true;
}

std::string mplang::rt::formatValue(const Value &value, Type type, bool full) {
  if (value.isAbsent())
    return "<absent>";
  // Keys and ciphertexts have no printable form; name their kind.
  if (value.isOpaque())
    return ("<" + value.getOpaque()->kind() + ">").str();
  const Tensor &tensor = value.getTensor();
  auto tensorType = llvm::dyn_cast<RankedTensorType>(type);
  Type elementType = tensorType ? tensorType.getElementType() : type;
  std::string text;
  llvm::raw_string_ostream os(text);
  ElementPrinter printer{tensor, elementType.isUnsignedInteger(), os};
  // A scalar prints as an MLIR attribute would, booleans as numpy's.
  if (!tensorType) {
    printer.printElement(0);
    if (tensor.dtype() != DType::I1)
      os << " : " << type;
    return text;
  }
  os << "dense<";
  if (tensor.numElements() && isSplat(tensor))
    printer.printElement(0);
  else if (tensor.numElements())
    printer.print(0, 0, !full && tensor.numElements() > kSummaryThreshold);
  os << "> : " << type;
  return text;
}
