"""The engine checked from outside: a scenario in R-NOTE text through ``python -m uno_core script``.

The expected lines were written from docs/RULES.md by hand, not produced by the engine.
"""

from __future__ import annotations

import subprocess
import sys

from uno_core.scenario import stacked_deck

DECK = " ".join(
    map(str, stacked_deck(["R1 R2 W+4 B5 B5 G7 Y9", "R3 G3 Y3 B3 W RS R+2"], first="R9", draws="G1 G2 G4", dealer=0))
)

SCRIPT = f"""
new 2 11 0 deck {DECK}
legal 1                # R-FIRST-6: left of the dealer begins; R-TURN-1/2: red, 9s and wilds
do 1 play R+2          # R-ACT-3: seat 0 draws G1 G2 and loses the turn
state
do 0 play R1           # R-TURN-6: out of turn
legal 0
do 1 play RS           # R-ACT-1 with two players: seat 1 again
do 1 play W+4 red      # not held
do 1 play W green
legal 0                # R-ACT-5: W+4 is a bluff here (seat 0 holds green) but allowed
do 0 play W+4 blue
legal 1                # R-ACT-4: the victim answers
do 1 challenge         # R-CHAL-2: a bluff, seat 0 draws 4; seat 1 plays on in blue
state
hand 1
legal 1
"""

EXPECTED = """ok
play R3
play RS
play R+2
play W red
play W yellow
play W green
play W blue
draw
.
ok
top R+2 colour red turn 1 phase turn sizes 9 6 totals 0 0 round 1
refused: play R1: it is not seat 0 (P0)'s turn; it is seat 1's
.
ok
refused: play W+4 red: seat 1 does not hold W+4
ok
play G1
play G2
play G7
play W+4 red
play W+4 yellow
play W+4 green
play W+4 blue
draw
.
ok
challenge
accept
.
ok
top W+4 colour blue turn 1 phase turn sizes 12 4 totals 0 0 round 1
R3 Y3 G3 B3
play B3
draw
.
"""


# R-NOTE-1 R-NOTE-2 R-NOTE-3 R-NOTE-4
def test_script_answers_in_the_notation() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "uno_core", "script"], input=SCRIPT, capture_output=True, text=True, check=True
    )
    assert done.stdout == EXPECTED


def test_demo_plays_a_seeded_match_to_the_end() -> None:
    run = [sys.executable, "-m", "uno_core", "demo", "--players", "4", "--seed", "5"]
    first = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    again = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert first == again
    assert "# match won by seat(s)" in first.splitlines()[-1]
