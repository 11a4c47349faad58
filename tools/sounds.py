"""The table's sounds, synthesized in pure Python at build time and written as WAV files (web/sounds/<name>.wav).

The page plays them with `<audio>` elements (web/page/ui/fx.py). It used to make them live with the Web Audio API,
but a page's first `AudioContext` blocks its main thread for 80-180 ms in Chromium (measured: it waits for
the audio device), the longest task of a whole game; an `<audio>` element starts its output off the main
thread (measured: 2-5 ms). The names are the cues' `sound` values (web/engine/app/play/cues.py).

Each tone follows what the Web Audio version did: a band-limited oscillator (sine, triangle, square or
sawtooth, summed harmonics below the Nyquist frequency), its pitch sliding linearly from one frequency to
another, its gain rising exponentially to `0.6 * volume` in 12 ms and falling exponentially to silence at
the tone's end.
"""

from __future__ import annotations

import io
import math
import wave
from functools import partial
from pathlib import Path

from tools.generated import write_generated

RATE = 22050  # samples per second, 16-bit mono
FLOOR = 0.0001  # the gain's start and end (an exponential ramp cannot start at 0)
ATTACK = 0.012  # seconds to full gain
TAIL = 0.03  # seconds of silence after the last tone

Tone = tuple[float, float, float, float, str, float]  # start s, length s, from Hz, to Hz, wave, volume
SOUNDS: dict[str, tuple[Tone, ...]] = {
    "play": ((0, 0.08, 520, 760, "triangle", 0.3),),
    "draw": ((0, 0.07, 330, 240, "triangle", 0.25),),
    "skip": ((0, 0.08, 660, 660, "square", 0.1), (0.11, 0.12, 440, 440, "square", 0.1)),
    "reverse": ((0, 0.2, 320, 780, "sawtooth", 0.08), (0.2, 0.12, 780, 500, "sawtooth", 0.06)),
    "plus": (
        (0, 0.07, 250, 250, "square", 0.12),
        (0.09, 0.07, 250, 250, "square", 0.12),
        (0.18, 0.16, 190, 150, "square", 0.12),
    ),
    "uno": ((0, 0.09, 880, 880, "triangle", 0.3), (0.1, 0.18, 1320, 1320, "triangle", 0.3)),
    "caught": ((0, 0.32, 190, 110, "sawtooth", 0.14),),
    "round": (
        (0, 0.12, 523, 523, "triangle", 0.25),
        (0.13, 0.12, 659, 659, "triangle", 0.25),
        (0.26, 0.26, 784, 784, "triangle", 0.25),
    ),
    "match": (
        (0, 0.14, 523, 523, "triangle", 0.25),
        (0.15, 0.14, 659, 659, "triangle", 0.25),
        (0.3, 0.14, 784, 784, "triangle", 0.25),
        (0.45, 0.45, 1047, 1047, "triangle", 0.25),
    ),
}


def harmonics(wave_kind: str, top: float) -> list[tuple[int, float]]:
    """(harmonic number, amplitude) of a waveform whose highest fundamental is `top` Hz, below the Nyquist
    frequency (the Fourier series Web Audio's oscillators use, peak about 1)."""
    count = max(1, int(RATE / 2 / top))
    if wave_kind == "sine":
        return [(1, 1.0)]
    if wave_kind == "square":
        return [(k, 4 / math.pi / k) for k in range(1, count + 1, 2)]
    if wave_kind == "sawtooth":
        return [(k, (2 / math.pi) * (-1) ** (k + 1) / k) for k in range(1, count + 1)]
    if wave_kind == "triangle":
        return [(k, (8 / math.pi**2) * (-1) ** ((k - 1) // 2) / k**2) for k in range(1, count + 1, 2)]
    raise ValueError(f"unknown wave {wave_kind!r}")


def gain(t: float, length: float, peak: float) -> float:
    """The tone's gain `t` seconds after its start: exponential rise to `peak`, then exponential fall."""
    if t < ATTACK:
        return float(FLOOR * (peak / FLOOR) ** (t / ATTACK))
    return float(peak * (FLOOR / peak) ** min(1.0, (t - ATTACK) / (length - ATTACK)))


def samples(tones: tuple[Tone, ...]) -> list[float]:
    """The sound as samples in [-1, 1] (tones summed), ending `TAIL` after its last tone."""
    end = max(start + length for start, length, *_ in tones) + TAIL
    out = [0.0] * round(end * RATE)
    for start, length, low, high, wave_kind, volume in tones:
        partials = harmonics(wave_kind, max(low, high))
        first, count = round(start * RATE), round(length * RATE)
        phase = 0.0
        for i in range(count):
            t = i / RATE
            phase += 2 * math.pi * (low + (high - low) * t / length) / RATE
            value = sum(amplitude * math.sin(k * phase) for k, amplitude in partials)
            out[first + i] += value * gain(t, length, 0.6 * volume)
    return out


def wav_bytes(tones: tuple[Tone, ...]) -> bytes:
    """The sound as a 16-bit mono WAV file."""
    pcm = bytearray()
    for value in samples(tones):
        pcm += int(max(-1.0, min(1.0, value)) * 32767).to_bytes(2, "little", signed=True)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(pcm))
    return buffer.getvalue()


def write_sounds(folder: Path, cache: Path | None = None) -> list[Path]:
    """Write every sound as `folder/<name>.wav`; return the paths. Making them takes about a second, so with
    `cache` they are kept there, keyed by this file's hash."""
    makers = {f"{name}.wav": partial(wav_bytes, tones) for name, tones in SOUNDS.items()}
    return write_generated(folder, makers, Path(__file__), cache)
