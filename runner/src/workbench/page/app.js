// The workbench page. The state of the table lives here; after every
// change the server's reference engine rules on it (POST /api/rule) and the
// page shows the ruling. Every text from the server or the user is shown
// with textContent or as a form value, never as HTML.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const COLUMNS = ["W", "N", "E", "S"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
const FINDINGS = [
  ["unintended", "unintended (25A)"],
  ["comparable", "comparable (23A)"],
  ["same_denomination", "same denomination (27B1(a))"],
];

const state = {
  dealer: "N", vulnerable: "none", edition: "2017", regulations: {},
  events: [],          // {seat, action, unintended, comparable, same_denomination, means}
  marks: {},           // key -> {agree: true|false, own: "..."}
  lawsEdited: false, id: "", clauses: {}, ruling: null,
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

// The table as the API reads it: events in the case format's shape.
function table() {
  const regulations = {};
  for (const [k, v] of Object.entries(state.regulations)) if (v !== null && v !== "") regulations[k] = v;
  return {
    edition: state.edition, dealer: state.dealer, vulnerable: state.vulnerable,
    regulations: Object.keys(regulations).length ? regulations : null,
    events: state.events.map((e) => {
      const out = { [e.seat]: e.action };
      for (const [k] of FINDINGS) if (e[k] !== null && e[k] !== undefined) out[k] = e[k];
      if (e.means && e.means.trim()) out.means = e.means;
      return out;
    }),
  };
}

function say(where, text) { $(where).textContent = text || ""; }

async function rule() {
  const answer = await post("/api/rule", table());
  if (answer.error && !answer.events) { say("message", answer.error); return; }
  say("message", answer.error || "");
  state.ruling = answer;
  drawGrid(answer);
  drawEvents();
  drawWaiting(answer.waiting || null);
  drawRuling(answer);
  if (answer.story !== null && answer.story !== undefined && document.activeElement !== $("story")) {
    $("story").value = answer.story;
  }
  if (!state.lawsEdited && answer.clauses) $("laws").value = answer.clauses.join(", ");
  const next = answer.waiting ? answer.waiting.seat : null;
  if (next) $("seat").value = next;
  say("seat-hint", next ? `(${answer.waiting.text})` : "");
}

function drawGrid(answer) {
  const body = $("grid").tBodies[0];
  body.replaceChildren();
  const last = state.events.length - 1;
  for (const row of answer.grid || []) {
    const tr = el("tr");
    row.forEach((cell) => {
      const td = el("td");
      if (cell !== null) {
        let text = answer.cells[cell];
        if (answer.notes[cell]) text += ` [${cell + 1}]`;
        td.textContent = text;
        if (cell === last) td.className = "now";
      }
      tr.append(td);
    });
    body.append(tr);
  }
  const notes = (answer.notes || []).map((n, i) => n ? `[${i + 1}] ${answer.events ? eventName(i) : ""}: ${n}` : null)
    .filter(Boolean);
  say("notes", notes.join("; "));
}

function eventName(i) { const e = state.events[i]; return `${e.seat} ${e.action}`; }

function tri(value, onchange, label) {
  const s = el("select", { "aria-label": label, onchange: (ev) => onchange(ev.target.value) });
  for (const [v, t] of [["", "not said"], ["true", "yes"], ["false", "no"]]) {
    s.append(el("option", { value: v, text: t, selected: String(value) === v || (value === null && v === "") }));
  }
  return s;
}

function drawEvents() {
  const list = $("events");
  list.replaceChildren();
  state.events.forEach((e, i) => {
    const found = el("div", { class: "found" });
    for (const [k, label] of FINDINGS) {
      found.append(el("label", {}, `${label} `, tri(e[k], (v) => {
        e[k] = v === "" ? null : v === "true";
        rule();
      }, `${eventName(i)}: ${label}`)));
    }
    const means = el("input", {
      value: e.means || "", placeholder: "means: {hcp: 11-15, shows: [H]}", "aria-label": `${eventName(i)}: means`,
      onchange: (ev) => { e.means = ev.target.value; rule(); },
    });
    found.append(el("label", { class: "grow" }, "means ", means));
    list.append(el("li", {}, el("strong", { text: eventName(i) }), found));
  });
}

function drawWaiting(w) {
  const box = $("waiting");
  box.replaceChildren();
  if (!w || w.kind === "call") return;
  box.append(el("p", { text: w.text }));
  if (w.kind === "decision") {
    const row = el("div", { class: "row" });
    for (const o of w.options) {
      row.append(el("button", {
        type: "button", "data-choice": o, text: `${w.seat} ${o === "accept" ? "accepts" : "does not accept"}`,
        onclick: () => add(w.seat, o),
      }));
    }
    box.append(row);
  } else if (w.kind === "replacement") {
    for (const r of w.replacements) {
      box.append(el("div", { class: "choice" },
        el("button", { type: "button", "data-replacement": r.call, text: `${w.seat} ${r.call}`,
          onclick: () => add(w.seat, r.call) }),
        el("span", { text: r.leads_to })));
    }
  }
}

function clauseLink(id) {
  return el("a", { href: `/clauses#clause-${encodeURIComponent(id)}`, title: state.clauses[id] || "", text: id });
}

function drawRuling(answer) {
  const list = $("ruling");
  list.replaceChildren();
  for (const item of answer.words || []) {
    const mark = state.marks[item.key] || null;
    const li = el("li", { "data-key": item.key, class: mark ? (mark.agree ? "agreed" : "disagreed") : null });
    li.append(el("p", { class: "said", text: item.sentences.join(" ") }));
    const meta = el("div", { class: "key" }, `${item.key}`);
    if (item.clauses.length) {
      meta.append(" · ");
      item.clauses.forEach((c, i) => { if (i) meta.append(", "); meta.append(clauseLink(c)); });
    }
    li.append(meta);
    const name = `mark-${item.key}`;
    const own = el("textarea", {
      rows: 2, "aria-label": `your ruling for ${item.key}`, hidden: !(mark && !mark.agree),
      oninput: (ev) => { state.marks[item.key].own = ev.target.value; },
    });
    own.value = mark && !mark.agree ? mark.own : (answer.written || {})[item.key] || "";
    const choose = (v) => {
      if (v === "agree") state.marks[item.key] = { agree: true, own: "" };
      else if (v === "disagree") state.marks[item.key] = { agree: false, own: own.value };
      else delete state.marks[item.key];
      own.hidden = v !== "disagree";
      li.className = v === "agree" ? "agreed" : v === "disagree" ? "disagreed" : "";
      if (v === "disagree") own.focus();
    };
    const fs = el("fieldset", {}, el("legend", { class: "key", text: "your ruling:" }));
    for (const [v, t] of [["agree", "agreed"], ["disagree", "not agreed"], ["", "not in the case"]]) {
      const checked = v === "" ? !mark : mark && (v === "agree") === mark.agree;
      fs.append(el("label", {}, el("input", {
        type: "radio", name, value: v, checked, onchange: () => choose(v),
      }), t));
    }
    li.append(fs, own);
    list.append(li);
  }
}

function add(seat, action) {
  if (state.events.length >= 1000) { say("message", "a story holds at most 1000 events"); return; }
  state.events.push({ seat, action, unintended: null, comparable: null, same_denomination: null, means: "" });
  rule();
}

function caseRequest() {
  return {
    table: table(), title: $("title").value, laws: $("laws").value, source: $("source").value, id: state.id,
    marks: Object.entries(state.marks).map(([key, m]) => ({ key, agree: m.agree, own: m.own || "" })),
  };
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
}

async function tell(ev) {
  ev.preventDefault();
  const text = $("story").value.trim();
  if (!text) { state.events = []; rule(); return; }
  const answer = await post("/api/story", { story: text });
  if (answer.error) { say("message", answer.error); return; }
  state.dealer = answer.dealer;
  $("dealer").value = answer.dealer;
  state.events = answer.events.map((e) => {
    const seat = Object.keys(e).find((k) => SEATS.includes(k));
    return { seat, action: e[seat], unintended: null, comparable: null, same_denomination: null, means: "" };
  });
  rule();
}

function copy(id) {
  const area = $(id);
  area.select();
  if (navigator.clipboard) navigator.clipboard.writeText(area.value).catch(() => document.execCommand("copy"));
  else document.execCommand("copy");
}

async function start() {
  let setting = null;
  try { setting = await (await fetch("/api/setting")).json(); } catch (e) { /* said below */ }
  if (!setting) { say("message", "the workbench does not answer: is `rulings workbench` still running?"); return; }
  state.clauses = setting.clauses;
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
  for (let level = 1; level <= 7; level++) {
    for (const s of STRAINS) {
      bids.append(el("button", {
        type: "button", class: `suit-${s}`, "data-call": `${level}${s}`, "aria-label": `${level}${s}`,
        text: `${level}${SYMBOL[s]}`, onclick: () => add($("seat").value, `${level}${s}`),
      }));
    }
  }
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
  $("copy-case").addEventListener("click", () => copy("case-text"));
  $("copy-form").addEventListener("click", () => copy("form-text"));
  rule();
}

document.addEventListener("DOMContentLoaded", start);
