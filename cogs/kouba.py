"""Kouba on Discord: an open table, the arena and its dice, private hands with their powers.

- ``/kouba create`` opens a table in the channel: Join / Leave / Start (2 to 6 players,
  only the creator starts). The table message is edited in place as players come and go.
- The public board shows the table image, who must act and why, and the controls of the
  players the game waits for: Roll, a multi-select of dice to keep, a select of the arena
  cards the dice can claim (the engine decides), Give up, the pile of a Kouba, King
  counter / allow, the duel's opponent and piles. Events are rolled by every participant
  at their own pace: shared Roll / Stop buttons and a private "My dice" panel to keep dice.
- "My hand" opens a private panel: the player's piles, the round-start swap, and every
  power usable now (powers may be played in other players' turns too).
- Within one step of play the board is edited in place; a new board message is posted
  (and the old one frozen) when the game waits for someone new or the scene changes
  (swap -> turn, turn -> event, next round), so the players who must act are pinged.

Controls drawn for one version of the game carry it in their custom_id; controls that
stay meaningful whatever happens meanwhile (the lobby, event rolls) carry no version and
are checked by the engine when clicked.  The hand panel's controls carry their version:
the panel is redrawn as the game moves on (see ``bot/panels.py``), and a click on one the
game has left behind is refused and the panel redrawn.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PLAYERS_ONLY, AgoraBot
from bot.departures import check_reliability
from bot.i18n import plural, text, word
from bot.names import shown_name
from bot.opponent import DEFAULT_LEVEL, Level
from bot.ratings import ranks_of
from bot.service import ACTIVE, CANCELLED, GameRecord, ServiceError, invalid_control, not_playing
from cogs.common import (
    ANY_VERSION,
    COLOUR,
    Board,
    GameButton,
    GameCog,
    GameSelect,
    LessonClick,
    controls_view,
    guarded,
    is_active,
    mention_list,
    seat_list,
    send_answer,
    update_clicked,
)
from cogs.table.challenges import DEADLINE_HELP
from render import kouba as drawing
from rules import GAMES, Listing, Outcome, Text, View
from rules.kouba import (
    DICE,
    EVENT,
    RACES,
    SWAP,
    TIEBREAK,
    TURN,
    DiceView,
    KoubaState,
    KoubaView,
    PendingView,
    cause_text,
    keeps_free_to_pick,
    log_text,
    move_groups,
    move_label,
    power_card,
)
from rules.kouba_combos import combo_words
from rules.kouba_deck import CardView

PIPS = "⚀⚁⚂⚃⚄⚅"
MAX_OPTIONS = 25
MAX_ROWS = 5
BUTTONS_PER_ROW = 5
HAND_ROW = 4
LOG_LINES = 4
SELECT_POWERS = ("khan", "brute", "courtesan")
BUTTON_POWERS = ("shaman", "extra", "assassin")

# Redraws the private panel a click came from, for the record after the move and the player's seat.
# A private panel of one seat, as an edit of its message, in the language it is drawn in.
Panel = Callable[[GameRecord, int, str], Awaitable[dict[str, Any]]]


# ---------------------------------------------------------------------------
# Texts


def named(line: str, names: Sequence[str]) -> str:
    """Engine texts call players @1..@6 (seat order): show their names instead."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if seat < len(names) else match.group(0)

    return re.sub(r"@([1-6])", name, line)


def seated(said: Any, names: Sequence[str]) -> Any:
    """An engine's text with its players (@1..@6) named in its values, to word in a server's language:
    named before it is worded, so a French article elides before a name ("le tour d'Ada").

    >>> from bot.i18n import word
    >>> word("fr", seated(cause_text("Khan of @1"), ["Ada"])), word("fr", seated(cause_text("Khan of @1"), ["Bob"]))
    ("Khan d'Ada", 'Khan de Bob')
    """
    if isinstance(said, Text):
        return said.with_values(**{name: seated(value, names) for name, value in said.values})
    if isinstance(said, Listing):
        return replace(said, items=tuple(seated(item, names) for item in said.items))
    return named(said, names) if isinstance(said, str) else said


def clip(words: str, limit: int) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


def dice_text(dice: DiceView) -> str:
    """'3 3 5 6 1 2' with the kept dice in bold."""
    kept = dice["kept"] or [False] * len(dice["values"])
    return " ".join(f"**{v}**" if k else str(v) for v, k in zip(dice["values"], kept, strict=True))


def worded_view(view: KoubaView, lang: str) -> KoubaView:
    """``view`` as the table picture draws it: the cause of a coming Kouba worded in ``lang``."""
    pending = view["pending"]
    if pending is not None:
        view["pending"] = {**pending, "cause": word(lang, cause_text(pending["cause"]))}
    return view


def is_private(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from an ephemeral panel rather than a board message."""
    return interaction.message is not None and interaction.message.flags.ephemeral


def kouba_state(record: GameRecord) -> KoubaState:
    state = record.state
    if not isinstance(state, KoubaState):
        raise ServiceError("This Kouba table has not started yet.", "kouba.err.not_started")
    return state


def scene(state: KoubaState) -> tuple[Any, ...]:
    """What a board message is about; a new one is posted when it changes."""
    event = state.event
    turn = state.turn if state.phase in (TURN, EVENT) else None
    return (state.round, state.phase, turn, event.kind if event else None, event.card if event else None)


def event_tag(state: KoubaState, seat: int | None = None) -> str:
    """Names the step of the event (or roll-off) being rolled: its dice controls work at any version, but only then.

    The step counts the rolls made so far (``seat``'s own on a private panel, everyone's on
    the board), so a repeated click on the same control is refused as stale, never rolled twice.
    """
    event = state.event
    if event is None or event.stage != "roll" or state.phase not in (EVENT, TIEBREAK):
        return ""
    rolls = sum(state.rollers[s].rolls for s in ([seat] if seat is not None else event.seats))
    return f"{state.round}.{state.turn}.{event.card or 'tie'}.{event.attempt}.{rolls}"


def moves_on(before: KoubaState, after: KoubaState) -> bool:
    """Post a new board (pinging players) rather than editing the current one?"""
    if after.outcome is not None or scene(before) != scene(after):
        return True
    return bool(set(after.waiting_for) - set(before.waiting_for))


def situation(state: KoubaState, names: Sequence[str], lang: str = "en") -> str:
    """Why the game waits for whom, in words."""
    view = state.view(None)
    if view["pending"]:
        return pending_text(view["pending"], names, lang)
    if state.phase == SWAP:
        return swap_text(state, names, lang)
    if state.phase == TURN:
        return turn_text(state, names, lang)
    return event_text(state, names, lang)


def pending_text(pending: PendingView, names: Sequence[str], lang: str = "en") -> str:
    who, cause = names[pending["seat"]], word(lang, seated(cause_text(pending["cause"]), names))
    if pending["kind"] == "king":
        return text(lang, "kouba.pending_king", who=who, cause=cause)
    more = pending["queued"]
    after = plural(lang, "kouba.pending_more", more, more=more) if more else ""
    return text(lang, "kouba.pending_pile", who=who, cause=cause, after=after)


def swap_text(state: KoubaState, names: Sequence[str], lang: str = "en") -> str:
    lines = []
    first = names[state.first_player]
    if state.round_scores:
        lines.append(text(lang, "kouba.round_over", previous=state.round - 1, first=first, round=state.round))
    lines.append(text(lang, "kouba.swap_intro", round=state.round, rounds=state.players))
    left = ", ".join(names[s] for s in state.waiting_for)
    lines.append(text(lang, "kouba.still_choosing", left=left, first=first))
    return "\n".join(lines)


def turn_text(state: KoubaState, names: Sequence[str], lang: str = "en") -> str:
    seat = state.turn
    dice = state.view(None)["dice"][seat]
    name = names[seat]
    if dice["rolls"] == 0:
        return text(lang, "kouba.faces_arena", name=name, left=dice["rolls_left"])
    lines = [text(lang, "kouba.rolled", name=name, dice=dice_text(dice), rolls=dice["rolls"], left=dice["rolls_left"])]
    groups = move_groups(state, seat)
    slots = sorted({int(claim.split(":")[1]) for claim in groups.get("claim", [])})
    arena = {slot: word(lang, card["name"]) for slot, card in enumerate(state.view(None)["arena"], start=1) if card}
    if slots:
        shown = ", ".join(text(lang, "kouba.slot", name=arena[s], slot=s) for s in slots)
        lines.append(text(lang, "kouba.dice_show", shown=shown))
    else:
        lines.append(text(lang, "kouba.no_match"))
    if "give" in groups:
        lines.append(text(lang, "kouba.six_alike", name=name))
    return "\n".join(lines)


def event_text(state: KoubaState, names: Sequence[str], lang: str = "en") -> str:
    view = state.view(None)
    event = view["event"]
    assert event is not None, "an event or tie-break phase always has its event"
    kind = event["kind"]
    title = f"**{word(lang, event['name'])}**"
    if kind != "tiebreak":
        title += text(lang, "kouba.drawn_by", name=names[event["drawer"]])
    rolloff = "" if event["attempt"] == 1 else text(lang, "kouba.rolloff", n=event["attempt"] - 1)
    lines = [title + rolloff + "."]
    if event["stage"] == "challenge":
        lines.append(text(lang, "kouba.challenge_stage", name=names[event["drawer"]]))
    elif event["stage"] == "take":
        a, b = (names[s] for s in event["seats"])
        lines.append(text(lang, "kouba.take_stage", a=a, b=b))
    else:
        lines.append(text(lang, f"kouba.help.{kind}"))
        lines.extend(roller_line(view["dice"][s], names[s], kind, lang) for s in event["seats"])
    return "\n".join(lines)


def roller_line(dice: DiceView, name: str, kind: str, lang: str = "en") -> str:
    target = text(lang, "kouba.target", target=word(lang, combo_words(dice["target"]))) if dice["target"] else ""
    if not dice["rolls"]:
        return text(lang, "kouba.not_rolled", name=name, target=target)
    total = text(lang, "kouba.total", total=sum(dice["values"])) if kind == "weaver" else ""
    status = text(lang, "kouba.done" if dice["done"] else "kouba.still_rolling")
    said = {"name": name, "dice": dice_text(dice), "rolls": dice["rolls"], "target": target, "total": total}
    return plural(lang, "kouba.roller", dice["rolls"], **said, status=status)


def prompt(state: KoubaState, lang: str = "en") -> str:
    """The words after the mentions of the players the game waits for."""
    return text(lang, "kouba." + prompt_key(state))


def prompt_key(state: KoubaState) -> str:
    pending = state.view(None)["pending"]
    if pending:
        return "p_king" if pending["kind"] == "king" else "p_pile"
    if state.phase == SWAP:
        return "p_swap"
    if state.phase == TURN:
        return "p_roll" if not state.rollers[state.turn].rolls else "p_goes_on"
    event = state.event
    assert event is not None
    if event.stage == "challenge":
        return "p_duel"
    if event.stage == "take":
        return "p_take"
    return "p_event"


def card_effect(card: CardView, lang: str = "en") -> str:
    """What a card does, in the words of the picture: a power or an entry event."""
    rolls = card.get("extra_rolls", 0)
    kind = card.get("power") or card.get("event", "")
    if kind not in drawing.POWER_TEXT:
        return ""
    return plural(lang, f"kouba.pic.power.{kind}", rolls, n=rolls)


def points(lang: str, n: int) -> str:
    """Points as the pictures write them: "1 pt", "3 pts" ("0 pt" in French)."""
    return plural(lang, "kouba.pic.points", n, n=n)


def arena_text(state: KoubaState, lang: str = "en") -> str:
    lines = []
    view = state.view(None)
    for slot, card in enumerate(view["arena"], start=1):
        if card is None:
            drawn_out = view["draw_count"] == 0
            lines.append(text(lang, "kouba.empty_slot_no_card" if drawn_out else "kouba.empty_slot", slot=slot))
            continue
        effect = card_effect(card, lang)
        lines.append(
            text(
                lang,
                "kouba.arena_card",
                slot=slot,
                name=word(lang, card["name"]),
                points=card["points"],
                effect=", " + effect if effect else "",
                combo=word(lang, combo_words(card["combo"])),
            )
        )
    return "\n".join(lines)


def scores_table(state: KoubaState, names: Sequence[str], lang: str = "en") -> str | None:
    """A monospaced table: one row per player, one column per finished round, then the total."""
    rounds = state.round_scores
    if not rounds:
        return None
    plain = [clip(n.replace("`", "'"), 12) for n in names]  # raw names: nothing is escaped in a code block
    width = max(6, *(len(n) for n in plain))
    columns = "".join(f"{text(lang, 'kouba.round_col', n=i + 1):>5}" for i in range(len(rounds)))
    head = text(lang, "kouba.player_col").ljust(width) + columns + text(lang, "kouba.total_col")
    rows = [head]
    for seat, total in enumerate(state.totals()):
        cells = "".join(f"{r[seat]:>5}" for r in rounds)
        rows.append(plain[seat].ljust(width) + cells + f"{total:>7}")
    return "```\n" + "\n".join(rows) + "\n```"


def ranking_text(state: KoubaState, outcome: Outcome, names: Sequence[str], lang: str = "en") -> str:
    """The final ranking, places as the result ranks them (and tournaments count them): players the
    outcome does not tell apart share a place and its medal (a director's decision names only a winner)."""
    totals = state.totals()
    places = ranks_of(outcome, state.players)
    order = sorted(range(state.players), key=lambda s: (places[s], -totals[s], s))
    medals = ("🥇", "🥈", "🥉")
    lines = []
    for seat in order:
        place = places[seat]
        medal = medals[place - 1] if place <= len(medals) else "  "
        lines.append(f"{medal} {place}. **{names[seat]}**: {points(lang, totals[seat])}")
    return "\n".join(lines)


def result_text(state: KoubaState, outcome: Outcome, names: Sequence[str], lang: str = "en") -> str:
    if outcome.reason == "resignation":
        quitter = next(s for s in range(state.players) if s not in outcome.winners)
        return text(lang, "kouba.resigned", name=names[quitter])
    winner = names[outcome.winners[0]]
    reason = word(lang, outcome.reason)
    rounds = len(state.round_scores)  # a tournament director may decide a game before its last round
    return plural(lang, "kouba.game_over_text", rounds, rounds=rounds, winner=winner, reason=reason)


def hand_text(view: KoubaView, names: Sequence[str], lang: str = "en") -> str:
    """The private hand in words, for players who cannot read the picture."""
    lines = []
    for index, pile in enumerate(view["hand"], start=1):
        cards = pile["cards"]
        top = cards[-1] if cards else None
        head = text(lang, "kouba.pile", n=index)
        if pile["kouba"]:
            lines.append(plural(lang, "kouba.pile_kouba", len(cards), head=head, n=len(cards)))
            continue
        if top is None:
            lines.append(text(lang, "kouba.pile_empty", head=head))
            continue
        active = pile["active"]
        status = text(lang, "kouba.active", effect=card_effect(top, lang)) if active else text(lang, "kouba.face_down")
        below = text(lang, "kouba.below", n=len(cards) - 1) if len(cards) > 1 else ""
        lines.append(
            text(
                lang,
                "kouba.pile_card",
                head=head,
                name=word(lang, top["name"]),
                points=top["points"],
                combo=word(lang, combo_words(top["combo"])),
                status=status,
                below=below,
                score=points(lang, pile["score"]),
            )
        )
    lines.append(text(lang, "kouba.round_so_far", score=points(lang, view["round_score"])))
    powers = [named(p, names) for p in view["usable_powers"] if not p.startswith("king")]
    shown = ", ".join(f"`{p}`" for p in powers) if powers else text(lang, "kouba.none")
    lines.append(text(lang, "kouba.powers_now", powers=shown))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Controls


def keep_selects(
    record: GameRecord, version: int, action: str, state: KoubaState, seat: int, row: int, lang: str = "en"
) -> list[GameSelect]:
    """The keep menus: dice picked one by one when any pick is a legal keep (a turn), else the
    legal keeps themselves (a race), so the engine never refuses what a menu offers."""
    keeps = move_groups(state, seat).get("keep")
    if not keeps:
        return []
    if keeps_free_to_pick(state, seat):
        return [keep_select(record, version, action, state, seat, row, keeps, lang)]
    return keep_lists(record, version, action, keeps, row, lang)


def keep_lists(
    record: GameRecord, version: int, action: str, keeps: Sequence[str], row: int, lang: str = "en"
) -> list[GameSelect]:
    """Single-choice menus of whole keeps, the most dice first; each menu's action is numbered."""
    ordered = sorted(keeps, key=lambda keep: (-keep.count(","), keep))
    selects = []
    for part, notations in enumerate(chunks(ordered)):
        options = []
        for notation in notations:
            values = notation.removeprefix("keep:").split(",")
            label = text(lang, "kouba.keep_option", dice=" ".join(values), n=DICE - len(values))
            options.append(discord.SelectOption(label=label, value=notation))
        hint = text(lang, "kouba.keep_list_placeholder" if part == 0 else "kouba.keep_list_more")
        name = action.replace("keep", f"keep{part}", 1) if part else action  # custom ids stay unique
        selects.append(GameSelect(record.id, version, name, options=options, placeholder=hint, row=row + part))
    return selects


def keep_select(
    record: GameRecord,
    version: int,
    action: str,
    state: KoubaState,
    seat: int,
    row: int,
    keeps: Sequence[str],
    lang: str = "en",
) -> GameSelect:
    """A multi-select of the dice that may be kept (the others are rolled again)."""
    allowed: Counter[int] = Counter()
    for keep in keeps:
        allowed |= Counter(int(v) for v in keep.split(":")[1].split(","))
    used: Counter[int] = Counter()
    options = []
    for index, value in enumerate(state.rollers[seat].values):
        if used[value] < allowed[value]:
            used[value] += 1
            label = text(lang, "kouba.die_option", pip=PIPS[value - 1], value=value, n=index + 1)
            options.append(discord.SelectOption(label=label, value=f"{index}:{value}"))
    select = GameSelect(
        record.id, version, action, options=options, placeholder=text(lang, "kouba.keep_placeholder"), row=row
    )
    select.item.min_values = 1
    select.item.max_values = min(5, len(options))
    return select


def keep_notation(values: Sequence[str]) -> str:
    """The keep move of a keep menu: a whole keep ('keep:3,3,6'), or dice picked one by one ('index:value')."""
    if len(values) == 1 and values[0].startswith("keep:"):
        return values[0]
    try:
        kept = sorted(int(v.split(":")[1]) for v in values)
    except (IndexError, ValueError):  # a forged option: no menu offers it
        raise invalid_control() from None
    if not kept:
        raise ServiceError("Pick at least one die to keep, or roll them all.", "kouba.err.pick_one")
    return "keep:" + ",".join(map(str, kept))


def stop_label(kind: str, lang: str = "en") -> str:
    """In a race ``stop`` gives the race up; in the Weaver or the Golem it keeps the result."""
    return text(lang, "kouba.give_up_race" if kind in RACES else "kouba.stop")


def move_options(
    state: KoubaState, seat: int, notations: Sequence[str], names: Sequence[str], lang: str = "en"
) -> list[Any]:
    return [
        discord.SelectOption(label=clip(label_of(state, seat, n, names, lang), 100), value=n) for n in notations
    ]


def label_of(state: KoubaState, seat: int, notation: str, names: Sequence[str], lang: str = "en") -> str:
    """The engine's label of a move, in ``lang``, its players named."""
    return word(lang, seated(move_label(state, seat, state.parse_move(notation)), names))


def chunks(items: Sequence[str], size: int = MAX_OPTIONS) -> list[Sequence[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def pack_rows(selects: list[GameSelect], buttons: list[GameButton], first_row: int = 0) -> list[Any]:
    """Each select on its own row, then buttons five a row; what does not fit Discord's 5 rows is left out."""
    items: list[Any] = []
    row = first_row
    for select in selects:
        if row >= MAX_ROWS:
            return items
        select.row = row
        items.append(select)
        row += 1
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        if row >= MAX_ROWS:
            break
        for button in buttons[start : start + BUTTONS_PER_ROW]:
            button.row = row
            items.append(button)
        row += 1
    return items


# ---------------------------------------------------------------------------
# The cog


class Kouba(GameCog):
    """``/kouba create`` and the controls of Kouba tables, boards and private panels."""

    game_id = "kouba"
    actions = (
        r"join|leave|start|dice|keep[0-9]?|pm:[!-~]{1,60}|pm-[a-z]{1,16}[0-9]?"
        r"|ev:(?:roll|stop|keep[0-9]?):[0-9A-Za-z._-]{1,40}|mv:[!-~]{1,60}|mv-(?:take[0-9]|give[0-9]?|duel|claim)"
    )
    panel_actions = r"pm:[!-~]{1,60}|pm-[a-z]{1,16}[0-9]?"  # the hand's swap and powers
    group = app_commands.Group(name="kouba", description="Kouba: beat the arena's champions with six dice.")

    @group.command(name="create", description="Open a Kouba table in this channel: 2 to 6 players join, you start.")
    @app_commands.describe(
        deadline=DEADLINE_HELP,
        bots="Seats Agora itself takes at the table now (0 to 5)",
        level="Agora's strength at those seats: easy, medium or hard",
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        deadline: str | None = None,
        bots: app_commands.Range[int, 0, 5] = 0,
        level: Level = DEFAULT_LEVEL,
    ) -> None:
        async def work() -> None:
            turn_seconds = await self.check_new_game(interaction, deadline)
            assert interaction.guild_id is not None and interaction.channel_id is not None
            await self.service.remember_player(interaction.guild_id, interaction.user.id, interaction.user.display_name)
            me = self.bot.user
            if bots and me is not None:
                await self.service.remember_player(interaction.guild_id, me.id, me.display_name)
            record = await self.service.open_lobby(
                self.game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                creator=interaction.user.id,
                turn_seconds=turn_seconds,
                bot_user=None if me is None else me.id,
                bots=[level] * bots,
            )
            lang = await self.bot.language_of(interaction.guild_id)
            await interaction.response.send_message(
                **self.lobby_message(record, lang), allowed_mentions=PLAYERS_ONLY
            )
            message = await interaction.original_response()
            await self.service.set_message(record.id, message.id)
            await self.note_unused_level(interaction, record, "bot.level_unused_table")

        await guarded(interaction, work)

    def pictured(self, view: View, lang: str) -> View:
        return worded_view(cast(KoubaView, view), lang)

    # -- the lobby -------------------------------------------------------------------

    def lobby_message(self, record: GameRecord, lang: str) -> dict[str, Any]:
        spec = GAMES[self.game_id]
        creator = record.seats[0]
        embed = discord.Embed(title=text(lang, "kouba.table_title", id=record.id), colour=COLOUR)
        embed.description = text(lang, "kouba.table_text", creator=creator, min=spec.min_players, max=spec.max_players)
        levels, shown = record.bot_seats, self.seat_mentions(record)
        seated = "\n".join(
            f"{seat + 1}. {shown[seat]}"
            + (f" ({text(lang, f'bot.level.{levels[seat]}')})" if seat in levels else "")
            for seat in range(len(record.seats))
        )
        field = text(lang, "kouba.players_field", n=len(record.seats), max=spec.max_players)
        embed.add_field(name=field, value=seated, inline=False)
        embed.set_footer(text=text(lang, "kouba.table_footer"))
        controls = [
            GameButton(
                record.id,
                ANY_VERSION,
                "join",
                label=text(lang, "kouba.join"),
                style=discord.ButtonStyle.success,
                disabled=len(record.seats) >= spec.max_players,
            ),
            GameButton(record.id, ANY_VERSION, "leave", label=text(lang, "kouba.leave")),
            GameButton(
                record.id,
                ANY_VERSION,
                "start",
                label=text(lang, "kouba.start"),
                style=discord.ButtonStyle.primary,
                disabled=len(record.seats) < spec.min_players,
            ),
        ]
        return {"content": text(lang, "kouba.who_plays"), "embed": embed, "view": controls_view(controls)}

    async def lobby_action(self, interaction: discord.Interaction[Any], record: GameRecord, action: str) -> None:
        user = interaction.user
        lang = await self.language(record)
        if action == "join":
            await self.service.remember_player(record.row.guild_id, user.id, user.display_name)
            minimum = (await self.bot.settings.get(record.row.guild_id)).min_reliability
            await check_reliability(self.bot.storage, record.row.guild_id, user.id, minimum)
            record = await self.service.join(record.id, user.id)
        elif action == "leave":
            record = await self.service.leave(record.id, user.id)
        else:
            record = await self.service.start_lobby(record.id, user.id)
        if record.row.status == CANCELLED:
            embed = discord.Embed(
                title=text(lang, "kouba.table_title", id=record.id),
                description=text(lang, "kouba.table_closed", user=user.id),
                colour=discord.Colour.dark_grey(),
            )
            await update_clicked(interaction, content=None, embed=embed, view=None)
        elif record.row.status == ACTIVE:
            players = seat_list(record, await self.service.shown_names(record))
            embed = discord.Embed(
                title=text(lang, "kouba.game_title", id=record.id),
                description=text(lang, "kouba.game_on", players=players),
                colour=COLOUR,
            )
            await update_clicked(interaction, content=None, embed=embed, view=None)
            settings = await self.bot.settings.get(record.row.guild_id)
            if settings.threads and interaction.message is not None:
                # As for challenges: a server that wants a thread per game gets one.
                record = await self._move_to_thread(interaction.message, record, settings.language)
            await self.post_board(interaction, record)
        else:
            await update_clicked(interaction, **self.lobby_message(record, lang))

    # -- the public board ------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = kouba_state(record)
        names = await self.service.display_names(record)
        shown = [shown_name(n) for n in names]
        lang = await self.language(record)
        picture = await self.draw(drawing.render, record, worded_view(state.view(None), lang))
        title = text(lang, "kouba.board_title", id=record.id, round=state.round, rounds=state.players)
        embed = discord.Embed(title=title, colour=COLOUR)
        outcome = record.outcome
        finished = record.row.status != ACTIVE or outcome is not None
        words = result_text(state, outcome, shown, lang) if outcome else situation(state, shown, lang)
        embed.description = clip(words, 4096)
        self.add_fields(embed, state, names, outcome, lang)
        if finished:
            return Board(text(lang, "kouba.game_over", players=seat_list(record, shown)), embed, picture)
        embed.set_footer(text=text(lang, "kouba.board_footer"))
        waiting = record.human_actors()
        asked = prompt(state, lang)
        if waiting:
            content = text(lang, "kouba.mentions", mentions=mention_list(waiting), prompt=asked)
        else:
            content = self.bot_thinking(record, lang) or asked
        return Board(content, embed, picture, self.board_controls(record, state, names, lang))

    def add_fields(
        self, embed: discord.Embed, state: KoubaState, names: Sequence[str], outcome: Outcome | None, lang: str = "en"
    ) -> None:
        """Arena or final ranking, the scores table once a round is over, and the latest events."""
        shown = [shown_name(n) for n in names]
        if outcome is not None:
            ranking = clip(ranking_text(state, outcome, shown, lang), 1024)
            embed.add_field(name=text(lang, "kouba.final_ranking"), value=ranking, inline=False)
        elif state.phase != SWAP:
            embed.add_field(name=text(lang, "kouba.arena"), value=clip(arena_text(state, lang), 1024), inline=False)
        table = scores_table(state, names, lang)
        if table:
            embed.add_field(name=text(lang, "kouba.scores"), value=table, inline=False)
        latest = [word(lang, seated(log_text(line), shown)) for line in state.log[-LOG_LINES:]]
        if latest:
            embed.add_field(name=text(lang, "kouba.latest"), value=clip("\n".join(latest), 1024), inline=False)

    def board_controls(
        self, record: GameRecord, state: KoubaState, names: Sequence[str], lang: str = "en"
    ) -> list[Any]:
        items: list[Any]
        if state.pending:
            items = self.pending_controls(record, state, lang)
        elif state.phase == TURN:
            items = self.turn_controls(record, state, names, lang)
        elif state.phase in (EVENT, TIEBREAK):
            items = self.event_controls(record, state, names, lang)
        else:
            items = []
        hand = self.private_button(record, text(lang, "kouba.my_hand"))
        hand.row = 0 if any(item.item.row == HAND_ROW for item in items) else HAND_ROW
        return [*items, hand]

    def pending_controls(self, record: GameRecord, state: KoubaState, lang: str = "en") -> list[Any]:
        seat = state.pending[0].receiver
        groups = move_groups(state, seat)
        version = record.version
        if "king" in groups:
            return [
                GameButton(
                    record.id,
                    version,
                    "mv:king:counter",
                    label=text(lang, "kouba.counter"),
                    style=discord.ButtonStyle.success,
                    emoji="👑",
                    row=0,
                ),
                GameButton(record.id, version, "mv:king:allow", label=text(lang, "kouba.allow"), row=0),
            ]
        piles = state.view(None)["tables"][seat]["piles"]
        buttons = []
        for notation in groups.get("kouba", []):
            index = int(notation.removeprefix("kouba:pile")) - 1
            size = piles[index]["size"]
            label = plural(lang, "kouba.kouba_on", size, n=index + 1, size=size)
            buttons.append(
                GameButton(record.id, version, f"mv:{notation}", label=label, style=discord.ButtonStyle.danger, row=0)
            )
        return buttons

    def turn_controls(self, record: GameRecord, state: KoubaState, names: Sequence[str], lang: str = "en") -> list[Any]:
        seat, version = state.turn, record.version
        groups = move_groups(state, seat)
        roller = state.rollers[seat]
        left = roller.limit - roller.rolls
        roll_label = text(lang, "kouba.roll_again", left=left) if roller.rolls else text(lang, "kouba.roll_first")
        items: list[Any] = [
            GameButton(
                record.id,
                version,
                "mv:roll",
                label=roll_label,
                emoji="🎲",
                style=discord.ButtonStyle.primary,
                disabled="roll" not in groups,
                row=0,
            ),
            GameButton(
                record.id,
                version,
                "mv:stop",
                label=text(lang, "kouba.give_up"),
                style=discord.ButtonStyle.danger,
                disabled="stop" not in groups,
                row=0,
            ),
        ]
        items.extend(keep_selects(record, version, "keep", state, seat, row=1, lang=lang))
        if "claim" in groups:
            items.append(
                GameSelect(
                    record.id,
                    version,
                    "mv-claim",
                    row=2,
                    options=move_options(state, seat, groups["claim"], names, lang),
                    placeholder=text(lang, "kouba.claim_placeholder"),
                )
            )
        # Six players with five open piles each make 30 choices: a second menu takes the rest.
        for part, gives in enumerate(chunks(groups.get("give", []))):
            items.append(
                GameSelect(
                    record.id,
                    version,
                    f"mv-give{part or ''}",
                    row=3 + part,
                    options=move_options(state, seat, gives, names, lang),
                    placeholder=text(lang, "kouba.give_more" if part else "kouba.give_placeholder"),
                )
            )
        return items

    def event_controls(
        self, record: GameRecord, state: KoubaState, names: Sequence[str], lang: str = "en"
    ) -> list[Any]:
        event = state.event
        assert event is not None
        if event.stage == "challenge":
            groups = move_groups(state, event.drawer)
            return [
                GameSelect(
                    record.id,
                    record.version,
                    "mv-duel",
                    row=0,
                    options=move_options(state, event.drawer, groups.get("duel", []), names, lang),
                    placeholder=text(lang, "kouba.duel_placeholder", name=clip(names[event.drawer], 40)),
                )
            ]
        if event.stage == "take":
            return self.take_controls(record, state, names, lang)
        waiting = [move_groups(state, s) for s in state.waiting_for]
        items: list[Any] = [
            GameButton(
                record.id,
                ANY_VERSION,
                f"ev:roll:{event_tag(state)}",
                label=text(lang, "kouba.roll_my_dice"),
                emoji="🎲",
                style=discord.ButtonStyle.primary,
                disabled=not any("roll" in g for g in waiting),
                row=0,
            ),
            GameButton(record.id, ANY_VERSION, "dice", label=text(lang, "kouba.my_dice"), row=0),
        ]
        items.append(
            GameButton(
                record.id,
                ANY_VERSION,
                f"ev:stop:{event_tag(state)}",
                label=stop_label(event.kind, lang),
                style=discord.ButtonStyle.danger if event.kind in RACES else discord.ButtonStyle.secondary,
                disabled=not any("stop" in g for g in waiting),
                row=0,
            )
        )
        return items

    def take_controls(self, record: GameRecord, state: KoubaState, names: Sequence[str], lang: str = "en") -> list[Any]:
        event = state.event
        assert event is not None
        tables = state.view(None)["tables"]
        items: list[Any] = []
        for row, seat in enumerate(event.seats):
            takes = move_groups(state, seat).get("take")
            if not takes:
                continue
            rival = event.opponent(seat)
            options = []
            for notation in takes:
                index = int(notation.removeprefix("take:pile")) - 1
                pile = tables[rival]["piles"][index]
                active = (
                    text(lang, "kouba.take_active", name=word(lang, pile["active"]["name"])) if pile["active"] else ""
                )
                size = pile["size"]
                label = plural(lang, "kouba.take_option", size, n=index + 1, size=size, active=active)
                options.append(discord.SelectOption(label=label, value=notation))
            hint = text(lang, "kouba.take_placeholder", name=clip(names[seat], 30), rival=clip(names[rival], 30))
            items.append(
                GameSelect(record.id, record.version, f"mv-take{seat}", options=options, placeholder=hint, row=row)
            )
        return items

    # -- private panels --------------------------------------------------------------

    async def private_board(self, record: GameRecord, seat: int, lang: str) -> Board | None:
        state = kouba_state(record)
        names = await self.service.shown_names(record)
        view = state.view(seat)
        picture = await self.draw(drawing.render_hand, record, view, lang)
        embed = discord.Embed(title=text(lang, "kouba.hand_title", id=record.id, round=state.round), colour=COLOUR)
        embed.description = clip(hand_text(view, names, lang), 4096)
        embed.set_footer(text=text(lang, "kouba.hand_footer"))
        active = record.row.status == ACTIVE
        controls = self.private_controls(record, state, seat, names, lang) if active else []
        return Board("", embed, picture, controls)

    def private_controls(
        self, record: GameRecord, state: KoubaState, seat: int, names: Sequence[str], lang: str = "en"
    ) -> list[Any]:
        """The swap at round start, and every power usable now (the King answers on the board)."""
        groups = move_groups(state, seat)
        selects: list[GameSelect] = []
        if "swap" in groups:
            selects.append(self.swap_select(record, state, seat, groups["swap"], lang))
        for power in SELECT_POWERS:
            for part, notations in enumerate(chunks(groups.get(power, []))):
                options = [
                    discord.SelectOption(label=o.label, value=self.guarded_value(state, str(o.value)))
                    for o in move_options(state, seat, notations, names, lang)
                ]
                hint = text(
                    lang,
                    "kouba.power_choose" if part == 0 else "kouba.power_more",
                    power=word(lang, power_card(state, seat, power)),
                )
                selects.append(
                    GameSelect(record.id, record.version, f"pm-{power}{part}", options=options, placeholder=hint)
                )
        buttons = [
            GameButton(
                record.id,
                record.version,
                "pm:" + self.guarded_value(state, notation),
                label=clip(label_of(state, seat, notation, names, lang), 80),
                style=discord.ButtonStyle.primary,
            )
            for power in BUTTON_POWERS
            for notation in groups.get(power, [])
        ]
        return pack_rows(selects, buttons)

    def swap_select(
        self, record: GameRecord, state: KoubaState, seat: int, swaps: Sequence[str], lang: str = "en"
    ) -> GameSelect:
        hand = state.view(seat)["hand"]
        options = []
        for notation in swaps:
            piles = [] if notation == "swap:none" else [int(p) for p in notation.split(":")[1].split(",")]
            if piles:
                shown = ", ".join(
                    text(lang, "kouba.swap_pile", n=p, name=word(lang, hand[p - 1]["cards"][-1]["name"])) for p in piles
                )
                label = text(lang, "kouba.swap_label", piles=shown)
            else:
                label = text(lang, "kouba.keep_all")
            options.append(discord.SelectOption(label=clip(label, 100), value=self.guarded_value(state, notation)))
        return GameSelect(
            record.id, record.version, "pm-swap", options=options, placeholder=text(lang, "kouba.swap_placeholder")
        )

    @staticmethod
    def guard(state: KoubaState, notation: str) -> str:
        """What must still hold when a private control is clicked, later, at any version."""
        if notation.startswith("swap"):
            return f"r{state.round}"
        if notation.startswith("shaman"):
            return state.arena[int(notation[-1]) - 1] or ""
        return ""

    def guarded_value(self, state: KoubaState, notation: str) -> str:
        guard = self.guard(state, notation)
        return f"{notation}|{guard}" if guard else notation

    def check_guard(self, state: KoubaState, value: str) -> str:
        notation, _, guard = value.partition("|")
        if guard != self.guard(state, notation):
            if notation.startswith("swap"):
                raise ServiceError(
                    "That swap belongs to an earlier round: press My hand for this round's cards.", "kouba.err.old_swap"
                )
            raise ServiceError(
                "That arena card has gone since you opened your hand: press My hand again.", "kouba.err.card_gone"
            )
        return notation

    async def dice_panel(self, record: GameRecord, seat: int, lang: str) -> dict[str, Any]:
        """A player's own dice in an event, with their keep, roll and stop controls (private, in ``lang``)."""
        state = kouba_state(record)
        names = await self.service.shown_names(record)
        tag = event_tag(state, seat)
        event = state.view(None)["event"]
        if not tag or event is None or record.row.status != ACTIVE:
            embed = discord.Embed(
                title=text(lang, "kouba.dice_title"), description=text(lang, "kouba.no_event"), colour=COLOUR
            )
            return {"content": None, "embed": embed, "view": None}
        embed = discord.Embed(
            title=text(lang, "kouba.dice_title_event", event=word(lang, event["name"])), colour=COLOUR
        )
        groups = move_groups(state, seat)
        embed.description = roller_line(state.view(None)["dice"][seat], names[seat], event["kind"], lang)
        if not any(k in groups for k in ("roll", "keep", "stop")):
            embed.description += text(lang, "kouba.nothing_more")
            return {"content": None, "embed": embed, "view": None}
        return {"content": None, "embed": embed, "view": controls_view(self.dice_controls(record, seat, lang))}

    @staticmethod
    def dice_controls(record: GameRecord, seat: int, lang: str = "en") -> list[Any]:
        """A player's own dice controls in an event: roll, stop (when allowed) and keep."""
        state = kouba_state(record)
        tag, event = event_tag(state, seat), state.event
        assert event is not None
        groups = move_groups(state, seat)
        items: list[Any] = [
            GameButton(
                record.id,
                ANY_VERSION,
                f"ev:roll:{tag}",
                label=text(lang, "kouba.roll_all_mine"),
                emoji="🎲",
                style=discord.ButtonStyle.primary,
                disabled="roll" not in groups,
                row=0,
            ),
        ]
        if "stop" in groups:
            stop = stop_label(event.kind, lang)
            items.append(GameButton(record.id, ANY_VERSION, f"ev:stop:{tag}", label=stop, row=0))
        items.extend(keep_selects(record, ANY_VERSION, f"ev:keep:{tag}", state, seat, row=1, lang=lang))
        return items

    async def hand_panel(self, record: GameRecord, seat: int, lang: str) -> dict[str, Any]:
        """The private hand panel in ``lang`` as an edit of itself (after a swap or a power)."""
        board = await self.private_board(record, seat, lang)
        assert board is not None
        name = f"private-{record.id}-{record.version}.png"
        board.attach(name)
        view = controls_view(board.controls) if board.controls else None
        return {
            "content": None,
            "embed": board.embed,
            "attachments": [board.file(record.id, record.version, private=True)],
            "view": view,
        }

    # -- lessons -----------------------------------------------------------------------

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """What the player acts with: their own dice panel in an event, else the board's controls
        (the "My hand" button left out) with the hand's swap and powers, five rows at most."""
        state = kouba_state(record)
        names = record.names or [str(user) for user in record.seats]
        rolling = state.event is not None and state.event.stage not in ("challenge", "take")
        if rolling and event_tag(state, seat):
            return self.dice_controls(record, seat, lang)
        board = [item for item in self.board_controls(record, state, names, lang) if item.action != "private"]
        if state.phase == TURN and not state.pending and state.turn != seat:
            board = []  # another seat's turn: its dice are not the learner's to roll
        items = [*board, *self.private_controls(record, state, seat, names, lang)]
        selects = [item for item in items if isinstance(item, GameSelect)]
        return pack_rows(selects, [item for item in items if isinstance(item, GameButton)])

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        state = kouba_state(record)
        if action.startswith("pm"):
            return LessonClick(move=self.check_guard(state, values[0] if values else action.removeprefix("pm:")))
        if action.startswith("ev:"):
            kind, _, tag = action.removeprefix("ev:").partition(":")
            if tag != event_tag(state, seat):
                raise ServiceError(
                    "These dice controls are out of date (a roll was made since, or the event is over): "
                    "use the latest board.",
                    "kouba.err.old_dice",
                )
            return LessonClick(move=keep_notation(values) if kind.startswith("keep") else kind)
        if action.startswith("keep"):
            return LessonClick(move=keep_notation(values))
        if action.startswith("mv-take") and action != f"mv-take{seat}":
            rival = "Agora"  # a lesson's other seats are Agora's
            said = f"This menu is for {rival}: pick in your own menu."
            raise ServiceError(said, "kouba.err.not_your_menu", name=rival)
        if action.startswith("mv-") and values:
            return LessonClick(move=values[0])
        if action.startswith("mv:"):
            return LessonClick(move=action.removeprefix("mv:"))
        return super().lesson_click(record, seat, action, values)

    # -- clicks ----------------------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action in ("join", "leave", "start"):
            await self.lobby_action(interaction, record, action)
        elif action == "dice":
            await self.open_dice_panel(interaction, record)
        elif action.startswith("pm"):
            notation = self.check_guard(kouba_state(record), values[0] if values else action.removeprefix("pm:"))
            # Drawn for one version (an older panel may carry none): a panel the game has left behind is refused.
            await self.play(interaction, record, notation, version, self.hand_panel)
        elif action.startswith("ev:"):
            kind, _, tag = action.removeprefix("ev:").partition(":")
            if tag != self.dice_tag(interaction, record):
                raise ServiceError(
                    "These dice controls are out of date (a roll was made since, or the event is over): "
                    "use the latest board.",
                    "kouba.err.old_dice",
                )
            notation = keep_notation(values) if kind.startswith("keep") else kind
            panel = self.dice_panel if is_private(interaction) else None
            # The step matched in this version: played only if nothing was played since (a double tap).
            await self.play(interaction, record, notation, record.version, panel)
        elif action.startswith("keep"):
            await self.play(interaction, record, keep_notation(values), version, None)
        elif action.startswith("mv"):
            await self.board_move(interaction, record, version, action, values)
        else:
            raise ServiceError("This control is not known any more: use the latest board message.", "kouba.err.unknown")

    @staticmethod
    def dice_tag(interaction: discord.Interaction[Any], record: GameRecord) -> str:
        """The step a dice control must name now: the clicking player's own on their private panel."""
        state = kouba_state(record)
        seats = record.seats_of(interaction.user.id)
        if is_private(interaction) and seats:
            return event_tag(state, acting_seat(record, interaction.user.id))
        return event_tag(state)

    async def board_move(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action.startswith("mv-take"):
            seat = int(action.removeprefix("mv-take"))
            if seat not in record.seats_of(interaction.user.id):
                names = await self.service.shown_names(record)
                raise ServiceError(
                    f"This menu is for {names[seat]}: pick in your own menu.",
                    "kouba.err.not_your_menu",
                    name=names[seat],
                )
        notation = values[0] if action.startswith("mv-") else action.removeprefix("mv:")
        await self.play(interaction, record, notation, version, None)

    async def open_dice_panel(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        seats = record.seats_of(interaction.user.id)
        if not seats:
            raise not_playing()
        panel = await self.dice_panel(record, seats[0], await self.bot.reply_language(interaction))
        await send_answer(interaction, **{k: v for k, v in panel.items() if v is not None}, ephemeral=True)

    async def play(
        self,
        interaction: discord.Interaction[Any],
        before: GameRecord,
        notation: str,
        version: int,
        panel: Panel | None,
    ) -> None:
        """Play one move for the clicking player; ``panel`` redraws the private panel the click came from."""
        user = interaction.user.id
        reply = None
        if panel is not None:

            async def reply(latest: GameRecord) -> None:
                lang = await self.bot.reply_language(interaction)
                await update_clicked(interaction, **await panel(latest, acting_seat(before, user), lang))
                if panel == self.hand_panel:
                    await self.panel_redrawn(interaction, latest)

        drawn_for = None if version == ANY_VERSION else version
        await self.commit(before, user, [notation], version=drawn_for, interaction=interaction, reply=reply)

    def same_board(self, before: GameRecord, after: GameRecord) -> bool:
        """The board is edited within one step of play; a new one pings when someone new must act."""
        return is_active(after) and not moves_on(kouba_state(before), kouba_state(after))


def acting_seat(record: GameRecord, user: int) -> int:
    """The seat ``user`` acts from: one that may act now, else their first."""
    state = kouba_state(record)
    seats = record.seats_of(user)
    return next((s for s in seats if s in state.actors), seats[0])


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Kouba(bot))
