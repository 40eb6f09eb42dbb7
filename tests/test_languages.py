"""The five languages: complete catalogues, every shown sentence translated, rulebook card names.

Messages come from Project Fluent catalogues (``locale/<lang>/tortuga_rules.ftl``) kept
with ``python -m tortuga_rules.game.catalogues``; card names and texts come from the card
files, as each rulebook prints them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.plural import PluralRule
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from helpers import sample_games
from tortuga_rules import ArgumentError, load_ruleset, new_game, view
from tortuga_rules.data.sources import package_dir
from tortuga_rules.game.catalogues import fold_po, messages, update_catalogues
from tortuga_rules.games.tortuga1667.labels import Labels, decision_data, glossary
from tortuga_rules.game.language import LANGUAGES, catalogue_file, message_id, translations
from tortuga_rules.games.tortuga1667.narration import Narrator

ROOT = Path(__file__).resolve().parent.parent


class _Variables(Visitor):
    """The variables a Fluent message reads (its fields)."""

    def __init__(self):
        super().__init__()
        self.found: set = set()

    def visit_VariableReference(self, node):
        self.found.add(node.id.name)


def _messages(lang: str) -> dict:
    """id -> the set of variables, of every message of ``lang``'s Fluent file."""
    out = {}
    for entry in parse(catalogue_file(lang).read_text(encoding="utf-8")).body:
        assert not isinstance(entry, ast.Junk), (lang, entry.content)
        if isinstance(entry, ast.Message):
            seen = _Variables()
            seen.visit(entry.value)
            out[entry.id.name] = seen.found
    return out


def test_the_catalogues_hold_every_message_of_the_code_and_the_rules():
    """The Fluent files are current: regenerate them with
    ``python -m tortuga_rules.game.catalogues``."""
    assert update_catalogues(ROOT / "tortuga_rules", write=False) == []
    assert set(_messages("en")) == {message_id(m) for m in messages(ROOT / "tortuga_rules")}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_catalogue_translates_every_message_with_the_same_fields(lang):
    """Each language's Fluent file has every message of the English source and no other
    (no stale message), each reading the same variables (a count's ``$n`` may go unsaid)."""
    want, have = _messages("en"), _messages(lang)
    assert set(have) == set(want), set(want) ^ set(have)
    for mid, fields in have.items():
        assert fields - {"n"} == want[mid] - {"n"}, (lang, mid, fields, want[mid])


def test_an_old_gettext_entry_folds_into_fluent(tmp_path):
    """A .po entry written before Fluent becomes a Fluent entry: fields as variables,
    plural forms as CLDR variants, a Korean particle written both ways chosen by PARTICLE."""
    po = tmp_path / "ko.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: ko\\n"\n"Plural-Forms: nplurals=1; '
                  'plural=0;\\n"\n\nmsgid "{seat} moves to {to}"\n'
                  'msgstr "{seat}이(가) {to}(으)로 이동한다"\n', encoding="utf-8")
    entry = fold_po(po, "ko")[message_id("{seat} moves to {to}")]
    assert '{ PARTICLE($seat, "이/가") } { PARTICLE($to, "으로/로") } 이동한다' in entry


def test_plural_forms_follow_each_language():
    """Korean has one form; Spanish, German and Italian say 1 and 2 differently."""
    ko = translations("ko")
    chest = ("{n} chest moves from {src} to {dst}", "{n} chests move from {src} to {dst}")
    fields = {"src": "A", "dst": "B"}
    assert ko.format_n(*chest, 1, fields).replace("1", "5") == ko.format_n(*chest, 5, fields)
    for lang in ("es", "de", "it"):
        card = ("{seat} puts {n} vote card face down", "{seat} puts {n} vote cards face down")
        one = translations(lang).format_n(*card, 1, {"seat": "X"})
        two = translations(lang).format_n(*card, 2, {"seat": "X"})
        assert one.replace("1", "2") != two, lang
    assert PluralRule({"one": "n is 1"})(1) == "one"


class _Strict:
    """A catalogue that fails on any message it does not translate."""

    def __init__(self, lang):
        self.inner = translations(lang)
        self.missing: set = set()

    def format(self, message, fields=None):
        if not self.inner.has(message):
            self.missing.add(message)
        return self.inner.format(message, fields)

    def format_n(self, singular, plural, n, fields=None):
        if not self.inner.has(singular):
            self.missing.add(singular)
        return self.inner.format_n(singular, plural, n, fields)

    def noun(self, message):
        if not self.inner.has(message):
            self.missing.add(message)
        return self.inner.noun(message)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_sentence_prompt_and_label_of_random_games_is_translated(lang):
    """Narrating every event of sample games of every bundled ruleset kind, their boards,
    every decision's prompt and labelled choices, and the glossary, asks the catalogue
    only for messages it translates."""
    strict = _Strict(lang)
    said = 0
    for rules, states in sample_games():
        narrator = Narrator.for_game(rules, states[0].players, lang=lang)
        narrator._catalogue = strict
        for s in states:
            for ev in s.events:
                said += bool(narrator.event(ev))
            for seat in (None, s.current_player):
                decision_data(s, seat, narrator)
        narrator.board(states[-1])
        words = Labels(rules, lang=lang)
        words._catalogue = strict
        glossary(rules, lang)
    assert said > 1000
    assert not strict.missing, sorted(strict.missing)


def test_card_names_and_texts_are_the_rulebooks_in_each_language():
    """Names as each rulebook's heading prints them first, with their gloss beside them;
    the text quoted in that language, or - where no rulebook of that language prints the
    card as these rules play it (the Italian 1st edition's Pistol) - our translation."""
    rules = load_ruleset("standard")
    names = {lang: glossary(rules, lang)["cards"]["pistol"] for lang in LANGUAGES}
    assert [names[lang]["name"] for lang in LANGUAGES] == \
        ["Pistol", "Pistol", "Pistol", "피스톨", "Pistola"]
    assert names["es"]["gloss"] == "Pistola" and names["ko"]["gloss"] == "Pistol"
    assert "gloss" not in names["en"]
    assert names["es"]["text"].startswith("Quien revele esta carta elige a otro jugador")
    assert names["ko"]["text_lang"] == "ko" and names["it"]["text_lang"] == "it"
    assert names["it"]["text"] == rules.event_cards["pistol"].own_text["it"]
    teams = glossary(rules, "de")["teams"]
    assert teams["british"] == {"name": "Britisch", "gloss": "British", "people": "die Briten"}
    first = glossary(load_ruleset("first-edition"), "it")["cards"]["pistol"]
    assert first["text_lang"] == "it" and "Macchia" not in first["name"]


def test_a_view_in_a_language_names_what_it_mentions_and_narrates_its_events():
    """view(..., lang=) adds the words: each event's sentence, the prompt in that language,
    and labels for exactly the cards and clauses the view mentions."""
    state = new_game(load_ruleset("standard"), 5, 7)
    plain = view(state, 0)
    v = view(state, 0, lang="es")
    assert {k: x for k, x in v.items() if k not in ("lang", "labels", "events", "decision")} \
        == {k: x for k, x in plain.items() if k not in ("events", "decision")}
    assert [{k: x for k, x in e.items() if k != "text"} for e in v["events"]] == plain["events"]
    assert all(e["text"] for e in v["events"])
    assert v["lang"] == "es" and v["labels"]["places"]["jolly_roger"] == "Jolly Roger"
    assert v["labels"]["roles"]["first_mate"] == "Contramaestre"
    cited = {e["clause"] for e in v["events"]} | {v["decision"]["clause"]}
    assert set(v["labels"]["clauses"]) == cited - {None}
    assert set(v["labels"]["cards"]) <= set(state.rules.event_cards)
    ko = view(state, 0, lang="ko")
    assert ko["decision"]["prompt"] != plain["decision"]["prompt"]
    assert "lang" not in plain and "labels" not in plain


def test_an_unknown_language_is_refused_with_a_suggestion():
    """A language outside the five is an ArgumentError naming them, with a suggestion."""
    state = new_game(load_ruleset("standard"), 4, 1)
    with pytest.raises(ArgumentError, match=r"unknown language 'kor'.*en, es, de, ko, it.*'ko'"):
        view(state, 0, lang="kor")
    with pytest.raises(ArgumentError, match="unknown language"):
        Labels(state.rules, lang=None)


@pytest.mark.parametrize("lang, word", [("es", "Ganador:"), ("de", "Sieger:"),
                                        ("ko", "승자:"), ("it", "Vincitore:")])
def test_play_narrates_in_the_language_asked(lang, word):
    """tortuga-rules play --lang narrates, with the winner line, in that language."""
    run = subprocess.run([sys.executable, "-m", "tortuga_rules", "play", "--players", "5",
                          "--seed", "2", "--lang", lang], capture_output=True, text=True,
                         cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert word in run.stdout
    assert "Winner:" not in run.stdout


def test_play_refuses_an_unknown_language():
    """--lang xx is a usage error (exit 2) listing the five."""
    run = subprocess.run([sys.executable, "-m", "tortuga_rules", "play", "--lang", "fr"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert "en, es, de, ko, it" in run.stderr.replace("'", "")


def test_the_catalogues_ship_inside_the_package():
    """The Fluent files are found through importlib.resources, like the rules data."""
    locale = package_dir("locale")
    for lang in LANGUAGES:
        assert locale.joinpath(lang, "tortuga_rules.ftl").is_file()


def test_history_in_a_language_is_the_views_narrated_events():
    """history(record, seat, lang=) is history(record, seat) with each event's sentence, the
    one view(state, seat, lang=) gave at that step."""
    from tortuga_rules import GameRecord, history, legal_actions
    record = GameRecord.start(new_game(load_ruleset("standard"), 4, 5))
    for _ in range(12):
        state = record.state
        record = record.play(legal_actions(state)[0], seat=state.current_player)
    plain, told = history(record, 1), history(record, 1, lang="it")
    assert [{k: x for k, x in e.items() if k != "text"} for e in told] == plain
    shown = [e["text"] for s in record.states for e in view(s, 1, lang="it")["events"]]
    assert [e["text"] for e in told] == shown


BUNDLED = [p.stem for p in sorted((ROOT / "variants").glob("*/*.yaml"))]


@pytest.mark.parametrize("name", BUNDLED)
def test_every_clause_speaks_each_language_in_its_rulebooks_words(name):
    """Every clause of every bundled ruleset has its words in es, de, ko and it: quoted from
    that language's rulebook, or our statement translated where none says it; never the
    English statement shown as if it were theirs."""
    rules = load_ruleset(name)
    for lang in LANGUAGES[1:]:
        for cid, clause in rules.clauses.items():
            text, kind, _ = clause.words(lang)
            assert kind in ("quote", "own") and text.strip(), (name, lang, cid)
            assert text != clause.text or lang == "en", (name, lang, cid)


def test_the_quotations_leave_the_rules_hash_as_it_was():
    """A clause's words in other languages are no part of the rules played: a ruleset
    without them has the same hash (so saves made before they were written still load)."""
    from tortuga_rules.data.reader import played
    data = {"clauses": {"a.b": {"text": "T", "source": "S", "quote": {"es": "Q"},
                                "own": {"de": "O"}, "first_edition": {"it": "F"}}}}
    assert played(data) == {"clauses": {"a.b": {"text": "T", "source": "S"}}}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_rules_prints_the_rulebook_in_the_language_asked(lang):
    """tortuga-rules rules --lang quotes each clause from that language's rulebook: the
    Armada clause in the rulebook's words, the headings translated, and our own wording
    marked as such; no line of it is the English statement."""
    run = subprocess.run([sys.executable, "-m", "tortuga_rules", "rules", "--lang", lang],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    rules = load_ruleset("standard")
    clause = rules.clauses["setup.loyalty"]
    assert clause.words(lang)[0] in run.stdout
    assert clause.text not in run.stdout
    assert "## Setup" not in run.stdout
    assert translations(lang).gettext("no rulebook in this language says it: our wording") \
        in run.stdout


def test_play_narrates_rule_clauses_in_the_rulebooks_words():
    """play --lang es says each rule it applies in the Spanish rulebook's words, after a §
    (no "regla:" prefix)."""
    run = subprocess.run([sys.executable, "-m", "tortuga_rules", "play", "--players", "4",
                          "--seed", "3", "--lang", "es"], capture_output=True, text=True,
                         cwd=ROOT)
    assert run.returncode == 0, run.stderr
    rules = load_ruleset("standard")
    quoted = {c.words("es")[0] for c in rules.clauses.values()}
    said = [line for line in run.stdout.splitlines() if line.lstrip().startswith("§ ")]
    assert said, run.stdout[:500]
    assert "regla:" not in run.stdout.lower()
    english = {c.text for c in rules.clauses.values()}
    assert not any(e in line for line in said for e in english)
    assert any(q in line for line in said for q in quoted)
