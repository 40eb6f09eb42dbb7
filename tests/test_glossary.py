"""One glossary per language, taken from its rulebook: each game term has one spelling per
language across the board's labels, the log, the prompts, the client's words, the
rulesets' titles, the card names and our own wordings of the rules (``locale/glossary.yaml``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from fluent.syntax import ast, parse, serialize

from tortuga_rules import bundled_rulesets, load_ruleset
from tortuga_rules.game.catalogues import messages
from tortuga_rules.game.language import LANGUAGES, catalogue_file, message_id
from tortuga_rules.games.tortuga1667.labels import glossary

ROOT = Path(__file__).resolve().parent.parent
TERMS = yaml.safe_load((ROOT / "locale" / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
MESSAGES = messages(ROOT / "tortuga_rules")
OTHERS = LANGUAGES[1:]


def _pattern(term: str, words: dict):
    return re.compile("(?i)" + words.get("en", r"\b" + re.escape(term)))


def _sources(lang: str) -> dict:
    """id -> the Fluent source of each message of ``lang`` (what a translator wrote)."""
    body = parse(catalogue_file(lang).read_text(encoding="utf-8")).body
    return {e.id.name: serialize(ast.Resource([e])).split("=", 1)[1]
            for e in body if isinstance(e, ast.Message)}


def _misspelt(lang: str, pairs) -> list:
    """``(English, translated)`` pairs whose translation lacks a term's word in ``lang``."""
    found = []
    for term, words in TERMS.items():
        want, said = words.get(lang), _pattern(term, words)
        for english, text in pairs:
            if want and said.search(english) and want.lower() not in text.lower() and \
                    not any(english.startswith(x) for x in words.get("except", ())):
                found.append((term, english, text.strip()[:160]))
    return found


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_says_each_term_as_the_languages_rulebook_does(lang):
    """A message (log, prompt, label, client word, ruleset title) whose English says a term
    of the glossary says that language's word for it: 'Vote-Stapel' in German everywhere,
    never 'Abstimmungsstapel' in one place and 'Vote-Stapel' in another."""
    sources = _sources(lang)
    pairs = [(m + " " + (plural or ""), sources.get(message_id(m), ""))
             for m, (plural, _) in MESSAGES.items()]
    assert not _misspelt(lang, pairs)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_boards_labels_use_the_glossarys_words(lang):
    """The places, chest spots, roles and kinds of vote a view names (its glossary) say the
    same words as the messages."""
    english, words = glossary(load_ruleset("standard"), "en"), glossary(load_ruleset("standard"),
                                                                        lang)
    pairs = [(english[group][key], words[group][key])
             for group in ("places", "chest_spots", "roles", "votes") for key in english[group]]
    assert not _misspelt(lang, pairs)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_card_is_named_alike_in_its_file_and_in_the_messages(lang):
    """A message naming an event card says the card's name as that language's card file
    (its rulebook) prints it: Italian 'Lettera di corsa' on the card and on the button."""
    rules = load_ruleset("standard")
    sources = _sources(lang)
    wrong = []
    for card in rules.event_cards.values():
        name, own = card.name["en"], card.name.get(lang)
        for m in MESSAGES:
            text = sources.get(message_id(m), "")
            if own and name in m and own[:-1].lower() not in text.lower():  # a plural
                wrong.append((name, own, text.strip()[:120]))
    assert not wrong


@pytest.mark.parametrize("lang", OTHERS)
def test_our_own_wordings_of_the_rules_use_the_glossarys_words(lang):
    """A rule no rulebook of the language words, which we translated ourselves, says each
    term as the glossary does (the rulebooks' own quotations are the source, not checked)."""
    pairs = []
    for name in bundled_rulesets():
        rules = load_ruleset(name)
        if rules.game.id != "tortuga-1667":  # the dice game's terms are its own
            continue
        for clause in rules.clauses.values():
            words, kind, _ = clause.words(lang)
            if kind == "own":
                pairs.append((clause.text, words))
    assert not _misspelt(lang, pairs)


def test_each_term_has_one_word_per_language():
    """The glossary itself: every term has a word in every language."""
    for term, words in TERMS.items():
        assert set(OTHERS) <= set(words), term


def test_the_packages_glossary_is_each_games_own_narrators_glossary():
    """``tortuga_rules.glossary`` is generic: Tortuga 1667's words are its labels' glossary,
    the dice game's its kit narrator's (seats, zones, sides ...), and both carry clauses."""
    import tortuga_rules

    standard, dice = load_ruleset("standard"), load_ruleset("tortuga-dice")
    assert tortuga_rules.glossary(standard, "de") == glossary(standard, "de")
    words = tortuga_rules.glossary(dice, "ko")
    assert {"seats", "zones", "sides", "clauses"} <= words.keys()
