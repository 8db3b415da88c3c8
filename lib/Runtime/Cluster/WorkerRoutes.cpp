//===- WorkerRoutes.cpp - the worker's HTTP routes and authentication -----===//
//
// Who may call what: tokens, mutual-TLS names and body limits are checked
// before a request is read; the driver's job routes and the abort notice.
//
//===----------------------------------------------------------------------===//

#include "WorkerImpl.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Cluster/ObjectFetch.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <openssl/ssl.h>
#include <openssl/x509.h>

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using namespace mplang::rt::worker;

void mplang::rt::worker::reply(httplib::Response &res, int status,
                               const std::string &message) {
  res.status = status;
  res.set_content(message + "\n", "text/plain");
}

static const char *stateName(JobState state) {
  switch (state) {
  case JobState::Waiting:
    return "waiting";
  case JobState::Running:
    return "running";
  case JobState::Succeeded:
    return "succeeded";
  case JobState::Failed:
    return "failed";
  }
  return "";
}

/// The common name of the client certificate a TLS request came with, or
/// empty.
static std::string clientCommonName(const httplib::Request &req) {
  X509 *cert = req.ssl ? SSL_get_peer_certificate(req.ssl) : nullptr;
  if (!cert)
    return "";
  char name[256] = "";
  X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, name,
                            sizeof name);
  X509_free(cert);
  return name;
}

std::optional<int64_t> Worker::Impl::authenticate(const httplib::Request &req,
                                                  httplib::Response &res) {
  std::string auth = req.get_header_value("Authorization");
  llvm::StringRef token(auth);
  if (!token.consume_front("Bearer ")) {
    reply(res, 401, "missing 'Authorization: Bearer TOKEN'");
    return std::nullopt;
  }
  std::string from = req.get_header_value(kFromHeader);
  const Credential *credential = nullptr;
  int64_t rank = -1;
  if (from == kDriver) {
    credential = &config.driver;
  } else if (!llvm::StringRef(from).getAsInteger(10, rank) && rank >= 0 &&
             rank < int64_t(config.nodes.size()) &&
             // The party itself, only to fetch its own objects.
             (rank != options.rank || req.path == "/v1/objects")) {
    credential = &config.nodes[rank].credential;
  } else {
    reply(res, 401,
          std::string("missing or bad ") + kFromHeader + " header '" + from +
              "': expected 'driver' or a peer rank");
    return std::nullopt;
  }
  if (!tokenMatches(*credential, token.str())) {
    reply(res, 401, "bad token for " + from);
    return std::nullopt;
  }
  // The certificate, like the token, must be the sender's own.
  std::string name = rank < 0 ? kDriver : config.nodes[rank].name;
  if (config.tlsMutual && clientCommonName(req) != name) {
    reply(res, 401,
          "the client certificate names '" + clientCommonName(req) +
              "', not '" + name + "'");
    return std::nullopt;
  }
  return rank;
}

bool Worker::Impl::admit(const httplib::Request &req, httplib::Response &res) {
  // Liveness for supervisors and load balancers, before authentication: an
  // empty 200 that says nothing but that the process serves.
  if (req.method == "GET" && req.path == "/v1/live") {
    res.status = 200;
    return false;
  }
  if (!authenticate(req, res))
    return false;
  ConnectionGate::authenticated();
  llvm::StringRef path(req.path);
  if (path.consume_front("/v1/jobs/") &&
      !isValidJobId(path.take_until([](char c) { return c == '/'; }))) {
    reply(res, 400, "bad job id: expected 1-64 of [A-Za-z0-9_-]");
    return false;
  }
  uint64_t length = 0;
  // A stream sent with a length carries one message and its frame header
  // (at most 65819 bytes).
  uint64_t limit = req.path == "/v1/stream" ? options.maxMessageBytes + 65819
                                            : options.maxJobBytes;
  if (!llvm::StringRef(req.get_header_value("Content-Length"))
           .getAsInteger(10, length) &&
      length > limit) {
    reply(res, 413,
          "body of " + std::to_string(length) + " bytes exceeds the limit of " +
              std::to_string(limit));
    return false;
  }
  return true;
}

std::shared_ptr<Job> Worker::Impl::findOrCreate(const std::string &id,
                                                httplib::Response &res,
                                                bool submitting) {
  StatusOr<std::shared_ptr<Job>> job = jobs.findOrCreate(id, submitting);
  if (job.isOk())
    return *job;
  reply(res,
        job.status().code() == StatusCode::Unavailable ? 503 /* too many */
                                                       : 410 /* released */,
        job.status().message());
  return nullptr;
}

int64_t Worker::Impl::sender(const httplib::Request &req) {
  std::string from = req.get_header_value(kFromHeader);
  return from == kDriver ? -1 : std::stoll(from);
}

void Worker::Impl::status(const httplib::Request &req, httplib::Response &res) {
  std::shared_ptr<Job> job = jobs.find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  unsigned waitMs = 0;
  if (req.has_param("wait_ms") &&
      llvm::StringRef(req.get_param_value("wait_ms")).getAsInteger(10, waitMs))
    return reply(res, 400, "wait_ms must be a number");
  std::unique_lock<std::mutex> lock(job->mutex);
  // A long poll: answer as soon as the job ends.
  job->changed.wait_for(lock,
                        std::chrono::milliseconds(std::min(waitMs, 10000u)),
                        [&] { return job->terminal() || stopping; });
  nlohmann::json body = {{"job", job->id}, {"state", stateName(job->state)}};
  if (job->progress) {
    body["ops_done"] = job->progress->done.load();
    body["ops_known"] = job->progress->known.load();
  }
  if (job->state == JobState::Failed) {
    body["error"] = job->error.message();
    body["code"] = statusCodeName(job->error.code());
    if (!job->errorLocation.empty())
      body["location"] = job->errorLocation;
  }
  // A job can be aborted before it runs (a peer failed, a bad message).
  if (Status reason = job->comm.abortStatus(); !reason.isOk())
    body["abort_reason"] = options.releaseDetails
                               ? reason.message()
                               : "aborted (details in the worker's log)";
  res.set_content(body.dump(), "application/json");
}

void Worker::Impl::abort(const httplib::Request &req, httplib::Response &res) {
  if (req.body.size() > 4096)
    return reply(res, 413, "abort reason longer than 4096 bytes");
  std::shared_ptr<Job> job = findOrCreate(req.matches[1], res, false);
  if (!job)
    return;
  int64_t from = sender(req);
  job->comm.abortFromPeer(Status::aborted(
      "aborted by " +
      (from < 0 ? std::string("the driver") : "rank " + std::to_string(from)) +
      ": " + req.body));
  jobs.releaseEarly(*job);
  res.status = 204;
}

void Worker::Impl::routes() {
  const std::string job = "/v1/jobs/([^/]+)";
  auto driverOnly = [this](auto handler) {
    return
        [this, handler](const httplib::Request &req, httplib::Response &res) {
          if (sender(req) >= 0)
            return reply(res, 403, "only the driver may do this");
          (this->*handler)(req, res);
        };
  };
  server->set_pre_routing_handler(
      [this](const httplib::Request &req, httplib::Response &res) {
        return admit(req, res) ? httplib::Server::HandlerResponse::Unhandled
                               : httplib::Server::HandlerResponse::Handled;
      });
  server->Get(
      "/v1/health", [this](const httplib::Request &, httplib::Response &res) {
        size_t count = jobs.size();
        nlohmann::json body = {{"protocol", 1},
                               {"rank", options.rank},
                               {"name", config.nodes[options.rank].name},
                               {"world_size", config.nodes.size()},
                               {"jobs", count},
                               // For the driver's clock-offset estimate.
                               {"now_us", clock::nowUs()}};
        res.set_content(body.dump(), "application/json");
      });
  server->Post(job, driverOnly(&Impl::submit));
  server->Get(job, driverOnly(&Impl::status));
  server->Get(job + "/results", driverOnly(&Impl::results));
  server->Get(job + "/trace", driverOnly(&Impl::trace));
  server->Delete(job, driverOnly(&Impl::release));
  server->Post(job + "/abort",
               [this](const httplib::Request &req, httplib::Response &res) {
                 abort(req, res);
               });
  server->Put("/v1/stream",
              [this](const httplib::Request &req, httplib::Response &res,
                     const httplib::ContentReader &reader) {
                stream(req, res, reader);
              });
  server->Get("/v1/objects", [this](const httplib::Request &req,
                                    httplib::Response &res) {
    serveObject(req, res, options.rank, sender(req), options.releaseToDriver,
                /*driverReadsFiles=*/!options.approvedPrograms);
  });
  // Last, so that only requests no route took get here.
  auto unknown = [](const httplib::Request &req, httplib::Response &res) {
    reply(res, 404, "no endpoint " + req.method + " " + req.path);
  };
  server->Get(".*", unknown);
  server->Post(".*", unknown);
  server->Put(".*", unknown);
  server->Delete(".*", unknown);
}

void Worker::Impl::results(const httplib::Request &req,
                           httplib::Response &res) {
  std::shared_ptr<Job> job = jobs.find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  std::lock_guard<std::mutex> lock(job->mutex);
  if (job->state != JobState::Succeeded)
    return reply(res, 409, "job " + job->id + " is " + stateName(job->state));
  res.set_content(job->results, kBinaryType);
}

void Worker::Impl::trace(const httplib::Request &req, httplib::Response &res) {
  std::shared_ptr<Job> job = jobs.find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  std::lock_guard<std::mutex> lock(job->mutex);
  if (!job->terminal() || !job->traced)
    return reply(res, 409, "job " + job->id + " has no trace (yet)");
  if (!job->traceError.empty())
    return reply(res, 500, job->traceError);
  if (job->traceFile.empty())
    return reply(res, 410, "the trace of job " + job->id + " was fetched");
  // Sent from its file in blocks; the file goes once sent (fetched once).
  std::string path = std::move(job->traceFile);
  job->traceFile.clear();
  uint64_t size = 0;
  auto file = std::make_shared<std::ifstream>(path, std::ios::binary);
  if (llvm::sys::fs::file_size(path, size) || !*file) {
    llvm::sys::fs::remove(path);
    return reply(res, 500, "cannot read the trace of job " + job->id);
  }
  res.set_content_provider(
      size, "application/json",
      [file](size_t offset, size_t length, httplib::DataSink &sink) {
        char block[1 << 16];
        file->seekg(offset);
        file->read(block, std::min(length, sizeof(block)));
        return file->gcount() > 0 && sink.write(block, file->gcount());
      },
      [path](bool) { llvm::sys::fs::remove(path); });
}

void Worker::Impl::release(const httplib::Request &req,
                           httplib::Response &res) {
  std::shared_ptr<Job> job = jobs.find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  job->comm.abortFromPeer(Status::cancelled("the driver released the job"));
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    job->released = true;
    job->results.clear();
  }
  reaperWake.notify_all();
  res.status = 204;
}
