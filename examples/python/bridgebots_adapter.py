#!/usr/bin/env python3
"""The public library bridgebots (https://pypi.org/project/bridgebots/,
version pinned in requirements.txt) behind the Rulings protocol, to check it.

bridgebots reads and writes bridge records (LIN, PBN) for machine
learning. Of the auction it knows two things, and that is what this
adapter asks of it: which calls exist (`canonicalize_bid`, which gives a
call's canonical name, or None for a call it does not know), and, from a
finished auction, the contract with its doubling (the function its LIN
and BBO hand-viewer readers share, `lin._parse_bidding_record`, read by its
`Contract.from_str`). It works out the declarer only from the play (the
player before the one who leads), which a story has not: the declarer is
therefore worked out here (the first player of the declaring side to name
the final strain), as are whose turn it is and the end of the auction
(three passes after a bid, or four passes). Seats are bridgebots'
`Direction`.

bridgebots knows no irregularity. The adapter declares the legal auction
(the 2017 Laws) and `refusal` (docs/protocol.md): asked a story holding an
irregular call, it answers `refused` at the first event it cannot tell
bridgebots: a call it does not know, a call out of rotation or after the
auction ended (counted here), or, when bridgebots let an irregular call
stand, the `accept` or `reject` that follows. The director's findings
beside an event (`unintended`, `means`...) are not the table's calls: it
ignores them.

    python3 -m venv /tmp/bb && /tmp/bb/bin/pip install -r examples/python/requirements.txt
    rulings run --impl /tmp/bb/bin/python examples/python/bridgebots_adapter.py --rotations
"""

import json
import sys
from importlib.metadata import version

from bridgebots import Contract, Direction, canonicalize_bid
from bridgebots.lin import _parse_bidding_record

SEATS = ["N", "E", "S", "W"]
DIRECTION = {d.abbreviation(): d for d in Direction}
STRAIN = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT", "NT": "NT"}


class OutOfSubset(Exception):
    """The story holds something bridgebots is not asked about here."""


class Refused(Exception):
    """The event at `event` could not be told to bridgebots: refused there."""

    def __init__(self, event, reason):
        super().__init__(reason)
        self.event = event


def protocol(call):
    """A call as bridgebots names it, in the protocol's notation."""
    return "P" if call == "PASS" else call


def closes(texts):
    """Is the auction over after these calls (counted here, not by bridgebots)?"""
    passes = 0
    for t in reversed(texts):
        if t != "P":
            break
        passes += 1
    any_bid = any(t not in ("P", "X", "XX") for t in texts)
    return (any_bid and passes >= 3) or (not any_bid and passes >= 4)


def declarer_of(dealer, texts, strain):
    """The first of the side that made the final bid to name its strain (worked out here)."""
    last = max(i for i, t in enumerate(texts) if t not in ("P", "X", "XX"))
    side = DIRECTION[SEATS[(SEATS.index(dealer) + last) % 4]]
    for i, t in enumerate(texts):
        seat = DIRECTION[SEATS[(SEATS.index(dealer) + i) % 4]]
        if t[1:] == strain and seat in (side, side.partner()):
            return seat.abbreviation()
    raise ValueError("no bid of the final strain")


def rule(request):
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws are declared")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    calls, texts = [], []  # bridgebots' names of the calls, and the same in the protocol's notation
    for index, event in enumerate(request["events"]):
        seats = [k for k in event if k in SEATS]
        if len(seats) != 1:
            raise OutOfSubset("an event without exactly one seat")
        seat = seats[0]
        text = event[seat]
        if closes(texts):
            raise Refused(index, f"{seat} {text}: the auction had ended (counted by this adapter)")
        call = canonicalize_bid(text)
        if call is None:
            raise Refused(index, f"{seat} {text}: bridgebots does not know this call")
        if seat != SEATS[turn % 4]:
            raise Refused(index, f"{seat} {text}: bridgebots' auction has no seats, so a call out of "
                                 f"rotation cannot be told to it ({SEATS[turn % 4]} to call)")
        calls.append(call)
        texts.append(protocol(call))
        turn += 1
    over = closes(texts)
    contract = None
    status = "auction"
    if over:
        _, _, name = _parse_bidding_record(calls, {})
        c = Contract.from_str(name)
        if c.level == 0:
            status = "passed-out"
        else:
            status = "closed"
            strain = STRAIN[c.suit.abbreviation(verbose_no_trump=False)]
            contract = {
                "bid": f"{c.level}{strain}",
                "doubled": {0: None, 1: "X", 2: "XX"}[c.doubled],
                "declarer": declarer_of(dealer, texts, strain),
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
            answer = {"type": "hello", "protocol": 1, "name": "bridgebots",
                      "version": version("bridgebots"), "editions": ["2017"], "features": ["refusal"]}
        elif kind == "rule":
            seq = message.get("seq")
            try:
                answer = {"type": "ruling", "seq": seq, "ruling": rule(message)}
            except Refused as e:
                answer = {"type": "refused", "seq": seq, "event": e.event, "reason": str(e)}
            except OutOfSubset as e:
                answer = {"type": "skipped", "seq": seq, "reason": str(e)}
            except Exception as e:  # the library raised: say so, do not crash
                answer = {"type": "error", "seq": seq, "message": f"bridgebots: {e!r}"}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


main()
