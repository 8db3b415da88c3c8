//===- MessageAssembly.h - large messages arriving in parts -----*- C++ -*-===//
//
// A large message comes in parts on parallel connections; each part is
// written into its place in one tensor as it is read, and the message is
// delivered once every part is in (docs/protocol.md, "Messages in parts").
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_CLUSTER_MESSAGEASSEMBLY_H
#define MPLANG_LIB_RUNTIME_CLUSTER_MESSAGEASSEMBLY_H

#include "mplang/Runtime/InMemoryCommunicator.h"

#include <map>
#include <optional>

namespace mplang::rt {

/// The messages of one job being assembled from parts. Not thread-safe:
/// the job's mutex guards it.
class MessageAssembly {
public:
  /// Tensors being assembled count against `mailbox`'s held bytes.
  explicit MessageAssembly(InMemoryHub &mailbox) : mailbox(mailbox) {}

  /// The tensor the parts of message `key` from `from` fill, made for its
  /// first part; null when `head` or `count` differ from its other parts'.
  /// An error when the mailbox holds no more bytes (the message is dropped).
  StatusOr<std::shared_ptr<Tensor>> place(int64_t from, llvm::StringRef key,
                                          llvm::StringRef head, DType dtype,
                                          llvm::ArrayRef<int64_t> shape,
                                          unsigned count);
  /// Records part `index` of `key` from `from`, which `placed` into the
  /// tensor `place` gave or not; the whole message once all parts are in.
  /// An error for a part of no message, one not placed, or one that came
  /// twice.
  StatusOr<std::optional<Message>> arrived(int64_t from, llvm::StringRef key,
                                           unsigned index, bool placed);

private:
  struct Parts {
    /// The header and the tensor all parts share.
    std::string head;
    unsigned count = 0;
    /// Bit i: part i came.
    uint32_t seen = 0;
    std::shared_ptr<Tensor> tensor;
  };
  InMemoryHub &mailbox;
  std::map<std::pair<int64_t, std::string>, Parts> messages;
};

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_CLUSTER_MESSAGEASSEMBLY_H
