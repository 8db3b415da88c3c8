// The field kernels that split their work among a party's pool threads, at
// the sizes of RR22 PSI with 2^20 items (bench/parallel_bench.py): the last
// GGM level expansion, the expand-convolute encoding of one vector, the
// OKVS solve and decode, and the sort of the tags (five 16-bit words). Each
// op needs the one before, so that they run one at a time and each has the
// pool to itself. The result is the XOR of decoded minus encoded values
// over all keys (zero) and the smallest tag's first word (zero unless no
// tag of 2^20 starts with it, probability e^-16).
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<tensor<2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %seed = field.random : tensor<!field.gf128>
      %keys = field.random : tensor<1048576xi64>
      %level = field.random : tensor<1417216x!field.gf128>
      %children = field.aes_expand %level length = 2 feed_forward : tensor<1417216x!field.gf128> -> tensor<1417216x2x!field.gf128>
      %noise = tensor.collapse_shape %children [[0, 1]] : tensor<1417216x2x!field.gf128> into tensor<2834432x!field.gf128>
      %code = field.exconv_encode %noise, %seed m = 1415680 weight = 7 band = 24 : tensor<2834432x!field.gf128>, tensor<!field.gf128> -> tensor<1415680x!field.gf128>
      %values = tensor.extract_slice %code[0] [1048576] [1] : tensor<1415680x!field.gf128> to tensor<1048576x!field.gf128>
      %table = field.solve_okvs %keys, %values, %seed m = 1415680 : tensor<1048576xi64>, tensor<1048576x!field.gf128>, tensor<!field.gf128> -> tensor<1415680x!field.gf128>
      %decoded = field.decode_okvs %keys, %table, %seed : tensor<1048576xi64>, tensor<1415680x!field.gf128>, tensor<!field.gf128> -> tensor<1048576x!field.gf128>
      %diff = field.add %decoded, %values : tensor<1048576x!field.gf128>
      %s = field.sum %diff axis = 0 : tensor<1048576x!field.gf128> -> tensor<!field.gf128>
      %w = field.to_words %s : tensor<!field.gf128> -> tensor<2xi64>
      // The tags are drawn now, XORed with the zero sum: after the decode.
      %c0 = arith.constant 0 : index
      %zero = tensor.extract %w[%c0] : tensor<2xi64>
      %zero16 = arith.trunci %zero : i64 to i16
      %mask = tensor.splat %zero16 : tensor<1048576x5xi16>
      %drawn = field.random : tensor<1048576x5xi16>
      %tags = arith.xori %drawn, %mask : tensor<1048576x5xi16>
      %sorted = field.sort_rows %tags : tensor<1048576x5xi16>
      %first = tensor.extract %sorted[%c0, %c0] : tensor<1048576x5xi16>
      %first64 = arith.extui %first : i16 to i64
      %out = tensor.insert %first64 into %w[%c0] : tensor<2xi64>
      simp.yield %out : tensor<2xi64>
    }
    return %r : !simp.mp<tensor<2xi64>, [0]>
  }
}
