"""What web/page/saves.js keeps when the page goes before IndexedDB has confirmed a save (`keepUnsaved`, run on
`pagehide` and when the page is hidden): the newest unconfirmed value of each save, from the writes in flight and
the values held back, copied to `localStorage` with the fallback stamps; and what the next start makes of that copy
(`plan_start`, the rule `unoSaves.winner` shares). Run in node over a fake IndexedDB whose writes complete only
when the test says, and a fake `localStorage`."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from app.storage.core import (
    FALLBACK_STAMPS_KEY,
    META_KEY,
    PLAY_GAME,
    SCORE_DRAFTS,
    SCORE_LIBRARY,
    SCORE_PREPAINT,
    record,
)
from app.storage.opening import plan_start
from tests.fake_local import FakeLocal

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")

SAVES_JS = Path(__file__).resolve().parents[2] / "web" / "page" / "saves.js"

# A fake IndexedDB (reads complete at once, each readwrite transaction when `done(n)` is called) and localStorage;
# then the steps read from stdin: ["write", puts, deletes] | ["hold", puts] | ["done", n] | ["fail", n] |
# ["keep"] | ["local", key, value] | ["show"] (prints localStorage).
NODE_RUN = """
const fs = require("fs"), vm = require("vm");
const steps = JSON.parse(fs.readFileSync(0, "utf8"));
const items = {};
globalThis.localStorage = {
  getItem: (k) => (k in items ? items[k] : null),
  setItem: (k, v) => { items[k] = String(v); },
  removeItem: (k) => { delete items[k]; },
};
const writes = [];
const later = (f) => setTimeout(f, 0);
function transaction(name, mode) {
  const tx = { commit() { tx.committed = true; } };
  const store = {
    put() {}, delete() {},
    openCursor() { const req = { result: null }; later(() => req.onsuccess && req.onsuccess()); return req; },
  };
  tx.objectStore = () => store;
  if (mode === "readwrite") writes.push(tx); else later(() => tx.oncomplete());
  return tx;
}
globalThis.indexedDB = {
  open() {
    const req = {};
    later(() => { req.result = { transaction, objectStoreNames: { contains: () => true } }; req.onsuccess(); });
    return req;
  },
};
vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8"));
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
(async () => {
  const out = [];
  const promises = [];
  for (const step of steps) {
    const [op, ...args] = step;
    if (op === "write") promises.push(unoSaves.write(args[0], args[1]).then(() => "ok", (e) => String(e)));
    else if (op === "hold") unoSaves.hold(args[0]);
    else if (op === "done") writes[args[0]].oncomplete();
    else if (op === "fail") writes[args[0]].onabort();
    else if (op === "keep") unoSaves.keepUnsaved();
    else if (op === "local") items[args[0]] = args[1];
    else if (op === "show") out.push({ ...items });
    await tick();
  }
  out.push(writes.map((tx) => tx.committed === true));
  console.log(JSON.stringify(out));
})();
"""

DONE = {META_KEY: {"v": 1, "migrated": True, "at": 1}}
TAB = "uno.typing.tab1"  # the typing journal's record: the page's own bookkeeping, never copied


def rec(data: str, at: int) -> dict[str, Any]:
    return record(data, at)


def page(*steps: list[Any]) -> list[Any]:
    """Run the steps in node against web/page/saves.js; the `show` snapshots of localStorage, then whether each
    write's transaction was committed at once."""
    run = subprocess.run(
        ["node", "-e", NODE_RUN, str(SAVES_JS)],
        input=json.dumps(list(steps)),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return list(json.loads(run.stdout))


def stamps(items: dict[str, str]) -> dict[str, int]:
    return dict(json.loads(items.get(FALLBACK_STAMPS_KEY, "{}")))


def test_the_newest_unconfirmed_value_of_each_save_is_copied_and_the_next_start_takes_it() -> None:
    *shown, committed = page(
        ["write", {SCORE_LIBRARY: rec("round 1", 100), TAB: rec('{"upto": 3}', 1)}, []],
        ["write", {SCORE_LIBRARY: rec("rounds 1 and 2", 200), SCORE_PREPAINT: rec("picture 2", 200)}, [PLAY_GAME]],
        ["hold", {SCORE_DRAFTS: rec("typed 4", 250)}],
        ["show"],
        ["keep"],
        ["show"],
    )
    before, after = shown
    assert before == {} and committed == [True, True]  # each transaction is committed at once, not left to auto-commit
    assert after[SCORE_LIBRARY] == "rounds 1 and 2" and after[SCORE_PREPAINT] == "picture 2"
    assert after[SCORE_DRAFTS] == "typed 4" and PLAY_GAME not in after and TAB not in after
    copied = stamps(after)
    assert copied[SCORE_LIBRARY] == 200 and copied[SCORE_PREPAINT] == 200 and copied[SCORE_DRAFTS] == 250
    assert copied[PLAY_GAME] > 250  # a delete is stamped when it was asked for (now)

    # the next start: IndexedDB still holds what was on disk before; the copy is newer and wins
    on_disk = {
        **DONE,
        SCORE_LIBRARY: rec("round 0", 50),
        SCORE_DRAFTS: rec("typed 3", 60),
        PLAY_GAME: rec("a game that ended", 70),
    }
    plan = plan_start(on_disk, FakeLocal(after), now=10**13)
    assert plan.values == {SCORE_LIBRARY: "rounds 1 and 2", SCORE_PREPAINT: "picture 2", SCORE_DRAFTS: "typed 4"}
    assert PLAY_GAME in plan.deletes and plan.puts[SCORE_LIBRARY] == rec("rounds 1 and 2", 200)


def test_a_write_that_completed_after_all_wins_the_tie_and_a_newer_one_wins_outright() -> None:
    (copied,) = page(["write", {SCORE_LIBRARY: rec("round 1", 100)}, []], ["keep"], ["show"])[:1]
    same = plan_start({**DONE, SCORE_LIBRARY: rec("round 1", 100)}, FakeLocal(copied), now=10**13)
    assert same.values[SCORE_LIBRARY] == "round 1" and SCORE_LIBRARY not in same.puts  # the record, as stored
    newer = plan_start({**DONE, SCORE_LIBRARY: rec("another tab's", 300)}, FakeLocal(copied), now=10**13)
    assert newer.values[SCORE_LIBRARY] == "another tab's"


def test_a_copy_is_taken_back_once_a_write_as_new_has_completed() -> None:
    first, second, third, fourth, _ = page(
        ["write", {SCORE_LIBRARY: rec("round 1", 100)}, []],
        ["write", {SCORE_LIBRARY: rec("round 2", 200)}, []],
        ["hold", {SCORE_DRAFTS: rec("typed", 250)}],
        ["keep"],  # hidden: a phone switching apps; the page lives on
        ["show"],
        ["done", 0],  # round 1 on disk: round 2 is still only copied
        ["show"],
        ["done", 1],
        ["show"],
        ["write", {SCORE_DRAFTS: rec("typed", 300)}, []],  # the held drafts written once the typing paused
        ["done", 2],
        ["show"],
    )
    assert first[SCORE_LIBRARY] == second[SCORE_LIBRARY] == "round 2"
    assert SCORE_LIBRARY not in third and set(stamps(third)) == {SCORE_DRAFTS}
    assert fourth == {}  # nothing left over to win over a later save (or bring back a deleted one)


def test_a_newer_fallback_save_is_not_overwritten_and_a_failed_write_stays_copied() -> None:
    fallback = json.dumps({SCORE_LIBRARY: 500})
    kept, later = page(
        ["local", SCORE_LIBRARY, "saved while IndexedDB failed"],
        ["local", FALLBACK_STAMPS_KEY, fallback],
        ["write", {SCORE_LIBRARY: rec("older", 400), PLAY_GAME: rec("move", 400)}, []],
        ["keep"],
        ["show"],
        ["fail", 0],
        ["show"],
    )[:2]
    assert kept[SCORE_LIBRARY] == "saved while IndexedDB failed" and stamps(kept)[SCORE_LIBRARY] == 500
    assert kept[PLAY_GAME] == "move" and stamps(kept)[PLAY_GAME] == 400
    assert later == kept  # the write failed: the app falls back; the copy stays until a write holds its key


def test_a_write_after_a_hold_is_newer_and_a_hold_after_a_write_is_newer() -> None:
    (items,) = page(
        ["hold", {SCORE_DRAFTS: rec("typed 1", 100)}],
        ["write", {SCORE_DRAFTS: rec("saved with the round", 200)}, []],
        ["write", {PLAY_GAME: rec("move", 210)}, []],
        ["hold", {PLAY_GAME: rec("held move", 220)}],
        ["keep"],
        ["show"],
    )[:1]
    assert items[SCORE_DRAFTS] == "saved with the round" and items[PLAY_GAME] == "held move"
