//===- ValueFuzzer.cpp - values from message bytes ------------------------===//
//
// deserializeValue on tensors, absent values and every opaque (BFV, crypto)
// kind; what it accepts must serialize and deserialize again. Odd first bytes
// instead split the rest into a message's head and body for decodeValue,
// or feed it through a MessageReader as a socket would.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Dialects/BFV/BFVValues.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoRuntime.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoValues.h"
#include "mplang/Runtime/Serialize.h"

#include <cstring>

using namespace mplang::rt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool loaders =
      (registerBFVValueTypes(), registerCryptoValueTypes(), true);
  (void)loaders;
  if (size < 1)
    return 0;
  llvm::StringRef bytes(reinterpret_cast<const char *>(data) + 1, size - 1);
  uint8_t mode = data[0];
  Value value;
  if (mode % 3 == 0) {
    if (deserializeValue(bytes, value).isOk()) {
      Value again;
      if (!deserializeValue(serializeValue(value), again).isOk())
        __builtin_trap();
    }
  } else if (mode % 3 == 1) {
    // A head and a body of raw elements, split where `mode` says.
    size_t cut = std::min<size_t>(bytes.size(), mode / 3);
    Message message;
    message.head = bytes.take_front(cut).str();
    llvm::StringRef rest = bytes.drop_front(cut);
    if (!rest.empty()) {
      auto body = std::make_shared<Tensor>(
          DType::I8, llvm::ArrayRef<int64_t>{int64_t(rest.size())});
      std::memcpy(body->data<uint8_t>(), rest.data(), rest.size());
      message.body = std::move(body);
    }
    (void)decodeValue(std::move(message), value);
  } else {
    MessageReader reader(bytes.size());
    size_t piece = 1 + mode / 3;
    while (!reader.complete()) {
      size_t taken = reader.feed(bytes.take_front(piece));
      bytes = bytes.drop_front(taken);
    }
    (void)decodeValue(reader.take(), value);
  }
  return 0;
}
