//===- BFVTestUtil.h - Shared fixtures for the BFV tests --------*- C++ -*-===//

#ifndef MPLANG_UNITTESTS_CRYPTO_BFVTESTUTIL_H
#define MPLANG_UNITTESTS_CRYPTO_BFVTESTUTIL_H

#include "mplang/Crypto/BFV/BatchEncoder.h"
#include "mplang/Crypto/BFV/Encryptor.h"
#include "mplang/Crypto/BFV/Evaluator.h"

#include "gtest/gtest.h"

#include <map>
#include <optional>
#include <random>

namespace mplang::crypto::bfv::test {

/// Keys and helpers for one parameter set. Galois keys are created for
/// `steps` only (large key sets are slow to build at n = 16384).
struct Session {
  Session(size_t n, uint64_t t, llvm::ArrayRef<int64_t> steps,
          llvm::ArrayRef<int> coeffBits = {})
      : ctx(llvm::cantFail(Context::create(n, t, coeffBits))),
        keygen(llvm::cantFail(KeyGenerator::create(ctx))),
        pk(llvm::cantFail(keygen.createPublicKey())),
        rk(llvm::cantFail(keygen.createRelinKeys())),
        gk(llvm::cantFail(keygen.createGaloisKeys(steps))), encoder(ctx),
        encryptor(ctx, pk), decryptor(ctx, keygen.secretKey()), eval(ctx) {}

  Plaintext encode(llvm::ArrayRef<int64_t> v) const {
    return llvm::cantFail(encoder.encode(v));
  }
  Ciphertext encrypt(llvm::ArrayRef<int64_t> v) const {
    return llvm::cantFail(encryptor.encrypt(encode(v)));
  }
  std::vector<int64_t> decrypt(const Ciphertext &ct) const {
    return llvm::cantFail(
        encoder.decode(llvm::cantFail(decryptor.decrypt(ct))));
  }
  int budget(const Ciphertext &ct) const {
    return llvm::cantFail(decryptor.invariantNoiseBudget(ct));
  }

  ContextPtr ctx;
  KeyGenerator keygen;
  PublicKey pk;
  RelinKeys rk;
  GaloisKeys gk;
  BatchEncoder encoder;
  Encryptor encryptor;
  Decryptor decryptor;
  Evaluator eval;
};

/// `values` padded with zeros to n entries.
inline std::vector<int64_t> padded(std::vector<int64_t> values, size_t n) {
  values.resize(n, 0);
  return values;
}

/// True if `e` holds an error (which is consumed).
template <typename T> bool failed(llvm::Expected<T> e) {
  if (e)
    return false;
  llvm::consumeError(e.takeError());
  return true;
}

/// A suite over the degrees 4096 and 8192 sharing one Session per degree
/// (t = 1032193, rotation step 1), with vectors of values in [-500, 500]
/// drawn from a generator seeded with n + `SeedOffset`.
template <unsigned SeedOffset>
class DegreeTest : public ::testing::TestWithParam<size_t> {
protected:
  static void SetUpTestSuite() {
    for (size_t n : {4096u, 8192u})
      sessions()[n] = new Session(n, 1032193, {1});
  }
  static void TearDownTestSuite() {
    for (auto &[n, s] : sessions())
      delete s;
    sessions().clear();
  }
  static std::map<size_t, Session *> &sessions() {
    static std::map<size_t, Session *> bySize;
    return bySize;
  }

  Session &s() { return *sessions().at(GetParam()); }
  const Context &ctx() { return *s().ctx; }
  std::vector<int64_t> random() {
    std::vector<int64_t> v(GetParam());
    for (int64_t &x : v)
      x = static_cast<int64_t>(rng() % 1001) - 500;
    return v;
  }

  std::mt19937_64 rng{GetParam() + SeedOffset};
};

} // namespace mplang::crypto::bfv::test

#endif // MPLANG_UNITTESTS_CRYPTO_BFVTESTUTIL_H
