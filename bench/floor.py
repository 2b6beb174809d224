"""The framework floor: the bare create-next-app page in floor-app/, built in the same run with
the site's own Next.js and bundler, to weigh and to run Lighthouse on beside the site's routes."""

import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

from tests.support.servers import free_port, server

from .build_weight import weigh

WEB = Path(__file__).resolve().parent.parent / "web"
# Inside web/ (and git-ignored, as web/.next-*/ is): Turbopack compiles nothing outside its root,
# and the floor borrows web/node_modules.
WORKDIR = WEB / ".next-floor"


def build_floor() -> Path:
    """Builds floor-app/ with web/'s node_modules; answers its build folder."""
    shutil.rmtree(WORKDIR, ignore_errors=True)
    shutil.copytree(Path(__file__).resolve().parent / "floor-app", WORKDIR)
    (WORKDIR / "node_modules").symlink_to(WEB / "node_modules", target_is_directory=True)
    # The one change to the bare config: Turbopack's root is web/, where node_modules really is.
    (WORKDIR / "next.config.ts").write_text(
        'import type { NextConfig } from "next";\n\n'
        f"const nextConfig: NextConfig = {{ turbopack: {{ root: {str(WEB)!r} }} }};\n\n"
        "export default nextConfig;\n"
    )
    build = subprocess.run(
        [str(WEB / "node_modules/.bin/next"), "build"],
        cwd=WORKDIR,
        env={**os.environ, "NEXT_TELEMETRY_DISABLED": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    if build.returncode != 0:
        raise RuntimeError(
            f"the framework floor did not build:\n{build.stdout[-3000:]}{build.stderr[-3000:]}"
        )
    return WORKDIR / ".next"


def floor_weight() -> dict[str, int]:
    return weigh(build_floor(), "/")


@contextmanager
def serve_floor(tmp: Path):
    """`next start` on the floor build (after floor_weight) on a free port: its URL."""
    port = free_port()
    command = [str(WEB / "node_modules/.bin/next"), "start", "-H", "127.0.0.1", "-p", str(port)]
    url = f"http://127.0.0.1:{port}/"
    with server(command, {"NEXT_TELEMETRY_DISABLED": "1"}, url, tmp / "floor.log", WORKDIR):
        yield url
