#!/usr/bin/env python3
"""The public library bridgeobjects (https://pypi.org/project/bridgeobjects/,
version pinned in requirements.txt) behind the Rulings protocol, to check it.

bridgeobjects models calls, auctions and contracts: it parses the calls
(`Call`), tells the end of an auction (`Contract._three_final_passes`,
`Contract._passed_out`), and from an auction and its first caller works
out the contract and its declarer (`Contract(auction=...)`). That is what
this adapter asks of it; the doubling it reads from the contract's
`doubled` and `redoubled`. bridgeobjects knows no irregularity, so the
adapter declares the legal auction only (the 2017 Laws, no feature). Whose
turn it is is counted here; a story it cannot tell the library (a call
out of rotation, an `accept`, a card shown) is answered `skipped`.

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


def rule(request):
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws are declared")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    calls, texts = [], []
    for event in request["events"]:
        seats = [k for k in event if k in SEATS]
        if len(seats) != 1 or len(event) != 1:
            raise OutOfSubset("an event with findings")
        seat = seats[0]
        if seat != SEATS[turn % 4]:
            raise OutOfSubset("a call out of rotation")
        text = event[seat]
        try:
            calls.append(Call(text))
        except Exception:
            raise OutOfSubset(f"`{text}` is not a call bridgeobjects reads")
        texts.append(text)
        turn += 1
    passed_out = Contract._passed_out(calls)
    over = passed_out or (Contract._three_final_passes(calls) and any(c.is_value_call for c in calls))
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
                      "version": version("bridgeobjects"), "editions": ["2017"], "features": []}
        elif kind == "rule":
            seq = message.get("seq")
            try:
                answer = {"type": "ruling", "seq": seq, "ruling": rule(message)}
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
