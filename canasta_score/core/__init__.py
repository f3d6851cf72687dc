"""The scoring core: Canasta rules as data and pure functions, standard library only."""

from canasta_score.core.cards import CardCounts, CardGroup, CardValues
from canasta_score.core.game import (
    Game,
    RoundPreview,
    RoundRefused,
    Side,
    SidePreview,
    seat_order,
    table_name,
    winner_of,
)
from canasta_score.core.gamefile import FORMAT, game_document, read_game, score_report
from canasta_score.core.players import player_key
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
    describe,
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
    "RoundPreview",
    "RoundRefused",
    "RuleSet",
    "Side",
    "SideEntry",
    "SidePreview",
    "SideScore",
    "WentOut",
    "apply_overrides",
    "describe",
    "game_document",
    "opening_minimum",
    "override_rules",
    "player_key",
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
