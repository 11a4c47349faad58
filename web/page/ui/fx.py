"""The table's motion, sound and vibration (the page's side): plays the cues the table's controller sends
after each drawing (``{"op": "effect", "cues": [...], "sound": bool, "motion": bool}``; `app.play.cues`
documents them). Nothing here reads the game: each cue says what happened and where.

- Motion: a card travels (a copy in a layer over the page, so a redrawing never cuts it), a seat, the
  pile or the direction arrow moves in place (the same animation is laid again on the redrawn element,
  at the time it had reached). None when the person prefers reduced motion or `motion` is off (the
  "instant" bot speed).
- Sound: short tones synthesized at build time (tools/sounds.py: `web/sounds/<name>.wav`), played by one
  `<audio>` element per sound (a page's first Web Audio `AudioContext` blocked the main thread 80-180 ms;
  an `<audio>` element starts its output off it); vibration with `navigator.vibrate`. Both only while
  `sound` is on (the table's switch).
`<html data-fx-moves data-fx-sounds data-fx-sound>` count the animations started and the sounds played,
and name the last sound, for tests.
"""

from jsffi import create_proxy

from ui import dom

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

TRAVEL_MS = 340
DEAL_MS = 150
SOUND_URL = "./web/sounds/{}.wav"  # a cue's sound, made at build time (tools/sounds.py)
BUZZ = {"turn": [40], "hit": [90, 60, 90]}
POP = [{"transform": "scale(1)"}, {"transform": "scale(1.14)"}, {"transform": "scale(1)"}]
HIDDEN_UNTIL_LANDED = [{"opacity": 0}, {"opacity": 0, "offset": 0.9}, {"opacity": 1}]
SHAKE = [
    {"transform": "translateX(0)"},
    {"transform": "translateX(-6px)"},
    {"transform": "translateX(6px)"},
    {"transform": "translateX(-4px)"},
    {"transform": "translateX(0)"},
]


def seat(cue: Any) -> str:
    return '#play .seat[data-seat="' + str(cue.get("seat")) + '"]'


class Fx:
    """One per page: `run(message)` after each drawing of the table."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.document = window.document
        self.root = self.document.documentElement
        self.players: dict[str, Any] = {}  # sound name -> a function that (re)starts its <audio> element
        self.quiet_proxy = create_proxy(self.quiet)
        self.layer: Any = None
        self.reduced: Any = None  # the MediaQueryList of prefers-reduced-motion
        self.tapped: Any = None  # where the last card tapped in the hand was (a play travels from there)
        self.running: list[Any] = []  # in-place animations: [selector, keyframes, options, started ms, element]
        self.moves = 0
        self.sounds = 0
        self.sweep_proxy = create_proxy(self.sweep)
        self.tap_proxy = create_proxy(self.on_tap)
        self.document.addEventListener("click", self.tap_proxy, True)

    def now(self) -> float:
        return float(self.window.performance.now())

    def moving(self, wanted: bool) -> bool:
        if not wanted:
            return False
        if self.reduced is None:  # a live query: asked once, read after each drawing
            self.reduced = self.window.matchMedia("(prefers-reduced-motion: reduce)")
        return not bool(self.reduced.matches)

    def run(self, message: Any) -> None:
        cues = message.get("cues") or []
        motion = self.moving(bool(message.get("motion", True)))
        if motion:
            self.relay()
        else:
            self.running = []
        for cue in cues:
            if motion:
                self.move(cue)
            if message.get("sound"):
                self.sound(cue)
        self.root.setAttribute("data-fx-moves", str(self.moves))
        self.root.setAttribute("data-fx-sounds", str(self.sounds))

    # ----- motion ------------------------------------------------------------------------------------

    def on_tap(self, event: Any) -> None:
        target = event.target
        card = target.closest(".hand .card") if getattr(target, "closest", None) else None
        if card:
            self.tapped = [self.rect(card), self.now()]

    def rect(self, element: Any) -> "list[float]":
        box = element.getBoundingClientRect()
        return [float(box.left), float(box.top), float(box.width), float(box.height)]

    def find(self, selector: str) -> Any:
        return self.document.querySelector(selector)

    def move(self, cue: Any) -> None:
        kind, at = cue.get("kind"), int(cue.get("at", 0))
        if kind == "play":
            self.play(cue, at)
        elif kind == "draw":
            self.draw(cue, at)
        elif kind == "skip":
            self.place(seat(cue), SHAKE, 420, at)
            self.place(seat(cue) + " .seat-skip", POP, 420, at)
        elif kind == "reverse":
            turn = "360deg" if int(cue.get("direction", 1)) > 0 else "-360deg"
            self.place("#play .dir-arrow", [{"transform": "rotate(0)"}, {"transform": "rotate(" + turn + ")"}], 520, at)
        elif kind == "colour":
            self.place(
                "#play .discard.ring",
                [{"transform": "scale(1.5)", "opacity": 0}, {"transform": "scale(1)", "opacity": 1}],
                420,
                at,
                "::after",
            )
        elif kind == "uno":
            self.place(seat(cue), POP, 400, at)
        elif kind == "caught":
            self.place(seat(cue), SHAKE, 420, at)
        elif kind == "turn":
            self.place(
                seat(cue),
                [{"transform": "translateY(0)"}, {"transform": "translateY(-5px)"}, {"transform": "translateY(0)"}],
                380,
                at,
            )

    def play(self, cue: Any, at: int) -> None:
        target = self.find("#play .top-card")
        if not target:
            return
        start = None
        if cue.get("mine"):
            if self.tapped and self.now() - self.tapped[1] < 5000:
                start = self.tapped[0]
            else:
                hand = self.find("#play .hand")
                start = self.rect(hand) if hand else None
            self.tapped = None
        else:
            chip = self.find(seat(cue))
            start = self.rect(chip) if chip else None
        if start is None:
            return
        flyer = self.document.createElement("div")
        flyer.className = "card flyer c-" + str(cue.get("colour", "wild"))
        value = self.document.createElement("span")
        value.className = "card-value"
        value.textContent = str(cue.get("face", ""))
        flyer.append(value)
        goal = self.rect(target)
        self.fly(flyer, goal, self.travel(start, goal), at, TRAVEL_MS)
        self.place("#play .top-card", HIDDEN_UNTIL_LANDED, at + TRAVEL_MS + 60, 0)

    def draw(self, cue: Any, at: int) -> None:
        pile = self.find("#play .pile-card")
        if cue.get("mine"):
            end = self.find("#play .hand .card:last-child") or self.find("#play .hand")
        else:
            end = self.find(seat(cue))
        if not pile or not end:
            return
        start, goal = self.rect(pile), self.rect(end)
        frames = self.travel(start, goal)  # the same path for every card drawn: made once
        for index in range(min(int(cue.get("count", 1)), 12)):
            flyer = self.document.createElement("div")
            flyer.className = "card card-back flyer"
            self.fly(flyer, goal, frames, at + index * DEAL_MS, TRAVEL_MS)
        if not cue.get("mine"):
            self.place(seat(cue), POP, 300, at + TRAVEL_MS + DEAL_MS * (int(cue.get("count", 1)) - 1))

    def travel(self, start: "list[float]", goal: "list[float]") -> Any:
        """The keyframes (a JS value) of a card going from the box `start` to the box `goal`."""
        dx = start[0] + start[2] / 2 - goal[0] - goal[2] / 2
        dy = start[1] + start[3] / 2 - goal[1] - goal[3] / 2
        scale = max(0.3, min(2.0, start[2] / goal[2])) if goal[2] else 1
        frames = [
            {"transform": "translate(" + str(dx) + "px," + str(dy) + "px) scale(" + str(scale) + ")", "opacity": 0.2},
            {"transform": "translate(0,0) scale(1)", "opacity": 1},
        ]
        return dom.to_js(self.window, frames)

    def fly(self, flyer: Any, goal: "list[float]", frames: Any, delay: int, length: int) -> None:
        """`flyer` (a card) travels by `frames` (`travel`, made once for all the cards of a draw) to the box
        `goal` in the layer over the page, with few calls into the page: each one crosses out of MicroPython."""
        flyer.style.cssText = (
            "left:"
            + str(goal[0])
            + "px;top:"
            + str(goal[1])
            + "px;width:"
            + str(goal[2])
            + "px;height:"
            + str(goal[3])
            + "px"
        )
        flyer.setAttribute("data-end", str(self.now() + delay + length))
        self.overlay().append(flyer)
        options = {"duration": length, "delay": delay, "easing": "cubic-bezier(.2,.7,.3,1)", "fill": "both"}
        animation = flyer.animate(frames, dom.to_js(self.window, options))
        self.moves += 1
        animation.onfinish = self.sweep_proxy

    def overlay(self) -> Any:
        if not self.layer or not self.layer.isConnected:
            self.layer = self.document.createElement("div")
            self.layer.className = "fx-layer"
            self.layer.setAttribute("aria-hidden", "true")
            self.document.body.append(self.layer)
        return self.layer

    def sweep(self, *args: Any) -> None:
        """Remove the cards that have arrived."""
        now = self.now()
        for flyer in list(self.layer.querySelectorAll(".flyer")) if self.layer else []:
            if float(flyer.getAttribute("data-end") or 0) <= now:
                flyer.remove()

    def place(self, selector: str, frames: Any, length: int, delay: int, pseudo: str = "") -> None:
        """An animation of the element `selector` (kept, to lay again on the element a redrawing makes)."""
        options = {"duration": length, "delay": delay, "easing": "ease-out"}
        if pseudo:
            options["pseudoElement"] = pseudo
        entry = [selector, frames, options, self.now(), None]  # None: the element animated (`start`)
        self.running.append(entry)
        self.start(entry, 0)

    def start(self, entry: Any, elapsed: float) -> None:
        element = self.find(entry[0])
        if not element:
            return
        entry[4] = element
        animation = element.animate(dom.to_js(self.window, entry[1]), dom.to_js(self.window, entry[2]))
        if elapsed:
            animation.currentTime = elapsed
        else:
            self.moves += 1

    def relay(self) -> None:
        """After a redrawing: the in-place animations still running go on over the elements it replaced
        (an element the redrawing kept, `ui.dom.morph`'s usual case, still runs its own)."""
        now = self.now()
        still = []
        for entry in self.running:
            elapsed = now - entry[3]
            if elapsed < entry[2]["duration"] + entry[2]["delay"]:
                still.append(entry)
                element = self.find(entry[0])
                if element and not (entry[4] and entry[4].isConnected and element.isSameNode(entry[4])):
                    self.start(entry, max(elapsed, 1))
        self.running = still

    # ----- sound and vibration -------------------------------------------------------------------------

    def sound(self, cue: Any) -> None:
        name = cue.get("sound")
        if name and isinstance(name, str) and name.isalpha():
            delay = int(cue.get("at", 0))
            player = self.player(name)
            if delay > 0:
                self.window.setTimeout(player, delay)
            else:
                player()
            self.sounds += 1
            self.root.setAttribute("data-fx-sound", name)
        buzz = cue.get("buzz")
        navigator = self.window.navigator
        if buzz in BUZZ and getattr(navigator, "vibrate", None):
            try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
                navigator.vibrate(dom.to_js(self.window, BUZZ[buzz]))
            except Exception:  # refused (no user activation yet): stay quiet
                pass

    def player(self, name: str) -> Any:
        """A function (a JS proxy, made once per sound) that plays `name` from its start."""
        if name not in self.players:
            audio = self.window.Audio.new(SOUND_URL.format(name))
            audio.preload = "auto"

            def play(*args: Any) -> None:
                audio.currentTime = 0
                started = audio.play()
                if started:  # a promise: refused without a tap on the page yet (autoplay rules), stay quiet
                    started.catch(self.quiet_proxy)

            self.players[name] = create_proxy(play)
        return self.players[name]

    def quiet(self, *args: Any) -> None:
        """A sound the browser refused to play: nothing to do."""
