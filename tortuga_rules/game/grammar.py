"""Grammar where names meet sentences: the Fluent functions every language's messages may call.

A sentence of the catalogues (:mod:`tortuga_rules.game.language`) is written in Fluent; the
names it is given at run time - players, places, decks, cards - are pasted into it. Where a
language's grammar depends on the name, the message calls one of these functions instead of
pasting the name bare:

* ``PARTICLE($name, "이/가")`` - the name followed by the Korean particle its last syllable
  takes: the first form after a final consonant, the second after a vowel (``으로/로``:
  ``로`` after ㄹ too). A name ending in Latin letters or digits is judged by how it is read
  (``Morgan`` ends in ㄴ, ``[0]`` is read 영); brackets and punctuation at the end are skipped.
* ``THE($name)`` - the name with its definite article, where the game's data gives it one
  (:class:`Noun`); ``CASE($name, "dat")`` - one of its case forms (German).
* ``PREP("de", $name)`` - a preposition before the name with its article, contracted as the
  language contracts them (es ``de el`` -> ``del``, it ``di il`` -> ``del``, de ``von dem``
  -> ``vom``); ``PREP("von", $name, case: "dat")`` takes that case's form first.

The functions know no game: a game's nouns (its places, decks, ships) carry their articles
and case forms as its data, Fluent terms of its catalogue read into :class:`Noun` values.
"""

from __future__ import annotations

import re
from typing import Any, Self

__all__ = ["Noun", "FUNCTIONS", "particle", "contract", "final_consonant", "fill",
           "BOTH_WAYS"]


class Noun(str):
    """A name that knows its grammatical forms: the bare name as the string, and ``forms``
    (``def``: with its definite article, ``gender``, ``nom``/``acc``/``dat``/``gen``...).
    Being a ``str`` it can be pasted anywhere a name can."""

    forms: dict[str, str]

    def __new__(cls, text: str, forms: dict[str, str] | None = None) -> Self:
        noun = super().__new__(cls, text)
        noun.forms = dict(forms or {})
        return noun

    def __copy__(self) -> Self:
        return self  # immutable, as any str

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __reduce__(self) -> tuple[type[Noun], tuple[str, dict[str, str]]]:
        return (Noun, (str(self), self.forms))

    def form(self, name: str) -> str:
        """The form ``name`` of this noun, itself where the data gives none."""
        return self.forms.get(name) or str(self)


#: Contractions of a preposition with the article that follows it, per language.
CONTRACTIONS = {
    "es": {("de", "el"): "del", ("a", "el"): "al"},
    "it": {(p, a): c for p, row in {
        "di": ("del", "dello", "della", "dell'", "dei", "degli", "delle"),
        "a": ("al", "allo", "alla", "all'", "ai", "agli", "alle"),
        "da": ("dal", "dallo", "dalla", "dall'", "dai", "dagli", "dalle"),
        "in": ("nel", "nello", "nella", "nell'", "nei", "negli", "nelle"),
        "su": ("sul", "sullo", "sulla", "sull'", "sui", "sugli", "sulle"),
    }.items() for a, c in zip(("il", "lo", "la", "l'", "i", "gli", "le"), row)},
    "de": {("von", "dem"): "vom", ("in", "dem"): "im", ("zu", "dem"): "zum",
           ("zu", "der"): "zur", ("an", "dem"): "am", ("in", "das"): "ins",
           ("an", "das"): "ans", ("bei", "dem"): "beim"},
}

_ARTICLE = re.compile(r"(?i)^(l['’]|[^\W\d_]+ )")


def contract(lang: str, preposition: str, phrase: str) -> str:
    """``preposition`` before ``phrase``, merged with the article ``phrase`` starts with
    where ``lang`` contracts them (es ``de`` + ``el Galeón`` -> ``del Galeón``)."""
    match = _ARTICLE.match(phrase)
    if match:
        written = match.group(1).strip()
        article = written.lower().replace("’", "'")
        merged = CONTRACTIONS.get(lang, {}).get((preposition.lower(), article))
        if merged:
            rest = phrase[match.end():]
            if merged.endswith("'"):  # elided: the apostrophe as the phrase writes it
                return f"{merged[:-1]}{written[-1]}{rest}"
            return f"{merged} {rest}"
    return f"{preposition} {phrase}"


#: How a Latin letter is read at the end of a name, when it is read as a letter's name:
#: whether that reading ends in a consonant, and whether that consonant is ㄹ.
_LETTER_FINAL = {"l": "ㄹ", "r": "ㄹ", "m": "ㅁ", "n": "ㄴ"}
#: How digits are read (Sino-Korean): the final consonant of each, "" for a vowel.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                "7": "ㄹ", "8": "ㄹ", "9": ""}
#: The final consonants of a Hangul syllable, by its final index (0: none).
_JONG = ("", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ",
         "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ")


def _word_final(word: str) -> str:
    """The final consonant an English word ending ``word`` is read with in Korean."""
    lower = word.lower()
    if len(word) == 1 or word.isupper():  # a letter or an acronym: the letters' names
        return _LETTER_FINAL.get(lower[-1], "")
    if lower.endswith("ng"):
        return "ㅇ"
    if lower[-1] in "mn":
        return "ㄴ" if lower[-1] == "n" else "ㅁ"
    if lower[-1] == "l":
        return "ㄹ"
    if lower.endswith(("ck", "k", "b", "p")) and len(lower) > 1 and lower[-2] in "aeiouc":
        return "ㄱ" if lower[-1] in "ck" else "ㅂ"
    return ""


def final_consonant(name: str) -> str | None:
    """The final consonant the last syllable of ``name`` is read with ("" after a vowel),
    None if nothing in it can be read."""
    text = re.sub(r"[\s\W_]+$", "", str(name))
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        return _JONG[(ord(last) - 0xAC00) % 28]
    if last in _DIGIT_FINAL:
        return _DIGIT_FINAL[last]
    word = re.search(r"[A-Za-z]+$", text)
    return _word_final(word.group(0)) if word else None


def particle(name: str, forms: str) -> str:
    """``name`` followed by the Korean particle of ``forms`` (``이/가``: after a final
    consonant / after a vowel) that its last syllable takes."""
    after_consonant, after_vowel = forms.split("/")
    final = None if re.fullmatch(r"\{\w+\}", name) else final_consonant(name)
    if final is None:  # a field left for str.format, or nothing readable: both ways
        return f"{name}{after_consonant}({after_vowel})"
    if after_consonant == "으로":
        return f"{name}{'로' if final in ('', 'ㄹ') else '으로'}"
    return f"{name}{after_consonant if final else after_vowel}"


#: Korean particles written both ways in a template (``{seat}이(가)``) -> PARTICLE's forms.
BOTH_WAYS = {"이(가)": "이/가", "(이)가": "이/가", "가(이)": "이/가", "을(를)": "을/를",
             "를(을)": "을/를", "(을)를": "을/를", "은(는)": "은/는", "(은)는": "은/는",
             "는(은)": "은/는", "(으)로": "으로/로", "과(와)": "과/와", "와(과)": "과/와",
             "(이)다": "이다/다"}
_BOTH_WAYS = re.compile(r"\{(\w+)\}(" + "|".join(re.escape(k) for k in BOTH_WAYS) + ")")


def fill(template: str, **fields: Any) -> str:
    """``template.format(**fields)`` for words written outside the catalogues (a rules
    file's own sentences), with each Korean particle written both ways after a field
    (``{seat}이(가)``) chosen by the value put there."""
    def chosen(match: re.Match[str]) -> str:
        name, forms = match.group(1), BOTH_WAYS[match.group(2)]
        if name not in fields:
            return match.group(0)
        return particle(str(fields[name]), forms).replace("{", "{{").replace("}", "}}")
    return _BOTH_WAYS.sub(chosen, template).format(**fields)


def _text(value: Any) -> str:
    """A Fluent argument as text (numbers as written)."""
    return value if isinstance(value, str) else str(getattr(value, "value", value))


def functions(lang: str) -> dict[str, Any]:
    """The grammar functions a bundle of ``lang`` calls (see the module's words), each
    returning text. (Typed ``Any``: Fluent's bundle types its functions as taking one
    argument, and ``PREP``, ``CASE`` and ``PARTICLE`` take more.)"""
    def the(value: Any) -> str:
        return value.form("def") if isinstance(value, Noun) else _text(value)

    def case(value: Any, form: str) -> str:
        return value.form(form) if isinstance(value, Noun) else _text(value)

    def prep(preposition: str, value: Any, case: str | None = None) -> str:
        phrase = value.form(case or "def") if isinstance(value, Noun) else _text(value)
        return contract(lang, preposition, phrase)

    def particle_(value: Any, forms: str) -> str:
        return particle(_text(value), forms)

    return {"THE": the, "CASE": case, "PREP": prep, "PARTICLE": particle_}


FUNCTIONS = functions
