// A size a template cannot take, and a template with an unknown
// placeholder: one error each, at the declaration.
// RUN: mplang-opt %s --split-input-file --verify-diagnostics --library %S/Inputs/link-template-bad.mlir.in

module attributes {simp.world_size = 2 : i64} {
  // expected-error-re @+1 {{cannot instantiate @mplang.ot.rot.n100 from '{{.*}}iknp.mlir.in': IKNP OT of 100: not a multiple of 128}}
  func.func private @mplang.ot.rot.n100(!simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<tensor<100x2xi64>, [0]>, !simp.mp<tensor<100x2xi64>, [0]>, !simp.mp<tensor<100x2xi64>, [1]>)
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error-re @+1 {{cannot instantiate @bad.n5 from '{{.*}}link-template-bad.mlir.in': unknown placeholder @Z@}}
  func.func private @bad.n5() -> i64
}
