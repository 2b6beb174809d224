"""web/lib/content/types.generated.ts is the TypeScript of shared_content/*.schema.json."""

import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"


def test_content_types_match_the_schemas():
    command = ["node", "scripts/generate-content-types.mjs", "--check"]
    check = subprocess.run(command, cwd=WEB, capture_output=True, text=True, check=False)

    assert check.returncode == 0, check.stderr
