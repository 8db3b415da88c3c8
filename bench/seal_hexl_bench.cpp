//===- seal_hexl_bench.cpp - The SEAL (+ Intel HEXL) anchor timings -------===//
//
// Built by run_bfv_hexl_bench.sh against a user-provided SEAL; times the
// operations bfv-bench times, with the same parameters (SEAL's BFVDefault
// coefficient moduli, a 20-bit batching t), one thread. Prints one line per
// operation: "<name> <n> <microseconds>", the fastest of `rounds` batches
// (each batch's mean thread CPU time, as bfv-bench's cpu_time: on a loaded
// machine wall time mostly measures the other jobs), plus the serialized
// sizes of the ciphertext forms.
//
//===----------------------------------------------------------------------===//

#include "seal/seal.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <time.h>
#include <vector>

using namespace seal;

namespace {

double threadCpuUs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

/// Mean CPU time of one call over a batch of about 50 ms, fastest of
/// `rounds`.
double timeUs(int rounds, const std::function<void()> &body) {
  body(); // warm-up: first-touch of buffers and tables
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    size_t iters = 0;
    double start = threadCpuUs(), elapsed = 0;
    do {
      body();
      ++iters;
      elapsed = threadCpuUs() - start;
    } while (elapsed < 50000);
    best = std::min(best, elapsed / iters);
  }
  return best;
}

template <typename T> size_t savedSize(const T &object) {
  std::stringstream s;
  return object.save(s, compr_mode_type::none);
}

void run(size_t n, int rounds) {
  EncryptionParameters parms(scheme_type::bfv);
  parms.set_poly_modulus_degree(n);
  parms.set_coeff_modulus(CoeffModulus::BFVDefault(n));
  parms.set_plain_modulus(PlainModulus::Batching(n, 20));
  SEALContext context(parms);
  KeyGenerator keygen(context);
  PublicKey pk;
  keygen.create_public_key(pk);
  RelinKeys rk;
  keygen.create_relin_keys(rk);
  GaloisKeys gk;
  keygen.create_galois_keys(std::vector<int>{1}, gk);
  Encryptor encryptor(context, pk, keygen.secret_key());
  Decryptor decryptor(context, keygen.secret_key());
  Evaluator eval(context);
  BatchEncoder encoder(context);

  std::vector<uint64_t> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = i % 1000;
  Plaintext pt, out;
  encoder.encode(values, pt);
  Ciphertext x, y, product, result;
  encryptor.encrypt(pt, x);
  encryptor.encrypt(pt, y);
  eval.multiply(x, y, product);
  std::vector<uint64_t> decoded;

  auto report = [&](const char *name, const std::function<void()> &body) {
    std::printf("%s %zu %.2f\n", name, n, timeUs(rounds, body));
    std::fflush(stdout);
  };
  report("encode", [&] { encoder.encode(values, out); });
  report("decode", [&] { encoder.decode(pt, decoded); });
  report("encrypt", [&] { encryptor.encrypt(pt, result); });
  // Seeded: the uniform half is a seed until the ciphertext is loaded.
  report("encrypt_symmetric", [&] {
    Serializable<Ciphertext> ct = encryptor.encrypt_symmetric(pt);
  });
  report("decrypt", [&] { decryptor.decrypt(x, out); });
  report("add", [&] { eval.add(x, y, result); });
  report("mul_plain", [&] { eval.multiply_plain(x, pt, result); });
  report("mul", [&] { eval.multiply(x, y, result); });
  report("relinearize", [&] { eval.relinearize(product, rk, result); });
  report("rotate_rows_1", [&] { eval.rotate_rows(x, 1, gk, result); });
  report("mod_switch", [&] { eval.mod_switch_to_next(x, result); });

  Ciphertext switched;
  eval.mod_switch_to_next(x, switched);
  std::printf("size_fresh %zu %zu\n", n, savedSize(x));
  std::printf("size_seeded %zu %zu\n", n,
              encryptor.encrypt_symmetric(pt).save_size(compr_mode_type::none));
  std::printf("size_switched %zu %zu\n", n, savedSize(switched));
}

} // namespace

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
  for (size_t n : {4096, 8192})
    run(n, rounds);
  return 0;
}
