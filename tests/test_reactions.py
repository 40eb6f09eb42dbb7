"""Answers to an event: every card a player holds that answers it is one option of one choice."""

from pathlib import Path

from helpers import FD, JR, TORTUGA, choose, load_problems, position

from tortuga_rules import apply_action, load_ruleset
from tortuga_rules.model.actions import Action

ROOT = Path(__file__).resolve().parent.parent


def _variant(tmp_path, changes: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nextends: standard\nname: House\ndescription: A test.\n"
                    "changes:\n  cards:\n" + changes, encoding="utf-8")
    return path


def test_a_shared_answer_name_is_a_load_error(tmp_path):
    """Two dealt cards answering the same event with the same name could not be told apart."""
    path = _variant(tmp_path, """\
    pistol:
      reaction:
        to: maroon
        causes: [card:black-spot]
        answers:
          - {answer: refuse, clause: card.pistol.maroon, effect: cite()}
""")
    found = load_problems(path)
    assert any("answer 'refuse' to 'maroon' is also an answer of 'fountain-of-youth'" in p
               for p in found), found
    assert all(p.startswith(str(path)) for p in found)


def test_the_decline_words_are_reserved(tmp_path):
    """'accept' (a maroon) and 'stay' (a vote) mean no answer, so no card may use them."""
    path = _variant(tmp_path, """\
    pistol:
      reaction:
        to: vote-call
        causes: [vote:attack]
        answers:
          - {answer: stay, clause: card.pistol.maroon, effect: cite()}
""")
    found = load_problems(path)
    assert any("'stay' is the name of letting the event happen" in p for p in found), found


def test_no_answer_available_means_no_question():
    """An Atlantis owner who cannot board (the other ship full) is simply marooned."""
    rules = load_ruleset("first-edition")
    s = position(rules, 9, lines={FD: (0, 1), JR: (2, 3, 4, 5, 6), TORTUGA: (7, 8)}, turn=0)
    s = s._evolve(kept=((), ("atlantis",)) + ((),) * 7)
    s = apply_action(s, Action("maroon", (("target", 1),)))
    assert s.lines[TORTUGA] == (7, 8, 1) and s.decision.kind == "action"


def test_the_answers_of_every_held_card_form_one_decision():
    """Atlantis and the Fountain of Youth against a Captain's maroon: one choice of three."""
    rules = load_ruleset("first-edition")
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=0)
    s = s._evolve(kept=((), ("atlantis", "fountain-of-youth"), (), ()))
    s = apply_action(s, Action("maroon", (("target", 1),)))
    assert (s.decision.seat, s.decision.name, s.decision.options) == \
        (1, "answer", ("board", "refuse", "accept"))
    s = choose(s, "board")
    assert s.lines[JR] == (2, 1) and s.kept[1] == ("fountain-of-youth",)
