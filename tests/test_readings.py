"""docs/readings.md: every reading and edition row the data cites exists, and names real clauses."""

import re
from pathlib import Path

from tortuga_rules import bundled_rulesets, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "readings.md").read_text(encoding="utf-8")


def test_every_reading_and_edition_row_has_an_entry():
    """A1-A24 each have a paragraph, E1-E34 each a table row."""
    for i in range(1, 25):
        assert f"**A{i}. " in PAGE, f"A{i}"
    for i in range(1, 35):
        assert f"| E{i} |" in PAGE, f"E{i}"


def test_every_citation_of_the_page_in_the_data_exists():
    """Sources citing docs/readings.md name entries the page has."""
    cited = set()
    for path in list((ROOT / "cards").rglob("*.yaml")) + list((ROOT / "variants").rglob("*.yaml")) \
            + list((ROOT / "tests" / "scenarios").glob("*.yaml")):
        for ref in re.findall(r"docs/readings\.md ((?:[ADE]\d+(?:-[DE]\d+)?(?:, )?)+)",
                              path.read_text(encoding="utf-8")):
            cited.update(re.findall(r"[ADE]\d+", ref))
    assert cited
    for ref in sorted(cited):
        assert f"**{ref}. " in PAGE or f"| {ref} |" in PAGE, ref


def test_the_clauses_and_variants_the_page_names_exist():
    """Every clause id and bundled variant in backquotes on the page is real."""
    clauses = set()
    for name in ("standard", "first-edition", "timer", "tortuga-dice+two-players+long-game"):
        clauses |= set(load_ruleset(name).clauses)
    dice = load_ruleset("tortuga-dice").data
    variants = set(bundled_rulesets())
    for word in re.findall(r"`([a-z0-9_.\-]+)(?:\.\*)?`", PAGE):
        if word.split(".")[0] in dice:  # a path in the dice game's rules data
            node = dice
            for part in word.split("."):
                assert isinstance(node, dict) and part in node, word
                node = node[part]
        elif "." in word and not word.endswith(".md"):
            prefix = word
            assert any(c == prefix or c.startswith(prefix + ".") for c in clauses), word
        elif "-" in word and not word.startswith("tortuga"):
            assert word in variants or word in ("discard",), word
