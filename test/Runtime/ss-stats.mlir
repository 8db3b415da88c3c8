// --stats reports each lowered ss op: its calls, elements, the messages and
// bytes each rank sent inside them, and the rounds of messages linking
// counted in their protocols (lt runs as msb of the difference). The same
// in the simulator and on workers; every number is fixed by the sizes (8
// elements, padded to 16), none by the values or the machine.
// RUN: mplang-run --sim 2 %s --arg '0:0=dense<[1, 2, 3, 4, 5, 6, 7, -8]> : tensor<8xi64>' --arg '1:1=dense<[1, 3, 2, 4, 6, 5, 7, 8]> : tensor<8xi64>' --stats --stats-json %t.json | FileCheck %s
// RUN: %python -c "import json; print(json.load(open(r'%t.json'))['ranks'][1]['measured_ops'][2])" | FileCheck %s --check-prefix=JSON
// RUN: mplang-run --local 2 %s --arg '0:0=dense<[1, 2, 3, 4, 5, 6, 7, -8]> : tensor<8xi64>' --arg '1:1=dense<[1, 3, 2, 4, 6, 5, 7, 8]> : tensor<8xi64>' --stats | FileCheck %s

// CHECK: rank 0: dense<[1, 6, 6, 16, 30, 30, 49, -64]> : tensor<8xi64>, dense<[0, 1, 0, 0, 1, 0, 0, 1]> : tensor<8xi64>, dense<[1, 0, 0, 1, 0, 0, 1, 0]> : tensor<8xi64>
// CHECK:      peer 1: sent 68 messages, 431185 bytes;
// CHECK:      measured ops (calls, elements, messages sent, bytes sent, rounds):
// CHECK-NEXT:   ss.eq       1      8    23    140975    21
// CHECK-NEXT:   ss.msb      1      8    37    256769    35
// CHECK-NEXT:   ss.mul      1      8     7     33302     6
// CHECK-NEXT:   ss.reveal   3     24     0         0     3
// CHECK-NEXT:   ss.share    2     16     1       139     2
// CHECK:      peer 0: sent 71 messages, 431602 bytes;
// CHECK:      measured ops (calls, elements, messages sent, bytes sent, rounds):
// CHECK-NEXT:   ss.eq       1      8    23    140975    21
// CHECK-NEXT:   ss.msb      1      8    37    256769    35
// CHECK-NEXT:   ss.mul      1      8     7     33302     6
// CHECK-NEXT:   ss.reveal   3     24     3       417     3
// CHECK-NEXT:   ss.share    2     16     1       139     2

// JSON: {'op': 'ss.mul', 'calls': 1, 'elements': 8, 'messages_sent': 7, 'bytes_sent': 33302, 'rounds': 6}

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<8xi64>, [0]>, %y: !simp.mp<tensor<8xi64>, [1]>)
      -> (!simp.mp<tensor<8xi64>, [0]>, !simp.mp<tensor<8xi64>, [0]>, !simp.mp<tensor<8xi64>, [0]>) {
    %a = ss.share %x : !simp.mp<tensor<8xi64>, [0]> -> !ss.share<tensor<8xi64>, [0, 1]>
    %b = ss.share %y : !simp.mp<tensor<8xi64>, [1]> -> !ss.share<tensor<8xi64>, [0, 1]>
    %p = ss.mul %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    %l = ss.lt %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    %e = ss.eq %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    %rp = ss.reveal %p : !ss.share<tensor<8xi64>, [0, 1]> -> !simp.mp<tensor<8xi64>, [0]>
    %rl = ss.reveal %l : !ss.share<tensor<8xi64>, [0, 1]> -> !simp.mp<tensor<8xi64>, [0]>
    %re = ss.reveal %e : !ss.share<tensor<8xi64>, [0, 1]> -> !simp.mp<tensor<8xi64>, [0]>
    return %rp, %rl, %re : !simp.mp<tensor<8xi64>, [0]>, !simp.mp<tensor<8xi64>, [0]>,
                           !simp.mp<tensor<8xi64>, [0]>
  }
}
