#!/usr/bin/env python3
"""The public package bridge-utils (https://pypi.org/project/bridge-utils/,
version pinned in requirements.txt) behind the Rulings protocol, to check it.

bridge-utils converts bridge records. Its `lin2pbn` reads a BBO hand
record (LIN) and writes a PBN file whose `[Contract]` and `[Declarer]`
tags it works out from the auction: that is what this adapter asks of it.
The story's calls are written into a LIN record (with a fixed deal, since
the tags do not depend on the cards; doubles written `X` and `XX`, as its
code reads them), lin2pbn writes the PBN to a temporary file, and the
adapter reads the two tags back.

bridge-utils does not check calls, and knows nothing of whose turn it is
or of the end of the auction: the adapter declares the legal auction only
(the 2017 Laws, no feature), counts the turn and the end of the auction
itself (three passes after a bid, or four passes: then no contract, and
the library is not asked), and answers `skipped` for a story it cannot
write as a LIN auction (a call out of rotation, an `accept`, a card shown,
a finding).

    python3 -m venv /tmp/bu && /tmp/bu/bin/pip install -r examples/python/requirements.txt
    rulings run --impl /tmp/bu/bin/python examples/python/bridge_utils_adapter.py --rotations
"""

import contextlib
import json
import os
import re
import sys
import tempfile
from importlib.metadata import version

from bridge_utils.mdbridge.lin2pbn import lin2pbn

SEATS = ["N", "E", "S", "W"]
# LIN numbers the dealer 1 to 4 from South.
LIN_DEALER = {"S": 1, "W": 2, "N": 3, "E": 4}
# Any deal will do: the contract and declarer come from the auction alone.
HANDS = "SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,"


class OutOfSubset(Exception):
    """The story holds something bridge-utils is not asked about here."""


def lin_record(dealer, calls):
    """A LIN hand record of these calls, as lin2pbn reads it."""
    bids = "".join(f"mb|{'p' if c == 'P' else c}|" for c in calls)
    return f"pn|South,West,North,East||md|{LIN_DEALER[dealer]}{HANDS}||ah|Board 1|sv|o|{bids}|pg||"


def contract_of(dealer, calls):
    """lin2pbn's [Contract] and [Declarer] for a closed auction."""
    with tempfile.TemporaryDirectory() as scratch:
        pbn = os.path.join(scratch, "board.pbn")
        # lin2pbn says where it wrote on stdout, which is the protocol's.
        with contextlib.redirect_stdout(sys.stderr):
            lin2pbn(lin_record(dealer, calls), pbn)
        with open(pbn, encoding="utf-8") as f:
            text = f.read()
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.M))
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", tags["Contract"])
    if not m:
        raise ValueError(f"a contract this adapter cannot read: {tags['Contract']!r}")
    strain = "NT" if m.group(2) in ("N", "NT") else m.group(2)
    return {"bid": m.group(1) + strain, "doubled": m.group(3), "declarer": tags["Declarer"]}


def rule(request):
    if request.get("edition", "2017") != "2017":
        raise OutOfSubset("only the 2017 Laws are declared")
    dealer = request["dealer"]
    turn = SEATS.index(dealer)
    calls = []
    for event in request["events"]:
        seats = [k for k in event if k in SEATS]
        if len(seats) != 1 or len(event) != 1:
            raise OutOfSubset("an event with findings")
        seat = seats[0]
        call = event[seat]
        if seat != SEATS[turn % 4]:
            raise OutOfSubset("a call out of rotation")
        if not re.fullmatch(r"P|X|XX|[1-7](C|D|H|S|NT)", call):
            raise OutOfSubset(f"`{call}` is not a call a LIN auction holds")
        calls.append(call)
        turn += 1
    passes = 0
    for c in reversed(calls):
        if c != "P":
            break
        passes += 1
    any_bid = any(c not in ("P", "X", "XX") for c in calls)
    over = (any_bid and passes >= 3) or (not any_bid and passes >= 4)
    status, contract = "auction", None
    if over and not any_bid:
        status = "passed-out"
    elif over:
        status = "closed"
        contract = contract_of(dealer, calls)
    return {
        "status": status,
        "next": None if over else SEATS[turn % 4],
        "decision": None,
        "auction": calls,
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
            answer = {"type": "hello", "protocol": 1, "name": "bridge-utils",
                      "version": version("bridge-utils"), "editions": ["2017"], "features": []}
        elif kind == "rule":
            seq = message.get("seq")
            try:
                answer = {"type": "ruling", "seq": seq, "ruling": rule(message)}
            except OutOfSubset as e:
                answer = {"type": "skipped", "seq": seq, "reason": str(e)}
            except Exception as e:  # the library raised: say so, do not crash
                answer = {"type": "error", "seq": seq, "message": f"bridge-utils: {e!r}"}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


main()
