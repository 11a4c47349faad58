"""The saved form of a game in play mode: the UI set-up, the bots' seeds, the round results acknowledged,
and the engine's own save (set-up + log). `read` checks everything a file or an old tab may bring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from uno_core import Game, SaveError, save

from .config import DEFAULT_AWAY, AwayChoice, ConfigError, PlayConfig, SeatConfig

FORMAT = "uno_web.play"
VERSION = 1


def bot_seed(seed: int, seat: int) -> int:
    """Each bot's seed, derived from the game's (so a saved game's bots play the same again)."""
    return (seed * 1_000_003 + (seat + 1) * 7_919) % (1 << 31)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What a save holds, checked: a `Session` is built from these."""

    config: PlayConfig
    game: Game
    bot_seeds: list[int]
    ack_round: int
    stand_in: tuple[int, ...] = ()  # phone seats a bot plays while their phone is away (`Session.stand_in`)
    away: AwayChoice = DEFAULT_AWAY  # the host's choice for a phone away (`app.play.phones`)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "config": self.config.to_dict(),
            "bot_seeds": list(self.bot_seeds),
            "ack_round": self.ack_round,
            "game": save.to_dict(self.game),
        }
        if self.stand_in:
            data["stand_in"] = list(self.stand_in)
        if self.away != DEFAULT_AWAY:  # written only when chosen: older saves and the default look the same
            data["away"] = self.away.to_dict()
        return data


def read(data: Any) -> SavedGame:
    """`SavedGame.to_dict` output back (the log is replayed and checked). A bare engine save also works:
    seat 0 is the person at the device, the others basic bots. Raises SaveError."""
    if isinstance(data, dict) and data.get("format") == save.FORMAT:
        names = data.get("players") or []
        seats = [SeatConfig("human", str(names[0]))] + [SeatConfig("bot", str(n), "basic") for n in names[1:]]
        data = {
            "format": FORMAT,
            "version": VERSION,
            "config": {"seats": [s.to_dict() for s in seats], "rules": data.get("rules")},
            "bot_seeds": None,
            "ack_round": None,
            "game": data,
        }
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a saved game of this app")
    if data.get("version") != VERSION:
        raise SaveError(f"unsupported version {data.get('version')!r}")
    game = save.from_dict(data.get("game"))
    try:
        config = PlayConfig.from_dict(data.get("config"))
    except ConfigError as error:
        raise SaveError(f"bad set-up in save: {error}") from None
    if len(config.seats) != game.n:
        raise SaveError("the save's seats do not match its game")
    seeds = data.get("bot_seeds")
    if seeds is None:
        seeds = [bot_seed(game.seed, s) for s in range(game.n)]
    if not (isinstance(seeds, list) and len(seeds) == game.n and all(type(x) is int for x in seeds)):
        raise SaveError("bad bot seeds in save")
    ack = data.get("ack_round")
    if ack is None:
        ack = len(game.round_results)
    if type(ack) is not int or not 0 <= ack <= len(game.round_results):
        raise SaveError("bad round acknowledgement in save")
    stand_in = data.get("stand_in", [])
    if not isinstance(stand_in, list) or not all(type(s) is int and s in config.phones for s in stand_in):
        raise SaveError("bad stand-in seats in save")
    try:
        away = AwayChoice.from_dict(data.get("away", {}))
    except ConfigError as error:
        raise SaveError(f"bad choice for a phone away in save: {error}") from None
    return SavedGame(config, game, seeds, ack, tuple(sorted(set(stand_in))), away)
