// RUN: mplang-opt %s | FileCheck %s
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

// CHECK-LABEL: func.func @csv
// CHECK: %[[N:.*]] = store.csv_rows "fs://in/customers.csv"
// CHECK: %[[K:.*]], %[[U:.*]], %[[D:.*]] = store.csv_keys "fs://in/customers.csv" columns ["email", "phone"] key %{{.*}} : tensor<32xi8> -> tensor<8x2xi64>, tensor<8xi1>, tensor<4xi64>
// CHECK: store.csv_select %[[U]], %[[D]] from "fs://in/customers.csv" to "fs://out/shared.csv" : tensor<8xi1>, tensor<4xi64>
// CHECK: return %[[N]], %[[K]]
func.func @csv(%key: tensor<32xi8>) -> (i64, tensor<8x2xi64>) {
  %n = store.csv_rows "fs://in/customers.csv"
  %keys, %used, %digest = store.csv_keys "fs://in/customers.csv"
      columns ["email", "phone"] key %key
      : tensor<32xi8> -> tensor<8x2xi64>, tensor<8xi1>, tensor<4xi64>
  store.csv_select %used, %digest from "fs://in/customers.csv"
      to "fs://out/shared.csv" : tensor<8xi1>, tensor<4xi64>
  return %n, %keys : i64, tensor<8x2xi64>
}
