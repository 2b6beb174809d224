"""What the images run, run here: the lead-service image's build context (its .dockerignore, by
docker's own matcher), its build step, and its services' commands with the environment
docker-compose.yml gives them, on the project's Python with the same pins. The web image's
runtime stage runs in tests/e2e/deploy/test_deploy_nginx.py. Every image, built on or pulled, is
pinned by digest, at the versions the project runs on."""

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests
import yaml
from docker.utils.build import exclude_paths
from dockerfile_parse import DockerfileParser

from ...support.deploy import SERVICES
from ...support.servers import ROOT, free_port, server, spawn, stop

LEAD_DOCKERFILE = DockerfileParser(path=str(ROOT / "lead_service/Dockerfile"))
# What an operator's .env gives the required settings here.
DOT_ENV = {
    "POSTGRES_PASSWORD": "not-used-here",
    "REDIS_PASSWORD": "not-used-here",
    "SECRET_KEY": "0" * 64,
    "INBOX_TOTP_KEY": "A" * 43 + "=",
    "SITE_URL": "https://www.example.com",
    "INBOX_URL": "https://inbox.example.com",
}
# name:tag@sha256:<digest>: the tag for the reader, the digest for the bytes.
PINNED = re.compile(r"(?P<image>[\w./-]+:[\w.-]+)@sha256:[0-9a-f]{64}")


def build_context(dockerfile: Path) -> set[str]:
    """The paths `docker build` sends for this Dockerfile, from the repository root."""
    ignore = (dockerfile.parent / f"{dockerfile.name}.dockerignore").read_text().splitlines()
    patterns = [line.strip() for line in ignore if line.strip() and not line.startswith("#")]
    return exclude_paths(str(ROOT), patterns)


def base_images(path: str) -> list[str]:
    """The images a Dockerfile's stages start from, leaving out its own earlier stages."""
    stages, images = set(), []
    for instruction in DockerfileParser(path=str(ROOT / path)).structure:
        if instruction["instruction"] == "FROM":
            image, *alias = instruction["value"].split()
            if image not in stages:
                images.append(image)
            if alias:
                stages.add(alias[-1])
    return images


def interpolated(value: str) -> str:
    """A compose value with .env as DOT_ENV: ${NAME:?...} from it, ${NAME:-default} the default."""

    def one(match: re.Match) -> str:
        name, operator, default = match.groups()
        return DOT_ENV[name] if operator == ":?" else default

    return re.sub(r"\$\{([A-Z_]+)(:[-?])([^${}]*)\}", one, value)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """/app of the lead-service image: what its COPY lines take from the build context, then
    its build step, with its ENV (paths under /app moved here)."""
    root = tmp_path_factory.mktemp("lead-service-image")
    context = build_context(ROOT / "lead_service/Dockerfile")
    for source, target in (
        i["value"].split() for i in LEAD_DOCKERFILE.structure if i["instruction"] == "COPY"
    ):
        folder = source.rstrip("/")
        for path in context:
            if not (ROOT / path).is_file():
                continue
            if path == folder:
                destination = root / target / Path(path).name
            elif path.startswith(f"{folder}/"):
                destination = root / target / Path(path).relative_to(folder)
            else:
                continue
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / path, destination)
    image_env = {name: value.replace("/app", str(root)) for name, value in LEAD_DOCKERFILE.envs.items()}
    env = {**image_env, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    runs = [i["value"] for i in LEAD_DOCKERFILE.structure if i["instruction"] == "RUN"]
    (build_step,) = [run for run in runs if "lead_service" in run]
    command = build_step.split("&&")[0].split()  # the rest adds the image's user
    subprocess.run(command, cwd=root, env={**os.environ, **env}, check=True, capture_output=True)
    return root, env


def service_env(app, name: str, database: str) -> dict[str, str]:
    _, image_env = app
    composed = {key: interpolated(str(value)) for key, value in SERVICES[name]["environment"].items()}
    # The compose network's stores, here: a SQLite file and the machine's Redis; and for the metrics'
    # port, which each container has to itself, a free one of this machine's.
    stores = {"DATABASE_URL": database, "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379/15"}
    if "METRICS_BIND" in composed:
        stores["METRICS_BIND"] = f"127.0.0.1:{free_port()}"
    return {**image_env, **composed, **stores}


def test_the_build_context_holds_the_service_and_its_content_only():
    context = build_context(ROOT / "lead_service/Dockerfile")
    files = {path for path in context if (ROOT / path).is_file()}

    assert "requirements.txt" in files and "lead_service/server/wsgi.py" in files
    assert "shared_content/site.json" in files
    assert not {
        path for path in files if path.startswith(("lead_service/tests/", "web/", "instance/", ".venv/"))
    }
    assert not {path for path in files if "__pycache__" in path}
    assert "requirements-dev.txt" not in files


def test_the_build_step_writes_the_profile_where_the_image_says(app):
    root, env = app
    assert Path(env["PROFILE_PDF_PATH"]).read_bytes().startswith(b"%PDF")
    assert Path(env["PROFILE_PDF_PATH"]).is_relative_to(root)


@pytest.mark.e2e
def test_migrate_then_gunicorn_then_the_worker_then_the_inbox_api_as_compose_runs_them(app, tmp_path):
    root, _ = app
    database = f"sqlite:///{tmp_path / 'leads.db'}"
    migrate = SERVICES["migrate"]["command"]
    done = subprocess.run(
        migrate,
        check=False,
        cwd=root,
        env={**os.environ, **service_env(app, "migrate", database)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr

    port = free_port()
    env = {**service_env(app, "lead-service", database), "BIND": f"127.0.0.1:{port}"}
    cmd = yaml.safe_load(next(i["value"] for i in LEAD_DOCKERFILE.structure if i["instruction"] == "CMD"))
    check = " ".join(SERVICES["lead-service"]["healthcheck"]["test"])
    ready = re.search(r"http://127\.0\.0\.1:5000(/\S+?)'", check)[1]
    with server(cmd, env, f"http://127.0.0.1:{port}{ready}", tmp_path / "gunicorn.log", cwd=root) as gunicorn:
        quote = requests.post(
            f"http://127.0.0.1:{port}/api/quote",
            json={
                "name": "Image Visitor",
                "email": "image@example.com",
                "phone": "+44 20 7946 0958",
                "project": "Run as the image runs it",
                "budget": "1000$ - 5000$ Estimated",
            },
            timeout=10,
        )
        profile = requests.get(f"http://127.0.0.1:{port}/api/download/profile", timeout=10)
        assert quote.status_code == 201, quote.text
        assert profile.content == Path(env["PROFILE_PDF_PATH"]).read_bytes()
        metrics = requests.get(f"http://{env['METRICS_BIND']}/metrics", timeout=10).text
        assert 'leads_accepted_total{form="quote"} 1.0' in metrics

        worker_env = service_env(app, "outbox-worker", database)
        worker = spawn(SERVICES["outbox-worker"]["command"], worker_env, tmp_path / "worker.log", cwd=root)
        try:
            with pytest.raises(subprocess.TimeoutExpired):
                worker.wait(timeout=3)  # it keeps running
            # Its health check, as compose runs it in the container.
            health = SERVICES["outbox-worker"]["healthcheck"]["test"]
            assert health[0] == "CMD"
            checked = subprocess.run(
                health[1:],
                check=False,
                cwd=root,
                env={**os.environ, **worker_env},
                capture_output=True,
                text=True,
            )
            assert checked.returncode == 0, checked.stderr
            worker.send_signal(signal.SIGTERM)  # docker stop
            assert worker.wait(timeout=15) == 0
        finally:
            stop(worker)

        gunicorn.send_signal(signal.SIGTERM)
        assert gunicorn.wait(timeout=35) == 0

    # The same image as the inbox's API: that part alone.
    inbox_port = free_port()
    inbox_env = {**service_env(app, "inbox-api", database), "BIND": f"127.0.0.1:{inbox_port}"}
    with server(
        cmd, inbox_env, f"http://127.0.0.1:{inbox_port}{ready}", tmp_path / "inbox-api.log", cwd=root
    ):
        assert requests.get(f"http://127.0.0.1:{inbox_port}/api/inbox/sign-in", timeout=10).status_code == 200
        assert (
            requests.post(f"http://127.0.0.1:{inbox_port}/api/quote", json={}, timeout=10).status_code == 404
        )


@pytest.mark.parametrize(
    ("dockerfile", "base"),
    [("web/Dockerfile", "node:24-bookworm-slim"), ("lead_service/Dockerfile", "python:3.11-slim-bookworm")],
)
def test_each_image_starts_from_its_base_pinned_by_digest(dockerfile, base):
    # Node.js 24 (LTS) and Python 3.11, the versions the code is tested on, on Debian 12.
    images = base_images(dockerfile)
    assert images and all(PINNED.fullmatch(image) for image in images), images
    assert {PINNED.fullmatch(image)["image"] for image in images} == {base}
    # The Dockerfile syntax is an image too, which BuildKit pulls before reading the file.
    syntax = (ROOT / dockerfile).read_text().splitlines()[0]
    assert re.fullmatch(r"# syntax=docker/dockerfile:1@sha256:[0-9a-f]{64}", syntax)


def test_every_image_compose_pulls_is_pinned_by_digest():
    # The lead-service image is built once and run by three services; web's is built for it alone.
    built = {service.get("image") for service in SERVICES.values() if "build" in service}
    pulled = {
        name: service["image"]
        for name, service in SERVICES.items()
        if "build" not in service and service["image"] not in built
    }
    monitoring = {"prometheus", "grafana", "node-exporter", "nginx-exporter"}  # the monitoring profile's
    assert set(pulled) == {"proxy", "postgres", "redis"} | monitoring
    tags = {name: PINNED.fullmatch(image) for name, image in pulled.items()}
    assert all(tags.values()), pulled
    assert tags["proxy"]["image"].startswith("nginxinc/nginx-unprivileged:")
    # The data volume belongs to one PostgreSQL major: another needs pg_upgrade first.
    assert tags["postgres"]["image"] == "postgres:16-alpine"
    assert tags["redis"]["image"] == "redis:7-alpine"
