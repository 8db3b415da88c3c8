// RUN: mplang-opt %s | FileCheck %s
// Printing, re-parsing and printing again is a fixed point, in the custom and
// the generic form.
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>

// CHECK-LABEL: func.func @objects
// CHECK: %[[V:.*]] = store.load "fs://inputs/v-1.npy" : tensor<4xi64>
// CHECK: store.load "mem://keys/pk" : !bfv.public_key<#bfv_params>
// CHECK: store.load "fs://s.npy" : f64
// CHECK: store.save %[[V]], "mem://job_1/result0" : tensor<4xi64>
func.func @objects() -> !bfv.public_key<#p> {
  %v = store.load "fs://inputs/v-1.npy" : tensor<4xi64>
  %pk = store.load "mem://keys/pk" : !bfv.public_key<#p>
  %s = store.load "fs://s.npy" : f64
  store.save %v, "mem://job_1/result0" : tensor<4xi64>
  return %pk : !bfv.public_key<#p>
}
