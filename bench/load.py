"""HTTP load with wrk (bounded in time, on 127.0.0.1 only): requests per second, p50/p99 latency,
errors and the ids its 201s answered, read from bench/wrk.lua's report."""

import json
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "wrk.lua"
DURATION_S = 5


def wrk(url: str, mode: str = "get", connections: int = 16) -> dict[str, float]:
    run = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{DURATION_S}s",
            "--timeout",
            "10s",
            "-s",
            str(SCRIPT),
            url,
            "--",
            mode,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(line for line in run.stdout.splitlines() if line.startswith("BENCH "))
    report = json.loads(line.removeprefix("BENCH "))
    report["rps"] = report["requests"] / report["seconds"]
    ids = report.pop("ids")
    if mode == "quote":
        report["ids"] = [int(id_) if id_.isdigit() else -1 for id_ in ids.split(",") if id_]
    return report
