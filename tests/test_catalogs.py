"""Each language's catalog is complete: every string translated, none fuzzy, no placeholder lost."""

import ast
import re
import subprocess
import sys
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.pofile import read_po

from canasta_score.core import Problem
from canasta_score.core.problems import (
    COUNTED_NOUNS,
    MELD_NAMES,
    TEMPLATES,
    TERMS,
    Plural,
    Term,
)
from canasta_score.core.rules import ALL_PRESETS
from canasta_score.i18n import LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "canasta_score"
TEMPLATE = LOCALE_DIR / "canasta_score.pot"
#: `make messages` without its output options: the same files, the same keywords.
EXTRACT = [
    sys.executable,
    "-m",
    "babel.messages.frontend",
    "extract",
    "-F",
    "babel.cfg",
    "-k",
    "Nn_:1,2",
    "-k",
    "Np_:1c,2",
    "-k",
    "Npn_:1c,2,3",
]
PLURAL_FORMS = {lang: "nplurals=2; plural=(n != 1);" for lang in ("nl", "de", "fi", "da", "nb")}


def po_path(lang, locale_dir=LOCALE_DIR):
    return locale_dir / lang / "LC_MESSAGES" / "canasta_score.po"


def read(path, locale=None):
    with open(path, "rb") as file:
        return read_po(file, locale=locale)


def placeholders(text):
    """The `{name}`s of a brace template; a broken brace is a placeholder of its own."""
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<broken braces>"}


def catalog_faults(po, template, plural_forms):
    """What keeps a language's catalog from being complete, one line each (none when it is)."""
    catalog, wanted = read(po), read(template)
    faults = []
    if catalog.plural_forms != plural_forms:
        faults.append(f"Plural-Forms is {catalog.plural_forms!r}, not {plural_forms!r}")
    for message in wanted:
        if not message.id:
            continue
        translated = catalog.get(message.id, message.context)
        if translated is None:
            faults.append(f"missing: {message.id!r}")
            continue
        if translated.fuzzy:
            faults.append(f"fuzzy: {message.id!r}")
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        if isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
            faults.append(f"{len(forms)} plural forms, not {catalog.num_plurals}: {ids[0]!r}")
        names = set().union(*(placeholders(i) for i in ids))
        for form in forms:
            if not form:
                faults.append(f"empty: {ids[0]!r}")
            elif placeholders(form) != names:
                faults.append(f"placeholders {sorted(placeholders(form))} in {form!r}")
    faults += [
        f"not in the template: {m.id!r}"
        for m in catalog
        if m.id and wanted.get(m.id, m.context) is None
    ]
    return faults


@pytest.mark.parametrize("lang", sorted(PLURAL_FORMS))
def test_each_catalog_is_complete(lang):
    assert catalog_faults(po_path(lang), TEMPLATE, PLURAL_FORMS[lang]) == []


def test_every_language_but_english_has_a_catalog():
    assert set(LANGUAGES) - {"en"} == set(PLURAL_FORMS)


def test_the_checker_refuses_an_empty_a_fuzzy_and_a_broken_entry(tmp_path):
    (tmp_path / "bad.po").write_text(
        "\n".join(
            [
                'msgid ""',
                'msgstr ""',
                '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
                "",
                'msgid "round {round}"',
                'msgstr "Runde"',
                "",
                "#, fuzzy",
                'msgid "Classic"',
                'msgstr "Klassisch"',
                "",
                'msgid "{count} side went out"',
                'msgid_plural "{count} sides went out"',
                'msgstr[0] "{count} Partei"',
                'msgstr[1] ""',
                "",
                'msgid "side {number}"',
                'msgstr "Partei {number"',
                "",
            ]
        ),
        encoding="utf-8",
    )
    (tmp_path / "bad.pot").write_text(
        "\n".join(
            [
                'msgid "round {round}"',
                'msgstr ""',
                'msgid "Classic"',
                'msgstr ""',
                'msgid "{count} side went out"',
                'msgid_plural "{count} sides went out"',
                'msgstr[0] ""',
                'msgstr[1] ""',
                'msgid "side {number}"',
                'msgstr ""',
                'msgid "Danish"',
                'msgstr ""',
            ]
        ),
        encoding="utf-8",
    )
    faults = catalog_faults(tmp_path / "bad.po", tmp_path / "bad.pot", PLURAL_FORMS["de"])
    assert faults == [
        "placeholders [] in 'Runde'",
        "fuzzy: 'Classic'",
        "empty: '{count} side went out'",
        "placeholders ['<broken braces>'] in 'Partei {number'",
        "missing: 'Danish'",
    ]


def test_the_template_holds_what_the_code_marks_now(tmp_path):
    """`make messages` was run after the last change to a marked string."""
    fresh = tmp_path / "fresh.pot"
    subprocess.run(
        [*EXTRACT, "-o", str(fresh), "."],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    assert {(m.context, m.id) for m in read(fresh)} == {(m.context, m.id) for m in read(TEMPLATE)}


def test_every_template_and_term_is_in_the_catalog_template():
    msgids = {m.id for m in read(TEMPLATE)}
    for template in TEMPLATES.values():
        key = (template.singular, template.plural) if isinstance(template, Plural) else template
        assert key in msgids
    assert set(TERMS) <= msgids
    assert set(MELD_NAMES.values()) <= msgids
    assert {(noun.singular, noun.plural) for noun in COUNTED_NOUNS} <= msgids
    assert {rules.name for rules in ALL_PRESETS.values()} <= msgids
    assert {rules.description for rules in ALL_PRESETS.values()} <= msgids


def test_the_terms_problems_carry_are_all_listed():
    from test_problems import PROBLEMS

    def terms(value):
        if isinstance(value, tuple):
            return [t for item in value for t in terms(item)]
        return [value] if isinstance(value, Term) else []

    carried = {t for p in PROBLEMS for v in p.params.values() for t in terms(v)}
    names = {rules.name for rules in ALL_PRESETS.values()}
    assert carried and carried <= set(TERMS) | set(MELD_NAMES.values()) | names
    assert all(isinstance(p, Problem) for p in PROBLEMS)


def english_words_printed(path):
    """The lines of each print() in `path` whose text is written in the code, not looked up:
    a string or f-string literal with an English word of its own (the app's name aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print"):
            continue
        for argument in node.args:
            parts = argument.values if isinstance(argument, ast.JoinedStr) else [argument]
            written = " ".join(
                part.value
                for part in parts
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
            if re.search(r"[A-Za-z]{2,}", written.replace("Canasta Score", "")):
                yield node.lineno


@pytest.mark.parametrize(
    "path", [PACKAGE / "app.py", *sorted((PACKAGE / "cli").glob("*.py"))], ids=lambda p: p.name
)
def test_every_line_the_app_prints_goes_through_the_catalog(path):
    assert list(english_words_printed(path)) == [], path.name


def test_the_check_for_printed_english_finds_a_line_left_unmarked(tmp_path):
    source = tmp_path / "app.py"
    source.write_text(
        'print(f"Canasta Score: {url}")\n'
        "print(words()._('Stop with {key}').format(key='Ctrl-C'))\n"
        'print(f"Canasta Score could not serve on {host}", file=sys.stderr)\n'
    )
    assert list(english_words_printed(source)) == [3]
