"""HTTP load with wrk (bounded in time, on 127.0.0.1 only): requests per second, p50/p99 latency
and errors, read from bench/wrk.lua's report."""

import json
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "wrk.lua"
DURATION = "10s"


def wrk(url: str, mode: str = "get", connections: int = 16) -> dict[str, float]:
    run = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{DURATION}",
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
    return report
