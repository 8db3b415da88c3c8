// mplang-worker's store and approval flags are checked before it serves.
// RUN: printf '# reviewed\nrank 0: @main() world_size=3 job-sha256:abc\n' > %t.approved
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --approved-programs %t.approved 2>&1 | FileCheck %s --check-prefix=DIGEST
// DIGEST: mplang-worker: error: {{.*}}.approved:2: 'job-sha256:abc' is not job-sha256: and 64 lowercase hex digits
// An approval of a program alone, as older versions wrote them, approves
// neither more nor silently nothing: the worker does not start.
// RUN: printf 'rank 0: sha256:%%064d\n' 0 > %t.old
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --approved-programs %t.old 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: mplang-worker: error: {{.*}}.old:1: 'sha256:0000000000000000000000000000000000000000000000000000000000000000' approves a program but not what runs (its entry and how its arguments are bound): approve the job-sha256: line mplang-opt --simp-program-digests prints for the invocation (docs/deployment.md)
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --approved-programs %t.missing 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: mplang-worker: error: cannot read '{{.*}}.missing': No such file or directory
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --data-root %t.missing 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: mplang-worker: error: --data-root '{{.*}}.missing' is not a directory
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --release-to-driver=some 2>&1 | FileCheck %s --check-prefix=RELEASE
// RELEASE: mplang-worker: error: --release-to-driver takes all, details or none, not 'some'
