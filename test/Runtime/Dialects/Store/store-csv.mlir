// PSI on CSV files (examples/psi_csv.mlir): each party's own file, in the
// simulator and on workers; party 1 writes its shared rows byte for byte,
// and with --entry mutual party 0 too.
// RUN: rm -rf %t && mkdir -p %t/rank0 %t/rank1
// RUN: printf 'email,name\na@x.org,Ann\nb@x.org,"Bo, Jr"\nc@x.org,Cy\n' > %t/rank0/customers.csv
// RUN: printf 'id,email\r\n1,c@x.org\r\n2,z@x.org\r\n3,a@x.org\r\n4,"b@x.org "\r\n' > %t/rank1/customers.csv
// RUN: mplang-run --sim 2 %examples/psi_csv.mlir --data-root %t | FileCheck %s
// RUN: cat %t/rank1/shared.csv | FileCheck %s --check-prefix=ROWS
// RUN: rm %t/rank1/shared.csv
// RUN: mplang-run --local 2 %examples/psi_csv.mlir --data-root %t | FileCheck %s
// RUN: cat %t/rank1/shared.csv | FileCheck %s --check-prefix=ROWS
// RUN: test ! -e %t/rank0/shared.csv
// CHECK:      rank 0: <absent>
// CHECK-NEXT: rank 1: dense<2> : tensor<i64>
// ROWS:      id,email
// ROWS-NEXT: 1,c@x.org
// ROWS-NEXT: 3,a@x.org
// ROWS-NOT:  x.org

// --entry mutual: both parties write their shared rows, each in its own
// file's order and bytes.
// RUN: rm %t/rank1/shared.csv
// RUN: mplang-run --sim 2 %examples/psi_csv.mlir --entry mutual --data-root %t | FileCheck %s --check-prefix=MUTUAL
// RUN: cat %t/rank0/shared.csv | FileCheck %s --check-prefix=ROWS0
// RUN: cat %t/rank1/shared.csv | FileCheck %s --check-prefix=ROWS
// RUN: rm %t/rank0/shared.csv %t/rank1/shared.csv
// RUN: mplang-run --local 2 %examples/psi_csv.mlir --entry mutual --data-root %t | FileCheck %s --check-prefix=MUTUAL
// RUN: cat %t/rank0/shared.csv | FileCheck %s --check-prefix=ROWS0
// RUN: cat %t/rank1/shared.csv | FileCheck %s --check-prefix=ROWS
// MUTUAL:      rank 0: dense<2> : tensor<i64>, <absent>
// MUTUAL-NEXT: rank 1: <absent>, dense<2> : tensor<i64>
// ROWS0:      email,name
// ROWS0-NEXT: a@x.org,Ann
// ROWS0-NEXT: c@x.org,Cy
// ROWS0-NOT:  x.org

// A missing key column, a short record, a file over the capacity and one
// over the size bound (a sparse file: nothing is read) are errors naming
// the file.
// RUN: printf 'mail\na@x.org\n' > %t/rank0/customers.csv
// RUN: not mplang-run --sim 2 %examples/psi_csv.mlir --data-root %t 2>&1 | FileCheck %s --check-prefix=COLUMN
// COLUMN: fs://customers.csv: no column 'email' (the header has: mail)
// RUN: printf 'email,name\na@x.org\n' > %t/rank0/customers.csv
// RUN: not mplang-run --sim 2 %examples/psi_csv.mlir --data-root %t 2>&1 | FileCheck %s --check-prefix=FIELDS
// FIELDS: fs://customers.csv: line 2 has 1 fields, the header 2
// RUN: %python -c "print('email'); [print(f'{i}@x.org') for i in range(129)]" > %t/rank0/customers.csv
// RUN: not mplang-run --sim 2 %examples/psi_csv.mlir --data-root %t 2>&1 | FileCheck %s --check-prefix=CAPACITY
// CAPACITY: fs://customers.csv has more than 128 records, the capacity
// RUN: truncate -s 4097M %t/rank0/customers.csv
// RUN: not mplang-run --sim 2 %examples/psi_csv.mlir --data-root %t 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: fs://customers.csv: 4296015872 bytes, more than a CSV file may have (4294967296)
