"""Legal plays: every distinct position the player on roll can reach with the dice.

Two kinds of generator give the same answer. :func:`_search` is the reference: a
depth-first walk over a mutable board that handles everything (entering, bearing off,
the maximum-pips rule) and dedupes by resulting position. The fast paths cover the
common cases where no bear-off is possible this turn: :func:`_contact_plays` (a
non-double, nothing on the bar), :func:`_double_contact_plays` (a double, nothing on
the bar) and :func:`_entering_plays` (a non-double with checkers on the bar). They build
the plays from single-die moves without walking or deduping; the tests check that they
agree with the reference on many random positions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import IllegalMoveError, InvalidArgumentError, shown
from .checks import A_POSITION, check_instance
from .messages import worded
from .play import Move, Play
from .position import BAR, OFF, Position
from .rules import DEFAULT_RULES, RuleSet, get_rules

Dice = tuple[int, int]


def check_dice(dice: Sequence[int]) -> Dice:
    """Validate a roll of two dice 1-6 and return it as a tuple."""
    if (
        not isinstance(dice, (tuple, list))
        or len(dice) != 2
        or any(type(d) is not int or not 1 <= d <= 6 for d in dice)
    ):
        raise worded(InvalidArgumentError, "movegen.dice", dice=shown(dice))
    return dice[0], dice[1]


def legal_plays(position: Position, dice: Sequence[int], rules: str | RuleSet = DEFAULT_RULES) -> list[Play]:
    """The legal plays of the player on roll, one per distinct resulting position.

    With no legal play the list is empty.

    >>> from toutes_tables import Position
    >>> pos = Position.from_text("white 3:1 2:2 / 24:1")
    >>> sorted(str(p) for p in legal_plays(pos, (6, 1), "backgammon"))
    ['3/2 2/off', '3/off 2/1*']
    >>> [str(p) for p in legal_plays(pos, (6, 1), "toutes-tables")]
    ['3/off 2/1*']
    """
    check_instance(position, Position, "position", A_POSITION)
    d1, d2 = check_dice(dice)
    rule_set = get_rules(rules)
    me = position.mine
    outside = sum(me[7:26])
    if d1 != d2 and me[BAR] == 0 and outside >= 2:
        return [Play(position, moves) for moves in _contact_plays(position, d1, d2)]
    if d1 == d2 and me[BAR] == 0 and outside >= 4:
        return [Play(position, moves) for moves in _double_contact_plays(position, d1)]
    if d1 != d2 and me[BAR]:
        return [Play(position, moves) for moves in _entering_plays(position, d1, d2)]
    return [Play(position, moves) for moves in _search(position, d1, d2, rule_set.max_pips_bearoff)]


def _opponent_on_my_points(position: Position) -> list[int]:
    """The opponent's counts indexed by the mover's point numbers (1-24)."""
    theirs = position.theirs
    return [0, *theirs[24:0:-1], 0]


def _contact_plays(position: Position, d1: int, d2: int) -> list[tuple[Move, ...]]:
    """Plays of a non-double when no checker is on the bar and none can be borne off."""
    me = position.mine
    op = _opponent_on_my_points(position)
    sources = [s for s in range(24, 0, -1) if me[s]]
    by_d1 = [s for s in sources if s > d1 and op[s - d1] < 2]
    by_d2 = [s for s in sources if s > d2 and op[s - d2] < 2]
    plays: list[tuple[Move, ...]] = []
    # Two different checkers. A second move that continues the first checker's path is
    # the same as one checker using both dice, generated below, so it is skipped here.
    for s1 in by_d1:
        t1 = s1 - d1
        for s2 in by_d2:
            if (s1 == s2 and me[s1] < 2) or s2 == t1 or s1 == s2 - d2:
                continue
            plays.append(((s1, t1), (s2, s2 - d2)))
    # One checker using both dice, through either intermediate point.
    total = d1 + d2
    for s in sources:
        end = s - total
        if end < 1 or op[end] >= 2:
            continue
        via1, via2 = s - d1, s - d2
        open1, open2 = op[via1] < 2, op[via2] < 2
        if open1 and open2 and op[via1] == 0 and op[via2] == 0:
            plays.append(((s, via1), (via1, end)))  # both routes end in the same position
            continue
        if open1:
            plays.append(((s, via1), (via1, end)))
        if open2:
            plays.append(((s, via2), (via2, end)))
    if plays:
        return plays
    high, low, by_high, by_low = (d1, d2, by_d1, by_d2) if d1 > d2 else (d2, d1, by_d2, by_d1)
    if by_high:
        return [((s, s - high),) for s in by_high]
    return [((s, s - low),) for s in by_low]


def _entering_plays(position: Position, d1: int, d2: int) -> list[tuple[Move, ...]]:
    """Plays of a non-double with checkers on the bar (no bear-off is possible this turn)."""
    me = position.mine
    theirs = position.theirs  # the opponent's count on my point t is theirs[25 - t]
    entry1, entry2 = 25 - d1, 25 - d2
    open1, open2 = theirs[d1] < 2, theirs[d2] < 2
    if me[BAR] >= 2:
        # Each die must enter a checker; a die whose entry is closed cannot be played at all.
        if open1 and open2:
            return [((BAR, entry1), (BAR, entry2))]
        if open1:
            return [((BAR, entry1),)]
        return [((BAR, entry2),)] if open2 else []
    plays: list[tuple[Move, ...]] = []
    sources = [s for s in range(24, 0, -1) if me[s]]
    for entry, can_enter, other in ((entry1, open1, d2), (entry2, open2, d1)):
        if not can_enter:
            continue
        for s in sources:
            # A checker already on the entry point moving on is the entered one moving on: below.
            if s != entry and s > other and theirs[25 - s + other] < 2:
                plays.append(((BAR, entry), (s, s - other)))
    # The entered checker moving on with the other die, by either entry point.
    end = 25 - d1 - d2
    if theirs[25 - end] < 2:
        if open1 and open2 and theirs[d1] == 0 and theirs[d2] == 0:
            plays.append(((BAR, entry1), (entry1, end)))  # both routes end in the same position
        else:
            if open1:
                plays.append(((BAR, entry1), (entry1, end)))
            if open2:
                plays.append(((BAR, entry2), (entry2, end)))
    if plays:
        return plays
    high_entry, high_open, low_entry, low_open = (
        (entry1, open1, entry2, open2) if d1 > d2 else (entry2, open2, entry1, open1)
    )
    if high_open:
        return [((BAR, high_entry),)]
    return [((BAR, low_entry),)] if low_open else []


def _double_contact_plays(position: Position, d: int) -> list[tuple[Move, ...]]:
    """Plays of a double when no checker is on the bar and none can be borne off.

    Moves are taken from the highest source down, so every multiset of moves is built once
    and needs no deduplication. Without bear-offs the open points never change, so the
    sources that can move (``steps``) are listed once and four nested loops walk them.
    """
    count = list(position.mine)
    theirs = position.theirs
    # (source, destination) for every point whose destination is open, highest first;
    # op count on my point t is theirs[25 - t].
    steps = [(s, s - d) for s in range(24, d, -1) if theirs[25 - s + d] < 2]
    n = len(steps)
    ones: list[tuple[Move, ...]] = []
    twos: list[tuple[Move, ...]] = []
    threes: list[tuple[Move, ...]] = []
    fours: list[tuple[Move, ...]] = []
    for i in range(n):
        m1 = steps[i]
        a, b = m1
        if not count[a]:
            continue
        count[a] -= 1
        count[b] += 1
        ones.append((m1,))
        for j in range(i, n):
            m2 = steps[j]
            a2, b2 = m2
            if not count[a2]:
                continue
            count[a2] -= 1
            count[b2] += 1
            twos.append((m1, m2))
            for k in range(j, n):
                m3 = steps[k]
                a3, b3 = m3
                if not count[a3]:
                    continue
                count[a3] -= 1
                count[b3] += 1
                threes.append((m1, m2, m3))
                for m4 in steps[k:]:
                    if count[m4[0]]:
                        fours.append((m1, m2, m3, m4))
                count[b3] -= 1
                count[a3] += 1
            count[b2] -= 1
            count[a2] += 1
        count[b] -= 1
        count[a] += 1
    return fours or threes or twos or ones


def _search(position: Position, d1: int, d2: int, max_pips: bool) -> list[tuple[Move, ...]]:
    """Reference generator for any position: entering, bearing off, maximum-pips rule."""
    me = list(position.mine)
    op = _opponent_on_my_points(position)
    hits: list[int] = []
    path: list[Move] = []
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Move, ...]] = {}
    best = 0
    outside = sum(me[7:26])

    def can_move(s: int, die: int) -> int:
        """The destination of a checker on ``s`` moved by ``die``, or -1 if it may not."""
        t = s - die
        if t >= 1:
            return t if op[t] < 2 else -1
        if outside:
            return -1
        if t == 0:
            return OFF
        # A die larger than the point bears off only from the highest point.
        for higher in range(s + 1, 7):
            if me[higher]:
                return -1
        return OFF

    def walk(dice: tuple[int, ...], top: int) -> None:
        nonlocal best, outside
        moved = False
        if dice:
            die = dice[0]
            sources = (BAR,) if me[BAR] else range(min(top, 24), 0, -1)
            for s in sources:
                if not me[s]:
                    continue
                t = can_move(s, die)
                if t < 0:
                    continue
                moved = True
                hit = t != OFF and op[t] == 1
                me[s] -= 1
                me[t] += 1
                if hit:
                    op[t] = 0
                    hits.append(t)
                came_home = s > 6 >= t
                if came_home:
                    outside -= 1
                path.append((s, t))
                # Doubles walk sources downwards so each multiset of moves is tried once.
                walk(dice[1:], s if d1 == d2 else 25)
                path.pop()
                if came_home:
                    outside += 1
                if hit:
                    op[t] = 1
                    hits.pop()
                me[t] -= 1
                me[s] += 1
        if not moved and len(path) >= best:
            if len(path) > best:
                best = len(path)
                found.clear()
            key = (tuple(me), tuple(sorted(hits)))
            if key not in found:
                found[key] = tuple(path)

    if d1 == d2:
        walk((d1,) * 4, 25)
    else:
        walk((d1, d2), 25)
        walk((d2, d1), 25)
    if best == 0:
        return []
    plays = list(found.values())
    if best == 1 and d1 != d2:
        # Only one die can be played: the higher one when it can.
        high = max(d1, d2)
        with_high = [p for p in plays if _uses_die(p[0], position, high)]
        if with_high:
            plays = with_high
    if max_pips:
        most = max(sum(s - t for s, t in p) for p in plays)
        plays = [p for p in plays if sum(s - t for s, t in p) == most]
    return plays


def _uses_die(move: Move, position: Position, die: int) -> bool:
    """Whether ``move`` could have been made with ``die`` (a larger die bears off the highest checker)."""
    s, t = move
    if s - t == die:
        return True
    return t == OFF and s < die and not any(position.mine[s + 1 : 7])


def play_from_moves(position: Position, dice: Sequence[int], moves: Sequence[Move], rules: str | RuleSet) -> Play:
    """The legal play reaching the same position as ``moves``; raises :class:`IllegalMoveError`."""
    wanted = Play(position, moves)
    try:
        target = wanted.result
    except (IndexError, ValueError):
        target = None
    for play in legal_plays(position, dice, rules):
        if target is not None and play.result == target:
            return play
    raise worded(IllegalMoveError, "movegen.illegal_play", moves=repr(list(moves)), dice=repr(tuple(dice)),
                 position=repr(position))
