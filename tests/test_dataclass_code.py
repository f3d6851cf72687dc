"""Dataclasses' methods from code kept at the build (canasta_score/dataclass_code.py)."""

from __future__ import annotations

import dataclasses
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from canasta_score import dataclass_code

#: A module's worth of dataclasses, made anew at each `made()`.
CLASSES = """
from dataclasses import dataclass, field

@dataclass(frozen=True, order=True)
class Meld:
    rank: str
    cards: int = 3
    wild: int = 0

@dataclass(kw_only=True)
class Side:
    name: str
    melds: list = field(default_factory=list)
    score: int = 0
"""

#: One more, never recorded.
ANOTHER = """
from dataclasses import dataclass

@dataclass
class Round:
    number: int
"""


def made(source: str = CLASSES) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "kept_test"}
    exec(compile(source, "kept_test", "exec", dont_inherit=True), namespace)
    return namespace


@pytest.fixture(autouse=True)
def dataclasses_as_they_come() -> Iterator[None]:
    yield
    dataclass_code.stop_using_kept()
    assert not hasattr(dataclasses, "exec")


@pytest.fixture
def kept_file(tmp_path: Path) -> Path:
    with dataclass_code.recording() as sources:
        made()
    assert sources  # a source per class (Python 3.13 on), per method before
    path = tmp_path / "dataclass-code.bin"
    path.write_bytes(dataclass_code.kept_code(sources))
    return path


def test_classes_made_from_the_kept_code_compile_nothing_and_behave_the_same(
    kept_file: Path,
) -> None:
    compiled_as_usual = made()
    kept = dataclass_code.use_kept(kept_file)
    assert kept is not None
    classes = made()
    assert kept.compiled_here == 0
    assert kept.taken == len(kept.codes) > 0
    for module in (compiled_as_usual, classes):
        meld, side = module["Meld"], module["Side"]
        assert repr(meld("K", 7, 2)) == "Meld(rank='K', cards=7, wild=2)"
        assert meld("K") == meld("K", 3, 0) and meld("A") < meld("K")
        with pytest.raises(dataclasses.FrozenInstanceError):
            meld("K").cards = 4  # type: ignore[misc]
        first, second = side(name="We"), side(name="They")
        first.melds.append(meld("Q"))
        assert second.melds == [] and first.score == 0
        with pytest.raises(TypeError):
            side("We")  # keyword only
        assert hash(meld("K", 7)) == hash(meld("K", 7))


def test_a_class_whose_code_was_not_kept_is_compiled_as_before(kept_file: Path) -> None:
    with dataclass_code.recording() as sources:
        made(ANOTHER)
    kept = dataclass_code.use_kept(kept_file)
    assert kept is not None
    made()
    round_ = made(ANOTHER)["Round"]
    assert kept.compiled_here == len(sources) > 0
    assert round_(3) == round_(number=3)


def test_another_pythons_file_or_none_changes_nothing(kept_file: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.bin"
    other.write_bytes(b"\x00\x00\r\n" + kept_file.read_bytes()[len(importlib.util.MAGIC_NUMBER) :])
    broken = tmp_path / "broken.bin"
    broken.write_bytes(kept_file.read_bytes()[:40])
    for path in (other, broken, tmp_path / "missing.bin"):
        assert dataclass_code.use_kept(path) is None
        assert not hasattr(dataclasses, "exec")
    assert made()["Meld"]("K").cards == 3


def test_recording_while_kept_code_is_in_use_leaves_it_in_use(kept_file: Path) -> None:
    kept = dataclass_code.use_kept(kept_file)
    assert kept is not None
    with dataclass_code.recording() as sources:
        made(ANOTHER)
    assert sources
    made()
    assert kept.taken == len(kept.codes) > 0
    assert kept.compiled_here == 0
