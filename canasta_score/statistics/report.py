"""Statistics as JSON data and as a plain text table, for the `stats` command."""

from __future__ import annotations

from typing import Any

from canasta_score.statistics.figures import Figures, Statistics


def figures_json(figures: Figures) -> dict[str, Any]:
    """One player's or partnership's figures as JSON data (without the name).

    >>> figures_json(Figures(("Anna",), games=2, wins=1, points=9000))["average_score"]
    4500.0
    """
    return {
        "games": figures.games,
        "wins": figures.wins,
        "win_rate": figures.win_rate,
        "in_play": figures.in_play,
        "average_score": figures.average_score,
        "average_round": figures.average_round,
        "best_round": figures.best_round,
        "canastas": dict(figures.canastas),
        "went_out": figures.went_out,
        "went_out_concealed": figures.went_out_concealed,
        "red_threes": figures.red_threes,
    }


def statistics_json(stats: Statistics) -> dict[str, Any]:
    """`{"players": [{"name": ..., ...}], "partnerships": [{"players": [...], ...}]}`.

    Figures a player without a finished game cannot have (win rate, averages, best round)
    are null.
    """
    return {
        "players": [{"name": f.name} | figures_json(f) for f in stats.players],
        "partnerships": [
            {"players": list(f.players)} | figures_json(f) for f in stats.partnerships
        ],
    }


def _number(value: float | None, digits: int = 0) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _rows(figures: tuple[Figures, ...], kinds: list[str]) -> list[list[str]]:
    return [
        [
            f.name,
            str(f.games),
            str(f.wins),
            "–" if f.win_rate is None else f"{f.win_rate:.0%}",
            str(f.in_play),
            _number(f.average_score),
            _number(f.average_round),
            _number(f.best_round),
            *(str(f.canastas.get(kind, 0)) for kind in kinds),
            str(f.went_out),
            str(f.went_out_concealed),
            str(f.red_threes),
        ]
        for f in figures
    ]


def _table(title: str, header: list[str], rows: list[list[str]]) -> list[str]:
    if not rows:
        return [title, "  (none yet)"]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(row: list[str]) -> str:
        # The name column reads left to right; the numbers line up on the right.
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        return "  ".join(cells).rstrip()

    return [title, line(header), *(line(row) for row in rows)]


def statistics_table(stats: Statistics) -> str:
    """The figures as a plain text table, players first, then partnerships.

    >>> print(statistics_table(Statistics((), ())))
    Players
      (none yet)
    <BLANKLINE>
    Partnerships
      (none yet)
    """
    kinds: list[str] = []
    for f in (*stats.players, *stats.partnerships):
        kinds += [kind for kind in f.canastas if kind not in kinds]
    numbers = ["Games", "Wins", "Win %", "In play", "Avg score", "Avg round", "Best round"]
    header = [
        *numbers,
        *(kind.replace("_", " ").capitalize() for kind in kinds),
        "Out",
        "Concealed",
        "Red 3s",
    ]
    return "\n".join(
        [
            *_table("Players", ["Player", *header], _rows(stats.players, kinds)),
            "",
            *_table("Partnerships", ["Partnership", *header], _rows(stats.partnerships, kinds)),
        ]
    )
