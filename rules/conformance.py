"""The conformance kit: generic checks that every registered game must pass.

Pure functions, no pytest needed: ``tests/rules/test_conformance.py`` runs them for
every game in :data:`rules.GAMES`, every ``sample_setups`` entry and a few seeds, and
a failing check raises :class:`ConformanceError` (an ``AssertionError``) whose message
names the game, setup, seed, move number, seat and move, and how to reproduce it.

What a random playout checks, at every step:

- the game ends (within ``max_moves``); ``actors`` is empty exactly when ``outcome`` is set;
- every actor has legal moves, without duplicates; seats that may not act have none;
- the time-out move (``default_move``) of every seat waited for is None or legal;
- legal moves' notation round-trips through ``parse_move`` (all of them, or a random
  sample of 24 when there are more; a few also upper-cased and padded with spaces);
  garbage text is refused with ``NotationError``;
- a sample of legal moves (4 per step, drawn from all actors' moves; all when fewer)
  is played: none is refused, ``play`` returns a new state, never changes the old one,
  and adds one to ``move_number`` (or zero, for an action that is not a move, like a
  peek); the move actually chosen is played by its notation; a seat that may not act
  is refused with ``ForbiddenMove``, and a finished game refuses every move the same way;
- ``to_json`` is plain JSON and ``from_json`` restores an equal state with the same
  legal moves and views (spectators' and one seat's, a different seat each step);
- ``view(seat)`` for every seat and for spectators (``None``) is plain JSON, holds the
  keys every view needs, agrees with the state, and never shows the RNG state or seed.

>>> from rules import GAMES
>>> game = next(iter(GAMES.values()))  # any game will do
>>> report = random_playout(game, players=game.min_players, seed=1, options={})
>>> report.finished
True
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.base import JSON, ForbiddenMove, Game, GameState, IllegalMove, NotationError, Outcome, View

REQUIRED_VIEW_KEYS = ("game", "players", "actors", "move_number", "last_move", "outcome", "viewer")
# Keys of to_json() whose values are secret randomness; views may not show them.
SECRET_KEY_PARTS = ("rng", "seed")
GARBAGE_MOVE = "~~ not a move ~~"

State = GameState[Any]


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where and how to reproduce it."""


@dataclass(frozen=True)
class Where:
    """Where a check failed: the playout and the step within it."""

    game: str
    players: int
    options: JSON
    seed: int
    moves_played: int = 0
    seat: int | None = None
    move: str | None = None

    def __str__(self) -> str:
        text = f"{self.game} ({self.players} players, options {self.options}, seed {self.seed})"
        text += f", move {self.moves_played + 1}" if self.move is not None else f", after {self.moves_played} moves"
        if self.move is not None:
            text += f": seat {self.seat} plays {self.move!r}"
        return text

    def playing(self, seat: int, move: str) -> Where:
        return replace(self, seat=seat, move=move)

    def reproduce(self) -> str:
        return (
            f"reproduce: rules.conformance.random_playout(GAMES[{self.game!r}], "
            f"{self.players}, {self.seed}, {self.options!r})"
        )


def fail(where: Where, problem: str) -> ConformanceError:
    """The error to raise: place, problem, and how to replay it."""
    return ConformanceError(f"{where}: {problem}\n  ({where.reproduce()})")


@dataclass
class PlayoutReport:
    """What a random playout did."""

    game: str
    players: int
    options: JSON
    seed: int
    moves: list[tuple[int, str]] = field(default_factory=list)  # (seat, notation) in order
    outcome: Outcome | None = None
    final: State | None = None
    seconds: float = 0.0

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def length(self) -> int:
        return len(self.moves)


# ---------------------------------------------------------------------------
# JSON helpers


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two JSON-like values first differ, strictly (a tuple is not a list).

    >>> first_difference({"a": [1, 2]}, {"a": [1, 3]})
    '$.a[1]: 2 != 3'
    >>> first_difference({"a": (1,)}, {"a": [1]})
    '$.a: tuple (1,) != list [1]'
    >>> first_difference({1: 0}, {"1": 0})
    '$: key 1 (int) is missing from the other side'
    """
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} {_short(a)} != {type(b).__name__} {_short(b)}"
    if isinstance(a, dict):
        return _dict_difference(a, b, path)
    if isinstance(a, list | tuple):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            difference = first_difference(x, y, f"{path}[{i}]")
            if difference:
                return difference
        return None
    return None if a == b else f"{path}: {_short(a)} != {_short(b)}"


def _dict_difference(a: dict[Any, Any], b: dict[Any, Any], path: str) -> str | None:
    for key in a:
        if key not in b:
            return f"{path}: key {key!r} ({type(key).__name__}) is missing from the other side"
        difference = first_difference(a[key], b[key], f"{path}.{key}")
        if difference:
            return difference
    extra = [key for key in b if key not in a]
    return f"{path}: extra key {extra[0]!r} on the other side" if extra else None


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_copy(value: Any) -> tuple[str, Any, str | None]:
    """``value`` as JSON text and back, and why it is not plain JSON (None if it is).

    Plain JSON means: serialisable, no NaN, no tuples, only string keys.

    >>> json_copy({"a": (1, 2)})[2]
    'changes through json.dumps/loads at $.a: tuple (1, 2) != list [1, 2]'
    """
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as error:
        return "", None, f"is not JSON-serialisable ({error})"
    loaded = json.loads(text)
    # == already tells a tuple from a list and 1 from "1"; first_difference only explains.
    if loaded == value:
        return text, loaded, None
    return text, loaded, f"changes through json.dumps/loads at {first_difference(value, loaded)}"


def fingerprint(state: State) -> str:
    """A text that changes whenever the state does (to prove a call left it alone)."""
    return json.dumps(state.to_json(), sort_keys=True, default=repr)


def _walk(value: Any, path: str = "$") -> Iterator[tuple[str, Any, Any]]:
    """Every (path, key, value) of a JSON tree; key is None for list items (slow: for messages)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", key, item
            yield from _walk(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield f"{path}[{i}]", None, item
            yield from _walk(item, f"{path}[{i}]")


def _keys_and_leaves(value: Any) -> tuple[set[Any], list[Any]]:
    """All dict keys and all scalar leaves of a JSON tree (fast: no paths)."""
    keys: set[Any] = set()
    leaves: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            keys.update(item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        else:
            leaves.append(item)
    return keys, leaves


def _is_secret_key(key: Any) -> bool:
    return isinstance(key, str) and any(part in key.lower() for part in SECRET_KEY_PARTS)


def _secret_key_ends(text: str) -> set[int]:
    """Where the values of RNG/seed keys start in json.dumps text (a scan, much faster than
    walking a big state, e.g. with a long log, in Python)."""
    lowered, ends = text.lower(), set()
    for part in SECRET_KEY_PARTS:
        found = lowered.find(part)
        while found >= 0:
            quote = lowered.find('"', found)
            # json.dumps writes a key as "...": and escapes any quote inside a string.
            if quote > 0 and lowered.startswith('": ', quote) and lowered[quote - 1] != "\\":
                ends.add(quote + 3)
            found = lowered.find(part, found + 1)
    return ends


def secret_values(state_json: JSON, text: str | None = None) -> set[Any]:
    """Values stored under RNG/seed keys of ``to_json()`` (``text``: its json.dumps, if at
    hand) that are distinctive enough to look for in views (large integers, long strings).

    >>> sorted(secret_values({"rng": 123456789, "board": [1, 2], "seed": 3}))
    [123456789]
    """
    text = json.dumps(state_json) if text is None else text
    found: set[Any] = set()
    decoder = json.JSONDecoder()
    for end in _secret_key_ends(text):
        try:
            value, _ = decoder.raw_decode(text, end)
        except ValueError:
            continue
        found.update(v for v in _keys_and_leaves(value)[1] if _distinctive(v))
    return found


def _distinctive(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) >= 1 << 16
    return isinstance(value, str) and len(value) >= 8


# ---------------------------------------------------------------------------
# Checks of one state


def check_state(
    game: Game[Any], state: State, where: Where, picker: random.Random | None = None, before: str = ""
) -> View:
    """Every check of a single position (not of its moves); returns the spectators' view.

    ``before``: the state's :func:`fingerprint`, if already computed; ``picker`` draws the
    samples (seeded by the playout)."""
    picker = picker or random.Random(0)
    before = before or fingerprint(state)
    text, data, problem = json_copy(state.to_json())
    if problem:
        raise fail(where, f"to_json() {problem}.")
    check_actors(state, where)
    secrets = secret_values(data, text)
    views = {seat: state.view(seat) for seat in [None, *range(state.players)]}
    for seat, view in views.items():
        check_view(game, state, seat, view, secrets, where)
    # Views after the round trip: spectators' and one seat's (a different one each step).
    seat = picker.randrange(state.players)
    check_restored(game, state, data, {None: views[None], seat: views[seat]}, where)
    for seat in state.actors:
        check_notation(state, seat, where, picker)
    check_refuses_garbage(state, where)
    if fingerprint(state) != before:
        raise fail(where, "legal_moves(), view() or to_json() changed the state they were called on.")
    return views[None]


def check_actors(state: State, where: Where) -> None:
    """actors/outcome agree, actors have moves (fresh lists, no duplicates), others none."""
    actors, outcome = state.actors, state.outcome
    if not isinstance(actors, tuple) or len(set(actors)) != len(actors):
        raise fail(where, f"actors must be a tuple of distinct seats, got {actors!r}.")
    if any(seat not in range(state.players) for seat in actors):
        raise fail(where, f"actors {actors} holds a seat outside 0..{state.players - 1}.")
    if (outcome is None) != bool(actors):
        raise fail(where, f"actors is {actors} while outcome is {outcome}: exactly one must be empty/None.")
    if outcome is not None:
        check_outcome(state, outcome, where)
    for seat in range(state.players):
        check_moves_of(state, seat, where)
    for seat in state.waiting_for:
        check_default_move(state, seat, where)


def check_outcome(state: State, outcome: Outcome, where: Where) -> None:
    if any(seat not in range(state.players) for seat in outcome.winners):
        raise fail(where, f"outcome winners {outcome.winners} holds a seat outside 0..{state.players - 1}.")
    if outcome.scores and len(outcome.scores) != state.players:
        raise fail(where, f"outcome scores {outcome.scores} should have one number per seat ({state.players}).")
    if not outcome.reason:
        raise fail(where, "outcome has no reason.")


def check_default_move(state: State, seat: int, where: Where) -> None:
    """The move played when ``seat``'s time runs out is None (a forfeit) or one of its legal moves."""
    move = state.default_move(seat)
    if move is not None and move not in state.legal_moves(seat):
        raise fail(where, f"default_move({seat}) is {move}, which is not a legal move now.")


def check_moves_of(state: State, seat: int, where: Where) -> None:
    moves = state.legal_moves(seat)
    if seat not in state.actors:
        if moves:
            raise fail(where, f"seat {seat} may not act, yet legal_moves({seat}) returns {_short(moves)}.")
        return
    if not moves:
        raise fail(where, f"seat {seat} is an actor but has no legal move: the game is stuck.")
    try:
        distinct = len(set(moves))
    except TypeError:
        raise fail(where, "moves must be hashable (frozen dataclasses).") from None
    if distinct != len(moves) or len({str(m) for m in moves}) != len(moves):
        raise fail(where, f"legal_moves({seat}) holds duplicates (by value or notation): {_short(moves, 200)}.")
    moves.clear()
    if not state.legal_moves(seat):
        raise fail(where, f"clearing the list returned by legal_moves({seat}) emptied the state's own list.")


def check_notation(state: State, seat: int, where: Where, picker: random.Random, sample: int = 24) -> None:
    """str(move) round-trips through parse_move: for every legal move when there are at most
    ``sample`` of them (else a random sample); a few also upper-cased and padded, and lower-cased."""
    moves = state.legal_moves(seat)
    chosen = moves if len(moves) <= sample else picker.sample(moves, sample)
    for i, move in enumerate(chosen):
        text = str(move)
        variants = (text, f"  {text.upper()} ", text.lower()) if i < 8 else (text,)
        for variant in variants:
            _check_parse(state, seat, move, variant, where)


def _check_parse(state: State, seat: int, move: Any, text: str, where: Where) -> None:
    try:
        parsed = state.parse_move(text)
    except IllegalMove as error:
        raise fail(where.playing(seat, str(move)), f"parse_move({text!r}) refuses it: {error}") from None
    except Exception as error:
        trace = traceback.format_exc()
        raise fail(where.playing(seat, str(move)), f"parse_move({text!r}) crashed:\n{trace}") from error
    if parsed != move:
        raise fail(where.playing(seat, str(move)), f"parse_move({text!r}) gives {parsed!r}, not {move!r}.")


def check_refuses_garbage(state: State, where: Where) -> None:
    try:
        state.parse_move(GARBAGE_MOVE)
    except NotationError:
        return
    except Exception as error:
        raise fail(where, f"parse_move({GARBAGE_MOVE!r}) raises {error!r} instead of NotationError.") from error
    raise fail(where, f"parse_move({GARBAGE_MOVE!r}) accepts garbage text.")


def check_restored(
    game: Game[Any], state: State, data: JSON, views: Mapping[int | None, View], where: Where
) -> None:
    """from_json(to_json()) is an equal state, with the same legal moves and the same ``views``."""
    restored = game.from_json(data)
    if restored != state:
        difference = first_difference(state.to_json(), restored.to_json())
        raise fail(where, f"from_json(to_json()) is not equal to the state: {difference}.")
    for player in range(state.players):
        if [str(m) for m in restored.legal_moves(player)] != [str(m) for m in state.legal_moves(player)]:
            raise fail(
                where,
                f"after the JSON round trip, legal_moves({player}) differs: state left out of to_json()?",
            )
    for seat, view in views.items():
        again = restored.view(seat)
        if again != view:
            raise fail(where, f"after the JSON round trip, view({seat}) differs at {first_difference(view, again)}.")


def check_view(game: Game[Any], state: State, seat: int | None, view: View, secrets: set[Any], where: Where) -> None:
    """Plain JSON, the required keys with the right values, no RNG state."""
    if not isinstance(view, dict):
        raise fail(where, f"view({seat}) is a {type(view).__name__}, not a dict.")
    text, _, problem = json_copy(view)
    if problem:
        raise fail(where, f"view({seat}) {problem}.")
    missing = [key for key in REQUIRED_VIEW_KEYS if key not in view]
    if missing:
        raise fail(where, f"view({seat}) lacks the required keys {missing}.")
    for problem in _view_value_problems(game, state, seat, view):
        raise fail(where, f"view({seat}): {problem}")
    check_no_secret(seat, view, text, secrets, where)


def _view_value_problems(game: Game[Any], state: State, seat: int | None, view: View) -> Iterator[str]:
    outcome = state.outcome
    expected = {
        "game": game.id,
        "players": state.players,
        "actors": list(state.actors),
        "outcome": None if outcome is None else outcome.to_json(),
        "viewer": seat,
    }
    given: Mapping[str, Any] = view  # the kit checks at run time what the types promise
    for key, value in expected.items():
        difference = first_difference(given[key], value)
        if difference:
            yield f'"{key}" should be {_short(value)}, got {_short(given[key])} ({difference}).'
    if not isinstance(view["move_number"], int) or view["move_number"] < 0:
        yield f'"move_number" should be a count of moves, got {view["move_number"]!r}.'
    last = view["last_move"]
    if not isinstance(last, list) or not all(isinstance(item, str) for item in last):
        yield f'"last_move" should be a list of notation strings, got {_short(last)}.'


def check_no_secret(seat: int | None, view: View, text: str, secrets: set[Any], where: Where) -> None:
    """No RNG/seed key in the view, and none of the state's RNG/seed values (``text``: the
    view's json.dumps)."""
    # Fast text scan first; the walk below only runs to confirm and locate a suspect.
    leaked_key = bool(_secret_key_ends(text))
    if not leaked_key and not any(json.dumps(value) in text for value in secrets):
        return
    for path, key, value in _walk(view):
        if _is_secret_key(key):
            raise fail(where, f"view({seat}) has a key {key!r} at {path}: the RNG state or seed must stay hidden.")
        if not isinstance(value, dict | list | tuple) and _distinctive(value) and value in secrets:
            raise fail(where, f"view({seat}) shows the RNG state or seed ({_short(value)}) at {path}.")


# ---------------------------------------------------------------------------
# Checks of moves


def check_play(state: State, seat: int, move: Any, where: Where, before: str | None = None) -> State:
    """Play one legal move (object or notation): accepted, old state untouched, a new state."""
    here = where.playing(seat, str(move))
    before = before or fingerprint(state)
    try:
        after = state.play(seat, move)
    except IllegalMove as error:
        raise fail(here, f"a move from legal_moves() is refused: {error}") from None
    except Exception as error:
        raise fail(here, f"play() crashed:\n{traceback.format_exc()}") from error
    if fingerprint(state) != before:
        raise fail(here, "play() changed the state it was called on (it must return a new one).")
    if after is state:
        raise fail(here, "play() returned the same object instead of a new state.")
    return after


def check_move_number(previous: int, current: int, where: Where) -> None:
    """One play adds 1 to move_number (or 0, for an action that is not a move, like a peek)."""
    if current not in (previous, previous + 1):
        raise fail(where, f"move_number went from {previous} to {current}: one play adds 1 (or 0).")


def check_refuses_non_actor(state: State, move: Any, where: Where, before: str | None = None) -> None:
    """A seat that may not act is refused with ForbiddenMove, and nothing changes."""
    idle = [seat for seat in range(state.players) if seat not in state.actors]
    if not idle:
        return
    before = before or fingerprint(state)
    try:
        state.play(idle[0], move)
    except ForbiddenMove:
        pass
    except Exception as error:
        raise fail(where, f"seat {idle[0]} playing out of turn raised {error!r}, not ForbiddenMove.") from error
    else:
        raise fail(where, f"seat {idle[0]} may not act, yet play({idle[0]}, {str(move)!r}) was accepted.")
    if fingerprint(state) != before:
        raise fail(where, "a refused move changed the state.")


def check_finished(state: State, where: Where) -> None:
    """A finished game refuses every move."""
    for seat in range(state.players):
        try:
            state.play(seat, GARBAGE_MOVE)
        except ForbiddenMove:
            continue
        except Exception as error:
            raise fail(where, f"play() on a finished game raised {error!r}, not ForbiddenMove.") from error
        raise fail(where, f"seat {seat} could play on a finished game.")


def check_sample_setups(game: Game[Any]) -> None:
    """sample_setups covers every player count and every value of every option."""
    where = Where(game.id, 0, {}, 0)
    if not game.sample_setups:
        raise fail(where, "the game registers no sample_setups.")
    counts = {players for players, _ in game.sample_setups}
    missing = sorted(set(range(game.min_players, game.max_players + 1)) - counts)
    if missing:
        raise fail(where, f"sample_setups never plays with {missing} players.")
    for players, options in game.sample_setups:
        try:
            game.new(players, 0, options)
        except ValueError as error:
            raise fail(where, f"sample setup ({players}, {options}) is refused: {error}") from error
    for option in game.options:
        seen = [game.resolve_options(options)[option.name] for _, options in game.sample_setups]
        unseen = [choice for choice in option.choices if choice not in seen]
        if unseen:
            raise fail(where, f"sample_setups never sets option {option.name!r} to {unseen}.")


# ---------------------------------------------------------------------------
# Random playouts


def random_playout(
    game: Game[Any] | str,
    players: int,
    seed: int,
    options: JSON | None = None,
    max_moves: int = 5000,
    check: bool = True,
    sample: int = 4,
) -> PlayoutReport:
    """Play random legal moves from ``game.new(players, seed, options)`` until the end.

    With ``check``, run every check above at every step (``sample`` extra legal moves of
    each actor are played and thrown away) and raise :class:`ConformanceError` at the first
    problem, including a game that does not end within ``max_moves``. Without it, just
    play (for benchmarks); ``report.finished`` tells whether the game ended.
    """
    if isinstance(game, str):
        from rules import GAMES

        game = GAMES[game]
    options = dict(options or {})
    picker = random.Random(seed)
    report = PlayoutReport(game.id, players, options, seed)
    started = time.perf_counter()
    state = _start(game, players, seed, options, check)
    number, where = 0, Where(game.id, players, options, seed)
    while True:
        before = fingerprint(state) if check else ""
        if check:
            view = check_state(game, state, Where(game.id, players, options, seed, report.length), picker, before)
            if report.moves:
                check_move_number(number, view["move_number"], where)
            number = view["move_number"]
        if state.outcome is not None or report.length >= max_moves:
            break
        seat = picker.choice(state.actors)
        move = picker.choice(state.legal_moves(seat))
        where = Where(game.id, players, options, seed, report.length).playing(seat, str(move))
        if check:
            _check_sample(state, picker, sample, where, before)
            check_refuses_non_actor(state, move, where, before)
            state = check_play(state, seat, str(move), where, before)
        else:
            state = state.play(seat, move)
        report.moves.append((seat, str(move)))
    report.outcome, report.final = state.outcome, state
    report.seconds = time.perf_counter() - started
    if check:
        _check_end(state, report, max_moves)
    return report


def trusted_playout(
    game: Game[Any], players: int, seed: int, options: JSON | None = None, max_moves: int = 5000
) -> int:
    """Play one random game twice side by side, checked (by notation) and on the fast path
    (``play(..., trusted=True)`` with the move objects of the trusted line's own states);
    raise :class:`ConformanceError` at the first step where their ``to_json()`` or
    spectators' views differ.  Returns the number of moves played.

    >>> from rules import GAMES
    >>> game = next(iter(GAMES.values()))  # any game will do
    >>> trusted_playout(game, players=game.min_players, seed=1) > 0
    True
    """
    options = dict(options or {})
    picker = random.Random(seed)
    checked = trusted = _start(game, players, seed, options, check=False)
    moves = 0
    while checked.outcome is None and moves < max_moves:
        seat = picker.choice(checked.actors)
        index = picker.randrange(len(checked.legal_moves(seat)))
        notation = str(checked.legal_moves(seat)[index])
        checked = checked.play(seat, notation)
        trusted = trusted.play(seat, trusted.legal_moves(seat)[index], trusted=True)
        moves += 1
        where = Where(game.id, players, options, seed, moves - 1).playing(seat, notation)
        difference = first_difference(checked.to_json(), trusted.to_json())
        difference = difference or first_difference(checked.view(None), trusted.view(None))
        if difference:
            raise fail(where, f"the trusted fast path gives another state than the checked play: {difference}.")
    return moves


def _check_end(state: State, report: PlayoutReport, max_moves: int) -> None:
    where = Where(report.game, report.players, report.options, report.seed, report.length)
    if state.outcome is None:
        raise fail(where, f"the game did not end within {max_moves} random moves.")
    check_finished(state, where)
    if report.moves and state.view(None)["move_number"] == 0:
        raise fail(where, f"move_number is still 0 after {report.length} moves.")


def _start(game: Game[Any], players: int, seed: int, options: JSON, check: bool) -> State:
    state: State = game.new(players, seed, options)
    if check and game.new(players, seed, options) != state:
        where = Where(game.id, players, options, seed)
        difference = first_difference(state.to_json(), game.new(players, seed, options).to_json())
        raise fail(where, f"game.new() with the same seed gives different states: {difference}.")
    return state


def _check_sample(state: State, picker: random.Random, sample: int, where: Where, before: str) -> None:
    """Play (and discard) up to ``sample`` legal moves, drawn from all actors' moves together
    (so a step where six players act at once costs no more than a step with one)."""
    pairs = [(seat, move) for seat in state.actors for move in state.legal_moves(seat)]
    for seat, move in pairs if len(pairs) <= sample else picker.sample(pairs, sample):
        check_play(state, seat, move, where, before)
