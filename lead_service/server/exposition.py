"""gunicorn's metrics endpoint, started in its own process when it is ready (gunicorn.conf.py):
every worker's counts, from PROMETHEUS_MULTIPROC_DIR, and, on the public part, the outbox's state
and the sales mailbox's reading, read from the database at each scrape."""

from prometheus_client import CollectorRegistry, multiprocess
from sqlalchemy.pool import NullPool

from .. import create_app
from ..mailbox.gauges import MailboxState
from ..metrics import serve
from ..outbox.gauges import OutboxState


def serve_gunicorn(bind: str) -> None:
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    # No pooled connection outlives a scrape: gunicorn forks its workers from this process, and a
    # child must not inherit a connection this one is using.
    app = create_app({"SQLALCHEMY_ENGINE_OPTIONS": {"poolclass": NullPool}})
    if app.config["SERVE"] != "inbox":
        registry.register(OutboxState(app))
        registry.register(MailboxState(app))
    serve(bind, registry)
