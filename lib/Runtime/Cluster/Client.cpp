//===- Client.cpp - requests to a worker ----------------------------------===//

#include "mplang/Runtime/Cluster/Client.h"
#include "mplang/Runtime/Cluster/Protocol.h"

#include <csignal>

using namespace mplang::rt;

void mplang::rt::ignoreBrokenPipes() {
  static bool once = (std::signal(SIGPIPE, SIG_IGN), true);
  (void)once;
}

std::unique_ptr<httplib::Client>
mplang::rt::makeClient(const ClusterConfig &config, int64_t rank,
                       const std::string &from, const std::string &token) {
  ignoreBrokenPipes();
  std::unique_ptr<httplib::Client> client;
  if (config.tlsMutual) {
    // The caller's own certificate, which the worker checks against `from`.
    bool driver = from == protocol::kDriver;
    const NodeConfig *self = driver ? nullptr : &config.nodes[std::stoll(from)];
    client = std::make_unique<httplib::Client>(
        config.endpoint(rank), driver ? config.driverCertFile : self->certFile,
        driver ? config.driverKeyFile : self->keyFile);
  } else {
    client = std::make_unique<httplib::Client>(config.endpoint(rank));
  }
  client->set_keep_alive(true);
  client->set_tcp_nodelay(true);
  client->set_connection_timeout(2);
  client->set_read_timeout(60);
  client->set_write_timeout(60);
  client->set_bearer_token_auth(token);
  client->set_default_headers({{protocol::kFromHeader, from}});
  if (config.tls()) {
    client->set_ca_cert_path(config.tlsCaFile);
    client->enable_server_certificate_verification(true);
  }
  return client;
}

std::string mplang::rt::describeFailure(const httplib::Result &result) {
  if (!result)
    return "no answer (" + httplib::to_string(result.error()) + " error)";
  std::string body =
      llvm::StringRef(result->body).take_front(512).rtrim().str();
  return "HTTP " + std::to_string(result->status) +
         (body.empty() ? "" : ": " + body);
}

Status mplang::rt::failureStatus(const httplib::Result &result,
                                 const llvm::Twine &what) {
  StatusCode code = StatusCode::Unavailable;
  if (result)
    switch (result->status) {
    case 400:
    case 413:
      code = StatusCode::InvalidArgument;
      break;
    case 401:
    case 403:
      code = StatusCode::PermissionDenied;
      break;
    case 404:
    case 410:
      code = StatusCode::NotFound;
      break;
    case 503:
      break;
    default:
      code = StatusCode::Failed;
    }
  return Status::error(code, what + describeFailure(result));
}
