//===- SerializeTest.cpp - message bytes and .npy parsing -------*- C++ -*-===//

#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Npy.h"

#include "gtest/gtest.h"
#include <cstring>

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

// i1 elements are the bytes 0 and 1: a peer's 2 or 255 would read as
// false in the interpreter (bit 0) and as true in compiled code.
TEST(SerializeTest, RejectsBooleansOtherThanZeroAndOne) {
  Tensor mask(DType::I1, {4});
  mask.bytes()[1] = 1;
  Value ok = Value::tensor(std::move(mask));
  Value out;
  ASSERT_TRUE(deserializeValue(serializeValue(ok), out).isOk());
  for (char bad : {char(2), char(255)}) {
    std::string bytes = serializeValue(ok);
    bytes.back() = bad;
    EXPECT_EQ(deserializeValue(bytes, out).message(),
              "value message holds i1 elements that are neither 0 nor 1");
    // The same bytes as a received message, its elements in the body.
    MessageReader reader(bytes.size());
    reader.feed(bytes);
    Message message = reader.take();
    ASSERT_TRUE(message.body);
    EXPECT_EQ(decodeValue(std::move(message), out).message(),
              "value message holds i1 elements that are neither 0 nor 1");
  }
}

TEST(SerializeTest, MessagesShareTensors) {
  Value v = sample();
  Message message = encodeValue(v);
  EXPECT_EQ(message.body, v.getTensorHandle());
  EXPECT_EQ(message.head + std::string(reinterpret_cast<const char *>(
                                           v.getTensor().bytes()),
                                       v.getTensor().numBytes()),
            serializeValue(v));
  Value out;
  ASSERT_TRUE(decodeValue(message, out).isOk());
  EXPECT_EQ(&out.getTensor(), &v.getTensor());
  // Without a body the head is a whole value.
  ASSERT_TRUE(decodeValue({serializeValue(v), nullptr}, out).isOk());
  EXPECT_EQ(out.getTensor().data<int32_t>()[5], 30);

  // A head that does not describe its body exactly.
  Message otherShape = message;
  otherShape.head[3] = 3;
  EXPECT_EQ(decodeValue(otherShape, out).message(),
            "value message header does not describe its data");
  Message longer = message;
  longer.head += "x";
  EXPECT_EQ(decodeValue(longer, out).message(),
            "malformed value message header");
  EXPECT_EQ(decodeValue({"", message.body}, out).message(),
            "malformed value message header");
}

TEST(SerializeTest, ReaderFillsTheTensorFromAnyPieces) {
  std::string bytes = serializeValue(sample());
  for (size_t piece : {size_t(1), size_t(5), bytes.size()}) {
    MessageReader reader(bytes.size());
    for (size_t at = 0; at < bytes.size(); at += piece) {
      EXPECT_FALSE(reader.complete());
      EXPECT_EQ(reader.feed(llvm::StringRef(bytes).substr(at, piece)),
                std::min(piece, bytes.size() - at));
    }
    ASSERT_TRUE(reader.complete());
    EXPECT_EQ(reader.feed("more"), 0u);
    Message message = reader.take();
    ASSERT_TRUE(message.body);
    Value out;
    ASSERT_TRUE(decodeValue(std::move(message), out).isOk());
    EXPECT_EQ(out.getTensor().data<int32_t>()[0], -5);
    EXPECT_EQ(out.getTensor().data<int32_t>()[5], 30);
  }
  // A size the header does not account for keeps every byte in the head.
  MessageReader shorter(bytes.size() - 1);
  shorter.feed(bytes);
  Message message = shorter.take();
  EXPECT_FALSE(message.body);
  Value out;
  EXPECT_EQ(decodeValue(std::move(message), out).message(),
            "value message holds 23 data bytes, its header says 24");
}

TEST(SerializeTest, PartsFillOneTensor) {
  using Share = std::pair<uint64_t, uint64_t>;
  EXPECT_EQ(MessageReader::share(10, 0, 3), Share(0, 4));
  EXPECT_EQ(MessageReader::share(10, 1, 3), Share(4, 8));
  EXPECT_EQ(MessageReader::share(10, 2, 3), Share(8, 10));
  EXPECT_EQ(MessageReader::share(1, 1, 2), Share(1, 1));

  Value v = sample(); // 24 bytes of elements: parts of 12
  Message whole = encodeValue(v);
  auto shared =
      std::make_shared<Tensor>(Tensor::forOverwrite(DType::I32, {2, 3}));
  for (unsigned i : {1u, 0u}) {
    MessageReader reader(
        whole.head.size() + 12,
        {i, 2,
         [&](llvm::StringRef head, DType dtype, llvm::ArrayRef<int64_t> shape) {
           EXPECT_EQ(head, whole.head);
           EXPECT_EQ(shape, llvm::ArrayRef<int64_t>({2, 3}));
           return shared;
         }});
    reader.feed(whole.head);
    reader.feed(llvm::StringRef(
        reinterpret_cast<const char *>(v.getTensor().bytes()) + 12 * i, 12));
    ASSERT_TRUE(reader.complete());
    EXPECT_EQ(reader.take().body, shared);
  }
  EXPECT_EQ(std::memcmp(shared->bytes(), v.getTensor().bytes(), 24), 0);
  // A part whose size does not match its share keeps its bytes.
  MessageReader wrong(whole.head.size() + 11, {0, 2, nullptr});
  wrong.feed(serializeValue(v));
  EXPECT_FALSE(wrong.take().body);
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

TEST(NpyTest, RefusesBooleansOtherThanZeroAndOne) {
  Tensor mask(DType::I1, {3});
  std::string file = encodeNpyHeader(mask, false) + std::string("\1\0\1", 3);
  Value out;
  ASSERT_TRUE(parseNpy(file, out).isOk());
  EXPECT_EQ(out.getTensor().bytes()[2], 1);
  file.back() = char(255);
  EXPECT_EQ(parseNpy(file, out).message(),
            ".npy bool data holds bytes other than 0 and 1");
}

TEST(NpyTest, RefusesShapesItsDataDoesNotHave) {
  // Checked before anything of the claimed size is allocated.
  auto npy = [](llvm::StringRef shape, size_t dataBytes) {
    std::string header =
        ("{'descr': '<f4', 'fortran_order': False, 'shape': (" + shape +
         "), }\n")
            .str();
    std::string file = "\x93NUMPY\x01";
    file.push_back('\0');
    uint16_t length = header.size();
    file.append(reinterpret_cast<const char *>(&length), 2);
    return file + header + std::string(dataBytes, '\0');
  };
  Value out;
  EXPECT_EQ(parseNpy(npy("4294967296, 4294967296", 16), out).message(),
            ".npy data has 16 bytes, its header's shape (4294967296, "
            "4294967296) needs more than 2^40 elements");
  EXPECT_EQ(parseNpy(npy("55555555555555,", 8), out).message(),
            ".npy data has 8 bytes, its header's shape (55555555555555,) "
            "needs more than 2^40 elements");
  EXPECT_EQ(parseNpy(npy("3, 2", 20), out).message(),
            ".npy data has 20 bytes, its header's shape (3, 2) needs 24");
  EXPECT_TRUE(parseNpy(npy("0, 4294967296", 0), out).isOk());
  EXPECT_TRUE(parseNpy(npy("3, 2", 24), out).isOk());
}

} // namespace
