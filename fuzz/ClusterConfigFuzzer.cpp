//===- ClusterConfigFuzzer.cpp - cluster files ----------------------------===//
//
// parseClusterConfig on the input after its first byte, as JSON when that
// byte is even (seeds start with "j") and as YAML when odd ("y"). Relative
// file names (token_file, TLS files) resolve against the working directory.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Cluster/ClusterConfig.h"

using namespace mplang::rt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  if (size > 64 * 1024)
    return -1;
  std::string text(reinterpret_cast<const char *>(data) + 1, size - 1);
  ClusterConfig config;
  if (parseClusterConfig(text, !(data[0] & 1), "cluster.yaml", config).isOk())
    for (size_t r = 0; r < config.nodes.size(); ++r)
      (void)config.endpoint(r);
  return 0;
}
