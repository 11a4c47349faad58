"""The table's sounds made at build time (tools/sounds.py): one valid WAV file per cue sound, nothing clipped."""

from __future__ import annotations

import io
import re
import wave
from pathlib import Path

import pytest

from tools import sounds

CUES = Path(__file__).resolve().parents[2] / "web" / "engine" / "app" / "play" / "cues.py"


def test_every_sound_a_cue_names_is_made() -> None:
    text = CUES.read_text(encoding="utf-8")
    named = set(re.findall(r'"sound": "(\w+)"', text)) | set(re.findall(r'sound = "(\w+)" if .* else "(\w+)"', text)[0])
    assert named == set(sounds.SOUNDS)


@pytest.mark.parametrize("name", sorted(sounds.SOUNDS))
def test_each_sound_is_a_wav_of_its_tones(name: str) -> None:
    tones = sounds.SOUNDS[name]
    with wave.open(io.BytesIO(sounds.wav_bytes(tones))) as read:
        assert (read.getnchannels(), read.getsampwidth(), read.getframerate()) == (1, 2, sounds.RATE)
        end = max(start + length for start, length, *_ in tones) + sounds.TAIL
        assert read.getnframes() == round(end * sounds.RATE)
    samples = sounds.samples(tones)
    assert 0.05 < max(abs(value) for value in samples) < 1  # audible, never clipped
    assert abs(samples[-1]) < 1e-3  # it ends in silence: no click


def test_write_sounds_writes_one_file_per_sound(tmp_path: Path) -> None:
    written = sounds.write_sounds(tmp_path / "sounds")
    assert sorted(path.name for path in written) == sorted(f"{name}.wav" for name in sounds.SOUNDS)
    assert all(path.read_bytes()[:4] == b"RIFF" for path in written)


def test_write_sounds_keeps_them_in_the_cache(tmp_path: Path) -> None:
    first = sounds.write_sounds(tmp_path / "a", cache=tmp_path / "cache")
    kept = list((tmp_path / "cache").rglob("*.wav"))
    assert sorted(path.name for path in kept) == sorted(path.name for path in first)
    for path in kept:  # a later build copies the cached file: mark it to see that it did
        path.write_bytes(path.read_bytes() + b"cached")
    second = sounds.write_sounds(tmp_path / "b", cache=tmp_path / "cache")
    assert all(path.read_bytes().endswith(b"cached") for path in second)
