// The workbench page. The state of the table lives here; after every
// change the server's reference engine rules on it (POST /api/rule) and the
// page shows the ruling. Every text from the server or the user is shown
// with textContent or as a form value, never as HTML.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };
const STRAINS = ["C", "D", "H", "S", "NT"];
const SUITS = ["C", "D", "H", "S"];
const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
// The findings the slip's own control writes (a slip is marked on the call
// the player did not mean; the case format writes it on the call that
// replaces it). Every other finding, and every incident, the page learns
// from the server (/api/setting: `findings`, `incidents`), which reads them
// off the engine's list of families.
const SLIP = ["unintended", "pause"];
// A call as the server writes it; an event that is no call, `accept` or
// `reject` is an incident.
const CALL = /^(P|X|XX|[1-9](C|D|H|S|NT))$/;
const IRREGULARITIES = [
  "insufficient-bid", "change-of-call", "pass-out-of-rotation", "bid-out-of-rotation", "double-out-of-rotation",
  "redouble-out-of-rotation", "inadmissible-double", "inadmissible-redouble", "bid-above-seven",
  "call-when-required-to-pass", "call-after-final-pass", "card-exposed", "call-when-restricted",
];

const state = {
  dealer: "N", vulnerable: "none", edition: "2017", regulations: {},
  // {seat, action, slip, pause, unintended, found: {finding: value}, meaning: {...}, meaningText}
  events: [],
  findings: [],        // the findings a call carries, from the server
  incidents: [],       // the incidents, each with its forms and findings, from the server
  marks: {},           // key -> {agree: true|false, value, reason}
  lawsEdited: false, id: "", clauses: {}, ruling: null, level: 1,
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (e) {
    return { error: "the workbench does not answer: is `rulings workbench` still running?" };
  }
  try {
    return await response.json();
  } catch (e) {
    return { error: `the workbench answered ${response.status} without a ruling` };
  }
}

const isCall = (e) => CALL.test(e.action);
const isDecision = (e) => e.action === "accept" || e.action === "reject";

// The words of an incident's form before its cards (`exposes` for
// `exposes CARDS`), and whether cards follow them.
function formWords(form) {
  const words = form.split(" ");
  const cards = words.filter((w) => w === "CARDS" || w === "CARD").length > 0;
  return { fixed: words.filter((w) => w !== "CARDS" && w !== "CARD").join(" "), cards };
}

// The incident an event is, as the server describes it, or null.
function incidentOf(e) {
  if (isCall(e) || isDecision(e)) return null;
  const action = e.action.toLowerCase();
  return state.incidents.find((x) => x.forms.some((f) => {
    const { fixed, cards } = formWords(f);
    return cards ? action.startsWith(`${fixed} `) : action === fixed;
  })) || null;
}

function newEvent(seat, action) {
  return { seat, action, slip: null, pause: null, unintended: null, found: {}, meaning: {}, meaningText: "" };
}

// The call that replaces event i's call if the director found it a slip:
// the player's next call.
function replacementOf(i) {
  const e = state.events[i];
  for (let j = i + 1; j < state.events.length; j++) {
    if (state.events[j].seat === e.seat && isCall(state.events[j])) return j;
  }
  return -1;
}

// A meaning from the fields (or the text in the case format, which the
// server reads), or nothing.
function meaning(e) {
  if (e.meaningText && e.meaningText.trim()) return e.meaningText;
  const m = {};
  for (const [k, v] of Object.entries(e.meaning || {})) {
    if (v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length)) continue;
    m[k] = v;
  }
  return Object.keys(m).length ? m : null;
}

// The table as the API reads it: events in the case format's shape. A
// slip marked on a call is the finding `unintended: true` on the call that
// replaces it, as the case format writes it (with `pause` beside it).
function table() {
  const regulations = {};
  for (const [k, v] of Object.entries(state.regulations)) if (v !== null && v !== "") regulations[k] = v;
  const carried = {};
  state.events.forEach((e, i) => {
    if (e.slip && isCall(e)) {
      const j = replacementOf(i);
      if (j >= 0) carried[j] = { unintended: true, pause: e.pause };
    }
  });
  return {
    edition: state.edition, dealer: state.dealer, vulnerable: state.vulnerable,
    regulations: Object.keys(regulations).length ? regulations : null,
    events: state.events.map((e, i) => {
      const out = { [e.seat]: e.action };
      const incident = incidentOf(e);
      if (incident) {
        // An incident's findings are checkboxes: ticked, `true`.
        for (const f of incident.findings) if (e.found[f.key] === true) out[f.key] = true;
        return out;
      }
      if (!isCall(e)) return out;
      if (carried[i]) {
        out.unintended = true;
        if (carried[i].pause !== null) out.pause = carried[i].pause;
      } else if (e.unintended !== null) {
        out.unintended = e.unintended;
      }
      for (const f of state.findings) {
        if (SLIP.includes(f.key)) continue;
        if (f.kind === "meaning") {
          const m = meaning(e);
          if (m) out[f.key] = m;
        } else if (e.found[f.key] !== null && e.found[f.key] !== undefined) {
          out[f.key] = e.found[f.key];
        }
      }
      return out;
    }),
  };
}

function say(where, text) { $(where).textContent = text || ""; }

// Only the answer to the latest request is drawn (a quick hand sends
// several); the body's data-pending says how many are under way.
let asked = 0;
let pending = 0;

async function rule() {
  const mine = ++asked;
  pending += 1;
  document.body.dataset.pending = String(pending);
  const answer = await post("/api/rule", table());
  pending -= 1;
  document.body.dataset.pending = String(pending);
  if (mine !== asked) return;
  if (answer.error && !answer.events) { say("message", answer.error); return; }
  say("message", answer.error || "");
  state.ruling = answer;
  drawGrid(answer);
  drawEvents();
  drawQuestion(answer);
  drawWaiting(answer.waiting || null);
  drawRuling(answer);
  drawDiffers();
  if (answer.story !== null && answer.story !== undefined && document.activeElement !== $("story")) {
    $("story").value = answer.story;
  }
  const first = state.events[0];
  say("story-hint", first && first.seat !== state.dealer
    ? `${SEAT_NAME[state.dealer]} deals and ${SEAT_NAME[first.seat]} calls first: a call out of rotation. ` +
      `If ${SEAT_NAME[first.seat]} dealt, choose him as the dealer.`
    : "");
  if (!state.lawsEdited && answer.clauses) $("laws").value = answer.clauses.join(", ");
  const slip = pendingSlip();
  const next = slip >= 0 ? state.events[slip].seat : answer.waiting ? answer.waiting.seat : null;
  if (next) $("seat").value = next;
  say("seat-hint", next ? `(${SEAT_NAME[next]} acts next)` : "");
  // An incident is about a call already made: by default, the last one's.
  const caller = offenderOf();
  if (caller) $("incident-seat").value = caller;
}

function drawGrid(answer) {
  const body = $("grid").tBodies[0];
  body.replaceChildren();
  const last = state.events.length - 1;
  const standing = answer.standing || [];
  for (const row of answer.grid || []) {
    const tr = el("tr");
    row.forEach((cell) => {
      const td = el("td");
      if (cell !== null) {
        let text = answer.cells[cell];
        if (answer.notes[cell] || state.events[cell].slip) text += ` [${cell + 1}]`;
        if (standing[cell] === false) {
          td.append(el("del", { title: "withdrawn or cancelled: not in the auction", text }));
          td.classList.add("gone");
        } else {
          td.textContent = text;
        }
        if (cell === last) td.classList.add("now");
      }
      tr.append(td);
    });
    body.append(tr);
  }
  const notes = [];
  state.events.forEach((e, i) => {
    const said = [];
    if (e.slip) said.push("a slip (25A)");
    if (answer.notes && answer.notes[i]) said.push(answer.notes[i]);
    if (said.length) notes.push(`[${i + 1}] ${eventName(i)}: ${said.join(", ")}`);
  });
  if (standing.includes(false)) notes.push("struck through: withdrawn or cancelled");
  say("notes", notes.join("; "));
}

function eventName(i) { const e = state.events[i]; return `${e.seat} ${e.action}`; }

function tri(value, onchange, label, names) {
  const [none, yes, no] = names || ["not said", "yes", "no"];
  const s = el("select", { "aria-label": label, onchange: (ev) => onchange(ev.target.value) });
  for (const [v, t] of [["", none], ["true", yes], ["false", no]]) {
    s.append(el("option", { value: v, text: t, selected: String(value) === v || (value === null && v === "") }));
  }
  return s;
}

const fromTri = (v) => (v === "" ? null : v === "true");

function meansFields(e, i) {
  const box = el("div", { class: "means" });
  const set = (k, v) => { e.meaning[k] = v; rule(); };
  const text = (k, label, hint) => el("label", {}, `${label} `, el("input", {
    value: e.meaning[k] || "", placeholder: hint, class: "short", "aria-label": `${eventName(i)}: ${label}`,
    onchange: (ev) => set(k, ev.target.value.trim()),
  }));
  box.append(text("hcp", "HCP", "12-14"));
  for (const s of SUITS) box.append(text(s, `${SYMBOL[s]} cards`, "5+"));
  box.append(el("label", {}, "balanced ", tri(e.meaning.balanced ?? null, (v) => set("balanced", fromTri(v)),
    `${eventName(i)}: balanced`)));
  box.append(el("label", {}, "artificial ", tri(e.meaning.artificial ?? null, (v) => set("artificial", fromTri(v)),
    `${eventName(i)}: artificial`)));
  box.append(text("purpose", "purpose", "stayman"));
  const shows = el("span", { class: "suits" }, "shows ");
  for (const s of STRAINS.slice(0, 4)) {
    const on = (e.meaning.shows || []).includes(s);
    shows.append(el("label", {}, el("input", { type: "checkbox", checked: on, "aria-label": `${eventName(i)}: shows ${s}`,
      onchange: (ev) => {
        const now = new Set(e.meaning.shows || []);
        if (ev.target.checked) now.add(s); else now.delete(s);
        set("shows", SUITS.filter((x) => now.has(x)));
      } }), SYMBOL[s]));
  }
  box.append(shows);
  const other = el("details", { class: "other" }, el("summary", { text: "Other meanings (alternatives: any_of)" }),
    el("p", { class: "hint", text: "In the case format, for what the fields cannot say; it replaces them: " +
      "{any_of: [{H: \"6\"}, {S: \"6\"}], hcp: 5-10}" }),
    el("input", { value: e.meaningText, "aria-label": `${eventName(i)}: means in the case format`,
      onchange: (ev) => { e.meaningText = ev.target.value; rule(); } }));
  if (e.meaningText) other.open = true;
  box.append(other);
  return box;
}

function drawEvents() {
  const list = $("events");
  list.replaceChildren();
  state.events.forEach((e, i) => {
    const incident = incidentOf(e);
    if (incident) {
      list.append(el("li", { "data-incident": incident.family }, el("strong", { text: eventName(i) }),
        incidentFindings(e, i, incident)));
      return;
    }
    if (!isCall(e)) {
      list.append(el("li", {}, el("strong", { text: eventName(i) }), " ", el("span", { class: "hint", text: "no findings on a decision" })));
      return;
    }
    const found = el("div", { class: "found" });
    // The slip writes `unintended` (and `pause`) on the call that replaces it.
    const slip = tri(e.slip, (v) => {
      e.slip = fromTri(v);
      if (e.slip) { const j = replacementOf(i); if (j >= 0) state.events[j].unintended = null; }
      rule();
    }, `${eventName(i)}: a slip`, ["not said", "yes, a slip", "no, he meant it"]);
    slip.dataset.finding = SLIP[0];
    found.append(el("label", {}, "a slip: he did not mean this call (25A) ", slip));
    if (e.slip && state.edition !== "2017") {
      const pause = tri(e.pause, (v) => { e.pause = fromTri(v); rule(); }, `${eventName(i)}: paused`);
      pause.dataset.finding = SLIP[1];
      found.append(el("label", {}, "he paused for thought before replacing it ", pause));
    }
    for (const f of state.findings) {
      if (SLIP.includes(f.key)) continue;
      if (f.kind === "meaning") {
        const means = el("details", { class: "means-box", "data-finding": f.key },
          el("summary", { text: "what the call means" }), meansFields(e, i));
        if (meaning(e)) means.open = true;
        found.append(means);
        continue;
      }
      const name = f.key.replace(/_/g, " ");
      const choice = tri(e.found[f.key] ?? null, (v) => { e.found[f.key] = fromTri(v); rule(); },
        `${eventName(i)}: ${name}`, ["not said", f.yes, f.no]);
      choice.dataset.finding = f.key;
      found.append(el("label", { title: f.family || "" }, `${name} `, choice));
    }
    list.append(el("li", {}, el("strong", { text: eventName(i) }), found));
  });
}

// The findings an incident carries, as checkboxes (ticked: `true`), or
// what it is when it carries none.
function incidentFindings(e, i, incident) {
  const found = el("div", { class: "found" });
  if (!incident.findings.length) {
    found.append(el("span", { class: "hint", text: `${incident.family} (${incident.clauses.join(", ")}): no findings` }));
    return found;
  }
  for (const f of incident.findings) {
    found.append(el("label", {}, el("input", { type: "checkbox", checked: e.found[f.key] === true,
      "data-finding": f.key, "aria-label": `${eventName(i)}: ${f.yes}`,
      onchange: (ev) => { if (ev.target.checked) e.found[f.key] = true; else delete e.found[f.key]; rule(); } }),
    ` ${f.yes}`));
  }
  return found;
}

// A slip marked on the last call of its player, not replaced yet.
function pendingSlip() {
  for (let i = state.events.length - 1; i >= 0; i--) {
    const e = state.events[i];
    if (e.slip && isCall(e) && replacementOf(i) < 0) return i;
  }
  return -1;
}

// Whenever a player calls again when it was not his turn, the director
// finds whether his earlier call was unintended (25A) or not (25B); and a
// slip marked but not replaced waits on the call he meant.
function drawQuestion(answer) {
  const box = $("question");
  box.replaceChildren();
  (answer.replaces || []).forEach((p, i) => {
    if (p === null || p === undefined) return;
    const first = state.events[p];
    const again = state.events[i];
    if (first.slip !== null || again.unintended !== null) return;
    const who = SEAT_NAME[again.seat];
    box.append(el("p", { text: `${who} called ${again.action} after his ${first.action}. Was the ${first.action} ` +
      `unintended, a slip of the hand or tongue (25A: the ${again.action} replaces it), or did ${who} change ` +
      "his mind (25B)?" }));
    box.append(el("div", { class: "row" },
      el("button", { type: "button", "data-slip": "yes", text: `${first.action} was a slip (25A)`,
        onclick: () => { first.slip = true; again.unintended = null; rule(); } }),
      el("button", { type: "button", "data-slip": "no", text: `${who} changed his mind (25B)`,
        onclick: () => { first.slip = false; again.unintended = false; rule(); } })));
  });
  const s = pendingSlip();
  if (s >= 0) {
    const e = state.events[s];
    box.append(el("p", { text: `${SEAT_NAME[e.seat]}'s ${e.action} was a slip: ${SEAT_NAME[e.seat]} may put the ` +
      "call he meant in its place, until his partner calls (25A). Enter the call he meant, by " +
      `${SEAT_NAME[e.seat]}.` }));
  }
}

function choices(list, seat) {
  const out = el("div", { class: "choices" });
  for (const r of list) {
    const args = { type: "button", text: `${seat} ${r.call}` };
    out.append(el("div", { class: "choice" }, seat ? el("button", { ...args, "data-replacement": r.call,
      onclick: () => add(seat, r.call) }) : el("strong", { text: r.call }), el("span", { text: r.leads_to })));
  }
  return out;
}

function drawWaiting(w) {
  const box = $("waiting");
  box.replaceChildren();
  if (!w || pendingSlip() >= 0) return;
  if (w.kind === "call" && !(w.next_turn || []).length) return;
  box.append(el("p", { text: w.text }));
  if (w.kind === "decision") {
    w.options.forEach((o, k) => {
      const c = w.choices[k];
      box.append(el("div", { class: "choice" }, el("button", {
        type: "button", "data-choice": o, text: `${w.seat} ${o === "accept" ? "accepts" : "does not accept"}`,
        onclick: () => add(w.seat, o),
      }), el("span", { text: c ? c.leads_to : "" })));
    });
  } else if (w.kind === "replacement") {
    box.append(choices(w.replacements, w.seat));
  } else {
    for (const way of w.next_turn) {
      box.append(el("p", { class: "way", text: `${way.when}, ${SEAT_NAME[offenderOf(w)] || "he"}:` }));
      box.append(choices(way.calls, null));
    }
  }
}

function offenderOf() {
  for (let i = state.events.length - 1; i >= 0; i--) if (isCall(state.events[i])) return state.events[i].seat;
  return null;
}

function clauseLink(id) {
  return el("a", { href: `/clauses#clause-${encodeURIComponent(id)}`, title: state.clauses[id] || "", text: id });
}

// ---- the director's own ruling, item by item -------------------------------

const copyOf = (v) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

function select(options, value, label, onchange) {
  const s = el("select", { "aria-label": label, onchange: (ev) => onchange(ev.target.value) });
  for (const [v, t] of options) s.append(el("option", { value: v, text: t, selected: String(value) === v }));
  return s;
}

const seatOptions = SEATS.map((s) => [s, SEAT_NAME[s]]);

function textField(value, label, hint, onchange, cls) {
  return el("input", { value: value ?? "", placeholder: hint, "aria-label": label, class: cls || "short",
    onchange: (ev) => onchange(ev.target.value.trim()) });
}

function checks(all, chosen, label, onchange) {
  const span = el("span", { class: "checks", role: "group", "aria-label": label });
  for (const x of all) {
    span.append(el("label", {}, el("input", { type: "checkbox", checked: (chosen || []).includes(x),
      onchange: (ev) => {
        const now = new Set(chosen || []);
        if (ev.target.checked) now.add(x); else now.delete(x);
        onchange(all.filter((y) => now.has(y)));
      } }), SYMBOL[x] || x));
  }
  return span;
}

// One field of an entry, by what it holds.
function field(kind, entry, k, label, shown) {
  const set = (v) => { if (v === null) delete entry[k]; else entry[k] = v; drawDiffers(); };
  const named = () => el("label", { class: "field" }, `${shown} `);
  let input;
  switch (kind) {
    case "seat": input = select(seatOptions, entry[k], label, set); break;
    case "call": input = textField(entry[k], label, "1H", set); break;
    case "clause": input = textField(entry[k], label, "27B2", set); break;
    case "card": input = textField(entry[k], label, "HK", set); break;
    case "irregularity":
      input = select(IRREGULARITIES.map((x) => [x, x.replace(/-/g, " ")]), entry[k], label, set); break;
    case "scope":
      input = select([["next-turn", "at his next turn"], ["rest-of-auction", "for the rest of the auction"]],
        entry[k], label, set); break;
    case "in_force": {
      input = el("input", { type: "checkbox", checked: entry[k] !== false, "aria-label": label,
        onchange: (ev) => set(ev.target.checked) });
      break;
    }
    case "comparable": {
      const v = entry[k] ? String(entry[k].value) : "";
      input = select([["", "not said"], ["true", "comparable"], ["false", "not comparable"]], v, label, (x) => {
        if (x === "") set(null);
        else if (!entry[k] || String(entry[k].value) !== x) set({ value: x === "true" });
      });
      break;
    }
    case "calls": input = checks(["P", "X", "XX"], entry[k], label, set); break;
    case "suits": input = checks(SUITS, entry[k], label, set); break;
    case "options": input = checks(["accept", "reject"], entry[k], label, set); break;
    case "doubled":
      input = select([["", "undoubled"], ["X", "doubled"], ["XX", "redoubled"]], entry[k] ?? "", label,
        (x) => { entry[k] = x === "" ? null : x; drawDiffers(); });
      break;
    case "limit": input = select([["average-minus", "average minus"]], entry[k], label, set); break;
    case "from": {
      const from = entry[k] || (entry[k] = { seat: "N", call: "" });
      input = el("span", {}, select(seatOptions, from.seat, `${label}: seat`, (x) => { from.seat = x; drawDiffers(); }),
        textField(from.call, `${label}: call`, "1H", (x) => { from.call = x; drawDiffers(); }));
      break;
    }
    default: input = textField(entry[k], label, "", set);
  }
  const l = named();
  l.append(input);
  return l;
}

// What each item holds: a list of entries (with their fields), one entry
// or none, or a single value.
const ITEMS = {
  status: { one: "choice" },
  next: { one: "seat-or-none" },
  decision: { entry: [["seat", "seat", "who"], ["options", "options", "options"], ["law", "clause", "clause"]],
    blank: { seat: "S", options: ["accept", "reject"], law: "" } },
  auction: { one: "calls" },
  rulings: { list: [["seat", "seat", "whose"], ["call", "call", "call"], ["irregularity", "irregularity", "what"],
    ["law", "clause", "ruled under"], ["comparable", "comparable", "replacement"]],
  blank: { seat: "N", call: "", irregularity: "insufficient-bid", law: "" } },
  must_pass: { list: [["seat", "seat", "who"], ["scope", "scope", "how long"], ["law", "clause", "clause"],
    ["in_force", "in_force", "in force"]], blank: { seat: "N", scope: "rest-of-auction", law: "", in_force: true } },
  call_restrictions: { list: [["seat", "seat", "who"], ["may_not", "calls", "may not call"], ["scope", "scope", "how long"],
    ["law", "clause", "clause"], ["in_force", "in_force", "in force"]],
  blank: { seat: "N", may_not: ["X", "XX"], scope: "next-turn", law: "", in_force: true } },
  lead_restrictions: { list: [["seat", "seat", "on lead"], ["declarer_may_prohibit_one_of", "suits", "declarer may forbid one of"],
    ["declarer_may_require_one_of", "suits", "or require one of"], ["law", "clause", "clause"]],
  blank: { seat: "N", law: "26B", declarer_may_prohibit_one_of: SUITS.slice(), declarer_may_require_one_of: [] } },
  penalty_cards: { list: [["seat", "seat", "whose"], ["card", "card", "card"], ["law", "clause", "clause"]],
    blank: { seat: "N", card: "", law: "24E" } },
  unauthorized_information: { list: [["seat", "seat", "unauthorised to"], ["from", "from", "withdrawn call"],
    ["law", "clause", "clause"]], blank: { seat: "N", from: { seat: "S", call: "" }, law: "16C2" } },
  score_adjustment: { one: "clauses" },
  contract: { entry: [["bid", "call", "contract"], ["doubled", "doubled", "doubled"], ["declarer", "seat", "declarer"]],
    blank: { bid: "", doubled: null, declarer: "N" } },
  score_cap: { entry: [["seat", "seat", "side of"], ["limit", "limit", "at most"], ["law", "clause", "clause"]],
    blank: { seat: "N", limit: "average-minus", law: "25B2(b)(2)" } },
};

function entryFields(spec, entry, key) {
  const box = el("div", { class: "entry" });
  for (const [k, kind, label] of spec) box.append(field(kind, entry, k, `${key}: ${label}`, label));
  return box;
}

// The editor of the director's own value for `key`, on `mark.value`.
function editor(key, mark) {
  const spec = ITEMS[key];
  const box = el("div", { class: "own" });
  const redraw = () => { box.replaceWith(editor(key, mark)); drawDiffers(); };
  // Where the engine gave nothing, the value the fields show.
  if (spec.one === "choice" && !mark.value) mark.value = "auction";
  if ((spec.one === "calls" || spec.one === "clauses") && !Array.isArray(mark.value)) mark.value = [];
  if (spec.one === "choice") {
    box.append(el("label", {}, "status ", select([["auction", "the auction goes on"], ["decision", "a player must decide"],
      ["closed", "the auction is over"], ["passed-out", "the board is passed out"]], mark.value, `${key}: status`,
    (v) => { mark.value = v; drawDiffers(); })));
  } else if (spec.one === "seat-or-none") {
    box.append(el("label", {}, "to act ", select([["", "nobody"], ...seatOptions], mark.value ?? "", `${key}: seat`,
      (v) => { mark.value = v === "" ? null : v; drawDiffers(); })));
  } else if (spec.one === "calls") {
    box.append(el("label", { class: "grow" }, "the calls that stand, from the dealer ",
      textField((mark.value || []).join(" "), `${key}: calls`, "1S P 2H", (v) => {
        mark.value = v.split(/[\s,]+/).filter(Boolean); drawDiffers();
      }, "wide")));
  } else if (spec.one === "clauses") {
    box.append(el("label", { class: "grow" }, "clauses ", textField((mark.value || []).join(", "), `${key}: clauses`,
      "27D, 72C", (v) => { mark.value = v.split(/[\s,;]+/).filter(Boolean); drawDiffers(); }, "wide")));
  } else if (spec.entry) {
    const none = mark.value === null || mark.value === undefined;
    box.append(el("label", {}, el("input", { type: "checkbox", checked: none, "aria-label": `${key}: none`,
      onchange: (ev) => { mark.value = ev.target.checked ? null : copyOf(spec.blank); redraw(); } }), " none"));
    if (!none) box.append(entryFields(spec.entry, mark.value, key));
  } else if (spec.list) {
    if (!Array.isArray(mark.value)) mark.value = [];
    if (!mark.value.length) box.append(el("p", { class: "hint", text: "None." }));
    mark.value.forEach((entry, n) => {
      const row = entryFields(spec.list, entry, key);
      row.append(el("button", { type: "button", class: "small", text: "Remove",
        onclick: () => { mark.value.splice(n, 1); redraw(); } }));
      box.append(row);
    });
    box.append(el("button", { type: "button", class: "small", "data-add": key, text: "Add one",
      onclick: () => { mark.value.push(copyOf(spec.blank)); redraw(); } }));
  }
  return box;
}

function engineValue(key) {
  const engine = (state.ruling && state.ruling.engine) || null;
  return engine ? copyOf(engine[key]) : null;
}

// The items the director rules otherwise than the engine.
function differing() {
  const engine = (state.ruling && state.ruling.engine) || null;
  return Object.entries(state.marks).filter(([k, m]) => !m.agree &&
    (!engine || JSON.stringify(m.value) !== JSON.stringify(engine[k]))).map(([k]) => k);
}

function drawDiffers() {
  const keys = differing();
  const refused = state.ruling && state.ruling.refused;
  let text = "";
  if (refused) {
    text = "The reference engine cannot rule on this story, so `rulings check` and the pull request fail on this " +
      "case until cases/reference-open.yml lists it with the engine's refusal. Save gives that entry; with it, " +
      "the pull request goes green.";
  } else if (keys.length) {
    text = `Your ruling is not the reference engine's on ${keys.join(", ")}: \`rulings check\` and the pull ` +
      "request fail on this case until cases/reference-open.yml lists it. Save gives that entry, with your " +
      "reasons; with it, the pull request goes green.";
  }
  say("differs", text);
  for (const li of document.querySelectorAll("#ruling li[data-key]")) {
    li.classList.toggle("differs", keys.includes(li.dataset.key));
  }
}

function mark(key, how) {
  if (how === "agree") state.marks[key] = { agree: true, value: null, reason: "" };
  else if (how === "disagree") {
    const was = state.marks[key];
    state.marks[key] = was && !was.agree ? was : { agree: false, value: engineValue(key), reason: "" };
  } else delete state.marks[key];
}

function drawRuling(answer) {
  const list = $("ruling");
  list.replaceChildren();
  const refused = !!answer.refused;
  $("agree-all").disabled = refused;
  for (const item of answer.words || []) {
    const m = state.marks[item.key] || null;
    if (refused && m && m.agree) delete state.marks[item.key];
    const now = state.marks[item.key] || null;
    const li = el("li", { "data-key": item.key, class: now ? (now.agree ? "agreed" : "disagreed") : null });
    li.append(el("p", { class: "said", text: item.sentences.join(" ") }));
    const meta = el("div", { class: "key" }, `${item.key}`);
    if (item.clauses.length) {
      meta.append(" · ");
      item.clauses.forEach((c, i) => { if (i) meta.append(", "); meta.append(clauseLink(c)); });
    }
    li.append(meta);
    const own = el("div", { class: "mine", hidden: !(now && !now.agree) });
    const fill = () => {
      own.replaceChildren();
      const mk = state.marks[item.key];
      if (!mk || mk.agree) return;
      own.append(el("p", { class: "hint", text: refused ? "Your ruling for this item:" : "Your ruling for this item (the engine's, to change):" }));
      own.append(editor(item.key, mk));
      own.append(el("label", { class: "reason" }, "Why: the Law and clause you rule by ", el("textarea", {
        rows: 2, "aria-label": `why you rule ${item.key} so`, "data-reason": item.key,
        placeholder: "27B1(b): the replacement has the same meaning, so partner is not barred",
        oninput: (ev) => { mk.reason = ev.target.value; },
      })));
      own.querySelector("textarea").value = mk.reason || "";
    };
    fill();
    const choose = (v) => {
      mark(item.key, v);
      own.hidden = v !== "disagree";
      li.className = v === "agree" ? "agreed" : v === "disagree" ? "disagreed" : "";
      fill();
      drawDiffers();
    };
    const fs = el("fieldset", {}, el("legend", { class: "key", text: "your ruling:" }));
    const ways = refused ? [["disagree", "mine"], ["", "left out"]]
      : [["agree", "agreed"], ["disagree", "not so"], ["", "left out"]];
    for (const [v, t] of ways) {
      const checked = v === "" ? !now : !!now && (v === "agree") === now.agree;
      fs.append(el("label", {}, el("input", { type: "radio", name: `mark-${item.key}`, value: v, checked,
        onchange: () => choose(v) }), t));
    }
    li.append(fs, own);
    list.append(li);
  }
}

function add(seat, action) {
  if (state.events.length >= 1000) { say("message", "a story holds at most 1000 events"); return; }
  state.events.push(newEvent(seat, action));
  rule();
}

function caseRequest() {
  return {
    table: table(), title: $("title").value, laws: $("laws").value, source: $("source").value, id: state.id,
    marks: Object.entries(state.marks).map(([key, m]) => (m.agree ? { key, agree: true }
      : { key, agree: false, own: m.value === undefined ? null : m.value, reason: m.reason || "" })),
  };
}

function showReference(answer) {
  $("reference-out").hidden = !answer.reference;
  $("reference-text").value = answer.reference || "";
}

async function save() {
  const answer = await post("/api/case", caseRequest());
  if (answer.error) { say("case-message", answer.error); return; }
  say("case-message", answer.note ? `Before adding it to the corpus: ${answer.note}.` : "");
  state.id = answer.id;
  $("case-text").value = answer.text;
  say("case-path", `(${answer.path})`);
  const link = $("download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([answer.text], { type: "text/yaml" }));
  link.setAttribute("download", answer.path.split("/").pop());
  $("case-out").hidden = false;
  showReference(answer);
}

async function propose() {
  const answer = await post("/api/propose", caseRequest());
  if (answer.error) { say("case-message", answer.error); return; }
  say("case-message", "");
  $("form-text").value = answer.text;
  const link = $("issue-link");
  link.hidden = !answer.url;
  if (answer.url) link.href = answer.url;
  $("form-out").hidden = false;
  showReference(answer);
}

// The one-line story: the dealer stays as chosen (a first call by another
// seat is out of rotation), and the findings of the events it keeps stay.
async function tell(ev) {
  ev.preventDefault();
  const text = $("story").value.trim();
  if (!text) { state.events = []; rule(); return; }
  const answer = await post("/api/story", { story: text });
  if (answer.error) { say("message", answer.error); return; }
  const old = state.events;
  state.events = answer.events.map((e, i) => {
    const seat = Object.keys(e).find((k) => SEATS.includes(k));
    const was = old[i];
    return was && was.seat === seat && was.action === e[seat] ? was : newEvent(seat, e[seat]);
  });
  rule();
}

function copy(id) {
  const area = $(id);
  area.select();
  if (navigator.clipboard) navigator.clipboard.writeText(area.value).catch(() => document.execCommand("copy"));
  else document.execCommand("copy");
}

function bidButton(level, s, text) {
  return el("button", {
    type: "button", class: `suit-${s}${level > 7 ? " above" : ""}`, "data-call": `${level}${s}`,
    "aria-label": `${level}${s}${level > 7 ? " (above seven)" : ""}`, text, onclick: () => add($("seat").value, `${level}${s}`),
  });
}

function drawLevels() {
  const levels = $("levels");
  levels.replaceChildren();
  for (let level = 1; level <= 8; level++) {
    levels.append(el("button", { type: "button", "data-level": level, "aria-pressed": String(level === state.level),
      text: String(level), onclick: () => { state.level = level; drawLevels(); } }));
  }
  const strains = $("strains");
  strains.replaceChildren();
  for (const s of STRAINS) {
    strains.append(el("button", { type: "button", class: `suit-${s}`, "data-strain": s,
      text: `${state.level}${SYMBOL[s]}`, onclick: () => add($("seat").value, `${state.level}${s}`) }));
  }
}

// A control for each form of each incident the server knows: a button
// (`wrong board`), with a field for the cards where the form names them
// (`exposes CARDS`). The event goes in by the seat chosen beside them.
function drawIncidents() {
  const box = $("incidents");
  box.replaceChildren();
  for (const incident of state.incidents) {
    const about = `${incident.family} (${incident.clauses.join(", ")})`;
    for (const form of incident.forms) {
      const { fixed, cards } = formWords(form);
      if (!cards) {
        box.append(el("button", { type: "button", "data-incident": form, title: about, text: form,
          onclick: () => add($("incident-seat").value, form) }));
        continue;
      }
      const field = el("input", { class: "short", placeholder: form.includes("CARDS") ? "SK H5" : "SK",
        "aria-label": `${fixed}: the cards`, "data-incident-cards": form });
      box.append(el("span", { class: "incident" }, field, el("button", { type: "button", "data-incident": form,
        title: about, text: fixed, onclick: () => {
          const named = field.value.trim();
          if (!named) { say("message", `${fixed}: name the cards (${field.placeholder})`); return; }
          add($("incident-seat").value, `${fixed} ${named}`);
        } })));
    }
  }
}

async function start() {
  let setting = null;
  try { setting = await (await fetch("/api/setting")).json(); } catch (e) { /* said below */ }
  if (!setting) { say("message", "the workbench does not answer: is `rulings workbench` still running?"); return; }
  state.clauses = setting.clauses;
  state.findings = setting.findings;
  state.incidents = setting.incidents;
  drawIncidents();
  for (const v of setting.vulnerabilities) $("vulnerable").append(el("option", { text: v }));
  for (const e of setting.editions) $("edition").append(el("option", { text: e }));
  const regs = $("regulations");
  for (const r of setting.regulations) {
    const s = el("select", { "data-key": r.key, onchange: (ev) => {
      state.regulations[r.key] = ev.target.selectedIndex === 0 ? null : ev.target.value; rule();
    } });
    for (const v of r.values) s.append(el("option", { text: v }));
    regs.append(el("label", {}, `${r.key} `, s));
  }
  for (const [k, v] of Object.entries(setting.similar)) {
    const i = el("input", { type: "number", min: 0, max: 13, value: v, "data-key": k, onchange: (ev) => {
      const n = Number(ev.target.value);
      state.regulations[k] = n === v || !Number.isInteger(n) ? null : n; rule();
    } });
    regs.append(el("label", {}, `${k} `, i));
  }
  const bids = $("bids");
  for (let level = 1; level <= 8; level++) {
    for (const s of STRAINS) bids.append(bidButton(level, s, `${level}${SYMBOL[s]}`));
  }
  drawLevels();
  for (const b of document.querySelectorAll(".calls button[data-call]")) {
    b.addEventListener("click", () => add($("seat").value, b.dataset.call));
  }
  $("undo").addEventListener("click", () => { state.events.pop(); rule(); });
  $("clear").addEventListener("click", () => { state.events = []; state.marks = {}; $("story").value = ""; rule(); });
  $("dealer").addEventListener("change", (ev) => { state.dealer = ev.target.value; rule(); });
  $("vulnerable").addEventListener("change", (ev) => { state.vulnerable = ev.target.value; rule(); });
  $("edition").addEventListener("change", (ev) => { state.edition = ev.target.value; rule(); });
  $("laws").addEventListener("input", () => { state.lawsEdited = true; });
  $("story-form").addEventListener("submit", tell);
  $("save").addEventListener("click", save);
  $("propose").addEventListener("click", propose);
  $("agree-all").addEventListener("click", () => {
    for (const item of (state.ruling && state.ruling.words) || []) {
      if (!state.marks[item.key]) mark(item.key, "agree");
    }
    drawRuling(state.ruling); drawDiffers();
  });
  $("leave-all").addEventListener("click", () => { state.marks = {}; drawRuling(state.ruling); drawDiffers(); });
  $("copy-case").addEventListener("click", () => copy("case-text"));
  $("copy-form").addEventListener("click", () => copy("form-text"));
  $("copy-reference").addEventListener("click", () => copy("reference-text"));
  rule();
}

document.addEventListener("DOMContentLoaded", start);
