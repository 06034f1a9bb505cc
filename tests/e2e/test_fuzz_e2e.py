"""A seeded fuzz of hostile input for every game, through Discord as players would send it.

Random and hostile ``/move`` texts and forged control ids, from the player to move, the
other player and a bystander.  Every interaction is answered, inside Discord's limits;
nothing illegal changes the stored game; a bystander never receives a private picture.
Errors the bot only logs fail the test (the harness sees to that).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.service import GameRecord
from cogs.common import CONTENT_LIMIT, game_cog
from rules import GAMES
from tests.e2e.test_authorization_e2e import COMMON, TABLE, snapshot
from tests.harness import FakeDiscord, FakeUser, InteractionResult

SEED = 20_18
ROUNDS = 150  # per game: about a second each
UNICODE_DIGITS = "٠١٢٣٤٥٦٧٨٩²³¹۱۲"
HOSTILE = ["@everyone", "@here", "<@&1>", "**", "[x](https://e.x)", "`", "\u200b", "\x00", "9" * 4400, "ｃ３"]


def hostile_text(rng: random.Random, legal: list[str]) -> str:
    """A move text: a legal move bent (Unicode digits, junk, repeats), or hostile pieces."""
    base = rng.choice(legal) if legal and rng.random() < 0.6 else rng.choice(HOSTILE)
    bent = rng.choice([
        lambda t: t,
        lambda t: "".join(rng.choice(UNICODE_DIGITS) if c.isdigit() else c for c in t),
        lambda t: t * rng.randint(2, 300),
        lambda t: t + " " + rng.choice(HOSTILE),
        lambda t: t.upper(),
        lambda t: t[: rng.randint(0, len(t))],
    ])
    return bent(base)[:6000] or "x"


def forged_id(rng: random.Random, record: GameRecord, actions: list[str], kind: str) -> str:
    """A control id of ``kind`` (b: button, s: select): the game's own actions, right or wrong game, version, tail."""
    game = rng.choice([str(record.id), str(record.id), "0", "9" * rng.randint(19, 60), "-1", "1e3"])
    version = rng.choice([str(record.version), "any", str(record.version + rng.randint(1, 9)), "9" * 40, ""])
    action = rng.choice(actions)
    action += rng.choice(["", "", f":{rng.randint(0, 10**30)}", ":" + rng.choice(HOSTILE), "extra"])
    return f"agora:{kind}:{game}:{version}:{action}"[:100]


async def start(h: FakeDiscord, bot: AgoraBot, game: str, alice: FakeUser, bob: FakeUser) -> GameRecord:
    record = await bot.service.start_game(
        game, guild_id=h.guild.id, channel_id=h.default_channel.id, seats=[alice.id, bob.id]
    )
    await game_cog(bot, game).post_board(None, record)
    await h.settle()
    return record


def check_answer(result: InteractionResult, who: FakeUser, seated: bool) -> None:
    assert result.responded, f"unanswered: {result}"
    for message in result.messages:
        assert len(message.content) <= CONTENT_LIMIT
        assert "@everyone" not in message.content.replace("@\u200beveryone", "")
        if not seated:
            assert not any(a.filename.startswith("private-") for a in message.attachments), who.name


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_hostile_moves_and_forged_controls(
    game: str, discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    record = await start(h, bot, game, alice, bob)
    board = h.last_message(h.default_channel)
    rng = random.Random(f"{SEED}-{game}")
    actions = [row.action.format(seat=0) for row in {**COMMON, **TABLE[game]}.values()]
    for _ in range(ROUNDS):
        record = await bot.service.load(record.id)
        if record.row.status != "active":
            record = await start(h, bot, game, alice, bob)
            board = h.last_message(h.default_channel)
        user = rng.choice([alice, bob, carol])
        seated = user is not carol
        state = record.state
        legal = [str(m) for seat in (state.actors if state else ()) for m in state.legal_moves(seat)[:20]]
        if rng.random() < 0.5:
            typed = hostile_text(rng, legal)
            result = await h.slash(user, "move", notation=typed, game=rng.choice([record.id, record.id, 999]))
        else:
            # A client can forge a control's id but not its type: buttons carry no values.
            values = None if rng.random() < 0.5 else [hostile_text(rng, legal)[:100]]
            kind = "b" if values is None else "s"
            result = await h.forge(user, board, forged_id(rng, record, actions, kind), values=values)
        check_answer(result, user, seated)
        after = await bot.service.load(record.id)
        if snapshot(after) != snapshot(record):
            assert user is not carol, "a bystander changed the game"
            assert after.version > record.version
