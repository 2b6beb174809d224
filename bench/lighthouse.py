"""Lighthouse on every route, mobile and desktop presets, through web/scripts/lighthouse.mjs and
Debian's Chromium: the median of each score and metric over each preset's runs."""

import json
import os
import statistics
import subprocess
from collections import defaultdict
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
# One page's mobile TBT spans 30 to 320 ms between runs of one build here, so a median of 3 moved its
# score by 2 to 3 points between bench runs; Lighthouse's variability guide advises the median of 5.
# Desktop scores sit far from any bar: 3 runs do.
RUNS = {"mobile": 5, "desktop": 3}


def lighthouse(pages: dict[str, str]) -> dict[str, dict[str, dict]]:
    """{preset: {name: {"scores": {...}, "metrics": {...}, "failing": [...], ...}}}, medians of the runs
    of each page's URL in `pages` ({name: url}). `own_status_only`: in every run, Best Practices held
    only the page's own 404 status against it (web/scripts/lighthouse.mjs)."""
    names = {url: name for name, url in pages.items()}
    runs = defaultdict(list)
    for preset, times in RUNS.items():
        run = subprocess.run(
            ["node", "scripts/lighthouse.mjs", "--runs", str(times), "--presets", preset, *names],
            cwd=WEB,
            env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
            capture_output=True,
            text=True,
            check=True,
        )
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
