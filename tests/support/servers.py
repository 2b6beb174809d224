"""The real lead service (gunicorn), the real web server (`next start`, or the standalone server
as the web image runs it) and nginx on deploy/nginx.conf, each on a free 127.0.0.1 port, stopped
when the tests end."""

import os
import shutil
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from lead_service.config import database_url
from lead_service.tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def wait_until_up(url: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}:\n{log.read_text()}")
        try:
            if requests.get(url, timeout=5).status_code < 500:
                return
        # Not listening yet, or too busy starting up to answer in time: ask again.
        except (requests.ConnectionError, requests.Timeout):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up in {timeout}s:\n{log.read_text()}")


def spawn(command: list, env: dict[str, str], log: Path, cwd: Path = ROOT) -> subprocess.Popen:
    """Starts a process in a process group of its own, so that stopping it stops every process it
    starts. In the tests' session still: Linux weighs each session's CPU as one (its autogroups), and
    a session of its own would void STAFF_SIDE's priority, as `make run`'s one session does not."""
    with log.open("w") as output:
        return subprocess.Popen(
            command,
            cwd=cwd,
            env={**os.environ, **env},
            stdout=output,
            stderr=subprocess.STDOUT,
            process_group=0,
        )


@contextmanager
def server(command: list[str], env: dict[str, str], ready_url: str, log: Path, cwd: Path = ROOT):
    process = spawn(command, env, log, cwd)
    try:
        wait_until_up(ready_url, process, log)
        yield process
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    """SIGTERM to the server's whole process group, SIGKILL after 20 s; gone already is fine."""
    try:
        os.killpg(process.pid, 15)
        process.wait(timeout=20)
    except ProcessLookupError:
        process.wait()
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait()


GUNICORN = [
    str(BIN / "gunicorn"),
    "-c",
    "lead_service/server/gunicorn.conf.py",
    "lead_service.server.wsgi:app",
]
# The inbox's processes yield the CPU to intake's when both want it, as `make run` starts them (and
# compose weighs their containers): no sign-in flood takes a core from a visitor's lead.
STAFF_SIDE = ["nice", "-n", "10"]


def prepare_lead_service(tmp: Path, database_url: str, port: int, settings: dict[str, str] | None = None):
    """The service's environment on a migrated database with its PDF built; `settings` adds to (or
    overrides) it."""
    env = {
        "DATABASE_URL": database_url,
        "LEAD_SERVICE_INSTANCE_PATH": str(tmp),
        "PROFILE_PDF_PATH": str(tmp / "company-profile.pdf"),
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",  # two processes: SQLite locking between them is exercised
        # Every browser test comes from 127.0.0.1; the limits are tested on their own.
        "RATELIMIT_ENABLED": "false",
        **(settings or {}),
    }
    for step in (["db", "upgrade"], ["profile", "build"]):
        subprocess.run(
            [BIN / "lead-service", *step], env={**os.environ, **env}, check=True, capture_output=True
        )
    return env


@contextmanager
def lead_service(tmp: Path, database_url: str, settings: dict[str, str] | None = None):
    """gunicorn on a free port, as operators run it."""
    port = free_port()
    env = prepare_lead_service(tmp, database_url, port, settings)
    with server(GUNICORN, env, f"http://127.0.0.1:{port}/healthz", tmp / "lead-service.log"):
        yield f"http://127.0.0.1:{port}"


@contextmanager
def lead_service_parts(tmp: Path, database_url: str, settings: dict[str, str] | None = None):
    """The lead service as deployed: its public part and its inbox's (SERVE), each gunicorn on a
    free port, on one database: their URLs."""
    port, inbox_port = free_port(), free_port()
    env = prepare_lead_service(tmp, database_url, port, settings)
    inbox_env = {**env, "BIND": f"127.0.0.1:{inbox_port}", "SERVE": "inbox"}
    with (
        server(
            GUNICORN, {**env, "SERVE": "public"}, f"http://127.0.0.1:{port}/healthz", tmp / "lead-service.log"
        ),
        server(
            [*STAFF_SIDE, *GUNICORN],
            inbox_env,
            f"http://127.0.0.1:{inbox_port}/healthz",
            tmp / "inbox-api.log",
        ),
    ):
        yield f"http://127.0.0.1:{port}", f"http://127.0.0.1:{inbox_port}"


def _start(command: str, started: str, tmp: Path, database_url: str, settings: dict[str, str], name: str):
    log = tmp / f"{name}.log"
    env = {"DATABASE_URL": database_url, "LEAD_SERVICE_INSTANCE_PATH": str(tmp), **settings}
    # The outbox worker at the priority `make run` gives it, below intake's.
    priority = STAFF_SIDE if command == "outbox" else []
    process = spawn([*priority, BIN / "lead-service", command, "run"], env, log)
    deadline = time.monotonic() + 30
    while started not in log.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            raise RuntimeError(f"`lead-service {command} run` did not start:\n{log.read_text()}")
        time.sleep(0.1)
    return process


def start_outbox_worker(tmp: Path, database_url: str, settings: dict[str, str], name: str = "outbox"):
    """`lead-service outbox run` in a session of its own, once it says it has started; stop it with
    stop(). Its log is <name>.log in `tmp`."""
    return _start("outbox", "outbox worker started", tmp, database_url, settings, name)


def start_mailbox_reader(tmp: Path, database_url: str, settings: dict[str, str], name: str = "mailbox"):
    """`lead-service mailbox run`, as start_outbox_worker starts the worker."""
    return _start("mailbox", "mailbox reader started", tmp, database_url, settings, name)


def postgres_url() -> str:
    """TEST_DATABASE_URL, the PostgreSQL the tests may make schemas in; the test skips without it."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL is not set")
    return url


@contextmanager
def postgres_schema(url: str, prefix: str):
    """A throwaway schema in the PostgreSQL at `url`: (a service DATABASE_URL confined to it, an
    engine on it); dropped afterwards."""
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(database_url(url))
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine = create_engine(database_url(url), connect_args={"options": f"-csearch_path={schema}"})
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}", engine
    finally:
        engine.dispose()
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def build_web(dist_dir: str, settings: dict[str, str]) -> None:
    """A second production build of the site, side by side with web/.next, for settings that are
    fixed at build time."""
    build = subprocess.run(
        ["npm", "run", "build"],
        cwd=ROOT / "web",
        env={**os.environ, "NEXT_DIST_DIR": dist_dir, "NEXT_TELEMETRY_DISABLED": "1", **settings},
        capture_output=True,
        text=True,
        check=False,
    )
    if build.returncode != 0:
        raise RuntimeError(
            f"the build in web/{dist_dir} failed:\n{build.stdout[-4000:]}{build.stderr[-4000:]}"
        )


@contextmanager
def web(*args, **options):
    """web_process's server, by its URL alone."""
    with web_process(*args, **options) as (url, _):
        yield url


@contextmanager
def web_process(
    tmp: Path,
    lead_service_url: str,
    dist_dir: str = ".next",
    settings: dict[str, str] | None = None,
    port: int | None = None,
    staff_side: bool = False,
):
    """`next start` on `port` (else a free one), serving the build in web/<dist_dir>: its URL and its
    process (for a test that kills it). `settings` adds to (or overrides) its environment;
    `staff_side`: at the inbox's priority (STAFF_SIDE)."""
    if not (ROOT / "web" / dist_dir / "BUILD_ID").is_file():
        raise RuntimeError(f"web/{dist_dir} is not built: run the tests through `make test`")
    port = port or free_port()
    command = [
        *(STAFF_SIDE if staff_side else []),
        str(ROOT / "web/node_modules/.bin/next"),
        *("start", "-H", "127.0.0.1", "-p", str(port)),
    ]
    env = {
        "LEAD_SERVICE_URL": lead_service_url,
        "NEXT_TELEMETRY_DISABLED": "1",
        "NEXT_DIST_DIR": dist_dir,
        **(settings or {}),
    }
    with server(command, env, f"http://127.0.0.1:{port}/", tmp / "web.log", cwd=ROOT / "web") as process:
        yield f"http://127.0.0.1:{port}", process


@contextmanager
def standalone_web(tmp: Path, lead_service_url: str):
    """The web image's runtime stage, here: web/.next/standalone with the build's static files
    and public/ beside it (as web/Dockerfile copies them), started with the image's command."""
    app = tmp / "web-image"
    build = ROOT / "web/.next"
    shutil.copytree(build / "standalone", app)
    shutil.copytree(build / "static", app / "web/.next/static")
    shutil.copytree(ROOT / "web/public", app / "web/public")
    port = free_port()
    env = {"PORT": str(port), "HOSTNAME": "127.0.0.1", "LEAD_SERVICE_URL": lead_service_url}
    with server(["node", "web/server.js"], env, f"http://127.0.0.1:{port}/", tmp / "web.log", cwd=app):
        yield f"http://127.0.0.1:{port}"


NGINX_CONF = ROOT / "deploy/nginx.conf"
TRUSTED_PROXIES = ROOT / "deploy/trusted-proxies.conf"


# The inbox's host name behind nginx in the tests: another name for 127.0.0.1, which Chromium and
# Python resolve alike, so that the browser keeps the inbox's origin apart from the site's.
INBOX_HOST = "localhost"


# One upstream's server, or the servers of its replicas (http://host:port URLs).
Upstream = str | tuple[str, ...]


def _servers(upstream: Upstream) -> str:
    replicas = (upstream,) if isinstance(upstream, str) else upstream
    return " ".join(f"server {url.removeprefix('http://')};" for url in replicas)


def nginx_command(
    tmp: Path,
    web: Upstream,
    lead_service: Upstream,
    trusted: tuple[str, ...] = (),
    inbox_api: Upstream | None = None,
    port: int | None = None,
    inbox_web: Upstream | None = None,
    status_port: int | None = None,
) -> tuple[list[str], str]:
    """Debian's nginx on deploy/nginx.conf, with only what differs outside a container changed,
    each exactly where expected: the paths it writes to, its listen ports (the site's, and
    `status_port` for nginx's own counts, else a free one), the four upstreams' servers (each a
    URL, or the URLs of its replicas, as compose's DNS gives nginx every container of a scaled
    service; the inbox's API and site are `lead_service` and `web` unless given), the inbox's host
    name (INBOX_HOST) and where its trusted load balancers are listed (here,
    deploy/trusted-proxies.conf and the `trusted` addresses or ranges). The command line and the
    address it will listen on (on `port`, else a free one)."""
    port = port or free_port()
    conf = NGINX_CONF.read_text()
    for old, new, count in [
        ("/tmp/", f"{tmp}/", 7),
        ("/var/log/nginx/", f"{tmp}/", 2),
        ("listen 8080 default_server;", f"listen 127.0.0.1:{port} default_server;", 1),
        ("listen 8080;", f"listen 127.0.0.1:{port};", 1),
        ("listen 8081;", f"listen 127.0.0.1:{status_port or free_port()};", 1),
        ("server web:3000;", _servers(web), 1),
        ("server lead-service:5000;", _servers(lead_service), 1),
        ("server inbox-api:5000;", _servers(inbox_api or lead_service), 1),
        ("server inbox-web:3000;", _servers(inbox_web or web), 1),
        ("include /etc/nginx/trusted-proxies.conf;", f"include {tmp}/trusted-proxies.conf;", 1),
        ("include /etc/nginx/inbox-host.conf;", f"server_name {INBOX_HOST};", 1),
    ]:
        assert conf.count(old) == count, f"deploy/nginx.conf no longer has {old!r} {count} time(s)"
        conf = conf.replace(old, new)
    (tmp / "nginx.conf").write_text(conf)
    added = "".join(f"set_real_ip_from {address};\n" for address in trusted)
    (tmp / "trusted-proxies.conf").write_text(TRUSTED_PROXIES.read_text() + added)
    # Temporary folders are often private to the user running the tests: when that is root,
    # nginx's workers must be too, to write their cache there.
    settings = "daemon off;" + (" user root root;" if os.geteuid() == 0 else "")
    return [
        "nginx",
        "-c",
        str(tmp / "nginx.conf"),
        "-p",
        str(tmp),
        "-g",
        settings,
    ], f"http://127.0.0.1:{port}"


@contextmanager
def reverse_proxy(
    tmp: Path,
    web: Upstream,
    lead_service: Upstream,
    trusted: tuple[str, ...] = (),
    inbox_api: Upstream | None = None,
    port: int | None = None,
    inbox_web: Upstream | None = None,
    status_port: int | None = None,
):
    """deploy/nginx.conf in front of these upstreams, believing the load balancers at `trusted`:
    the public site's URL (the inbox's is the same with INBOX_HOST for its host)."""
    command, url = nginx_command(tmp, web, lead_service, trusted, inbox_api, port, inbox_web, status_port)
    with server(command, {}, f"{url}/", tmp / "nginx.log"):
        yield url
