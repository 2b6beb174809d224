"""README.md's Deploy and Scaling sections name only what exists: files, compose services,
settings of .env.example and lead-service commands, so that a newcomer following them finds
each one."""

import re
import shlex

import pytest
from click.testing import CliRunner

from lead_service.__main__ import cli

from .test_deploy_compose import ROOT, SERVICES, env_example

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


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[:60])
def test_every_command_names_real_services_and_lead_service_commands(command):
    words = shlex.split(command.split("#")[0].split(">")[0].split("<")[0].split("&&")[-1])
    if words[:2] != ["docker", "compose"]:
        return
    arguments = [word for word in words[3:] if not word.startswith("-") and "=" not in word]
    if words[2] in {"stop", "start", "logs", "exec"} or words[2:4] == ["up", "-d"]:
        for word in arguments[: None if words[2] != "exec" else 1]:
            assert word in SERVICES, word
    if "lead_service" in words:
        subcommand = words[words.index("lead_service") + 1 :]
        result = CliRunner().invoke(cli, [*[w for w in subcommand if not w.startswith("-")][:2], "--help"])
        assert result.exit_code == 0, result.output
    for scaled in re.findall(r"--scale (\S+)=", command):
        assert scaled in SERVICES
