// OKVS at n = 2^20 inside the runtime: random keys and values, a solve at
// m = 1.35 n, a decode, and the XOR of the differences (zero when every key
// decodes to its value). bench/run_field_runtime.sh runs it and reads each
// op's time from the trace.
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<tensor<2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %keys = field.random : tensor<1048576xi64>
      %vals = field.random : tensor<1048576x!field.gf128>
      %seed = field.random : tensor<!field.gf128>
      %table = field.solve_okvs %keys, %vals, %seed m = 1415577 : tensor<1048576xi64>, tensor<1048576x!field.gf128>, tensor<!field.gf128> -> tensor<1415577x!field.gf128>
      %dec = field.decode_okvs %keys, %table, %seed : tensor<1048576xi64>, tensor<1415577x!field.gf128>, tensor<!field.gf128> -> tensor<1048576x!field.gf128>
      %diff = field.add %dec, %vals : tensor<1048576x!field.gf128>
      %s = field.sum %diff axis = 0 : tensor<1048576x!field.gf128> -> tensor<!field.gf128>
      %w = field.to_words %s : tensor<!field.gf128> -> tensor<2xi64>
      simp.yield %w : tensor<2xi64>
    }
    return %r : !simp.mp<tensor<2xi64>, [0]>
  }
}
