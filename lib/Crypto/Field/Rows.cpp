//===- Rows.cpp - sorting and membership of short integer rows ------------===//
//
// Rows are packed into 64-bit keys when they fit, else 128-bit ones. Sorting
// is an LSD radix sort on the key's bytes (stable, linear); membership is a
// linear-probing hash table at most half full. Their arrays are huge-page
// buffers: with 4 KiB pages, first-touch faults cost more than the sort.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Field/Rows.h"
#include "mplang/Crypto/Field/Random.h"
#include "mplang/Support/Buffer.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

using namespace mplang::crypto::field;
using mplang::BufferArray;

namespace {

__extension__ typedef unsigned __int128 U128;

/// The number of rows in `bytes`, or an error unless the shape packs into a
/// key and `bytes` holds whole rows.
llvm::Expected<size_t> countRows(llvm::ArrayRef<uint8_t> bytes, RowShape shape,
                                 const char *what) {
  unsigned size = shape.elementBytes;
  if ((size != 1 && size != 2 && size != 4 && size != 8) || shape.width == 0 ||
      shape.width > 16 / size)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "rows: %zu elements of %u bytes do not pack into a 128-bit key",
        shape.width, size);
  size_t rowBytes = shape.width * size;
  if (bytes.size() % rowBytes != 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "rows: the %s hold %zu bytes, not a whole number of %zu-byte rows",
        what, bytes.size(), rowBytes);
  return bytes.size() / rowBytes;
}

/// Calls `f` with a value of the unsigned type of `bytes` bytes.
template <typename F> auto withElement(unsigned bytes, F &&f) {
  switch (bytes) {
  case 1:
    return f(uint8_t{});
  case 2:
    return f(uint16_t{});
  case 4:
    return f(uint32_t{});
  default:
    return f(uint64_t{});
  }
}

/// The least rows a thread packs or unpacks.
constexpr size_t kPackChunk = size_t(1) << 14;

/// Keys whose order is the rows' lexicographic order: element 0 in the
/// most significant bits.
template <typename Key, typename Elem>
BufferArray<Key> packOrdered(const uint8_t *rows, size_t n, size_t width,
                             mplang::ParallelFor parallel) {
  constexpr unsigned bits = 8 * sizeof(Elem);
  BufferArray<Key> keys(n, /*zeroed=*/false);
  parallel(n, kPackChunk, [&](size_t begin, size_t end) {
    const uint8_t *row = rows + begin * width * sizeof(Elem);
    for (size_t r = begin; r < end; ++r, row += width * sizeof(Elem)) {
      Key key = 0;
      for (size_t j = 0; j < width; ++j) {
        Elem e;
        std::memcpy(&e, row + j * sizeof(Elem), sizeof(Elem));
        key |= Key(e) << (bits * (width - 1 - j));
      }
      keys[r] = key;
    }
  });
  return keys;
}

template <typename Key, typename Elem>
void unpackOrdered(const Key *keys, size_t n, size_t width, uint8_t *rows,
                   mplang::ParallelFor parallel) {
  constexpr unsigned bits = 8 * sizeof(Elem);
  parallel(n, kPackChunk, [&](size_t begin, size_t end) {
    uint8_t *row = rows + begin * width * sizeof(Elem);
    for (size_t r = begin; r < end; ++r, row += width * sizeof(Elem))
      for (size_t j = 0; j < width; ++j) {
        auto e = static_cast<Elem>(keys[r] >> (bits * (width - 1 - j)));
        std::memcpy(row + j * sizeof(Elem), &e, sizeof(Elem));
      }
  });
}

/// Byte `b` of `key`, shifting 64-bit words rather than 128-bit ones.
template <typename Key> uint8_t byteOf(Key key, unsigned b) {
  uint64_t word = static_cast<uint64_t>(key);
  if constexpr (sizeof(Key) > 8)
    if (b >= 8)
      word = static_cast<uint64_t>(key >> 64);
  return static_cast<uint8_t>(word >> (8 * (b % 8)));
}

/// Sorts the `n` keys by their low `bytes` bytes, one stable counting pass
/// per byte, least significant first; returns the sorted array, which is
/// `keys` or `scratch` (of n keys).
template <typename Key>
const Key *radixSort(Key *keys, Key *scratch, size_t n, unsigned bytes) {
  if (n == 0)
    return keys;
  std::vector<std::array<size_t, 256>> counts(bytes);
  for (size_t i = 0; i < n; ++i)
    for (unsigned b = 0; b < bytes; ++b)
      ++counts[b][byteOf(keys[i], b)];
  Key *src = keys, *dst = scratch;
  for (unsigned b = 0; b < bytes; ++b) {
    std::array<size_t, 256> &next = counts[b];
    // A byte equal in all keys leaves the order as it is.
    if (next[byteOf(src[0], b)] == n)
      continue;
    size_t offset = 0;
    for (size_t &count : next)
      offset += std::exchange(count, offset);
    for (size_t i = 0; i < n; ++i)
      dst[next[byteOf(src[i], b)]++] = src[i];
    std::swap(src, dst);
  }
  return src;
}

/// Fewer keys are sorted in one radix sort.
constexpr size_t kBucketSortMin = size_t(1) << 14;

/// Sorts the `n` keys of `bytes` bytes; returns the sorted array, which is
/// `keys` or `scratch`. Many keys are first scattered into 256 buckets by
/// their top byte, each of which is then sorted on its own (split among
/// threads by `parallel`) and, for random keys, in cache.
template <typename Key>
const Key *sortKeys(Key *keys, Key *scratch, size_t n, unsigned bytes,
                    mplang::ParallelFor parallel) {
  if (bytes < 2 || n < kBucketSortMin)
    return radixSort(keys, scratch, n, bytes);
  unsigned top = bytes - 1;
  std::array<size_t, 257> start{};
  for (size_t i = 0; i < n; ++i)
    ++start[byteOf(keys[i], top) + 1];
  // One bucket: the top byte orders nothing.
  if (std::count(start.begin(), start.end(), n))
    return radixSort(keys, scratch, n, bytes);
  for (size_t d = 0; d < 256; ++d)
    start[d + 1] += start[d];
  std::array<size_t, 256> next;
  std::copy(start.begin(), start.end() - 1, next.begin());
  for (size_t i = 0; i < n; ++i)
    scratch[next[byteOf(keys[i], top)]++] = keys[i];
  parallel(256, 1, [&](size_t first, size_t last) {
    for (size_t d = first; d < last; ++d) {
      size_t size = start[d + 1] - start[d];
      Key *bucket = scratch + start[d];
      const Key *sorted = radixSort(bucket, keys + start[d], size, top);
      if (sorted != bucket)
        std::copy(sorted, sorted + size, bucket);
    }
  });
  return scratch;
}

template <typename Key>
void sortKeyed(llvm::ArrayRef<uint8_t> rows, size_t n, RowShape shape,
               llvm::MutableArrayRef<uint8_t> sorted,
               mplang::ParallelFor parallel) {
  withElement(shape.elementBytes, [&](auto elem) {
    using Elem = decltype(elem);
    BufferArray<Key> keys =
        packOrdered<Key, Elem>(rows.data(), n, shape.width, parallel);
    BufferArray<Key> scratch(n, /*zeroed=*/false);
    const Key *result = sortKeys(keys.data(), scratch.data(), n,
                                 shape.width * shape.elementBytes, parallel);
    unpackOrdered<Key, Elem>(result, n, shape.width, sorted.data(), parallel);
  });
}

/// Folded 128-bit product, as in multiply-mix hashes.
uint64_t mix(uint64_t a, uint64_t b) {
  U128 product = U128(a) * b;
  return static_cast<uint64_t>(product) ^ static_cast<uint64_t>(product >> 64);
}

/// A table of the distinct non-zero keys of a set (0 marks an empty slot
/// and is tracked apart), at most half full.
template <typename Key> class KeySet {
public:
  KeySet(size_t n, Gf128 salt)
      : mask(llvm::PowerOf2Ceil(std::max<size_t>(2 * n, 2)) - 1),
        slots(mask + 1, /*zeroed=*/true), salt(salt) {}

  void insert(llvm::ArrayRef<Key> keys) {
    visit(keys, [&](size_t, Key key, size_t slot) {
      if (key == 0) {
        hasZero = true;
        return;
      }
      for (; slots[slot] != 0; slot = (slot + 1) & mask)
        if (slots[slot] == key)
          return;
      slots[slot] = key;
    });
  }

  void lookUp(llvm::ArrayRef<Key> keys, llvm::MutableArrayRef<uint8_t> found) {
    visit(keys, [&](size_t i, Key key, size_t slot) {
      bool hit = key == 0 && hasZero;
      for (; key != 0 && slots[slot] != 0; slot = (slot + 1) & mask)
        if (slots[slot] == key) {
          hit = true;
          break;
        }
      found[i] = hit;
    });
  }

private:
  size_t home(Key key) const {
    uint64_t lo = static_cast<uint64_t>(key), hi = 0;
    if constexpr (sizeof(Key) > 8)
      hi = static_cast<uint64_t>(key >> 64);
    return mix(mix(lo ^ salt.lo, hi ^ salt.hi), 0x9E3779B97F4A7C15) & mask;
  }

  /// Calls f(i, keys[i], home slot) in order, prefetching the home slots a
  /// few keys ahead: the table is far larger than the cache.
  template <typename F> void visit(llvm::ArrayRef<Key> keys, F f) {
    constexpr size_t kAhead = 16;
    std::array<size_t, kAhead> ahead;
    for (size_t i = 0; i < std::min(kAhead, keys.size()); ++i)
      ahead[i] = home(keys[i]);
    for (size_t i = 0; i < keys.size(); ++i) {
      size_t slot = ahead[i % kAhead];
      if (i + kAhead < keys.size()) {
        size_t next = home(keys[i + kAhead]);
        __builtin_prefetch(&slots[next]);
        ahead[i % kAhead] = next;
      }
      f(i, keys[i], slot);
    }
  }

  size_t mask;
  BufferArray<Key> slots;
  Gf128 salt;
  bool hasZero = false;
};

template <typename Key>
void containsKeyed(llvm::ArrayRef<uint8_t> set, size_t n,
                   llvm::ArrayRef<uint8_t> queries, RowShape shape, Gf128 salt,
                   llvm::MutableArrayRef<uint8_t> found) {
  withElement(shape.elementBytes, [&](auto elem) {
    using Elem = decltype(elem);
    KeySet<Key> table(n, salt);
    table.insert(
        {packOrdered<Key, Elem>(set.data(), n, shape.width, mplang::serialFor)
             .data(),
         n});
    size_t q = found.size();
    table.lookUp({packOrdered<Key, Elem>(queries.data(), q, shape.width,
                                         mplang::serialFor)
                      .data(),
                  q},
                 found);
  });
}

} // namespace

llvm::Error
mplang::crypto::field::sortRows(llvm::ArrayRef<uint8_t> rows, RowShape shape,
                                llvm::MutableArrayRef<uint8_t> sorted,
                                ParallelFor parallel) {
  llvm::Expected<size_t> n = countRows(rows, shape, "rows");
  if (!n)
    return n.takeError();
  if (sorted.size() != rows.size())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "rows: the output holds %zu bytes, the input %zu", sorted.size(),
        rows.size());
  if (*n == 0)
    return llvm::Error::success();
  if (shape.width * shape.elementBytes <= 8)
    sortKeyed<uint64_t>(rows, *n, shape, sorted, parallel);
  else
    sortKeyed<U128>(rows, *n, shape, sorted, parallel);
  return llvm::Error::success();
}

llvm::Error mplang::crypto::field::containsRows(
    llvm::ArrayRef<uint8_t> set, llvm::ArrayRef<uint8_t> queries,
    RowShape shape, llvm::MutableArrayRef<uint8_t> found) {
  llvm::Expected<size_t> n = countRows(set, shape, "set rows");
  if (!n)
    return n.takeError();
  llvm::Expected<size_t> q = countRows(queries, shape, "queries");
  if (!q)
    return q.takeError();
  if (found.size() != *q)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "rows: %zu results for %zu queries",
                                   found.size(), *q);
  llvm::Expected<Gf128> salt = osRandomBlock();
  if (!salt)
    return salt.takeError();
  if (shape.width * shape.elementBytes <= 8)
    containsKeyed<uint64_t>(set, *n, queries, shape, *salt, found);
  else
    containsKeyed<U128>(set, *n, queries, shape, *salt, found);
  return llvm::Error::success();
}
