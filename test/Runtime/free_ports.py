"""Ports on 127.0.0.1 that nothing listens on, for the workers the cluster
test scripts start (imported by them; not a test itself)."""
import socket


def free_ports(n):
    socks = [socket.socket() for _ in range(n)]
    for s in socks:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports
