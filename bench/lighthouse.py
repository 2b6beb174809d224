"""Lighthouse on every route, mobile and desktop presets, three runs each, through
web/scripts/lighthouse.mjs and Debian's Chromium: the median of each score and metric."""

import json
import os
import statistics
import subprocess
from collections import defaultdict
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
RUNS = 3
PRESETS = ("mobile", "desktop")


def lighthouse(pages: dict[str, str]) -> dict[str, dict[str, dict]]:
    """{preset: {name: {"scores": {...}, "metrics": {...}, "failing": [...], ...}}}, medians of the runs
    of each page's URL in `pages` ({name: url}). `own_status_only`: in every run, Best Practices held
    only the page's own 404 status against it (web/scripts/lighthouse.mjs)."""
    names = {url: name for name, url in pages.items()}
    run = subprocess.run(
        ["node", "scripts/lighthouse.mjs", "--runs", str(RUNS), "--presets", ",".join(PRESETS), *names],
        cwd=WEB,
        env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
        capture_output=True,
        text=True,
        check=True,
    )
    runs = defaultdict(list)
    for line in run.stdout.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            runs[result["preset"], names[result["url"]]].append(result)
    medians: dict[str, dict[str, dict]] = defaultdict(dict)
    for (preset, name), results in runs.items():
        medians[preset][name] = {
            "scores": {
                name: statistics.median(r["scores"][name] for r in results) for name in results[0]["scores"]
            },
            "metrics": {
                name: statistics.median(r["metrics"][name] or 0 for r in results)
                for name in results[0]["metrics"]
            },
            "failing": sorted({audit for r in results for audit in r["failing"]}),
            "own_status_only": all(r["ownStatusOnly"] for r in results),
            "benchmark_index": statistics.median(r["benchmarkIndex"] for r in results),
            "runs": len(results),
        }
    return medians
