// Real workers on 127.0.0.1 under attack and failure: bad credentials, a
// message claiming another rank, path characters in ids, truncated and
// oversized bodies, a malformed module -> 4xx with a message, and the
// workers keep serving (200 malformed requests, then a normal job); two
// jobs at once do not mix; a worker killed mid-job is named (not a
// time-out) and the other drops the job (the run's own job, followed by its
// id); a worker that starts late is waited for; messages for jobs not
// submitted yet are limited in bytes and count; parts of large messages
// that repeat or disagree abort their job. Checks wait for events, not
// for time to pass: the machine may be loaded.
// (The busy program is interrupt.mlir: both ranks loop forever.)
// RUN: %python %S/cluster_faults.py mplang-worker mplang-run %examples %S/../Backends/interrupt.mlir %t | FileCheck %s

// CHECK: ok no token: 401
// CHECK: ok wrong token: 401 bad token for driver
// CHECK: ok driver token as a rank: 401
// CHECK: ok unknown sender: 401
// CHECK: ok message claiming another rank: 401 bad token for 1
// CHECK: ok peer submitting a job: 403
// CHECK: ok driver sending a message: 403
// CHECK: ok job id with dots: 400 bad job id
// CHECK: ok job id with an escape: 404 no endpoint
// CHECK: ok job id too long: 400 bad job id
// CHECK: ok unknown job: 404 no job nope
// CHECK: ok bad magic: 400
// CHECK: ok truncated job body: 400 job body truncated in the module
// CHECK: ok bad job header: 400 bad job header
// CHECK: ok trace bound over the worker's: 400 trace_max_events 1099511627776 is over this worker's --max-trace-events 1048576
// CHECK: ok malformed module: 400 malformed module
// CHECK: ok module for another rank: 400
// CHECK: ok argument of another shape: 400 argument 0: a tensor<1xi64> where tensor<4xi64> is declared
// CHECK: ok absent argument: 400 argument 0: no value where tensor<4xi64> is declared
// CHECK: ok oversized job: 413 body of 1048577 bytes exceeds the limit of 1048576
// CHECK: ok oversized stream: 413 body of 1114396 bytes exceeds the limit of 1114395
// CHECK: ok oversized message: 400 message of 1048577 bytes exceeds the limit of 1048576
// CHECK: ok long context: 400 bad message context
// CHECK: ok job id with path characters in a message: 400 bad job id in a message
// CHECK: ok truncated message: 400 the stream ended inside a message
// CHECK: ok early message: 204
// CHECK: ok duplicate message: 204
// CHECK: ok job aborted by the duplicate: 200
// CHECK: ok bad part header: 400 bad X-Mplang-Part header: expected I/N with I < N <= 8
// CHECK: ok two messages in a part request: 400 a request with a part carries one message
// CHECK: ok part: 204
// CHECK: ok same part again: 204
// CHECK: ok job aborted by the repeated part: 200
// CHECK: ok part of a 4-element tensor: 204
// CHECK: ok part of a 6-element tensor: 204
// CHECK: ok job aborted by parts that disagree: 200
// CHECK: ok first part: 204
// CHECK: ok last part: 204
// CHECK: ok whole message after its parts: 204
// CHECK: ok the parts made one message: 200
// CHECK: ok 200 malformed requests: [400, 401, 404]
// CHECK: after malformed requests: 0 rank 0: <absent> | rank 1: True |
// CHECK: concurrent: 0 rank 0: 20 : i64, 100 : i64 | rank 1: 40 : i64, <absent> |
// CHECK: concurrent: 0 rank 0: 2 : i64, 1 : i64 | rank 1: 4 : i64, <absent> |
// CHECK: killed peer: exit 1
// CHECK-NEXT: mplang-run: error: rank 1 failed: rank 1 (http://127.0.0.1:{{[0-9]+}}) is unreachable
// CHECK: jobs of the run left on the surviving worker: 0
// CHECK: restarted peer: 0 0 True
// CHECK: worker exit on SIGTERM: 0
// CHECK: late peer: 0 rank 0: <absent> | rank 1: True |
// CHECK: ok early message within the limits: 204
// CHECK: ok early bytes over the limit: 503 rank 1 refused a message of 600000 bytes from rank 0 for job e2, which it has not been given yet: messages held for jobs not submitted yet are limited to 1048576 bytes and 3 messages (--max-early-mib, --max-early-messages)
// CHECK: ok job of the refused message aborted: 200
// CHECK: ok job within the limits kept: 200
// CHECK: ok early message 2: 204
// CHECK: ok early message 3: 204
// CHECK: ok early messages over the count: 503 rank 1 refused a message of 1 bytes from rank 0 for job e4
// CHECK: ok release e1: 204
// CHECK: ok release e3: 204
// CHECK: ok early message after the releases: 204
// CHECK: run within the early limits: 0 rank 0: <absent> | rank 1: True |
// CHECK: ok job waiting for tag 9: 201
// CHECK: ok held message 1: 204
// CHECK: ok held message 2: 204
// CHECK: ok held message 3: 204
// CHECK: ok job aborted by the held count: 200
// CHECK: ok second job waiting for tag 9: 201
// CHECK: ok held bytes: 204
// CHECK: ok held bytes over the limit: 204
// CHECK: ok job aborted by the held bytes: 200
// CHECK: ok oldest waiting job gave way: 404 no job w0
// CHECK: ok next waiting job kept: 200
// CHECK: ok 65th submitted job: 503 too many jobs (64)
