"""Who may press each control: every control of every game, clicked by everyone who could.

The list of controls comes from the games' own grammars (``GameCog.actions`` and the
shared ``COMMON_ACTIONS``): each alternative is one control, and each needs a row, so a new
control without a row fails :func:`test_every_control_has_a_row`. Every registered game is
tested: a built-in game's rows are in :data:`TABLE`, a game package's in its ``who_may_press``
module (:func:`rows_of`); a game with neither fails by its name.
A row says which roles may press the control in the fixture position (Alice to move,
Bob waiting); everyone else is refused privately and the stored game stays as it was.
The controls of a finished game found beyond its board (a replay's or a review's private panel) have their
rows in :data:`FINISHED_GAME`, pressed on a finished game of Alice and Bob.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bot.app import AgoraBot
from bot.service import GameRecord
from cogs.common import COMMON_ACTIONS, game_cog
from rules import GAMES, MODULES
from tests.e2e.test_review_e2e import blundered_game
from tests.harness import FakeDiscord, FakeMessage, FakeUser, InteractionResult

ACTOR, OTHER, OUTSIDER, FOREIGN, FORGED = "actor", "other", "outsider", "other server", "forged id"
ROLES = (ACTOR, OTHER, OUTSIDER, FOREIGN, FORGED)
SEATED = frozenset({ACTOR, OTHER})
ACTS = frozenset({ACTOR})
NOBODY: frozenset[str] = frozenset()
ANOTHER_SERVER = 4_242_424_242
# What an authorization refusal says: an allowed role never reads these.
AUTH_REFUSALS = (
    "not playing in this game", "not your turn", "not valid", "not one of your games", "This menu is for",
    "Time is not up", "no such offer", "your opponent must answer", "only your opponent can claim",
)


@dataclass(frozen=True)
class Row:
    """One control: a sample action, select values (None: a button), and the roles that may press it.

    ``{seat}`` in the action stands for the seat of the player to move.
    """

    action: str
    allowed: frozenset[str]
    values: tuple[str, ...] | None = None


COMMON = {
    "accept": Row("accept", NOBODY),  # the challenge is over: nobody accepts an active game
    "decline": Row("decline", NOBODY),
    "rematch": Row("rematch", NOBODY),  # the game is being played: a rematch waits for its end
    "private": Row("private", SEATED),
    "days:claim": Row("days:claim", NOBODY),  # before the deadline
    "days:wait": Row("days:wait", frozenset({OTHER})),
    "days:(?:draw|takeback):(?:yes|no)": Row("days:draw:yes", NOBODY),  # no offer is stored
    "days:more": Row("days:more", SEATED),
    "days:show": Row("days:show", frozenset({ACTOR, OTHER, OUTSIDER})),  # /games' Show board: anyone here
    "days:menu:(?:draw|takeback|resign)": Row("days:menu:resign", SEATED),
    "days:resign:(?:yes|no)": Row("days:resign:no", SEATED),
    "hint": Row("hint", NOBODY),  # a game between people: no hints
    "review": Row("review", NOBODY),  # the game is being played: reviewed once it is over
    # A spectator's controls: anyone of the server but the game's players.
    "follow": Row("follow", frozenset({OUTSIDER})),
    "follow:stop": Row("follow:stop", frozenset({OUTSIDER})),
    "follow:thread": Row("follow:thread", frozenset({OUTSIDER})),
}
TABLE: dict[str, dict[str, Row]] = {
    "arkaios": {
        "build[1-3]": Row("build1", ACTS, ("a1=1",)),
        "undo": Row("undo", ACTS),
        "confirm": Row("confirm", ACTS),
    },
    "arcanor": {
        "from:[a-z0-9]{1,4}": Row("from:b1", ACTS, ("b1-a2",)),
        "pass": Row("pass", ACTS),
        "lift": Row("lift", ACTS, ("b1",)),
        "stack": Row("stack", ACTS, ("b1",)),
        "pick": Row("pick", ACTS, ("b1",)),
        "back": Row("back", ACTS),
        "stacks": Row("stacks", ACTS),
    },
    "araksey": {
        "elem[0-9]": Row("elem0", NOBODY, ("fire",)),  # elements are chosen before the game starts
        "(?:place|act|piece|ppiece)[0-9]{1,2}": Row("place0", ACTS, ("@b2",)),
        "pass(?::yes|:no)?": Row("pass:yes", ACTS),
        "power": Row("power", ACTS),
        "back": Row("back", ACTS),
    },
    "dragons_arena": {
        "(?:play|pick|blz|sq):[!-~]{1,40}": Row("play:a1xa2", ACTS),
        "power:[a-z0-9]{1,4}": Row("power:a1", ACTS, ("a1xa2",)),
        "split": Row("split", ACTS, ("a1xa2",)),
        "setmodal": Row("setmodal", SEATED),  # seated players are told no set is due now
        "die": Row("die", ACTS, ("1",)),
        "element": Row("element", ACTS),
        "back": Row("back", ACTS),
    },
    "kouba": {
        "join": Row("join", NOBODY),  # the table has started
        "leave": Row("leave", NOBODY),
        "start": Row("start", NOBODY),
        "dice": Row("dice", SEATED),
        "keep[0-9]?": Row("keep", ACTS, ("0:1",)),
        "pm:[!-~]{1,60}": Row("pm:roll", ACTS),
        "pm-[a-z]{1,16}[0-9]?": Row("pm-swap", ACTS, ("roll",)),
        "ev:(?:roll|stop|keep[0-9]?):[0-9A-Za-z._-]{1,40}": Row("ev:roll:1.1.tie.0", NOBODY),  # no event now
        "mv:[!-~]{1,60}": Row("mv:roll", ACTS),
        "mv-(?:take[0-9]|give[0-9]?|duel|claim)": Row("mv-take{seat}", ACTS, ("x",))  # the menu of the seat to move,
    },
}

# A finished game's controls beyond its board, by the custom id they carry ({game}: the finished game's id), in
# the fixture of :func:`test_who_may_use_a_finished_games_controls`: both players (ACTOR, OTHER) played it.
FINISHED_GAME: dict[str, Row] = {
    "agora:playon:{game}": Row("playon", SEATED, ("1:easy",)),  # Play on, from a replay's or a review's menu
}


def rows_of(game: str) -> dict[str, Row]:
    """The rows of ``game``'s own controls: :data:`TABLE`'s, else its package's ``who_may_press.ROWS``."""
    if game in TABLE:
        return TABLE[game]
    package = MODULES[game].package
    try:
        rows = importlib.import_module(f"{package}.who_may_press").ROWS if package else None
    except ModuleNotFoundError:
        rows = None
    if rows is None:
        pytest.fail(f"{game}: no row says who may press its controls (add TABLE[{game!r}] here, or ROWS to the "
                    f"who_may_press module of its package)")
    return {pattern: Row(action, frozenset(allowed), values) for pattern, (action, allowed, values) in rows.items()}


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression.

    >>> alternatives("a|b(?:c|d)|e")
    ['a', 'b(?:c|d)', 'e']
    """
    parts, depth, start = [], 0, 0
    for index, char in enumerate(pattern):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "|" and depth == 0:
            parts.append(pattern[start:index])
            start = index + 1
    return [*parts, pattern[start:]]


def controls_of(bot: AgoraBot, game: str) -> set[str]:
    cog = game_cog(bot, game)
    return set(alternatives(COMMON_ACTIONS)) | set(alternatives(cog.actions))


async def test_every_control_has_a_row(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    bot = make_bot()
    await discord_harness.start(bot)
    for game in sorted(GAMES):
        rows = rows_of(game)
        assert controls_of(bot, game) == set(COMMON) | set(rows), f"{game}: each control needs a row"
        for pattern, row in {**COMMON, **rows}.items():
            sample = row.action.format(seat=0)
            assert re.fullmatch(pattern, sample), f"{game}: {sample!r} is not a {pattern!r} control"


async def fixture(
    h: FakeDiscord, bot: AgoraBot, game: str, users: dict[str, FakeUser]
) -> tuple[FakeMessage, GameRecord]:
    """A started game between two players, its board, and ``users`` set so that ACTOR is the one to move."""
    service = bot.service
    record = await service.start_game(
        game, guild_id=h.guild.id, channel_id=h.default_channel.id, seats=[users[ACTOR].id, users[OTHER].id]
    )
    if game == "kouba":  # both players swap first; then one alone rolls
        for user in record.seats:
            record = await service.play(record.id, user, ["swap:none"])
    if record.actors() != [users[ACTOR].id]:
        users[ACTOR], users[OTHER] = users[OTHER], users[ACTOR]
    assert record.actors() == [users[ACTOR].id]
    await game_cog(bot, game).post_board(None, record)
    await h.settle()
    return h.last_message(h.default_channel), record


def snapshot(record: GameRecord) -> tuple[object, ...]:
    row = record.row
    return row.version, row.status, row.state, row.draft, row.offer, row.outcome, row.seats


async def press(
    h: FakeDiscord, board: FakeMessage, record: GameRecord, row: Row, role: str, users: dict[str, FakeUser]
) -> InteractionResult:
    kind = "b" if row.values is None else "s"
    action = row.action.format(seat=record.seats.index(users[ACTOR].id))
    action += f":{users[OTHER].id}" if role == FORGED else ""
    custom_id = f"agora:{kind}:{record.id}:{record.version}:{action}"
    user = users[OTHER] if role == OTHER else users[OUTSIDER] if role == OUTSIDER else users[ACTOR]
    from_guild = ANOTHER_SERVER if role == FOREIGN else None
    return await h.forge(user, board, custom_id, values=row.values, from_guild=from_guild)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_who_may_press_each_control(
    game: str, discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    users = {ACTOR: h.user("alice"), OTHER: h.user("bob"), OUTSIDER: h.user("carol")}
    board, record = await fixture(h, bot, game, users)
    rows = {**COMMON, **rows_of(game)}
    for row in rows.values():
        for role in ROLES:
            if role in row.allowed:
                continue
            result = await press(h, board, record, row, role, users)
            assert result.responded and result.ephemeral, f"{game} {row.action} by {role}: {result}"
            after = await bot.service.load(record.id)
            assert snapshot(after) == snapshot(record), f"{game} {row.action} by {role} changed the game"
    for row in rows.values():
        for role in sorted(row.allowed):
            result = await press(h, board, record, row, role, users)
            assert result.responded, f"{game} {row.action} by {role} was not answered"
            said = result.text
            assert not any(refusal in said for refusal in AUTH_REFUSALS), f"{game} {row.action} by {role}: {said}"
            if snapshot(await bot.service.load(record.id)) != snapshot(record):
                board, record = await fixture(h, bot, game, users)


@pytest.mark.parametrize("custom_id", sorted(FINISHED_GAME))
async def test_who_may_use_a_finished_games_controls(
    custom_id: str, discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """Everyone refused is told so privately and nothing is stored; each one allowed is answered in public
    (Play on: a new game in their seat)."""
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    users = {ACTOR: h.user("alice"), OTHER: h.user("bob"), OUTSIDER: h.user("carol")}
    await blundered_game(h, users[ACTOR], users[OTHER])
    finished = await bot.service.load(1)
    panel = (await h.slash(users[ACTOR], "replay", game=finished.id)).message
    assert panel is not None
    row = FINISHED_GAME[custom_id]
    pressed = custom_id.format(game=finished.id)

    async def games() -> int:
        found = await bot.storage.db.fetchrow("SELECT COUNT(*) FROM games")
        return -1 if found is None else int(found[0])

    for role in ROLES:
        if role in row.allowed:
            continue
        forged = f"{pressed}:{users[OTHER].id}" if role == FORGED else pressed
        user = users[OUTSIDER] if role == OUTSIDER else users[ACTOR]
        from_guild = ANOTHER_SERVER if role == FOREIGN else None
        result = await h.forge(user, panel, forged, values=row.values, from_guild=from_guild)
        assert result.responded and result.ephemeral, f"{row.action} by {role}: {result}"
        assert snapshot(await bot.service.load(finished.id)) == snapshot(finished), f"{row.action} by {role}"
        assert await games() == 1, f"{row.action} by {role} started a game"
    for started, role in enumerate(sorted(row.allowed), start=2):
        user = users[OTHER] if role == OTHER else users[ACTOR]
        result = await h.forge(user, panel, pressed, values=row.values)
        assert result.responded and not result.ephemeral, f"{row.action} by {role}: {result.text}"
        assert await games() == started and snapshot(await bot.service.load(finished.id)) == snapshot(finished)
