//===- Client.h - requests to a worker --------------------------*- C++ -*-===//
//
// What every client of the worker protocol shares: the driver, peer workers
// and mplang-fetch make their HTTP clients and describe failed requests the
// same way.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_CLIENT_H
#define MPLANG_RUNTIME_CLUSTER_CLIENT_H

#include "mplang/Runtime/Cluster/ClusterConfig.h"

#include <httplib.h>
#include <memory>

namespace mplang::rt {

/// An authenticated client of one worker: keep-alive, TCP_NODELAY, TLS
/// verified against the cluster's CA when the cluster uses TLS. `from` is
/// the identity sent with every request (a rank, or "driver").
std::unique_ptr<httplib::Client> makeClient(const ClusterConfig &config,
                                            int64_t rank,
                                            const std::string &from,
                                            const std::string &token);

/// OpenSSL writes with write(), not send(MSG_NOSIGNAL): a TLS peer that
/// closes its connection must fail the write, not end the process with
/// SIGPIPE. Every process that talks TLS calls this first.
void ignoreBrokenPipes();

/// Describes a failed request: the transport error or the HTTP status and
/// the worker's message.
std::string describeFailure(const httplib::Result &result);
/// `what`, then describeFailure, with the code the HTTP status stands for
/// (no answer: Unavailable).
Status failureStatus(const httplib::Result &result, const llvm::Twine &what);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_CLIENT_H
