"""Grammar where names meet sentences: every event kind of both games in every language reads
as a sentence - no template seams, particles chosen by the name, contractions made."""

from __future__ import annotations

import random
import re

import pytest

from tortuga_rules import apply_action, bundled_rulesets, legal_actions, load_ruleset, new_game
from tortuga_rules.game.grammar import Noun, contract, final_consonant, particle
from tortuga_rules.game.language import LANGUAGES, translations

#: Korean particles as a name takes them: the form after a final consonant, after a vowel.
KO_PARTICLES = ("이/가", "을/를", "은/는", "과/와", "으로/로")
#: What a template's seam looks like, in any language.
SEAMS = {
    "a field left unfilled": re.compile(r"[{}]"),
    "a Korean particle written both ways": re.compile(r"\((이|가|을|를|은|는|와|과|으)\)"),
    "a rule's prefix": re.compile(r"(?i)\b(rule|regla|regel|regola):|규칙:"),
    "an ASCII arrow": re.compile(r"->"),
}
#: Preposition and article left apart where the language contracts them.
UNCONTRACTED = {
    "es": re.compile(r"\b(de|a) el\b"),
    "it": re.compile(r"\b(di|a|da|in|su) ((il|lo|la|i|gli|le)\b|l['’])"),
    "de": re.compile(r"\b(von|in|zu|an|bei) dem\b"),
}


def _games():
    """``(rules, {kind: [events]})`` for a few random games of every bundled ruleset, with
    every kind of its game's catalogue: the kinds random games rarely log are added."""
    out = []
    for spec in bundled_rulesets():
        rules = load_ruleset(spec)
        kinds: dict = {}
        for seed in range(2):
            players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
            rnd, s = random.Random(seed), new_game(rules, players, seed)
            while True:
                for ev in s.events:
                    kinds.setdefault(ev[1], []).append(ev)
                if s.is_terminal:
                    break
                la = legal_actions(s)
                s = apply_action(s, la[rnd.randrange(len(la))])
        for ev in _rare(rules):
            kinds.setdefault(ev[1], []).append(ev)
        out.append((spec, rules, players, kinds))
    return out


def _rare(rules) -> list:
    """Events of the kinds a few random games may not log (a clock, a vote card given)."""
    rare = [("clock", "timeout", -1, 1), ("clock", "choice-passed", -1, 1, 2)]
    if rules.game.id == "tortuga-1667":
        card = next(iter(rules.vote_cards))
        rare += [("x", "extra-action", -1, 1), ("x", "give-vote", -1, 0, 2),
                 ("x", "gave-vote", 2, 0, 2, card), ("x", "loyalty-hidden", -1, (0, 2)),
                 ("x", "loyalty-hidden", -1, (1,)), ("x", "vote-no-cards", -1, (0, 2))]
    return rare


GAMES = _games()


def _narrator(rules, players, lang):
    return rules.game.narrator.for_game(rules, players, lang=lang)


def _names(narrator, players) -> list:
    return [narrator.seat(s) for s in range(players)]


def _problems(text: str, lang: str, names, params) -> list:
    found = [what for what, seam in SEAMS.items() if seam.search(text)]
    if lang in UNCONTRACTED and UNCONTRACTED[lang].search(text):
        found.append("an uncontracted article")
    found += [f"the parameter name {p!r}" for p in params if re.search(rf"\b{p}:", text)]
    if lang == "ko":
        found += _wrong_particles(text, names)
    return found


def _wrong_particles(text: str, names) -> list:
    """Each name followed by a particle that its last syllable does not take."""
    wrong = []
    for name in names:
        for forms in KO_PARTICLES:
            for form in forms.split("/"):
                if text.count(name + form) and particle(name, forms) != name + form:
                    if not (form == "로" and particle(name, forms) == name + "으로"
                            and name + "으로" in text):
                        wrong.append(f"{name}{form}")
    return wrong


@pytest.mark.parametrize("game", sorted({g[1].game.id for g in GAMES}))
def test_the_events_narrated_are_every_kind_the_game_logs(game):
    """The events the next test narrates hold every kind of the game's catalogue (the kit's
    zone-empty and action excepted: the dice game logs neither)."""
    seen = {k for g in GAMES if g[1].game.id == game for k in g[3]}
    kinds = next(g[1] for g in GAMES if g[1].game.id == game).game.events.kinds
    assert set(kinds) - {"zone-empty", "action"} <= seen | {"action"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("spec", [g[0] for g in GAMES])
def test_every_event_kind_reads_as_a_sentence_in_every_language(spec, lang):
    """Every event kind of the game (logged by random games or made up for the rare ones)
    narrated in ``lang``: no field left in braces, no Korean particle written both ways or
    wrong for the name before it, no uncontracted article, no program's parameter name,
    no "rule:" prefix, no ASCII arrow."""
    _, rules, players, kinds = next(g for g in GAMES if g[0] == spec)
    narrator = _narrator(rules, players, lang)
    names = _names(narrator, players)
    bad = {}
    for kind, events in kinds.items():
        for ev in events:
            params = [ev[4]] if kind in ("choice", "auto-choice", "secret-choice") and \
                isinstance(ev[4], str) and ev[4].isascii() else []
            text = narrator.event_data(ev)["text"]
            problems = _problems(text, lang, names, params)
            if problems:
                bad.setdefault(kind, (text, problems))
    assert not bad, bad


def test_a_rule_citation_is_no_line_of_its_own():
    """A bare citation of a rule has no sentence in a view's log (the client shows the
    rule behind the § of the events citing it); the text log shows its words after a §."""
    rules = load_ruleset("standard")
    narrator = _narrator(rules, 4, "es")
    ev = ("setup.loyalty", "rule", -1)
    assert narrator.event_data(ev)["text"] == ""
    assert narrator.event(ev).startswith("§ " + rules.clauses["setup.loyalty"].words("es")[0])


@pytest.mark.parametrize("name, forms, said", [
    ("토르투가", "이/가", "토르투가가"), ("졸리 로저", "을/를", "졸리 로저를"),
    ("플라잉 더치맨", "이/가", "플라잉 더치맨이"), ("Henry Morgan [0]", "이/가", "Henry Morgan [0]이"),
    ("Anne Dieu-le-Veut [4]", "은/는", "Anne Dieu-le-Veut [4]는"),
    ("Henry Morgan", "과/와", "Henry Morgan과"), ("Tortuga", "으로/로", "Tortuga로"),
    ("서울", "으로/로", "서울로"), ("부산항", "으로/로", "부산항으로"), ("[7]", "으로/로", "[7]로"),
    ("[3]", "으로/로", "[3]으로"), ("Bob", "을/를", "Bob을"), ("Peter", "이/가", "Peter가"),
])
def test_a_korean_particle_follows_the_names_last_syllable(name, forms, said):
    """이/가, 을/를, 은/는, 과/와 and 으로/로 by the last syllable as it is read: Hangul by its
    final consonant (ㄹ takes 로), digits as Sino-Korean numbers, Latin words as read."""
    assert particle(name, forms) == said


def test_a_name_nothing_can_read_keeps_both_particles():
    """Where the last syllable cannot be read the particle is written both ways."""
    assert final_consonant("!!") is None
    assert particle("{seat}", "이/가") == "{seat}이(가)"


@pytest.mark.parametrize("lang, prep, phrase, said", [
    ("es", "de", "el Spanish Galleon", "del Spanish Galleon"),
    ("es", "a", "el área Británica de Tortuga", "al área Británica de Tortuga"),
    ("es", "de", "la bodega Francesa", "de la bodega Francesa"),
    ("it", "su", "lo Spanish Galleon", "sullo Spanish Galleon"),
    ("it", "di", "l'isola", "dell'isola"), ("it", "a", "l’acqua", "all’acqua"),
    ("it", "in", "la stiva", "nella stiva"),
    ("de", "von", "dem britischen Stauraum", "vom britischen Stauraum"),
    ("de", "in", "das Ruderboot", "ins Ruderboot"), ("de", "von", "der Spanish Galleon",
                                                    "von der Spanish Galleon"),
    ("en", "from", "the Jolly Roger", "from the Jolly Roger"),
])
def test_a_preposition_contracts_with_the_article_as_the_language_does(lang, prep, phrase, said):
    """es del/al, it's articulated prepositions, de vom/im/ins; English keeps both words."""
    assert contract(lang, prep, phrase) == said


def test_a_noun_of_the_data_brings_its_article_and_cases():
    """A place's name is a Noun: the bare name on the board, its article and case forms
    in sentences (German: the Spanish Galleon, as its rulebook prints it, is feminine)."""
    galleon = translations("de").noun("the Spanish Galleon")
    assert isinstance(galleon, Noun) and galleon == "Spanish Galleon"
    assert galleon.form("dat") == "der Spanish Galleon"
    chests = translations("es").format_n(
        "{n} chest moves from {src} to {dst}", "{n} chests move from {src} to {dst}", 1,
        {"src": translations("es").noun("the Spanish Galleon"),
         "dst": translations("es").noun("the Jolly Roger's French hold")})
    assert chests == "1 cofre pasa del Spanish Galleon a la bodega Francesa del Jolly Roger"


def _asked(v: dict) -> list:
    """The words a view asks its seat with: the prompt, the waiting line, every choice's
    label and every turn action's value labels."""
    d = v.get("decision") or {}
    said = [d.get("prompt") or "", d.get("waiting") or ""]
    said += [c["label"] for c in d.get("choices", ())]
    said += [val["label"] for g in d.get("groups", ()) for p in g["params"]
             for val in p["values"]]
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prompt_and_choice_reads_without_seams(lang):
    """The prompts, waiting lines and choices' labels of random games of both games, as
    the deciding seat sees them in ``lang``: no template seams either."""
    from tortuga_rules import view

    bad = {}
    for spec in ("standard", "first-edition", "tortuga-dice"):
        rules = load_ruleset(spec)
        players = 5 if spec != "tortuga-dice" else 3
        rnd, s = random.Random(7), new_game(rules, players, 7)
        names = _names(_narrator(rules, players, lang), players)
        while not s.is_terminal:
            for text in _asked(view(s, s.current_player, lang)):
                problems = _problems(text, lang, names, ())
                if problems:
                    bad.setdefault(text, problems)
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
    assert not bad, bad


def test_a_rules_files_own_sentence_gets_its_particles_chosen_too():
    """Words a rules file writes itself (the dice game's waiting lines) keep ``{seat}이(가)``
    for any name; filled in, the particle is chosen by the name."""
    from tortuga_rules.game.grammar import fill

    assert fill("{seat}이(가) 고르고 있습니다.", seat="파랑 [0]") == "파랑 [0]이 고르고 있습니다."
    assert fill("{seat}이(가) 고르고 있습니다.", seat="노랑 [2]") == "노랑 [2]가 고르고 있습니다."
    assert fill("{a} and {b}", a="x", b="y") == "x and y"


def test_a_kit_choice_asked_by_several_procedures_can_say_which(monkeypatch):
    """A rules file may word a choice per procedure asking it (``recruit-first.act``), so the
    dice game's "Carry out the action?" can name the action; without such words the
    choice's own words are asked."""
    from tortuga_rules import view

    rules = load_ruleset("tortuga-dice")
    words = {**rules.tables["words"], "choices": {**rules.tables["words"].get("choices", {}),
                                                  "recruit-first.act": {"en": "Recruit 2 crew?"}}}
    monkeypatch.setitem(rules.tables, "words", words)
    asked: dict = {}
    for seed in range(20):
        rnd, s = random.Random(seed), new_game(rules, 3, seed)
        while not s.is_terminal:
            if s.decision is not None and s.decision.name == "act":
                asked[s.frames[-1].program] = view(s, s.decision.seat, "en")["decision"]["prompt"]
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
        if "effect:recruit-first" in asked and len(asked) > 1:
            break
    assert asked.pop("effect:recruit-first") == "Recruit 2 crew?"
    assert asked and "Recruit 2 crew?" not in asked.values()
