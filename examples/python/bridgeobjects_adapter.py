#!/usr/bin/env python3
"""The public library bridgeobjects (https://pypi.org/project/bridgeobjects/,
version pinned in requirements.txt) behind the Rulings protocol, to check it.

bridgeobjects models calls, auctions and contracts: it parses the calls
(`Call`), tells the end of an auction (`Contract._three_final_passes`,
`Contract._passed_out`), and from an auction and its first caller works
out the contract and its declarer (`Contract(auction=...)`). That is what
this adapter asks of it; the doubling it reads from the contract's
`doubled` and `redoubled`. Whose turn it is is counted here.

bridgeobjects knows no irregularity. The adapter declares the legal
auction (the 2017 Laws) and `refusal` (docs/protocol.md): asked a story
holding an irregular call, it answers `refused` at the first event it
cannot tell bridgeobjects: a call it does not read, a call after its
end-of-auction test says the auction is over, a call out of rotation (its
auction has no seats, so that is refused here for it), or, when
bridgeobjects let an irregular call stand, the `accept` or `reject` that
follows. The director's findings beside an event (`unintended`, `means`...)
are not the table's calls: it ignores them.

    python3 -m venv /tmp/bo && /tmp/bo/bin/pip install -r examples/python/requirements.txt
    rulings run --impl /tmp/bo/bin/python examples/python/bridgeobjects_adapter.py --rotations
"""

import json
import sys
from importlib.metadata import version

from bridgeobjects import Auction, Call, Contract

SEATS = ["N", "E", "S", "W"]


class OutOfSubset(Exception):
    """The story holds something bridgeobjects is not asked about here."""


class Refused(Exception):
    """The event at `event` could not be told to bridgeobjects: refused there."""

    def __init__(self, event, reason):
        super().__init__(reason)
        self.event = event


def closes(calls):
    """Is the auction over after these calls, by bridgeobjects' own tests?"""
    if not calls:
        return False
    return Contract._passed_out(calls) or (
        Contract._three_final_passes(calls) and any(c.is_value_call for c in calls))


def rule(request):
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws are declared")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    calls, texts = [], []
    for index, event in enumerate(request["events"]):
        seats = [k for k in event if k in SEATS]
        if len(seats) != 1:
            raise OutOfSubset("an event without exactly one seat")
        seat = seats[0]
        text = event[seat]
        if closes(calls):
            raise Refused(index, f"{seat} {text}: bridgeobjects' end-of-auction test says the auction "
                                 "had ended")
        try:
            calls.append(Call(text))
        except Exception as e:
            raise Refused(index, f"{seat} {text}: bridgeobjects does not read it ({e})")
        if seat != SEATS[turn % 4]:
            raise Refused(index, f"{seat} {text}: an auction has no seats in bridgeobjects, so a call "
                                 f"out of rotation cannot be told to it ({SEATS[turn % 4]} to call)")
        texts.append(text)
        turn += 1
    passed_out = Contract._passed_out(calls)
    over = closes(calls)
    contract = None
    status = "auction"
    if passed_out:
        status = "passed-out"
    elif over:
        status = "closed"
        c = Contract(auction=Auction(calls, dealer))
        doubled = "XX" if c.redoubled else "X" if c.doubled else None
        contract = {"bid": c.name, "doubled": doubled, "declarer": c.declarer}
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
            answer = {"type": "hello", "protocol": 1, "name": "bridgeobjects",
                      "version": version("bridgeobjects"), "editions": ["2017"], "features": ["refusal"]}
        elif kind == "rule":
            seq = message.get("seq")
            try:
                answer = {"type": "ruling", "seq": seq, "ruling": rule(message)}
            except Refused as e:
                answer = {"type": "refused", "seq": seq, "event": e.event, "reason": str(e)}
            except OutOfSubset as e:
                answer = {"type": "skipped", "seq": seq, "reason": str(e)}
            except Exception as e:  # the library raised: say so, do not crash
                answer = {"type": "error", "seq": seq, "message": f"bridgeobjects: {e!r}"}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


main()
