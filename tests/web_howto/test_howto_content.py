"""The "How to play" page's content (CPython, no browser): every rule option and preset of the
engine has its section, every text exists in both catalogues, and the section ids are documented."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from app import howto_content as howto  # pure data, no pyscript
from uno_core.rules import OFFICIAL, PRESETS, Rules

ROOT = Path(__file__).resolve().parents[2]

SCREEN = ROOT / "web" / "engine" / "app" / "howto_page.py"
LANGS = ("en", "es")
KEY_LIKE = re.compile(r"\b[a-z][a-z_]*\.[a-z_]+(?:\.[a-z_]+)*\b")  # as tests/e2e/e2e_helpers.py: a raw key


def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


def option_names() -> list[str]:
    return [f.name for f in dataclasses.fields(Rules)]


def texts_with_args() -> list[howto.Text]:
    texts = list(howto.VALUE_TEXTS) + [text for row in howto.POINTS_TABLE for text in row]
    for part in howto.PARTS:
        texts += [text for block in part.intro for text in block.texts]
        texts += [text for section in part.sections for block in section.blocks for text in block.texts]
    return texts


def test_every_rule_option_has_a_section_in_field_order_with_its_official_value() -> None:
    assert [section.id for section in howto.HOUSE_PART.sections] == option_names()
    for section in howto.HOUSE_PART.sections:
        notes = [block for block in section.blocks if block.kind == "note"]
        assert [text.key for block in notes for text in block.texts] == [f"howto.{section.id}.official"]


def test_every_preset_has_a_section_listing_what_it_changes() -> None:
    sections = {section.id: section for section in howto.PRESETS_PART.sections}
    assert list(sections) == [howto.preset_id(name) for name in PRESETS]
    for name, rules in PRESETS.items():
        changes = [block for block in sections[howto.preset_id(name)].blocks if block.kind == "changes"]
        changed = [f for f in option_names() if getattr(rules, f) != getattr(OFFICIAL, f)]
        assert [link for block in changes for link in block.links] == changed, name
    assert not howto.preset_changes(PRESETS["official"])
    assert [f for f, _ in howto.preset_changes(PRESETS["house"])] == ["draw_until_playable", "stacking", "jump_in"]


def test_official_rule_sections_cover_the_brief() -> None:
    assert [section.id for section in howto.RULES_PART.sections] == [
        "deck", "setup", "turn", "actions", "challenge", "uno", "round_end",
    ]  # fmt: skip


def test_section_ids_are_unique_stable_and_linkable() -> None:
    ids = howto.section_ids()
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", sid) for sid in ids)
    assert howto.href("stacking") == "#/howto/stacking" and howto.href() == "#/howto"
    for part in howto.PARTS:
        for section in part.sections:
            for block in section.blocks:
                if block.kind in ("see", "changes"):
                    for link in block.links:
                        assert link in ids, (section.id, link)
                        howto.title_of(link)


def test_every_section_id_is_documented_in_the_screen_module() -> None:
    doc = SCREEN.read_text(encoding="utf-8").split('"""')[1]
    missing = [sid for sid in howto.section_ids() if f"`{sid}`" not in doc and not sid.startswith("preset_")]
    missing += [name for name in PRESETS if f"`preset_{name}`" not in doc]
    assert not missing


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_of_the_page_is_in_the_catalogue_and_no_other_howto_key(lang: str) -> None:
    texts = catalogue(lang)
    used = howto.all_keys()
    assert sorted(used - set(texts)) == []
    assert sorted(key for key in texts if key.startswith("howto.") and key not in used) == []


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_get_values_and_no_text_looks_like_a_raw_key(lang: str) -> None:
    texts = catalogue(lang)
    for text in texts_with_args():
        assert set(re.findall(r"\{(\w+)\}", texts[text.key])) == {name for name, _ in text.args}, text.key
    for key in howto.all_keys():
        assert not KEY_LIKE.search(texts[key]), (key, texts[key])


def test_the_page_shows_every_section_under_its_stable_id_and_only_catalogue_texts() -> None:
    from app.howto_page import dom_id, render
    from app.tree import find, keys_of

    page = render()
    for section_id in howto.section_ids():
        assert len(find(page, id=dom_id(section_id))) == 1, section_id
    shown = keys_of(page)
    assert shown - {"screen.back"} <= howto.all_keys()
    assert {howto.title_of(sid) for sid in howto.section_ids() if sid != howto.CONTENTS} <= shown
    for link in find(page, cls="howto-chip"):
        target = (link.attr("href") or "").removeprefix(howto.href() + "/")
        assert find(page, id=dom_id(target)), link.attr("href")
