"""The service's Prometheus metrics: the series it counts (series.py), its requests' (requests.py),
and `serve`, the endpoint apart from the port visitors reach. Under gunicorn, each worker writes its
counts to PROMETHEUS_MULTIPROC_DIR and gunicorn's own process serves them all (server/exposition.py); the
outbox worker and the mailbox reader serve their own. See docs/operations.md "Metrics"."""

from .requests import init_app, mark_lead
from .series import DELIVERIES, LOCKS, MAILBOX_MESSAGES, SIGN_IN_FAILURES
from .serve import serve

__all__ = ["DELIVERIES", "LOCKS", "MAILBOX_MESSAGES", "SIGN_IN_FAILURES", "init_app", "mark_lead", "serve"]
