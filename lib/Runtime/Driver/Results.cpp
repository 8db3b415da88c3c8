//===- Results.cpp - a run's results as text and .npy files ---------------===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mplang::rt;
using llvm::ArrayRef;
using llvm::SmallString;
using llvm::SmallVector;
using llvm::StringRef;
using llvm::Twine;
using mlir::Attribute;
using mlir::DenseElementsAttr;
using mlir::FloatAttr;
using mlir::IntegerAttr;
using mlir::RankedTensorType;
using mlir::Type;

/// One element of a dense attribute as the attribute printer writes it, or
/// false when it has no plain form.
static bool printElement(Attribute element, llvm::raw_ostream &os) {
  if (auto integer = llvm::dyn_cast<IntegerAttr>(element)) {
    Type type = integer.getType();
    if (type.isInteger(1))
      os << (integer.getValue().isZero() ? "false" : "true");
    else
      integer.getValue().print(os, !type.isUnsignedInteger());
    return true;
  }
  if (auto real = llvm::dyn_cast<FloatAttr>(element)) {
    SmallString<16> text;
    // As the attribute printer writes simple values: 1.000000e+00.
    real.getValue().toString(text, /*FormatPrecision=*/6,
                             /*FormatMaxPadding=*/0,
                             /*TruncateZero=*/false);
    os << text;
    return true;
  }
  return false;
}

namespace {
/// Prints a dense attribute dimension by dimension in decimal; with
/// `summarize`, longer dimensions
/// show only their first and last kSummaryEdgeItems entries.
struct ElementPrinter {
  DenseElementsAttr elements;
  ArrayRef<int64_t> shape;
  bool summarize;
  llvm::raw_ostream &os;

  bool print(size_t dim, int64_t offset) {
    if (dim == shape.size())
      return printElement(elements.getValues<Attribute>()[offset], os);
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
      if (!print(dim + 1, offset + i * stride))
        return false;
    }
    os << ']';
    return true;
  }
};
} // namespace

std::string mplang::rt::formatValue(const Value &value, Type type, bool full) {
  if (value.isAbsent())
    return "<absent>";
  // Keys and ciphertexts have no printable form; name their kind.
  if (value.isOpaque())
    return ("<" + value.getOpaque()->kind() + ">").str();
  Attribute attr = attributeFromValue(value, type);
  std::string text;
  llvm::raw_string_ostream os(text);
  // The attribute printer writes tensors of over 100 elements in hex: print
  // every non-splat tensor ourselves, in decimal.
  auto elements = llvm::dyn_cast<DenseElementsAttr>(attr);
  if (elements && !elements.isSplat()) {
    os << "dense<";
    bool summarize = !full && elements.getNumElements() > kSummaryThreshold;
    ElementPrinter printer{elements, elements.getType().getShape(), summarize,
                           os};
    if (printer.print(0, 0)) {
      os << "> : " << elements.getType();
      return text;
    }
    text.clear();
  }
  attr.print(os);
  return text;
}

namespace {
/// What a rank holds of one result: its value, or the URI it was kept at.
struct HeldResult {
  unsigned index;
  Type type;
  Value value;
  std::optional<std::string> keptAt;
};
} // namespace

static std::vector<HeldResult> heldResults(const EntrySignature &signature,
                                           const RankOutcome &outcome,
                                           int64_t rank,
                                           const KeptResults &kept) {
  std::vector<HeldResult> held;
  auto next = outcome.results.begin();
  for (auto [i, type] : llvm::enumerate(signature.results)) {
    Type local = mlir::simp::getRankLocalType(type, rank);
    // A kept result stayed on its rank: its URI stands for it.
    if (auto it = kept.find({rank, unsigned(i)}); it != kept.end())
      held.push_back({unsigned(i), local, Value::absent(), it->second});
    else
      held.push_back(
          {unsigned(i), local, local ? *next++ : Value::absent(), {}});
  }
  return held;
}

std::vector<std::string>
mplang::rt::formatResults(const EntrySignature &signature,
                          const RunResult &result, const KeptResults &kept,
                          bool full) {
  std::vector<std::string> lines;
  for (auto [r, outcome] : llvm::enumerate(result.ranks)) {
    std::string line = "rank " + std::to_string(r) + ": ";
    for (const HeldResult &held : heldResults(signature, outcome, r, kept))
      line += (held.index ? ", " : "") +
              (held.keptAt ? *held.keptAt
                           : formatValue(held.value, held.type, full));
    lines.push_back(std::move(line));
  }
  return lines;
}

static bool isUnsignedType(Type type) {
  if (auto tensor = llvm::dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  return type.isUnsignedInteger();
}

Status mplang::rt::writeResultsNpy(StringRef dir,
                                   const EntrySignature &signature,
                                   const RunResult &result,
                                   const KeptResults &kept) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return Status::error("cannot create '" + dir + "': " + ec.message());
  for (auto [r, outcome] : llvm::enumerate(result.ranks))
    for (const HeldResult &held : heldResults(signature, outcome, r, kept)) {
      if (!held.value.isTensor())
        continue;
      SmallString<128> path(dir);
      llvm::sys::path::append(path, "rank" + Twine(r) + "_result" +
                                        Twine(held.index) + ".npy");
      if (Status s =
              writeNpy(path, held.value.getTensor(), isUnsignedType(held.type));
          !s.isOk())
        return s;
    }
  return Status::ok();
}
