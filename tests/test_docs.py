"""The README and every guide in docs/ name only what exists, so that a newcomer following them
finds each one: the files, `make` targets, `lead-service` commands, compose services and
settings they name, and the sections they link to. The README stays a five-minute read, and its
Layout names every top-level file and directory git tracks and every package of the lead service
and the site, so that a module that moves, or a new package, says here what to fix."""

import fnmatch
import json
import re
import shlex
import subprocess
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from lead_service import create_app
from lead_service.__main__ import cli

from .support.deploy import COMPOSE, ROOT, SERVICES, env_example

README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
# Where the README's Deploy, Scaling and operations sections went: an operator follows them with
# .env in hand, so every setting they name is one of .env.example's.
DEPLOY_GUIDES = [ROOT / "docs" / name for name in ("deploy.md", "scaling.md", "operations.md")]
README_MAX_LINES = 150
# Packages (directories) at this depth under these are each a row of the README's Layout.
PACKAGE_ROOTS = ("lead_service", "web")
# Tracked, but nothing a newcomer needs to be told about.
NOT_IN_LAYOUT = {".gitignore"}
# Upper-case names with an underscore that are not settings.
NOT_SETTINGS = {"SCHED_IDLE": "Linux's lowest CPU scheduling policy (docs/security.md)"}
IMAGES = [service["image"] for service in SERVICES.values() if "image" in service]
# A span that names a file without a slash: a name with one of the repository's own extensions.
FILE_NAME = re.compile(r"[\w.-]+\.(?:py|ts|tsx|mjs|json|md|yml|conf|txt|toml|ini|example|dockerignore)")
# Spans that are commands when they start so (with a space after).
PROGRAMS = ("docker", "make", "lead-service", ".venv/bin/lead-service", "python", "npm", "cd")
SETTING = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b")
LAYOUT_HEADER = "| Path | What it holds |"


def name(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


def prose(doc: Path) -> str:
    """The text without its fenced blocks (commands are read from those separately)."""
    return re.sub(r"^ *```.*?^ *```", "", doc.read_text(), flags=re.S | re.M)


def spans(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


@cache
def tracked() -> frozenset[str]:
    """Every file of the working tree that git tracks or would (not ignored: a new module counts
    before its commit), and every directory above one."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")
    files = [file for file in listed if file and (ROOT / file).exists()]
    return frozenset(
        "/".join(file.split("/")[:depth]) for file in files for depth in range(1, file.count("/") + 2)
    )


def made_by_the_tools(path: str) -> bool:
    """A path git ignores: made by a build, `make run`, the tests or the bench, never tracked."""
    ignored = ["git", "check-ignore", "-q", "--no-index"]
    return any(
        subprocess.run([*ignored, candidate], cwd=ROOT, check=False).returncode == 0
        for candidate in (path, f"{path}/")
    )


def exists(path: str) -> bool:
    path = path.rstrip("/")
    if "*" in path:
        return any(fnmatch.fnmatchcase(known, path) for known in tracked())
    return path in tracked() or made_by_the_tools(path)


def files_named(text: str) -> list[str]:
    """The spans that name a file or directory: with a slash, or a file name of ours; not a URL,
    a URL path, a flag, a pattern like `components/<domain>/`, nor an image of a registry."""
    return [
        span
        for span in spans(text)
        if not any(character in span for character in " <>{}?=:")
        and not span.startswith(("/", "-"))
        and ("/" in span or FILE_NAME.fullmatch(span))
        and not any(image.startswith(span) for image in IMAGES)
    ]


def in_some_folder(file_name: str) -> bool:
    return any(known.rsplit("/", 1)[-1] == file_name for known in tracked())


def split_layout(doc: Path) -> tuple[list[tuple[list[str], str]], str]:
    """The rows of each `| Path | What it holds |` table (the paths, and what is said of them), and
    the rest of the prose."""
    rows, rest, in_table = [], [], False
    for line in prose(doc).splitlines():
        if line.startswith(LAYOUT_HEADER):
            in_table = True
        elif in_table and line.startswith("|"):
            cells = re.split(r" \| ", line.strip().strip("|").strip())
            if not set(cells[0]) <= {"-", "|"}:
                rows.append((spans(cells[0]), " | ".join(cells[1:])))
        else:
            in_table = False
            rest.append(line)
    return rows, "\n".join(rest)


def layout_rows(doc: Path) -> list[tuple[list[str], str]]:
    return split_layout(doc)[0]


def bases(paths: list[str]) -> list[str]:
    """The folders a row's names are inside: each path's own (a file's: its folder), and each above
    it up to the root, as a row on `web/app/` says `lib/...` for web/lib."""
    folders = []
    for path in paths:
        parts = path.rstrip("/").split("/")
        if "*" in path or not path.endswith("/"):
            parts = parts[:-1]
        folders += ["/".join(parts[:depth]) for depth in range(len(parts), -1, -1)]
    return list(dict.fromkeys(folders))


# ---- Files -------------------------------------------------------------------------------------


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_file_it_names_is_in_the_repository(doc):
    """A path is from the root (or made by the tools: git ignores it); a bare file name is some
    tracked file's. The Layout tables' rows are checked by their own test, below."""
    for named in files_named(split_layout(doc)[1]):
        found = exists(named) if "/" in named else in_some_folder(named)
        assert found, f"{name(doc)} names {named}, which is not in the repository"


def test_the_deploy_guides_name_the_deployments_files():
    named = {span for doc in DEPLOY_GUIDES for span in files_named(prose(doc))}
    assert {"docker-compose.yml", "deploy/nginx.conf", ".env.example", "web/Dockerfile"} <= named


@pytest.mark.parametrize("doc", [doc for doc in DOCS if layout_rows(doc)], ids=name)
def test_each_layout_row_names_what_is_inside_its_path(doc):
    """A Layout row's paths exist, and each name in what it says of them is inside one of them (or
    a folder above): a module that moves out of a package fails here until the row follows it."""
    for paths, description in layout_rows(doc):
        for path in paths:
            assert exists(path), f"{name(doc)}'s Layout names {path}, which is not in the repository"
        for named in files_named(description):
            assert any(exists(f"{base}/{named}" if base else named) for base in bases(paths)), (
                f"{name(doc)}'s Layout row {', '.join(paths)} names {named}, which is not inside it"
            )


# What docs/code-layout.md says module by module: each of these modules is named in the row of its
# folder (the lead service's tests and migration scripts, and every package's __init__.py, go by
# their folder's row alone).
MODULE_BY_MODULE = ("lead_service/", "tests/support/", "bench/")
BY_FOLDER_ONLY = ("lead_service/tests/", "lead_service/migrations/versions/")


def test_the_code_layout_names_every_module_of_the_service_the_test_support_and_the_bench():
    rows = layout_rows(ROOT / "docs" / "code-layout.md")
    named = {
        f"{path.rstrip('/')}/{file}"
        for paths, description in rows
        for path in paths
        for file in files_named(description)
    }
    missing = sorted(
        module
        for module in tracked()
        if module.endswith(".py")
        and module.startswith(MODULE_BY_MODULE)
        and not module.startswith(BY_FOLDER_ONLY)
        and not module.endswith("/__init__.py")
        and module not in named
    )
    assert not missing, f"docs/code-layout.md names no {', '.join(missing)} in its folder's row"


# ---- The README --------------------------------------------------------------------------------


def test_the_readme_is_a_five_minute_read():
    lines = len(README.read_text().splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines: move the detail into a guide in docs/"


def test_the_readme_layout_names_every_top_level_entry_and_package():
    """Derived from what git tracks: a new top-level file or directory, or a new package of the
    lead service or the site, fails here until the README's Layout has a row for it."""
    assert "\n## Layout\n\n" + LAYOUT_HEADER in README.read_text(), "README.md has no Layout table"
    listed = {path.rstrip("/") for paths, _ in layout_rows(README) for path in paths}
    expected = {path for path in tracked() if "/" not in path} - NOT_IN_LAYOUT
    expected |= {
        path
        for path in tracked()
        if path.count("/") == 1
        and path.startswith(tuple(f"{root}/" for root in PACKAGE_ROOTS))
        and any(other.startswith(f"{path}/") for other in tracked())
    }
    missing = sorted(
        path for path in expected if not any(item == path or item.startswith(f"{path}/") for item in listed)
    )
    assert not missing, f"README.md's Layout has no row for {', '.join(missing)}"


def test_the_readme_leaves_the_node_version_to_the_web_image():
    """The image's FROM decides it; a number here would drift from it."""
    assert not re.search(r"\bNode(?:\.js)? ?\d", README.read_text())


def test_the_readme_links_every_guide():
    linked = set(re.findall(r"\]\(docs/([^)#]+)", README.read_text()))
    assert {doc.name for doc in DOCS[1:]} <= linked


# ---- Links -------------------------------------------------------------------------------------


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    return {slug(heading) for heading in re.findall(r"^#+ (.+)$", prose(doc), re.M)}


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_link_leads_to_a_file_and_section_that_exist(doc):
    for target in re.findall(r"\]\(([^)\s]+)\)", prose(doc)):
        if urlsplit(target).scheme:
            continue
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        assert linked.is_file(), f"{name(doc)} links {target}: no such file"
        if anchor:
            assert anchor in anchors(linked), f"{name(doc)} links {target}: no such section"


# ---- Settings ----------------------------------------------------------------------------------


@cache
def settings_the_code_reads() -> frozenset[str]:
    """Every name the lead service, gunicorn, the site or the tests read from the environment."""
    python = re.compile(
        r"(?:environ\.get|getenv|_text|_int|_bool|_seconds|_list|_choice|_env)\(\s*\"([A-Z][A-Z0-9_]*)\""
    )
    node = re.compile(r"process\.env\.([A-Z][A-Z0-9_]*)")
    names = set()
    for path in tracked():
        if path.startswith(("lead_service/", "tests/support/")) and path.endswith(".py"):
            names |= set(python.findall((ROOT / path).read_text()))
        elif path.startswith("web/") and path.endswith((".ts", ".tsx", ".mjs")):
            names |= set(node.findall((ROOT / path).read_text()))
    return frozenset(names)


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_setting_it_names_is_read_somewhere(doc):
    names = set(SETTING.findall(doc.read_text())) - set(NOT_SETTINGS)
    unknown = names - set(env_example()) - settings_the_code_reads()
    assert not unknown, f"{name(doc)} names settings nothing reads: {', '.join(sorted(unknown))}"


def test_every_setting_the_deploy_guides_name_is_in_env_example():
    names = {setting for doc in DEPLOY_GUIDES for setting in SETTING.findall(doc.read_text())}
    assert {"POSTGRES_PASSWORD", "REDIS_PASSWORD", "SECRET_KEY", "SITE_URL", "DATABASE_URL"} <= names
    assert names <= set(env_example())


def test_the_deploy_guides_services_table_is_compose():
    text = (ROOT / "docs" / "deploy.md").read_text()
    table = text.split("| Service | Runs | Waits for |", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \|", table, re.M)
    assert sorted(rows) == sorted(SERVICES)


# ---- Commands ----------------------------------------------------------------------------------


@cache
def cli_groups() -> frozenset[str]:
    """The lead service's own command groups (`leads`, `users`, `db`, ...), beyond Flask's."""
    return frozenset(create_app({"TESTING": True}).cli.commands)


def commands(doc: Path) -> list[str]:
    text = doc.read_text()
    blocks = [
        line.strip()
        for block in re.findall(r"```sh\n(.*?)```", text, re.S)
        for line in block.splitlines()
        if line.strip()
    ]
    groups = tuple(f"{group} " for group in cli_groups())
    named = [
        span
        for span in spans(prose(doc))
        if span.startswith(tuple(f"{program} " for program in PROGRAMS)) or span.startswith(groups)
    ]
    return blocks + named


def _compose(words: list[str]) -> None:
    """A `docker compose` command: a subcommand compose has, on services of docker-compose.yml,
    and lead-service commands that exist."""
    if words[2] == "--profile":  # services that start only when their profile is asked for
        assert any(words[3] in service.get("profiles", ()) for service in SERVICES.values()), words[3]
        words = [*words[:2], *words[4:]]
    subcommand = words[2]
    assert subcommand in {"up", "ps", "exec", "stop", "start", "restart", "logs", "build", "run"}, subcommand
    arguments = [word for word in words[3:] if not word.startswith("-") and "=" not in word]
    if subcommand != "ps":
        for word in arguments[: 1 if subcommand in {"exec", "run"} else None]:
            assert word in SERVICES, word
    if "lead_service" in words:
        _lead_service(words[words.index("lead_service") + 1 :])
    for scaled in re.findall(r"--scale (\S+)=", " ".join(words)):
        assert scaled in SERVICES


def _docker(words: list[str]) -> None:
    """A plain `docker` command: stopping containers, or a one-off container on a volume of the
    compose project (named <project>_<volume>)."""
    if words[1] == "compose":
        _compose(words)
        return
    assert words[1] in {"stop", "run"}, words[1]
    mounted = [word.split(":/")[0] for word in words if ":/" in word]
    for volume in mounted:
        if volume.startswith(f"{COMPOSE['name']}_"):
            assert volume.removeprefix(f"{COMPOSE['name']}_") in COMPOSE["volumes"], volume


def _lead_service(words: list[str]) -> None:
    """A command of the `lead-service` CLI: its group and subcommand answer --help."""
    rest = [word for word in words if not word.startswith("-")]
    result = CliRunner().invoke(cli, [*rest[:2], "--help"])
    assert result.exit_code == 0, result.output


def _python(words: list[str]) -> None:
    assert words[1:3] == ["-m", "lead_service"], words
    _lead_service(words[3:])


def _make(words: list[str]) -> None:
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.M))
    for target in words[1:]:
        assert target in targets, f"make {target}: no such target"


def _npm(words: list[str]) -> None:
    scripts = json.loads((ROOT / "web/package.json").read_text())["scripts"]
    if words[1] == "run":
        assert words[2] in scripts, f"npm run {words[2]}: no such script"
    else:
        assert words[1] in {"ci", "test"} and (words[1] != "test" or "test" in scripts), words


def _cp(words: list[str]) -> None:
    assert (ROOT / words[1]).is_file(), words[1]


def _cd(words: list[str]) -> None:
    assert (ROOT / words[1]).is_dir(), words[1]


def _curl(words: list[str]) -> None:
    """A health check through the proxy: a path the lead service answers."""
    path = urlsplit(next(word for word in words if "://" in word)).path
    routes = {rule.rule for rule in create_app({"TESTING": True}).url_map.iter_rules()}
    assert path in routes, path


CHECKS = {
    "docker": _docker,
    "lead-service": lambda words: _lead_service(words[1:]),
    ".venv/bin/lead-service": lambda words: _lead_service(words[1:]),
    "python": _python,
    "make": _make,
    "npm": _npm,
    "cp": _cp,
    "cd": _cd,
    "curl": _curl,
    "$EDITOR": lambda words: None,
}


@pytest.mark.parametrize(
    "doc, command",
    [(doc, command) for doc in DOCS for command in commands(doc)],
    ids=lambda value: name(value) if isinstance(value, Path) else value[:60],
)
def test_every_command_names_what_exists(doc, command):
    """Each command is of a kind checked here (a new kind fails until it has a check); a span of
    the CLI's own words (`leads purge`) is a `lead-service` command."""
    for part in command.split("#")[0].split(">")[0].split("<")[0].split("|")[0].split("&&"):
        words = shlex.split(part)
        if words[0] in cli_groups():
            words = ["lead-service", *words]
        assert words[0] in CHECKS, f"{name(doc)}: no check for {words[0]}: add one"
        CHECKS[words[0]](words)
