"""Words for what a front end shows: seats, places, cards, values, actions and prompts.

:class:`Labels` names the values of games under one ruleset, and
:func:`decision_data` turns a pending decision into what a front end needs to ask it:
a prompt, the card or rule that asks, and the options with their labels - grouped by
turn action, with each parameter's values listed once, so that a Force's 90
combinations are two small pickers, not 90 buttons. The narration of the log
(:mod:`tortuga_rules.games.tortuga1667.narration`) builds its sentences on these words.

Everything here is made from public facts (the decision's seat, kind, name and
clause) and, for the deciding seat only, its options.
"""

from __future__ import annotations

import copy
import marshal

from .components import ChestSpot, Place, Role
from ...model.state import encode_value
from ...game.language import N_, check_language, clause_glossary, translations
from ...game.legality import legal_actions
from ...game.remembered import key_like, strings

__all__ = ["Labels", "decision_data", "offered", "choices_of", "choices_strings", "said_of",
           "glossary", "glossary_index", "ASKED", "PROMPTS", "ACTION_LABELS",
           "PLACE_NAMES", "SPOT_NAMES", "ROLE_NAMES", "ICON_NAMES", "VOTE_NAMES", "WORDS"]

PLACE_NAMES = {
    Place.FLYING_DUTCHMAN: N_("the Flying Dutchman"), Place.JOLLY_ROGER: N_("the Jolly Roger"),
    Place.TORTUGA: N_("Tortuga"), Place.FLYING_DUTCHMAN_BOAT: N_("the Flying Dutchman's rowboat"),
    Place.JOLLY_ROGER_BOAT: N_("the Jolly Roger's rowboat"),
}
SPOT_NAMES = {
    ChestSpot.GALLEON: N_("the Spanish Galleon"),
    ChestSpot.FLYING_DUTCHMAN_BRITISH: N_("the Flying Dutchman's British hold"),
    ChestSpot.FLYING_DUTCHMAN_FRENCH: N_("the Flying Dutchman's French hold"),
    ChestSpot.JOLLY_ROGER_BRITISH: N_("the Jolly Roger's British hold"),
    ChestSpot.JOLLY_ROGER_FRENCH: N_("the Jolly Roger's French hold"),
    ChestSpot.TORTUGA_BRITISH: N_("Tortuga's British area"),
    ChestSpot.TORTUGA_FRENCH: N_("Tortuga's French area"),
    ChestSpot.TORTUGA_LOOSE: N_("Tortuga (outside the areas)"),
}
ROLE_NAMES = {
    Role.ANYONE: N_("crew"), Role.CAPTAIN: N_("captain"), Role.FIRST_MATE: N_("first mate"),
    Role.CABIN_BOY: N_("cabin boy"), Role.GOVERNOR: N_("governor"),
}
#: The vote cards' icons, by section value.
ICON_NAMES = {
    "cannon": N_("cannon"), "torch": N_("torch"), "water": N_("water"),
    "british": N_("British flag"), "french": N_("French flag"),
    "skull": N_("skull"), "helm": N_("helm"), "blank": N_("blank"),
}
#: Each kind of vote: its name, and its name with an article inside a sentence.
#: The teams as the people who win: the loyalty cards name them by an adjective.
TEAM_PEOPLE = {"british": N_("the British"), "french": N_("the French"),
               "dutch": N_("the Dutch")}
VOTE_NAMES = {
    "attack": (N_("Attack"), N_("an Attack")), "mutiny": (N_("Mutiny"), N_("a Mutiny")),
    "brawl": (N_("Brawl"), N_("a Brawl")),
}
#: Words the rules offer as options (answers to a card, uses of a card).
WORDS = {w: w for w in (N_("use"), N_("keep"), N_("pass"), N_("none"), N_("draw"),
                        N_("move"), N_("accept"), N_("stay"), N_("refuse"), N_("board"),
                        N_("join"))}

#: The questions of a turn and of a vote: as the deciding seat reads them, and as the
#: others do (``{name}`` decides).
ASKED = {
    "action": (N_("Your turn: what will you do?"), N_("{name} is choosing what to do.")),
    "vote": (N_("Play a vote card for the {vote}."),
             N_("{name} is choosing a vote card for the {vote}.")),
}
#: The question each choice asks, by clause (``(clause, name)`` first): as its chooser
#: reads it, and as the others do (``{name}`` chooses).
PROMPTS = {
    "action.force.pick": (N_("Which card will you reveal?"),
                          N_("{name} picks the card to reveal.")),
    "card.answers": (N_("How do you answer?"),
                     N_("{name} is answering.")),
    "card.atlantis.give": (N_("Who gets {card}?"),
                           N_("{name} chooses who gets {card}.")),
    "card.atlantis.window": (N_("Move to the other ship before this turn?"),
                             N_("{name} decides whether to move to the other ship.")),
    "card.black-powder.token": (N_("Which rowboat gets the explosion token?"),
                                N_("{name} chooses the rowboat that gets the explosion token.")),
    "card.cabin-fever.target": (N_("With whom will you shuffle loyalty cards?"),
                                N_("{name} chooses with whom to shuffle loyalty cards.")),
    "card.crows-nest.search": (N_("Which vote card will you give?"),
                               N_("{name} chooses a vote card to give.")),
    "card.crows-nest.target": (N_("Whose vote cards will you replace?"),
                               N_("{name} chooses whose vote cards to replace.")),
    "card.el-dorado.give": (N_("Who gets {card}?"),
                            N_("{name} chooses who gets {card}.")),
    "card.fountain-of-youth.give": (N_("Who gets {card}?"),
                                    N_("{name} chooses who gets {card}.")),
    "card.letter-of-marque.draw": (
        N_("Which vote card goes on top of the deck?"),
        N_("{name} chooses the vote card that goes on top of the deck.")),
    "card.letter-of-marque.ship": (N_("To which ship?"),
                                   N_("{name} chooses a ship.")),
    "card.letter-of-marque.target": (N_("Whom will you move?"),
                                     N_("{name} chooses whom to move.")),
    "card.letter-of-marque.use-or-keep": (
        N_("Use it now or keep it?"),
        N_("{name} decides whether to use {card} now or keep it.")),
    "card.pistol.target": (N_("At whom will you point the pistol?"),
                           N_("{name} chooses at whom to point the pistol.")),
    "maroon.from-tortuga.lose-card": (N_("Which vote card will you lose?"),
                                      N_("{name} chooses a vote card to lose.")),
    ("setup.pawns", "place"): (N_("Where will you place your pawn?"),
                               N_("{name} chooses where to place their pawn.")),
    ("setup.pawns", "spot"): (N_("On which space will you place your pawn?"),
                              N_("{name} chooses a space for their pawn.")),
    "setup.treasure.captains": (N_("Which hold gets your chest?"),
                                N_("{name} chooses the hold that gets their chest.")),
    "vote.attack.hold": (N_("Which hold gets the chest?"),
                         N_("{name} chooses the hold that gets the chest.")),
    "vote.attack.may-take": (N_("Which chest will you take?"),
                             N_("{name} chooses the chest to take.")),
    "vote.attack.other-ship": (N_("From which hold will you take a chest?"),
                               N_("{name} chooses the hold to take a chest from.")),
}
#: A turn action's name on a button, by kind.
ACTION_LABELS = {
    "view": N_("View two cards"), "reveal": N_("Reveal a card"), "force": N_("Force a player"),
    "row": N_("Row"), "attack": N_("Attack"), "maroon": N_("Maroon"), "mutiny": N_("Mutiny"),
    "move_chest": N_("Move a chest"), "play_letter": N_("Play your Letter of Marque"),
    "brawl": N_("Brawl"),
}


class Labels:
    """Words for the values of games under ``rules``, in language ``lang``.

    ``names`` are the seats' names. Messages go through the language's Fluent
    catalogue (:mod:`tortuga_rules.game.language`); card and team names come from the
    card files, as each rulebook prints them, English where a card has none.
    """

    def __init__(self, rules, names=None, lang: str = "en"):
        self.rules = rules
        self.names = names
        self.lang = check_language(lang)
        self._catalogue = translations(self.lang)

    # -- the catalogue -------------------------------------------------------------------

    def tr(self, message: str, **fields) -> str:
        """``message`` in this language, its ``{fields}`` filled in."""
        return self._catalogue.format(message, fields)

    def tr_n(self, singular: str, plural: str, n: int, **fields) -> str:
        """The form of ``singular``/``plural`` for the count ``n``, filled in (``{n}`` is ``n``)."""
        return self._catalogue.format_n(singular, plural, n, fields)

    def noun(self, message: str):
        """A name of the game's data (a place, a chest spot) in this language, carrying its
        article and case forms for the sentences it is said in
        (:meth:`~tortuga_rules.game.language.Catalogue.noun`)."""
        return self._catalogue.noun(message)

    def and_list(self, items) -> str:
        """``a, b and c`` (``nobody`` for none)."""
        items = [str(i) for i in items]
        if not items:
            return self.tr("nobody")
        if len(items) == 1:
            return items[0]
        return self.tr("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])

    # -- words -----------------------------------------------------------------------------

    def seat(self, s) -> str:
        if s is None:
            return self.tr("nobody")
        if self.names and 0 <= s < len(self.names):
            return self.names[s]
        return self.tr("seat {seat}", seat=s)

    def seats(self, seats) -> str:
        """Several seats, as ``a, b and c``."""
        return self.and_list(self.seat(x) for x in seats)

    def value(self, v) -> str:
        if isinstance(v, Place):
            return self.noun(PLACE_NAMES[v])
        if isinstance(v, ChestSpot):
            return self.noun(SPOT_NAMES[v])
        if isinstance(v, tuple):
            if len(v) == 2 and all(isinstance(x, ChestSpot) for x in v):
                return self.tr("from {src} to {dst}", src=self.value(v[0]), dst=self.value(v[1]))
            if len(v) == 2 and isinstance(v[0], Place) and type(v[1]) is int:
                return self.tr("space {space} of {place}", space=v[1], place=self.value(v[0]))
            return self.and_list(self.value(x) for x in v)
        if isinstance(v, str) and v in WORDS:
            return self.tr(v)
        return str(v)

    def role(self, role: Role) -> str:
        return self.tr(ROLE_NAMES[role])

    def team(self, team: str) -> str:
        """A team by its loyalty card's name (``British``, es ``Británico``)."""
        names = self.rules.loyalty_names.get(team)
        return _in(names, self.lang) if names else team.capitalize()

    def team_people(self, team: str) -> str:
        """A team as the people who win or lose (``the British``, de ``die Briten``), where
        its loyalty card's name is an adjective; the card's name for a team we do not know."""
        return self.tr(TEAM_PEOPLE[team]) if team in TEAM_PEOPLE else self.team(team)

    def chests(self, n: int) -> str:
        """``n`` chests, in the language's plural form (``1 chest``, ``3 chests``)."""
        return self.tr_n("{n} chest", "{n} chests", n)

    def icon(self, icon: str) -> str:
        return self.tr(ICON_NAMES[icon]) if icon in ICON_NAMES else icon

    def vote_kind(self, kind: str, article: bool = False) -> str:
        """``Attack`` (or ``an Attack``): a kind of vote."""
        names = VOTE_NAMES.get(kind)
        if names is None:
            return f"a {kind.capitalize()}" if article else kind.capitalize()
        return self.tr(names[article])

    def card(self, cid) -> str:
        """An event card's name as this language's rulebook prints it."""
        card = self.rules.event_cards.get(cid)
        return _in(card.name, self.lang) if card else str(cid)

    def card_text(self, cid) -> tuple[str, str]:
        """An event card's text, and the language it is in: the rulebook's, else our
        translation where no rulebook of this language prints the card, else English."""
        card = self.rules.event_cards[cid]
        if self.lang in card.text:
            return card.text[self.lang], self.lang
        if self.lang in card.own_text:
            return card.own_text[self.lang], self.lang
        return card.text["en"], "en"

    def vote_card(self, cid) -> str:
        vc = self.rules.vote_cards.get(cid)
        if vc is None:
            return str(cid)
        parts = ("+".join(self.icon(icon) if k == 1 else f"{k} {self.icon(icon)}"
                          for icon, k in vc.icons[section])
                 for section in ("top", "middle", "bottom"))
        return " / ".join(parts)

    def vote_cards(self, cids) -> str:
        return self.and_list(self.vote_card(c) for c in cids)

    def thing(self, name: str, value) -> str:
        """What a chosen ``value`` is, in words (``a vote card``), as a choice is narrated: by
        the kind of the value, never the program's name for it (a house rule's ``c``).
        ``name`` tells only a row slot from a seat, both whole numbers."""
        return self.tr(_kind(name, value, self.rules))

    def kind_of(self, name: str, value) -> str:
        """The kind of a chosen ``value``: a key of :data:`KINDS` (``slot``, ``seat``...)."""
        return _KIND_KEYS[_kind(name, value, self.rules)]

    def chosen(self, name, value) -> str:
        """A chosen value: whole numbers are seats, except row slots."""
        if type(value) is int and name != "slot":
            return self.seat(value)
        if isinstance(value, str) and value in self.rules.event_cards:
            return self.card(value)
        if isinstance(value, str) and value in self.rules.vote_cards:
            return self.vote_card(value)
        return self.value(value)

    def option(self, name, value) -> str:
        """A value on a button: as :meth:`chosen`, row slots said as such."""
        if name in ("slot", "slots") and not isinstance(value, str):
            if isinstance(value, tuple):
                return self.tr("slots {slots}", slots=self.value(value))
            return self.tr("slot {slot}", slot=self.value(value))
        return self.chosen(name, value)

    def prompt(self, decision, vote_kind=None) -> str:
        """The question ``decision`` asks its seat."""
        return self._ask(decision, vote_kind, 0)

    def waiting(self, decision, vote_kind=None) -> str:
        """The question ``decision`` asks, as the other seats read it (third person)."""
        return self._ask(decision, vote_kind, 1)

    def _ask(self, decision, vote_kind, form: int) -> str:
        """The question of ``decision`` in ``form`` 0 (its seat's) or 1 (the others')."""
        name = self.seat(decision.seat)
        if decision.kind in ASKED:
            vote = self.vote_kind(vote_kind) if vote_kind else self.tr("vote")
            return self.tr(ASKED[decision.kind][form], name=name, vote=vote)
        pair = PROMPTS.get((decision.clause, decision.name)) or PROMPTS.get(decision.clause)
        if pair is None:
            thing = self.thing(decision.name, decision.options[0]) if decision.options else \
                self.tr(KINDS["option"])
            return (self.tr("Choose {name}.", name=thing) if form == 0
                    else self.tr("{name} is choosing.", name=name))
        card = (decision.clause or "").split(".")
        return self.tr(pair[form], name=name, card=self.card(card[1]) if len(card) > 1 else "")

    def action_label(self, kind: str) -> str:
        if kind in ACTION_LABELS:
            return self.tr(ACTION_LABELS[kind])
        return kind.replace("_", " ").capitalize()


#: The kinds of things a choice may pick, as its narration names them (:func:`_kind`).
KINDS = {"seat": N_("a player"), "seats": N_("players"), "slot": N_("a row slot"),
         "slots": N_("row slots"), "card": N_("an event card"), "vote-card": N_("a vote card"),
         "answer": N_("an answer"), "place": N_("a place"), "spot": N_("a chest spot"),
         "transfer": N_("a chest move"), "space": N_("a space on the mat"),
         "yes-no": N_("yes or no"), "option": N_("an option")}
_KIND_KEYS = {message: key for key, message in KINDS.items()}


def _kind(name: str, value, rules) -> str:
    """The :data:`KINDS` word for a chosen ``value`` under ``rules``."""
    if isinstance(value, bool):
        return KINDS["yes-no"]
    if isinstance(value, Place):
        return KINDS["place"]
    if isinstance(value, ChestSpot):
        return KINDS["spot"]
    if type(value) is int:
        return KINDS["slot" if name == "slot" else "seat"]
    if isinstance(value, str):
        if value in rules.event_cards:
            return KINDS["card"]
        if value in rules.vote_cards:
            return KINDS["vote-card"]
        return KINDS["answer"] if value in WORDS else KINDS["option"]
    if isinstance(value, tuple) and value:
        if all(isinstance(v, ChestSpot) for v in value):
            return KINDS["transfer"]
        if isinstance(value[0], Place):
            return KINDS["space"]
        if all(type(v) is int for v in value):
            return KINDS["slots" if name in ("slot", "slots") else "seats"]
    return KINDS["option"]


def _in(names: dict, lang: str) -> str:
    """The entry of ``names`` for ``lang``, English where it has none."""
    return names.get(lang) or names["en"]


def glossary(rules, lang: str, only=None) -> dict:
    """Every word a front end needs for games under ``rules``, in ``lang`` (JSON-ready).

    Places, chest spots, roles, teams, vote icons, kinds of vote, turn actions, the vote
    cards (their icons, in words and to draw), the event cards (name, the rulebook's gloss,
    text and the language it is in) and the clauses in that language's rulebook's words
    (:func:`~tortuga_rules.game.language.clause_glossary`). With ``only`` (a set of ids),
    just the cards (vote and event) and clauses it names. Made once per ruleset and
    language; a fresh copy each call.
    """
    key = ("glossary", check_language(lang))
    made = rules.memo.get(key)
    if made is None:
        made = rules.memo[key] = _glossary(Labels(rules, lang=lang))
    if only is not None:
        made = {**made, **{k: {c: w for c, w in made[k].items() if c in only}
                           for k in _BY_ID}}
    return copy.deepcopy(made)


#: The glossary's entries keyed by card or clause id: ``only`` keeps the ones it names.
_BY_ID = ("cards", "vote_cards", "vote_card_icons", "clauses", "clause_kinds", "first_edition")


def glossary_index(rules, lang: str) -> "_GlossaryIndex":
    """The glossary of ``rules`` in ``lang`` taken apart, kept per ruleset and language:
    the entries that are no card's or clause's as ``marshal`` bytes, each card's and
    clause's apart, so a view's labels are a few C calls, not a deep copy of the whole
    glossary."""
    key = ("glossary-index", check_language(lang))
    index = rules.memo.get(key)
    if index is None:
        index = rules.memo[key] = _GlossaryIndex.of(glossary(rules, lang))
    return index


class _GlossaryIndex:
    """A glossary taken apart for :func:`glossary_index`: its keys in order, the entries
    every view has (frozen), and by card or clause id its place and entry (a string as
    it is, anything else frozen)."""

    def __init__(self, keys, common: bytes, by_id: dict):
        self.keys, self.common, self.by_id = keys, common, by_id
        self.ids = frozenset(c for entries in by_id.values() for c in entries)
        #: Whether no id could be the JSON text of a key that is no string (a number):
        #: then the strings of a view's JSON text name the same ids as its strings.
        self.plain = not any(key_like(c) for c in self.ids)

    @classmethod
    def of(cls, made: dict) -> "_GlossaryIndex":
        by_id = {k: {c: (at, c, w if type(w) is str else marshal.dumps(w), type(w) is str)
                     for at, (c, w) in enumerate(made[k].items())}
                 for k in _BY_ID if k in made}
        common = marshal.dumps({k: w for k, w in made.items() if k not in by_id})
        return cls(tuple(made), common, by_id)

    def only(self, named) -> dict:
        """The glossary with just the cards and clauses ``named``, a fresh copy."""
        ids = self.ids.intersection(named)
        common = marshal.loads(self.common)
        out = {}
        for k in self.keys:
            entries = self.by_id.get(k)
            if entries is None:
                out[k] = common[k]
                continue
            hits = sorted(entries[c] for c in ids if c in entries)
            out[k] = {c: w if plain else marshal.loads(w) for _, c, w, plain in hits}
        return out


def _glossary(labels: Labels) -> dict:
    rules, lang = labels.rules, labels.lang
    icons = dict.fromkeys(i for section in ("top", "middle", "bottom")
                          for i in rules.section_icons.get(section, ()))
    return {
        "places": {str(p): str(labels.value(p)) for p in Place},
        "chest_spots": {str(c): str(labels.value(c)) for c in ChestSpot},
        "roles": {r.value: labels.role(r) for r in Role},
        "teams": {t: {**_named(labels.team(t), rules.loyalty_glosses.get(t, {}), lang),
                      "people": labels.team_people(t)}
                  for t in rules.loyalty_names},
        "icons": {i: labels.icon(i) for i in icons},
        "votes": {k: labels.vote_kind(k) for k in rules.votes},
        "actions": {a.id: labels.action_label(a.id) for a in rules.actions},
        "vote_cards": {cid: labels.vote_card(cid) for cid in rules.vote_cards},
        "vote_card_icons": {cid: {s: [list(i) for i in vc.icons[s]]
                                  for s in ("top", "middle", "bottom")}
                            for cid, vc in rules.vote_cards.items()},
        "cards": {cid: _card_words(labels, card) for cid, card in rules.event_cards.items()},
        **clause_glossary(rules, lang),
    }


def _named(name: str, gloss: dict, lang: str) -> dict:
    out = {"name": name}
    if lang in gloss:
        out["gloss"] = gloss[lang]
    return out


def _card_words(labels: Labels, card) -> dict:
    text, text_lang = labels.card_text(card.id)
    return {**_named(labels.card(card.id), card.gloss, labels.lang), "category": card.category,
            "text": text, "text_lang": text_lang}


def _asked_by(rules, clause) -> dict:
    """The card or the rule that asks: ``{"card": id}`` or ``{"rule": clause}``."""
    if clause and clause.startswith("card."):
        card = clause.split(".")[1]
        if card in rules.event_cards:
            return {"card": card}
    return {"rule": clause}


def decision_data(state, seat, labels: Labels | None = None,
                  choices: bool = True) -> dict | None:
    """The pending decision as a front end asks it; options only for its seat (or referee),
    and only with ``choices``."""
    d = state.decision
    if d is None:
        return None
    labels = labels or Labels(state.rules)
    vote_kind = state.vote.kind if state.vote is not None else None
    out = {"seat": d.seat, "kind": d.kind, "name": d.name, "clause": d.clause,
           "prompt": labels.prompt(d, vote_kind), "waiting": labels.waiting(d, vote_kind),
           "asked_by": _asked_by(state.rules, d.clause)}
    if choices and (seat is None or d.seat == seat):
        out.update(offered(d, labels, legal_actions(state)))
    return out


def offered(decision, labels: Labels, legal) -> dict:
    """The options of ``decision`` as its seat is asked them, ``legal`` its legal actions:
    a choice's ``options``, then :func:`choices_of` the listing."""
    out = {}
    if decision.kind == "choose":
        out["options"] = encode_value(decision.options)
    out.update(choices_of(decision.kind, labels, legal))
    return out


def choices_of(kind: str, labels: Labels, legal, said=None) -> dict:
    """Every action of the listing ``legal`` of a decision of ``kind`` as its seat is
    asked it: ``choices`` (each action's notation and label) and a turn's ``groups``.
    Made of the listing and the words alone, so a view may remember it
    (:mod:`tortuga_rules.game.remembered`). ``said``: a callable giving what
    :func:`said_of` an action gives, remembered (default: made afresh)."""
    if said is None:
        out: dict = {"choices": [_option(labels, a) for a in legal]}
        if kind == "action":
            out["groups"] = _groups(labels, legal)
        return out
    rows = [said(a) for a in legal]
    out = {"choices": [{"action": notation, "label": label} for notation, label, _ in rows]}
    if kind == "action":
        out["groups"] = _groups(labels, legal, [r[2] for r in rows])
    return out


def choices_strings(data: dict) -> frozenset:
    """Every string of what :func:`choices_of` made with ``said`` (keys too): read along
    its known shape rather than walked (:func:`~tortuga_rules.game.remembered.strings`
    finds the same)."""
    found = set(_CHOICES_KEYS)
    for c in data["choices"]:
        found.add(c["action"])
        found.add(c["label"])
    for g in data.get("groups", ()):
        found.add(g["kind"])
        found.add(g["label"])
        if isinstance(g["clause"], str):
            found.add(g["clause"])
        for p in g["params"]:
            found.add(p["name"])
            for v in p["values"]:
                found.add(v["label"])
                strings(v["value"], found)
    if "groups" not in data:
        found -= _GROUP_KEYS
    return frozenset(found)


_GROUP_KEYS = frozenset({"groups", "kind", "clause", "params", "count", "name", "values",
                         "value"})
_CHOICES_KEYS = frozenset({"choices", "action", "label"}) | _GROUP_KEYS


def said_of(labels: Labels, action) -> tuple:
    """How ``action`` is said on a button: its notation, its label and each argument's
    label (as :func:`choices_of` shows them; the labels as plain strings)."""
    option = _option(labels, action)
    return (option["action"], str(option["label"]),
            tuple(str(labels.option(n, v)) for n, v in action.args))


def _option(labels: Labels, action) -> dict:
    if action.kind == "choose":
        (name, value), = action.args
        label = labels.option(name, value)
    elif action.kind == "vote":
        value = action.args[0][1]
        label = labels.vote_cards(value) if isinstance(value, tuple) else labels.vote_card(value)
    else:
        label = labels.action_label(action.kind)
        if action.args:
            label += ": " + ", ".join(labels.option(n, v) for n, v in action.args)
    return {"action": action.text(labels.rules), "label": label}


def _groups(labels: Labels, legal, said=None) -> list:
    """The turn actions offered, one group per kind, each parameter's values listed once
    (``said``: each action's arguments' labels, by :func:`said_of`; default: made here)."""
    groups: dict = {}
    for i, a in enumerate(legal):
        g = groups.get(a.kind)
        if g is None:
            act = labels.rules.action_def(a.kind)
            g = groups[a.kind] = {"kind": a.kind, "label": labels.action_label(a.kind),
                                  "clause": act.clause if act else None,
                                  "params": {n: {} for n, _ in a.args}, "count": 0}
        g["count"] += 1
        if said is None:
            for n, v in a.args:
                g["params"][n].setdefault(v, labels.option(n, v))
        else:
            for (n, v), lab in zip(a.args, said[i]):
                g["params"][n].setdefault(v, lab)
    return [{**g, "params": [{"name": n, "values": [{"value": encode_value(v), "label": lab}
                                                     for v, lab in vals.items()]}
                             for n, vals in g["params"].items()]}
            for g in groups.values()]
