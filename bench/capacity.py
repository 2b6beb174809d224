"""What one of each process carries, on PostgreSQL (docs/scaling.md "Capacity" reads these): quote
requests a second through nginx with one lead-service process and with two, side by side in the
order one, two, two, one; and the notifications a second one outbox worker sends from a full
outbox to a local mail server, and two together."""

import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import requests
from sqlalchemy import Engine, text

from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from tests.support.servers import (
    GUNICORN,
    free_port,
    postgres_schema,
    prepare_lead_service,
    reverse_proxy,
    server,
    start_outbox_worker,
    stop,
)

from .load import wrk
from .services import POSTGRES

# Leads whose notifications wait for the workers, each time.
QUEUED = 1_000
CONNECTIONS = 32


def capacity(tmp: Path) -> dict:
    with postgres_schema(POSTGRES, "capacity") as (url, engine), ExitStack() as stack:
        env = prepare_lead_service(tmp, url, free_port(), {})
        services = []
        for name in ("a", "b"):
            port = free_port()
            ready, log = f"http://127.0.0.1:{port}/healthz", tmp / f"lead-service-{name}.log"
            stack.enter_context(server(GUNICORN, {**env, "BIND": f"127.0.0.1:{port}"}, ready, log))
            services.append(f"http://127.0.0.1:{port}")
        proxies = {}
        for name, upstream in (("one", services[0]), ("two", tuple(services))):
            (tmp / name).mkdir()
            # No page is asked: the site's upstream is the service too.
            proxies[name] = stack.enter_context(reverse_proxy(tmp / name, services[0], upstream))
        # The outbox first, while it holds only the leads queued for it.
        outbox = {str(workers): _outbox(tmp, url, engine, services[0], workers) for workers in (1, 2)}
        intake = _intake(proxies)
        return {"intake": intake, "ratio": intake["two"]["rps"] / intake["one"]["rps"], "outbox": outbox}


def _intake(proxies: dict[str, str]) -> dict[str, dict[str, float]]:
    runs: dict[str, list[dict]] = {"one": [], "two": []}
    for name in ("one", "two", "two", "one"):
        report = wrk(f"{proxies[name]}/api/quote", "quote", connections=CONNECTIONS)
        report.pop("ids")
        runs[name].append(report)
    return {
        name: {
            "rps": statistics.mean(run["rps"] for run in reports),
            "p50_ms": statistics.mean(run["p50_ms"] for run in reports),
            "p99_ms": max(run["p99_ms"] for run in reports),
            "errors": sum(run["socket_errors"] + run["non_2xx"] for run in reports),
        }
        for name, reports in runs.items()
    }


def _queue(service: str, first: int) -> None:
    """QUEUED leads sent to the service while no worker runs: their notifications wait."""

    def send(number: int) -> None:
        body = {
            "name": f"Capacity {number}",
            "email": f"capacity-{number}@bench.example.com",
            "phone": "+44 20 7946 0958",
            "project": "Measured by make bench",
            "budget": "1000$ - 5000$ Estimated",
        }
        requests.post(f"{service}/api/quote", json=body, timeout=30).raise_for_status()

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(send, range(first, first + QUEUED)))


def _outbox(tmp: Path, url: str, engine: Engine, service: str, workers: int) -> dict[str, float]:
    """The notifications a second `workers` outbox workers send from QUEUED waiting, from the first
    one's start: the others start while it sends."""
    _queue(service, workers * QUEUED)
    smtp = SmtpSink().start()
    channel = smtp_settings(smtp.port)
    running = []
    try:
        for number in range(workers):
            running.append(start_outbox_worker(tmp, url, channel, name=f"capacity-{workers}-{number}"))
            if number == 0:
                began = time.monotonic()
        wait_for(lambda: len(smtp.messages) >= QUEUED, 300, "every notification")
        seconds = time.monotonic() - began
    finally:
        for worker in running:
            stop(worker)
        smtp.stop()
    with engine.connect() as connection:
        left = connection.execute(text("SELECT count(*) FROM outbox WHERE status = 'pending'")).scalar_one()
    return {"notifications": QUEUED, "seconds": seconds, "per_second": QUEUED / seconds, "left": left}
