"""Round entry meld by meld, without a client: the draft's verbs, what the melds give, the
refusals beside each meld, the warning, and keeping and editing a round entered meld by meld."""

from __future__ import annotations

from canasta_score.core import CLASSIC, FLEMISH, CanastaKind, Game, Rank, Side, WentOut
from canasta_score.core.melds import WORKED_EXAMPLE
from canasta_score.ui.state import EntryMode, RoundDraft

WE_THEY = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))


def enter_worked_example_melds(draft: RoundDraft) -> None:
    """RULES.md, "Melds", worked example (seed 004's round), meld by meld for We."""
    draft.set_mode(0, EntryMode.MELDS)
    for meld in WORKED_EXAMPLE:
        draft.add_meld(0, meld.rank)
        draft.set_meld_count(0, meld.rank, "natural", meld.natural)
        for _ in range(meld.twos):
            draft.step_meld(0, meld.rank, "twos", 1)
        for _ in range(meld.jokers):
            draft.step_meld(0, meld.rank, "jokers", 1)
    draft.set_hand(0, "70")
    draft.add_red_three(0, 1)
    draft.add_red_three(0, 1)
    draft.toggle_went_out(0, WentOut.NORMAL)
    draft.set_hand(1, "85")
    draft.add_red_three(1, 1)


def test_the_worked_example_meld_by_meld_scores_as_the_sums_do() -> None:
    draft = RoundDraft(Game(CLASSIC, WE_THEY))
    enter_worked_example_melds(draft)
    assert draft.can_save(), draft.problems()
    assert [side.round_score for side in draft.preview()] == [1450, -185]
    entries, _ = draft.entries()
    assert entries is not None
    assert entries[0].melds == WORKED_EXAMPLE
    assert dict(entries[0].canastas) == {}  # the melds give them


def test_a_meld_starts_at_three_natural_cards_and_a_rank_is_melded_once() -> None:
    draft = RoundDraft(Game(CLASSIC, WE_THEY), mode=EntryMode.MELDS)
    draft.add_meld(0, Rank.KING)
    draft.step_meld(0, Rank.KING, "natural", 1)
    draft.add_meld(0, Rank.KING)
    assert [(m.rank, m.natural) for m in draft.sides[0].melds] == [(Rank.KING, 4)]
    draft.step_meld(0, Rank.KING, "twos", -1)
    assert draft.sides[0].melds[0].twos == 0
    draft.remove_meld(0, Rank.KING)
    assert draft.sides[0].melds == []


def test_one_queen_with_two_twos_is_refused_beside_its_meld() -> None:
    """Seed 004 line 34: a meld needs at least 2 natural cards."""
    draft = RoundDraft(Game(CLASSIC, WE_THEY), mode=EntryMode.MELDS)
    draft.add_meld(0, Rank.QUEEN)
    draft.set_meld_count(0, Rank.QUEEN, "natural", 1)
    draft.step_meld(0, Rank.QUEEN, "twos", 2)
    [problem] = draft.problems()
    assert problem.meld == "Q" and problem.side == 0
    assert not draft.can_save()


def test_melded_below_the_opening_minimum_warns_and_does_not_refuse() -> None:
    """RULES.md, "Entries that are possible but likely miscounted": said, never refused."""
    game = Game(CLASSIC, WE_THEY)
    assert game.opening_minimums_before(1)[0] == 50
    draft = RoundDraft(game, mode=EntryMode.MELDS)
    draft.add_meld(0, Rank.FOUR)  # 3 fours: 15 points, below the 50 needed to open
    check = draft.check()
    assert [w.code.value for w in check.warnings_of_side(0)] == ["melded_below_opening_minimum"]
    assert draft.can_save()
    draft.add_meld(0, Rank.KING)  # and 3 kings: 45 points, still below
    assert draft.check().warnings
    draft.step_meld(0, Rank.KING, "natural", 1)  # 4 kings: 55 points in all, enough
    assert not draft.check().warnings and draft.can_save()


def test_melds_are_kept_in_the_half_entered_round_and_with_their_mode() -> None:
    game = Game(CLASSIC, WE_THEY)
    draft = RoundDraft(game)
    enter_worked_example_melds(draft)
    again = RoundDraft.from_dict(game, draft.as_dict())
    assert again.sides[0].mode == EntryMode.MELDS and again.sides[1].mode == EntryMode.POINTS
    assert [m.meld() for m in again.sides[0].melds] == list(WORKED_EXAMPLE)
    assert [s.round_score for s in again.preview()] == [1450, -185]


def test_a_round_entered_meld_by_meld_opens_meld_by_meld_again() -> None:
    game = Game(CLASSIC, WE_THEY)
    draft = RoundDraft(game)
    enter_worked_example_melds(draft)
    game = game.add_round(draft.entries()[0] or [])
    edit = RoundDraft(game, 1)
    assert edit.sides[0].mode == EntryMode.MELDS
    assert [m.meld() for m in edit.sides[0].melds] == list(WORKED_EXAMPLE)
    assert edit.sides[0].hand_text == "70"
    assert edit.sides[1].mode == EntryMode.POINTS
    edit.step_meld(0, Rank.NINE, "natural", 1)
    assert edit.preview()[0].round_score == 1460


def test_switching_from_melds_to_points_carries_the_points_and_canastas() -> None:
    draft = RoundDraft(Game(CLASSIC, WE_THEY))
    enter_worked_example_melds(draft)
    draft.set_mode(0, EntryMode.POINTS)
    assert draft.sides[0].melded_text == "420"
    assert draft.sides[0].canastas[next(iter(draft.sides[0].canastas))] == 1
    assert [s.round_score for s in draft.preview()] == [1450, -185]


def test_a_phone_that_enters_melds_starts_each_side_so_and_keeps_no_empty_draft() -> None:
    draft = RoundDraft(Game(CLASSIC, WE_THEY), mode=EntryMode.MELDS)
    assert [side.mode for side in draft.sides] == [EntryMode.MELDS, EntryMode.MELDS]
    assert not draft.worth_keeping
    draft.set_mode(1, EntryMode.POINTS)
    assert draft.worth_keeping


def test_wild_melds_are_offered_only_where_the_rules_have_a_wild_canasta() -> None:
    assert Rank.WILD not in RoundDraft(Game(CLASSIC, WE_THEY)).meld_ranks()
    flemish = RoundDraft(Game(FLEMISH, WE_THEY), mode=EntryMode.MELDS)
    assert Rank.WILD in flemish.meld_ranks()
    flemish.add_meld(0, Rank.WILD)
    assert flemish.sides[0].melds[0].meld().twos == 3


# --- switching the way of entering loses nothing (issue 22, finding 1) ---------------------


def test_points_typed_survive_a_switch_to_melds_and_back() -> None:
    """Issue 22, finding 1: `120+35` and a natural canasta typed, melds on and off again."""
    game = Game(CLASSIC, WE_THEY)
    draft = RoundDraft(game)
    draft.set_melded(0, "120+35")
    draft.add_canasta(0, CanastaKind.NATURAL, 1)
    draft.set_hand(0, "20")
    draft.set_mode(0, EntryMode.MELDS)
    kept = RoundDraft.from_dict(game, draft.as_dict())  # the draft as written at the switch
    for side in (draft.sides[0], kept.sides[0]):
        assert (side.melded_text, side.hand_text) == ("120+35", "20")
        assert side.canastas[CanastaKind.NATURAL] == 1
    draft.set_mode(0, EntryMode.POINTS)
    side = draft.sides[0]
    assert (side.melded_text, side.hand_text, side.canastas[CanastaKind.NATURAL]) == (
        "120+35",
        "20",
        1,
    )
    assert draft.other_figures(0) is None  # no melds entered: nothing to choose between


def test_melds_that_say_something_else_than_the_typed_points_are_shown_beside_them() -> None:
    draft = RoundDraft(Game(CLASSIC, WE_THEY))
    draft.set_melded(0, "120+35")
    enter_worked_example_melds(draft)  # switches to melds and enters them
    other = draft.other_figures(0)
    assert other is not None and other.mode == EntryMode.MELDS
    assert (other.melded, other.typed_melded) == (420, "120+35")
    assert (other.canastas, other.typed_canastas, other.same) == (2, 0, False)
    # The melds count while melds are on; switching back keeps both, the typed figure counts.
    assert draft.preview()[0].round_score == 1450
    draft.set_mode(0, EntryMode.POINTS)
    assert draft.sides[0].melded_text == "120+35"
    assert (draft.sides[0].melds[0].rank, draft.sides[0].melds[0].natural) == (Rank.KING, 7)
    assert draft.other_figures(0) is not None
    # The player takes the melds: entered meld by meld, the typed figure gone.
    draft.take_other(0)
    assert draft.sides[0].mode == EntryMode.MELDS and draft.sides[0].melded_text == ""
    assert draft.other_figures(0) is None
    assert draft.preview()[0].round_score == 1450


def test_keeping_the_typed_points_drops_the_melds_only_when_asked() -> None:
    draft = RoundDraft(Game(CLASSIC, WE_THEY))
    draft.set_melded(0, "120+35")
    enter_worked_example_melds(draft)
    draft.keep_typed(0)
    side = draft.sides[0]
    assert (side.mode, side.melded_text, side.melds) == (EntryMode.POINTS, "120+35", [])
    assert draft.other_figures(0) is None


def test_a_meld_count_past_three_digits_is_kept_whole_and_refused_with_its_number() -> None:
    """Issue 22, finding 10: 1234 kings were cut to 123 without a word."""
    from canasta_score.ui.components.meld_entry import digits

    draft = RoundDraft(Game(CLASSIC, WE_THEY), mode=EntryMode.MELDS)
    draft.add_meld(0, Rank.KING)
    draft.set_meld_count(0, Rank.KING, "natural", digits("1234"))
    assert draft.sides[0].melds[0].natural == 1234
    assert any("1234" in str(problem) for problem in draft.problems()), draft.problems()
    assert not draft.can_save()


def test_a_sides_draft_is_kept_with_every_field() -> None:
    """`as_dict` is written out by hand (it runs at every keystroke): no field left behind."""
    import dataclasses

    from canasta_score.ui.state import SideDraft

    assert set(SideDraft().as_dict()) == {f.name for f in dataclasses.fields(SideDraft)}
