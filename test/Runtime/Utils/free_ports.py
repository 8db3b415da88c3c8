"""Ports on 127.0.0.1 that nothing listens on, for the workers the cluster
test scripts start, and cluster files for them (imported by them; not a
test itself)."""
import secrets
import socket


def free_ports(n):
    socks = [socket.socket() for _ in range(n)]
    for s in socks:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def cluster_config(ports):
    """A cluster file's content with node nR at ports[R], fresh tokens for
    each and for the driver; returns it and the driver's token."""
    driver = secrets.token_hex(16)
    return {"nodes": [{"name": f"n{r}", "endpoint": f"127.0.0.1:{p}",
                       "token": secrets.token_hex(16)}
                      for r, p in enumerate(ports)],
            "driver": {"token": driver}}, driver
