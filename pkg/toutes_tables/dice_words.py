"""How a roll is announced, in each language: the one place the dice are put into words.

The tradition (docs/rules/moving.md, "Announcing the roll"): the higher die first, a 1 is the ace,
and the doubles have their own names, from the old French tables games. In English "Six-ace" and
*Sonnés*; in French "Six et as" and *Sonnés*, 2-2 being *Double deux*. The words are the message
catalogues' (:mod:`toutes_tables.messages`: the ``dice.*`` keys), so a new language names its dice
in its catalogue, not here.

>>> announce((1, 6)), announce((6, 6)), announce((2, 2)), announce((3, 1))
('Six-ace', 'Sonnés', 'Double two', 'Three-ace')
>>> announce((1, 6), "fr"), announce((2, 2), "fr"), announce((5, 4), "fr")
('Six et as', 'Double deux', 'Cinq et quatre')

Where the words stand alone, with no dice written beside them (the game's status line, what a screen
reader says of a roll), :func:`call` says them: an English player does not know the French names, so
English glosses them with the dice (``dice.called.*``); French needs no gloss.

>>> call((4, 4)), call((2, 2)), call((6, 1)), call((4, 4), "fr")
('Carmes (4-4)', 'Double two', 'Six-ace', 'Carmes')
"""

from __future__ import annotations

from collections.abc import Sequence

from .messages import DEFAULT_LANGUAGE, say
from .movegen import check_dice


def announce(dice: Sequence[int], lang: str = DEFAULT_LANGUAGE) -> str:
    """The traditional announcement of ``dice`` in ``lang``: higher die first, a 1 is the ace, doubles by name."""
    d1, d2 = check_dice(dice)
    if d1 == d2:
        return say(lang, f"dice.double.{d1}")
    high, low = max(d1, d2), min(d1, d2)
    return say(lang, "dice.pair", high=say(lang, f"dice.high.{high}"), low=say(lang, f"dice.low.{low}"))


def call(dice: Sequence[int], lang: str = DEFAULT_LANGUAGE) -> str:
    """``dice`` announced where no figures stand beside the words: a double by its name as ``lang`` glosses it."""
    d1, d2 = check_dice(dice)
    return say(lang, f"dice.called.{d1}") if d1 == d2 else announce((d1, d2), lang)


def double_name(number: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name of the double of ``number`` (1-6) in ``lang``: 6 is *Sonnés*, 1 is *Bezas*."""
    return announce((number, number), lang)
