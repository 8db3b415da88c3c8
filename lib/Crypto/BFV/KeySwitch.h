//===- KeySwitch.h - RNS key switching --------------------------*- C++ -*-===//

#ifndef MPLANG_LIB_CRYPTO_BFV_KEYSWITCH_H
#define MPLANG_LIB_CRYPTO_BFV_KEYSWITCH_H

#include "mplang/Crypto/BFV/Keys.h"

namespace mplang::crypto::bfv {

/// Adds to (out0, out1) an encryption under s of c s', where `key` switches
/// from s' to s. c, out0 and out1 are over Q in coefficient form.
///
/// Each residue [c]_{q_j} is a digit; sum_j [c]_{q_j} key_j over Q P equals
/// P c s' plus small noise, and dividing by P (rounding) removes P.
void keySwitch(const Context &ctx, const RnsPoly &c, const KeySwitchKey &key,
               RnsPoly &out0, RnsPoly &out1);

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_KEYSWITCH_H
