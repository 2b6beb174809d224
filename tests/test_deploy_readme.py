"""README.md's Deploy and Scaling sections name only what exists: files, compose services,
settings of .env.example and lead-service commands, so that a newcomer following them finds
each one."""

import re
import shlex
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from lead_service import create_app
from lead_service.__main__ import cli

from .test_deploy_compose import COMPOSE, ROOT, SERVICES, env_example

README = (ROOT / "README.md").read_text()
SECTIONS = README[README.index("## Deploy") : README.index("## Performance")]
IMAGES = [service["image"] for service in SERVICES.values() if "image" in service]
SPANS = re.findall(r"`([^`\n]+)`", SECTIONS)
COMMANDS = [
    line.strip()
    for block in re.findall(r"```sh\n(.*?)```", SECTIONS, re.S)
    for line in block.splitlines()
    if line.strip()
] + [span for span in SPANS if span.startswith("docker ")]


def test_every_file_it_names_is_in_the_repository():
    files = [
        span
        for span in SPANS
        if " " not in span
        and "://" not in span
        and not span.startswith("/")  # a URL path
        and ("/" in span or span.startswith(".") or span.endswith((".yml", ".conf", ".ts", ".py")))
    ]
    assert {"docker-compose.yml", "deploy/nginx.conf", ".env.example", "web/Dockerfile"} <= set(files)
    for name in files:
        if name == ".env" or any(image.startswith(name) for image in IMAGES):
            continue  # the reader's own copy of .env.example, or an image of a registry
        assert list(ROOT.glob(name.rstrip("/"))), name


def test_every_setting_it_names_is_in_env_example():
    names = {name for name in re.findall(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b", SECTIONS)}
    assert {"POSTGRES_PASSWORD", "REDIS_PASSWORD", "SECRET_KEY", "SITE_URL", "DATABASE_URL"} <= names
    assert names <= set(env_example())


def _compose(words: list[str]) -> None:
    """A `docker compose` command: a subcommand compose has, on services of docker-compose.yml,
    and lead-service commands that exist."""
    subcommand = words[2]
    assert subcommand in {"up", "ps", "exec", "stop", "start", "restart", "logs"}, subcommand
    arguments = [word for word in words[3:] if not word.startswith("-") and "=" not in word]
    if subcommand != "ps":
        for word in arguments[: 1 if subcommand == "exec" else None]:
            assert word in SERVICES, word
    if "lead_service" in words:
        rest = [word for word in words[words.index("lead_service") + 1 :] if not word.startswith("-")]
        result = CliRunner().invoke(cli, [*rest[:2], "--help"])
        assert result.exit_code == 0, result.output
    for scaled in re.findall(r"--scale (\S+)=", " ".join(words)):
        assert scaled in SERVICES


def _docker(words: list[str]) -> None:
    """A plain `docker` command: stopping containers, or a one-off container on a volume of the
    compose project (named <project>_<volume>)."""
    assert words[1] in {"stop", "run"}, words[1]
    mounted = [word.split(":/")[0] for word in words if ":/" in word]
    for volume in mounted:
        if volume.startswith(f"{COMPOSE['name']}_"):
            assert volume.removeprefix(f"{COMPOSE['name']}_") in COMPOSE["volumes"], volume


def _cp(words: list[str]) -> None:
    assert (ROOT / words[1]).is_file(), words[1]


def _curl(words: list[str]) -> None:
    """A health check through the proxy: a path the lead service answers."""
    path = urlsplit(next(word for word in words if "://" in word)).path
    routes = {rule.rule for rule in create_app({"TESTING": True}).url_map.iter_rules()}
    assert path in routes, path


CHECKS = {"docker": _docker, "cp": _cp, "curl": _curl, "$EDITOR": lambda words: None}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[:60])
def test_every_command_names_what_exists(command):
    """Each command is of a kind checked here (a new kind fails until it has a check)."""
    words = shlex.split(command.split("#")[0].split(">")[0].split("<")[0].split("&&")[-1])
    assert words[0] in CHECKS, f"no check for {words[0]}: add one"
    if words[:2] == ["docker", "compose"]:
        _compose(words)
    else:
        CHECKS[words[0]](words)
