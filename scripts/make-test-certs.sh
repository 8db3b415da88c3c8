#!/bin/sh
# Makes a throw-away CA and one certificate per worker, for local TLS tests:
#   scripts/make-test-certs.sh DIR NODE...
# writes DIR/ca.pem (the cluster file's tls.ca) and DIR/NODE.pem and
# DIR/NODE.key (each node's tls_cert and tls_key). The certificates name
# 127.0.0.1 and localhost. Not for production: the CA key stays in DIR.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 DIR NODE..." >&2; exit 2; }
dir=$1
shift
mkdir -p "$dir"
umask 077
openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=mplang test CA" \
  -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
for node in "$@"; do
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$node" \
    -keyout "$dir/$node.key" -out "$dir/$node.csr" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$dir/$node.ext"
  openssl x509 -req -in "$dir/$node.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" \
    -CAcreateserial -days 30 -extfile "$dir/$node.ext" -out "$dir/$node.pem" \
    2>/dev/null
  rm "$dir/$node.csr" "$dir/$node.ext"
done
echo "wrote $dir/ca.pem and a certificate and key for: $*"
