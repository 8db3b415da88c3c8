//===- Context.cpp - BFV parameters and precomputation --------------------===//

#include "mplang/Crypto/BFV/Context.h"
#include "BaseConverter.h"
#include "BigUInt.h"
#include "RnsScaler.h"

#include <algorithm>
#include <numeric>

namespace mplang::crypto::bfv {

int maxCoeffModulusBits(size_t n) {
  switch (n) {
  case 4096:
    return 109;
  case 8192:
    return 218;
  case 16384:
    return 438;
  default:
    return 0;
  }
}

std::vector<int> defaultCoeffModulusBits(size_t n) {
  switch (n) {
  case 4096:
    return {36, 36, 37};
  case 8192:
    return {43, 43, 44, 44, 44};
  case 16384:
    return {48, 48, 48, 49, 49, 49, 49, 49, 49};
  default:
    return {};
  }
}

static llvm::Error paramError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "bfv parameters: " + msg);
}

static uint64_t fnv1a(uint64_t h, uint64_t v) {
  for (int i = 0; i < 8; ++i, v >>= 8)
    h = (h ^ (v & 0xff)) * 0x100000001b3ULL;
  return h;
}

Context::~Context() = default;

llvm::Expected<std::vector<uint64_t>>
coeffModulusPrimes(size_t n, uint64_t t, llvm::ArrayRef<int> coeffBits) {
  int maxBits = maxCoeffModulusBits(n);
  if (!maxBits)
    return paramError("degree " + llvm::Twine(n) +
                      " unsupported (use 4096, 8192 or 16384)");
  std::vector<int> bits = coeffBits.empty() ? defaultCoeffModulusBits(n)
                                            : std::vector<int>(coeffBits);
  if (bits.size() < 2)
    return paramError("need at least one data prime and the special prime");
  for (int b : bits)
    if (b < 20 || b > 60)
      return paramError("prime sizes must be between 20 and 60 bits");
  if (std::accumulate(bits.begin(), bits.end(), 0) > maxBits)
    return paramError(
        "coefficient modulus exceeds " + llvm::Twine(maxBits) +
        " bits, the 128-bit security bound for n = " + llvm::Twine(n));
  if (t >= (uint64_t(1) << 60) || !isPrime(t) || t % (2 * n) != 1)
    return paramError("plain modulus " + llvm::Twine(t) +
                      " must be a prime below 2^60 with t = 1 mod " +
                      llvm::Twine(2 * n) + " (needed for batching)");

  std::vector<uint64_t> primes, exclude{t};
  for (int b : bits) {
    std::vector<uint64_t> p = generateNttPrimes(b, n, 1, exclude);
    if (p.empty())
      return paramError("not enough " + llvm::Twine(b) + "-bit NTT primes");
    primes.push_back(p[0]);
    exclude.push_back(p[0]);
  }
  if (t >= *std::min_element(primes.begin(), primes.end() - 1))
    return paramError("plain modulus must be smaller than every data prime");
  return primes;
}

llvm::Expected<ContextPtr> Context::create(size_t n, uint64_t t,
                                           llvm::ArrayRef<int> coeffBits) {
  llvm::Expected<std::vector<uint64_t>> primes =
      coeffModulusPrimes(n, t, coeffBits);
  if (!primes)
    return primes.takeError();
  std::vector<uint64_t> dataPrimes(primes->begin(), primes->end() - 1),
      exclude = *primes;
  exclude.push_back(t);

  std::shared_ptr<Context> ctx(new Context());
  ctx->n = n;
  ctx->t = Modulus(t);
  ctx->qp = RnsBase(*primes, n);
  ctx->q = ctx->qp.prefix(dataPrimes.size());
  BigUInt bigQ = BigUInt::product(dataPrimes);
  ctx->qBits = bigQ.bitLength();

  // HPS needs R > t n Q (times a margin) so the tensor product and its
  // scaled value are exact in Q R and in R.
  int logN = __builtin_ctzll(n);
  int auxBits = ctx->qBits + (64 - __builtin_clzll(t)) + logN + 4;
  // 50-bit primes keep the auxiliary NTTs on the IFMA path.
  std::vector<uint64_t> aux =
      generateNttPrimes(50, n, (auxBits + 48) / 49, exclude);
  ctx->r = RnsBase(aux, n);
  ctx->qr = ctx->q.concat(ctx->r);
  ctx->qToR = std::make_unique<BaseConverter>(ctx->q, ctx->r);
  ctx->rToQ = std::make_unique<BaseConverter>(ctx->r, ctx->q);
  ctx->tensorScaler = std::make_unique<RnsScaler>(ctx->q, ctx->r, ctx->t);
  for (size_t k = 1; k <= dataPrimes.size(); ++k)
    ctx->plainScalers.push_back(
        std::make_unique<RnsScaler>(ctx->q.prefix(k), RnsBase({}, n), ctx->t));
  ctx->tNtt = std::make_unique<NttTables>(ctx->t, n);

  BigUInt qOverT = bigQ;
  ctx->qModPlain = qOverT.divWord(t);
  const Modulus p = ctx->specialPrime();
  for (size_t i = 0; i < dataPrimes.size(); ++i) {
    const Modulus qi = ctx->q.modulus(i);
    ctx->delta.push_back(qi.shoup(qOverT.modWord(qi.value())));
    ctx->pModQ.push_back(qi.reduce(p.value()));
  }

  // Slot i of row 0 is the evaluation at psi^(3^i), slot i of row 1 at
  // psi^(-3^i); NTT entry j evaluates at psi^(2 bitrev(j) + 1).
  ctx->slotIndex.resize(n);
  uint64_t twoN = 2 * n, pos = 1;
  for (size_t i = 0; i < n / 2; ++i, pos = pos * 3 % twoN) {
    ctx->slotIndex[i] = bitReverse((pos - 1) / 2, logN);
    ctx->slotIndex[n / 2 + i] = bitReverse((twoN - pos - 1) / 2, logN);
  }

  uint64_t h = fnv1a(0xcbf29ce484222325ULL, n);
  h = fnv1a(h, t);
  for (uint64_t prime : *primes)
    h = fnv1a(h, prime);
  ctx->paramHash = h;
  return ctx;
}

} // namespace mplang::crypto::bfv
