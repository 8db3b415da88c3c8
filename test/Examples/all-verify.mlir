// Every example program parses, verifies and round-trips through its printed
// form; a new example is covered without editing this test.
// RUN: for f in %examples/*.mlir; do mplang-opt "$f" -o %t.1.mlir && mplang-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir || exit 1; done
