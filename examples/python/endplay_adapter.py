#!/usr/bin/env python3
"""The public library endplay (https://pypi.org/project/endplay/, version
pinned in requirements.txt) behind the Rulings protocol, to check it.

endplay models bids, players and contracts: it parses the calls
(`endplay.types.Bid`), and from a dealer and an auction works out the
contract, its doubling and its declarer (`Contract.from_auction`). That is
what this adapter asks of it. endplay has no notion of whose turn it is,
of whether the auction is over, or of any irregularity. The turn and the
end of the auction (three passes after a bid, or four passes) are counted
here; everything else is endplay's.

The adapter declares the legal auction (the 2017 Laws) and `refusal`
(docs/protocol.md): asked a story holding an irregular call, it answers
`refused` at the first event it cannot tell endplay: a call endplay does
not read, a call out of rotation or after the auction ended (endplay's
auction has neither seats nor an end, so these are refused here for it),
or, when endplay let an irregular call stand, the `accept` or `reject`
that follows. The director's findings beside an event (`unintended`,
`means`...) are not the table's calls: it ignores them.

    python3 -m venv /tmp/ep && /tmp/ep/bin/pip install -r examples/python/requirements.txt
    rulings run --impl /tmp/ep/bin/python examples/python/endplay_adapter.py --rotations
"""

import json
import sys
from importlib.metadata import version

from endplay.types import Bid, Contract, ContractBid, Denom, Penalty, Player

SEATS = ["N", "E", "S", "W"]
PLAYER = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
SEAT = {v: k for k, v in PLAYER.items()}
DENOM = {Denom.clubs: "C", Denom.diamonds: "D", Denom.hearts: "H", Denom.spades: "S", Denom.nt: "NT"}
DOUBLED = {Penalty.passed: None, Penalty.doubled: "X", Penalty.redoubled: "XX"}


class OutOfSubset(Exception):
    """The story holds something endplay is not asked about here."""


def canonical(bid):
    """A call as endplay read it, in the protocol's notation."""
    if isinstance(bid, ContractBid):
        return f"{bid.level}{DENOM[bid.denom]}"
    return {Penalty.passed: "P", Penalty.doubled: "X", Penalty.redoubled: "XX"}[bid.penalty]


class Refused(Exception):
    """The event at `event` could not be told to endplay: refused there."""

    def __init__(self, event, reason):
        super().__init__(reason)
        self.event = event


def closes(texts):
    """Is the auction over after these calls (counted here, not by endplay)?"""
    passes = 0
    for t in reversed(texts):
        if t != "P":
            break
        passes += 1
    any_bid = any(t not in ("P", "X", "XX") for t in texts)
    return (any_bid and passes >= 3) or (not any_bid and passes >= 4)


def rule(request):
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws are declared")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    calls = []
    texts = []  # the calls as endplay read them, written canonically (it prints suit symbols)
    for index, event in enumerate(request["events"]):
        seats = [k for k in event if k in PLAYER]
        if len(seats) != 1:
            raise OutOfSubset("an event without exactly one seat")
        seat = seats[0]
        text = event[seat]
        if closes(texts):
            raise Refused(index, f"{seat} {text}: the auction had ended (counted by this adapter)")
        try:
            call = Bid(text)
        except Exception as e:
            raise Refused(index, f"{seat} {text}: endplay does not read it ({e})")
        calls.append(call)
        if seat != SEATS[turn % 4]:
            raise Refused(index, f"{seat} {text}: an auction has no seats in endplay, so a call out of "
                                 f"rotation cannot be told to it ({SEATS[turn % 4]} to call)")
        texts.append(canonical(call))
        turn += 1
    over = closes(texts)
    contract = None
    status = "auction"
    if over:
        c = Contract.from_auction(PLAYER[dealer], calls)
        if c.is_passout():
            status = "passed-out"
        else:
            status = "closed"
            contract = {
                "bid": f"{c.level}{DENOM[c.denom]}",
                "doubled": DOUBLED[c.penalty],
                "declarer": SEAT[c.declarer],
            }
    return {
        "status": status,
        "next": None if over else SEATS[turn % 4],
        "decision": None,
        "auction": texts,
        "rulings": [],
        "must_pass": [],
        "lead_restrictions": [],
        "penalty_cards": [],
        "unauthorized_information": [],
        "score_adjustment": [],
        "contract": contract,
        "score_cap": None,
    }


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "endplay",
                      "version": version("endplay"), "editions": ["2017"], "features": ["refusal"]}
        elif kind == "rule":
            seq = message.get("seq")
            try:
                answer = {"type": "ruling", "seq": seq, "ruling": rule(message)}
            except Refused as e:
                answer = {"type": "refused", "seq": seq, "event": e.event, "reason": str(e)}
            except OutOfSubset as e:
                answer = {"type": "skipped", "seq": seq, "reason": str(e)}
            except Exception as e:  # endplay raised: say so, do not crash
                answer = {"type": "error", "seq": seq, "message": f"endplay: {e!r}"}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


main()
