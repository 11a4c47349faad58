"""The message catalogues (no browser): same keys and placeholders in both languages, every key used exists."""

from __future__ import annotations

import re

from e2e_helpers import LANGS, ROOT, catalogue

SAME_IN_BOTH = {
    "app.short_name",
    "lang.es",
    "lang.en",  # brand and language names (autonyms)
    "score.share.line",
    "score.announce.single",
    "play.points",  # "{points} pts": the abbreviation is the same in Spanish
    "play.seconds",  # "{seconds} s": so is the second's symbol
    "score.face.short",  # "{short} ({name})": a chip's "+4" and its face's name
    "score.face.counted",  # "{face} ({limit})": a face and its copies in the deck
    "score.record.evening",  # "{total} ({title})": a game's final total and its sheet's title
}  # layouts of figures and names, no words


def used_keys() -> set[str]:
    """Catalogue keys named in index.html, the JS shell and the Python screens."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n="([^"]+)"', html))
    keys |= {key for attr in re.findall(r'data-i18n-attr="([^"]+)"', html) for key in re.findall(r":([\w.]+)", attr)}
    shell = (ROOT / "web" / "page" / "shell.js").read_text(encoding="utf-8")
    keys |= set(re.findall(r'\bt\("([\w.]+)"', shell)) | set(re.findall(r'"(load\.\w+|error\.\w+)"', shell))
    for path in (ROOT / "web" / "engine" / "app").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r'\bkey="([a-z_]+\.[\w.]+)"', source))
        keys |= set(re.findall(r'\b(?:bind|bind_attr|t|phrase|Placeholder)\([^)]*?"([a-z_]+\.[\w.]+)"', source))
    return keys


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    en, es = catalogue("en"), catalogue("es")
    assert sorted(en) == sorted(es)
    for key in en:
        assert set(re.findall(r"\{(\w+)\}", en[key])) == set(re.findall(r"\{(\w+)\}", es[key])), key


def test_spanish_is_translated_not_copied() -> None:
    """A phrase left in English in es.json is a forgotten translation (single words like "Total" or
    "Bot" may well be the same in both languages)."""
    en, es = catalogue("en"), catalogue("es")
    copied = [key for key in en if en[key] == es[key] and " " in en[key].strip() and key not in SAME_IN_BOTH]
    assert not copied


def test_every_key_used_exists_in_every_language() -> None:
    used = used_keys()
    assert len(used) > 20
    for lang in LANGS:
        assert not used - set(catalogue(lang)), lang
