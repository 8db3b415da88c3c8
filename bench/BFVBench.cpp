//===- BFVBench.cpp - Google Benchmark timings of the BFV library ---------===//
//
// Same operations and parameters as the SEAL anchor (seal_bench.cpp): the
// default coefficient moduli and a 20-bit batching prime t; one thread.
//
//===----------------------------------------------------------------------===//

#include "BFVTestUtil.h"

#include "benchmark/benchmark.h"

#include <algorithm>
#include <map>
#include <memory>

using namespace mplang::crypto::bfv;
using llvm::cantFail;

namespace {

/// The largest 20-bit prime that is 1 mod 2n, as SEAL's Batching(n, 20).
uint64_t plainModulusFor(size_t n) { return generateNttPrimes(20, n, 1)[0]; }

struct Fixture : mplang::crypto::bfv::test::Session {
  explicit Fixture(size_t n) : Session(n, plainModulusFor(n), {1}) {
    values.resize(n);
    for (size_t i = 0; i < n; ++i)
      values[i] = static_cast<int64_t>(i % 1000);
    pt = encode(values);
    prepared = cantFail(eval.preparePlain(pt));
    x = encrypt(values);
    y = encrypt(values);
    product = cantFail(eval.mul(x, y));
    scratch.assign(x.polys[0].component(0), x.polys[0].component(0) + n);
  }

  SymmetricEncryptor symmetric{ctx, keygen.secretKey()};
  std::vector<int64_t> values;
  Plaintext pt;
  PreparedPlaintext prepared;
  Ciphertext x, y, product;
  std::vector<uint64_t> scratch;
};

Fixture &fixture(size_t n) {
  static std::map<size_t, std::unique_ptr<Fixture>> cache;
  std::unique_ptr<Fixture> &f = cache[n];
  if (!f)
    f = std::make_unique<Fixture>(n);
  return *f;
}

/// Registers `body(state, fixture)` as BFV/<name>/<n> for every degree.
template <typename Body> void add(const char *name, Body body) {
  benchmark::RegisterBenchmark((std::string("BFV/") + name).c_str(),
                               [body](benchmark::State &state) {
                                 Fixture &f = fixture(state.range(0));
                                 for (auto _ : state)
                                   body(f);
                               })
      ->Arg(4096)
      ->Arg(8192)
      ->Arg(16384)
      ->Unit(benchmark::kMicrosecond)
      // Other jobs share this machine: the fastest repetition is the most
      // stable estimate.
      ->ComputeStatistics("min", [](const std::vector<double> &v) {
        return *std::min_element(v.begin(), v.end());
      });
}

template <typename T> void keep(T &&value) { benchmark::DoNotOptimize(value); }

void registerAll() {
  add("keygen_secret",
      [](Fixture &f) { keep(cantFail(KeyGenerator::create(f.ctx))); });
  add("keygen_public",
      [](Fixture &f) { keep(cantFail(f.keygen.createPublicKey())); });
  add("keygen_relin",
      [](Fixture &f) { keep(cantFail(f.keygen.createRelinKeys())); });
  add("keygen_galois_step1", [](Fixture &f) {
    keep(cantFail(f.keygen.createGaloisKeys({1}, /*columns=*/false)));
  });
  add("encode", [](Fixture &f) { keep(cantFail(f.encoder.encode(f.values))); });
  add("decode", [](Fixture &f) { keep(cantFail(f.encoder.decode(f.pt))); });
  add("encrypt", [](Fixture &f) { keep(cantFail(f.encryptor.encrypt(f.pt))); });
  add("encrypt_symmetric",
      [](Fixture &f) { keep(cantFail(f.symmetric.encrypt(f.pt))); });
  add("decrypt", [](Fixture &f) { keep(cantFail(f.decryptor.decrypt(f.x))); });
  add("add", [](Fixture &f) { keep(cantFail(f.eval.add(f.x, f.y))); });
  add("add_plain",
      [](Fixture &f) { keep(cantFail(f.eval.addPlain(f.x, f.pt))); });
  add("mul_plain",
      [](Fixture &f) { keep(cantFail(f.eval.mulPlain(f.x, f.pt))); });
  add("mul_plain_prepared",
      [](Fixture &f) { keep(cantFail(f.eval.mulPlain(f.x, f.prepared))); });
  add("mul", [](Fixture &f) { keep(cantFail(f.eval.mul(f.x, f.y))); });
  add("relinearize",
      [](Fixture &f) { keep(cantFail(f.eval.relinearize(f.product, f.rk))); });
  add("mul_relin", [](Fixture &f) {
    keep(cantFail(f.eval.relinearize(cantFail(f.eval.mul(f.x, f.y)), f.rk)));
  });
  add("mod_switch", [](Fixture &f) { keep(cantFail(f.eval.modSwitch(f.x))); });
  // Encryption of zero, addition, switch to the first prime and flood.
  add("sanitize",
      [](Fixture &f) { keep(cantFail(f.encryptor.sanitize(f.x))); });
  add("rotate_rows_1",
      [](Fixture &f) { keep(cantFail(f.eval.rotateRows(f.x, 1, f.gk))); });
  // One prime; the transform is repeated in place on the same buffer.
  add("ntt_forward", [](Fixture &f) {
    f.ctx->dataBase().ntt(0).forward(f.scratch.data());
    benchmark::ClobberMemory();
  });
  // The transform and product by a transformed plaintext of multiply-plain.
  add("ntt_forward_mul", [](Fixture &f) {
    f.ctx->dataBase().ntt(0).forward(f.x.polys[0].component(0),
                                     f.scratch.data(),
                                     f.prepared.ntt.component(0));
    benchmark::ClobberMemory();
  });
  add("ntt_inverse", [](Fixture &f) {
    f.ctx->dataBase().ntt(0).inverse(f.scratch.data());
    benchmark::ClobberMemory();
  });
}

} // namespace

int main(int argc, char **argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
