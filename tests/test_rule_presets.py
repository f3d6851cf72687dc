"""Every number of RULES.md's preset table, pinned preset by preset."""

import pytest

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    PRESETS,
    SIX_PLAYER,
    TWO_PLAYER,
    CanastaKind,
    CardValues,
)

ALL = [CLASSIC, TWO_PLAYER, SIX_PLAYER, FLEMISH, FINNISH, DANISH]


def test_the_six_presets_are_known_by_their_ids():
    assert list(PRESETS) == ["classic", "two-player", "six-player", "flemish", "finnish", "danish"]


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_each_preset_has_a_name_a_description_and_a_source(rules):
    assert rules.name and rules.description and rules.source
    assert rules.base == rules.id
    assert rules.is_preset


@pytest.mark.parametrize(
    ("rules", "source"),
    [
        (
            CLASSIC,
            "Pagat / Bicycle; gamedesign.de; “Canasta – regler, poeng og eksempler” (Norway)",
        ),
        (TWO_PLAYER, "“Canasta – regler, poeng og eksempler” (Norway); Pagat"),
        (SIX_PLAYER, "Pagat / rummy-games"),
        (FLEMISH, "Dempsey Cappelle, “Canasta: kaartspel voor volwassenen”, Kaartspelletjes"),
        (FINNISH, "“Canasta”, a Finnish rules page (2009)"),
        (DANISH, "a Danish family's house rules, from their home page"),
    ],
)
def test_each_preset_cites_the_publication_or_page_its_values_come_from(rules, source):
    assert rules.source == source


@pytest.mark.parametrize(
    ("rules", "packs"),
    [(CLASSIC, 2), (TWO_PLAYER, 2), (SIX_PLAYER, 3), (FLEMISH, 2), (FINNISH, 2), (DANISH, 2)],
)
def test_packs(rules, packs):
    assert rules.packs == packs


@pytest.mark.parametrize("rules", [CLASSIC, TWO_PLAYER, SIX_PLAYER, FLEMISH, FINNISH])
def test_classic_card_values(rules):
    values = rules.card_values
    assert (values.jokers, values.twos, values.aces, values.high, values.low) == (50, 20, 20, 10, 5)
    assert values.black_threes == 5


def test_danish_black_threes_are_worth_nothing():
    assert DANISH.card_values == CardValues(black_threes=0)
    assert DANISH.card_values.jokers == 50


NATURAL, MIXED = CanastaKind.NATURAL, CanastaKind.MIXED


@pytest.mark.parametrize(
    ("rules", "bonuses"),
    [
        (CLASSIC, {NATURAL: 500, MIXED: 300}),
        (TWO_PLAYER, {NATURAL: 500, MIXED: 300}),
        (SIX_PLAYER, {NATURAL: 500, MIXED: 300}),
        (
            FLEMISH,
            {
                NATURAL: 500,
                MIXED: 300,
                CanastaKind.NATURAL_ACES: 800,
                CanastaKind.MIXED_ACES: 500,
                CanastaKind.WILD: 1000,
            },
        ),
        (FINNISH, {NATURAL: 500, MIXED: 300}),
        (DANISH, {NATURAL: 700, MIXED: 500}),
    ],
)
def test_canasta_bonuses_and_the_kinds_each_preset_has(rules, bonuses):
    assert dict(rules.canasta_bonuses) == bonuses


@pytest.mark.parametrize(
    ("rules", "by_count"),
    [
        (CLASSIC, (0, 100, 200, 300, 800)),
        (TWO_PLAYER, (0, 100, 200, 300, 800)),
        (SIX_PLAYER, (0, 100, 200, 300, 400, 1000, 1200)),
        (FLEMISH, (0, 100, 200, 300, 800)),
        (FINNISH, (0, 100, 200, 300, 800)),
        (DANISH, (0, 200, 400, 600, 800)),
    ],
)
def test_red_threes_by_count(rules, by_count):
    assert tuple(rules.red_three_score(n) for n in range(len(by_count))) == by_count
    assert rules.red_threes_in_packs == len(by_count) - 1


@pytest.mark.parametrize(
    ("rules", "normal", "concealed", "canastas"),
    [
        (CLASSIC, 100, 200, 1),
        (TWO_PLAYER, 100, 200, 2),
        (SIX_PLAYER, 100, 200, 2),
        (FLEMISH, 100, 200, 1),
        (FINNISH, 100, 300, 1),
        (DANISH, 100, 200, 1),
    ],
)
def test_going_out_bonuses_and_canastas_needed(rules, normal, concealed, canastas):
    assert (rules.going_out, rules.going_out_concealed) == (normal, concealed)
    assert rules.canastas_to_go_out == canastas


@pytest.mark.parametrize(
    ("rules", "bonus"),
    [
        (CLASSIC, None),
        (TWO_PLAYER, None),
        (SIX_PLAYER, None),
        (FLEMISH, None),
        (FINNISH, None),
        (DANISH, 100),
    ],
)
def test_only_danish_has_a_dealer_bonus(rules, bonus):
    assert rules.dealer_bonus == bonus


@pytest.mark.parametrize(
    ("rules", "two_sides", "three_sides"),
    [
        (CLASSIC, 5000, 5000),
        (TWO_PLAYER, 5000, 5000),
        (SIX_PLAYER, 10000, 7500),
        (FLEMISH, 5000, 5000),
        (FINNISH, 5000, 5000),
        (DANISH, 5000, 5000),
    ],
)
def test_targets(rules, two_sides, three_sides):
    assert rules.target_for(2) == two_sides
    assert rules.target_for(3) == three_sides


@pytest.mark.parametrize(
    ("rules", "points", "red_threes"),
    [(CLASSIC, 1180, 4), (SIX_PLAYER, 1770, 6), (DANISH, 1160, 4)],
)
def test_what_the_packs_hold(rules, points, red_threes):
    assert rules.card_points_in_packs == points
    assert rules.red_threes_in_packs == red_threes
