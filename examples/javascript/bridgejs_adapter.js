#!/usr/bin/env node
// The public library bridge.js (https://www.npmjs.com/package/bridge.js,
// version pinned in package.json and package-lock.json beside this file)
// behind the Rulings protocol, to check it.
//
// bridge.js models an auction: `Auction(dealer)` takes the calls in
// rotation from the dealer (`auction.bid(call)`), throws on a call it does
// not allow (an insufficient bid, a double or redouble it does not permit,
// a call after the auction closed), tells whose turn it is
// (`nextSeatToBid`), whether the auction is over (`isClosed`), and the
// contract with its doubling and declarer (`contract()`). This adapter
// asks it all of that, and adds nothing of its own but this: its auction
// has no seat on a call (each call is the next player's), so a call out of
// rotation cannot be told to it, and is refused here for it.
//
// It declares the legal auction (the 2017 Laws) and `refusal`: asked a
// story holding an irregular call, it answers `refused` at the first event
// bridge.js cannot take (docs/protocol.md): a call it throws on, or, when
// it let an irregular call stand, the `accept` or `reject` that follows,
// which it has no way to take (the report then shows which event it
// stopped at). The director's findings beside an event (`unintended`,
// `means`...) are not the table's calls: it ignores them.
//
//     tmp=$(mktemp -d) && cp examples/javascript/package*.json "$tmp" && npm ci --prefix "$tmp"
//     NODE_PATH="$tmp/node_modules" rulings run --impl node examples/javascript/bridgejs_adapter.js --rotations

'use strict';

const readline = require('readline');
const bridge = require('bridge.js');
const version = require('bridge.js/package.json').version;

const SEATS = { N: bridge.seat.north, E: bridge.seat.east, S: bridge.seat.south, W: bridge.seat.west };

class OutOfSubset extends Error {}

class Refused extends Error {
    constructor(event, reason) {
        super(reason);
        this.event = event;
    }
}

function rule(request) {
    if ((request.edition || '2017') !== '2017') {
        throw new OutOfSubset('only the 2017 Laws are declared');
    }
    const auction = new bridge.Auction(SEATS[request.dealer]);
    const calls = [];
    request.events.forEach((event, index) => {
        const keys = Object.keys(event);
        const seat = keys.find((k) => k in SEATS);
        const call = event[seat];
        // An `accept` or cards shown are no call either: bridge.js cannot
        // take them, so it refuses them where they come.
        const bid = bridge.bid[call === 'P' ? '-' : call];
        if (bid === undefined) {
            throw new Refused(index, `${seat} ${call}: bridge.js has no such call`);
        }
        const next = auction.nextSeatToBid();
        if (next !== null && next !== SEATS[seat]) {
            throw new Refused(index, `${seat} ${call}: bridge.js takes calls in rotation only (${next.symbol} to call)`);
        }
        try {
            auction.bid(bid);
        } catch (e) {
            throw new Refused(index, `${seat} ${call}: bridge.js: ${e.message}`);
        }
        calls.push(call);
    });
    const closed = auction.isClosed();
    let contract = null;
    let status = 'auction';
    if (closed) {
        const c = auction.contract();
        if (c.isPassedIn()) {
            status = 'passed-out';
        } else {
            status = 'closed';
            contract = { bid: `${c.level}${c.denomination}`, doubled: c.risk || null, declarer: c.declaror.symbol };
        }
    }
    return {
        status,
        next: closed ? null : auction.nextSeatToBid().symbol,
        decision: null,
        auction: calls,
        rulings: [],
        must_pass: [],
        lead_restrictions: [],
        penalty_cards: [],
        unauthorized_information: [],
        score_adjustment: [],
        contract,
        score_cap: null,
    };
}

function answer(message) {
    if (message.type === 'hello') {
        return { type: 'hello', protocol: 1, name: 'bridge.js', version, editions: ['2017'], features: ['refusal'] };
    }
    const seq = message.seq;
    try {
        return { type: 'ruling', seq, ruling: rule(message) };
    } catch (e) {
        if (e instanceof Refused) {
            return { type: 'refused', seq, event: e.event, reason: e.message };
        }
        if (e instanceof OutOfSubset) {
            return { type: 'skipped', seq, reason: e.message };
        }
        return { type: 'error', seq, message: `bridge.js: ${e}` };
    }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
    if (!line.trim()) {
        return;
    }
    const message = JSON.parse(line);
    if (message.type === 'bye') {
        lines.close();
        return;
    }
    if (message.type !== 'hello' && message.type !== 'rule') {
        return;
    }
    process.stdout.write(JSON.stringify(answer(message)) + '\n');
});
