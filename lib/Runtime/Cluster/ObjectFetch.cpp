//===- ObjectFetch.cpp - kept objects fetched from their party ------------===//

#include "mplang/Runtime/Cluster/ObjectFetch.h"
#include "mplang/Dialect/Store/IR/StoreURI.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Cluster/Client.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Store/ObjectStore.h"

using namespace mplang::rt;

void mplang::rt::serveObject(const httplib::Request &req,
                             httplib::Response &res, int64_t rank,
                             int64_t sender, bool releaseToDriver,
                             bool driverReadsFiles) {
  auto refuse = [&](int status, const std::string &message) {
    res.status = status;
    res.set_content(message + "\n", "text/plain");
  };
  if (sender >= 0 && sender != rank)
    return refuse(403, "objects of rank " + std::to_string(rank) +
                           " are released to rank " + std::to_string(rank) +
                           " only, not to rank " + std::to_string(sender));
  if (sender < 0 && !releaseToDriver)
    return refuse(403, "rank " + std::to_string(rank) +
                           " releases no objects to the driver "
                           "(--release-to-driver=none)");
  std::string uri = req.get_param_value("uri");
  mlir::store::ObjectURI parsed;
  std::string error;
  if (!mlir::store::parseObjectURI(uri, parsed, error))
    return refuse(400, error);
  // With approved programs, files (raw inputs among them) leave the party
  // only as an approved job decides; mem:// objects are what jobs kept.
  if (sender < 0 && !driverReadsFiles &&
      parsed.scheme != mlir::store::Scheme::Memory)
    return refuse(403, "rank " + std::to_string(rank) +
                           " releases no files to the driver "
                           "(--approved-programs): fetch mem:// objects, "
                           "or files with the party's own credential");
  std::shared_ptr<ObjectStore> objects = getObjectStore(rank);
  if (!objects)
    return refuse(404, "rank " + std::to_string(rank) + " has no store");
  ObjectBytes bytes;
  bool expired = false;
  if (Status s = objects->openBytes(uri, bytes, expired); !s.isOk())
    return refuse(expired ? 410 : 404, s.message());
  // Sent in blocks, never held whole.
  res.set_content_provider(
      bytes.size, "application/octet-stream",
      [bytes](size_t offset, size_t length, httplib::DataSink &sink) {
        char block[1 << 16];
        size_t n = bytes.read(offset, block, std::min(length, sizeof(block)));
        return n > 0 && sink.write(block, n);
      });
}

StatusOr<std::string> mplang::rt::fetchObject(const ClusterConfig &config,
                                              int64_t rank,
                                              const std::string &asNode,
                                              const std::string &uri) {
  std::string from = protocol::kDriver, token = config.driver.token;
  if (!asNode.empty()) {
    std::optional<int64_t> self = config.rankOf(asNode);
    if (!self)
      return Status::error("no node '" + asNode + "' in the cluster file");
    from = std::to_string(*self);
    token = config.nodes[*self].credential.token;
  }
  if (token.empty())
    return Status::error(
        "the cluster file has no token of " +
        (asNode.empty() ? std::string("the driver") : "node '" + asNode + "'"));
  std::unique_ptr<httplib::Client> client =
      makeClient(config, rank, from, token);
  httplib::Result result = client->Get(
      "/v1/objects", httplib::Params{{"uri", uri}}, httplib::Headers{});
  if (!result || result->status != 200)
    return Status::error("rank " + llvm::Twine(rank) + " (" +
                         config.endpoint(rank) +
                         ") refused: " + describeFailure(result));
  return std::move(result->body);
}

Status mplang::rt::parseObject(const std::string &bytes, Value &out) {
  // A memory object may be of the kernels' kinds.
  mplang::registerAllValueTypes();
  return llvm::StringRef(bytes).starts_with("\x93NUMPY")
             ? parseNpy(bytes, out)
             : deserializeValue(bytes, out);
}
