"""Small building blocks the screens share: tagged controls, steppers, big numbers."""

from canasta_score.ui.components.basics import (
    TAP,
    BigNumber,
    Section,
    Stepper,
    Tagged,
    Wide,
)

__all__ = ["TAP", "BigNumber", "Section", "Stepper", "Tagged", "Wide"]
