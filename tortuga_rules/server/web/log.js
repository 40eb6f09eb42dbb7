// The log a player reads: lines with their clause behind a section sign, turn headings,
// coloured names, the rulebook's quotes.
import {$, el, put} from "./dom.js";
import {api} from "./net.js";
import {ui} from "./page.js";
import {dot} from "./table.js";
import {t} from "./words.js";

export async function showWholeLog() {
  showLog((await api("GET", `/api/tables/${ui.tableId}/reveal`)).events);
}

export function showLog(events) {
  put($("log"), );
  addLog(events);
}

// The rule behind a line: a § whose quote shows on hover (its title) and, on a click or
// Enter, in full in the log's aside.
export function clauseLink(id) {
  const quote = ui.gl && ui.gl.clauses ? ui.gl.clauses[id] : null;
  const link = el("a", {href: "#clause-" + id, class: "clause", title: quote || t("The rule"),
    "aria-label": t("The rule"), "data-clause": id, text: "§"});
  link.addEventListener("click", (ev) => {
    ev.preventDefault();
    showClause(id, link.dataset.also ? link.dataset.also.split(" ") : []);
  });
  return link;
}

export function addLog(events) {
  const box = $("log");
  for (const e of events) {
    const last = box.lastElementChild;
    if (e.kind === "rule" && (e.text === "" || last)) {
      // a rule line explains the line before it: its clause goes behind that line's §
      // (a bare citation, the dice game's tagged steps, says nothing on its own line)
      if (last && e.clause) foldClause(last, e.clause);
      continue;
    }
    box.append(logLine(e));
  }
  followLog();
}

// The log shows its newest line while the player has not scrolled back in it - also when
// the screen around it changes its height.
export function followLog() {
  if (!ui.logPinned) return;
  $("log").scrollTop = $("log").scrollHeight;
  ui.logScrolling = false;
}

// Only the player's own scrolling (wheel, touch, keys, the scroll bar) unpins the log: the
// scroll events of new lines and of the screen's changes come late, when more lines are in.
export function watchLog() {
  const box = $("log");
  for (const kind of ["wheel", "touchmove", "keydown", "pointerdown"]) {
    box.addEventListener(kind, () => { ui.logScrolling = true; }, {passive: true});
  }
  box.addEventListener("scroll", () => {
    if (ui.logScrolling) ui.logPinned = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
  });
  if (window.ResizeObserver) new ResizeObserver(followLog).observe(box);
}

// A line's § tells every rule behind the line: one more clause joins it (or makes it).
export function foldClause(line, id) {
  const link = line.querySelector("a.clause");
  if (!link) {
    line.append(" ", clauseLink(id));
    return;
  }
  const ids = [link.dataset.clause, ...(link.dataset.also ? link.dataset.also.split(" ") : [])];
  if (ids.includes(id)) return;
  link.dataset.also = [...ids.slice(1), id].join(" ");
  const quote = ui.gl && ui.gl.clauses ? ui.gl.clauses[id] : null;
  if (quote) link.title = `${link.title}\n${quote}`;
}

// One line of the log: a turn as a heading, any other event as its sentence with the
// players' names in their colours and the rule behind a §.
export function logLine(e) {
  const cls = [e.kind === "turn" ? "turn-head" : null, e.private_to !== undefined ? "private" : null];
  return el("li", {class: cls.filter(Boolean).join(" ") || null},
    ...namedWords(e.text || e.kind), " ", e.clause ? clauseLink(e.clause) : null);
}

// A sentence with each player's name marked by the seat's colour (a dot beside it).
export function namedWords(text) {
  const seats = (ui.table ? ui.table.seats : []).filter((s) => s.called)
    .sort((a, b) => b.called.length - a.called.length);
  if (!seats.length) return [text];
  const pattern = new RegExp(seats.map((s) => s.called.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const out = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    const seat = seats.find((s) => s.called === m[0]).seat;
    out.push(text.slice(at, m.index), el("span", {class: "who"}, dot(seat), m[0]));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out.filter((part) => part !== "");
}

// A rule in the words of the player's rulebook; where none says it, our wording, marked;
// where that language's 1st-edition rulebook says otherwise (the Italian one), that too.
export function showClause(id, also = []) {
  $("clause").hidden = false;
  put($("clause"), ...[id, ...also].map(clauseQuote),
    el("button", {type: "button", class: "quiet", onclick: () => { $("clause").hidden = true; }, text: t("Close")}));
}

export function clauseQuote(id) {
  const text = ui.gl.clauses[id] || "";
  const kind = ui.gl.clause_kinds ? ui.gl.clause_kinds[id] : "quote";
  const first = ui.gl.first_edition ? ui.gl.first_edition[id] : null;
  return el("p", {class: "quote"}, el("q", {lang: ui.gl.clauses_lang || ui.lang, text}), " ",
    kind === "own" ? el("small", {class: "own", text: `(${t("no rulebook in this language says it: our wording")})`}) : null,
    first ? el("small", {class: "first", text: ` (${t("the 1st edition says: {text}", {text: first})})`}) : null);
}
