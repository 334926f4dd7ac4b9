#!/usr/bin/env python3
"""The public library endplay (https://pypi.org/project/endplay/, version
pinned in requirements.txt) behind the Rulings protocol, to check it.

endplay models bids, players and contracts: it parses the calls
(`endplay.types.Bid`), and from a dealer and an auction works out the
contract, its doubling and its declarer (`Contract.from_auction`). That is
what this adapter asks of it. endplay has no notion of whose turn it is,
of whether the auction is over, or of any irregularity, so the adapter
declares the legal auction only (the 2017 Laws, no feature): the runner
asks it the cases about Laws 17-22 and counts the rest as not applicable.
The turn and the end of the auction (three passes after a bid, or four
passes) are counted here; everything else is endplay's.

A story this adapter cannot tell endplay (a call out of rotation, an
`accept`, a card shown) is answered `skipped`.

    python3 -m venv /tmp/ep && /tmp/ep/bin/pip install -r examples/python/requirements.txt
    rulings run --impl /tmp/ep/bin/python examples/python/endplay_adapter.py --rotations
"""

import json
import sys
from importlib.metadata import version

from endplay.types import Bid, Contract, Denom, Penalty, Player

SEATS = ["N", "E", "S", "W"]
PLAYER = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
SEAT = {v: k for k, v in PLAYER.items()}
DENOM = {Denom.clubs: "C", Denom.diamonds: "D", Denom.hearts: "H", Denom.spades: "S", Denom.nt: "NT"}
DOUBLED = {Penalty.passed: None, Penalty.doubled: "X", Penalty.redoubled: "XX"}


class OutOfSubset(Exception):
    """The story holds something endplay is not asked about here."""


def rule(request):
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws are declared")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    calls = []
    texts = []  # the calls as the request writes them (canonical); endplay prints suit symbols
    for event in request["events"]:
        seats = [k for k in event if k in PLAYER]
        if len(seats) != 1 or len(event) != 1:
            raise OutOfSubset("an event with findings")
        seat = seats[0]
        text = event[seat]
        if seat != SEATS[turn % 4]:
            raise OutOfSubset("a call out of rotation")
        try:
            calls.append(Bid(text))
        except Exception:
            raise OutOfSubset(f"`{text}` is not a call endplay reads")
        texts.append(text)
        turn += 1
    passes = 0
    for t in reversed(texts):
        if t != "P":
            break
        passes += 1
    any_bid = any(t not in ("P", "X", "XX") for t in texts)
    over = (any_bid and passes >= 3) or (not any_bid and passes >= 4)
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
                      "version": version("endplay"), "editions": ["2017"], "features": []}
        elif kind == "rule":
            seq = message.get("seq")
            try:
                answer = {"type": "ruling", "seq": seq, "ruling": rule(message)}
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
