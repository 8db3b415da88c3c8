// mplang-worker's store and approval flags are checked before it serves.
// RUN: printf '# reviewed\nrank 0: sha256:abc\n' > %t.approved
// RUN: not mplang-worker --cluster %S/Inputs/cluster-three.json --rank 0 --approved-programs %t.approved 2>&1 | FileCheck %s --check-prefix=DIGEST
// DIGEST: mplang-worker: error: {{.*}}.approved:2: 'sha256:abc' is not sha256: and 64 lowercase hex digits
// RUN: not mplang-worker --cluster %S/Inputs/cluster-three.json --rank 0 --approved-programs %t.missing 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: mplang-worker: error: cannot read '{{.*}}.missing': No such file or directory
// RUN: not mplang-worker --cluster %S/Inputs/cluster-three.json --rank 0 --data-root %t.missing 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: mplang-worker: error: --data-root '{{.*}}.missing' is not a directory
// RUN: not mplang-worker --cluster %S/Inputs/cluster-three.json --rank 0 --release-to-driver=some 2>&1 | FileCheck %s --check-prefix=RELEASE
// RELEASE: mplang-worker: error: --release-to-driver takes all or none, not 'some'
