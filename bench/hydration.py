"""What starting the scripts at the first paint (web/scripts/scripts-after-paint.mjs) costs and
buys a phone: the same routes from the site's build and from the same build with Next.js's own
script tags, loaded in Chromium under Lighthouse's mobile throttling applied for real (DevTools:
562.5 ms request latency, 1.47 Mbit/s down, a CPU four times slower), runs alternating. Medians
of the first contentful paint, the largest paint and hydration (the header's first button
carrying React's handlers)."""

import os
import shutil
import statistics
import subprocess
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.servers import free_port, web

WEB = Path(__file__).resolve().parent.parent / "web"
EAGER = ".next-eager"  # git-ignored, as web/.next-*/ is
ROUTES = ("/", "/team")
RUNS = 3
MARKS = """
window.__marks = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__marks.lcp = entry.startTime;
}).observe({ type: "largest-contentful-paint", buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntriesByName("first-contentful-paint")) window.__marks.fcp = entry.startTime;
}).observe({ type: "paint", buffered: true });
(function hydrated() {
  const button = document.querySelector("header button");
  if (button && Object.keys(button).some((key) => key.startsWith("__reactFiber"))) {
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


def build_eager() -> None:
    """The site's build with the scripts where Next.js puts them: every step of `npm run build`'s
    `next build` and compile hints, none of scripts-after-paint.mjs."""
    env = {**os.environ, "NEXT_DIST_DIR": EAGER, "NEXT_TELEMETRY_DISABLED": "1"}
    shutil.rmtree(WEB / EAGER, ignore_errors=True)
    for command in (["node_modules/.bin/next", "build"], ["node", "scripts/compile-hints.mjs"]):
        subprocess.run(command, cwd=WEB, env=env, check=True, capture_output=True)


def _load(browser, url: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True)
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", THROTTLING)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(MARKS)
    page.goto(url, timeout=60_000)
    page.wait_for_function("() => window.__marks.hydrated", timeout=60_000)
    marks = page.evaluate("() => window.__marks")
    context.close()
    return marks


def hydration(tmp: Path) -> dict[str, dict[str, dict[str, float]]]:
    """{route: {"after paint" | "with the HTML": {"fcp", "lcp", "hydrated"}}} in ms."""
    build_eager()
    service = f"http://127.0.0.1:{free_port()}"
    (tmp / "deferred").mkdir()
    (tmp / "eager").mkdir()
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    with (
        web(tmp / "deferred", service) as deferred,
        web(tmp / "eager", service, dist_dir=EAGER) as eager,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(RUNS):
            for route in ROUTES:
                for name, site in (("after paint", deferred), ("with the HTML", eager)):
                    runs.setdefault((route, name), []).append(_load(browser, f"{site}{route}"))
        browser.close()
    results: dict[str, dict[str, dict[str, float]]] = {}
    for (route, name), marks in runs.items():
        results.setdefault(route, {})[name] = {
            key: statistics.median(m[key] for m in marks) for key in ("fcp", "lcp", "hydrated")
        }
    return results
