"""Statistics: pure figures over played games (players, partnerships, head-to-head, charts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_score.core.lazy import exports

if TYPE_CHECKING:
    from canasta_score.statistics.charts import (
        BarPart,
        ChartSeries,
        OpeningBand,
        RoundBars,
        SideSeries,
        chart_series,
        opening_bands,
        round_bars,
    )
    from canasta_score.statistics.figures import (
        Figures,
        HeadToHead,
        Statistics,
        game_statistics,
        head_to_head,
    )
    from canasta_score.statistics.names import NameChange, Names, apply_changes
    from canasta_score.statistics.report import figures_json, statistics_json, statistics_table
    from canasta_score.statistics.summary import (
        ALL_GAMES,
        GameFigures,
        PlayedGame,
        SideSummary,
        StatsFilter,
        summarize,
    )

_MODULES = {
    "BarPart": "charts",
    "ChartSeries": "charts",
    "OpeningBand": "charts",
    "RoundBars": "charts",
    "SideSeries": "charts",
    "chart_series": "charts",
    "opening_bands": "charts",
    "round_bars": "charts",
    "Figures": "figures",
    "HeadToHead": "figures",
    "Statistics": "figures",
    "game_statistics": "figures",
    "head_to_head": "figures",
    "NameChange": "names",
    "Names": "names",
    "apply_changes": "names",
    "figures_json": "report",
    "statistics_json": "report",
    "statistics_table": "report",
    "ALL_GAMES": "summary",
    "GameFigures": "summary",
    "PlayedGame": "summary",
    "SideSummary": "summary",
    "StatsFilter": "summary",
    "summarize": "summary",
}

__getattr__ = exports(__name__, _MODULES)

__all__ = [
    "ALL_GAMES",
    "BarPart",
    "ChartSeries",
    "Figures",
    "GameFigures",
    "HeadToHead",
    "NameChange",
    "Names",
    "OpeningBand",
    "PlayedGame",
    "RoundBars",
    "SideSeries",
    "SideSummary",
    "Statistics",
    "StatsFilter",
    "apply_changes",
    "chart_series",
    "figures_json",
    "game_statistics",
    "head_to_head",
    "opening_bands",
    "round_bars",
    "statistics_json",
    "statistics_table",
    "summarize",
]
