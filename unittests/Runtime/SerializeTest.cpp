//===- SerializeTest.cpp - message bytes and .npy parsing -------*- C++ -*-===//

#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Npy.h"

#include "gtest/gtest.h"

using namespace mplang::rt;

namespace {

Value sample() {
  Tensor t(DType::I32, {2, 3});
  for (int i = 0; i < 6; ++i)
    t.data<int32_t>()[i] = i * 7 - 5;
  return Value::tensor(std::move(t));
}

TEST(SerializeTest, RoundTrip) {
  Value out;
  ASSERT_TRUE(deserializeValue(serializeValue(sample()), out).isOk());
  ASSERT_TRUE(out.isTensor());
  EXPECT_EQ(out.getTensor().dtype(), DType::I32);
  EXPECT_EQ(out.getTensor().shape(), llvm::ArrayRef<int64_t>({2, 3}));
  EXPECT_EQ(out.getTensor().data<int32_t>()[5], 30);

  ASSERT_TRUE(deserializeValue(serializeValue(Value::absent()), out).isOk());
  EXPECT_TRUE(out.isAbsent());
}

TEST(SerializeTest, RejectsTruncatedAndHostileBytes) {
  std::string bytes = serializeValue(sample());
  Value out;
  for (size_t n : {size_t(0), size_t(2), size_t(10), bytes.size() - 1})
    EXPECT_FALSE(
        deserializeValue(llvm::StringRef(bytes).take_front(n), out).isOk())
        << n;
  EXPECT_FALSE(deserializeValue(bytes + "x", out).isOk());
  // A shape claiming a huge tensor must not allocate it.
  std::string huge = bytes;
  int64_t dim = int64_t(1) << 40;
  huge.replace(3, sizeof dim, reinterpret_cast<const char *>(&dim), sizeof dim);
  EXPECT_FALSE(deserializeValue(huge, out).isOk());
  std::string badType = bytes;
  badType[1] = 99;
  EXPECT_FALSE(deserializeValue(badType, out).isOk());
}

TEST(NpyTest, ParsesWhatNumpyWrites) {
  // np.save of np.array([[1, 2], [3, 4]], dtype=np.int16), version 1.0.
  std::string header = "{'descr': '<i2', 'fortran_order': False, 'shape': (2, "
                       "2), }";
  header.append(63 - (10 + header.size()) % 64, ' ');
  header.push_back('\n');
  std::string file = "\x93NUMPY\x01";
  file.push_back('\0');
  uint16_t length = header.size();
  file.append(reinterpret_cast<const char *>(&length), 2);
  file += header;
  for (int16_t v : {1, 2, 3, 4})
    file.append(reinterpret_cast<const char *>(&v), 2);

  Value out;
  ASSERT_TRUE(parseNpy(file, out).isOk());
  EXPECT_EQ(out.getTensor().dtype(), DType::I16);
  EXPECT_EQ(out.getTensor().shape(), llvm::ArrayRef<int64_t>({2, 2}));
  EXPECT_EQ(out.getTensor().data<int16_t>()[3], 4);

  EXPECT_FALSE(parseNpy(file.substr(0, file.size() - 1), out).isOk());
  EXPECT_FALSE(parseNpy("not npy", out).isOk());
  std::string fortran = file;
  fortran.replace(fortran.find("False"), 5, "True ");
  EXPECT_FALSE(parseNpy(fortran, out).isOk());
}

} // namespace
