//===- WorkerMessages.cpp - peer messages into job mailboxes --------------===//
//
// Frames that peers stream here are decoded and delivered to their job's
// mailbox; large messages arrive in parts, each into its place in one
// tensor (MessageAssembly), and are delivered once all parts are in.
//
//===----------------------------------------------------------------------===//

#include "WorkerImpl.h"

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using namespace mplang::rt::worker;

void Worker::Impl::stream(const httplib::Request &req, httplib::Response &res,
                          const httplib::ContentReader &reader) {
  int64_t from = sender(req);
  if (from < 0)
    return reply(res, 403, "only peers send messages");
  FrameDecoder::Part part;
  if (req.has_header(kPartHeader)) {
    llvm::StringRef index, count;
    std::tie(index, count) =
        llvm::StringRef(req.get_header_value(kPartHeader)).split('/');
    if (index.getAsInteger(10, part.index) ||
        count.getAsInteger(10, part.count) || part.count < 2 ||
        part.count > kMaxParts || part.index >= part.count)
      return reply(res, 400,
                   std::string("bad ") + kPartHeader +
                       " header: expected I/N with I < N <= " +
                       std::to_string(kMaxParts));
    part.place = [this, from, count = part.count](
                     const Frame &frame, llvm::StringRef head, DType dtype,
                     llvm::ArrayRef<int64_t> shape) {
      return placePart(from, frame, head, dtype, shape, count);
    };
  }
  bool isPart = part.count > 1;
  unsigned index = part.index;
  FrameDecoder decoder(options.maxMessageBytes, std::move(part));
  Status malformed = Status::ok();
  std::string refusal;
  size_t frames = 0;
  bool complete = reader([&](const char *data, size_t size) {
    malformed = decoder.feed(
        llvm::StringRef(data, size),
        [&](Frame &&frame) {
          if (isPart && ++frames > 1)
            return;
          if (isPart)
            deliverPart(from, index, std::move(frame));
          else
            deliver(from, std::move(frame));
        },
        [&](const Frame &frame, uint64_t size) {
          return jobs.keep(from, frame.job, size, refusal);
        });
    return malformed.isOk();
  });
  if (!malformed.isOk())
    return reply(res, 400, malformed.message());
  if (!complete || !decoder.atBoundary())
    return reply(res, 400, "the stream ended inside a message");
  if (isPart && frames > 1)
    return reply(res, 400, "a request with a part carries one message");
  // A request that carried one message (with a length) answers for it; a
  // stream goes on, as its other frames are other jobs' (the refused job
  // is aborted on every rank either way).
  if (!refusal.empty() && req.has_header("Content-Length"))
    return reply(res, 503, refusal);
  res.status = 204;
}

void Worker::Impl::deliver(int64_t from, Frame &&frame) {
  // `keep` admitted the frame; its job may have been released meanwhile.
  std::shared_ptr<Job> job = jobs.find(frame.job);
  if (!job)
    return;
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    if (job->terminal())
      return;
  }
  post(*job, from, frame.key, std::move(frame.payload));
}

void Worker::Impl::post(Job &job, int64_t from, const MessageKey &key,
                        Message message) {
  // A repeated key is a broken or hostile peer: the job cannot be trusted.
  if (Status s =
          job.mailbox.deliver(from, options.rank, key, std::move(message));
      !s.isOk() && job.comm.abortStatus().isOk())
    job.comm.abort(s);
}

std::shared_ptr<Tensor>
Worker::Impl::placePart(int64_t from, const Frame &frame, llvm::StringRef head,
                        DType dtype, llvm::ArrayRef<int64_t> shape,
                        unsigned count) {
  std::shared_ptr<Job> job = jobs.find(frame.job);
  if (!job)
    return nullptr;
  std::lock_guard<std::mutex> lock(job->mutex);
  StatusOr<std::shared_ptr<Tensor>> tensor =
      job->assembly.place(from, frame.key.str(), head, dtype, shape, count);
  if (!tensor.isOk()) {
    job->comm.abort(tensor.status());
    return nullptr;
  }
  return *tensor;
}

void Worker::Impl::deliverPart(int64_t from, unsigned index, Frame &&frame) {
  std::shared_ptr<Job> job = jobs.find(frame.job);
  if (!job)
    return;
  StatusOr<std::optional<Message>> whole = std::optional<Message>();
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    if (job->terminal())
      return;
    whole = job->assembly.arrived(from, frame.key.str(), index,
                                  bool(frame.payload.body));
  }
  if (!whole.isOk() && job->comm.abortStatus().isOk())
    job->comm.abort(whole.status());
  if (whole.isOk() && *whole)
    post(*job, from, frame.key, std::move(**whole));
}
