"""Loading rulesets: bundled names, paths, and clear batched errors for bad data."""

import shutil
from pathlib import Path

import pytest
import yaml

from helpers import load_problems

from tortuga_rules import DataError, UnknownRulesetError, bundled_rulesets, load_ruleset
from tortuga_rules.games.tortuga1667.procedures import ENGINE_CLAUSES

ROOT = Path(__file__).resolve().parent.parent


def test_standard_is_bundled_and_complete(rules):
    """The standard ruleset loads, defines every engine clause and has a stable hash."""
    assert "standard" in bundled_rulesets()
    assert ENGINE_CLAUSES <= set(rules.clauses)
    assert rules.hash == load_ruleset("standard").hash
    assert {"view", "reveal", "force", "row", "attack", "maroon", "mutiny", "move_chest",
            "play_letter", "brawl"} == set(rules.action_ids)
    assert len(rules.vote_cards) == 32


def test_bundled_rulesets_are_loaded_once_per_process(tmp_path):
    """A bundled name or composition is compiled once; a file path is read again each time."""
    assert load_ruleset("standard") is load_ruleset("standard")
    assert load_ruleset("standard+madness") is load_ruleset("standard+madness")
    assert load_ruleset("more-starred", options={"starred": 5}) is \
        load_ruleset("more-starred", options={"starred": 5})
    copy = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "variants" / "tortuga-1667" / "standard.yaml", copy)
    assert load_ruleset(copy) is not load_ruleset(copy)


def test_vote_deck_has_the_sourced_top_section_mix(rules):
    """30 regular cards: 9 cannon, 9 water, 12 torch; plus 2 double-icon cards."""
    from collections import Counter
    tops = Counter()
    doubles = 0
    for card in rules.vote_cards.values():
        (icon, k), = card.icons["top"]
        if k == 2:
            doubles += 1
        else:
            tops[icon] += 1
    assert tops == {"cannon": 9, "water": 9, "torch": 12} and doubles == 2


def test_every_clause_cites_a_source(rules):
    """Each clause has an English statement and a source."""
    for c in rules.clauses.values():
        assert c.text and c.source


def test_unknown_ruleset_name_is_a_clear_error():
    """An unknown name lists the bundled rulesets and suggests the close one."""
    with pytest.raises(UnknownRulesetError, match="did you mean 'standard'"):
        load_ruleset("standrd")
    with pytest.raises(LookupError):
        load_ruleset("nope/missing.yaml")


def variant_copy(tmp_path, edit):
    data = yaml.safe_load((ROOT / "variants" / "tortuga-1667" / "standard.yaml").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def test_a_house_rule_file_loads_from_a_path(tmp_path):
    """A ruleset can be any YAML file, e.g. with 2 actions per turn for everyone."""
    def edit(d):
        d["id"] = "house"
        d["turn"]["actions"]["default"] = 2
    rules = load_ruleset(variant_copy(tmp_path, edit))
    assert rules.id == "house" and rules.actions_per_turn(5) == 2


def test_misspelt_key_is_located_with_a_suggestion(tmp_path):
    """An unknown key names file:line:col and the key it probably meant."""
    def edit(d):
        d["setup"]["hand_sise"] = 3
    found = load_problems(variant_copy(tmp_path, edit))
    assert any("house.yaml:" in p and "unknown key 'hand_sise' (did you mean 'hand_size'?)" in p
               for p in found)


def test_undefined_card_in_the_deck_is_a_load_error(tmp_path):
    """A deck entry naming a card without a definition is an error, never a silent no-op."""
    def edit(d):
        d["setup"]["events"]["cards"].append("sea-serpent")
    found = load_problems(variant_copy(tmp_path, edit))
    assert any("unknown event card 'sea-serpent'" in p for p in found)


def test_bad_dsl_and_unknown_clause_are_reported_together(tmp_path):
    """Problems from several places come in one batch, each with its line."""
    def edit(d):
        d["actions"]["reveal"]["effect"] = "reveall(slot, actor)\n"
        d["actions"]["view"]["clause"] = "action.veiw"
        d["votes"]["attack"]["success"] = "cannon >= 1 and torchs > 0"
    found = load_problems(variant_copy(tmp_path, edit))
    text = "\n".join(found)
    assert "unknown verb 'reveall' (did you mean reveal(slot, seat)" in text
    assert "unknown clause 'action.veiw' (did you mean 'action.view'?)" in text
    assert "unknown name 'torchs' (did you mean 'torch'?)" in text
    assert all(p.startswith(str(tmp_path)) for p in found)


def test_yaml_syntax_error_is_located(tmp_path):
    """Broken YAML gives file:line:col, not a traceback."""
    path = tmp_path / "broken.yaml"
    path.write_text("id: x\nsetup: [1, 2\nplayers: 3\n", encoding="utf-8")
    found = load_problems(path)
    assert found[0].startswith(f"{path}:") and "YAML syntax error" in found[0]


def test_loyalty_table_must_deal_one_card_per_player(tmp_path):
    """A loyalty row that does not add up to the player count is refused."""
    def edit(d):
        d["setup"]["loyalty"][4] = {"british": 2, "french": 1}
    found = load_problems(variant_copy(tmp_path, edit))
    assert any("the row for 4 players deals 3 cards" in p for p in found)


def test_card_files_are_checked_too(tmp_path):
    """A card folder with a broken card reports the card file's line."""
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards" / "tortuga-1667", cards)
    pistol = cards / "events" / "pistol.yaml"
    pistol.write_text(pistol.read_text(encoding="utf-8").replace("maroon(target)", "marroon(target)"),
                      encoding="utf-8")
    found = load_problems("standard", cards_dir=cards)
    assert len(found) == 1 and "events/pistol.yaml:" in found[0] and "'marroon'" in found[0]


def test_data_errors_are_value_errors():
    """DataError mixes in ValueError so generic callers can catch it."""
    assert issubclass(DataError, ValueError)


def test_option_in_dsl_names_a_declared_option(tmp_path):
    """option("...") must name an option of the ruleset, written out; a typo is located."""
    def edit(d):
        d["votes"]["attack"]["effect"] = d["votes"]["attack"]["effect"].replace(
            'option("attack_take")', 'option("atack_take")')
        d["actions"]["reveal"]["effect"] = "if option(slot) == 1 { reveal(slot, actor) }\n"
    found = load_problems(variant_copy(tmp_path, edit))
    text = "\n".join(found)
    assert "unknown option 'atack_take' (did you mean 'attack_take'?)" in text
    assert 'option takes the name of an option, in quotes' in text
