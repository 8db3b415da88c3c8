//===- ObjectStoreTest.cpp - a party's files and memory objects -*- C++ -*-===//

#include "mplang/Runtime/Store/ObjectStore.h"

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

} // namespace
