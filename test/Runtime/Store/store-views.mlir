// A small object saved in memory keeps only its own bytes alive. Each of
// four 64 MiB tensors is sliced eight times by half (each slice a view of
// the one before) and its last 256 KiB saved as a mem:// object; the next
// tensor is made from the slice. The slices used to keep all four 64 MiB
// buffers alive until the objects expired, although the store counted
// 256 KiB each (--store-max-mib did not bound them): 320 MiB at the peak,
// now about 150 MiB, in the simulator and on a worker. Peak memory is not
// meaningful under ASan.
// UNSUPPORTED: asan
// RUN: %python %S/../Utils/peak-rss.py 200 mplang-run --sim 1 %s | FileCheck %s
// RUN: %python %S/../Utils/peak-rss.py 200 mplang-run --local 1 %s | FileCheck %s
// CHECK:      rank 0: 7 : i64
// CHECK-NEXT: peak RSS under 200 MiB

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c0 = arith.constant 0 : index
      %s0 = arith.constant 7 : i64
      %big0 = tensor.splat %s0 : tensor<8388608xi64>
      %v0_0 = tensor.extract_slice %big0[0] [4194304] [1] : tensor<8388608xi64> to tensor<4194304xi64>
      %v0_1 = tensor.extract_slice %v0_0[0] [2097152] [1] : tensor<4194304xi64> to tensor<2097152xi64>
      %v0_2 = tensor.extract_slice %v0_1[0] [1048576] [1] : tensor<2097152xi64> to tensor<1048576xi64>
      %v0_3 = tensor.extract_slice %v0_2[0] [524288] [1] : tensor<1048576xi64> to tensor<524288xi64>
      %v0_4 = tensor.extract_slice %v0_3[0] [262144] [1] : tensor<524288xi64> to tensor<262144xi64>
      %v0_5 = tensor.extract_slice %v0_4[0] [131072] [1] : tensor<262144xi64> to tensor<131072xi64>
      %v0_6 = tensor.extract_slice %v0_5[0] [65536] [1] : tensor<131072xi64> to tensor<65536xi64>
      %v0_7 = tensor.extract_slice %v0_6[0] [32768] [1] : tensor<65536xi64> to tensor<32768xi64>
      store.save %v0_7, "mem://slice0" : tensor<32768xi64>
      %s1 = tensor.extract %v0_7[%c0] : tensor<32768xi64>
      %big1 = tensor.splat %s1 : tensor<8388608xi64>
      %v1_0 = tensor.extract_slice %big1[0] [4194304] [1] : tensor<8388608xi64> to tensor<4194304xi64>
      %v1_1 = tensor.extract_slice %v1_0[0] [2097152] [1] : tensor<4194304xi64> to tensor<2097152xi64>
      %v1_2 = tensor.extract_slice %v1_1[0] [1048576] [1] : tensor<2097152xi64> to tensor<1048576xi64>
      %v1_3 = tensor.extract_slice %v1_2[0] [524288] [1] : tensor<1048576xi64> to tensor<524288xi64>
      %v1_4 = tensor.extract_slice %v1_3[0] [262144] [1] : tensor<524288xi64> to tensor<262144xi64>
      %v1_5 = tensor.extract_slice %v1_4[0] [131072] [1] : tensor<262144xi64> to tensor<131072xi64>
      %v1_6 = tensor.extract_slice %v1_5[0] [65536] [1] : tensor<131072xi64> to tensor<65536xi64>
      %v1_7 = tensor.extract_slice %v1_6[0] [32768] [1] : tensor<65536xi64> to tensor<32768xi64>
      store.save %v1_7, "mem://slice1" : tensor<32768xi64>
      %s2 = tensor.extract %v1_7[%c0] : tensor<32768xi64>
      %big2 = tensor.splat %s2 : tensor<8388608xi64>
      %v2_0 = tensor.extract_slice %big2[0] [4194304] [1] : tensor<8388608xi64> to tensor<4194304xi64>
      %v2_1 = tensor.extract_slice %v2_0[0] [2097152] [1] : tensor<4194304xi64> to tensor<2097152xi64>
      %v2_2 = tensor.extract_slice %v2_1[0] [1048576] [1] : tensor<2097152xi64> to tensor<1048576xi64>
      %v2_3 = tensor.extract_slice %v2_2[0] [524288] [1] : tensor<1048576xi64> to tensor<524288xi64>
      %v2_4 = tensor.extract_slice %v2_3[0] [262144] [1] : tensor<524288xi64> to tensor<262144xi64>
      %v2_5 = tensor.extract_slice %v2_4[0] [131072] [1] : tensor<262144xi64> to tensor<131072xi64>
      %v2_6 = tensor.extract_slice %v2_5[0] [65536] [1] : tensor<131072xi64> to tensor<65536xi64>
      %v2_7 = tensor.extract_slice %v2_6[0] [32768] [1] : tensor<65536xi64> to tensor<32768xi64>
      store.save %v2_7, "mem://slice2" : tensor<32768xi64>
      %s3 = tensor.extract %v2_7[%c0] : tensor<32768xi64>
      %big3 = tensor.splat %s3 : tensor<8388608xi64>
      %v3_0 = tensor.extract_slice %big3[0] [4194304] [1] : tensor<8388608xi64> to tensor<4194304xi64>
      %v3_1 = tensor.extract_slice %v3_0[0] [2097152] [1] : tensor<4194304xi64> to tensor<2097152xi64>
      %v3_2 = tensor.extract_slice %v3_1[0] [1048576] [1] : tensor<2097152xi64> to tensor<1048576xi64>
      %v3_3 = tensor.extract_slice %v3_2[0] [524288] [1] : tensor<1048576xi64> to tensor<524288xi64>
      %v3_4 = tensor.extract_slice %v3_3[0] [262144] [1] : tensor<524288xi64> to tensor<262144xi64>
      %v3_5 = tensor.extract_slice %v3_4[0] [131072] [1] : tensor<262144xi64> to tensor<131072xi64>
      %v3_6 = tensor.extract_slice %v3_5[0] [65536] [1] : tensor<131072xi64> to tensor<65536xi64>
      %v3_7 = tensor.extract_slice %v3_6[0] [32768] [1] : tensor<65536xi64> to tensor<32768xi64>
      store.save %v3_7, "mem://slice3" : tensor<32768xi64>
      %s4 = tensor.extract %v3_7[%c0] : tensor<32768xi64>
      simp.yield %s4 : i64
    }
    return %r : !simp.mp<i64, [0]>
  }
}
