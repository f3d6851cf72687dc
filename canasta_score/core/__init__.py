"""The scoring core: Canasta rules as data and pure functions, standard library only."""

from canasta_score.core.cards import CardCounts, CardGroup, CardValues
from canasta_score.core.game import Game, RoundRefused, Side, seat_order, table_name, winner_of
from canasta_score.core.gamefile import FORMAT, game_document, read_game, score_report
from canasta_score.core.problems import Problem, ProblemCode
from canasta_score.core.rules import (
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    PRESETS,
    SIX_PLAYER,
    TWO_PLAYER,
    CanastaKind,
    RuleSet,
    apply_overrides,
    opening_minimum,
    override_rules,
    rule_overrides,
    rules_as_json,
)
from canasta_score.core.scoring import SideEntry, SideScore, WentOut, score_round, score_side
from canasta_score.core.validation import validate_round

__all__ = [
    "CLASSIC",
    "DANISH",
    "FINNISH",
    "FLEMISH",
    "FORMAT",
    "PRESETS",
    "SIX_PLAYER",
    "TWO_PLAYER",
    "CanastaKind",
    "CardCounts",
    "CardGroup",
    "CardValues",
    "Game",
    "Problem",
    "ProblemCode",
    "RoundRefused",
    "RuleSet",
    "Side",
    "SideEntry",
    "SideScore",
    "WentOut",
    "apply_overrides",
    "game_document",
    "opening_minimum",
    "override_rules",
    "read_game",
    "rule_overrides",
    "rules_as_json",
    "score_report",
    "score_round",
    "score_side",
    "seat_order",
    "table_name",
    "validate_round",
    "winner_of",
]
