"""gunicorn settings, from the environment so that containers and `make run` share one file."""

import os
import shutil
import tempfile


def _env(name: str, default: str) -> str:
    # Set but empty (as docker-compose passes an unset .env entry) means the default too.
    return os.environ.get(name, "").strip() or default


bind = _env("BIND", "127.0.0.1:5000")
workers = int(_env("WEB_CONCURRENCY", "2"))
threads = int(_env("GUNICORN_THREADS", "4"))
timeout = int(_env("GUNICORN_TIMEOUT", "30"))
# On SIGTERM, requests in flight get this long to finish, so an accepted lead is still committed.
graceful_timeout = int(_env("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = 5
# The service logs each request itself, as a JSON line with its request id (lead_service/logs.py):
# no client address and no query string, nothing personal about a visitor.
accesslog = None
errorlog = "-"
loglevel = _env("LOG_LEVEL", "info").lower()
# gunicorn's own lines (workers booted, a worker timed out) as JSON too, and every logger's on stderr.
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "lead_service.logs.JsonLines"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"},
        "none": {"class": "logging.NullHandler"},
    },
    "root": {"level": loglevel.upper(), "handlers": ["stderr"]},
    "loggers": {
        "gunicorn.error": {"level": loglevel.upper(), "handlers": [], "propagate": True},
        # gunicorn's own access line names the client's address: never written.
        "gunicorn.access": {"handlers": ["none"], "propagate": False},
    },
}
forwarded_allow_ips = _env("FORWARDED_ALLOW_IPS", "127.0.0.1")
# No gunicornc control socket: nobody uses it, and it would be written under $HOME, which the
# image's user does not have and a read-only container could not write.
control_socket_disable = True

# Prometheus metrics on a port of their own (docs/operations.md "Metrics"): each worker writes its
# counts to files in PROMETHEUS_MULTIPROC_DIR, which must be set before a worker imports
# prometheus_client; this process serves them all, and empties the folder at each start.
metrics_bind = _env("METRICS_BIND", "")
if metrics_bind:
    metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp(
        prefix="lead-service-metrics-"
    )
    shutil.rmtree(metrics_dir, ignore_errors=True)
    os.makedirs(metrics_dir)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir


# Imported here, not above: prometheus_client reads PROMETHEUS_MULTIPROC_DIR when first imported.
def when_ready(server):
    if metrics_bind:
        from lead_service.server.exposition import serve_gunicorn  # noqa: PLC0415

        serve_gunicorn(metrics_bind)


def child_exit(server, worker):
    if metrics_bind:
        from prometheus_client import multiprocess  # noqa: PLC0415

        multiprocess.mark_process_dead(worker.pid)
