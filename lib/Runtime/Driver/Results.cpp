//===- Results.cpp - a run's results as text and .npy files ---------------===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/FormatValue.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mplang::rt;
using llvm::SmallString;
using llvm::StringRef;
using llvm::Twine;
using mlir::RankedTensorType;
using mlir::Type;

std::vector<HeldResult>
mplang::rt::getHeldResults(const EntrySignature &signature,
                           const RankOutcome &outcome, int64_t rank,
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
    for (const HeldResult &held : getHeldResults(signature, outcome, r, kept))
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
    for (const HeldResult &held : getHeldResults(signature, outcome, r, kept)) {
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
