"""What the site's TypeScript is generated from, and the TypeScript itself, as committed: the
content types are shared_content/*.schema.json's; web/lib/inbox/openapi.json is what `lead-service
openapi` prints, and web/lib/inbox/api.generated.ts is that document's."""

import subprocess
from pathlib import Path

import pytest

from lead_service import create_app

WEB = Path(__file__).resolve().parent.parent / "web"


@pytest.mark.parametrize("script", ["generate-content-types.mjs", "generate-inbox-types.mjs"])
def test_the_generated_types_match_their_sources(script):
    command = ["node", f"scripts/{script}", "--check"]
    check = subprocess.run(command, cwd=WEB, capture_output=True, text=True, check=False)

    assert check.returncode == 0, check.stderr


def test_the_committed_openapi_document_is_the_services(tmp_path, monkeypatch):
    monkeypatch.setenv("LEAD_SERVICE_INSTANCE_PATH", str(tmp_path))
    # The whole API, whichever part this machine's environment serves.
    app = create_app({"SERVE": "all", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leads.db'}"})

    printed = app.test_cli_runner().invoke(args=["openapi"])

    assert printed.exit_code == 0, printed.output
    committed = (WEB / "lib" / "inbox" / "openapi.json").read_text(encoding="utf-8")
    assert committed == printed.stdout, "run `lead-service openapi > web/lib/inbox/openapi.json`"
