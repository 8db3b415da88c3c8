//===- FieldBench.cpp - throughput of the field kernels -------------------===//
//
// GF(2^128) multiply and AES on cache-resident arrays (the sizes of the
// anchor field_bench.cpp in $MPLANG_ANCHORS: 3 x 64 KiB and 16 KiB), once per
// ISA level this CPU supports, OKVS solve/decode at the reference table
// sizes, the scan and row ops at 2^20 (PSI's and silent VOLE's sizes), and
// silent VOLE's compression codes at RR22 PSI's 2^20 size.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Field/Aes.h"
#include "mplang/Crypto/Field/ExpandAccumulate.h"
#include "mplang/Crypto/Field/ExpandConvolute.h"
#include "mplang/Crypto/Field/Okvs.h"
#include "mplang/Crypto/Field/Rows.h"

#include "benchmark/benchmark.h"

#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <sys/mman.h>
#include <vector>

using namespace mplang::crypto::field;

namespace {

std::vector<Gf128> randomBlocks(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Gf128> blocks(n);
  for (Gf128 &block : blocks)
    block = {rng(), rng()};
  return blocks;
}

void gf128Mul(benchmark::State &state, Isa isa) {
  std::vector<Gf128> a = randomBlocks(4096, 1), b = randomBlocks(4096, 2),
                     out(4096);
  for (auto _ : state) {
    mul(a, b, out, isa);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * int64_t(out.size()));
}

void aesEncrypt(benchmark::State &state, Isa isa) {
  Aes128 cipher(kAesExpandKey);
  std::vector<Gf128> blocks = randomBlocks(1024, 3);
  for (auto _ : state) {
    cipher.encrypt(blocks, blocks, isa);
    benchmark::DoNotOptimize(blocks.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * int64_t(blocks.size()));
}

void aesExpandBench(benchmark::State &state, Isa isa) {
  std::vector<Gf128> seeds = randomBlocks(1, 4), out(1024);
  for (auto _ : state) {
    aesExpand(seeds, out.size(), out, false, isa);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * int64_t(out.size()));
}

/// Random keys and values with the reference libraries' table size.
struct OkvsInput {
  explicit OkvsInput(size_t n)
      : values(randomBlocks(n, 5)),
        table(static_cast<size_t>(n * (n <= 100000 ? 1.4 : 1.35))) {
    std::mt19937_64 rng(6);
    for (size_t i = 0; i < n; ++i)
      keys.push_back(rng());
  }
  std::vector<uint64_t> keys;
  std::vector<Gf128> values, table;
  Gf128 seed = {0xDEADBEEF, 0xCAFEBABE};
};

void okvsSolveBench(benchmark::State &state) {
  OkvsInput input(size_t(state.range(0)));
  for (auto _ : state)
    if (llvm::Error err =
            okvsSolve(input.keys, input.values, input.seed, input.table))
      state.SkipWithError(llvm::toString(std::move(err)).c_str());
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

/// Elements in memory advised for 2 MiB transparent huge pages, as a tensor
/// allocator can do for large buffers; random table reads then rarely miss
/// the TLB.
class HugePageArray {
public:
  explicit HugePageArray(size_t size) : size(size) {
    size_t bytes =
        (size * sizeof(Gf128) + kHugePage - 1) / kHugePage * kHugePage;
    data.reset(static_cast<Gf128 *>(std::aligned_alloc(kHugePage, bytes)));
    madvise(data.get(), bytes, MADV_HUGEPAGE);
  }
  llvm::MutableArrayRef<Gf128> get() { return {data.get(), size}; }

private:
  static constexpr size_t kHugePage = size_t(2) << 20;
  struct Free {
    void operator()(Gf128 *p) const { std::free(p); }
  };
  std::unique_ptr<Gf128, Free> data;
  size_t size;
};

void okvsDecodeBench(benchmark::State &state, bool hugePages) {
  OkvsInput input(size_t(state.range(0)));
  if (llvm::Error err =
          okvsSolve(input.keys, input.values, input.seed, input.table))
    state.SkipWithError(llvm::toString(std::move(err)).c_str());
  HugePageArray hugeTable(hugePages ? input.table.size() : 0);
  llvm::ArrayRef<Gf128> table = input.table;
  if (hugePages) {
    std::copy(input.table.begin(), input.table.end(), hugeTable.get().begin());
    table = hugeTable.get();
  }
  std::vector<Gf128> out(input.keys.size());
  for (auto _ : state)
    if (llvm::Error err = okvsDecode(input.keys, table, input.seed, out))
      state.SkipWithError(llvm::toString(std::move(err)).c_str());
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void prefixSumBench(benchmark::State &state) {
  std::vector<Gf128> in = randomBlocks(size_t(state.range(0)), 7),
                     out(in.size());
  for (auto _ : state) {
    prefixSum(in, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

/// Random rows of 5 x i16, PSI's tags (80 bits, 128-bit keys).
constexpr RowShape kTagRows = {5, 2};

std::vector<uint8_t> randomRows(size_t n, uint64_t seed) {
  std::vector<Gf128> blocks = randomBlocks((n * 10 + 15) / 16, seed);
  const auto *bytes = reinterpret_cast<const uint8_t *>(blocks.data());
  return std::vector<uint8_t>(bytes, bytes + n * 10);
}

void sortRowsBench(benchmark::State &state) {
  std::vector<uint8_t> rows = randomRows(size_t(state.range(0)), 8),
                       out(rows.size());
  for (auto _ : state)
    if (llvm::Error err = sortRows(rows, kTagRows, out))
      state.SkipWithError(llvm::toString(std::move(err)).c_str());
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

/// Half of the queries are rows of the set.
void containsRowsBench(benchmark::State &state) {
  size_t n = size_t(state.range(0));
  std::vector<uint8_t> set = randomRows(n, 9), queries = randomRows(n, 10);
  std::copy(set.begin(), set.begin() + set.size() / 2, queries.begin());
  std::vector<uint8_t> found(n);
  for (auto _ : state)
    if (llvm::Error err = containsRows(set, queries, kTagRows, found))
      state.SkipWithError(llvm::toString(std::move(err)).c_str());
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

/// Silent VOLE's outputs for RR22 PSI at 2^20 items (the OKVS size), and
/// its noise positions with each code: 692 trees of 2^12 (expand-convolute)
/// and 400 trees of 2^13 (expand-accumulate).
constexpr size_t kVoleOutputs = 1415680, kExConvNoise = 2834432,
                 kEaNoise = 3276800;

/// state.range(0) vectors (columns) at once.
void exConvBench(benchmark::State &state, Isa isa) {
  size_t width = size_t(state.range(0));
  std::vector<Gf128> noise = randomBlocks(kExConvNoise * width, 11),
                     out(kVoleOutputs * width);
  for (auto _ : state) {
    exConvEncode(noise, width, {1, 2}, 7, kExConvFastBand, out, isa);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * int64_t(out.size()));
}

void eaBench(benchmark::State &state) {
  size_t width = size_t(state.range(0));
  std::vector<Gf128> noise = randomBlocks(kEaNoise * width, 12),
                     out(kVoleOutputs * width);
  for (auto _ : state) {
    eaEncode(noise, width, {1, 2}, 21, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * int64_t(out.size()));
}

} // namespace

int main(int argc, char **argv) {
  // Wall-clock rates, like the anchor benchmark they are compared with.
  for (Isa isa : {Isa::Portable, Isa::AesClmul, Isa::Avx512}) {
    if (!isSupported(isa))
      continue;
    std::string suffix = "/" + getIsaName(isa).str();
    benchmark::RegisterBenchmark(("gf128_mul" + suffix).c_str(), gf128Mul, isa)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("aes_encrypt" + suffix).c_str(), aesEncrypt,
                                 isa)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("aes_expand" + suffix).c_str(),
                                 aesExpandBench, isa)
        ->UseRealTime();
  }
  for (auto *bench :
       {benchmark::RegisterBenchmark("okvs_solve", okvsSolveBench),
        benchmark::RegisterBenchmark("okvs_decode", okvsDecodeBench, false)})
    bench->Arg(1 << 16)
        ->Arg(1 << 20)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  benchmark::RegisterBenchmark("okvs_decode_thp", okvsDecodeBench, true)
      ->Arg(1 << 20)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (auto *bench :
       {benchmark::RegisterBenchmark("prefix_sum", prefixSumBench),
        benchmark::RegisterBenchmark("sort_rows_5xi16", sortRowsBench),
        benchmark::RegisterBenchmark("contains_rows_5xi16", containsRowsBench)})
    bench->Arg(1 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();
  for (Isa isa : {Isa::Portable, Isa::Avx512})
    if (isSupported(isa))
      benchmark::RegisterBenchmark(
          ("exconv_encode/" + getIsaName(isa).str()).c_str(), exConvBench, isa)
          ->Arg(1)
          ->Arg(2)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
  benchmark::RegisterBenchmark("ea_encode", eaBench)
      ->Arg(1)
      ->Arg(2)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
