//===- MessageAssembly.cpp - large messages arriving in parts -------------===//

#include "MessageAssembly.h"

using namespace mplang::rt;

StatusOr<std::shared_ptr<Tensor>>
MessageAssembly::place(int64_t from, llvm::StringRef key, llvm::StringRef head,
                       DType dtype, llvm::ArrayRef<int64_t> shape,
                       unsigned count) {
  auto [it, first] = messages.try_emplace({from, key.str()});
  Parts &parts = it->second;
  if (!first)
    return parts.head == head && parts.count == count ? parts.tensor : nullptr;
  Tensor tensor = Tensor::forOverwrite(dtype, shape);
  // Parts of messages that never complete must not pile up.
  if (Status s = mailbox.hold(from, tensor.numBytes()); !s.isOk()) {
    messages.erase(it);
    return s;
  }
  parts.head = head.str();
  parts.count = count;
  parts.tensor = std::make_shared<Tensor>(std::move(tensor));
  return parts.tensor;
}

StatusOr<std::optional<Message>> MessageAssembly::arrived(int64_t from,
                                                          llvm::StringRef key,
                                                          unsigned index,
                                                          bool placed) {
  auto it = messages.find({from, key.str()});
  std::string what = "part " + std::to_string(index) + " of " + key.str() +
                     " from rank " + std::to_string(from);
  if (it == messages.end() || !placed)
    return Status::invalidArgument("malformed " + what +
                                   ": its header does not match its size "
                                   "or the other parts'");
  Parts &parts = it->second;
  if (parts.seen & (1u << index))
    return Status::invalidArgument(what + " came twice");
  if ((parts.seen |= 1u << index) != (1u << parts.count) - 1)
    return std::optional<Message>();
  mailbox.unhold(parts.tensor->numBytes());
  Message whole{std::move(parts.head), std::move(parts.tensor)};
  messages.erase(it);
  return std::optional<Message>(std::move(whole));
}
