"""docker-compose.yml, the Dockerfiles and .env.example agree with the code: the services and
their health checks, ports, commands and entrypoints, and every setting the code reads; and the
containers are hardened: read-only, without capabilities, limited, on separate networks, each
with only the settings it reads. No Docker engine runs here, so this reads the files;
tests/e2e/deploy/test_deploy_nginx.py runs what they run."""

import re
from pathlib import PurePosixPath

import pytest
import yaml
from click.testing import CliRunner
from dockerfile_parse import DockerfileParser

from lead_service import create_app
from lead_service.__main__ import cli

from .support.deploy import COMPOSE, ROOT, SERVICES, env_example

NGINX_CONF = (ROOT / "deploy/nginx.conf").read_text()

# ${NAME}, ${NAME:-default}, ${NAME:?error}: compose's interpolation.
INTERPOLATION = re.compile(r"\$\{([A-Z][A-Z0-9_]*)(?:(:?[-?])([^}$]*))?")
# Read by the code but not an operator's setting: each is fixed where named.
NOT_IN_ENV_EXAMPLE = {
    "BIND": "the lead-service image (ENV)",
    "PROFILE_PDF_PATH": "the lead-service image (ENV), which builds the PDF",
    "LEAD_SERVICE_INSTANCE_PATH": "the lead-service image (ENV)",
    "SHARED_CONTENT_DIR": "the lead-service image, which keeps the repository's layout",
    "FORWARDED_ALLOW_IPS": "docker-compose.yml (the compose network)",
    "TRUSTED_PROXY_HOPS": "docker-compose.yml: nginx decides the visitor's address and sends it alone",
    "LEAD_SERVICE_URL": "docker-compose.yml (the web service's upstream)",
    "INBOX_API_URL": "docker-compose.yml (the web service's upstream for the inbox)",
    "SERVE": "docker-compose.yml (which part each lead-service container serves)",
    "BACKUP_DIR": "the lead-service image (ENV), where compose mounts the backups volume",
    "ERASURE_LEDGER_PATH": "docker-compose.yml (erasures.jsonl on the erasure-ledger volume)",
    "METRICS_BIND": "docker-compose.yml (the metrics port, on the containers' networks only)",
    "PROMETHEUS_MULTIPROC_DIR": "prometheus_client's own: gunicorn.conf.py makes one under /tmp",
    "NEXT_DIST_DIR": "the tests' and the bench's side-by-side builds only",
}
# Inlined into the pages by `next build`: build arguments of the web image.
BUILD_ARGS = ("NEXT_PUBLIC_TURNSTILE_SITE_KEY", "NEXT_PUBLIC_LEAD_API_URL")
# Read by docker-compose.yml itself, not by the code.
COMPOSE_OWN = {"POSTGRES_PASSWORD", "REDIS_PASSWORD", "HTTP_PORT"}
# Each secret, and the services that read it (POSTGRES_PASSWORD and REDIS_PASSWORD inside the
# stores' URLs); no other service is given it.
SECRETS = {
    "POSTGRES_PASSWORD": {
        "postgres",
        "migrate",
        "lead-service",
        "inbox-api",
        "outbox-worker",
        "mailbox-reader",
        "deploy-check",
        "backup",
    },
    "REDIS_PASSWORD": {"redis", "lead-service", "inbox-api"},
    "SECRET_KEY": {"lead-service", "inbox-api", "backup", "deploy-check"},
    "INBOX_TOTP_KEY": {"inbox-api", "migrate"},
    "TURNSTILE_SECRET_KEY": {"lead-service"},
    "SMTP_PASSWORD": {"outbox-worker"},
    "IMAP_PASSWORD": {"mailbox-reader"},
    "WEBHOOK_SECRET": {"outbox-worker"},
    "INBOX_OIDC_CLIENT_SECRET": {"inbox-api"},
    # Not a secret, but named like one: a setting of the inbox's API alone.
    "INBOX_PASSWORD_SIGN_IN": {"inbox-api"},
}


def dockerfile(path: str) -> DockerfileParser:
    return DockerfileParser(path=str(ROOT / path))


def read_by_code() -> set[str]:
    """Every environment variable the shipped code reads (the lead service's Python outside its
    tests, the site's TypeScript)."""
    python = re.compile(
        r'(?:_(?:text|int|bool|seconds|list|env|choice|weekdays|networks|scale)\(|os\.environ(?:\.get)?[\[(])"([A-Z][A-Z0-9_]*)"'
    )
    node = re.compile(r"process\.env\.([A-Z][A-Z0-9_]*)")
    names = set()
    for path in (ROOT / "lead_service").rglob("*.py"):
        if "tests" not in path.relative_to(ROOT).parts:
            names |= set(python.findall(path.read_text()))
    web = ROOT / "web"
    for path in [web / "proxy.ts", web / "next.config.ts", *(web / "app").rglob("*.ts*")]:
        names |= set(node.findall(path.read_text()))
    for folder in ("lib", "components"):
        for path in (web / folder).rglob("*.ts*"):
            if not path.name.endswith((".test.ts", ".test.tsx")):
                names |= set(node.findall(path.read_text()))
    return names


def variables_of(value) -> set[str]:
    """The .env settings a compose value (a service, or any part of one) interpolates."""
    if isinstance(value, dict):
        return set().union(*map(variables_of, value.values()))
    if isinstance(value, list):
        return set().union(*map(variables_of, value))
    return {name for name, _, _ in INTERPOLATION.findall(str(value))}


def compose_variables() -> dict[str, list[tuple[str, str]]]:
    """{name: [(operator, default)]} for every interpolation in docker-compose.yml."""
    found: dict[str, list[tuple[str, str]]] = {}
    for name, operator, default in INTERPOLATION.findall((ROOT / "docker-compose.yml").read_text()):
        found.setdefault(name, []).append((operator, default))
    return found


def test_compose_runs_the_proxy_the_apps_and_the_stores():
    # And, in the monitoring profile, what watches them (the tests below "The monitoring profile").
    assert {name for name, service in SERVICES.items() if "profiles" not in service} == {
        "proxy",
        "web",
        "inbox-web",
        "migrate",
        "lead-service",
        "inbox-api",
        "outbox-worker",
        "mailbox-reader",
        "deploy-check",
        "backup",
        "postgres",
        "redis",
    }
    assert "postgres-data" in COMPOSE["volumes"]
    assert any(volume.startswith("postgres-data:") for volume in SERVICES["postgres"]["volumes"])


def test_every_dependency_waits_for_health_or_completion():
    for name, service in SERVICES.items():
        for target, rule in service.get("depends_on", {}).items():
            if target == "migrate":
                assert rule["condition"] == "service_completed_successfully", name
            else:
                assert rule["condition"] == "service_healthy", (name, target)
                assert "healthcheck" in SERVICES[target], target
    for name in ("lead-service", "inbox-api", "outbox-worker", "mailbox-reader"):
        assert SERVICES[name]["depends_on"]["migrate"], name


def test_only_the_proxy_publishes_a_port_and_it_is_the_one_nginx_listens_on():
    # The monitoring profile's publish to the host's loopback alone (tested below).
    published = {
        name: service["ports"]
        for name, service in SERVICES.items()
        if "ports" in service and "profiles" not in service
    }
    assert list(published) == ["proxy"]
    (mapping,) = published["proxy"]
    container_port = mapping.rsplit(":", 1)[1]
    assert re.search(rf"^\s*listen {container_port} default_server;", NGINX_CONF, re.M)
    assert SERVICES["proxy"]["volumes"] == [
        "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro",
        "./deploy/trusted-proxies.conf:/etc/nginx/trusted-proxies.conf:ro",
        "./deploy/inbox-host.conf:/etc/nginx/inbox-host.conf:ro",
    ]
    assert re.search(r"^\s*include /etc/nginx/trusted-proxies\.conf;", NGINX_CONF, re.M)
    assert re.search(r"^\s*listen 8080;\s*include /etc/nginx/inbox-host\.conf;", NGINX_CONF, re.M)


def test_nginx_upstreams_are_the_compose_services_on_their_ports():
    upstreams = dict(re.findall(r"upstream (\w+) \{\s*server ([\w.-]+:\d+);", NGINX_CONF))
    assert upstreams == {
        "web": "web:3000",
        "lead_service": "lead-service:5000",
        "inbox_api": "inbox-api:5000",
        "inbox_web": "inbox-web:3000",
    }
    web_env = dict(dockerfile("web/Dockerfile").envs)
    lead_env = dict(dockerfile("lead_service/Dockerfile").envs)
    assert web_env["PORT"] == "3000" and web_env["HOSTNAME"] == "0.0.0.0"
    assert lead_env["BIND"] == "0.0.0.0:5000"
    assert SERVICES["web"]["expose"] == SERVICES["inbox-web"]["expose"] == ["3000"]
    assert SERVICES["lead-service"]["expose"] == SERVICES["inbox-api"]["expose"] == ["5000"]
    assert SERVICES["web"]["environment"]["LEAD_SERVICE_URL"] == "http://lead-service:5000"
    # The inbox's site reaches the inbox's API alone.
    inbox_web = SERVICES["inbox-web"]["environment"]
    assert inbox_web["LEAD_SERVICE_URL"] == inbox_web["INBOX_API_URL"] == "http://inbox-api:5000"


def test_each_lead_service_container_serves_its_part_and_the_inbox_its_own_host():
    assert SERVICES["lead-service"]["environment"]["SERVE"] == "public"
    assert SERVICES["inbox-api"]["environment"]["SERVE"] == "inbox"
    assert SERVICES["inbox-api"]["image"] == SERVICES["lead-service"]["image"]
    assert SERVICES["inbox-web"]["image"] == SERVICES["web"]["image"] and "build" not in SERVICES["inbox-web"]
    # Its password hashes may take one CPU at most, never all of the host's from intake.
    assert SERVICES["inbox-api"]["cpus"] == 1.0 and "cpus" not in SERVICES["lead-service"]
    # And the staff side's containers, and the outbox worker, yield a shared CPU to the public side's
    # (Docker's default weight 1024), as `make run` starts their processes at a lower priority (nice).
    for name in ("inbox-api", "inbox-web", "outbox-worker"):
        assert SERVICES[name]["cpu_shares"] < 1024
    assert not {"cpu_shares"} & (SERVICES["lead-service"].keys() | SERVICES["web"].keys())
    # The inbox's host name, for nginx, is INBOX_URL's in the example: the two are set together.
    host = re.search(r"^server_name (\S+);", (ROOT / "deploy/inbox-host.conf").read_text(), re.M)[1]
    assert env_example()["INBOX_URL"] == f"https://{host}"


def test_health_checks_ask_real_endpoints_on_the_right_ports():
    app = create_app({"TESTING": True})
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    assert SERVICES["inbox-api"]["healthcheck"] == SERVICES["lead-service"]["healthcheck"]
    assert SERVICES["inbox-web"]["healthcheck"] == SERVICES["web"]["healthcheck"]
    lead_check = " ".join(SERVICES["lead-service"]["healthcheck"]["test"])
    path = re.search(r"http://127\.0\.0\.1:5000(/[\w/]+)", lead_check)[1]
    assert path in rules
    proxy_check = " ".join(SERVICES["proxy"]["healthcheck"]["test"])
    assert re.search(r"http://127\.0\.0\.1:8080/healthz/live\b", proxy_check)
    assert "/healthz/live" in rules and re.search(r"location /healthz \{", NGINX_CONF)
    assert "http://127.0.0.1:3000/" in " ".join(SERVICES["web"]["healthcheck"]["test"])
    assert SERVICES["postgres"]["healthcheck"]["test"][:2] == ["CMD", "pg_isready"]
    assert "redis-cli ping" in " ".join(SERVICES["redis"]["healthcheck"]["test"])


@pytest.mark.parametrize("service", ["migrate", "outbox-worker", "mailbox-reader", "deploy-check", "backup"])
def test_the_one_shot_and_the_worker_run_real_commands_of_the_lead_service_image(service):
    command = SERVICES[service]["command"]
    assert command[:3] == ["python", "-m", "lead_service"]
    assert SERVICES[service]["image"] == SERVICES["lead-service"]["image"]
    result = CliRunner().invoke(cli, [*command[3:], "--help"])
    assert result.exit_code == 0, result.output


def test_the_lead_service_image_runs_gunicorn_as_pid_1_as_a_user():
    parser = dockerfile("lead_service/Dockerfile")
    cmd = [i for i in parser.structure if i["instruction"] == "CMD"][-1]["value"]
    # Exec form: no shell in between, so docker stop's SIGTERM reaches gunicorn.
    assert cmd.startswith("[")
    assert cmd == '["gunicorn", "-c", "lead_service/server/gunicorn.conf.py", "lead_service.server.wsgi:app"]'
    assert (ROOT / "lead_service/server/gunicorn.conf.py").is_file()
    assert (ROOT / "lead_service/server/wsgi.py").is_file()
    users = [i["value"] for i in parser.structure if i["instruction"] == "USER"]
    assert users and users[-1] not in {"root", "0"}
    assert "pip install -r requirements.txt" in parser.content  # the production pins only
    assert SERVICES["lead-service"]["build"]["dockerfile"] == "lead_service/Dockerfile"
    assert SERVICES["lead-service"].get("stop_grace_period")


def test_each_volume_of_the_lead_service_image_is_a_folder_its_user_owns():
    # A named volume takes the owner of the folder it is mounted on: one the image lacks is root's,
    # and the service's user could not write the backups or the erasure ledger there.
    made = re.search(
        r"mkdir -p ([^&]+)&&\s*\\?\s*chown leads ([^&]+)&&", dockerfile("lead_service/Dockerfile").content
    )
    assert made
    created, owned = set(made.group(1).replace("\\", " ").split()), set(made.group(2).split())
    for name, service in SERVICES.items():
        if service.get("image") != SERVICES["lead-service"]["image"]:
            continue
        for volume in service.get("volumes", []):
            folder = volume.split(":")[1].removeprefix("/app/")
            assert folder in created and folder in owned, (name, volume)


def test_the_web_image_builds_in_stages_and_serves_standalone_as_a_user():
    parser = dockerfile("web/Dockerfile")
    stages = [i for i in parser.structure if i["instruction"] == "FROM"]
    assert len(stages) >= 2
    final = parser.structure[parser.structure.index(stages[-1]) :]
    copies = [i["value"] for i in final if i["instruction"] == "COPY"]
    assert any(".next/standalone" in copy for copy in copies)
    assert [i["value"] for i in final if i["instruction"] == "USER"] == ["node"]
    assert [i["value"] for i in final if i["instruction"] == "CMD"] == ['["node", "web/server.js"]']
    assert "npm ci" in parser.content
    args = [i["value"].split("=")[0] for i in parser.structure if i["instruction"] == "ARG"]
    assert tuple(args) == BUILD_ARGS
    assert SERVICES["web"]["build"] == {
        "context": ".",
        "dockerfile": "web/Dockerfile",
        "args": {
            name: f"${{{name}:-}}" for name in ("NEXT_PUBLIC_TURNSTILE_SITE_KEY", "NEXT_PUBLIC_LEAD_API_URL")
        },
    }


@pytest.mark.parametrize("image", ["web", "lead_service"])
def test_each_image_has_its_own_dockerignore_that_keeps_local_state_out(image):
    ignore = (ROOT / image / "Dockerfile.dockerignore").read_text().splitlines()
    assert ignore[ignore.index("*") + 1 :]  # everything out, then the files the image copies
    assert "*" in ignore and "!shared_content/" in ignore


def test_env_example_names_every_setting_the_code_reads_and_no_other():
    example = set(env_example())
    assert example - COMPOSE_OWN == read_by_code() - set(NOT_IN_ENV_EXAMPLE)
    assert set(NOT_IN_ENV_EXAMPLE) <= read_by_code()  # the exceptions are real, too


def test_every_setting_in_env_example_reaches_compose_and_compose_reads_no_other():
    assert set(compose_variables()) == set(env_example())


def test_the_fixed_settings_are_fixed_where_they_say():
    lead_env = dict(dockerfile("lead_service/Dockerfile").envs)
    assert {"BIND", "PROFILE_PDF_PATH", "LEAD_SERVICE_INSTANCE_PATH"} <= set(lead_env)
    assert SERVICES["lead-service"]["environment"]["FORWARDED_ALLOW_IPS"] == "*"
    assert "LEAD_SERVICE_URL" in SERVICES["web"]["environment"]
    # nginx sets X-Forwarded-For to the one address it decided on, and nothing else.
    for name in ("lead-service", "inbox-api", "web", "inbox-web"):
        assert SERVICES[name]["environment"]["TRUSTED_PROXY_HOPS"] == "1", name
    assert re.search(r"^\s*proxy_set_header X-Forwarded-For \$remote_addr;", NGINX_CONF, re.M)


def test_no_secret_has_a_default():
    for name, uses in compose_variables().items():
        if re.search(r"PASSWORD|SECRET|KEY", name):
            for operator, default in uses:
                assert operator in {":?", ":-"}, name
                assert operator == ":?" or default == "", f"{name} has a default"
    for required in ("POSTGRES_PASSWORD", "REDIS_PASSWORD", "SECRET_KEY", "INBOX_TOTP_KEY"):
        assert all(operator == ":?" for operator, _ in compose_variables()[required]), required
    assert all(value == "" for name, value in env_example().items() if re.search(r"PASSWORD|SECRET", name))


def test_each_secret_reaches_only_the_services_that_read_it():
    secret_like = {name for name in compose_variables() if re.search(r"PASSWORD|SECRET|KEY", name)}
    assert secret_like - set(BUILD_ARGS) == set(SECRETS)  # a new secret is placed here too
    for name, service in SERVICES.items():
        given = variables_of(service)
        assert {secret for secret, readers in SECRETS.items() if name in readers} == given & set(SECRETS), (
            name
        )


@pytest.mark.parametrize(
    ("prefix", "readers"),
    [
        ("SMTP_", {"outbox-worker"}),
        ("WEBHOOK_URL", {"outbox-worker"}),
        ("WEBHOOK_SECRET", {"outbox-worker"}),
        ("WEBHOOK_RETRY", {"outbox-worker"}),
        # A URL is checked when an admin saves it (the inbox's API) and at each send (the worker).
        ("WEBHOOK_ALLOWED", {"outbox-worker", "inbox-api"}),
        # NOTIFY_TIMEOUT_SECONDS bounds the IMAP connection's waits too.
        ("NOTIFY_", {"outbox-worker", "mailbox-reader"}),
        ("OUTBOX_POLL", {"outbox-worker"}),
        ("OUTBOX_MAX", {"outbox-worker"}),
        ("OUTBOX_RETRY", {"outbox-worker"}),
        # The worker's health check, the service's readiness probe and the deployment check read
        # the heartbeat's age.
        (
            "OUTBOX_STALE_SECONDS",
            {"lead-service", "inbox-api", "outbox-worker", "mailbox-reader", "deploy-check"},
        ),
        ("IMAP_", {"mailbox-reader"}),
        ("TURNSTILE_", {"lead-service"}),
        ("RATELIMIT_", {"lead-service", "inbox-api"}),
        ("GUNICORN_", {"lead-service"}),
        ("INBOX_", {"inbox-api", "migrate", "web", "inbox-web", "outbox-worker", "deploy-check"}),
        ("LEAD_RETENTION_DAYS", {"lead-service", "outbox-worker"}),
    ],
)
def test_settings_go_only_where_they_are_read(prefix, readers):
    given = {
        name for name, service in SERVICES.items() if any(v.startswith(prefix) for v in variables_of(service))
    }
    assert given == readers


def test_every_container_is_read_only_without_capabilities_and_limited():
    for name, service in SERVICES.items():
        assert service["read_only"] is True, name
        assert service["cap_drop"] == ["ALL"] and "cap_add" not in service, name
        assert service["security_opt"] == ["no-new-privileges:true"], name
        assert "privileged" not in service, name
        # Service keys that `docker compose up` applies as they are; deploy.resources, which it
        # reads too, is not used beside them, so that the two cannot disagree.
        assert re.fullmatch(r"\d+[mg]", service["mem_limit"]) and service["pids_limit"] > 0, name
        assert "deploy" not in service, name


@pytest.mark.parametrize(
    ("service", "writes"),
    [
        ("proxy", {"/tmp"}),
        ("web", {"/tmp", "/app/web/.next/cache"}),
        ("inbox-web", {"/tmp", "/app/web/.next/cache"}),
        ("migrate", {"/tmp"}),
        ("lead-service", {"/tmp"}),
        ("inbox-api", {"/tmp"}),
        ("outbox-worker", {"/tmp"}),
        ("mailbox-reader", {"/tmp"}),
        ("deploy-check", {"/tmp"}),
        ("backup", {"/tmp"}),
        ("postgres", {"/var/run/postgresql", "/tmp"}),
        ("redis", {"/data"}),
    ],
)
def test_each_container_writes_only_to_a_tmpfs_or_its_volume(service, writes):
    assert set(SERVICES[service]["tmpfs"]) == writes
    # nginx's pid, request buffers and micro-cache, all under /tmp.
    if service == "proxy":
        paths = re.findall(r"^\s*(?:pid|\w+_temp_path|proxy_cache_path) (\S+?);?\s", NGINX_CONF, re.M)
        assert paths and all(path.startswith("/tmp/") for path in paths), paths
    # The standalone server's cache is .next/cache beside its build (web/Dockerfile's WORKDIR).
    if service == "web":
        final = dockerfile("web/Dockerfile").structure
        workdirs = [i["value"] for i in final if i["instruction"] == "WORKDIR"]
        assert workdirs[-1] == "/app"


def _mounting(volume: str) -> dict[str, str]:
    """{service: the path in its container} of each service that mounts a named volume."""
    return {
        name: target
        for name, service in SERVICES.items()
        for source, target, *_ in (mount.split(":") for mount in service.get("volumes", ()))
        if source == volume
    }


def test_the_backups_are_the_backup_services_alone_and_the_ledger_where_erasures_are_made():
    backup_dir = dict(dockerfile("lead_service/Dockerfile").envs)["BACKUP_DIR"]
    # Never the public side's containers, nor the inbox's API, which erases but reads no backup.
    assert _mounting("backups") == {"backup": backup_dir}
    inbox_api = bind_mounts("inbox-api")
    assert "backups" not in {source for source, _ in inbox_api.values()}
    assert not any(target == backup_dir or target.startswith(f"{backup_dir}/") for target in inbox_api)
    # The ledger where ERASURE_LEDGER_PATH points, in the one service that erases (the inbox's
    # erasures and `leads erase`) and in the one that backs up and restores; nowhere else.
    ledger = _mounting("erasure-ledger")
    assert set(ledger) == {"inbox-api", "backup"}
    given = {
        name: service["environment"]["ERASURE_LEDGER_PATH"]
        for name, service in SERVICES.items()
        if "ERASURE_LEDGER_PATH" in service.get("environment", {})
    }
    assert set(given) == set(ledger)
    for name, path in given.items():
        assert PurePosixPath(path).parent == PurePosixPath(ledger[name]), name
        assert bind_mounts(name)[ledger[name]] == ("erasure-ledger", "rw"), name
        assert not path.startswith(f"{backup_dir}/"), name
    assert len(set(given.values())) == 1
    assert {"backups", "erasure-ledger"} <= set(COMPOSE["volumes"])


def test_the_stores_run_as_their_own_users_so_their_entrypoints_need_no_capability():
    # As root their entrypoints chown the data and switch users, which needs capabilities back.
    assert SERVICES["postgres"]["user"] == "postgres"
    assert SERVICES["redis"]["user"] == "redis"
    assert SERVICES["postgres"]["volumes"] == ["postgres-data:/var/lib/postgresql/data"]
    # The lead-service and web images set their own unprivileged users.
    assert all("user" not in SERVICES[name] for name in ("lead-service", "inbox-api", "web", "inbox-web"))


def test_the_site_cannot_reach_the_stores_and_the_stores_cannot_reach_out():
    networks = {name: set(service["networks"]) for name, service in SERVICES.items()}
    assert networks == {
        "proxy": {"front"},
        "web": {"front"},
        "inbox-web": {"front"},
        "lead-service": {"front", "back"},
        "inbox-api": {"front", "back"},
        "migrate": {"back", "egress"},
        "outbox-worker": {"back", "egress"},
        "mailbox-reader": {"back", "egress"},
        "deploy-check": {"front", "back"},
        "backup": {"back"},
        "postgres": {"back"},
        "redis": {"back"},
        "prometheus": {"front", "back"},
        "grafana": {"front"},
        "node-exporter": {"back"},
        "nginx-exporter": {"front"},
    }
    assert COMPOSE["networks"]["back"] == {"internal": True}
    # front carries the published port and the lead service's way out; egress the worker's.
    assert not (COMPOSE["networks"]["front"] or {}).get("internal")
    assert not (COMPOSE["networks"]["egress"] or {}).get("internal")


def test_redis_requires_its_password_and_the_lead_service_gives_it():
    redis = SERVICES["redis"]
    assert redis["environment"] == {"REDISCLI_AUTH": "${REDIS_PASSWORD:?set REDIS_PASSWORD in .env}"}
    server = " ".join(redis["command"])
    # The password on standard input, as configuration: in no process's arguments. ($$ is
    # compose's escape: the shell in the container expands the variable.)
    assert "redis-server -" in server and "requirepass $$REDISCLI_AUTH" in server
    assert "REDIS_PASSWORD" not in server
    uri = SERVICES["lead-service"]["environment"]["RATELIMIT_STORAGE_URI"]
    assert uri.startswith("${RATELIMIT_STORAGE_URI:-redis://:${REDIS_PASSWORD:?")
    assert uri.endswith("}@redis:6379/0}")


# ---- The monitoring profile ---------------------------------------------------------------------

MONITORING = {"prometheus", "grafana", "node-exporter", "nginx-exporter"}
# name:tag@sha256:<digest>: the tag for the reader, the digest for the bytes.
PINNED_IMAGE = re.compile(r"[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}")


def bind_mounts(service: str) -> dict[str, tuple[str, str]]:
    """{path in the container: (source, options)} of a service's volumes, named ones included."""
    mounts = {}
    for volume in SERVICES[service].get("volumes", []):
        source, target, *options = volume.split(":")
        mounts[target] = (source, options[0] if options else "rw")
    return mounts


def host_file(service: str, path: str):
    """The repository's file that a service sees at `path`, through a mount of ./ in the repository."""
    for target, (source, _) in sorted(bind_mounts(service).items(), key=lambda item: -len(item[0])):
        if source.startswith("./") and (path == target or path.startswith(f"{target}/")):
            return ROOT / source / path.removeprefix(target).lstrip("/")
    raise AssertionError(f"{service} mounts nothing of the repository at {path}")


def flags(service: str) -> dict[str, str]:
    """--name=value arguments of a service's command."""
    return dict(word.removeprefix("--").split("=", 1) for word in SERVICES[service]["command"] if "=" in word)


def scrape_targets() -> dict[str, list[str]]:
    config = yaml.safe_load((ROOT / "deploy/prometheus/prometheus.yml").read_text())
    return {
        job["job_name"]: [target for static in job["static_configs"] for target in static["targets"]]
        for job in config["scrape_configs"]
    }


def test_the_monitoring_services_start_only_in_their_profile():
    profiled = {name: service["profiles"] for name, service in SERVICES.items() if "profiles" in service}
    assert profiled == {name: ["monitoring"] for name in MONITORING}
    # `docker compose up` without the profile starts none of them, nor waits for one.
    for name, service in SERVICES.items():
        if name not in MONITORING:
            assert not set(service.get("depends_on", {})) & MONITORING, name
    assert {"prometheus-data", "grafana-data"} <= set(COMPOSE["volumes"])


def test_the_monitoring_images_are_pinned_by_digest():
    for name in MONITORING:
        assert "build" not in SERVICES[name], name
        assert PINNED_IMAGE.fullmatch(SERVICES[name]["image"]), name


def test_the_monitoring_services_publish_to_the_host_alone():
    for name in MONITORING:
        for mapping in SERVICES[name].get("ports", []):
            assert mapping.startswith("127.0.0.1:"), (name, mapping)
    # The exporters are reached by Prometheus alone.
    assert "ports" not in SERVICES["node-exporter"] and "ports" not in SERVICES["nginx-exporter"]
    # Nor does any service but the proxy publish to every interface.
    for name, service in SERVICES.items():
        if name != "proxy":
            assert all(mapping.startswith("127.0.0.1:") for mapping in service.get("ports", [])), name


def test_the_monitoring_services_mount_files_of_the_repository_read_only():
    for name in MONITORING:
        for target, (source, options) in bind_mounts(name).items():
            if source.startswith("./"):
                assert (ROOT / source).exists(), (name, source)
                assert options == "ro", (name, target)
    # Prometheus reads its configuration, and the alerts beside it, from the repository.
    prometheus = flags("prometheus")
    assert host_file("prometheus", prometheus["config.file"]) == ROOT / "deploy/prometheus/prometheus.yml"
    assert host_file("prometheus", "/etc/prometheus/alerts.yml").is_file()
    assert bind_mounts("prometheus")[prometheus["storage.tsdb.path"]] == ("prometheus-data", "rw")
    # Grafana its data source, its dashboard provider and the dashboards that provider loads.
    assert host_file("grafana", "/etc/grafana/provisioning/datasources").is_dir()
    provider = host_file("grafana", "/etc/grafana/provisioning/dashboards/tidewell.yml")
    (loaded,) = yaml.safe_load(provider.read_text())["providers"]
    assert list(host_file("grafana", loaded["options"]["path"]).glob("*.json"))
    home = SERVICES["grafana"]["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    assert home.startswith(loaded["options"]["path"] + "/") and host_file("grafana", home).is_file()
    assert bind_mounts("grafana")["/var/lib/grafana"] == ("grafana-data", "rw")
    # The node exporter the host's root, read-only, where --path.rootfs says.
    assert bind_mounts("node-exporter") == {"/host": ("/", "ro,rslave")}
    assert flags("node-exporter")["path.rootfs"] == "/host"


def test_the_monitoring_containers_are_hardened_and_write_only_to_a_tmpfs_or_their_volume():
    writes = {"prometheus": set(), "grafana": {"/tmp"}, "node-exporter": set(), "nginx-exporter": set()}
    for name in MONITORING:
        service = SERVICES[name]
        assert service["read_only"] is True and service["cap_drop"] == ["ALL"], name
        assert service["security_opt"] == ["no-new-privileges:true"], name
        assert "privileged" not in service and "user" not in service, name
        assert set(service.get("tmpfs", [])) == writes[name], name
        assert re.fullmatch(r"\d+[mg]", service["mem_limit"]) and service["pids_limit"] > 0, name
    # Grafana lets its visitors look, and has no account to sign in to: no default password.
    grafana = SERVICES["grafana"]["environment"]
    assert grafana["GF_AUTH_ANONYMOUS_ORG_ROLE"] == "Viewer"
    assert grafana["GF_SECURITY_DISABLE_INITIAL_ADMIN_CREATION"] == "true"
    assert not {"GF_SECURITY_ADMIN_PASSWORD", "GF_SECURITY_ADMIN_USER"} & set(grafana)


def test_prometheus_reaches_each_target_on_a_network_they_share():
    networks = {name: set(service["networks"]) for name, service in SERVICES.items()}
    targets = scrape_targets()
    assert {job: hosts for job, hosts in targets.items() if job != "prometheus"} == {
        "lead-service": ["lead-service:9100"],
        "inbox-api": ["inbox-api:9100"],
        "outbox-worker": ["outbox-worker:9100"],
        "mailbox-reader": ["mailbox-reader:9100"],
        "node": ["node-exporter:9100"],
        "nginx": ["nginx-exporter:9113"],
    }
    for job, hosts in targets.items():
        for host in hosts:
            name, port = host.split(":")
            if name == "localhost":
                continue
            assert networks[name] & networks["prometheus"], (job, host)
            # The lead-service image's processes serve their metrics on METRICS_BIND's port.
            if SERVICES[name].get("image") == SERVICES["lead-service"]["image"]:
                assert SERVICES[name]["environment"]["METRICS_BIND"].endswith(f":{port}"), name
    # None of the stores is scraped, and the exporters reach no store: only Prometheus is on back
    # beside them, to reach the outbox worker, and the node exporter, which reaches nothing outside.
    assert networks["nginx-exporter"] == {"front"} and networks["grafana"] == {"front"}
    assert networks["node-exporter"] == {"back"} and COMPOSE["networks"]["back"] == {"internal": True}
    # Grafana reaches Prometheus, and the nginx exporter the proxy's stub_status on its own port.
    (source,) = yaml.safe_load((ROOT / "deploy/grafana/provisioning/datasources/prometheus.yml").read_text())[
        "datasources"
    ]
    assert source["url"] == "http://prometheus:9090" and networks["grafana"] & networks["prometheus"]
    scrape_uri = flags("nginx-exporter")["nginx.scrape-uri"]
    assert scrape_uri == "http://proxy:8081/stub_status" and networks["nginx-exporter"] & networks["proxy"]
    assert re.search(r"^\s*listen 8081;", NGINX_CONF, re.M)
    assert re.search(r"location = /stub_status \{\s*stub_status;", NGINX_CONF)


def test_grafana_waits_for_a_prometheus_that_checks_its_own_readiness():
    assert SERVICES["grafana"]["depends_on"] == {"prometheus": {"condition": "service_healthy"}}
    check = " ".join(SERVICES["prometheus"]["healthcheck"]["test"])
    assert "http://127.0.0.1:9090/-/ready" in check
    assert "127.0.0.1:9090:9090" in SERVICES["prometheus"]["ports"]
