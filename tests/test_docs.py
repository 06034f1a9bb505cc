"""The README and the pages of docs/ stay true to the project: every relative link resolves, the
README stays short, and its test command is the one CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# [text](target) and ![alt](target): the target in <angle brackets>, or up to a space (a title) or the bracket.
LINK = re.compile(r'!?\[[^\]]*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)')
ADDRESS = re.compile(r"[a-z][a-z0-9+.-]*:|#")  # a web address (https:, mailto:) or an anchor of the page
README_LINES = 150


def relative_links(text: str) -> list[str]:
    """The links of a page's ``text`` to files of the project (web addresses and anchors left out)."""
    targets = [bracketed or plain for bracketed, plain in LINK.findall(text)]
    return [target for target in targets if not ADDRESS.match(target)]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    links = relative_links(page.read_text(encoding="utf-8"))
    broken = [link for link in links if not (page.parent / link.split("#")[0]).exists()]
    assert broken == [], f"{page.relative_to(ROOT)} links to missing files: {broken}"


def test_the_link_pattern_finds_links_and_leaves_addresses() -> None:
    page = "See [a](docs/a.md), ![b](b.png \"B\"), [c](https://x.org/c), [d](#d) and [e](<e f.md>)."
    assert relative_links(page) == ["docs/a.md", "b.png", "e f.md"]


def test_the_readme_is_short_and_runs_the_tests_as_ci_does() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < README_LINES
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = ci.split("# The README's test command, exactly:\n", 1)[1].strip().splitlines()[0]
    assert f"```sh\n{command}\n```" in readme, f"the README must give CI's test command: {command}"
