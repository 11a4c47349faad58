"""The score keeper's state and actions, without the browser: every action the page sends
(`act(name, arg, value, checked)`) changes the saved library or a draft, writes them to
storage at once, and returns an `Effect` that tells the view what to do next."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.storage.backup import library_of
from scorekeeper import (
    UNUSUAL_CARDS,
    HandInput,
    KeeperError,
    LoadError,
    RoundDraft,
    RoundRejected,
    SavedSheet,
    SetupError,
    Sheet,
    Unusual,
    announcement,
    check_tap,
    dumps,
    live_errors,
    loads,
    round_summary,
    share_data,
    to_card,
    unusual_totals,
)
from scorekeeper.library import SheetSummary, load_library
from scorekeeper.sheet import Randrange

from . import faces
from .keepsafe import Facts, ios_card, sheet_state, storage_status
from .screen import Note, Screen, Sure
from .sharing import LinkActions
from .store import Storage, Store
from .texts import announcement_text, error_text, face_name, share_text, summary_lines
from .where import Where, sheet_hash

Translate = Callable[[str, Mapping[str, str]], str]


@dataclass
class Effect:
    """What the view does after an action."""

    render: bool = True  # redraw the screen
    go: str | None = None  # new location hash
    focus: str | None = None  # id of the element to focus after drawing
    announce: str | None = None  # text for the live region
    download: tuple[str, str] | None = None  # (file name, JSON text)
    share: str | None = None  # text to share (Web Share API, else the clipboard)
    pick_file: bool = False  # open the file chooser of the import


@dataclass
class Flash:
    """A note shown once on one screen (after save, undo, import...)."""

    where: str  # the hash it belongs to
    key: str = ""
    args: dict[str, object] = field(default_factory=dict)
    announce_round: int | None = None  # the announcement of this round (in the language shown)
    copy_text: str = ""  # text shown to copy by hand (sharing failed)
    open_id: str = ""  # a saved sheet the note offers to open (an import already saved)
    summary_round: int | None = None  # the round whose summary is shown (just saved)


SETUP_FIELDS = {
    "players": "players",
    "teams": "teams",
    "target": "target",
    "scoring": "scoring",
    "wild_points": "wild",
    "dealer_rotation": "rotation",
    "dealer": "dealer",
}


class Keeper(LinkActions):
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], int],
        new_id: Callable[[], str],
        rng: Randrange,
        lang: Callable[[], str],
        tr: Translate,
        base: Callable[[], str] = lambda: "https://uno.invalid/",
    ) -> None:
        self.store = Store.open(storage)
        self.clock, self.new_id, self.rng, self.lang, self.tr = clock, new_id, rng, lang, tr
        self.base = base  # the app's address, which a sheet's link starts with
        self.facts = Facts()
        self.copy_offer = ""
        self.where = Where("list")
        self.errors: dict[str, list[KeeperError]] = {}  # by field id: "hand-2", "winner", "name-new"...
        self.pending: dict[str, str] = {}  # text typed in a field but refused (kept on screen)
        self.confirm = ""  # the confirmation asked on this screen: "delete-game", "delete-round", "sure"
        self.unusual: tuple[Unusual, ...] = ()  # the totals asked about ("sure"): possible, far beyond a hand
        self.ends_match = False  # ... and saving that round ends the match
        self.flash: Flash | None = None
        self.sharing = "standings"  # what the last share was: "standings" or "summary" (for the report)

    # -- navigation and reading ----------------------------------------------------------------

    def enter(self, where: Where) -> None:
        """The screen changed: forget errors and half-typed refusals of the previous one."""
        if where != self.where:
            self.where = where
            self.errors, self.pending, self.confirm = {}, {}, ""
        if self.flash is not None and self.flash.where != where.to_hash():
            self.flash = None

    def saved(self, sheet_id: str | None = None) -> SavedSheet | None:
        try:
            return self.store.library.get(sheet_id if sheet_id is not None else self.where.sheet_id)
        except LoadError:
            return None

    def sheet(self) -> Sheet:
        saved = self.saved()
        if saved is None:
            raise KeeperError("no_such_sheet", id=self.where.sheet_id)
        return saved.sheet

    def setup_sheet(self) -> Sheet:
        return self.store.setup if self.where.page == "new" else self.sheet()

    def draft(self) -> RoundDraft:
        """The round being entered on this screen (the saved draft, else a blank or the round as saved)."""
        sheet = self.sheet()
        drafts = self.store.drafts_of(self.where.sheet_id)
        players = len(sheet.players)
        number = self.where.round
        if number is None:
            if drafts.next is not None and len(drafts.next.hands) == players:
                return drafts.next
            return sheet.blank_draft()
        if drafts.edit is not None and drafts.edit_round == number and len(drafts.edit.hands) == players:
            return drafts.edit
        return sheet.draft_of(number)

    def message(self, error: KeeperError) -> str:
        """An error as a sentence in the current language (card faces named as tapped)."""
        if error.code == "no_copy_left":
            face = faces.face_of(to_card(str(error.params.get("card"))))
            return self.tr(
                "score.err.face_used_up", {"face": self.face_name(face), "limit": str(faces.face_limit(face))}
            )
        if error.code == "too_many_copies" and self.where.page == "round":
            face = faces.face_of(to_card(str(error.params.get("card"))))
            draft = self.draft()
            count = faces.face_count(face, (hand.cards for hand in draft.hands))
            return self.tr(
                "score.err.copies",
                {"count": str(count), "face": self.face_name(face), "limit": str(faces.face_limit(face))},
            )
        return error_text(error, self.tr)

    def face_name(self, face: str) -> str:
        return face_name(face, self.tr)

    def screen(self) -> Screen:
        """What the page for this location shows, as plain values (`pages.render` draws it)."""
        where = self.where
        saved = self.saved() if where.sheet_id else None
        setup = draft = None
        listing: tuple[SheetSummary, ...] = ()
        if where.page == "list":
            listing = self.store.library.listing()
        elif where.page == "new" or (where.page == "setup" and saved is not None):
            setup = self.setup_sheet()
        elif (
            where.page == "round"
            and saved is not None
            and not saved.sheet.setup_problems()
            and (where.round is None or 1 <= where.round <= len(saved.sheet.rounds))
        ):
            draft = self.draft()
        found_errors = {fid: list(found) for fid, found in self.errors.items()}
        live: tuple[str, ...] = ()
        if draft is not None and saved is not None:
            problems = live_errors(draft, saved.sheet.options)
            for error in problems:
                if error.seat is not None:
                    found_errors.setdefault(f"hand-{error.seat}", []).append(error)
            live = tuple(dict.fromkeys(self.message(error) for error in problems))
        errors = {
            fid: tuple(dict.fromkeys(self.message(error) for error in found))
            for fid, found in found_errors.items()
            if found
        }
        return Screen(
            where=where,
            errors=errors,
            pending=dict(self.pending),
            confirm=self.confirm,
            note=self._note(saved),
            saved=saved,
            setup=setup,
            draft=draft,
            new_name=self.new_name() if setup is not None else "",
            listing=listing,
            damaged=bool(self.store.problems),
            face_names={face: self.face_name(face) for face in faces.NAMED},
            live=live,
            used_up=faces.used_up(draft) if draft is not None else (),
            sure=self._sure(saved),
            summary=self._summary(saved),
            link=self.link_of(saved.sheet) if saved is not None and where.page == "link" else "",
            found=self.link_open() if where.page == "open" else None,
            moved=self.moved() if where.page == "openall" else (),
            **self._keepsafe(where),
        )

    def _keepsafe(self, where: Where) -> dict[str, Any]:
        """The list's storage line, the iOS card and the not-kept marks; the sheet's "Keep a copy" offer."""
        facts, marks = self.facts, self.marks()
        if where.page == "list":
            state = sheet_state(self.store.library)
            return {
                "storage": storage_status(facts.user_agent, facts.standalone, facts.persisted),
                "ios_card": not marks.card_dismissed
                and ios_card(facts.user_agent, facts.standalone, facts.persisted, state),
                "only_here": marks.only_here(self.store.library),
            }
        offer = where.page == "sheet" and self.copy_offer == where.sheet_id
        return {"copy_offer": offer and where.sheet_id in marks.only_here(self.store.library)}

    def _summary(self, saved: SavedSheet | None) -> tuple[str, ...]:
        """The summary of the round just saved, in words (shown on the sheet until the screen changes)."""
        flash = self.flash
        if flash is None or flash.where != self.where.to_hash() or saved is None or self.where.page != "sheet":
            return ()
        number = flash.summary_round
        if not number or number > len(saved.sheet.rounds):
            return ()
        return summary_lines(round_summary(saved.sheet, number), self.tr)

    def _sure(self, saved: SavedSheet | None) -> Sure | None:
        """The "are you sure" question of this screen, in words (None: not asked)."""
        if self.confirm != "sure" or saved is None:
            return None
        lines = tuple(
            self.tr(
                "score.sure_hand",
                {
                    "name": saved.sheet.players[item.seat],
                    "total": str(item.total),
                    "cards": str(UNUSUAL_CARDS),
                    "limit": str(item.limit),
                },
            )
            for item in self.unusual
        )
        return Sure(lines, self.ends_match, self.unusual[0].seat if self.unusual else 0)

    def _note(self, saved: SavedSheet | None) -> Note | None:
        """The flash of this screen in words (None: nothing to show here)."""
        flash = self.flash
        if flash is None or flash.where != self.where.to_hash():
            return None
        number = flash.announce_round
        if saved is not None and number and number <= len(saved.sheet.rounds):
            text = announcement_text(announcement(saved.sheet, number), self.tr)
            return Note(text=text, copy_text=flash.copy_text)
        if flash.key:
            return Note(key=flash.key, args=dict(flash.args), copy_text=flash.copy_text, open_id=flash.open_id)
        return None

    # -- actions -------------------------------------------------------------------------------

    def act(self, name: str, arg: str = "", value: str = "", checked: bool = False) -> Effect:
        handler = getattr(self, "do_" + name.replace("-", "_"), None)
        if handler is None:
            return Effect(render=False)
        try:
            result: Effect = handler(arg, value, checked)
        except KeeperError as error:  # anything unexpected from the logic: show it, change nothing
            self.errors = {"page": [error]}
            return Effect()
        return result

    def now(self) -> int:
        return int(self.clock())

    # list -----------------------------------------------------------------------------------

    def do_new(self, arg: str, value: str, checked: bool) -> Effect:
        return Effect(render=False, go="#/score/new")

    def do_import(self, arg: str, value: str, checked: bool) -> Effect:
        return Effect(render=False, pick_file=True)

    def import_text(self, text: str) -> Effect:
        """A chosen file's text: a valid sheet is added as a new game; anything else changes nothing."""
        library = library_of(text)
        if library is not None:
            return self._import_backup(library)
        try:
            sheet = loads(text)
        except KeeperError as error:
            self.errors = {"import": [error]}
            return Effect(focus="score-import")
        same = self.store.library.find_same(sheet)
        if same is not None:  # already here: say so and offer it, copy nothing
            self.errors = {}
            self.flash = Flash(
                self.where.to_hash(), key="score.already_saved", args={"title": same.title}, open_id=same.id
            )
            return Effect(focus="score-flash", announce=self.tr("score.already_saved", {"title": same.title}))
        sheet_id = self.new_id()
        self.store.put(sheet_id, sheet, self.now())
        self.flash = Flash(sheet_hash(sheet_id), key="score.imported")
        return Effect(render=False, go=sheet_hash(sheet_id))

    def _import_backup(self, data: Any) -> Effect:
        """Every readable sheet of a backup file (`app.storage.backup`), each added as a new game."""
        return self.import_library(data)

    def import_library(self, data: Any) -> Effect:
        """Every readable sheet of library data (a backup file's, an "all" link's), each added as a new game."""
        try:
            library, _damaged = load_library(data)
        except KeeperError as error:
            self.errors = {"import": [error]}
            return Effect(focus="score-import")
        if not library.entries:
            self.errors = {"import": [LoadError("not_a_sheet")]}
            return Effect(focus="score-import")
        added = 0
        for entry in library.entries:
            if self.store.library.find_same(entry.sheet) is None:  # a game already here is not copied again
                self.store.put(self.new_id(), entry.sheet, self.now())
                added += 1
        same = len(library.entries) - added
        self.errors = {}
        key = "score.imported_many" if not same else "score.imported_some" if added else "score.imported_none"
        self.flash = Flash(self.where.to_hash(), key=key, args={"n": added, "same": same})
        return Effect(focus="score-flash")

    # setup ----------------------------------------------------------------------------------

    def _set_setup(self, sheet: Sheet) -> None:
        if self.where.page == "new":
            self.store.setup = sheet
            self.store.save_setup()
        else:
            self.store.put(self.where.sheet_id, sheet, self.now())

    def _setup_error(self, error: KeeperError, fallback: str) -> Effect:
        if error.field == "name":
            fid = "name-new" if error.seat is None or fallback == "name-new" else f"name-{error.seat}"
        else:
            fid = SETUP_FIELDS.get(error.field or "", fallback)
        self.errors = {fid: [error]}
        return Effect(focus=f"score-{fid}" if fid.startswith("name") or fid == "target" else None)

    def _change_setup(self, change: Callable[[Sheet], Sheet], fid: str, focus: str | None = None) -> Effect:
        try:
            sheet = change(self.setup_sheet())
        except KeeperError as error:
            return self._setup_error(error, fid)
        self.errors = {}
        self.pending.pop(fid, None)
        self._set_setup(sheet)
        return Effect(focus=focus)

    def do_newname(self, arg: str, value: str, checked: bool) -> Effect:
        if self.where.page == "new":
            self.store.setup_name = value
            self.store.save_setup()
        else:
            self.pending["name-new"] = value
        return Effect(render=False)

    def new_name(self) -> str:
        return self.store.setup_name if self.where.page == "new" else self.pending.get("name-new", "")

    def do_add(self, arg: str, value: str, checked: bool) -> Effect:
        name = self.new_name()
        effect = self._change_setup(lambda sheet: sheet.add_player(name), "name-new", "score-name-new")
        if not self.errors:
            if self.where.page == "new":
                self.store.setup_name = ""
                self.store.save_setup()
            self.pending.pop("name-new", None)
        return effect

    def do_rename(self, arg: str, value: str, checked: bool) -> Effect:
        seat = int(arg)
        self.pending[f"name-{seat}"] = value
        return self._change_setup(lambda sheet: sheet.rename_player(seat, value), f"name-{seat}")

    def do_move(self, arg: str, value: str, checked: bool) -> Effect:
        seat, step = (int(part) for part in arg.split(":"))
        sheet = self.setup_sheet()
        to = seat + step
        if not 0 <= to < len(sheet.players):
            return Effect(render=False)
        direction = "up" if step < 0 else "down"
        # keep the focus on the same button of the moved player (or the other one at an end)
        if (direction == "up" and to == 0) or (direction == "down" and to == len(sheet.players) - 1):
            direction = "down" if direction == "up" else "up"
        return self._change_setup(lambda s: s.move_player(seat, to), "players", f"score-{direction}-{to}")

    def do_remove(self, arg: str, value: str, checked: bool) -> Effect:
        seat = int(arg)
        for fid in list(self.pending):
            if fid.startswith("name-") and fid != "name-new":
                del self.pending[fid]
        return self._change_setup(lambda sheet: sheet.remove_player(seat), "players", "score-name-new")

    def do_teams(self, arg: str, value: str, checked: bool) -> Effect:
        return self._change_setup(lambda sheet: sheet.set_options(teams=checked), "teams")

    def do_target(self, arg: str, value: str, checked: bool) -> Effect:
        text = value.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 9:
            self.pending["target"] = value
            from scorekeeper.options import TARGET_MAX, TARGET_MIN

            return self._setup_error(
                SetupError("bad_target", field="target", value=value, minimum=TARGET_MIN, maximum=TARGET_MAX), "target"
            )
        self.pending["target"] = value
        return self._change_setup(lambda sheet: sheet.set_options(target=int(text)), "target")

    def do_scoring(self, arg: str, value: str, checked: bool) -> Effect:
        return self._change_setup(lambda sheet: sheet.set_options(scoring=arg), "scoring")

    def do_wild(self, arg: str, value: str, checked: bool) -> Effect:
        return self._change_setup(lambda sheet: sheet.set_options(wild_points=int(arg)), "wild")

    def do_rotation(self, arg: str, value: str, checked: bool) -> Effect:
        return self._change_setup(lambda sheet: sheet.set_options(dealer_rotation=arg), "rotation")

    def do_dealer(self, arg: str, value: str, checked: bool) -> Effect:
        return self._change_setup(lambda sheet: sheet.choose_dealer(int(arg)), "dealer")

    def do_draw(self, arg: str, value: str, checked: bool) -> Effect:
        return self._change_setup(lambda sheet: sheet.draw_dealer(self.rng), "dealer", "score-draw")

    def do_start(self, arg: str, value: str, checked: bool) -> Effect:
        sheet = self.setup_sheet()
        problems = sheet.setup_problems()
        if problems:
            self.errors = {}
            for problem in problems:
                fid = SETUP_FIELDS.get(problem.field or "", "start")
                self.errors.setdefault(fid, []).append(problem)
            return Effect(focus="score-start-error")
        if self.where.page != "new":
            return Effect(render=False, go=sheet_hash(self.where.sheet_id))
        sheet_id = self.new_id()
        self.store.put(sheet_id, sheet, self.now())
        self.store.setup, self.store.setup_name = Sheet(options=sheet.options, entry_mode=sheet.entry_mode), ""
        self.store.save_setup()
        return Effect(render=False, go=sheet_hash(sheet_id, "round"))

    # sheet ----------------------------------------------------------------------------------

    def do_undo(self, arg: str, value: str, checked: bool) -> Effect:
        sheet = self.sheet()
        number = len(sheet.rounds)
        last = sheet.draft_of(number) if number else None
        new = sheet.undo()
        self.store.put(self.where.sheet_id, new, self.now())
        drafts = self.store.drafts_of(self.where.sheet_id)
        drafts.next = last  # what was entered comes back in the round form: nothing is lost
        self.store.save_drafts()
        self.flash = Flash(self.where.to_hash(), key="score.undone", args={"n": number})
        return Effect(announce=self.tr("score.undone", {"n": str(number)}), focus="score-flash")

    def do_share(self, arg: str, value: str, checked: bool) -> Effect:
        self.sharing = "standings"
        sheet = self.sheet()
        return Effect(render=False, share=share_text(share_data(sheet), self.tr) + "\n" + self.link_of(sheet))

    def do_summary(self, arg: str, value: str, checked: bool) -> Effect:
        """Share the summary on show (the round just saved) as text."""
        lines = self._summary(self.saved())
        if not lines:
            return Effect(render=False)
        self.sharing = "summary"
        return Effect(render=False, share="\n".join((*lines, self.link_of(self.sheet()))))

    def shared(self, how: str, text: str = "") -> Effect:
        """The view's report: `how` is "shared", "copied" or "failed" (then the text is shown to copy)."""
        keys = {"shared": "score.shared", "copied": "score.copied"}
        if self.sharing == "all":
            keys = {"shared": "score.move.shared", "copied": "score.move.copied"}
        elif self.sharing == "summary":
            keys = {"shared": "score.summary.shared", "copied": "score.summary.copied"}
        elif self.sharing == "link":
            keys = {"shared": "score.link.shared", "copied": "score.link.copied"}
        key = keys.get(how, "score.share_failed")
        if how in ("shared", "copied") and self.sharing == "all":
            for entry in self.store.library.entries:  # the link holds them all
                self.mark_kept(entry.id)
        elif how in ("shared", "copied") and self.where.sheet_id and self.saved() is not None:
            self.mark_kept(self.where.sheet_id)  # the text ends with the sheet's link
        old = self.flash if self.flash is not None and self.flash.where == self.where.to_hash() else None
        self.flash = Flash(
            self.where.to_hash(),
            key=key,
            copy_text=text if how == "failed" else "",
            summary_round=old.summary_round if old is not None else None,
        )
        return Effect(announce=self.tr(key, {}), focus="score-flash" if how == "failed" else None)

    def do_export(self, arg: str, value: str, checked: bool) -> Effect:
        saved = self.saved()
        if saved is None:
            return Effect()
        stamp = self.now()
        name = "uno-" + "-".join(_slug(player) for player in saved.sheet.players)[:60] + f"-{stamp // 1000}.json"
        self.flash = Flash(self.where.to_hash(), key="score.exported", args={"file": name})
        self.mark_kept(saved.id)
        return Effect(download=(name, dumps(saved.sheet)))

    def do_again(self, arg: str, value: str, checked: bool) -> Effect:
        sheet = self.sheet().play_again()
        sheet_id = self.new_id()
        self.store.put(sheet_id, sheet, self.now())
        return Effect(render=False, go=sheet_hash(sheet_id, "round"))

    def do_ask(self, arg: str, value: str, checked: bool) -> Effect:
        self.confirm = arg
        return Effect(focus=f"score-confirm-{arg}")

    def do_cancel(self, arg: str, value: str, checked: bool) -> Effect:
        self.confirm = ""
        if arg == "sure":  # back to the hand asked about, as it was typed
            seat = self.unusual[0].seat if self.unusual else 0
            return Effect(focus=f"score-hand-{seat}")
        return Effect(focus=f"score-ask-{arg}")

    def do_delete_game(self, arg: str, value: str, checked: bool) -> Effect:
        self.store.remove(self.where.sheet_id)
        return Effect(render=False, go="#/score")

    # round entry ----------------------------------------------------------------------------

    def _set_draft(self, draft: RoundDraft) -> None:
        drafts = self.store.drafts_of(self.where.sheet_id)
        if self.where.round is None:
            drafts.next = draft
        else:
            drafts.edit_round, drafts.edit = self.where.round, draft
        self.store.save_drafts()
        if self.confirm == "sure":  # the round asked about changed: a later save asks again
            self.confirm = ""

    def _clear_error(self, fid: str) -> None:
        self.errors.pop(fid, None)
        self.errors.pop("round", None)

    def do_winner(self, arg: str, value: str, checked: bool) -> Effect:
        self._set_draft(self.draft().with_winner(int(arg)))
        self.errors = {}
        return Effect(focus=f"score-winner-{arg}")

    def do_mode(self, arg: str, value: str, checked: bool) -> Effect:
        seat, mode = arg.split(":")
        self._set_draft(self.draft().with_mode(int(seat), mode))
        self._clear_error(f"hand-{seat}")
        return Effect(focus=f"score-mode-{seat}-{mode}")

    def do_modeall(self, arg: str, value: str, checked: bool) -> Effect:
        """Every hand of the round in one mode; remembered by the sheet and as the default for new sheets."""
        sheet = self.sheet().with_entry_mode(arg)
        self.store.put(self.where.sheet_id, sheet, self.now(), touch=False)
        self.store.setup = self.store.setup.with_entry_mode(arg)
        self.store.save_setup()
        self._set_draft(self.draft().with_modes(arg))
        self.errors = {}
        return Effect(focus=f"score-modeall-{arg}")

    def do_total(self, arg: str, value: str, checked: bool) -> Effect:
        seat = int(arg)
        self._set_draft(self.draft().with_text(seat, value))
        self._clear_error(f"hand-{seat}")
        return Effect()  # every hand's sum and message, the preview: all follow the keystroke

    def do_card(self, arg: str, value: str, checked: bool) -> Effect:
        seat_text, face = arg.split(":", 1)
        seat = int(seat_text)
        draft = self.draft()
        card = faces.card_for(face, draft)
        focus = f"score-face-{seat}-{faces.FACES.index(face)}"
        refused = check_tap(draft, seat, card)
        if refused is not None:  # R-KEEP-2 at the tap: nothing added, the reason said at once
            self.errors = {f"hand-{seat}": [refused]}
            return Effect(focus=focus, announce=self.message(refused))
        self._set_draft(draft.add_card(seat, card))
        self._clear_error(f"hand-{seat}")
        return Effect(focus=focus)

    def do_uncard(self, arg: str, value: str, checked: bool) -> Effect:
        seat, index = (int(part) for part in arg.split(":"))
        draft = self.draft().remove_card(seat, index)
        self._set_draft(draft)
        self._clear_error(f"hand-{seat}")
        left = len(draft.hands[seat].cards)
        return Effect(focus=f"score-chip-{seat}-{min(index, left - 1)}" if left else f"score-face-{seat}-0")

    def do_save(self, arg: str, value: str, checked: bool) -> Effect:
        sheet, draft, number = self.sheet(), self.draft(), self.where.round
        if draft.winner is not None and 0 <= draft.winner < len(draft.hands):
            draft = draft.with_hand(draft.winner, HandInput())  # the winner has no cards: hidden input ignored
        try:
            new = sheet.add_round(draft) if number is None else sheet.replace_round(number, draft)
        except RoundRejected as rejected:
            self.errors = {"round": [rejected]}
            for error in rejected.errors:
                fid = "winner" if error.field == "winner" else "round"
                if error.seat is not None:
                    fid = f"hand-{error.seat}"
                self.errors.setdefault(fid, []).append(error)
            first = next(iter(fid for fid in self.errors if fid != "round"), "round")
            return Effect(focus=_focus_of(first, draft))
        except KeeperError as error:
            self.errors = {"round": [error]}
            return Effect(focus="score-round-error")
        unusual = unusual_totals(new.rounds[-1 if number is None else number - 1].hands, sheet.options.wild_points)
        if unusual and not (arg == "sure" and self.confirm == "sure"):  # possible, but far beyond a hand: ask
            self.errors, self.confirm, self.unusual = {}, "sure", unusual
            self.ends_match = new.tally().finished and not sheet.tally().finished
            sure = self._sure(self.saved())
            assert sure is not None
            text = " ".join((self.tr("score.sure_title", {}), *sure.lines))
            return Effect(focus="score-sure-title", announce=text)
        self.confirm, self.unusual = "", ()
        self.store.put(self.where.sheet_id, new, self.now())
        drafts = self.store.drafts_of(self.where.sheet_id)
        if number is None:
            drafts.next = None
        else:
            drafts.edit_round, drafts.edit = None, None
        self.store.save_drafts()
        home = sheet_hash(self.where.sheet_id)
        if number is None:
            text = announcement_text(announcement(new), self.tr)
            self.flash = Flash(home, announce_round=len(new.rounds), summary_round=len(new.rounds))
            self.after_round(self.where.sheet_id)
        else:
            text = self.tr("score.round_changed", {"n": str(number)})
            self.flash = Flash(home, key="score.round_changed", args={"n": number})
        return Effect(render=False, go=home, announce=text)

    def do_discard(self, arg: str, value: str, checked: bool) -> Effect:
        """Leave the edit of a past round without saving it."""
        drafts = self.store.drafts_of(self.where.sheet_id)
        drafts.edit_round, drafts.edit = None, None
        self.store.save_drafts()
        return Effect(render=False, go=sheet_hash(self.where.sheet_id))

    def do_delete_round(self, arg: str, value: str, checked: bool) -> Effect:
        number = self.where.round
        if number is None:
            return Effect(render=False)
        try:
            new = self.sheet().delete_round(number)
        except KeeperError as error:
            self.errors = {"round": [error]}
            self.confirm = ""
            return Effect(focus="score-round-error")
        self.store.put(self.where.sheet_id, new, self.now())
        drafts = self.store.drafts_of(self.where.sheet_id)
        drafts.edit_round, drafts.edit = None, None
        self.store.save_drafts()
        home = sheet_hash(self.where.sheet_id)
        self.flash = Flash(home, key="score.round_deleted", args={"n": number})
        return Effect(render=False, go=home, announce=self.tr("score.round_deleted", {"n": str(number)}))


def _focus_of(fid: str, draft: RoundDraft) -> str:
    if fid == "winner":
        return "score-winner-0"
    if fid.startswith("hand-"):
        seat = int(fid.split("-")[1])
        if draft.hands[seat].mode.value == "cards":
            return f"score-face-{seat}-0"
        return f"score-hand-{seat}"
    return "score-round-error"


def _slug(name: str) -> str:
    text = "".join(char if char.isalnum() else "-" for char in name.casefold())
    return "-".join(part for part in text.split("-") if part) or "player"


def replace(effect: Effect, **changes: Any) -> Effect:
    return dataclasses.replace(effect, **changes)
