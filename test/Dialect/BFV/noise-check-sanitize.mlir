// RUN: mplang-opt %s -split-input-file -verify-diagnostics

// Flooding at 40 bits of statistical security needs more budget than a
// fresh encryption has at n = 4096.
#p = #bfv.params<n = 4096, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!pt = !bfv.plaintext<i64, #p>

func.func @fresh_at_4096(%p: !pt, %pk: !pk) -> !ct {
  // expected-note @+1 {{noise budget after this op: 44 bits}}
  %c = bfv.encrypt %p, %pk : !pt, !pk
  // expected-error @+1 {{'bfv.sanitize' op cannot hide its input's noise at 40 bits of statistical security: the input needs 10 more bits of noise budget, spent by bfv.encrypt; the smallest standard parameters that fit are #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>}}
  %s = bfv.sanitize %c, %pk : !ct, !pk
  return %s : !ct
}

// -----

// The noise of an argument cannot be bounded, so neither can flooding be
// shown to hide it.
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>

func.func @argument(%c: !ct, %pk: !pk) -> !ct {
  // expected-error @+1 {{'bfv.sanitize' op cannot bound its input's noise (it comes from an argument of @argument), so flooding cannot be shown to hide it}}
  %s = bfv.sanitize %c, %pk : !ct, !pk
  return %s : !ct
}
