"""The engine's words for players, in every language it speaks: one message catalogue per language.

A catalogue is ``data/messages/<language>.json``: an object of message keys to templates, the values
named in braces (``"{who} doubles to {value}."``). The languages are the files there, so a third
language is one more file and no code (see ``docs/translations.md``). English (``en``) is the
reference: every key is in it, and a key another catalogue lacks is said in English. The site's own
words (buttons, labels) are in the site's catalogues, ``site/i18n/<language>.json``; these are the
words the engine composes itself (the dice announcements, the move list, results, the CLI's lines).

>>> say("fr", "dice.double.6"), say("en", "colour.white")
('Sonnés', 'White')
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import TypeVar

from .errors import InvalidArgumentError, shown

DEFAULT_LANGUAGE = "en"
_FOLDER = ("data", "messages")
_LANGUAGE_TAG = re.compile(r"[a-z]{2,3}")  # a catalogue's file name: an ISO 639 code
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


_WORDING = "message_key"  # the attribute of a worded error: (key, values)
E = TypeVar("E", bound=ValueError)


class UnknownLanguageError(InvalidArgumentError):
    """A language the engine has no catalogue for."""


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages the engine speaks, sorted: the names of its catalogues."""
    folder = resources.files("toutes_tables").joinpath(*_FOLDER)
    names = (entry.name.removesuffix(".json") for entry in folder.iterdir() if entry.name.endswith(".json"))
    return tuple(sorted(name for name in names if _LANGUAGE_TAG.fullmatch(name)))


def check_language(lang: object) -> str:
    """``lang`` if the engine has its catalogue, else :class:`UnknownLanguageError` listing those it has."""
    if not isinstance(lang, str) or lang not in languages():
        raise worded(UnknownLanguageError, "messages.language", languages=", ".join(languages()), lang=shown(lang))
    return lang


@functools.cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The messages of ``lang`` (checked), read once from its file."""
    folder = resources.files("toutes_tables").joinpath(*_FOLDER)
    data = json.loads(folder.joinpath(f"{check_language(lang)}.json").read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if not key.startswith("//")}


def say(lang: str, key: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` (in English if ``lang``'s catalogue lacks it), its values filled in.

    A key no catalogue has is a ``KeyError``: it is the code's mistake, not the player's, and a test
    checks that every key the code names is in the English catalogue.
    """
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue(DEFAULT_LANGUAGE)[key]
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def decimal(lang: str, value: float, digits: int, *, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals as ``lang`` writes a number, with its sign if ``signed``: its decimal
    mark is the catalogue's ``number.decimal_mark``, so a new language needs no code (the site's pages do the
    same with ``site/i18n/i18n.js``'s ``decimal``).

    >>> decimal("en", -0.1136, 3), decimal("fr", 0.442, 3, signed=True), decimal("fr", 16, 1)
    ('-0.114', '+0,442', '16,0')
    """
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return text.replace(".", say(lang, "number.decimal_mark"))


@dataclasses.dataclass(frozen=True)
class Words:
    """A value of a :func:`worded` error that is itself a message (a field's name, or another error's
    reason with its own values), said in the error's language."""

    key: str
    values: Mapping[str, object] = dataclasses.field(default_factory=dict)


def colour_word(colour: object) -> Words:
    """A colour (``BLACK``, or its value ``"black"``) as a value of a worded error: ``black`` in English, as
    records and errors write it in the middle of a sentence, ``Noir`` in French."""
    return Words(f"colour.lower.{getattr(colour, 'value', colour)}")


def phase_words(phase: str) -> Words:
    """A game's phase (``"roll"``, ``"double-offered"``...) as a value of a worded error: the English keeps the
    engine's name (``phase 'roll'``), another language says what is happening ("c'est le moment de lancer les
    dés"), never the English name inside its sentence."""
    return Words(f"phase.now.{phase}")


def _said(lang: str, words: Words, to_player: bool) -> str:
    key = words.key
    if to_player and key + PLAYER_FORM in catalogue(DEFAULT_LANGUAGE):
        key += PLAYER_FORM
    return say(lang, key, **_in(lang, words.values, to_player))


def _in(lang: str, values: Mapping[str, object], to_player: bool = False) -> dict[str, object]:
    return {name: _said(lang, v, to_player) if isinstance(v, Words) else v for name, v in values.items()}


def reason(error: BaseException) -> object:
    """``error`` as a value of another :func:`worded` error (a record's line quoting the game's refusal):
    its :class:`Words` if it was worded, so that it is said in the outer error's language, else its English text.

    >>> inner = worded(ValueError, "error.nothing_to_undo")
    >>> outer = worded(ValueError, "record.line", n=5, reason=reason(inner))
    >>> str(reworded(outer, "fr"))
    "ligne 5\\xa0: rien à reprendre\\xa0: aucune dame n'a bougé ce tour-ci"
    """
    wording = getattr(error, _WORDING, None)
    if wording is None:
        return str(error)
    key, values = wording
    return Words(key, values)


def worded(kind: type[E], key: str, /, **values: object) -> E:
    """An error of ``kind`` saying the message ``key`` in English, that keeps its key and values.

    A Python caller reads the English (``str(error)``); the JSON service, which speaks the page's
    language, says the same error in it (:func:`reworded`). The errors a player can meet in the
    engine's own modules (a chouette's rule, a play typed, a Position ID) are made this way.

    >>> error = worded(ValueError, "error.nothing_to_undo")
    >>> str(error), str(reworded(error, "fr"))  # French puts a no-break space before the colon
    ('nothing to undo: no checker has moved this turn', "rien à reprendre\\xa0: aucune dame n'a bougé ce tour-ci")
    """
    error = kind(say(DEFAULT_LANGUAGE, key, **_in(DEFAULT_LANGUAGE, values)))
    setattr(error, _WORDING, (key, values))
    return error


def retyped(kind: type[E], error: BaseException) -> E:
    """``error`` raised again as a ``kind``, keeping its words (its key and values if it was :func:`worded`).

    >>> from toutes_tables.errors import IllegalMoveError
    >>> again = retyped(IllegalMoveError, worded(ValueError, "error.nothing_to_undo"))
    >>> type(again).__name__, str(reworded(again, "fr"))
    ('IllegalMoveError', "rien à reprendre\\xa0: aucune dame n'a bougé ce tour-ci")
    """
    wording = getattr(error, _WORDING, None)
    if wording is None:
        return kind(str(error))
    key, values = wording
    return worded(kind, key, **values)


# A message's form for players, where the Python form names what only a programmer reads (a position's
# ``Position.from_text(...)``, say): the player has the board in front of him.
PLAYER_FORM = ".player"


def reworded(error: E, lang: str, *, to_player: bool = False) -> E:
    """``error`` said in ``lang`` if it was made by :func:`worded` (the same type, key and values), else itself.

    ``to_player`` says it in the message's player's form (``<key>.player``) where the catalogue has one,
    English too: the service's errors reach a page, the Python ones a programmer.
    """
    wording = getattr(error, _WORDING, None)
    if wording is None:
        return error
    key, values = wording
    said_as = key + PLAYER_FORM if to_player and key + PLAYER_FORM in catalogue(DEFAULT_LANGUAGE) else key
    if said_as == key and lang == DEFAULT_LANGUAGE and not (to_player and _nested_player_form(values)):
        return error
    again = type(error)(say(lang, said_as, **_in(lang, values, to_player)))
    setattr(again, _WORDING, wording)
    return again


def _nested_player_form(values: Mapping[str, object]) -> bool:
    """Whether a value of a worded error is a message with a player's form of its own (or holds one)."""
    english = catalogue(DEFAULT_LANGUAGE)
    return any(
        isinstance(value, Words) and (value.key + PLAYER_FORM in english or _nested_player_form(value.values))
        for value in values.values()
    )


def _tag(value: str) -> str:
    """A locale's language: ``fr_FR.UTF-8`` → ``fr``."""
    return value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()


def locale_language(environ: Mapping[str, str]) -> str:
    """The language the locale asks for (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``), if the engine speaks it.

    ``fr_FR.UTF-8`` asks for ``fr``; a locale the engine has no catalogue for, or none, is English. As gettext
    does, ``LANGUAGE`` (a list of languages by preference, ``fr:en``) comes first, its first one the engine
    speaks, unless the locale is ``C`` or ``POSIX`` (or unset).
    """
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    if locale and _tag(locale) not in ("c", "posix"):  # no locale is the C locale, where gettext ignores LANGUAGE
        spoken = [tag for tag in map(_tag, environ.get("LANGUAGE", "").split(":")) if tag in languages()]
        if spoken:
            return spoken[0]
    tag = _tag(locale)
    return tag if tag in languages() else DEFAULT_LANGUAGE
