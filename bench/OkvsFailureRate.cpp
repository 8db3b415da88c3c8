//===- OkvsFailureRate.cpp - measure how often OKVS solving fails ---------===//
//
// Usage: okvs-failure-rate TRIALS LOG2N... ; prints a markdown table of
// peeling and solve failures for random keys and seeds at several expansion
// rates m/n.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Field/Okvs.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <random>
#include <vector>

using namespace mplang::crypto::field;

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: " << argv[0] << " TRIALS LOG2N...\n";
    return 1;
  }
  int trials = std::atoi(argv[1]);
  const double rates[] = {1.25, 1.3, 1.35, 1.4, 1.6};
  llvm::outs()
      << "| n | m/n | trials | 2-core left by peeling | solve "
         "failures | largest solved core |\n|---|---|---:|---:|---:|---:|\n";
  std::mt19937_64 rng(1);
  for (int arg = 2; arg < argc; ++arg) {
    size_t n = size_t(1) << std::atoi(argv[arg]);
    std::vector<uint64_t> keys(n);
    std::vector<Gf128> values(n);
    for (double rate : rates) {
      std::vector<Gf128> table(static_cast<size_t>(n * rate));
      int cores = 0, failures = 0;
      size_t largestCore = 0;
      for (int trial = 0; trial < trials; ++trial) {
        for (size_t i = 0; i < n; ++i) {
          keys[i] = rng();
          values[i] = {rng(), rng()};
        }
        OkvsSolveStats stats;
        if (llvm::Error err =
                okvsSolve(keys, values, {rng(), rng()}, table, &stats)) {
          llvm::consumeError(std::move(err));
          ++failures;
          ++cores;
          continue;
        }
        cores += stats.coreRows > 0;
        largestCore = std::max(largestCore, stats.coreRows);
      }
      llvm::outs() << "| 2^" << argv[arg] << " | " << llvm::format("%.2f", rate)
                   << " | " << trials << " | " << cores << " | " << failures
                   << " | " << largestCore << " |\n";
    }
  }
  return 0;
}
