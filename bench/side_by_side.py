"""A change's cost to the visitor, beside the build before it, in one run: `python -m
bench.side_by_side OTHER_WEB` (another checkout's web/, built) prints each route's first-load
JavaScript in both builds (bench/build_weight.py), then the INP of the lead forms' interactions
(bench/interactions.py), each site in turn run by run, so that whatever else the machine does
falls on both alike."""

import statistics
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.servers import ROOT, free_port, lead_service, server

from .build_weight import weigh
from .interactions import INTERACTIONS, _inp
from .routes import routes

RUNS = 7
FORM_INTERACTIONS = (
    "open the Contact Us dialog",
    "type ten characters into the quote form's name",
    "type ten characters into the phone field",
    "choose a budget",
)


def first_load_js(web: Path) -> dict[str, int]:
    """{route: gzip -9 bytes of the scripts its HTML loads}, for the bench's routes."""
    return {route: weigh(web / ".next", route)["js"] for route in routes()}


@contextmanager
def _site(tmp: Path, web: Path, service: str, name: str):
    port = free_port()
    command = [str(web / "node_modules/.bin/next"), "start", "-H", "127.0.0.1", "-p", str(port)]
    env = {"LEAD_SERVICE_URL": service, "NEXT_TELEMETRY_DISABLED": "1"}
    with server(command, env, f"http://127.0.0.1:{port}/", tmp / f"{name}.log", cwd=web):
        yield f"http://127.0.0.1:{port}"


def form_inp(other: Path) -> dict[str, dict[str, list[float]]]:
    """{interaction: {"before": [ms...], "after": [ms...]}}, the sites alternating which goes first."""
    runs: dict[str, dict[str, list[float]]] = {
        name: {"before": [], "after": []} for name in FORM_INTERACTIONS
    }
    with tempfile.TemporaryDirectory(prefix="bench-side-") as scratch:
        tmp = Path(scratch)
        with (
            lead_service(tmp, f"sqlite:///{tmp / 'leads.db'}") as service,
            _site(tmp, other, service, "before") as before,
            _site(tmp, ROOT / "web", service, "after") as after,
            sync_playwright() as playwright,
        ):
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            sites = [("before", before), ("after", after)]
            for run in range(RUNS):
                for label, url in sites if run % 2 == 0 else sites[::-1]:
                    for name, route, act in INTERACTIONS:
                        if name in runs:
                            runs[name][label].append(_inp(browser, f"{url}{route}", act))
            browser.close()
    return runs


def main(other: Path) -> None:
    before, after = first_load_js(other), first_load_js(ROOT / "web")
    print("| Route | First-load JS before | after |\n|---|---|---|")
    for route in after:
        print(f"| `{route}` | {before.get(route, 0) / 1000:.1f} kB | {after[route] / 1000:.1f} kB |")
    heavier = [route for route in after if after[route] > before.get(route, 0)]
    print(f"\nPages heavier than before: {heavier or 'none'}\n")
    print(f"| Interaction (INP, ms, median of {RUNS} (min-max)) | before | after |\n|---|---|---|")
    for name, sides in form_inp(other).items():
        before_ms, after_ms = (
            f"{statistics.median(ms):.0f} ({min(ms):.0f}-{max(ms):.0f})" for ms in sides.values()
        )
        print(f"| {name} | {before_ms} | {after_ms} |")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
