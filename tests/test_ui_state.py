"""The app's screen state without any client: round drafts, sums, the new-game form, the sheet."""

from __future__ import annotations

import pytest

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FLEMISH,
    PRESETS,
    SIX_PLAYER,
    CanastaKind,
    CardCounts,
    CardGroup,
    Game,
    RoundRefused,
    Side,
    SideEntry,
    WentOut,
)
from canasta_score.i18n import translator
from canasta_score.ui.state import (
    CardPlace,
    EntryMode,
    NewGameForm,
    RoundDraft,
    SideDraft,
    compare_presets,
    format_points,
    parse_points,
    rules_table,
    sheet_columns,
    sheet_rows,
    signed,
)

WE_THEY = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))


def new_game(rules=CLASSIC, sides=WE_THEY) -> Game:
    return Game(rules=rules, sides=sides)


def enter_worked_example(draft: RoundDraft) -> int:
    """The worked example round of RULES.md, tap by tap; returns the number of inputs used."""
    inputs = [
        lambda: draft.set_melded(0, "420"),
        lambda: draft.set_hand(0, "70"),
        lambda: draft.add_canasta(0, CanastaKind.NATURAL, 1),
        lambda: draft.add_canasta(0, CanastaKind.MIXED, 1),
        lambda: draft.add_red_three(0, 1),
        lambda: draft.add_red_three(0, 1),
        lambda: draft.toggle_went_out(0, WentOut.NORMAL),
        lambda: draft.set_hand(1, "85"),
        lambda: draft.add_red_three(1, 1),
    ]
    for tap in inputs:
        tap()
    return len(inputs)


# --- typed sums ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("120+35+5", 160),
        (" 120 + 35 + 5 ", 160),
        ("", 0),
        ("   ", 0),
        ("85", 85),
        ("90+", 90),
        ("-85", -85),
        ("100-5", 95),
    ],
)
def test_points_are_read_as_sums(text: str, points: int) -> None:
    assert parse_points(text) == points


@pytest.mark.parametrize("text", ["12a", "1 2", "++", "+-5", "5..", "abc"])
def test_points_that_are_not_numbers_are_refused(text: str) -> None:
    assert parse_points(text) is None


def test_a_typed_sum_gives_the_melded_points_of_the_round() -> None:
    draft = RoundDraft(new_game())
    draft.set_melded(0, "120+35+5")
    assert draft.preview()[0].round_score == 160


def test_a_side_whose_entry_is_refused_shows_no_score_in_the_preview() -> None:
    draft = RoundDraft(new_game())
    draft.set_melded(0, "-5")
    draft.set_melded(1, "90")
    we, they = draft.preview()
    assert (we.round_score, we.total, we.opening) == (None, None, None)
    assert they.round_score == 90


def test_letters_in_a_points_field_are_a_problem_next_to_that_field() -> None:
    draft = RoundDraft(new_game())
    draft.set_hand(1, "8x")
    problems = draft.problems()
    assert [(p.side, p.field) for p in problems] == [(1, "hand")]
    assert "like 50+20+5" in problems[0].message
    assert not draft.can_save()


# --- the worked example and the input budget --------------------------------------------------


def test_the_worked_example_takes_nine_inputs_between_add_round_and_save() -> None:
    draft = RoundDraft(new_game())
    # + the add-round tap and the save tap on screen: 11 inputs in all
    assert enter_worked_example(draft) + 2 <= 11
    assert draft.problems() == []
    assert draft.can_save()
    we, they = draft.preview()
    assert (we.round_score, we.total, we.opening) == (1450, 1450, 50)
    assert (they.round_score, they.total, they.opening) == (-185, -185, 15)
    assert they.opening_changed and not we.opening_changed


def test_a_side_with_nothing_melded_needs_no_tick() -> None:
    draft = RoundDraft(new_game())
    enter_worked_example(draft)
    entries, problems = draft.entries()
    assert problems == []
    assert entries is not None
    assert entries[1].melded == 0 and entries[1].red_threes == 1


# --- going out, dealer bonus ----------------------------------------------------------------


def test_going_out_for_one_side_clears_the_others() -> None:
    draft = RoundDraft(new_game())
    draft.toggle_went_out(0, WentOut.NORMAL)
    draft.toggle_went_out(1, WentOut.CONCEALED)
    assert [side.went_out for side in draft.sides] == [None, WentOut.CONCEALED]


def test_tapping_the_chosen_way_out_again_takes_it_back() -> None:
    draft = RoundDraft(new_game())
    draft.toggle_went_out(0, WentOut.NORMAL)
    draft.toggle_went_out(0, WentOut.NORMAL)
    assert draft.sides[0].went_out is None
    draft.toggle_went_out(0, WentOut.NORMAL)
    draft.toggle_went_out(0, WentOut.CONCEALED)
    assert draft.sides[0].went_out is WentOut.CONCEALED


def test_only_one_side_has_the_dealer_bonus() -> None:
    draft = RoundDraft(new_game(DANISH))
    draft.toggle_dealer_bonus(0)
    draft.toggle_dealer_bonus(1)
    assert [side.dealer_bonus for side in draft.sides] == [False, True]
    draft.set_melded(1, "100")
    assert draft.preview()[1].round_score == 200


def test_steppers_do_not_go_below_zero() -> None:
    draft = RoundDraft(new_game())
    draft.add_red_three(0, -1)
    draft.add_canasta(0, CanastaKind.NATURAL, -1)
    draft.add_cards(0, CardPlace.HAND, CardGroup.JOKERS, -1)
    side = draft.sides[0]
    assert (side.red_threes, side.canastas["natural"], side.hand_cards["jokers"]) == (0, 0, 0)


# --- refused rounds ----------------------------------------------------------------------------


def test_going_out_without_a_canasta_is_refused_in_plain_words() -> None:
    draft = RoundDraft(new_game())
    draft.set_melded(0, "200")
    draft.toggle_went_out(0, WentOut.NORMAL)
    problems = draft.problems()
    assert [(p.side, p.field) for p in problems] == [(0, "went_out")]
    assert problems[0].message == "going out needs 1 canasta, 0 entered"
    assert not draft.can_save()


@pytest.mark.parametrize(
    ("taps", "words"),
    [
        (lambda d: [d.add_red_three(0, 1) for _ in range(5)], "red threes entered"),
        (lambda d: d.set_melded(0, "303"), "multiple of 5"),
        (lambda d: d.set_hand(1, "-85"), "cannot be negative"),
        (
            lambda d: (d.set_melded(0, "1000"), d.set_melded(1, "400")),
            "all the cards in the packs are worth 1180",
        ),
        (lambda d: d.add_canasta(1, CanastaKind.NATURAL, 1), "no melded points"),
    ],
)
def test_impossible_rounds_are_refused_with_a_reason(taps, words: str) -> None:
    draft = RoundDraft(new_game())
    taps(draft)
    problems = draft.problems()
    assert any(words in p.message for p in problems), problems
    assert not draft.can_save()


def test_an_untouched_round_cannot_be_saved_and_shows_no_problems() -> None:
    draft = RoundDraft(new_game())
    assert not draft.touched
    assert not draft.can_save()
    assert draft.problems() == []


def test_a_finished_game_takes_no_new_round() -> None:
    out = SideEntry(melded=600, canastas={"natural": 1}, went_out=WentOut.NORMAL)
    game = new_game().add_round([out, SideEntry(hand=5)])
    finished = Game(rules=game.rules, sides=game.sides, rounds=game.rounds * 6)
    assert finished.finished
    draft = RoundDraft(finished)
    draft.set_melded(0, "100")
    assert any("the game is over" in p.message for p in draft.problems())


# --- card counting -------------------------------------------------------------------------------


def test_card_counts_give_points_by_the_rules_card_values() -> None:
    draft = RoundDraft(new_game(DANISH))
    draft.set_mode(0, EntryMode.CARDS)
    for _ in range(2):
        draft.add_cards(0, CardPlace.MELDED, CardGroup.BLACK_THREES, 1)
    draft.add_cards(0, CardPlace.MELDED, CardGroup.JOKERS, 1)
    draft.add_cards(0, CardPlace.HAND, CardGroup.ACES, 1)
    assert draft.cards_points(0, CardPlace.MELDED) == 50  # black threes are worth 0 in Danish rules
    entries, _problems = draft.entries()
    assert entries is not None
    assert entries[0].melded == CardCounts(jokers=1, black_threes=2)
    assert draft.preview()[0].round_score == 30


def test_switching_back_to_points_carries_the_counted_points_over() -> None:
    draft = RoundDraft(new_game())
    draft.set_mode(0, EntryMode.CARDS)
    draft.add_cards(0, CardPlace.MELDED, CardGroup.HIGH, 7)
    draft.add_cards(0, CardPlace.HAND, CardGroup.LOW, 2)
    draft.set_mode(0, EntryMode.POINTS)
    assert (draft.sides[0].melded_text, draft.sides[0].hand_text) == ("70", "10")


def test_more_cards_of_a_group_than_the_packs_hold_is_refused() -> None:
    draft = RoundDraft(new_game())
    for side in (0, 1):
        draft.set_mode(side, EntryMode.CARDS)
        for _ in range(3):
            draft.add_cards(side, CardPlace.HAND, CardGroup.JOKERS, 1)
    assert any("6 jokers counted" in p.message for p in draft.problems())
    assert draft.cards_limit(CardGroup.JOKERS) == 4
    assert RoundDraft(new_game(SIX_PLAYER)).cards_limit(CardGroup.JOKERS) == 6


# --- the half-typed round survives a restart -------------------------------------------------------


def test_a_draft_comes_back_exactly_as_it_was_typed() -> None:
    game = new_game(FLEMISH)
    draft = RoundDraft(game)
    draft.set_melded(0, "420+")
    draft.add_canasta(0, CanastaKind.WILD, 1)
    draft.toggle_went_out(0, WentOut.CONCEALED)
    draft.set_mode(1, EntryMode.CARDS)
    draft.add_cards(1, CardPlace.HAND, CardGroup.TWOS, 2)
    again = RoundDraft.from_dict(game, draft.as_dict())
    assert again.sides == draft.sides
    assert again.editing is None


def test_a_draft_that_no_longer_fits_the_game_starts_fresh() -> None:
    game = new_game()
    data = RoundDraft(game).as_dict()
    data["sides"] = data["sides"][:1]
    assert not RoundDraft.from_dict(game, data).touched
    assert not RoundDraft.from_dict(game, {"round": 7, "sides": "nonsense"}).touched


def test_a_draft_of_an_edit_keeps_its_round_number() -> None:
    game = new_game()
    draft = RoundDraft(game)
    enter_worked_example(draft)
    entries, _problems = draft.entries()
    assert entries is not None
    game = game.add_round(entries)
    edit = RoundDraft(game, 1)
    assert edit.sides[0].melded_text == "420"
    edit.set_hand(0, "75")
    again = RoundDraft.from_dict(game, edit.as_dict())
    assert again.editing == 1 and again.sides[0].hand_text == "75"


def test_side_draft_reads_back_unknown_keys_safely() -> None:
    side = SideDraft.from_dict({"melded_text": "50", "colour": "red", "went_out": "normal"})
    assert side.melded_text == "50" and side.went_out is WentOut.NORMAL


# --- a whole game through the state classes ----------------------------------------------------------


def test_a_whole_game_played_through_the_drafts() -> None:
    game = new_game()
    draft = RoundDraft(game)
    enter_worked_example(draft)
    game = game.add_round(draft.entries()[0] or [])
    # Round 2: They meld big, We are caught with cards in hand.
    draft = RoundDraft(game)
    draft.set_melded(1, "300+150+55")
    draft.add_canasta(1, CanastaKind.NATURAL, 2)
    draft.toggle_went_out(1, WentOut.CONCEALED)
    draft.set_hand(0, "120")
    assert draft.can_save()
    game = game.add_round(draft.entries()[0] or [])
    assert game.totals == (1330, 1520)
    columns = sheet_columns(game)
    assert [c.opening for c in columns] == [50, 90]
    assert [c.opening_changed for c in columns] == [False, True]
    # Rounds of 1500 each for We until the target.
    while not game.finished:
        draft = RoundDraft(game)
        draft.set_melded(0, "500")
        draft.add_canasta(0, CanastaKind.NATURAL, 2)
        draft.add_red_three(0, 1)
        draft.toggle_went_out(0, WentOut.NORMAL)
        assert draft.can_save(), draft.problems()
        game = game.add_round(draft.entries()[0] or [])
    assert game.winner == 0
    rows = sheet_rows(game)
    assert rows[-1].totals == game.totals
    assert [row.dealer for row in rows[:5]] == ["Anna", "Cleo", "Ben", "Dan", "Anna"]
    # No further round: the draft says why and the core refuses.
    draft = RoundDraft(game)
    draft.set_melded(0, "50")
    assert not draft.can_save()
    with pytest.raises(RoundRefused):
        game.add_round(draft.entries()[0] or [])
    # Editing round 1 to a smaller score un-finishes nothing earlier, totals follow.
    edit = RoundDraft(game, 1)
    edit.set_hand(0, "170")
    assert edit.preview()[0].round_score == 1350
    assert edit.can_save()
    edited = game.replace_round(1, edit.entries()[0] or [])
    assert edited.totals[0] == game.totals[0] - 100


def test_the_preview_of_an_edit_counts_from_the_total_before_that_round() -> None:
    game = new_game()
    draft = RoundDraft(game)
    enter_worked_example(draft)
    game = game.add_round(draft.entries()[0] or [])
    game = game.add_round(draft.entries()[0] or [])
    edit = RoundDraft(game, 2)
    assert [p.total for p in edit.preview()] == [2900, -370]
    assert edit.round_number == 2


# --- new game ---------------------------------------------------------------------------------------------


def test_two_single_players_are_offered_the_two_player_rules() -> None:
    form = NewGameForm()
    assert form.rules_id == "classic"
    form.set_players_per_side(1)
    assert form.suggested_rules() == "two-player"
    assert form.rules_id == "two-player"


def test_six_players_are_offered_the_six_player_rules_and_its_target() -> None:
    form = NewGameForm()
    form.set_players_per_side(3)
    assert form.rules_id == "six-player" and form.target_text == "10,000"
    form = NewGameForm()
    form.add_side()
    assert form.rules_id == "six-player" and form.target_text == "7,500"


def test_a_chosen_rule_set_and_target_are_kept_when_players_change() -> None:
    form = NewGameForm()
    form.choose_rules("finnish")
    form.set_target("3000")
    form.set_players_per_side(1)
    assert (form.rules_id, form.target_text) == ("finnish", "3000")
    game = form.game()
    assert game.target == 3000 and game.rules.base == "finnish"


def test_seat_order_alternates_the_sides_and_blank_names_get_defaults() -> None:
    form = NewGameForm()
    form.name_player(0, 0, "Anna")
    form.name_player(1, 0, "Cleo")
    assert form.seats() == ["Anna", "Cleo", "We 2", "They 2"]
    form.choose_first_dealer(1)
    game = form.game()
    assert game.next_dealer == (1, 0)


def test_remembered_names_fill_the_first_empty_seat() -> None:
    form = NewGameForm()
    assert form.offer_player("Anna") == (0, 0)
    assert form.offer_player("Ben") == (0, 1)
    assert form.offer_player("Cleo") == (1, 0)
    assert form.offer_player("anna ") is None, "a name already at the table is not seated twice"
    assert form.offer_player(" CLEO ") is None
    form.name_player(0, 0, "Åsa  Berg")
    assert form.offer_player("åsa berg") is None, "the players' key: spaces and case aside"
    assert form.sides[1].players == ["Cleo", ""]


def test_sides_and_players_stay_within_the_rules_limits() -> None:
    form = NewGameForm()
    for _ in range(5):
        form.add_side()
        form.add_player(0)
    assert len(form.sides) == 4 and len(form.sides[0].players) == 3
    for _ in range(5):
        form.remove_side(0)
        form.remove_player(1)
    assert len(form.sides) == 2 and len(form.sides[1].players) == 1


def test_a_new_game_with_the_same_players_keeps_sides_and_rules() -> None:
    old = Game(rules=FLEMISH, sides=WE_THEY)
    form = NewGameForm(old.sides, old.rules)
    assert form.rules_id == "flemish"
    assert form.final_sides() == list(WE_THEY)


def test_same_side_names_and_a_bad_target_are_problems() -> None:
    form = NewGameForm()
    form.rename_side(1, "We")
    form.set_target("0")
    assert len(form.problems()) == 2


# --- sheet and rules text ----------------------------------------------------------------------------------


def test_points_are_written_for_reading_at_arms_length() -> None:
    assert [format_points(p) for p in (0, -185, 1450, 10000)] == ["0", "-185", "1450", "10 000"]


def test_points_follow_the_readers_language_where_a_translator_is_given() -> None:
    german, finnish = translator("de"), translator("fi")
    assert format_points(5000, german) == "5.000" and signed(1000, german) == "+1.000"
    assert format_points(5000, finnish) == "5\xa0000"


def test_every_preset_compares_against_classic() -> None:
    english = translator("en")
    rows = {
        label: (values, differs)
        for label, values, differs in compare_presets(list(PRESETS.values()), english)
    }
    values, differs = rows["Natural canastas"]
    assert values[-1] == "700" and differs == [False, False, False, False, False, True]
    assert rows["Wild canastas"][0] == ["-", "-", "-", "1,000", "-", "-"]
    assert ("Dealer bonus", "100") in rules_table(DANISH, english)
    assert ("Target", "10,000 (7,500 with three sides)") in rules_table(SIX_PLAYER, english)


def test_the_rule_families_tables_say_no_wild_card_count_of_a_meld() -> None:
    """American and Samba showed "at most 3 wild ones", where a mixed canasta holds 1 or 2 and
    the value is unused (RULES_FAMILIES.md)."""
    from canasta_score.core import AMERICAN, SAMBA

    english = translator("en")
    for rules in (AMERICAN, SAMBA):
        assert "Wild cards in a meld" not in dict(rules_table(rules, english)), rules.id
    assert "Wild cards in a meld" in dict(rules_table(CLASSIC, english))


def test_the_rule_table_is_worded_and_numbered_in_the_readers_language() -> None:
    german = translator("de")
    table = dict(rules_table(SIX_PLAYER, german))
    assert table[german._("Target")] == german._("{target} ({three} with three sides)").format(
        target="10.000", three="7.500"
    )


def test_switching_to_card_counting_alone_is_not_a_round_to_save() -> None:
    draft = RoundDraft(new_game())
    draft.set_mode(0, EntryMode.CARDS)
    assert not draft.touched and not draft.can_save()
    assert draft.worth_keeping
    draft.add_cards(0, CardPlace.HAND, CardGroup.LOW, 1)
    assert draft.touched and draft.can_save()


def test_a_side_of_one_player_is_named_by_its_player_with_one_name() -> None:
    form = NewGameForm()
    form.name_player(0, 0, "Anna")
    form.name_player(0, 1, "Ben")
    form.set_players_per_side(1)
    # The lone opponent named by default is a player, not "They".
    assert [(side.name, side.players) for side in form.sides] == [
        ("Anna", [""]),
        ("Player 2", [""]),
    ]
    assert form.final_sides() == [Side("Anna", ("Anna",)), Side("Player 2", ("Player 2",))]
    assert form.offer_player("anna") is None, "Anna is seated, as the side's name"
    assert form.offer_player("Cleo") == (1, 0)
    assert form.final_sides()[1] == Side("Cleo", ("Cleo",))
    assert form.offer_player("Dan") is None, "no single player is left unnamed"
    form.add_player(1)  # a partner joins: the name goes back to its player
    assert (form.sides[1].name, form.sides[1].players) == ("They", ["Cleo", ""])


def test_a_new_game_of_single_players_keeps_their_names() -> None:
    old = (Side("We", ("Anna",)), Side("Cleo", ("Cleo",)))
    form = NewGameForm(old, PRESETS["two-player"])
    assert form.final_sides() == [Side("Anna", ("Anna",)), Side("Cleo", ("Cleo",))]


def test_typed_points_survive_a_switch_to_card_counts_and_back_beside_the_counted_ones() -> None:
    """Issue 22, finding 1: card counts do not hide or overwrite the typed points."""
    draft = RoundDraft(new_game())
    draft.set_melded(0, "120+35")
    draft.set_hand(0, "30")
    draft.set_mode(0, EntryMode.CARDS)
    draft.add_cards(0, CardPlace.MELDED, CardGroup.HIGH, 7)
    other = draft.other_figures(0)
    assert other is not None and other.mode == EntryMode.CARDS
    assert (other.melded, other.typed_melded, other.hand, other.typed_hand) == (
        70,
        "120+35",
        0,
        "30",
    )
    draft.set_mode(0, EntryMode.POINTS)
    assert (draft.sides[0].melded_text, draft.sides[0].hand_text) == ("120+35", "30")
    assert draft.sides[0].melded_cards[CardGroup.HIGH] == 7
    draft.take_other(0)
    assert draft.sides[0].mode == EntryMode.CARDS
    assert draft.preview()[0].round_score == 70
