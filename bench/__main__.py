"""`make bench` (python -m bench): measures everything in one run, writes the report to
docs/performance.md and the raw figures to bench-results/bench.json, and prints the report."""

import json
import os
import platform
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from tests.support.servers import lead_service, web

from .assignment import assignment_intake
from .backup import backup_timing
from .build_weight import weigh
from .capacity import capacity
from .floor import floor_weight, serve_floor
from .hostile_mail import hostile_read_on_sqlite
from .inbox import inbox_latency
from .interactions import interaction_inp
from .lighthouse import lighthouse
from .mailbox import mailbox_read
from .notifications import notification_latency
from .pages import page_throughput
from .phone_load import phone_load
from .report import FLOOR, REPORT, RESULTS, ROOT, markdown
from .routes import routes
from .services import service_throughput
from .sign_in_flood import sign_in_flood
from .webhooks import webhook_intake


def _folder(tmp: Path, name: str) -> Path:
    path = tmp / name
    path.mkdir()
    return path


def main() -> None:
    started = time.monotonic()
    paths = routes()
    results: dict = {
        "date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        "machine": f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}",
        "timings": {},
    }

    def measure(name: str, step) -> None:
        began = time.monotonic()
        results[name] = step()
        results["timings"][name] = round(time.monotonic() - began, 1)
        print(f"bench: {name} done in {results['timings'][name]} s", flush=True)

    with tempfile.TemporaryDirectory(prefix="bench-") as scratch:
        tmp = Path(scratch)
        measure("weights", lambda: {route: weigh(ROOT / "web/.next", route) for route in paths})
        measure("floor", floor_weight)
        measure("phone", lambda: phone_load(_folder(tmp, "phone"), paths))

        def run_interactions():
            home = _folder(tmp, "interactions")
            with lead_service(home, f"sqlite:///{home / 'leads.db'}") as service, web(home, service) as site:
                return interaction_inp(site)

        measure("interactions", run_interactions)

        def run_lighthouse():
            home = _folder(tmp, "lighthouse")
            with (
                lead_service(home, f"sqlite:///{home / 'leads.db'}") as service,
                web(home, service) as site,
                serve_floor(home) as floor,
            ):
                return lighthouse({**{route: f"{site}{route}" for route in paths}, FLOOR: floor})

        measure("lighthouse", run_lighthouse)
        measure("service", lambda: service_throughput(_folder(tmp, "service")))
        measure("inbox", lambda: inbox_latency(_folder(tmp, "inbox")))
        measure("sign_in_flood", lambda: sign_in_flood(_folder(tmp, "sign-in-flood")))
        measure("assignment", lambda: assignment_intake(_folder(tmp, "assignment")))
        measure("webhooks", lambda: webhook_intake(_folder(tmp, "webhooks")))
        measure("capacity", lambda: capacity(_folder(tmp, "capacity")))
        measure("pages", lambda: page_throughput(_folder(tmp, "pages")))
        measure("notifications", lambda: notification_latency(_folder(tmp, "notifications")))
        measure("mailbox", lambda: mailbox_read(_folder(tmp, "mailbox")))
        measure("mailbox_hostile", lambda: hostile_read_on_sqlite(_folder(tmp, "mailbox-hostile")))
        measure("backup", lambda: backup_timing(_folder(tmp, "backup")))
    results["seconds"] = time.monotonic() - started

    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    report = markdown(results)
    REPORT.parent.mkdir(exist_ok=True)
    REPORT.write_text(report)
    print(report)


if __name__ == "__main__":
    main()
