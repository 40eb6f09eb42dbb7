"""Tortuga 1667's cards as rules: vote cards, event cards and the rules they bring.

An event card brings its effect and, for some cards, rules that stay in force: reactions
to an event (Fountain of Youth), before-turn programs (Atlantis, Scurvy), standing checks
(Albatross), extra vote cards (El Dorado) and votes sat out (Pirate Code). Only the cards
a ruleset can deal put those rules in force (:func:`card_rules`). Reading the card files
is :mod:`tortuga_rules.data.cards`'.
"""

from __future__ import annotations

import attrs

from ...data.build import Build
from .ruleset import EventCard, VoteCard
from ...data.sections import always, guarded
from ...dsl.compiler import Scope
from ...dsl.types import SEAT, TEXT
from .types import PLACE, SLOT
from ...errors import did_you_mean
from .components import DECLINE

__all__ = ["vote_cards", "event_cards", "EventCards", "card_rules", "brethren", "check_card"]


def vote_cards(b, cards: dict) -> tuple[dict, dict]:
    """``(vote cards by id, icons by section)``: the deck file, then the ruleset's changes."""
    deck: dict = {}
    section_icons: dict = {}
    if cards["votes"] is not None:
        vdata, vmap = cards["votes"]
        section_icons = {s: tuple(v) for s, v in vdata["sections"].items()}
        for i, card in enumerate(vdata["cards"]):
            icons = {section: _icons(b, vmap, i, section, card[section], section_icons)
                     for section in ("top", "middle", "bottom")}
            if card["id"] in deck:
                b.problem(("cards", i, "id"), f"duplicate vote card {card['id']!r}", vmap)
            deck[card["id"]] = VoteCard(card["id"], icons)
    return _ruleset_vote_cards(b, deck, section_icons), section_icons


def _icons(b, vmap, i: int, section: str, raw, section_icons) -> tuple:
    """One section of a vote card as ``((icon, count), ...)``."""
    raw = [raw] if isinstance(raw, str) else raw
    for icon in raw:
        if icon not in section_icons[section]:
            b.problem(("cards", i, section), f"unknown {section} icon {icon!r}"
                                             f"{did_you_mean(icon, section_icons[section])}", vmap)
    counts: dict = {}
    for icon in raw:
        counts[icon] = counts.get(icon, 0) + 1
    return tuple(sorted(counts.items()))


def _ruleset_vote_cards(b, deck: dict, section_icons: dict) -> dict:
    """The deck after the ruleset's ``setup.vote_cards``: cards excluded, top icons changed."""
    spec = b.data["setup"].get("vote_cards") or {}
    path = ("setup", "vote_cards")
    for i, cid in enumerate(spec.get("exclude", [])):
        if cid not in deck:
            b.problem(path + ("exclude", i), f"unknown vote card {cid!r}")
    excluded = set(spec.get("exclude", []))
    deck = {cid: c for cid, c in deck.items() if cid not in excluded}
    tops = section_icons.get("top", ())
    for cid, icon in (spec.get("top") or {}).items():
        if cid not in deck:
            b.problem(path + ("top", cid), f"unknown vote card {cid!r}")
        elif icon not in tops:
            b.problem(path + ("top", cid), f"unknown top icon {icon!r}{did_you_mean(icon, tops)}")
        else:
            deck[cid] = VoteCard(cid, {**deck[cid].icons, "top": ((icon, 1),)})
    return deck


@attrs.define
class EventCards:
    """The compiled event cards, and the rules each card would bring into play."""

    cards: dict = attrs.Factory(dict)  # id -> EventCard
    broken: set = attrs.Factory(set)  # ids whose own problems are reported (no cascade)
    reactions: dict = attrs.Factory(dict)  # id -> [(to, causes, answers, path), ...]
    hooks: dict = attrs.Factory(dict)  # id -> (guard, before-turn program)
    checks: dict = attrs.Factory(dict)  # id -> (what it watches, (guard, program))
    plays: dict = attrs.Factory(dict)  # id -> (cards, clause, only next vote)
    sit_outs: dict = attrs.Factory(dict)  # id -> (votes, clause, clause when used up)
    maps: dict = attrs.Factory(dict)  # id -> where the card file's values are


def event_cards(b, cards: dict) -> EventCards:
    """Every event card file compiled: its clauses, its effect and its lasting rules."""
    out = EventCards()
    for cid, (cdata, cmap) in cards["events"].items():
        out.maps[cid] = cmap
        b.add_clauses(cdata["clauses"], cmap, ("clauses",))
        prog = b.program(cdata["effect"], cmap, ("effect",), f"card:{cid}",
                         Scope({"revealer": SEAT, "slot": SLOT, "card": TEXT}, chooser="revealer"))
        ok = prog is not None
        ok &= _reactions(b, out, cid, cdata, cmap)
        ok &= _before_turn(b, out, cid, cdata, cmap)
        _sit_out(b, out, cid, cdata, cmap)
        _vote_play(b, out, cid, cdata, cmap)
        ok &= _check(b, out, cid, cdata, cmap)
        if ok:
            out.cards[cid] = EventCard(cid, cdata["category"], cdata["count"], cdata["name"],
                                       cdata["text"], prog, cmap.file,
                                       bool(cdata.get("lasting")), cdata.get("gloss", {}),
                                       cdata.get("own_text", {}))
        else:
            out.broken.add(cid)
    return out


def _reactions(b, out: EventCards, cid: str, cdata: dict, cmap) -> bool:
    """A card's answers to an event befalling its owner (being marooned, a vote called)."""
    if "reaction" not in cdata:
        return True
    ok = True
    listed = isinstance(cdata["reaction"], list)
    for i, r in enumerate(cdata["reaction"] if listed else [cdata["reaction"]]):
        rpath = ("reaction", i) if listed else ("reaction",)
        names = {"owner": SEAT, "cause": TEXT}
        if r["to"] == "vote-call":
            names |= {"caller": SEAT, "place": PLACE}
        answers = []
        for j, a in enumerate(r["answers"]):
            answer = _answer(b, cid, cmap, rpath + ("answers", j), r["to"], a, names)
            ok &= answer is not None
            answers.append(answer)
        if ok:
            entry = (r["to"], frozenset(r["causes"]), tuple(answers), rpath)
            out.reactions.setdefault(cid, []).append(entry)
    return ok


def _answer(b, cid, cmap, path, to, a, names):
    """One answer of a reaction: ``(name, guard, program, clause)``; None on a problem."""
    if a["answer"] in DECLINE.values():
        b.problem(path + ("answer",), f"{a['answer']!r} is the name of letting the event "
                                      "happen; give the answer another name", cmap)
        return None
    b.cite(a["clause"], cmap, path + ("clause",))
    prog = b.program(a["effect"], cmap, path + ("effect",), f"answer:{to}:{cid}:{a['answer']}",
                     Scope(names, chooser="owner"))
    guard = always
    if "if" in a:
        guard = b.expr(a["if"], cmap, path + ("if",), names)
    if prog is None or guard is None:
        return None
    return (a["answer"], guard, prog, a["clause"])


def _before_turn(b, out: EventCards, cid: str, cdata: dict, cmap) -> bool:
    """A program run before every turn while its guard holds (Atlantis, Scurvy)."""
    if "before_turn" not in cdata:
        return True
    entry = guarded(b, cdata["before_turn"], cmap, ("before_turn",), f"before-turn:{cid}",
                    {"seat": SEAT})
    if entry is None:
        return False
    out.hooks[cid] = entry
    return True


def _sit_out(b, out: EventCards, cid: str, cdata: dict, cmap):
    """Votes the card's owner sits out (Pirate Code)."""
    if "sit_out" in cdata:
        so = cdata["sit_out"]
        out.sit_outs[cid] = (so["votes"], so["clause"], so["done_clause"])
        b.cite(so["clause"], cmap, ("sit_out", "clause"))
        b.cite(so["done_clause"], cmap, ("sit_out", "done_clause"))


def _vote_play(b, out: EventCards, cid: str, cdata: dict, cmap):
    """Several vote cards played at once by the card's owner (El Dorado)."""
    if "vote_play" in cdata:
        vp = cdata["vote_play"]
        out.plays[cid] = (vp["cards"], vp["clause"], bool(vp.get("only_next")))
        b.cite(vp["clause"], cmap, ("vote_play", "clause"))


def _check(b, out: EventCards, cid: str, cdata: dict, cmap) -> bool:
    """A standing check run after every change it watches (Albatross)."""
    if "check" not in cdata:
        return True
    entry = guarded(b, cdata["check"], cmap, ("check",), f"check:{cid}", {})
    if entry is None:
        return False
    out.checks[cid] = (tuple(cdata["check"]["when"]), entry)
    return True


def card_rules(b, events: EventCards, deck: dict) -> dict:
    """The lasting rules of the cards this ruleset can deal, as :class:`Ruleset` fields."""
    in_play = set(deck["counts"]) | set(deck["starred_pool"]) | {deck["final"]}

    def dealt(table: dict) -> list:
        return sorted(in_play & set(table))

    reactions: dict = {}
    for cid in dealt(events.reactions):
        for to, causes, answers, _ in events.reactions[cid]:
            reactions.setdefault(to, []).append((cid, causes, answers))
    _check_causes(b, events)
    _check_answer_names(b, events, set(dealt(events.reactions)))
    checks: dict = {}
    for cid in dealt(events.checks):
        when, program = events.checks[cid]
        for what in when:
            checks.setdefault(what, []).append(program)
    return {
        "vote_plays": {cid: events.plays[cid] for cid in dealt(events.plays)},
        "sit_outs": {cid: events.sit_outs[cid] for cid in dealt(events.sit_outs)},
        "before_turn": tuple(events.hooks[cid] for cid in dealt(events.hooks)),
        "reactions": {k: tuple(v) for k, v in reactions.items()},
        "checks": {k: tuple(v) for k, v in checks.items()},
    }


def _check_causes(b, events: EventCards):
    """A reaction's causes must name a card, an action or a vote of the ruleset."""
    known = ({f"card:{c}" for c in set(events.cards) | events.broken}
             | {f"action:{a}" for a in b.data["actions"]}
             | {f"vote:{v}" for v in b.data["votes"]})
    for cid, entries in events.reactions.items():
        cmap = events.maps[cid]
        for _, causes, _, rpath in entries:
            for cause in sorted(causes - known):
                b.problem(rpath + ("causes",), f"unknown cause {cause!r}", cmap)


def _check_answer_names(b, events: EventCards, dealt: set):
    """Answers to one event are told apart by name: two dealt cards may not share one."""
    seen: dict = {}
    for cid in sorted(dealt):
        for to, _, answers, rpath in events.reactions[cid]:
            for j, (name, _, _, _) in enumerate(answers):
                other = seen.setdefault((to, name), cid)
                if other != cid:
                    b.problem(rpath + ("answers", j, "answer"),
                              f"answer {name!r} to {to!r} is also an answer of {other!r}; "
                              "a player holding both could not tell them apart",
                              events.maps[cid])


def brethren(cards: dict) -> tuple:
    """The Brethren of the Coast (player names), in the box's order: ``((id, name), ...)``."""
    named = sorted((d["order"], d["id"], d["name"]["en"]) for d, _ in cards["brethren"].values())
    return tuple((i, n) for _, i, n in named)


def check_card(reader, standard, data: dict, smap) -> None:
    """Check one event card file on its own, against the ``standard`` ruleset's actions,
    votes, options and clauses (its own clauses excepted): its DSL and the clauses it
    cites. Problems go to ``reader`` (the lint tool's ``GameKind.check_card``)."""
    b = Build(reader, {"clauses": {}, "actions": standard.data["actions"],
                       "votes": standard.data["votes"]}, smap, standard.option_decls,
              vocabulary=standard.vocabulary)
    own = f"card.{data['id']}."
    b.clauses.update((cid, c) for cid, c in standard.clauses.items() if not cid.startswith(own))
    event_cards(b, {"events": {data["id"]: (data, smap)}})
    b.check_citations()
