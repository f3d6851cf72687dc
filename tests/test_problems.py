"""Every problem the core reports is a code with params, and its template asks for exactly those."""

import dataclasses
from string import Formatter

import pytest
from examples import WE_AND_THEY, WORKED_EXAMPLE_ROUND

from canasta_score.core import (
    AMERICAN,
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    SAMBA,
    CardCounts,
    Game,
    Meld,
    Problem,
    ProblemCode,
    Rank,
    RoundRefused,
    Side,
    SideEntry,
    WarningCode,
    WentOut,
    override_rules,
    read_game,
    validate_round,
)
from canasta_score.core.problems import (
    NAMED_SIDE,
    NUMBERED_SIDE,
    PLACED,
    ROUND,
    TEMPLATES,
    Counted,
    Plural,
)
from canasta_score.core.rules import MAX_POINTS

EMPTY = SideEntry()
OUT = SideEntry(melded=400, canastas={"natural": 1}, went_out=WentOut.NORMAL)
BIG = SideEntry(melded=1000, canastas={"natural": 4, "mixed": 2}, red_threes=4)
SIDES = (Side("We", ("A",)), Side("They", ("B",)))


def refused(change):
    with pytest.raises(RoundRefused) as raised:
        change()
    return list(raised.value.problems)


def file_problems(**changes):
    document = {
        "format": "canasta-score/1",
        "rules": "classic",
        "sides": WE_AND_THEY,
        "rounds": [WORKED_EXAMPLE_ROUND],
    }
    return read_game(document | changes)[1]


def entry_problems(entry):
    return file_problems(rounds=[[entry, {}]])


def every_problem():
    """At least one problem of every kind, produced the way players and files produce them."""
    one_red_three = dataclasses.replace(CLASSIC, id="custom", red_threes=(0, 100))
    ends_early = Game(CLASSIC, SIDES, ((BIG, EMPTY), (EMPTY, EMPTY), (BIG, EMPTY)))
    rounds = [
        [SideEntry(hand=CardCounts(aces=-1)), SideEntry(melded=-50)],
        [SideEntry(melded=303), SideEntry(melded=200, canastas={"wild": 1})],
        [SideEntry(canastas={"natural": -1}), SideEntry(red_threes=-1)],
        [SideEntry(penalty=12), SideEntry(penalty=MAX_POINTS + 5)],
        [SideEntry(dealer_bonus=True), SideEntry(canastas={"mixed": 1})],
        [
            SideEntry(melded=30, canastas={"natural": 1}),
            SideEntry(melded=50, went_out=WentOut.NORMAL),
        ],
        [OUT, OUT],
        [SideEntry(red_threes=3), SideEntry(red_threes=2)],
        [SideEntry(melded=CardCounts(jokers=3)), SideEntry(hand=CardCounts(jokers=2))],
        [SideEntry(melded=1000), SideEntry(hand=185)],
    ]
    melds = [
        [Meld(Rank.QUEEN, 1, twos=2), Meld(Rank.KING, 4, twos=2, jokers=2), Meld(Rank.NINE, 2)],
        [Meld(Rank.WILD, 1, twos=3), Meld(Rank.BLACK_THREE, 5, jokers=1), Meld(Rank.ACE, -1)],
        [Meld(Rank.SEVEN, 3), Meld(Rank.SEVEN, 3), Meld(Rank.KING, 7)],
    ]
    rounds += [
        [SideEntry(melded=tuple(melds[0])), SideEntry(melded=tuple(melds[1]))],
        [SideEntry(melded=tuple(melds[2]), canastas={"mixed": 1}), EMPTY],
        [SideEntry(melded=(Meld(Rank.KING, 5),)), SideEntry(melded=(Meld(Rank.KING, 4),))],
    ]
    problems = [p for entries in rounds for p in validate_round(entries, CLASSIC, round_number=2)]
    problems += validate_round([SideEntry(melded=(Meld(Rank.KING, 2, twos=2),)), EMPTY], FINNISH)
    no_mixed = dataclasses.replace(FLEMISH, canasta_bonuses={"natural": 500, "wild": 1000})
    problems += validate_round([SideEntry(melded=(Meld(Rank.QUEEN, 6, twos=1),)), EMPTY], no_mixed)
    problems += validate_round([SideEntry(red_threes=2), EMPTY], one_red_three)
    problems += validate_round([SideEntry(dealer_bonus=True)] * 2, DANISH)
    problems += refused(lambda: Game(CLASSIC, SIDES).add_round([EMPTY]))
    problems += refused(lambda: Game(CLASSIC, SIDES, ((BIG, EMPTY),) * 2).add_round([EMPTY] * 2))
    problems += refused(lambda: Game(CLASSIC, SIDES).remove_round(4))
    problems += refused(lambda: ends_early.replace_round(2, [BIG, EMPTY]))
    ends_earlier = dataclasses.replace(ends_early, rounds=(*ends_early.rounds, (EMPTY, EMPTY)))
    problems += refused(lambda: ends_earlier.replace_round(2, [BIG, EMPTY]))
    problems += Game(CLASSIC, SIDES, ((BIG, EMPTY), (BIG, EMPTY), (EMPTY, EMPTY))).check()
    problems += override_rules(CLASSIC, {"colour": 1, "packs": 9, "going_out": 10**9})[1]
    problems += read_game([])[1]
    problems += file_problems(format="other/2", rules="nope", rule_overrides="x")
    problems += file_problems(sides=None) + file_problems(rounds={}, first_dealer=3)
    problems += file_problems(sides=[1, {"name": "", "players": []}])
    problems += file_problems(rounds=[[{}]])
    problems += entry_problems({"melded": {"queens": 1, "aces": 1.5}})
    problems += entry_problems({"hand": "lots", "colour": 1, "canastas": 2})
    problems += entry_problems({"went_out": "yes", "penalty": "x", "dealer_bonus": 1})
    problems += file_problems(rounds=[[1, {}]])
    problems += file_problems(rules_name=3)
    problems += file_problems(rounds=[[{}, {}]] * 501, rules_name="R" * 101)
    problems += entry_problems({"melded": [1, {"rank": "B"}, {"rank": "K", "natural": 1.5}]})
    problems += Game(CLASSIC, SIDES, ((SideEntry(melded=40), EMPTY),)).warnings()
    return problems + family_problems()


def family_problems():
    """At least one problem of every kind the rule families add (RULES_FAMILIES.md)."""
    two = {"natural": 2}
    one_black = dataclasses.replace(AMERICAN, id="custom", black_threes=(0, 100))
    rounds = [
        (CLASSIC, [SideEntry(black_threes=1), SideEntry(incomplete={"aces": 1})]),
        (CLASSIC, [SideEntry(held_aces=1, hand=60), SideEntry(special_hand="pairs")]),
        (AMERICAN, [SideEntry(melded=300, canastas=two, went_out=WentOut.CONCEALED), EMPTY]),
        (AMERICAN, [SideEntry(melded=(Meld(Rank.KING, 7),)), SideEntry(black_threes=-1)]),
        (AMERICAN, [SideEntry(melded=300, incomplete={"aces": 2}), EMPTY]),
        (one_black, [SideEntry(black_threes=2), EMPTY]),
        (AMERICAN, [SideEntry(special_hand="pairs", hand=50), EMPTY]),
        (
            AMERICAN,
            [
                SideEntry(
                    melded=600, canastas=two, incomplete={"sevens": 1}, went_out=WentOut.NORMAL
                ),
                SideEntry(melded=300, canastas={"natural_aces": 1}, incomplete={"aces": 1}),
            ],
        ),
        (
            AMERICAN,
            [
                SideEntry(melded=300, incomplete={"wild": 1, "wild_jokers": 1}),
                SideEntry(hand=50, held_aces=2),
            ],
        ),
        (
            AMERICAN,
            [
                SideEntry(melded=CardCounts(high=5, black_threes=1)),
                SideEntry(melded=50, incomplete={"aces": 1}),
            ],
        ),
        (AMERICAN, [SideEntry(black_threes=3), SideEntry(black_threes=2)]),
        (
            AMERICAN,
            [SideEntry(red_threes=2, hand=CardCounts(black_threes=5)), SideEntry(red_threes=2)],
        ),
        (
            SAMBA,
            [
                SideEntry(melded=400, canastas={"samba": 7}),
                SideEntry(melded=400, canastas={"samba": 6}),
            ],
        ),
        (
            AMERICAN,
            [
                SideEntry(melded=200, canastas={"natural_aces": 1}),
                SideEntry(hand=60, held_aces=1),
            ],
        ),
    ]
    problems = [
        p
        for rules, entries in rounds
        for p in validate_round(entries, rules, round_number=1, side_players=[1, 1])
    ]
    problems += entry_problems({"incomplete": {"kings": 1}, "special_hand": 3})
    return problems


PROBLEMS = every_problem()


def placeholders(template):
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def test_every_code_has_an_english_template_and_every_template_a_code():
    assert set(TEMPLATES) == set(ProblemCode) | set(WarningCode)


def test_every_code_is_produced_by_some_check():
    assert {p.code for p in PROBLEMS} == set(ProblemCode) | set(WarningCode)


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: str(p.code))
def test_each_template_asks_for_exactly_the_params_its_producer_gives(problem):
    template = TEMPLATES[problem.code]
    if isinstance(template, Plural):
        assert (
            placeholders(template.singular) == placeholders(template.plural) == set(problem.params)
        )
        assert isinstance(problem.params[template.count], int)
    else:
        assert placeholders(template) == set(problem.params)
    assert all(isinstance(v, (int, str, tuple, Counted)) for v in problem.params.values())
    assert str(problem)


def test_where_a_problem_is_has_its_own_templates():
    assert placeholders(ROUND) == {"round"}
    assert placeholders(NAMED_SIDE) == {"side"} and placeholders(NUMBERED_SIDE) == {"number"}
    assert placeholders(PLACED) == {"where", "problem"}


def test_a_plural_template_follows_the_count():
    two = Problem(
        ProblemCode.GOING_OUT_NEEDS_CANASTAS, 1, 0, "We", params={"needed": 2, "count": 1}
    )
    one = dataclasses.replace(two, params={"needed": 1, "count": 0})
    assert str(two) == 'round 1, side "We": going out needs 2 canastas, 1 entered'
    assert str(one) == 'round 1, side "We": going out needs 1 canasta, 0 entered'
    assert one.message == "going out needs 1 canasta, 0 entered"


def test_a_problem_given_as_text_keeps_its_words():
    problem = Problem("write points like 50+20+5", 4, 1, None, "melded")
    assert problem.message == "write points like 50+20+5"
    assert str(problem) == "round 4, side 2: write points like 50+20+5"


def test_problems_compare_by_code_params_and_place():
    made = validate_round([OUT, OUT], CLASSIC, round_number=3)
    assert made == validate_round([OUT, OUT], CLASSIC, round_number=3)
    assert made[0].params == {"count": 2}


def test_a_file_of_too_many_rounds_or_too_long_names_is_refused_unread():
    """A 16 MB game file of 200,000 rounds was taken in a minute, and drawing its score
    sheet then held the table's server for minutes; a side named with 60 MB likewise."""
    codes = [p.code for p in file_problems(rounds=[[{}, {}]] * 501)]
    assert codes == [ProblemCode.ROUNDS_TOO_MANY], "its rounds are not read one by one"
    assert file_problems(rounds=[[{}, {}]] * 500) == []
    long, longest = "N" * 101, "N" * 100
    assert file_problems(sides=[{"name": longest, "players": [longest]}, WE_AND_THEY[1]]) == []
    refused_names = file_problems(
        sides=[{"name": long, "players": ["A", long]}, WE_AND_THEY[1]], rules_name=long
    )
    assert [p.code for p in refused_names] == [ProblemCode.NAME_TOO_LONG] * 3
    assert str(refused_names[0]) == 'a name must be at most 100 characters, got 101: "' + (
        "N" * 20 + '…"'
    )
