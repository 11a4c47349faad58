"""The score keeper's routes: `#/score` (list), `#/score/new` (set-up), `#/score/<id>` (the
sheet), `#/score/<id>/round` (next round), `#/score/<id>/round/<n>` (edit round n),
`#/score/<id>/setup` (players and options of a saved game), `#/score/<id>/link` (its link and QR code),
`#/score/link/<token>` (a sheet that a link carries, `scorekeeper.link`), `#/score/all` (the link and QR code
of every sheet here, "Move all my sheets"), `#/score/all/<token>` (every sheet of another phone), `#/score/people`
(the regulars: rename, merge, forget), `#/score/record` (their record across evenings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Page = Literal["list", "new", "sheet", "round", "setup", "link", "open", "moveall", "openall", "people", "record"]
FIXED: tuple[Page, ...] = ("people", "record")  # pages whose hash is their name alone


@dataclass(frozen=True, slots=True)
class Where:
    page: Page
    sheet_id: str = ""
    round: int | None = None  # the round being edited (1-based), on page "round"
    token: str = ""  # the link's data, on page "open"

    @classmethod
    def parse(cls, params: tuple[str, ...]) -> Where:
        if not params:
            return cls("list")
        if params == ("new",):
            return cls("new")
        if params[0] == "link":
            return cls("open", token="/".join(params[1:]))
        if params == ("all",):
            return cls("moveall")
        if len(params) == 1 and params[0] in FIXED:
            return cls("people" if params[0] == "people" else "record")
        if params[0] == "all":
            return cls("openall", token="/".join(params[1:]))
        sheet_id, rest = params[0], params[1:]
        if rest == ("setup",):
            return cls("setup", sheet_id)
        if rest == ("link",):
            return cls("link", sheet_id)
        if rest[:1] == ("round",):
            if len(rest) == 2 and rest[1].isascii() and rest[1].isdigit():
                return cls("round", sheet_id, int(rest[1]))
            return cls("round", sheet_id)
        return cls("sheet", sheet_id)

    def to_hash(self) -> str:
        if self.page == "list":
            return "#/score"
        if self.page == "new":
            return "#/score/new"
        if self.page == "open":
            return f"#/score/link/{self.token}"
        if self.page == "moveall":
            return "#/score/all"
        if self.page == "openall":
            return f"#/score/all/{self.token}"
        if self.page in FIXED:
            return f"#/score/{self.page}"
        tail = {"sheet": "", "setup": "/setup", "round": "/round", "link": "/link"}[self.page]
        if self.page == "round" and self.round is not None:
            tail += f"/{self.round}"
        return f"#/score/{self.sheet_id}{tail}"


def sheet_hash(sheet_id: str, page: Page = "sheet", round_: int | None = None) -> str:
    return Where(page, sheet_id, round_).to_hash()
