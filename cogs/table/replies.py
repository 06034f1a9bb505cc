"""Answering an interaction: at once, then with what it did, within Discord's limits.

A click is acknowledged (a deferred update) and ``/move`` thinks privately before the game is
loaded; the board, or a private refusal, follows through the interaction (:func:`update_clicked`,
:func:`send_answer`, :func:`tell`).  What a player did wrong becomes a polite private answer
(:func:`guarded`), never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.i18n import text, word
from bot.panels import Edit
from bot.service import ServiceError

log = logging.getLogger("agora.cogs")


MISSING_PERMISSIONS = (
    "I cannot post in this channel. Please give me the View Channel, Send Messages, "
    "Embed Links and Attach Files permissions here."
)


async def guarded(interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work``; turn what a player did wrong into a polite private answer."""
    try:
        await work()
    except ServiceError as error:
        said = await in_reply_language(interaction, error)
        await tell(interaction, inert(said) if error.quotes_player else said)
    except discord.Forbidden:
        log.warning("missing permissions in channel %s", interaction.channel_id)
        refusal = ServiceError(MISSING_PERMISSIONS, "err.permissions")
        await tell(interaction, await in_reply_language(interaction, error=refusal))


async def in_reply_language(interaction: discord.Interaction[Any], error: ServiceError) -> str:
    """The refusal in the language of a private answer (the player's, else the server's: see
    :meth:`AgoraBot.reply_language`) when the catalogue has it, else as raised (English)."""
    lang = await interaction.client.reply_language(interaction)
    if lang == "en":
        return str(error)
    if error.engine_text is not None:
        return word(lang, error.engine_text)
    return str(error) if error.key is None else text(lang, error.key, **error.values)


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A private (ephemeral) answer, whether or not the interaction was answered already."""
    text = clip(text, CONTENT_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)  # not waited for: nothing edits it later
        interaction.extras[ACKNOWLEDGED] = False
    else:
        await interaction.response.send_message(text, ephemeral=True)


ACKNOWLEDGED = "agora.acknowledged"  # key of ``interaction.extras``: deferred, its answer still to come


async def acknowledge(interaction: discord.Interaction[Any], *, thinking: bool = False) -> None:
    """Tell Discord at once that the interaction is being handled: a click's deferred update, or a
    command's private "thinking…" (``thinking``); the answer follows through :func:`update_clicked`,
    :func:`send_answer` or :func:`tell`."""
    if thinking:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()
    interaction.extras[ACKNOWLEDGED] = True


def answered(interaction: discord.Interaction[Any]) -> bool:
    """Whether the player has had the answer to the interaction (an acknowledgement is not one)."""
    return interaction.response.is_done() and not interaction.extras.get(ACKNOWLEDGED, False)


async def update_clicked(interaction: discord.Interaction[Any], **message: Any) -> None:
    """Change the message whose control was clicked: in the interaction's response, or once it was
    acknowledged, by editing it through the interaction."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.edit_message(**message)
    interaction.extras[ACKNOWLEDGED] = False


@dataclass(frozen=True)
class Sent:
    """A message sent in answer to an interaction, and how to edit it later through the interaction."""

    id: int | None
    edit: Edit


async def send_answer(interaction: discord.Interaction[Any], **message: Any) -> Sent:
    """A new message in answer to the interaction (``ephemeral`` for its user alone): the response,
    or once the interaction was acknowledged or answered, a follow-up."""
    if interaction.response.is_done():
        sent = await interaction.followup.send(**message, wait=True)
        interaction.extras[ACKNOWLEDGED] = False
        return Sent(sent.id, partial(interaction.followup.edit_message, sent.id))
    response = await interaction.response.send_message(**message)
    return Sent(response.message_id, interaction.edit_original_response)


# Discord's limits: a message past them is refused, and the player gets nothing.
CONTENT_LIMIT, TITLE_LIMIT, DESCRIPTION_LIMIT, FIELD_NAME_LIMIT, FIELD_LIMIT, FOOTER_LIMIT = (
    2000, 256, 4096, 256, 1024, 2048
)


OPTION_LIMIT, BUTTON_LIMIT, PLACEHOLDER_LIMIT, ECHO_LIMIT = 100, 80, 150, 100


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut.

    >>> clip("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def inert(message: str) -> str:
    """A message quoting a player's text with its markdown and mentions made inert (it reads the same)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(message))


def echo(typed: str) -> str:
    """What a player typed, as a reply quotes it: cut to ECHO_LIMIT, markdown and mentions made inert.

    >>> len(echo("x" * 500)), "@everyone" in echo("@everyone"), echo("**bold**") == r"\\*\\*bold\\*\\*"
    (100, False, True)
    """
    return inert(clip(typed.strip(), ECHO_LIMIT))


def fit_embed(embed: discord.Embed) -> None:
    """Cut an embed's title, description, fields and footer to Discord's limits."""
    if embed.title:
        embed.title = clip(embed.title, TITLE_LIMIT)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION_LIMIT)
    for index, found in enumerate(list(embed.fields)):
        embed.set_field_at(
            index, name=clip(found.name or "-", FIELD_NAME_LIMIT), value=clip(found.value or "-", FIELD_LIMIT),
            inline=bool(found.inline),
        )
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER_LIMIT), icon_url=embed.footer.icon_url)


def fit_item(item: discord.ui.Item[Any]) -> None:
    """Cut a control's labels (button, placeholder, options) to Discord's limits."""
    inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
    if isinstance(inner, discord.ui.Button) and inner.label:
        inner.label = clip(inner.label, BUTTON_LIMIT)
    if isinstance(inner, discord.ui.Select):
        if inner.placeholder:
            inner.placeholder = clip(inner.placeholder, PLACEHOLDER_LIMIT)
        for option in inner.options:
            option.label = clip(option.label, OPTION_LIMIT)
            if option.description:
                option.description = clip(option.description, OPTION_LIMIT)


def mention_list(user_ids: Sequence[int]) -> str:
    return ", ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))
