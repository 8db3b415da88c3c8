// RUN: mplang-opt %s -split-input-file -verify-diagnostics

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>

func.func @add_after_sanitize(%c: !ct, %pk: !pk) -> !ct {
  // expected-error @+1 {{'bfv.sanitize' op result is used by 'bfv.mul': a modulus-switched ciphertext can only be decrypted}}
  %s = bfv.sanitize %c, %pk : !ct, !pk
  %m = bfv.mul %s, %c : (!ct, !ct) -> !ct
  return %m : !ct
}

// -----

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>

func.func @no_security(%c: !ct, %pk: !pk) -> !ct {
  // expected-error @+1 {{attribute 'security' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
  %s = bfv.sanitize %c, %pk security 0 : !ct, !pk
  return %s : !ct
}

// -----

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!sk = !bfv.secret_key<#p>

func.func @needs_public_key(%c: !ct, %sk: !sk) -> !ct {
  // expected-error @+1 {{operand #1 must be A BFV public (encryption) key}}
  %s = "bfv.sanitize"(%c, %sk) : (!ct, !sk) -> !ct
  return %s : !ct
}
