"""A phone's load, the first figure of `make bench`: every route and the framework floor, each
loaded RUNS times, routes interleaved, in Chromium under Lighthouse's mobile throttling applied for
real through the DevTools protocol. That is Lighthouse's own devtools preset: 562.5 ms request
latency and 1.47 Mbit/s down, which stand for its 150 ms round trip and 1.6 Mbit/s, and a CPU four
times slower. Median and spread of the first contentful paint, the largest paint, the layout shift
and the time the page is hydrated: its first control carries React's handlers (the header's first
button; on the floor, which has no control, its <main>)."""

import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.servers import lead_service, web
from tests.support.site import hydrated

from .floor import serve_floor
from .report import FLOOR

RUNS = 5
METRICS = ("fcp", "lcp", "cls", "hydrated")
# The element whose React handlers mark the page hydrated.
SITE_CONTROL, FLOOR_CONTROL = "header button", "main"
MARKS = """
window.__marks = { cls: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__marks.lcp = entry.startTime;
}).observe({ type: "largest-contentful-paint", buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntriesByName("first-contentful-paint")) window.__marks.fcp = entry.startTime;
}).observe({ type: "paint", buffered: true });
window.__marks.shifted = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__marks.cls += entry.value;
    for (const { node } of entry.sources) {
      if (node instanceof Element) {
        const label = node.closest("[data-section]")?.getAttribute("data-section");
        const where = label ? ` in ${label}` : "";
        window.__marks.shifted.push(`${node.localName}${where} at ${Math.round(entry.startTime)} ms`);
      }
    }
  }
}).observe({ type: "layout-shift", buffered: true });
(function hydrated() {
  if ((%s)()) {
    window.__marks.hydrated = performance.now();
  } else {
    setTimeout(hydrated, 10);
  }
})();
"""
THROTTLING = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1474.56 * 1024 / 8,
    "uploadThroughput": 675 * 1024 / 8,
}
# After hydration, time for a late largest paint or layout shift to be seen.
SETTLE_MS = 1000


def _load(browser, url: str, control: str) -> dict:
    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True)
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", THROTTLING)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(MARKS % hydrated(control))
    page.goto(url, timeout=120_000)
    page.wait_for_function("() => window.__marks.hydrated", timeout=120_000)
    page.wait_for_timeout(SETTLE_MS)
    marks = page.evaluate("() => window.__marks")
    context.close()
    return marks


def _summary(runs: list[dict]) -> dict:
    return {
        **{
            key: {
                "median": statistics.median(run[key] for run in runs),
                "min": min(run[key] for run in runs),
                "max": max(run[key] for run in runs),
            }
            for key in METRICS
        },
        # What moved, in the runs where something did: a layout shift is rare enough to need its
        # culprit named in the report, and rarely reproducible on demand.
        "shifted": sorted({element for run in runs for element in run["shifted"]}),
    }


def phone_load(tmp: Path, routes: list[str]) -> dict[str, dict]:
    """{route or FLOOR: {metric: {"median", "min", "max"}, "shifted": [element]}}, times in ms.
    Needs the floor built (bench.floor.floor_weight) and the site's build in web/.next."""
    runs: dict[str, list[dict]] = {}
    with (
        lead_service(tmp, f"sqlite:///{tmp / 'leads.db'}") as service,
        web(tmp, service) as site,
        serve_floor(tmp) as floor,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        targets = [
            (FLOOR, floor, FLOOR_CONTROL),
            *((route, f"{site}{route}", SITE_CONTROL) for route in routes),
        ]
        for _ in range(RUNS):
            for name, url, control in targets:
                runs.setdefault(name, []).append(_load(browser, url, control))
        browser.close()
    return {name: _summary(marks) for name, marks in runs.items()}


if __name__ == "__main__":
    # One figure alone, on the current build: python -m bench.phone_load
    import json
    import tempfile

    from .floor import floor_weight
    from .routes import routes as all_routes

    floor_weight()
    with tempfile.TemporaryDirectory(prefix="phone-load-") as scratch:
        print(json.dumps(phone_load(Path(scratch), all_routes()), indent=2))
