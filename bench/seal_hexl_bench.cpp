//===- seal_hexl_bench.cpp - The SEAL (+ Intel HEXL) anchor timings -------===//
//
// Built by run_bfv_hexl_bench.sh against a user-provided SEAL, with and
// without HEXL; times the operations bfv-bench times, with the same
// parameters (SEAL's BFVDefault coefficient moduli, a 20-bit batching t),
// one thread. Prints one line per operation: "<name> <n> <microseconds>",
// the fastest of `batches` batches (each batch's mean thread CPU time, as
// bfv-bench's cpu_time: on a loaded machine wall time mostly measures the
// other jobs), plus the serialized sizes of the ciphertext forms.
//
// Usage: seal-hexl-bench [batches] [operation] [n]
// An operation or degree given times only that one, so that a driver can
// interleave it with bfv-bench operation by operation.
//
//===----------------------------------------------------------------------===//

#include "seal/seal.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

/// CPU time of `iters` calls.
double batchUs(size_t iters, const std::function<void()> &body) {
  double start = threadCpuUs();
  for (size_t i = 0; i < iters; ++i)
    body();
  return threadCpuUs() - start;
}

/// Mean CPU time of one call over a batch of about 50 ms, fastest of
/// `batches`. The clock is read once per batch, as Google Benchmark does:
/// the thread CPU clock is a system call, which costs about as much as the
/// smallest operations.
double timeUs(int batches, const std::function<void()> &body) {
  body(); // warm-up: first-touch of buffers and tables
  size_t iters = 1;
  double elapsed;
  while ((elapsed = batchUs(iters, body)) < 5000)
    iters *= 2;
  iters = std::max<size_t>(1, iters * 50000 / elapsed);
  double best = 1e300;
  for (int r = 0; r < batches; ++r)
    best = std::min(best, batchUs(iters, body) / iters);
  return best;
}

template <typename T> size_t savedSize(const T &object) {
  std::stringstream s;
  return object.save(s, compr_mode_type::none);
}

/// Times the operation `only` (every one when null) at degree n.
void run(size_t n, int batches, const char *only) {
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
  PublicKey pkOut;
  RelinKeys rkOut;
  GaloisKeys gkOut;

  auto report = [&](const char *name, const std::function<void()> &body) {
    if (only && std::strcmp(only, name) != 0)
      return;
    std::printf("%s %zu %.2f\n", name, n, timeUs(batches, body));
    std::fflush(stdout);
  };
  report("keygen_secret", [&] { KeyGenerator fresh(context); });
  report("keygen_public", [&] { keygen.create_public_key(pkOut); });
  report("keygen_relin", [&] { keygen.create_relin_keys(rkOut); });
  report("keygen_galois_step1",
         [&] { keygen.create_galois_keys(std::vector<int>{1}, gkOut); });
  report("encode", [&] { encoder.encode(values, out); });
  report("decode", [&] { encoder.decode(pt, decoded); });
  report("encrypt", [&] { encryptor.encrypt(pt, result); });
  // Seeded: the uniform half is a seed until the ciphertext is loaded.
  report("encrypt_symmetric", [&] {
    Serializable<Ciphertext> ct = encryptor.encrypt_symmetric(pt);
  });
  report("decrypt", [&] { decryptor.decrypt(x, out); });
  report("add", [&] { eval.add(x, y, result); });
  report("add_plain", [&] { eval.add_plain(x, pt, result); });
  report("mul_plain", [&] { eval.multiply_plain(x, pt, result); });
  report("mul", [&] { eval.multiply(x, y, result); });
  report("relinearize", [&] { eval.relinearize(product, rk, result); });
  report("rotate_rows_1", [&] { eval.rotate_rows(x, 1, gk, result); });
  report("mod_switch", [&] { eval.mod_switch_to_next(x, result); });
  if (only)
    return;

  Ciphertext switched;
  eval.mod_switch_to_next(x, switched);
  std::printf("size_fresh %zu %zu\n", n, savedSize(x));
  std::printf("size_seeded %zu %zu\n", n,
              encryptor.encrypt_symmetric(pt).save_size(compr_mode_type::none));
  std::printf("size_switched %zu %zu\n", n, savedSize(switched));
}

} // namespace

int main(int argc, char **argv) {
  int batches = argc > 1 ? std::atoi(argv[1]) : 3;
  const char *only = argc > 2 ? argv[2] : nullptr;
  size_t degree = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
  for (size_t n : {4096, 8192})
    if (!degree || n == degree)
      run(n, batches, only);
  return 0;
}
