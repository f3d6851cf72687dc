"""The worked example of RULES.md (seed 004) as game-file data, shared by the test suites."""

#: We: 420 melded, 70 in hand, one natural and one mixed canasta, two red threes, went out;
#: They: nothing melded, 85 in hand, one red three. Scores 1450 and -185.
WORKED_EXAMPLE_ROUND = [
    {
        "melded": 420,
        "hand": 70,
        "canastas": {"natural": 1, "mixed": 1},
        "red_threes": 2,
        "went_out": "normal",
    },
    {"melded": 0, "hand": 85, "red_threes": 1},
]

#: RULES.md, "Melds", worked example (seed 004's round): the side that went out, meld by meld,
#: as GAME_FORMAT.md writes it.
WORKED_EXAMPLE_MELDS = [
    {"rank": "K", "natural": 7},
    {"rank": "Q", "natural": 5, "twos": 1, "jokers": 1},
    {"rank": "A", "natural": 3, "twos": 1},
    {"rank": "7", "natural": 4},
    {"rank": "8", "natural": 3, "jokers": 1},
    {"rank": "9", "natural": 5},
]
#: Eight melds of one side (the worked example with jacks and tens), for a small phone.
EIGHT_MELDS = [*WORKED_EXAMPLE_MELDS, {"rank": "J", "natural": 4}, {"rank": "10", "natural": 3}]

WE_AND_THEY = [
    {"name": "We", "players": ["Anna", "Ben"]},
    {"name": "They", "players": ["Cleo", "Dan"]},
]


def game_file(rounds=(WORKED_EXAMPLE_ROUND,), sides=WE_AND_THEY, rules="classic", **more):
    """A fresh game-file document (safe to change) with these rounds."""
    document = {
        "format": "canasta-score/1",
        "rules": rules,
        "sides": [dict(side, players=list(side["players"])) for side in sides],
        "rounds": [[dict(entry) for entry in entries] for entries in rounds],
    }
    return document | more
