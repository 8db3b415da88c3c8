// Base OT from the protocol library, linked from the default search path:
// the receiver gets the chosen message of every pair and never the other.
// The program runs on ranks 1 (sender) and 2 (receiver) of three.
// RUN: mplang-run --sim 3 %s | FileCheck %s
// RUN: mplang-run --local 3 %s | FileCheck %s
// CHECK:      rank 0: <absent>, <absent>
// CHECK-NEXT: rank 1: <absent>, <absent>
// CHECK-NEXT: rank 2: dense<256> : tensor<i64>, dense<0> : tensor<i64>

!msgs = tensor<128x2xi64>
module attributes {simp.world_size = 3 : i64} {
  func.func private @mplang.ot.base(!simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
                                    !simp.mp<tensor<128xi1>, [2]>) -> !simp.mp<!msgs, [2]>

  func.func @main() -> (!simp.mp<tensor<i64>, [2]>, !simp.mp<tensor<i64>, [2]>) {
    %m0, %m1 = simp.pcall [1] () : () -> (!simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>) {
      %a = arith.constant dense<[[0, 1000], [1, 1001], [2, 1002], [3, 1003], [4, 1004], [5, 1005], [6, 1006], [7, 1007], [8, 1008], [9, 1009], [10, 1010], [11, 1011], [12, 1012], [13, 1013], [14, 1014], [15, 1015], [16, 1016], [17, 1017], [18, 1018], [19, 1019], [20, 1020], [21, 1021], [22, 1022], [23, 1023], [24, 1024], [25, 1025], [26, 1026], [27, 1027], [28, 1028], [29, 1029], [30, 1030], [31, 1031], [32, 1032], [33, 1033], [34, 1034], [35, 1035], [36, 1036], [37, 1037], [38, 1038], [39, 1039], [40, 1040], [41, 1041], [42, 1042], [43, 1043], [44, 1044], [45, 1045], [46, 1046], [47, 1047], [48, 1048], [49, 1049], [50, 1050], [51, 1051], [52, 1052], [53, 1053], [54, 1054], [55, 1055], [56, 1056], [57, 1057], [58, 1058], [59, 1059], [60, 1060], [61, 1061], [62, 1062], [63, 1063], [64, 1064], [65, 1065], [66, 1066], [67, 1067], [68, 1068], [69, 1069], [70, 1070], [71, 1071], [72, 1072], [73, 1073], [74, 1074], [75, 1075], [76, 1076], [77, 1077], [78, 1078], [79, 1079], [80, 1080], [81, 1081], [82, 1082], [83, 1083], [84, 1084], [85, 1085], [86, 1086], [87, 1087], [88, 1088], [89, 1089], [90, 1090], [91, 1091], [92, 1092], [93, 1093], [94, 1094], [95, 1095], [96, 1096], [97, 1097], [98, 1098], [99, 1099], [100, 1100], [101, 1101], [102, 1102], [103, 1103], [104, 1104], [105, 1105], [106, 1106], [107, 1107], [108, 1108], [109, 1109], [110, 1110], [111, 1111], [112, 1112], [113, 1113], [114, 1114], [115, 1115], [116, 1116], [117, 1117], [118, 1118], [119, 1119], [120, 1120], [121, 1121], [122, 1122], [123, 1123], [124, 1124], [125, 1125], [126, 1126], [127, 1127]]> : !msgs
      %b = arith.constant dense<[[-1, 0], [-2, 7], [-3, 14], [-4, 21], [-5, 28], [-6, 35], [-7, 42], [-8, 49], [-9, 56], [-10, 63], [-11, 70], [-12, 77], [-13, 84], [-14, 91], [-15, 98], [-16, 105], [-17, 112], [-18, 119], [-19, 126], [-20, 133], [-21, 140], [-22, 147], [-23, 154], [-24, 161], [-25, 168], [-26, 175], [-27, 182], [-28, 189], [-29, 196], [-30, 203], [-31, 210], [-32, 217], [-33, 224], [-34, 231], [-35, 238], [-36, 245], [-37, 252], [-38, 259], [-39, 266], [-40, 273], [-41, 280], [-42, 287], [-43, 294], [-44, 301], [-45, 308], [-46, 315], [-47, 322], [-48, 329], [-49, 336], [-50, 343], [-51, 350], [-52, 357], [-53, 364], [-54, 371], [-55, 378], [-56, 385], [-57, 392], [-58, 399], [-59, 406], [-60, 413], [-61, 420], [-62, 427], [-63, 434], [-64, 441], [-65, 448], [-66, 455], [-67, 462], [-68, 469], [-69, 476], [-70, 483], [-71, 490], [-72, 497], [-73, 504], [-74, 511], [-75, 518], [-76, 525], [-77, 532], [-78, 539], [-79, 546], [-80, 553], [-81, 560], [-82, 567], [-83, 574], [-84, 581], [-85, 588], [-86, 595], [-87, 602], [-88, 609], [-89, 616], [-90, 623], [-91, 630], [-92, 637], [-93, 644], [-94, 651], [-95, 658], [-96, 665], [-97, 672], [-98, 679], [-99, 686], [-100, 693], [-101, 700], [-102, 707], [-103, 714], [-104, 721], [-105, 728], [-106, 735], [-107, 742], [-108, 749], [-109, 756], [-110, 763], [-111, 770], [-112, 777], [-113, 784], [-114, 791], [-115, 798], [-116, 805], [-117, 812], [-118, 819], [-119, 826], [-120, 833], [-121, 840], [-122, 847], [-123, 854], [-124, 861], [-125, 868], [-126, 875], [-127, 882], [-128, 889]]> : !msgs
      simp.yield %a, %b : !msgs, !msgs
    }
    %c = simp.pcall [2] () : () -> !simp.mp<tensor<128xi1>, [2]> {
      %c = arith.constant dense<[true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false]> : tensor<128xi1>
      simp.yield %c : tensor<128xi1>
    }
    %got = func.call @mplang.ot.base(%m0, %m1, %c)
        : (!simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>, !simp.mp<tensor<128xi1>, [2]>) -> !simp.mp<!msgs, [2]>
    %r0 = simp.shuffle %m0 [2 <- 1] : !simp.mp<!msgs, [1]> -> !simp.mp<!msgs, [2]>
    %r1 = simp.shuffle %m1 [2 <- 1] : !simp.mp<!msgs, [1]> -> !simp.mp<!msgs, [2]>
    %same, %other = simp.pcall [2] (%got, %r0, %r1, %c)
        : (!simp.mp<!msgs, [2]>, !simp.mp<!msgs, [2]>, !simp.mp<!msgs, [2]>, !simp.mp<tensor<128xi1>, [2]>)
          -> (!simp.mp<tensor<i64>, [2]>, !simp.mp<tensor<i64>, [2]>) {
    ^bb0(%g: !msgs, %x0: !msgs, %x1: !msgs, %cc: tensor<128xi1>):
      %init = tensor.empty() : tensor<128x2xi1>
      %cb = linalg.broadcast ins(%cc : tensor<128xi1>) outs(%init : tensor<128x2xi1>) dimensions = [1]
      %want = arith.select %cb, %x1, %x0 : tensor<128x2xi1>, !msgs
      %not = arith.select %cb, %x0, %x1 : tensor<128x2xi1>, !msgs
      %s = func.call @count_equal(%g, %want) : (!msgs, !msgs) -> tensor<i64>
      %o = func.call @count_equal(%g, %not) : (!msgs, !msgs) -> tensor<i64>
      simp.yield %s, %o : tensor<i64>, tensor<i64>
    }
    return %same, %other : !simp.mp<tensor<i64>, [2]>, !simp.mp<tensor<i64>, [2]>
  }

  func.func private @count_equal(%a: !msgs, %b: !msgs) -> tensor<i64> {
    %eq = arith.cmpi eq, %a, %b : !msgs
    %n = arith.extui %eq : tensor<128x2xi1> to !msgs
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%n : !msgs) outs(%zero : tensor<i64>) dimensions = [0, 1]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}
