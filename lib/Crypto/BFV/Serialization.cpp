//===- Serialization.cpp - Compact versioned BFV object encoding ----------===//

#include "mplang/Crypto/BFV/Serialization.h"
#include "Sampling.h"

#include <algorithm>
#include <cstring>

namespace mplang::crypto::bfv {

namespace {

enum class Kind : uint8_t {
  Ciphertext = 1,
  SecretKey,
  PublicKey,
  RelinKeys,
  GaloisKeys,
  // c_0 and the seed that c_1 expands from.
  SeededCiphertext,
  // Over the first k data primes: k, then as Ciphertext.
  SwitchedCiphertext
};

constexpr uint8_t kMagic[4] = {'M', 'P', 'B', 'F'};

class Writer {
public:
  Writer(const Context &ctx, Kind kind) {
    out = {kMagic[0],
           kMagic[1],
           kMagic[2],
           kMagic[3],
           kSerializationVersion,
           static_cast<uint8_t>(kind),
           static_cast<uint8_t>(__builtin_ctzll(ctx.degree())),
           0};
    word(ctx.plainModulus().value(), 64);
    word(ctx.fingerprint(), 64);
  }

  void word(uint64_t v, int bits) {
    acc |= static_cast<u128>(v) << accBits;
    accBits += bits;
    for (; accBits >= 8; accBits -= 8, acc >>= 8)
      out.push_back(static_cast<uint8_t>(acc));
  }
  void seed(const Seed &s) {
    for (uint8_t b : s)
      word(b, 8);
  }
  void poly(const RnsPoly &p, const RnsBase &base) {
    for (size_t m = 0; m < base.size(); ++m)
      for (size_t i = 0; i < p.n; ++i)
        word(p.component(m)[i], base.modulus(m).bits());
  }
  std::vector<uint8_t> finish() {
    if (accBits)
      word(0, 8 - accBits);
    return std::move(out);
  }

private:
  std::vector<uint8_t> out;
  u128 acc = 0;
  int accBits = 0;
};

class Reader {
public:
  explicit Reader(llvm::ArrayRef<uint8_t> data) : data(data) {}

  llvm::Error header(const Context &ctx, Kind kind) {
    if (data.size() < 24 || std::memcmp(data.data(), kMagic, 4) != 0)
      return fail("not a BFV object");
    if (data[4] != kSerializationVersion)
      return fail("unsupported version");
    if (data[5] != static_cast<uint8_t>(kind))
      return fail("unexpected object kind");
    pos = 8 * 8;
    if (data[6] != __builtin_ctzll(ctx.degree()) || data[7] != 0 ||
        word(64) != ctx.plainModulus().value() || word(64) != ctx.fingerprint())
      return fail("encryption parameters do not match the context");
    return llvm::Error::success();
  }

  /// Whether `bits` more bits are there; marks the stream truncated if not,
  /// so that nothing is allocated for data that does not exist.
  bool has(uint64_t bits) {
    if (bits > 8 * data.size() - pos)
      overrun = true;
    return !overrun;
  }

  /// Returns 0 once past the end; callers check `truncated()`.
  uint64_t word(int bits) {
    if (pos + bits > 8 * data.size()) {
      overrun = true;
      return 0;
    }
    uint64_t v = 0;
    for (int done = 0; done < bits;) {
      size_t byte = pos / 8;
      int offset = pos % 8, take = std::min(8 - offset, bits - done);
      v |= static_cast<uint64_t>((data[byte] >> offset) & ((1u << take) - 1))
           << done;
      done += take;
      pos += take;
    }
    return v;
  }
  Seed seed() {
    Seed s;
    for (uint8_t &b : s)
      b = static_cast<uint8_t>(word(8));
    return s;
  }
  /// Reads base.size() x n residues; false if one is out of range or the
  /// data ends first (checked before the polynomial is allocated).
  bool poly(RnsPoly &p, const RnsBase &base) {
    if (!has(polyBits(base)))
      return false;
    p = RnsPoly(base.size(), base.degree());
    for (size_t m = 0; m < base.size(); ++m)
      for (size_t i = 0; i < p.n; ++i) {
        uint64_t v = word(base.modulus(m).bits());
        if (v >= base.modulus(m).value())
          return false;
        p.component(m)[i] = v;
      }
    return true;
  }
  /// The stream must end here (up to byte padding, which must be zero).
  llvm::Error end() {
    if (overrun)
      return fail("truncated data");
    size_t endBits = (pos + 7) / 8 * 8;
    if (word(static_cast<int>(endBits - pos)) != 0 || overrun)
      return fail("non-zero padding");
    if (pos != 8 * data.size())
      return fail("trailing bytes");
    return llvm::Error::success();
  }

  /// The error of a failed `poly`.
  llvm::Error polyError() const {
    return fail(overrun ? "truncated data" : "residue out of range");
  }

  static uint64_t polyBits(const RnsBase &base) {
    uint64_t bits = 0;
    for (size_t m = 0; m < base.size(); ++m)
      bits += base.modulus(m).bits();
    return bits * base.degree();
  }

  static llvm::Error fail(const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bfv deserialize: " + msg);
  }

private:
  llvm::ArrayRef<uint8_t> data;
  size_t pos = 0;
  bool overrun = false;
};

void writeKeySwitchKey(Writer &w, const Context &ctx, const KeySwitchKey &k) {
  w.seed(k.seed);
  for (const RnsPoly &b : k.b)
    w.poly(b, ctx.keyBase());
}

bool readKeySwitchKey(Reader &r, const Context &ctx, KeySwitchKey &k) {
  // Each b polynomial expands an a polynomial as large: check the bytes of
  // all of them before the first allocation.
  if (!r.has(8 * sizeof(Seed) +
             ctx.dataBase().size() * Reader::polyBits(ctx.keyBase())))
    return false;
  k.seed = r.seed();
  Prg prg(k.seed);
  for (size_t j = 0; j < ctx.dataBase().size(); ++j) {
    k.b.emplace_back();
    if (!r.poly(k.b.back(), ctx.keyBase()))
      return false;
    k.a.push_back(expandUniform(prg, ctx.keyBase()));
  }
  return true;
}

} // namespace

std::vector<uint8_t> serialize(const Context &ctx, const Ciphertext &ct) {
  if (ct.seed) {
    Writer w(ctx, Kind::SeededCiphertext);
    w.poly(ct.polys[0], ctx.dataBase());
    w.seed(*ct.seed);
    return w.finish();
  }
  const size_t primes = ct.numPrimes();
  const bool switched = primes < ctx.dataBase().size();
  Writer w(ctx, switched ? Kind::SwitchedCiphertext : Kind::Ciphertext);
  if (switched)
    w.word(primes, 8);
  w.word(ct.size(), 8);
  for (const RnsPoly &p : ct.polys)
    w.poly(p, ctx.dataBase().prefix(primes));
  return w.finish();
}

std::vector<uint8_t> serialize(const Context &ctx, const SecretKey &sk) {
  Writer w(ctx, Kind::SecretKey);
  for (int8_t c : sk.coeffs)
    w.word(static_cast<uint64_t>(c + 1), 2);
  return w.finish();
}

std::vector<uint8_t> serialize(const Context &ctx, const PublicKey &pk) {
  Writer w(ctx, Kind::PublicKey);
  w.seed(pk.seed);
  w.poly(pk.b, ctx.keyBase());
  return w.finish();
}

std::vector<uint8_t> serialize(const Context &ctx, const RelinKeys &rk) {
  Writer w(ctx, Kind::RelinKeys);
  writeKeySwitchKey(w, ctx, rk.key);
  return w.finish();
}

std::vector<uint8_t> serialize(const Context &ctx, const GaloisKeys &gk) {
  Writer w(ctx, Kind::GaloisKeys);
  w.word(gk.keys.size(), 32);
  for (const auto &[g, key] : gk.keys) {
    w.word(g, 32);
    writeKeySwitchKey(w, ctx, key);
  }
  return w.finish();
}

/// Checks the header, reads the body with `body(reader, object)` (an error
/// or success) and checks that exactly all data was consumed.
template <typename T, typename Body>
static llvm::Expected<T> load(const Context &ctx, llvm::ArrayRef<uint8_t> data,
                              Kind kind, Body body) {
  Reader r(data);
  T object;
  if (llvm::Error err = r.header(ctx, kind))
    return std::move(err);
  if (llvm::Error err = body(r, object))
    return std::move(err);
  if (llvm::Error err = r.end())
    return std::move(err);
  return object;
}

/// The polynomials of a ciphertext over `base`: their count, then each.
static llvm::Error readCiphertextPolys(Reader &r, const RnsBase &base,
                                       Ciphertext &ct) {
  uint64_t size = r.word(8);
  if (size < 2)
    return Reader::fail("ciphertext size below 2");
  if (!r.has(size * Reader::polyBits(base)))
    return r.polyError();
  ct.polys.resize(size);
  for (RnsPoly &p : ct.polys)
    if (!r.poly(p, base))
      return r.polyError();
  return llvm::Error::success();
}

llvm::Expected<Ciphertext> deserializeCiphertext(const Context &ctx,
                                                 llvm::ArrayRef<uint8_t> data) {
  const RnsBase &q = ctx.dataBase();
  // The three forms share this entry point; an unknown kind fails in the
  // header check of the plain form.
  Kind kind = Kind::Ciphertext;
  if (data.size() > 5 && (data[5] == uint8_t(Kind::SeededCiphertext) ||
                          data[5] == uint8_t(Kind::SwitchedCiphertext)))
    kind = static_cast<Kind>(data[5]);
  return load<Ciphertext>(
      ctx, data, kind, [&](Reader &r, Ciphertext &ct) -> llvm::Error {
        switch (kind) {
        case Kind::SeededCiphertext: {
          // c_1 is as large as c_0: check for c_0 before expanding it.
          RnsPoly c0;
          if (!r.has(Reader::polyBits(q) + 8 * sizeof(Seed)) || !r.poly(c0, q))
            return r.polyError();
          ct.seed = r.seed();
          Prg prg(*ct.seed);
          ct.polys.push_back(std::move(c0));
          ct.polys.push_back(expandUniform(prg, q));
          return llvm::Error::success();
        }
        case Kind::SwitchedCiphertext: {
          uint64_t primes = r.word(8);
          if (primes == 0 || primes >= q.size())
            return Reader::fail("modulus-switched ciphertext over " +
                                llvm::Twine(primes) + " of " +
                                llvm::Twine(q.size()) + " primes");
          return readCiphertextPolys(r, q.prefix(primes), ct);
        }
        default:
          return readCiphertextPolys(r, q, ct);
        }
      });
}

llvm::Expected<SecretKey> deserializeSecretKey(const Context &ctx,
                                               llvm::ArrayRef<uint8_t> data) {
  return load<SecretKey>(ctx, data, Kind::SecretKey,
                         [&](Reader &r, SecretKey &sk) -> llvm::Error {
                           if (!r.has(2 * ctx.degree()))
                             return r.polyError();
                           sk.coeffs.resize(ctx.degree());
                           for (int8_t &c : sk.coeffs) {
                             uint64_t v = r.word(2);
                             if (v > 2)
                               return r.polyError();
                             c = static_cast<int8_t>(v) - 1;
                           }
                           sk.ntt = smallToNtt(sk.coeffs, ctx.keyBase());
                           return llvm::Error::success();
                         });
}

llvm::Expected<PublicKey> deserializePublicKey(const Context &ctx,
                                               llvm::ArrayRef<uint8_t> data) {
  return load<PublicKey>(ctx, data, Kind::PublicKey,
                         [&](Reader &r, PublicKey &pk) -> llvm::Error {
                           pk.seed = r.seed();
                           if (!r.poly(pk.b, ctx.keyBase()))
                             return r.polyError();
                           Prg prg(pk.seed);
                           pk.a = expandUniform(prg, ctx.keyBase());
                           return llvm::Error::success();
                         });
}

llvm::Expected<RelinKeys> deserializeRelinKeys(const Context &ctx,
                                               llvm::ArrayRef<uint8_t> data) {
  return load<RelinKeys>(
      ctx, data, Kind::RelinKeys, [&](Reader &r, RelinKeys &rk) -> llvm::Error {
        return readKeySwitchKey(r, ctx, rk.key) ? llvm::Error::success()
                                                : r.polyError();
      });
}

llvm::Expected<GaloisKeys> deserializeGaloisKeys(const Context &ctx,
                                                 llvm::ArrayRef<uint8_t> data) {
  return load<GaloisKeys>(
      ctx, data, Kind::GaloisKeys,
      [&](Reader &r, GaloisKeys &gk) -> llvm::Error {
        uint64_t count = r.word(32);
        if (count > ctx.degree())
          return Reader::fail("too many Galois keys");
        for (uint64_t i = 0; i < count; ++i) {
          uint64_t g = r.word(32);
          if (g % 2 == 0 || g >= 2 * ctx.degree() || gk.keys.count(g))
            return Reader::fail("invalid Galois element");
          if (!readKeySwitchKey(r, ctx, gk.keys[static_cast<uint32_t>(g)]))
            return r.polyError();
        }
        return llvm::Error::success();
      });
}

} // namespace mplang::crypto::bfv
