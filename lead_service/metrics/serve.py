"""The metrics' own HTTP endpoint, on METRICS_BIND (host:port), apart from the port visitors reach."""

from prometheus_client import REGISTRY, CollectorRegistry, start_http_server


def serve(bind: str, registry: CollectorRegistry = REGISTRY) -> None:
    """Serves `registry` at http://<bind>/metrics from a thread of this process."""
    host, _, port = bind.rpartition(":")
    if not host or not port.isdigit():
        raise RuntimeError(f"METRICS_BIND must be host:port, got {bind!r}")
    start_http_server(int(port), addr=host.strip("[]"), registry=registry)
