""" "IndexedDB wins over localStorage", written twice because the scripts that paint before Python cannot
call it: `winner` in web/engine/app/storage/opening.py (what `plan_start` starts the app with) and `unoSaves.winner`
in web/page/saves.js (the shell's language, the saved sheet's prepaint). The same cases go to both (the script
through node); each must pick the same copy and `plan_start` must start with that copy's value."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from app.storage.core import FALLBACK_STAMPS_KEY, META_KEY, SCORE_PREPAINT, fallback_stamps
from app.storage.opening import plan_start, winner
from tests.fake_local import FakeLocal

SAVES_JS = Path(__file__).resolve().parents[2] / "web" / "page" / "saves.js"
KEY = SCORE_PREPAINT  # a legacy key with a localStorage mirror: every branch of the rule applies to it
DONE = {META_KEY: {"v": 1, "migrated": True, "at": 1}}  # the first start's migration is over

# Loads web/page/saves.js as the page does (a classic script; no IndexedDB in node: its read() reports an error)
# over a fake localStorage, and prints `startValue` for each case: {records, local, migrating}.
NODE_RUN = """
const fs = require("fs"), vm = require("vm");
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8"));
const out = cases.map(({ records, local, key }) => {
  globalThis.localStorage = { getItem: (k) => (k in local ? local[k] : null) };
  const { source, value } = unoSaves.startValue(key, records, !unoSaves.migrated(records));
  return [source, value];
});
console.log(JSON.stringify({ out, stampsKey: unoSaves.FALLBACK_STAMPS_KEY }));
"""


def rec(data: Any, at: Any) -> dict[str, Any]:
    return {"v": 1, "at": at, "data": data}


def stamps(**by_key: Any) -> str:
    return json.dumps({KEY: by_key["at"]})


CASES: list[tuple[str, dict[str, Any], dict[str, str], str, str | None]] = [
    # name, IndexedDB records, localStorage, expected source, expected value
    ("record alone", {**DONE, KEY: rec("A", 5)}, {}, "record", "A"),
    ("record and its mirror", {**DONE, KEY: rec("A", 5)}, {KEY: "A"}, "record", "A"),
    ("record over a stale mirror", {**DONE, KEY: rec("A", 5)}, {KEY: "old"}, "record", "A"),
    ("first start: localStorage moves in", {}, {KEY: "L"}, "migrate", "L"),
    ("migrated before: a stale mirror", dict(DONE), {KEY: "L"}, "none", None),
    (
        "fallback save after the record",
        {**DONE, KEY: rec("A", 100)},
        {KEY: "L", FALLBACK_STAMPS_KEY: stamps(at=200)},
        "fallback",
        "L",
    ),
    (
        "record after the fallback save",
        {**DONE, KEY: rec("A", 300)},
        {KEY: "L", FALLBACK_STAMPS_KEY: stamps(at=200)},
        "record",
        "A",
    ),
    (
        "removed while falling back",
        {**DONE, KEY: rec("A", 100)},
        {FALLBACK_STAMPS_KEY: stamps(at=200)},
        "deleted",
        None,
    ),
    ("unreadable record, first start", {KEY: {"v": 2, "at": 5, "data": "A"}}, {KEY: "L"}, "migrate", "L"),
    ("unreadable record, migrated", {**DONE, KEY: {"v": 2, "at": 5, "data": "A"}}, {KEY: "L"}, "none", None),
    ("time not a whole number", {**DONE, KEY: rec("A", 1.5)}, {}, "none", None),
    ("data not text", {**DONE, KEY: rec(7, 5)}, {}, "none", None),
    (
        "unreadable record, fallback save",
        {**DONE, KEY: {"v": 2}},
        {KEY: "L", FALLBACK_STAMPS_KEY: stamps(at=2)},
        "fallback",
        "L",
    ),
    ("damaged stamps are ignored", {**DONE, KEY: rec("A", 5)}, {KEY: "L", FALLBACK_STAMPS_KEY: "{"}, "record", "A"),
    (
        "a stamp that is not a time is ignored",
        {**DONE, KEY: rec("A", 5)},
        {KEY: "L", FALLBACK_STAMPS_KEY: stamps(at="9")},
        "record",
        "A",
    ),
    ("nothing anywhere", dict(DONE), {}, "none", None),
]


@pytest.mark.parametrize(("name", "records", "local", "source", "value"), CASES, ids=[c[0] for c in CASES])
def test_python_picks_the_copy_and_plan_start_starts_with_it(
    name: str, records: dict[str, Any], local: dict[str, str], source: str, value: str | None
) -> None:
    at = fallback_stamps(FakeLocal(local)).get(KEY)
    migrating = not (records.get(META_KEY) or {}).get("migrated")
    assert winner(records.get(KEY), local.get(KEY), at, migrating=migrating) == (source, value)
    assert plan_start(records, FakeLocal(local), now=1000).values.get(KEY) == value


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_page_script_picks_the_same_copy_as_python() -> None:
    cases = [{"records": records, "local": local, "key": KEY} for _, records, local, _, _ in CASES]
    run = subprocess.run(
        ["node", "-e", NODE_RUN, str(SAVES_JS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answer = json.loads(run.stdout)
    assert answer["stampsKey"] == FALLBACK_STAMPS_KEY
    picked = {name: tuple(got) for (name, *_), got in zip(CASES, answer["out"], strict=True)}
    assert picked == {name: (source, value) for name, _, _, source, value in CASES}
