"""Lead to notification: seconds from a quote request's 201 to its e-mail arriving at a local SMTP
server, with the outbox worker running as `make run` runs it."""

import re
import statistics
import time
from pathlib import Path

import requests

from lead_service.tests.receivers import SmtpSink, smtp_settings, wait_for
from tests.support.servers import lead_service, start_outbox_worker, stop

LEADS = 40
GAP_SECONDS = 0.25


def notification_latency(tmp: Path) -> dict[str, float]:
    database = f"sqlite:///{tmp / 'leads.db'}"
    smtp = SmtpSink().start()
    channel = smtp_settings(smtp.port)
    answered: dict[int, float] = {}
    try:
        with lead_service(tmp, database) as service:
            worker = start_outbox_worker(tmp, database, channel)
            try:
                for number in range(LEADS):
                    body = {
                        "name": f"Bench Visitor {number}",
                        "email": f"notify-{number}@bench.example",
                        "phone": "+44 20 7946 0958",
                        "project": "Measured by make bench",
                        "budget": "1000$ - 5000$ Estimated",
                    }
                    response = requests.post(f"{service}/api/quote", json=body, timeout=10)
                    answered[response.json()["id"]] = time.time()
                    time.sleep(GAP_SECONDS)
                wait_for(lambda: len(smtp.messages) >= LEADS, 60, "every notification")
            finally:
                stop(worker)
    finally:
        smtp.stop()
    latencies = sorted(
        arrived - answered[int(re.search(r"Lead: +#(\d+)", message.get_content())[1])]
        for message, arrived in zip(smtp.messages, smtp.arrivals, strict=True)
    )
    return {
        "leads": LEADS,
        "p50_s": statistics.median(latencies),
        "p99_s": latencies[min(len(latencies) - 1, round(0.99 * (len(latencies) - 1)))],
    }
