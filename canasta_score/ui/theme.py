"""The app's colours: Material's scheme grown from one green seed, in light and in dark, shown
at once.

Flet's own `Theme` says the same, but importing its module (a class for every themable part
of Material) cost 0.07 s of each server start, before the first sheet could be drawn, for one
field. `SeedTheme` goes out to the device exactly as Flet's `Theme(color_scheme_seed=...)`
does; a test compares the two. (No `ft.` before those names here: the server's early loading
imports every Flet name the screens' sources mention.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

#: The colour every other colour of the app is grown from.
SEED = ft.Colors.GREEN_800


@dataclass
class PageTransitions:
    """Flet's own page transitions on each platform, as its `PageTransitionsTheme()` goes out."""


@dataclass
class SeedTheme:
    """A theme whose colours all come from `color_scheme_seed` (Material's tonal palettes)."""

    color_scheme_seed: ft.Colors
    page_transitions: PageTransitions = field(default_factory=PageTransitions)


@dataclass
class NoTime:
    """No time at all, as Flet's `Duration()` goes out."""


@dataclass
class AtOnce:
    """A change of colours shown at once, as Flet's `AnimationStyle.no_animation()` goes out."""

    duration: NoTime = field(default_factory=NoTime)
    reverse_duration: NoTime = field(default_factory=NoTime)


def dress(page: ft.Page) -> None:
    """The app's light and dark colours on `page` (the device picks one by its theme mode)."""
    # Flet sends any dataclass by its fields; these are Theme's and AnimationStyle's own.
    page.theme = SeedTheme(SEED)  # type: ignore[assignment]
    page.dark_theme = SeedTheme(SEED)  # type: ignore[assignment]
    # The page opens in Flutter's own blue and gets these with the first screen: faded in,
    # that screen would change colour for a fifth of a second as it opens, drawn again in
    # every frame of the fade (and so would a change to dark and back).
    page.theme_animation_style = AtOnce()  # type: ignore[assignment]
