// RUN: mplang-opt %s -split-input-file -verify-diagnostics

func.func @memory() {
  // expected-error @+1 {{'store.csv_rows' op reads and writes CSV files: 'mem://t' is not an fs:// URI}}
  %n = store.csv_rows "mem://t"
  return
}

// -----

func.func @no_columns(%k: tensor<32xi8>) {
  // expected-error @+1 {{'store.csv_keys' op needs at least one key column}}
  %a, %b, %c = store.csv_keys "fs://a.csv" columns [] key %k
      : tensor<32xi8> -> tensor<8x2xi64>, tensor<8xi1>, tensor<4xi64>
  return
}

// -----

func.func @twice(%k: tensor<32xi8>) {
  // expected-error @+1 {{'store.csv_keys' op names column 'id' twice}}
  %a, %b, %c = store.csv_keys "fs://a.csv" columns ["id", "id"] key %k
      : tensor<32xi8> -> tensor<8x2xi64>, tensor<8xi1>, tensor<4xi64>
  return
}

// -----

func.func @short_key(%k: tensor<8xi8>) {
  // expected-error @+1 {{'store.csv_keys' op takes a key of at least 16 bytes}}
  %a, %b, %c = store.csv_keys "fs://a.csv" columns ["id"] key %k
      : tensor<8xi8> -> tensor<8x2xi64>, tensor<8xi1>, tensor<4xi64>
  return
}

// -----

func.func @narrow(%k: tensor<32xi8>) {
  // expected-error @+1 {{'store.csv_keys' op gives keys as tensor<Cx2xi64>}}
  %a, %b, %c = store.csv_keys "fs://a.csv" columns ["id"] key %k
      : tensor<32xi8> -> tensor<8x1xi64>, tensor<8xi1>, tensor<4xi64>
  return
}

// -----

func.func @used(%k: tensor<32xi8>) {
  // expected-error @+1 {{'store.csv_keys' op gives one 'used' flag per row of keys}}
  %a, %b, %c = store.csv_keys "fs://a.csv" columns ["id"] key %k
      : tensor<32xi8> -> tensor<8x2xi64>, tensor<7xi1>, tensor<4xi64>
  return
}

// -----

func.func @digest(%k: tensor<32xi8>) {
  // expected-error @+1 {{'store.csv_keys' op takes the file's SHA-256 as tensor<4xi64>}}
  %a, %b, %c = store.csv_keys "fs://a.csv" columns ["id"] key %k
      : tensor<32xi8> -> tensor<8x2xi64>, tensor<8xi1>, tensor<2xi64>
  return
}

// -----

func.func @overwrite(%m: tensor<8xi1>, %d: tensor<4xi64>) {
  // expected-error @+1 {{'store.csv_select' op would overwrite the file it reads}}
  store.csv_select %m, %d from "fs://a.csv" to "fs://a.csv" : tensor<8xi1>, tensor<4xi64>
  return
}

// -----

func.func @mask(%m: tensor<2x4xi1>, %d: tensor<4xi64>) {
  // expected-error @+1 {{'store.csv_select' op takes a 1-D mask}}
  store.csv_select %m, %d from "fs://a.csv" to "fs://b.csv" : tensor<2x4xi1>, tensor<4xi64>
  return
}

// -----

func.func @target(%m: tensor<8xi1>, %d: tensor<4xi64>) {
  // expected-error @+1 {{'store.csv_select' op 'fs://../b.csv': '..' is not allowed in a path, which must stay inside the party's store}}
  store.csv_select %m, %d from "fs://a.csv" to "fs://../b.csv" : tensor<8xi1>, tensor<4xi64>
  return
}
