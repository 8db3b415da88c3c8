//===- ObjectFetch.h - kept objects fetched from their party ----*- C++ -*-===//
//
// GET /v1/objects?uri=URI (docs/protocol.md, "Objects"): a party's kept
// objects go to that party's own credential, and to the driver only when
// the worker releases to the driver.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_OBJECTFETCH_H
#define MPLANG_RUNTIME_CLUSTER_OBJECTFETCH_H

#include "mplang/Runtime/Cluster/ClusterConfig.h"
#include "mplang/Runtime/Value.h"

namespace httplib {
struct Request;
struct Response;
} // namespace httplib

namespace mplang::rt {

/// Serves a fetch on the worker of `rank` from `sender` (a rank, or -1 for
/// the driver): 200 with the object's bytes, 400 for a malformed URI, 403
/// for anyone else (and for the driver a file, unless `driverReadsFiles`),
/// 404 for a missing object, 410 for an expired one.
void serveObject(const httplib::Request &req, httplib::Response &res,
                 int64_t rank, int64_t sender, bool releaseToDriver,
                 bool driverReadsFiles);

/// The stored bytes of `uri`, fetched from the worker of `rank` as the
/// driver (`asNode` empty) or as the node named `asNode` with its own
/// credential.
StatusOr<std::string> fetchObject(const ClusterConfig &config, int64_t rank,
                                  const std::string &asNode,
                                  const std::string &uri);

/// The value of fetched bytes: a file is stored as it was written (.npy, or
/// a serialized object), a memory object as a serialized value, maybe of the
/// kernels' kinds.
Status parseObject(const std::string &bytes, Value &out);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_OBJECTFETCH_H
