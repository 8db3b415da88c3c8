//===- MessageAssemblyTest.cpp - large messages from their parts ----------===//

#include "MessageAssembly.h"

#include "gtest/gtest.h"

using namespace mplang::rt;

namespace {

/// Room for one message of 32 bytes being assembled.
MailboxLimits oneMessage() { return {32, 1}; }

TEST(MessageAssemblyTest, PartsFillOneTensorAndMakeTheMessage) {
  InMemoryHub mailbox(2, oneMessage());
  MessageAssembly assembly(mailbox);
  StatusOr<std::shared_ptr<Tensor>> first =
      assembly.place(1, "k", "head", DType::I64, {4}, 2);
  ASSERT_TRUE(first.isOk()) << first.status().message();
  ASSERT_TRUE(*first);
  EXPECT_EQ((*first)->numBytes(), 32u);
  // The second part writes into the same tensor.
  StatusOr<std::shared_ptr<Tensor>> second =
      assembly.place(1, "k", "head", DType::I64, {4}, 2);
  ASSERT_TRUE(second.isOk());
  EXPECT_EQ(second->get(), first->get());

  StatusOr<std::optional<Message>> partial = assembly.arrived(1, "k", 1, true);
  ASSERT_TRUE(partial.isOk());
  EXPECT_FALSE(*partial);
  StatusOr<std::optional<Message>> whole = assembly.arrived(1, "k", 0, true);
  ASSERT_TRUE(whole.isOk());
  ASSERT_TRUE(*whole);
  EXPECT_EQ((*whole)->head, "head");
  EXPECT_EQ((*whole)->body.get(), first->get());
  // The tensor no longer counts against the mailbox.
  EXPECT_TRUE(mailbox.hold(1, 32).isOk());
}

TEST(MessageAssemblyTest, PartsThatDisagreeAreNotPlaced) {
  InMemoryHub mailbox(2, oneMessage());
  MessageAssembly assembly(mailbox);
  ASSERT_TRUE(assembly.place(1, "k", "head", DType::I64, {4}, 2).isOk());
  StatusOr<std::shared_ptr<Tensor>> otherHead =
      assembly.place(1, "k", "other", DType::I64, {4}, 2);
  ASSERT_TRUE(otherHead.isOk());
  EXPECT_FALSE(*otherHead);
  StatusOr<std::shared_ptr<Tensor>> otherCount =
      assembly.place(1, "k", "head", DType::I64, {4}, 3);
  ASSERT_TRUE(otherCount.isOk());
  EXPECT_FALSE(*otherCount);
  // A part that was not placed is malformed.
  EXPECT_EQ(assembly.arrived(1, "k", 1, false).status().message(),
            "malformed part 1 of k from rank 1: its header does not match "
            "its size or the other parts'");
}

TEST(MessageAssemblyTest, RefusesUnknownAndRepeatedParts) {
  InMemoryHub mailbox(2, oneMessage());
  MessageAssembly assembly(mailbox);
  Status unknown = assembly.arrived(0, "k", 0, true).status();
  EXPECT_EQ(unknown.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(unknown.message(),
            "malformed part 0 of k from rank 0: its header does not match "
            "its size or the other parts'");
  // The same key from another rank is another message.
  ASSERT_TRUE(assembly.place(1, "k", "head", DType::I64, {4}, 2).isOk());
  EXPECT_FALSE(assembly.arrived(0, "k", 0, true).isOk());
  ASSERT_TRUE(assembly.arrived(1, "k", 0, true).isOk());
  EXPECT_EQ(assembly.arrived(1, "k", 0, true).status().message(),
            "part 0 of k from rank 1 came twice");
}

TEST(MessageAssemblyTest, AFullMailboxRefusesANewMessage) {
  InMemoryHub mailbox(2, oneMessage());
  MessageAssembly assembly(mailbox);
  ASSERT_TRUE(assembly.place(1, "a", "head", DType::I64, {4}, 2).isOk());
  StatusOr<std::shared_ptr<Tensor>> refused =
      assembly.place(1, "b", "head", DType::I64, {4}, 2);
  ASSERT_FALSE(refused.isOk());
  EXPECT_EQ(refused.status().message(),
            "rank 1 sent more than is held for receives that have not "
            "started: at most 32 bytes in 1 messages (--max-held-mib, "
            "--max-held-messages)");
  // The refused message was dropped: its parts are unknown.
  EXPECT_FALSE(assembly.arrived(1, "b", 0, true).isOk());
}

} // namespace
