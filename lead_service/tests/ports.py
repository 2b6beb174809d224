"""Free 127.0.0.1 ports for the tests' servers, each process's from a block of its own.

A port the kernel hands out for bind(0) is free only until someone binds it, and a server binds its
port seconds after it was chosen (after migrations, or once the servers it is told of are up). With
one pytest worker per CPU starting servers at once, two workers could be handed the same port: one
server would then fail to bind while its readiness probe found the other worker's server answering,
and its test would talk to another test's database. So each process counts through a block of ports
of its own, below the kernel's ephemeral range (the one bind(0) and every outgoing connection draw
from), skipping any port something else holds."""

import itertools
import os
import socket
from collections.abc import Iterator
from pathlib import Path

_FIRST, _BLOCK = 10_000, 1_000


def _ephemeral_low() -> int:
    return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])


def _ports() -> Iterator[int]:
    """This process's block, in turn from where it starts: a pytest-xdist worker's by its number, any
    other process's (the bench's, and what it spawns) by its id."""
    blocks = (_ephemeral_low() - _FIRST) // _BLOCK
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    index = int(worker[2:]) if worker.startswith("gw") else os.getpid()
    start, offset = _FIRST + index % blocks * _BLOCK, index // blocks % _BLOCK
    return itertools.cycle([*range(start + offset, start + _BLOCK), *range(start, start + offset)])


_TURN = _ports()


def free_port() -> int:
    for _ in range(_BLOCK):
        port = next(_TURN)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port left in this process's block")
