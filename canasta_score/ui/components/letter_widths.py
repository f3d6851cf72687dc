"""How wide each character of a side's name is in the shipped Roboto, in hundredths of
an em (rounded up), grouped by width. Made by tools/letter_widths.py from Flet's web client's
assets/fonts/roboto.woff2; tests/test_letter_widths.py checks it against that font."""

#: Hundredths of an em: the characters that wide.
BY_WIDTH: dict[int, str] = {
    18: "'",
    20: ",’",
    22: ";",
    24: "j",
    25: " :il|ìíîïĩīĭįıĺļſ",
    26: "!ĵ",
    27: ".[]·",
    28: "-IÌÍÎÏĨĪĬĮİł",
    31: "`",
    32: '"ľ',
    33: "tţŧ",
    34: "r{}ŕŗř",
    35: "()fť",
    36: "ŀ",
    42: "/\\^",
    44: "*",
    46: "_",
    48: "?yýÿŷ",
    49: "vĳ",
    50: "xzźżž",
    51: "<kķ",
    52: "sśŝşš",
    53: ">ceçèéêëćĉċčēĕėęě",
    54: "LĹĻĽĿŁ",
    55: "=aàáâãäåāăą",
    56: "FJhnuñùúûüĥĴĸńņňŉũūŭůűų",
    57: "$+0123456789EbdgpqÈÉÊËøĒĔĖĘĚĝğġģħŋ",
    58: "oòóôõöþōŏő",
    59: "ð",
    60: "STZÞßđŚŜŞŠŢŤŦŹŻŽ",
    61: "YÝŶŸ",
    62: "#RŔŖŘ",
    63: "&BKXĶ",
    64: "PVď",
    65: "UÙÚÛÜŨŪŬŮŰŲ",
    66: "ACDÀÁÂÃÄÅÇĀĂĄĆĈĊČĎ–",
    68: "ÐĐ",
    69: "GOQ~ÒÓÔÕÖØĜĞĠĢŌŎŐ",
    70: "Ŋ",
    71: "Ħ",
    72: "HNÑĤŃŅŇ",
    74: "%",
    76: "wŵ",
    83: "Ĳ",
    85: "æ",
    88: "Mm",
    89: "WŴ",
    90: "@",
    91: "œ",
    94: "Æ",
    96: "Œ",
}

#: Each character's width in em.
LETTER_WIDTHS: dict[str, float] = {
    character: width / 100 for width, characters in BY_WIDTH.items() for character in characters
}
