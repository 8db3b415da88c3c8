// RUN: mplang-opt %s -split-input-file -verify-diagnostics

#p = #bfv.params<n = 4096, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>

func.func @drop_all(%c: !ct) {
  // expected-error @+1 {{drops 2 of the ciphertext's 2 data primes; at least one must remain}}
  %m = bfv.mod_switch %c drop 2 : !ct
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>

func.func @drop_none(%c: !ct) {
  // expected-error @+1 {{attribute 'drop' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
  %m = bfv.mod_switch %c drop 0 : !ct
  return
}

// -----

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>

func.func @add_after_switch(%c: !ct) -> !ct {
  // expected-error @+1 {{result is used by 'bfv.add': a modulus-switched ciphertext can only be decrypted}}
  %m = bfv.mod_switch %c drop 1 : !ct
  %s = bfv.add %m, %c : (!ct, !ct) -> !ct
  return %s : !ct
}

// -----

#p = #bfv.params<n = 4096, t = 1032193>

func.func @symmetric_needs_secret_key(%pt: !bfv.plaintext<i64, #p>, %pk: !bfv.public_key<#p>) {
  // expected-error @+1 {{operand #1 must be A BFV secret key}}
  %c = bfv.encrypt_symmetric %pt, %pk : !bfv.plaintext<i64, #p>, !bfv.public_key<#p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193>
#q = #bfv.params<n = 8192, t = 1032193>

func.func @symmetric_other_params(%pt: !bfv.plaintext<i64, #p>, %sk: !bfv.secret_key<#q>) {
  // expected-error @+1 {{operand #1 has parameters}}
  %c = bfv.encrypt_symmetric %pt, %sk : !bfv.plaintext<i64, #p>, !bfv.secret_key<#q>
  return
}
