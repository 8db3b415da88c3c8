// RUN: mplang-opt %s -split-input-file -verify-diagnostics

func.func @scheme() {
  // expected-error @+1 {{'store.load' op 'http://x.npy' is not an object URI: expected fs://PATH or mem://NAME}}
  %v = store.load "http://x.npy" : tensor<4xi64>
  return
}

// -----

func.func @absolute() {
  // expected-error @+1 {{'store.load' op 'fs:///etc/passwd': absolute paths are not allowed, the path is relative to the party's store}}
  %v = store.load "fs:///etc/passwd" : tensor<4xi64>
  return
}

// -----

func.func @traversal(%v: tensor<4xi64>) {
  // expected-error @+1 {{'store.save' op 'fs://out/../../x.npy': '..' is not allowed in a path, which must stay inside the party's store}}
  store.save %v, "fs://out/../../x.npy" : tensor<4xi64>
  return
}

// -----

func.func @empty_component() {
  // expected-error @+1 {{'store.load' op 'mem://a//b': path components must have 1 to 255 characters}}
  %v = store.load "mem://a//b" : tensor<4xi64>
  return
}

// -----

// A component of 256 characters: over NAME_MAX, so no file could hold it.
func.func @long_component(%v: tensor<4xi64>) {
  // expected-error @+1 {{'store.save' op 'fs://nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy': path components must have 1 to 255 characters}}
  store.save %v, "fs://nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy" : tensor<4xi64>
  return
}

// -----

func.func @characters() {
  // expected-error @+1 {{'store.load' op 'fs://a b.npy': path components may only hold [A-Za-z0-9._-]}}
  %v = store.load "fs://a b.npy" : tensor<4xi64>
  return
}

// -----

func.func @dynamic() {
  // expected-error @+1 {{'store.load' op cannot store a value of type 'tensor<?xi64>': expected a statically shaped tensor, a scalar or a BFV object (inside a simp.pcall body, on rank-local values)}}
  %v = store.load "fs://x.npy" : tensor<?xi64>
  return
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @global(%x: !simp.mp<tensor<4xi64>, [0]>) {
    // expected-error @+1 {{'store.save' op cannot store a value of type '!simp.mp<tensor<4xi64>, [0]>'}}
    store.save %x, "fs://x.npy" : !simp.mp<tensor<4xi64>, [0]>
    return
  }
}
