"""A game in play mode: the engine's `Game`, who sits where, when bots move, hand-offs, undo, saves.

Pure Python (no DOM): the table screen asks `next_step()` what happens next and waits as told.

Scheduling (one decision at a time, recomputed after every action):
- nothing moves while a round's result waits to be acknowledged, while the device is being
  passed to another person, or once the match is over;
- if a bot may act now (its turn, or an out-of-turn `uno` / `catch` / jump-in), but the person
  holding the device also has an out-of-turn chance, they first get a short reaction window
  (once per position); an action of theirs in the window changes the position;
- then bots are arbitrated like `uno_core.bots.driver.Table.step`: the out-of-turn reactions
  of bot seats in seat order from the current seat, else the current bot's turn action;
- if no bot acts, the people at the device do.

`next_step()` never searches: a "bot" step only says that the bots decide now. The page asks the
engine worker (`app.play.brain`, given `bot_request()`) and hands its answer to `bot_answer()`, which
drops an answer about a position that has moved on (a person acted meanwhile). `bot_step()` decides
here instead (tests, and the page when the worker cannot start).

Guest phones (issue 50, `app.play.phones`): a seat of kind "phone" is a person on their own phone. Its actions
come through `apply(action, seat)` and its page is drawn from `view(seat)` and `history(since, seat)` alone; the
device's own people and hand-offs never include it, and its reactions get the same window as theirs.

Pass-and-play: with several people, a hand is shown only to the seat that confirmed holding
the device (`shown`); when another person must act, `handoff` names them and hides every hand. A person
whose draw ended their turn first sees the card drawn (`reveal`) and confirms (`confirm_reveal`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from shared.messages import BotMove, ChooseBotsMessage, HintBotsMessage
from uno_core import DRAW, Action, Card, Game, IllegalActionError, SaveError, UnoError, parse_action, save
from uno_core.bots import Bot, BotError, Table, make_bot
from uno_core.events import CardsDrawn, Event, MatchOver, RoundOver
from uno_core.view import SeatView, view

from . import saved_game
from .config import DEFAULT_AWAY, AwayChoice, ConfigError, PlayConfig, best_level
from .round_end import hands_at_end
from .saved_game import SavedGame, bot_seed


@dataclass(frozen=True, slots=True)
class Step:
    """What the table does next: 'idle' (why: 'human', 'round_end', 'drawn', 'handoff', 'over'), 'window', or
    'bot' (the bots decide now; `ms` is the pace: the least time before their move shows)."""

    kind: str
    why: str = ""
    ms: int = 0


def choice_data(choice: tuple[int, Action] | None) -> BotMove | None:
    """A bot decision as plain data: {"seat": n, "action": R-NOTE text}, or None (no bot acts)."""
    return None if choice is None else {"seat": choice[0], "action": str(choice[1])}


class Session:
    """One match at the table. Build with `new` or `from_save`; drive with `apply` and `next_step`."""

    def __init__(
        self,
        config: PlayConfig,
        game: Game,
        bot_seeds: list[int],
        ack_round: int = 0,
        stand_in: tuple[int, ...] = (),
        away: AwayChoice = DEFAULT_AWAY,
    ) -> None:
        self.config = config
        self.game = game
        self.bot_seeds = bot_seeds
        self.ack_round = ack_round
        self.epoch = 0  # +1 whenever the game is replaced (undo): with the position, names one moment of play
        self.humans = [s for s, seat in enumerate(config.seats) if seat.kind == "human"]  # the people at this device
        self.phones = list(config.phones)  # the people on guest phones
        self.bots: dict[int, Bot] = {}
        for s, seat in enumerate(config.seats):
            if seat.is_bot:
                try:
                    self.bots[s] = make_bot(seat.level, bot_seeds[s], **dict(seat.options))
                except BotError as error:
                    raise ConfigError("play.error.level", str(error)) from None
        self.table = Table(game, self.bots)
        self.stand_ins: set[int] = set()  # phone seats a bot plays while their phone is away
        self.away = away  # the host's choice for a phone away (saved with the game: a reloaded host keeps it)
        self.timed_out: int | None = None  # the seat whose time ran out last (`time_out`), until a person moves
        for phone in stand_in:
            self.stand_in(phone, True)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.handoff: int | None = None
        self.reveal: tuple[int, tuple[Card, ...]] | None = None  # a drawer's unplayable card, before the hand-off
        self._round_hands: dict[tuple[int, int], tuple[tuple[Card, ...], ...]] = {}
        self._window_at = -1  # the position whose reaction window was given
        self._declined_at = -1  # the position where every bot declined to react
        self._sync_viewer()

    # ----- building ----------------------------------------------------------------------------

    @classmethod
    def new(cls, config: PlayConfig, seed: int, deck: str | None = None, first_dealer: int | str = "cut") -> Session:
        rules = config.check()
        try:
            game = Game(config.names(), rules, seed, first_dealer, deck)
        except UnoError as error:
            raise ConfigError("play.error.rules", str(error)) from None
        return cls(config, game, [bot_seed(seed, s) for s in range(len(config.seats))])

    def to_save(self) -> dict[str, Any]:
        """The saved form (`app.play.saved_game`)."""
        stand_in = tuple(sorted(self.stand_ins))
        return SavedGame(self.config, self.game, self.bot_seeds, self.ack_round, stand_in, self.away).to_dict()

    def dumps(self) -> str:
        return json.dumps(self.to_save(), ensure_ascii=False)

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """Rebuild from `to_save` output or a bare engine save (`saved_game.read`). Raises SaveError."""
        saved = saved_game.read(data)
        try:
            return cls(saved.config, saved.game, saved.bot_seeds, saved.ack_round, saved.stand_in, saved.away)
        except ConfigError as error:
            raise SaveError(str(error)) from None

    @classmethod
    def loads(cls, text: str) -> Session:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise SaveError(f"not valid JSON: {error}") from None
        return cls.from_save(data)

    # ----- what is on screen --------------------------------------------------------------------

    @property
    def position(self) -> int:
        return len(self.game.log)

    @property
    def moment(self) -> tuple[int, int]:
        """This moment of play: (epoch, position). An undo then a new move can reach the same position
        again, never the same moment; a bot decision is applied only at the moment it was asked for."""
        return self.epoch, self.position

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def shown(self) -> int | None:
        """The seat whose hand is on screen (None: nobody's, e.g. while the device is passed)."""
        return None if self.handoff is not None else self.viewer

    def seat_of(self, seat: int | None) -> int | None:
        """Whose place: `seat`, a guest phone's (checked), or None for this device's shown seat."""
        if seat is None:
            return self.shown
        if seat not in self.phones:
            raise IllegalActionError(f"seat {seat} is not played on a phone")
        return seat

    def view(self, seat: int | None = None) -> SeatView:
        """What the shown seat (or phone seat `seat`) may know now."""
        return view(self.game, self.seat_of(seat))

    def history(self, since: int = 0, seat: int | None = None) -> list[Event]:
        """The events the shown seat (or phone seat `seat`) may see, from `since` to `history_end()`."""
        end = self.history_end()
        return self.game.history_for(self.seat_of(seat), since)[: max(0, end - since)]

    def history_end(self) -> int:
        """How much of the history is on show: all of it, or up to the end of the round whose result is
        being shown (the next round's deal appears after "Next round")."""
        history, pending = self.game.history, self.pending_round
        if pending is None:
            return len(history)
        end = next((i + 1 for i in range(len(history) - 1, -1, -1) if history[i] is pending), len(history))
        return end + 1 if end < len(history) and isinstance(history[end], MatchOver) else end

    def round_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards at the end of the round being shown (() when none is)."""
        if self.pending_round is None:
            return ()
        key = (self.epoch, self.ack_round)
        if key not in self._round_hands:
            self._round_hands[key] = hands_at_end(self.game, self.ack_round)
        return self._round_hands[key]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    @property
    def pending_round(self) -> RoundOver | None:
        """A round result not yet acknowledged (the round-end screen shows it)."""
        results = self.game.round_results
        return results[self.ack_round] if self.ack_round < len(results) else None

    def ack_round_end(self) -> None:
        """The players saw the round's result: play the next round (or look at the match result)."""
        self.ack_round = min(self.ack_round + 1, len(self.game.round_results))
        self._sync_viewer()

    def confirm_reveal(self) -> None:
        """The drawer saw the card that ended their turn: the device may go on."""
        self.reveal = None

    def confirm_handoff(self) -> None:
        """The person named by `handoff` holds the device now: show their hand."""
        if self.handoff is not None:
            self.viewer, self.handoff = self.handoff, None

    # ----- acting ---------------------------------------------------------------------------------

    def legal(self, seat: int | None = None) -> list[Action]:
        """The shown seat's (or phone seat `seat`'s) legal actions (the one legality check is the engine's)."""
        seat = self.seat_of(seat)
        if seat is None or self.pending_round is not None:
            return []
        return self.game.legal_actions(seat)

    def apply(self, action: Action | str, phone: int | None = None) -> list[Event]:
        """The shown seat's action (a person's), or phone seat `phone`'s. IllegalActionError if it is not legal
        now (another seat's, or a window closed: nothing changes)."""
        seat = self.seat_of(phone)
        if seat is None:
            raise IllegalActionError("nobody holds the device now")
        if isinstance(action, str):
            action = parse_action(action)
        if action not in self.legal(phone):
            raise IllegalActionError(f"{action} is not legal for seat {seat} now")
        events = self._apply(seat, action)
        self.timed_out = None
        if action is DRAW and phone is None and len(self.humans) > 1 and self.game.current != seat:
            drawn = [e.cards for e in events if isinstance(e, CardsDrawn) and e.seat == seat and e.cards]
            if drawn and self.pending_round is None:
                self.reveal = (seat, drawn[-1])
        return events

    def time_out(self) -> list[Event]:
        """The person whose turn it is ran out of time (`app.play.turn_timer`): the basic bot makes their turn's move
        for them, one of their legal turn actions (its `act`: never an out-of-turn call), applied as any move is.
        IllegalActionError when no person's turn is waiting."""
        seat, game = self.game.current, self.game
        if seat in self.bots or self.pending_round is not None or game.is_over:
            raise IllegalActionError(f"no person's turn to time out (seat {seat})")
        try:
            action = make_bot("basic", self.bot_seeds[seat]).act(view(game, seat), game.history_for(seat))
        except BotError as error:  # no turn action for that seat now
            raise IllegalActionError(str(error)) from None
        if action not in game.legal_actions(seat):  # never expected: a bot chooses from the legal actions
            raise IllegalActionError(f"{action} is not legal for seat {seat} now")
        events = self._apply(seat, action)
        self.timed_out = seat
        return events

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self.game.apply(seat, action)
        self._sync_viewer()
        return events

    def _sync_viewer(self) -> None:
        """Pass-and-play: when another person must act, hide the hand until they confirm."""
        if len(self.humans) <= 1 or self.game.is_over:
            return
        current = self.game.current
        if current in self.humans and current != self.viewer and self.pending_round is None:
            self.handoff = current
        elif current == self.viewer:
            self.handoff = None

    # ----- bots and timing ---------------------------------------------------------------------------

    def _human_reactions(self) -> bool:
        """A person (this device's shown seat, or a phone's) may react now: they get the window first."""
        reacting = self.game.reacting()
        phones = (seat for seat in self.phones if seat not in self.stand_ins)
        return (self.shown is not None and self.shown in reacting) or any(seat in reacting for seat in phones)

    def stand_in(self, seat: int, on: bool) -> bool:
        """A bot plays phone seat `seat` (its phone is away: `app.play.phones`), or stops when its phone is back.
        The moment changes (a bot's decision asked for before is dropped). False when nothing changed."""
        if seat not in self.phones or (seat in self.stand_ins) == on:
            return False
        if on:
            self.stand_ins.add(seat)
            self.bots[seat] = make_bot("basic", self.bot_seeds[seat])
        else:
            self.stand_ins.discard(seat)
            self.bots.pop(seat, None)
        self.table = Table(self.game, self.bots)
        self.epoch += 1
        self._declined_at = -1
        return True

    def _bots_may_act(self) -> bool:
        game = self.game
        return game.current in self.bots or any(seat in self.bots for seat in game.reacting())

    def next_step(self) -> Step:
        """What happens next (see the module's doc). Cheap; call it after every change."""
        game = self.game
        if game.is_over and self.pending_round is None:
            return Step("idle", "over")
        if self.pending_round is not None:
            return Step("idle", "round_end")
        if self.reveal is not None:
            return Step("idle", "drawn")
        if self.handoff is not None:
            return Step("idle", "handoff")
        pos = self.position
        if not self._bots_may_act() or self._declined_at == pos:
            return Step("idle", "human")
        if self._window_at != pos and self.config.window_ms > 0 and self._human_reactions():
            return Step("window", ms=self.config.window_ms)
        return Step("bot", ms=self.config.bot_delay_ms)

    def window_over(self) -> None:
        """The reaction window of the current position has passed."""
        self._window_at = self.position

    def bot_choice(self) -> tuple[int, Action] | None:
        """The bot action the driver's arbitration picks now (not applied), or None. This is the search."""
        return self.table.choice()

    def bot_request(self) -> ChooseBotsMessage:
        """What the bots' worker needs to decide the bots' move (`shared.bots`; its `id` is the client's to set)."""
        return {"op": "choose", "id": 0, "save": self.to_save(), "position": self.position}

    def bot_answer(self, moment: tuple[int, int], answer: Any) -> list[Event] | None:
        """The bots' decision asked for at `moment` (`choice_data`'s form: None, or {"seat", "action"} in
        R-NOTE). Applied only if the game is still at that moment; returns its events, or None when nothing
        was applied (stale, or every bot declined). IllegalActionError if the answer is not a legal bot move."""
        if moment != self.moment:
            return None
        position = self.position
        if answer is None:
            self._declined_at = position
            return None
        if (
            not isinstance(answer, dict)
            or type(answer.get("seat")) is not int
            or not isinstance(answer.get("action"), str)
        ):
            raise IllegalActionError(f"not a bot decision: {answer!r}")
        seat = answer["seat"]
        action = parse_action(answer["action"])
        if seat not in self.bots or action not in self.game.legal_actions(seat):
            raise IllegalActionError(f"{action} is not legal for bot seat {seat} now")
        return self._apply(seat, action)

    def bot_step(self) -> list[Event] | None:
        """Decide the bots' move here and apply it (None: every bot declined)."""
        choice = self.bot_choice()
        return self.bot_answer(self.moment, choice_data(choice))

    # ----- undo and hints --------------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """The log length to go back to: before the person's last move (a run of their own actions,
        e.g. draw then keep), or None."""
        if not self.config.undo_allowed or self.game.is_over or self.pending_round is not None:
            return None
        (me,) = self.humans
        log = self.game.log
        index = len(log) - 1
        while index >= 0 and log[index][0] != me:
            index -= 1
        if index < 0:
            return None
        while index > 0 and log[index - 1][0] == me:
            index -= 1
        return index

    def undo(self) -> bool:
        """Replay the log up to before the person's last action (bots are seeded: exact). False if not possible."""
        index = self.undo_target()
        if index is None:
            return False
        g = self.game
        earlier = Game.replay(g.names, g.rules, g.seed, g.log[:index], g.first_dealer, g.fixed_deck)
        if earlier.round_no != g.round_no:
            return False  # not past the start of the round
        self.game = earlier
        self.epoch += 1
        self.timed_out = None
        self.table = Table(earlier, self.bots)
        self._declined_at = -1
        self._window_at = self.position  # no reaction window again right after an undo
        self._sync_viewer()
        return True

    def hint(self, phone: int | None = None) -> Action | None:
        """What the best bot level would do in the shown seat's (or phone seat's) place now (None: nothing to do)."""
        seat = self.seat_of(phone)
        if seat is None or self.pending_round is not None:
            return None
        return self.hint_for(seat)

    def hint_for(self, seat: int) -> Action | None:
        """What the best bot level would do in `seat`'s place now (None: nothing to do). A search."""
        me = view(self.game, seat)
        if not me.legal:
            return None
        adviser = make_bot(best_level(), bot_seed(self.game.seed, seat) ^ 0x5EED)
        history = self.game.history_for(seat)
        return adviser.choose(me, history)

    def hint_request(self, phone: int | None = None) -> HintBotsMessage | None:
        """What the bots' worker needs to give the shown seat (or phone seat) a hint (None: no hint to give now)."""
        seat = self.seat_of(phone)
        if seat is None or self.pending_round is not None:
            return None
        return {"op": "hint", "id": 0, "save": self.to_save(), "position": self.position, "seat": seat}

    # ----- test hook -----------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """A summary for tests: the engine save (replayable), digest and what the screen shows."""
        game = self.game
        return {
            "save": save.to_dict(game),
            "digest": game.digest(),
            "log": [f"{seat} {action}" for seat, action in game.log],
            "phase": game.phase.value,
            "current": game.current,
            "round_no": game.round_no,
            "totals": list(game.totals),
            "hand_sizes": [len(hand) for hand in game.hands],
            "top": str(game.top),
            "shown": self.shown,
            "handoff": self.handoff,
            "pending_round": self.pending_round is not None,
            "over": game.is_over,
            "next": self.next_step().kind,
        }
