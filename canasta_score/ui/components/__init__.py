"""Small building blocks the screens share: tagged controls, steppers, big numbers."""

from canasta_score.ui.components.basics import (
    BUTTON_EXTRAS,
    DROPDOWN_EXTRAS,
    TAP,
    BigNumber,
    FitNumber,
    Section,
    Stepper,
    Tagged,
    TapIcon,
    Wide,
    dropdown_width,
    fit_button,
    fitted,
    fitted_words,
    numbers_held,
    text_width,
)

__all__ = [
    "BUTTON_EXTRAS",
    "DROPDOWN_EXTRAS",
    "TAP",
    "BigNumber",
    "FitNumber",
    "Section",
    "Stepper",
    "Tagged",
    "TapIcon",
    "Wide",
    "dropdown_width",
    "fit_button",
    "fitted",
    "fitted_words",
    "numbers_held",
    "text_width",
]
