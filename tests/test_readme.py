"""The README stays a page for people: short, in the order a newcomer needs, linking the rest.

Figures, storage internals and the layout live in docs/; the README points to each page there
and every link it and those pages hold leads somewhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
#: Markdown links and images, and HTML images: their targets.
LINK = re.compile(r"\]\(([^)\s]+)\)|<img[^>]*\ssrc=\"([^\"]+)\"")


def targets(page: Path) -> list[str]:
    return [a or b for a, b in LINK.findall(page.read_text(encoding="utf-8"))]


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return {anchor(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def test_the_readme_is_under_150_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 150, f"README.md has {len(lines)} lines; move details to docs/"


def test_the_readme_goes_from_what_it_is_to_the_commands_the_table_and_the_command_line() -> None:
    text = README.read_text(encoding="utf-8")
    headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    wanted = ["Two commands", "Playing at the table", "Command line"]
    assert [h for h in headings if h in wanted] == wanted
    # What it is comes first, with a picture of the sheet.
    assert "docs/sheet.png" in text.split("## Two commands")[0]
    assert "make run" in text and "make test" in text


def test_the_readme_links_every_page_in_docs() -> None:
    linked = {(README.parent / target.split("#")[0]).resolve() for target in targets(README)}
    missing = [doc.name for doc in DOCS if doc.resolve() not in linked]
    assert not missing, f"README.md does not link {missing}"


@pytest.mark.parametrize(
    "page", [README, *DOCS, ROOT / "build" / "README.md"], ids=lambda p: p.name
)
def test_every_link_leads_somewhere(page: Path) -> None:
    broken = []
    for target in targets(page):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or (fragment and fragment not in anchors(file)):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


def test_the_picture_of_the_sheet_is_a_phone_screenshot() -> None:
    picture = (ROOT / "docs" / "sheet.png").read_bytes()
    assert picture.startswith(b"\x89PNG")
    width, height = int.from_bytes(picture[16:20], "big"), int.from_bytes(picture[20:24], "big")
    assert (width, height) == (390, 844)
