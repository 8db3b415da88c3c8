//===- ParallelKernelsTest.cpp - kernels split among pool threads -*- C++ -*-//
//
// The kernels that split their work with parallelFor give the same bits
// whatever the pool size: one thread (one chunk, the serial path), two and
// three (up to 8 and 12 chunks).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"
#include "mplang/Runtime/InMemoryCommunicator.h"

#include <cstring>

using namespace mplang::rt;
using namespace mplang::rt::testing;

namespace {

constexpr const char *kProgram = R"(
  !gf = !field.gf128
  func.func @main(%seeds: tensor<65536x!gf>, %noise: tensor<262144x!gf>,
                  %pairs: tensor<131072x2x!gf>, %keys: tensor<131072xi64>,
                  %table: tensor<1048576x!gf>, %seed: tensor<!gf>)
      -> (tensor<65536x2x!gf>, tensor<4096x64x!gf>, tensor<131072x!gf>,
          tensor<65536x2x!gf>, tensor<131072x!gf>, tensor<131072x!gf>,
          tensor<176948x!gf>, tensor<131072x!gf>, tensor<131072x2xi64>) {
    %short = field.aes_expand %seeds length = 2
        : tensor<65536x!gf> -> tensor<65536x2x!gf>
    %few = tensor.extract_slice %seeds[0] [4096] [1]
        : tensor<65536x!gf> to tensor<4096x!gf>
    %long = field.aes_expand %few length = 64 feed_forward
        : tensor<4096x!gf> -> tensor<4096x64x!gf>
    %y = field.exconv_encode %noise, %seed m = 131072 weight = 7 band = 24
        : tensor<262144x!gf>, tensor<!gf> -> tensor<131072x!gf>
    %z = field.exconv_encode %pairs, %seed m = 65536 weight = 7 band = 24
        : tensor<131072x2x!gf>, tensor<!gf> -> tensor<65536x2x!gf>
    %w = field.ea_encode %noise, %seed m = 131072 weight = 21
        : tensor<262144x!gf>, tensor<!gf> -> tensor<131072x!gf>
    %d = field.decode_okvs %keys, %table, %seed
        : tensor<131072xi64>, tensor<1048576x!gf>, tensor<!gf>
        -> tensor<131072x!gf>
    %values = tensor.extract_slice %noise[0] [131072] [1]
        : tensor<262144x!gf> to tensor<131072x!gf>
    %solved = field.solve_okvs %keys, %values, %seed m = 176948
        : tensor<131072xi64>, tensor<131072x!gf>, tensor<!gf>
        -> tensor<176948x!gf>
    %small = field.decode_okvs %keys, %solved, %seed
        : tensor<131072xi64>, tensor<176948x!gf>, tensor<!gf>
        -> tensor<131072x!gf>
    %words = field.to_words %values : tensor<131072x!gf> -> tensor<131072x2xi64>
    %tags = field.sort_rows %words : tensor<131072x2xi64>
    return %short, %long, %y, %z, %w, %d, %solved, %small, %tags
        : tensor<65536x2x!gf>, tensor<4096x64x!gf>, tensor<131072x!gf>,
          tensor<65536x2x!gf>, tensor<131072x!gf>, tensor<131072x!gf>,
          tensor<176948x!gf>, tensor<131072x!gf>, tensor<131072x2xi64>
  })";

/// A tensor of `shape` filled with a fixed pseudorandom stream.
Value randomTensor(DType dtype, std::vector<int64_t> shape, uint64_t stream) {
  Tensor t(dtype, shape);
  uint64_t x = stream * 0x9E3779B97F4A7C15ULL;
  for (size_t i = 0; i < t.numBytes() / 8; ++i) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    std::memcpy(t.bytes() + 8 * i, &z, 8);
  }
  return Value::tensor(std::move(t));
}

std::vector<Value> runWithPool(const Program &program,
                               llvm::ArrayRef<Value> args, unsigned threads) {
  InMemoryHub hub(1);
  InMemoryCommunicator comm(hub, 0);
  ThreadPool pool(threads);
  Executor executor(comm, pool);
  std::vector<Value> results;
  Status status = executor.run(program.main(), args, results);
  EXPECT_TRUE(status.isOk()) << status.message();
  return results;
}

TEST(ParallelKernelsTest, SameBitsForEveryPoolSize) {
  Program program(kProgram);
  std::vector<Value> args = {randomTensor(DType::GF128, {65536}, 1),
                             randomTensor(DType::GF128, {262144}, 2),
                             randomTensor(DType::GF128, {131072, 2}, 3),
                             randomTensor(DType::I64, {131072}, 4),
                             randomTensor(DType::GF128, {1048576}, 5),
                             randomTensor(DType::GF128, {}, 6)};
  std::vector<Value> serial = runWithPool(program, args, 1);
  ASSERT_EQ(serial.size(), 9u);
  for (unsigned threads : {2u, 3u}) {
    std::vector<Value> split = runWithPool(program, args, threads);
    ASSERT_EQ(split.size(), serial.size());
    for (size_t i = 0; i < serial.size(); ++i) {
      const Tensor &a = serial[i].getTensor(), &b = split[i].getTensor();
      ASSERT_EQ(a.numBytes(), b.numBytes());
      EXPECT_EQ(std::memcmp(a.bytes(), b.bytes(), a.numBytes()), 0)
          << "result " << i << " with " << threads << " threads";
    }
  }
}

} // namespace
