//===- ObjectStoreTest.cpp - a party's files and memory objects -*- C++ -*-===//

#include "mplang/Runtime/Store/ObjectStore.h"

#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/Serialize.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mplang::rt;

namespace {

class ObjectStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    // What field and BFV types hold (gf128 words, BFV objects).
    mplang::registerAllValueTypes();
    llvm::SmallString<128> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("store-test", dir));
    root = std::string(dir);
    ASSERT_EQ(mkdir((root + "/root").c_str(), 0700), 0);
    vector = mlir::RankedTensorType::get({3}, mlir::IntegerType::get(&ctx, 32));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }

  Value sample() {
    Tensor t(DType::I32, {3});
    for (int i = 0; i < 3; ++i)
      t.data<int32_t>()[i] = 10 * i - 7;
    return Value::tensor(std::move(t));
  }
  ObjectStore store(uint64_t maxBytes = 1 << 20, unsigned ttl = 60) {
    return ObjectStore({root + "/root", maxBytes, ttl});
  }

  /// Writes `head` as the file `name` of the root, extended (sparsely) by
  /// `extra` zero bytes.
  void writeFile(llvm::StringRef name, llvm::StringRef head,
                 uint64_t extra = 0) {
    std::string path = root + "/root/" + name.str();
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(write(fd, head.data(), head.size()), ssize_t(head.size()));
    ASSERT_EQ(ftruncate(fd, head.size() + extra), 0);
    close(fd);
  }

  /// The .npy header of a `descr` array of `shape` (Python tuple text).
  static std::string npyHeader(llvm::StringRef descr, llvm::StringRef shape) {
    std::string header =
        ("{'descr': '" + descr +
         "', 'fortran_order': False, 'shape': " + shape + ", }\n")
            .str();
    std::string file = "\x93NUMPY\x01";
    file.push_back('\0');
    uint16_t length = header.size();
    file.append(reinterpret_cast<const char *>(&length), 2);
    return file + header;
  }

  mlir::MLIRContext ctx;
  std::string root;
  mlir::Type vector;
};

TEST_F(ObjectStoreTest, FileRoundTripCreatesDirectories) {
  ObjectStore objects = store();
  ASSERT_TRUE(objects.save("fs://a/b/v.npy", sample(), vector).isOk());
  Value out;
  Status s = objects.load("fs://a/b/v.npy", vector, out);
  ASSERT_TRUE(s.isOk()) << s.message();
  EXPECT_EQ(out.getTensor().data<int32_t>()[2], 13);
  // No temporary file is left next to it.
  std::error_code ec;
  int entries = 0;
  for (llvm::sys::fs::directory_iterator it(root + "/root/a/b", ec), end;
       it != end && !ec; it.increment(ec))
    ++entries;
  EXPECT_EQ(entries, 1);
}

TEST_F(ObjectStoreTest, RefusesWhatLeavesTheRoot) {
  ObjectStore objects = store();
  Value out;
  EXPECT_EQ(objects.load("fs://../x.npy", vector, out).message(),
            "'fs://../x.npy': '..' is not allowed in a path, which must stay "
            "inside the party's store");
  EXPECT_EQ(objects.load("fs:///etc/passwd", vector, out).message(),
            "'fs:///etc/passwd': absolute paths are not allowed, the path is "
            "relative to the party's store");
  // A link to a directory outside, and a saved file behind a link.
  ASSERT_EQ(symlink(root.c_str(), (root + "/root/up").c_str()), 0);
  EXPECT_EQ(objects.save("fs://up/escaped.npy", sample(), vector).message(),
            "fs://up/escaped.npy: 'up' is a symbolic link, which the store "
            "does not follow");
  EXPECT_FALSE(llvm::sys::fs::exists(root + "/escaped.npy"));
}

TEST_F(ObjectStoreTest, SpecialFilesDoNotBlock) {
  ASSERT_EQ(mkfifo((root + "/root/fifo.npy").c_str(), 0600), 0);
  Value out;
  EXPECT_EQ(store().load("fs://fifo.npy", vector, out).message(),
            "fs://fifo.npy: not a regular file");
}

TEST_F(ObjectStoreTest, NoDataRootNoFiles) {
  ObjectStore objects({"", 1 << 20, 60});
  Value out;
  EXPECT_EQ(objects.load("fs://v.npy", vector, out).message(),
            "fs://v.npy: this party has no data root (mplang-worker "
            "--data-root, mplang-run --data-root)");
  EXPECT_TRUE(objects.save("mem://v", sample(), vector).isOk());
}

TEST_F(ObjectStoreTest, MemoryObjectsAreBoundedAndExpire) {
  ObjectStore objects = store(/*maxBytes=*/20);
  ASSERT_TRUE(objects.save("mem://a", sample(), vector).isOk());
  // Replacing an object frees its bytes first; a second one does not fit.
  ASSERT_TRUE(objects.save("mem://a", sample(), vector).isOk());
  EXPECT_EQ(objects.save("mem://b", sample(), vector).message(),
            "mem://b: 12 bytes would exceed the store's memory limit of 20 "
            "bytes, 12 of them in use");
  Value out;
  ASSERT_TRUE(objects.load("mem://a", vector, out).isOk());
  EXPECT_EQ(out.getTensor().data<int32_t>()[0], -7);
  EXPECT_EQ(objects.load("mem://c", vector, out).message(),
            "mem://c: no such object in the party's store");

  ObjectStore expiring = store(1 << 20, /*ttl=*/0);
  ASSERT_TRUE(expiring.save("mem://a", sample(), vector).isOk());
  EXPECT_EQ(expiring.load("mem://a", vector, out).message(),
            "mem://a: expired (objects in memory are kept 0 s)");
}

TEST_F(ObjectStoreTest, MemoryObjectsKeepOnlyTheirOwnBytes) {
  // A view of 12 bytes of a 4 KiB tensor: the store keeps a copy of the
  // 12 bytes it counts, not the buffer the view shares.
  Tensor big(DType::I32, {1024});
  big.data<int32_t>()[257] = 42;
  Value view = Value::tensor(big.view(DType::I32, {3}, 1024));
  ObjectStore objects = store(/*maxBytes=*/20);
  ASSERT_TRUE(objects.save("mem://v", view, vector).isOk());
  view = Value();
  EXPECT_TRUE(big.ownsBytesAlone());
  Value out;
  ASSERT_TRUE(objects.load("mem://v", vector, out).isOk());
  EXPECT_EQ(out.getTensor().bufferBytes(), 12u);
  EXPECT_EQ(out.getTensor().data<int32_t>()[1], 42);
}

TEST_F(ObjectStoreTest, FilesAreJudgedByTheirHeaderBeforeBeingRead) {
  // 1 GiB files, sparse: each is refused from its first bytes and size.
  constexpr uint64_t kGiB = uint64_t(1) << 30;
  auto scalar =
      mlir::RankedTensorType::get({}, mlir::IntegerType::get(&ctx, 64));
  writeFile("magic.npy", "NOT-NPY!", kGiB);
  writeFile("size.npy", npyHeader("<i8", "()"), kGiB);
  writeFile("type.npy", npyHeader("<i8", "(134217728,)"), kGiB);
  // Version 2 has 4 bytes for the header's length.
  std::string longHeader = std::string("\x93NUMPY\x02", 7) + '\0';
  uint32_t length = 1 << 20;
  longHeader.append(reinterpret_cast<const char *>(&length), 4);
  writeFile("long.npy", longHeader, kGiB);
  ObjectStore objects = store();
  Value out;
  EXPECT_EQ(objects.load("fs://magic.npy", scalar, out).message(),
            "fs://magic.npy: not an .npy file (bad magic)");
  EXPECT_EQ(objects.load("fs://size.npy", scalar, out).message(),
            "fs://size.npy: .npy data has 1073741824 bytes, its header's "
            "shape () needs 8");
  EXPECT_EQ(objects.load("fs://type.npy", scalar, out).message(),
            "fs://type.npy holds a tensor<134217728xi64> where tensor<i64> "
            "is declared");
  EXPECT_EQ(objects.load("fs://long.npy", scalar, out).message(),
            "fs://long.npy: .npy header of 1048576 bytes is longer than the "
            "limit of 65536");
  // Serialized objects have no header that tells their size: a bound.
  ctx.loadDialect<mlir::bfv::BFVDialect>();
  mlir::Type key = mlir::parseType("!bfv.public_key<#bfv.params<n = 4096, "
                                   "t = 1032193, q_bits = [36, 36, 37]>>",
                                   &ctx);
  writeFile("big.bfv", "\2", kMaxObjectFileBytes);
  EXPECT_EQ(objects.load("fs://big.bfv", key, out).message(),
            "fs://big.bfv: 1073741825 bytes, more than an object file may "
            "have (1073741824)");
}

TEST_F(ObjectStoreTest, BoolFilesHoldZerosAndOnes) {
  auto mask = mlir::RankedTensorType::get({3}, mlir::IntegerType::get(&ctx, 1));
  writeFile("ok.npy", npyHeader("|b1", "(3,)") + std::string("\1\0\1", 3));
  writeFile("two.npy", npyHeader("|b1", "(3,)") + std::string("\1\2\1", 3));
  ObjectStore objects = store();
  Value out;
  ASSERT_TRUE(objects.load("fs://ok.npy", mask, out).isOk());
  EXPECT_EQ(out.getTensor().bytes()[2], 1);
  EXPECT_EQ(objects.load("fs://two.npy", mask, out).message(),
            "fs://two.npy: .npy bool data holds bytes other than 0 and 1");
}

TEST_F(ObjectStoreTest, Gf128FilesRoundTripAsWords) {
  ctx.loadDialect<mlir::field::FieldDialect>();
  auto type =
      mlir::RankedTensorType::get({2}, mlir::field::GF128Type::get(&ctx));
  Tensor t(DType::GF128, {2});
  t.data<uint64_t>()[3] = 99;
  ObjectStore objects = store();
  ASSERT_TRUE(
      objects.save("fs://g.npy", Value::tensor(std::move(t)), type).isOk());
  Value out;
  Status s = objects.load("fs://g.npy", type, out);
  ASSERT_TRUE(s.isOk()) << s.message();
  EXPECT_EQ(out.getTensor().dtype(), DType::GF128);
  EXPECT_EQ(out.getTensor().data<uint64_t>()[3], 99u);
}

TEST_F(ObjectStoreTest, StoredBytesAreReadInBlocks) {
  // A file is opened, not read: its 1 GiB are there to be sent in blocks.
  writeFile("big.bin", "head", uint64_t(1) << 30);
  ObjectStore objects = store();
  ObjectBytes bytes;
  bool expired;
  ASSERT_TRUE(objects.openBytes("fs://big.bin", bytes, expired).isOk());
  EXPECT_EQ(bytes.size, 4 + (uint64_t(1) << 30));
  char block[8];
  ASSERT_EQ(bytes.read(2, block, 8), 8u);
  EXPECT_EQ(llvm::StringRef(block, 4), llvm::StringRef("ad\0\0", 4));
  EXPECT_EQ(bytes.read(bytes.size, block, 8), 0u);

  // A memory object reads as serializeValue writes it.
  ASSERT_TRUE(objects.save("mem://v", sample(), vector).isOk());
  ASSERT_TRUE(objects.openBytes("mem://v", bytes, expired).isOk());
  std::string all(bytes.size, '\0'), expected = serializeValue(sample());
  ASSERT_EQ(bytes.size, expected.size());
  for (size_t at = 0; at < all.size();)
    at += bytes.read(at, all.data() + at, 5);
  EXPECT_EQ(all, expected);
}

} // namespace
