//===- ClusterConfig.h - the parties of a distributed run -------*- C++ -*-===//
//
// A cluster file lists the workers in rank order, how each is reached and
// the credentials that authenticate it. It is YAML (upstream's cluster.yaml
// shape) or the same content as JSON; see docs/protocol.md.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_CLUSTERCONFIG_H
#define MPLANG_RUNTIME_CLUSTER_CLUSTERCONFIG_H

#include "mplang/Runtime/Status.h"

#include <optional>
#include <string>
#include <vector>

namespace mplang::rt {

/// Who may make a request: the SHA-256 of its token always; the token itself
/// only where this process acts as that party.
struct Credential {
  std::string token;
  std::string tokenSha256; // lower-case hex
};

struct NodeConfig {
  std::string name;
  std::string host;
  int port = 0;
  Credential credential;
  /// TLS certificate and key of this worker (TLS clusters only): its
  /// server certificate, and its client certificate with mutual TLS.
  std::string certFile, keyFile;
};

struct ClusterConfig {
  std::string path;
  std::vector<NodeConfig> nodes;
  /// The driver (mplang-run) submitting jobs.
  Credential driver;
  /// Set when the workers serve HTTPS; peers and the driver verify their
  /// certificates against this CA bundle.
  std::string tlsCaFile;
  /// Mutual TLS: workers also require a client certificate signed by the
  /// CA whose common name is the caller's node name, or "driver" for the
  /// driver, which presents `driverCertFile`.
  bool tlsMutual = false;
  std::string driverCertFile, driverKeyFile;

  bool tls() const { return !tlsCaFile.empty(); }
  std::optional<int64_t> rankOf(const std::string &name) const;
  std::string endpoint(int64_t rank) const;
};

/// Reads a cluster file; the error names the file and the field at fault.
Status loadClusterConfig(const std::string &path, ClusterConfig &config);
/// Parses cluster-file text (YAML, of which JSON is read with a JSON parser
/// when `isJson`); `path` is for messages and relative file names.
Status parseClusterConfig(const std::string &text, bool isJson,
                          const std::string &path, ClusterConfig &config);

/// Lower-case hex SHA-256 of `data`.
std::string sha256Hex(const std::string &data);
/// Compares a presented token with a credential in constant time.
bool tokenMatches(const Credential &credential, const std::string &token);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_CLUSTERCONFIG_H
