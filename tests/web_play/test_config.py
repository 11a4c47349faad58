"""Set-up: defaults, JSON round trip, presets, rule controls from Rules, checks."""

from __future__ import annotations

import dataclasses

import pytest
from play_helpers import catalogue, config, human

from app.play.config import (
    ConfigError,
    PlayConfig,
    SeatConfig,
    available_levels,
    matching_preset,
    parse_number,
    rule_options,
)
from app.play.setup_page import CHOICE_HELP
from uno_core import PRESETS, Rules
from uno_core.bots import LEVELS


def test_default_is_one_person_against_three_basic_bots_under_official_rules() -> None:
    default = PlayConfig()
    assert [s.kind for s in default.seats] == ["human", "bot", "bot", "bot"]
    assert {s.level for s in default.seats if s.is_bot} == {"basic"}
    assert default.preset == "official" and default.rules_object() == PRESETS["official"]
    assert default.check() == Rules()
    assert not default.undo_allowed


def test_round_trip_and_partial_input() -> None:
    original = config(
        [human(), {"kind": "bot", "name": "Ana", "level": "random", "options": {"forget_uno": 1.0}}],
        rules={"stacking": True},
        speed="instant",
        undo=True,
        reaction_ms=300,
    )
    assert PlayConfig.from_dict(original.to_dict()) == original
    assert original.preset == "custom" and original.rules_object().stacking
    assert original.window_ms == 300 and original.bot_delay_ms == 0
    assert config().to_dict() == PlayConfig().to_dict()


def test_presets_and_matching() -> None:
    for name, rules in PRESETS.items():
        chosen = PlayConfig().with_preset(name)
        assert chosen.rules_object() == rules and chosen.preset == name
        assert matching_preset(rules.to_dict()) == name
    changed = PlayConfig().with_rule("jump_in", True)
    assert changed.preset == "custom"
    assert changed.with_rule("jump_in", False).preset == "official"


def test_undo_only_for_one_person_and_never_official() -> None:
    house = dataclasses.replace(PlayConfig().with_preset("house"), undo=True)
    assert house.undo_allowed
    assert not dataclasses.replace(house, preset="official").undo_allowed
    two = house.with_seats((SeatConfig("human", "A"), SeatConfig("human", "B")))
    assert not two.undo_allowed
    assert not house.with_preset("official").undo


def test_checks_name_the_problem() -> None:
    with pytest.raises(ConfigError) as error:
        PlayConfig(seats=(SeatConfig(),)).check()
    assert error.value.key == "play.error.seats"
    with pytest.raises(ConfigError) as error:
        PlayConfig(seats=PlayConfig().seats[:3]).with_rule("teams", True).check()
    assert error.value.key == "play.error.teams"
    with pytest.raises(ConfigError):
        PlayConfig.from_dict({"seats": [{"kind": "alien"}]})
    with pytest.raises(ConfigError):
        PlayConfig.from_dict({"rules": {"stacking": "yes"}})


def test_every_rules_option_has_a_control_and_texts_in_both_languages() -> None:
    options = rule_options()
    assert {o.name for o in options} == {f.name for f in dataclasses.fields(Rules)}
    for lang in ("en", "es"):
        table = catalogue(lang)
        for option in options:
            assert f"play.rule.{option.name}" in table and f"play.rule.{option.name}.help" in table
            for choice in option.choices:
                assert f"play.rule.{option.name}.{choice}" in table, (lang, option.name, choice)
                if option.name in CHOICE_HELP:
                    assert f"play.rule.{option.name}.{choice}.help" in table, (lang, option.name, choice)
        for name in [*PRESETS, "custom"]:
            assert f"play.preset.{name}" in table and f"play.preset.{name}.help" in table
        for level in LEVELS:
            assert f"play.level.{level}" in table


def test_numbers_are_checked_against_their_range() -> None:
    target = next(o for o in rule_options() if o.name == "target")
    assert parse_number(" 250 ", target) == 250
    for bad in ("", "-5", "0", "abc", "1e3", "100001"):
        with pytest.raises(ConfigError):
            parse_number(bad, target)


def test_levels_come_from_the_engine() -> None:
    levels = available_levels()
    assert levels and set(levels) <= set(LEVELS)
    assert list(levels) == [level for level in LEVELS if level in levels]
