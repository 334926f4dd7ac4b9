#!/usr/bin/env python3
"""A minimal Rulings implementation in Python: the legal auction only.

It speaks protocol 1 (docs/implementers.md) on stdin/stdout with the
standard library alone, and declares a subset: the 2017 Laws and no
feature but `refusal`. It rules by itself,
without the reference engine: whose turn it is, the calls that stand, the
end of the auction (three passes after a bid, or four passes), the final
contract, its doubling and its declarer (the player of the declaring side
who first named the contract's denomination).

It prevents irregularities rather than ruling on them, as an online
platform does: it declares the feature `refusal`, so the runner also asks
it every case whose story holds an irregular call (an insufficient or
equal bid, a double or redouble Law 19 does not permit, a bid above seven,
a call out of rotation or after the auction ended), and it answers
`refused`, naming the first such call by its index in `events` (from 0)
and saying why. Anything else outside its subset (an `accept`, cards
shown, the director's findings on a legal auction) it answers `skipped`,
which the report counts apart, never a wrong ruling.

    rulings run --impl python3 examples/python/adapter.py --report /tmp/py
"""

import json
import sys

SEATS = ["N", "E", "S", "W"]
STRAINS = ["C", "D", "H", "S", "NT"]


class OutOfSubset(Exception):
    """The story holds something this adapter does not rule on."""


class Refused(Exception):
    """The call at `event` may not stand: the adapter refuses it."""

    def __init__(self, event, reason):
        super().__init__(reason)
        self.event = event


def parse_call(text):
    """('P'|'X'|'XX'|(level, strain)) from canonical or PBN-style text."""
    t = str(text).strip().upper()
    if t in ("P", "PASS"):
        return "P"
    if t in ("X", "DBL", "DOUBLE"):
        return "X"
    if t in ("XX", "RDBL", "REDOUBLE"):
        return "XX"
    digits = ""
    while digits != t and t[len(digits)].isdigit():
        digits += t[len(digits)]
    strain = t[len(digits):]
    strain = "NT" if strain == "N" else strain
    if not digits or strain not in STRAINS:
        raise ValueError(f"`{text}` is not a call")
    return (int(digits), strain)


def show(call):
    return call if isinstance(call, str) else f"{call[0]}{call[1]}"


def side(seat):
    return SEATS.index(seat) % 2


def rule(request):
    """The ruling for a legal auction; Refused, or OutOfSubset."""
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    auction = []          # (seat, call) that stand
    last_bid = None       # (seat, (level, strain))
    doubled = None        # None, "X" or "XX" on the last bid
    passes = 0
    over = False
    findings = False      # the director's findings on some event
    for index, event in enumerate(request["events"]):
        seats = [k for k in event if k in SEATS]
        if len(seats) != 1:
            raise ValueError("an event has exactly one seat key")
        seat = seats[0]
        findings = findings or bool(set(event) - {seat})
        if event[seat] in ("accept", "reject") or " " in str(event[seat]):
            raise OutOfSubset("an option or cards shown (no call to refuse)")
        call = parse_call(event[seat])
        if over:
            raise Refused(index, f"{seat} {show(call)}: the auction had ended")
        if seat != SEATS[turn]:
            raise Refused(index, f"{seat} {show(call)}: it was {SEATS[turn]}'s turn")
        if call == "P":
            passes += 1
        elif call == "X":
            if not last_bid or side(last_bid[0]) == side(seat) or doubled:
                raise Refused(index, f"{seat} X: no opponent's bid to double")
            doubled, passes = "X", 0
        elif call == "XX":
            if not last_bid or side(last_bid[0]) != side(seat) or doubled != "X":
                raise Refused(index, f"{seat} XX: no opponent's double to redouble")
            doubled, passes = "XX", 0
        else:
            level, strain = call
            if level > 7:
                raise Refused(index, f"{seat} {show(call)}: no bid goes above seven")
            if last_bid and (level, STRAINS.index(strain)) <= (last_bid[1][0], STRAINS.index(last_bid[1][1])):
                raise Refused(index, f"{seat} {show(call)}: it does not beat {show(last_bid[1])}")
            last_bid, doubled, passes = (seat, call), None, 0
        auction.append((seat, call))
        turn = (turn + 1) % 4
        over = (last_bid is not None and passes == 3) or (last_bid is None and passes == 4)
    if findings:
        raise OutOfSubset("the director's findings on an event (an irregularity)")

    contract = None
    if over and last_bid:
        strain = last_bid[1][1]
        declaring = side(last_bid[0])
        declarer = next(s for s, c in auction if not isinstance(c, str) and c[1] == strain and side(s) == declaring)
        contract = {"bid": show(last_bid[1]), "doubled": doubled, "declarer": declarer}
    if over:
        status = "closed" if last_bid else "passed-out"
    else:
        status = "auction"
    return {
        "status": status,
        "next": None if over else SEATS[turn],
        "decision": None,
        "auction": [show(c) for _, c in auction],
        "rulings": [],
        "must_pass": [],
        "lead_restrictions": [],
        "penalty_cards": [],
        "unauthorized_information": [],
        "score_adjustment": [],
        "contract": contract,
        "score_cap": None,
    }


def answer(message):
    kind = message.get("type")
    if kind == "hello":
        return {"type": "hello", "protocol": 1, "name": "python-legal-auction", "version": "0.1",
                "editions": ["2017"], "features": ["refusal"]}
    if kind != "rule":
        return {"type": "error", "seq": message.get("seq"), "message": f"unknown message type {kind!r}"}
    seq = message.get("seq")
    try:
        return {"type": "ruling", "seq": seq, "ruling": rule(message)}
    except Refused as e:
        return {"type": "refused", "seq": seq, "event": e.event, "reason": str(e)}
    except OutOfSubset as e:
        return {"type": "skipped", "seq": seq, "reason": f"legal auctions only: {e}"}
    except (KeyError, ValueError, TypeError) as e:
        return {"type": "error", "seq": seq, "message": f"cannot read the request: {e}"}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError as e:
            reply = {"type": "error", "seq": None, "message": f"not JSON: {e}"}
        else:
            if not isinstance(message, dict):
                reply = {"type": "error", "seq": None, "message": "not a message"}
            elif message.get("type") == "bye":
                return
            else:
                reply = answer(message)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
