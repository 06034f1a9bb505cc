"""Kouba for the search: everything on the tables is public except the cards
inside the other players' piles, the order of the draw pile and the discard
below its top; those are dealt at random from the cards nobody sees.

The view leaves out some public bookkeeping, rebuilt here from what it shows:
whether the turn player may still roll (``rolling``), whether six alike was
already used this turn (the table's log), whether a King has already declined
the Kouba on its way, and the receivers of Koubas queued behind the first one
(only their number is shown: a sampled world drops them).

The evaluation: points won in past rounds plus this round's piles, less a
penalty per Kouba, compared with the best of the other players.
"""

from __future__ import annotations

from typing import Any

from ai.adapter import ADAPTERS, Adapter, Sampler, Values, chance_seed, squash
from ai.observation import Observation
from rules import GameState, Rng
from rules.kouba import EVENT, KOUBAS_TO_END, RACES, SWAP, TURN, KoubaState, at
from rules.kouba_combos import combo_met
from rules.kouba_deck import deck_for

KOUBA_PENALTY = 6  # points a Kouba is worth against its receiver, for the evaluation


def turn_ended_by(line: str) -> str | None:
    """The player (``@2``) whose turn a table log line ends, if it ends one."""
    words = line.split()
    if " won " in line or "failed and takes a Kouba" in line:
        return words[0]
    if " takes a Kouba on pile " in line and line.endswith("(failed the arena)"):
        return words[0]  # the failure's own line gives way to this one once the Kouba is placed
    if "loses the turn" in line:
        return words[words.index("loses") - 1]
    return None


def this_turn(view: Any) -> list[str]:
    """The log lines of the turn under way (as far as the log goes back)."""
    lines: list[str] = []
    for line in reversed(view["log"]):
        if line.startswith("round ") or turn_ended_by(line) is not None:
            break
        lines.append(line)
    return lines


def stage_of(view: Any) -> str:
    """"roll" while the turn player may still roll, else "done" (the turn ended, Koubas are being placed)."""
    if view["phase"] != TURN:
        return "roll"
    if view["pending"] is None:
        return "roll" if view["turn"] in view["rolling"] else "done"
    for line in reversed(view["log"]):
        if line.startswith("round "):
            break
        if (ender := turn_ended_by(line)) is not None:
            return "done" if ender == at(view["turn"]) else "roll"
    return "roll"


def six_alike_used(view: Any) -> bool:
    """Whether the turn player has already given a Kouba for six alike this turn."""
    if view["phase"] not in (TURN, EVENT):
        return False
    mark = f"{at(view['turn'])} rolled six alike"
    return any(line.startswith(mark) for line in this_turn(view))


def roller(view: Any, seat: int) -> dict[str, Any]:
    dice = view["dice"][seat]
    event = view["event"]
    golem = event is not None and event["kind"] == "golem" and seat in event["seats"]
    left = dice["rolls_left"]
    racing = event is not None and event["kind"] in RACES and seat in event["seats"]
    return {
        "values": list(dice["values"]), "kept": list(dice["kept"]), "rolls": dice["rolls"],
        "limit": 0 if left is None else dice["rolls"] + left, "done": dice["done"], "target": dice["target"],
        "dice": len(dice["values"]) or (1 if golem else 6),
        "gave_up": racing and dice["done"] and not combo_met(dice["target"], dice["values"]),
    }  # fmt: skip


def event_of(view: Any, players: int) -> dict[str, Any] | None:
    event = view["event"]
    if event is None:
        return None
    take = [-1] * players
    for taken in event["taken"]:
        take[taken["seat"]] = taken["pile"]
    if event["stage"] == "take":
        for seat in event["seats"]:
            take[seat] = -1 if seat in view["actors"] else 0
    card = event["card"]
    return {
        "kind": event["kind"], "card": card["id"] if card else "", "drawer": event["drawer"],
        "seats": list(event["seats"]), "stage": event["stage"], "take": take, "attempt": event["attempt"],
    }  # fmt: skip


def pending_of(view: Any) -> list[dict[str, Any]]:
    first = view["pending"]
    if first is None:
        return []
    asked = first["kind"] == "kouba" and first["counterable"]
    return [{"receiver": first["seat"], "pile": first["pile"], "counterable": first["counterable"],
             "cause": first["cause"], "asked": asked}]  # fmt: skip


def seen_tops(view: Any) -> dict[tuple[int, int], str]:
    """Top cards of other players' piles that everyone sees: active champions, duel cards."""
    tops = {}
    for table in view["tables"]:
        for index, pile in enumerate(table["piles"]):
            if pile["active"] is not None:
                tops[(table["seat"], index)] = pile["active"]["id"]
    for taken in (view["event"] or {}).get("taken", []):
        if taken["card"] is not None:
            tops[(taken["from"], taken["pile"])] = taken["card"]["id"]
    return tops


def template(obs: Observation) -> dict[str, Any]:
    """The public part of the state, in ``to_json`` form."""
    view, players = obs.view, obs.players
    koubas = [t["koubas"] for t in view["tables"]]
    enders = [s for s in range(players) if koubas[s] >= KOUBAS_TO_END]
    return {
        "game": "kouba", "players": players, "round": view["round"], "first_player": view["first_player"],
        "phase": view["phase"], "turn": view["turn"] if view["turn"] is not None else view["first_player"],
        "stage": stage_of(view), "opening": view["phase"] == SWAP,
        "give_used": six_alike_used(view),
        "round_ender": enders[0] if enders else None, "move_number": view["move_number"],
        "last_actor": view["last_actor"], "last_stop": view["last_stop"],
        "turns_begun": view["turn_number"], "turn_began_at": view["move_number"] - view["move_in_turn"],
        "arena": [c["id"] if c else None for c in view["arena"]],
        "swapped": list(view["swapped"]) if view["swapped"] is not None else [False] * players,
        "event_queue": [c["id"] for c in view["event_queue"]], "log": list(view["log"]),
        "last_move": list(view["last_move"]), "round_scores": [list(r) for r in view["round_scores"]],
        "revealed": [[dict(p) for p in piles] for piles in view["revealed"]],
        "rollers": [roller(view, s) for s in range(players)], "event": event_of(view, players),
        "pending": pending_of(view), "outcome": None,
    }  # fmt: skip


def sampler(obs: Observation) -> Sampler:
    view, seat = obs.view, obs.seat
    base = template(obs)
    tops = seen_tops(view)
    # A spectator's observation (no hand in its view) imagines the seat's own piles as it does the others'.
    own = [{"cards": [c["id"] for c in p["cards"]], "active": p["active"], "kouba": p["kouba"]}
           for p in view.get("hand", [])]  # fmt: skip
    mine = "hand" in view
    known = {cid for pile in own for cid in pile["cards"]} | set(tops.values())
    known |= {cid for cid in base["arena"] if cid} | set(base["event_queue"])
    if view["discard_top"] is not None:
        known.add(view["discard_top"]["id"])
    unseen = [cid for cid in deck_for(obs.players) if cid not in known]

    def world(rng: Rng) -> GameState[Any]:
        pool = list(unseen)
        rng.shuffle(pool)
        piles = [own if s == seat and mine else others_piles(view, s, tops, pool) for s in range(obs.players)]
        under = [pool.pop() for _ in range(min(len(pool), max(0, view["discard_count"] - 1)))]
        discard = under + ([view["discard_top"]["id"]] if view["discard_top"] else [])
        draw = pool[: view["draw_count"]]
        data = {**base, "rng": chance_seed(rng), "piles": piles, "discard": discard, "draw": draw}
        return KoubaState.from_json(data)

    return world


def others_piles(view: Any, seat: int, tops: dict[tuple[int, int], str], pool: list[str]) -> list[dict[str, Any]]:
    """Another player's piles: the public top where there is one, unseen cards below."""
    piles = []
    for index, pile in enumerate(view["tables"][seat]["piles"]):
        top = tops.get((seat, index))
        hidden = pile["size"] - (1 if top else 0)
        cards = [pool.pop() for _ in range(min(hidden, len(pool)))] + ([top] if top else [])
        piles.append({"cards": cards, "active": pile["active"] is not None, "kouba": pile["kouba"]})
    return piles


def standing(state: KoubaState, seat: int) -> float:
    return state.totals()[seat] + state.round_score(seat) - KOUBA_PENALTY * state.koubas(seat)


def evaluate(state: GameState[Any]) -> Values:
    assert isinstance(state, KoubaState)
    points = [standing(state, s) for s in range(state.players)]
    return tuple(
        squash((points[s] - max(p for o, p in enumerate(points) if o != s)) / 10) for s in range(state.players)
    )


# A duel's pick is hidden from the other seat while it is secret.
ADAPTERS["kouba"] = Adapter(sampler=sampler, evaluate=evaluate, speed=0.35, secret_moves=("take:", "take:hidden"))
