"""One Node.js version, stated once in web/.nvmrc: the Makefile installs and runs it where the
PATH's node is of another major, and the web image, web/package.json's engines and @types/node
agree."""

import json
import re
from pathlib import Path

from dockerfile_parse import DockerfileParser

ROOT = Path(__file__).resolve().parent.parent
NVMRC = (ROOT / "web/.nvmrc").read_text()
MAJOR = NVMRC.partition(".")[0]
PACKAGE = json.loads((ROOT / "web/package.json").read_text())


def test_nvmrc_states_one_exact_version():
    # Exact, as the image's digest is: CI installs this version, not the newest of its major.
    assert re.fullmatch(r"\d+\.\d+\.\d+\n", NVMRC), NVMRC


def test_the_web_image_runs_the_same_major():
    stages = DockerfileParser(path=str(ROOT / "web/Dockerfile")).structure
    images = [i["value"].split()[0] for i in stages if i["instruction"] == "FROM"]
    nodes = [image for image in images if image.startswith("node:")]
    assert nodes, images
    # node:<major>[...]-bookworm-slim@sha256:...; its digest is that of node:<web/.nvmrc>-bookworm-slim.
    assert {re.match(r"node:(\d+)", image)[1] for image in nodes} == {MAJOR}


def test_engines_and_the_node_types_agree():
    assert PACKAGE["engines"] == {"node": f"{MAJOR}.x"}
    assert PACKAGE["devDependencies"]["@types/node"].partition(".")[0] == MAJOR


def test_the_makefile_reads_the_version_from_nvmrc():
    makefile = (ROOT / "Makefile").read_text()
    assert "NODE_VERSION := $(shell cat web/.nvmrc)" in makefile
    assert NVMRC.strip() not in makefile
