"""Round entry's draft for the rule families (RULES_FAMILIES.md, "What a player enters"): each
field to its SideEntry field, the special hand that clears and locks its side, the wild
melds that exclude each other, and the core's refusals and scores as the preview shows them."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from canasta_score.core import (
    AMERICAN,
    CLASSIC,
    SAMBA,
    CanastaKind,
    CardCounts,
    CardGroup,
    Game,
    Side,
    SideEntry,
    UnfinishedMeld,
    WentOut,
)
from canasta_score.i18n import translator
from canasta_score.ui.state import CardPlace, EntryMode, RoundDraft

TWO_TEAMS = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))


def american(sides: tuple[Side, ...] = TWO_TEAMS) -> RoundDraft:
    return RoundDraft(Game(AMERICAN, sides))


def said(draft: RoundDraft) -> list[str]:
    tr = translator("en")
    return [tr.problem(problem) for problem in draft.problems()]


def the_worked_example(draft: RoundDraft) -> None:
    """RULES_FAMILIES.md's american worked example, as taps and typing."""
    draft.set_melded(0, "520")
    draft.add_canasta(0, CanastaKind.NATURAL, 1)
    draft.add_canasta(0, CanastaKind.NATURAL_SEVENS, 1)
    draft.add_red_three(0, 2)
    draft.add_black_three(0, 1)
    draft.toggle_went_out(0, WentOut.NORMAL)
    draft.set_melded(1, "150")
    draft.set_hand(1, "95")
    draft.add_canasta(1, CanastaKind.MIXED, 1)
    draft.add_red_three(1, 1)
    draft.toggle_incomplete(1, UnfinishedMeld.ACES)
    draft.add_held(1, "aces", 1)


def test_the_american_worked_example_scores_as_the_contract_says() -> None:
    """RULES_FAMILIES.md, "Worked examples": 4020 and -3645."""
    draft = american()
    the_worked_example(draft)
    assert draft.problems() == []
    assert [side.round_score for side in draft.preview()] == [4020, -3645]


def test_each_american_field_goes_to_its_side_entry_field() -> None:
    draft = american()
    the_worked_example(draft)
    draft.add_held(1, "sevens", 1)
    entries, problems = draft.entries()
    assert problems == [] and entries is not None
    assert entries[0] == SideEntry(
        melded=520,
        canastas={"natural": 1, "natural_sevens": 1},
        red_threes=2,
        black_threes=1,
        went_out=WentOut.NORMAL,
    )
    assert entries[1] == SideEntry(
        melded=150,
        hand=95,
        canastas={"mixed": 1},
        red_threes=1,
        incomplete={"aces": 1},
        held_aces=1,
        held_sevens=1,
    )
    assert dict(entries[1].canastas) == {"mixed": 1}
    assert dict(entries[1].incomplete) == {"aces": 1}


def test_the_samba_worked_example_scores_as_the_contract_says() -> None:
    draft = RoundDraft(Game(SAMBA, TWO_TEAMS))
    draft.set_melded(0, "640")
    draft.add_canasta(0, CanastaKind.SAMBA, 1)
    draft.add_canasta(0, CanastaKind.NATURAL, 1)
    draft.add_red_three(0, 2)
    draft.toggle_went_out(0, WentOut.NORMAL)
    draft.set_melded(1, "300")
    draft.set_hand(1, "85")
    draft.add_canasta(1, CanastaKind.MIXED, 1)
    draft.add_red_three(1, 1)
    assert draft.problems() == []
    assert [side.round_score for side in draft.preview()] == [3040, 415]
    entries, _ = draft.entries()
    assert entries is not None and dict(entries[0].canastas) == {"samba": 1, "natural": 1}


def test_black_threes_held_players_and_unfinished_melds_stay_within_the_rules() -> None:
    draft = american((Side("We", ("Anna", "Ben")), Side("Cleo", ("Cleo",))))
    for _ in range(6):
        draft.add_black_three(0, 1)
        draft.add_held(0, "aces", 1)
        draft.add_held(1, "sevens", 1)
    assert draft.sides[0].black_threes == 4, "black threes score 0 to 4 (black_threes list)"
    assert (draft.sides[0].held_aces, draft.sides[1].held_sevens) == (2, 1), "a side's players"
    draft.add_black_three(0, -9)
    draft.add_held(0, "aces", -9)
    assert (draft.sides[0].black_threes, draft.sides[0].held_aces) == (0, 0)
    draft.add_held(0, "kings", 1)
    assert (draft.sides[0].held_aces, draft.sides[0].held_sevens) == (0, 0)


def test_the_two_unfinished_wild_melds_exclude_each_other() -> None:
    draft = american()
    draft.toggle_incomplete(0, UnfinishedMeld.WILD)
    draft.toggle_incomplete(0, UnfinishedMeld.ACES)
    assert draft.sides[0].incomplete == {UnfinishedMeld.WILD: 1, UnfinishedMeld.ACES: 1}
    draft.toggle_incomplete(0, UnfinishedMeld.WILD_JOKERS)
    assert {m for m, n in draft.sides[0].incomplete.items() if n} == {
        UnfinishedMeld.WILD_JOKERS,
        UnfinishedMeld.ACES,
    }
    draft.toggle_incomplete(0, UnfinishedMeld.WILD)
    assert {m for m, n in draft.sides[0].incomplete.items() if n} == {
        UnfinishedMeld.WILD,
        UnfinishedMeld.ACES,
    }
    draft.toggle_incomplete(0, UnfinishedMeld.WILD)  # a second tap takes it back
    assert {m for m, n in draft.sides[0].incomplete.items() if n} == {UnfinishedMeld.ACES}


def test_a_special_hand_clears_its_side_and_locks_it_until_taken_back() -> None:
    draft = american()
    the_worked_example(draft)
    draft.set_penalty(1, "100")
    draft.set_special_hand(1, "pairs")
    side = draft.sides[1]
    assert side.special_hand == "pairs"
    assert (side.melded_text, side.hand_text, side.penalty_text) == ("", "", "")
    assert not any(side.canastas.values()) and not any(side.incomplete.values())
    assert (side.red_threes, side.black_threes, side.held_aces, side.went_out) == (0, 0, 0, None)
    # Locked: nothing more is entered for the side while the hand is chosen.
    draft.set_melded(1, "50")
    draft.add_canasta(1, CanastaKind.MIXED, 1)
    draft.add_red_three(1, 1)
    draft.add_black_three(1, 1)
    draft.toggle_incomplete(1, UnfinishedMeld.SEVENS)
    draft.add_held(1, "sevens", 1)
    draft.toggle_went_out(1, WentOut.NORMAL)
    draft.add_cards(1, CardPlace.HAND, CardGroup.ACES, 1)
    draft.set_mode(1, EntryMode.CARDS)
    draft.set_penalty(1, "5")
    assert draft.sides[1] == side and draft.sides[1].mode == EntryMode.POINTS
    # It is the round's going out: We did not go out, and the hand scores alone.
    assert draft.sides[0].went_out is None
    entries, _ = draft.entries()
    assert entries is not None and entries[1] == SideEntry(special_hand="pairs")
    assert [s.round_score for s in draft.preview()] == [3920, 2500]
    # Taken back: the side is open again.
    draft.set_special_hand(1, None)
    draft.set_melded(1, "50")
    assert draft.sides[1].melded_text == "50" and draft.sides[1].special_hand is None


def test_going_out_for_another_side_takes_a_special_hand_back() -> None:
    draft = american()
    draft.set_special_hand(0, "straight")
    draft.toggle_went_out(1, WentOut.NORMAL)
    assert draft.sides[0].special_hand is None and draft.sides[1].went_out == WentOut.NORMAL
    draft.set_special_hand(0, "garbage")
    assert draft.sides[1].went_out is None
    draft.set_special_hand(1, "straight")
    assert (draft.sides[0].special_hand, draft.sides[1].special_hand) == (None, "straight")


def test_a_hand_the_rules_do_not_know_is_not_chosen() -> None:
    draft = american()
    draft.set_special_hand(0, "dream")
    classic = RoundDraft(Game(CLASSIC, TWO_TEAMS))
    classic.set_special_hand(0, "pairs")
    classic.toggle_incomplete(0, UnfinishedMeld.ACES)
    classic.add_black_three(0, 1)
    classic.add_held(0, "aces", 1)
    assert draft.sides[0].special_hand is None
    assert not classic.touched, "the classic rules have none of these fields"


@pytest.mark.parametrize(
    ("taps", "words"),
    [
        (
            lambda d: (
                d.set_melded(0, "520"),
                d.add_canasta(0, CanastaKind.NATURAL, 1),
                d.add_canasta(0, CanastaKind.NATURAL_SEVENS, 1),
                d.toggle_incomplete(0, UnfinishedMeld.ACES),
                d.toggle_went_out(0, WentOut.NORMAL),
            ),
            "unfinished",
        ),
        (
            lambda d: (
                d.set_melded(0, "300"),
                d.add_canasta(0, CanastaKind.NATURAL, 1),
                d.toggle_went_out(0, WentOut.NORMAL),
            ),
            "2 canastas",
        ),
        (
            lambda d: (
                d.set_melded(0, "300"),
                d.add_canasta(0, CanastaKind.NATURAL_SEVENS, 1),
                d.toggle_incomplete(0, UnfinishedMeld.SEVENS),
            ),
            "sevens",
        ),
        (lambda d: (d.set_hand(0, "30"), d.add_held(0, "aces", 1)), "60"),
    ],
    ids=["out-with-unfinished-aces", "out-with-one-canasta", "sevens-twice", "held-aces-hand"],
)
def test_american_refusals_are_said_as_the_core_words_them(taps, words: str) -> None:
    draft = american()
    taps(draft)
    problems = said(draft)
    assert problems and any(words in problem for problem in problems), problems
    assert not draft.can_save()


def test_a_family_round_is_never_entered_meld_by_meld() -> None:
    """A phone that entered its last classic round meld by meld starts a family round with
    points (RULES_FAMILIES.md: no meld-by-meld mode), and the switch does nothing there."""
    draft = RoundDraft(Game(SAMBA, TWO_TEAMS), None, EntryMode.MELDS)
    assert [side.mode for side in draft.sides] == [EntryMode.POINTS, EntryMode.POINTS]
    draft.set_mode(0, EntryMode.MELDS)
    assert draft.sides[0].mode == EntryMode.POINTS
    kept = {"round": None, "sides": [{"mode": "melds"}, {"mode": "cards"}]}
    again = RoundDraft.from_dict(Game(SAMBA, TWO_TEAMS), kept)
    assert [side.mode for side in again.sides] == [EntryMode.POINTS, EntryMode.CARDS]


def test_threes_in_an_american_hand_are_one_group_of_either_colour() -> None:
    draft = american()
    assert draft.cards_limit(CardGroup.BLACK_THREES, CardPlace.MELDED) == 0
    assert draft.cards_limit(CardGroup.BLACK_THREES, CardPlace.HAND) == 8
    assert RoundDraft(Game(CLASSIC, TWO_TEAMS)).cards_limit(CardGroup.BLACK_THREES) == 4
    draft.set_mode(1, EntryMode.CARDS)
    draft.add_cards(1, CardPlace.HAND, CardGroup.BLACK_THREES, 1)
    draft.add_cards(1, CardPlace.HAND, CardGroup.ACES, 1)
    assert draft.cards_points(1, CardPlace.HAND) == 25
    entries, _ = draft.entries()
    assert entries is not None and entries[1].hand == CardCounts(black_threes=1, aces=1)


def test_a_family_draft_comes_back_exactly_as_it_was_typed() -> None:
    draft = american()
    the_worked_example(draft)
    draft.set_special_hand(0, "straight")
    again = RoundDraft.from_dict(draft.game, draft.as_dict())
    assert again.sides == draft.sides
    assert again.sides[1].incomplete == {UnfinishedMeld.ACES: 1}


def test_an_american_round_opened_for_editing_shows_what_was_saved() -> None:
    game = Game(AMERICAN, TWO_TEAMS).add_round(
        [
            SideEntry(special_hand="straight"),
            SideEntry(
                melded=250,
                hand=95,
                canastas={"mixed": 1},
                black_threes=1,
                incomplete={"wild_jokers": 1},
                held_sevens=2,
            ),
        ]
    )
    draft = RoundDraft(game, 1)
    assert draft.sides[0].special_hand == "straight" and draft.locked(0)
    other = draft.sides[1]
    assert (other.black_threes, other.held_sevens) == (1, 2)
    assert other.incomplete == {UnfinishedMeld.WILD_JOKERS: 1}
    assert draft.problems() == []


def test_a_special_hand_taken_back_brings_back_what_it_cleared() -> None:
    """Nothing typed is lost to a hand chosen by mistake: taken back (or another hand chosen
    first), the side's values are back; where another side went out meanwhile, all but its
    own going out."""
    draft = american()
    the_worked_example(draft)
    draft.set_penalty(1, "100")
    before = [copy.deepcopy(side) for side in draft.sides]
    draft.set_special_hand(1, "pairs")
    draft.set_special_hand(1, "straight")  # another hand: still the values from before
    assert draft.sides[1].melded_text == ""
    draft.set_special_hand(1, None)
    assert draft.sides[1] == before[1]
    # Taken back by the other side going out: the values back, the going out not.
    draft.set_special_hand(1, "garbage")
    draft.toggle_went_out(0, WentOut.NORMAL)
    assert draft.sides[1].special_hand is None and draft.sides[0].went_out == WentOut.NORMAL
    assert dataclasses.replace(draft.sides[1], went_out=before[1].went_out) == before[1]
    assert draft.sides[1].went_out is None
