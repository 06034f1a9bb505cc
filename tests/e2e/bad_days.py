"""What the end-to-end tests of Discord's bad days share (5xx and 429, lost permissions, deleted boards
and channels, a restart to catch up): a bot started at a tic-tac-toe table between alice and bob, or
against Agora, and the time passing until its scheduler runs what fell due."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bot.app import AgoraBot
from bot.scheduler import PUBLISH
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser

HOUR = 3600.0
SEND = r"^/channels/\d+/messages$"  # the request that posts a message, and so a new board


class Table(NamedTuple):
    """A running bot, and the first board of the tic-tac-toe game alice challenged bob to (alice's turn); the
    tests unpack it as ``bot, alice, bob, board``."""

    bot: AgoraBot
    alice: FakeUser
    bob: FakeUser
    board: FakeMessage


async def start_bot(
    h: FakeDiscord, make_bot: Callable[[], AgoraBot], *, system_channel: str | None = None, bob_dms_closed: bool = False
) -> AgoraBot:
    """A new bot, started on the server where alice and bob are already members; ``system_channel``: the name of
    the channel to make the server's system channel first; ``bob_dms_closed``: bob takes no DMs."""
    h.user("alice")
    h.user("bob", dms_closed=bob_dms_closed)
    if system_channel is not None:
        h.guild.system_channel_id = h.channel(system_channel).id
    bot = make_bot()
    await h.start(bot)
    return bot


async def start_bot_for_alice(h: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> tuple[AgoraBot, FakeUser]:
    """A new bot, started on the server where alice, who plays Agora, is already a member (and bob is not)."""
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    return bot, alice


async def tictactoe_table(h: FakeDiscord, bot: AgoraBot, *, accept: str = "Accept") -> Table:
    """Alice challenges bob to tic-tac-toe and bob accepts (``accept``: the button's label in the server's
    language), on the server of the running ``bot``."""
    alice, bob = h.user("alice"), h.user("bob")
    return Table(bot, alice, bob, await first_board(h, alice, bob, accept=accept))


async def first_board(h: FakeDiscord, alice: FakeUser, bob: FakeUser, accept: str = "Accept") -> FakeMessage:
    """The first board of the tic-tac-toe game alice challenges bob to, once bob presses ``accept``."""
    sent = await h.slash(alice, "tictactoe challenge", opponent=bob)
    await h.click(bob, sent.button(label=accept))
    return h.last_message(h.default_channel)


async def board_against_agora(h: FakeDiscord, alice: FakeUser) -> FakeMessage:
    """The first board of the tic-tac-toe game alice challenges Agora to, at its easy level (alice's turn)."""
    await h.slash(alice, "tictactoe challenge", opponent=h.bot_user, level="easy")
    return h.last_message(h.default_channel)


def killed_after_saving(bot: AgoraBot) -> None:
    """Agora's moves are saved, and the process dies before it shows them."""
    cog = bot.get_cog("Opponent")  # each bot loads its own copy of the extension's module
    assert cog is not None and hasattr(cog, "show")

    async def dies(*args: object) -> None:
        return None

    cog.show = dies


async def thinking_board(h: FakeDiscord, alice: FakeUser, bot: AgoraBot) -> FakeMessage:
    """Alice plays a1 against Agora, whose move is saved but never shown."""
    killed_after_saving(bot)
    board = await board_against_agora(h, alice)
    await h.click(alice, board.button(label="a1"))
    return h.last_message(h.default_channel)


def boards(h: FakeDiscord) -> list[FakeMessage]:
    """The messages of the channel that carry a board picture."""
    return [m for m in h.messages(h.default_channel) if m.attachments]


async def publish_jobs(bot: AgoraBot) -> list[float]:
    """When the pending jobs that post a board Discord refused are due, in the scheduler's order."""
    return [job.due_at for job in await bot.scheduler.pending() if job.kind == PUBLISH]


async def time_passes(h: FakeDiscord, bot: AgoraBot, clock: Clock, seconds: float) -> int:
    """``seconds`` pass at once, then the scheduler runs what fell due and the bot settles; returns how many
    jobs ran."""
    clock.advance(seconds)
    ran = await bot.scheduler.run_due()
    await h.settle()
    return ran


async def run_for(h: FakeDiscord, bot: AgoraBot, clock: Clock, hours: float) -> None:
    """Time passes hour by hour, the scheduler running what falls due."""
    for _ in range(int(hours)):
        await time_passes(h, bot, clock, HOUR)
