// The staged moments: a vote's cards turned one by one, its tally and verdict, reveals and
// what followed, kept until dismissed.
import {eventCard, iconSvg, voteCard} from "./board1667.js";
import {$, el, put} from "./dom.js";
import {clauseLink, namedWords} from "./log.js";
import {ui} from "./page.js";
import {dot, seatName, word} from "./table.js";
import {capital, t} from "./words.js";

// How many moments the stage keeps: all of a while's moments until the player dismisses
// them (the older ones folded to a line or two, the stage scrolling on a wide screen, a
// phone showing the newest), but not without end. (Three let a verdict go after three more
// moments - a reveal and two attacks - before the player had read it.)
export const MOMENTS_KEPT = 8;
export const CARD_TURN = 0.6;  // seconds between two vote cards turned

// The events that make a moment, and those that are a seat's own decision.
export const MOMENT_KINDS = ["vote-reveal", "reveal", "maroon", "revealed-together"];
export const DECISION_KINDS = ["action", "choice", "secret-choice", "vote-played"];

// Which of a step's events make a moment: each one found starts one (``step``: the step
// they came in, remembered so that no step is staged twice).
export function stageEvents(events, step) {
  if (step !== undefined) ui.stagedStep = Math.max(ui.stagedStep, step);
  let told = -1;  // the last event a moment already tells (a vote's consequences)
  events.forEach((e, i) => {
    if (e.kind === "vote-call") ui.calls = e;
    if (i <= told) return;
    const [after, end] = consequences(events, i + 1);
    if (e.kind === "vote-reveal") addMoment(voteMoment(e, events.slice(i + 1), after), step);
    else if (e.kind === "reveal") addMoment(revealMoment(e, after), step);
    else if (e.kind === "maroon") addMoment(lineMoment(e), step);
    else if (e.kind === "revealed-together") addMoment(lineMoment(e, after), step);  // screens lifted
    else return;
    told = e.kind === "maroon" ? i : end - 1;
  });
}

// What follows a moment in its step, until the next turn or moment: the lines that say
// what it did (not the vote's cards going back, nor the next turn's bookkeeping); and
// the index it stopped at.
export function consequences(events, from) {
  const out = [];
  let i = from;
  for (; i < events.length; i++) {
    const e = events[i];
    if (["turn", "vote-reveal", "reveal", "vote-call", "game-over", "revealed-together",
         "rolled"].includes(e.kind)) break;
    if (e.kind.startsWith("vote-") || ["rule", "choice", "actions-left", "refill"].includes(e.kind)) continue;
    if (e.text) out.push(e);
  }
  return [out, i];
}

// A table (re)opened - a reload, a dropped connection - brings its history, not its steps
// one by one: the steps with a moment since the seat's own last decision are staged from
// it, oldest first (a player who reloads while a vote's verdict is up sees it again, with
// what came after it), leaving out those staged on this page or dismissed by the player
// (remembered per table).
export function stageFromHistory(events) {
  let decided = -1;
  for (const e of events) {
    if (ui.seat !== null && e.seat === ui.seat && DECISION_KINDS.includes(e.kind)) decided = e.step;
  }
  const from = Math.max(decided, ui.stagedStep + 1, dismissedStep() + 1);
  const steps = [...new Set(events.filter((e) => MOMENT_KINDS.includes(e.kind) && e.step >= from)
    .map((e) => e.step))].slice(-MOMENTS_KEPT);
  for (const step of steps) {
    const calls = events.filter((e) => e.kind === "vote-call" && e.step <= step);
    if (calls.length) ui.calls = calls[calls.length - 1];  // (the stage's title names the vote)
    stageEvents(events.filter((e) => e.step === step), step);
  }
}

// The latest step whose moments the player dismissed at this table (-1: none).
export function dismissedStep() {
  return Number(localStorage.getItem(`tortuga:dismissed:${ui.tableId}`) ?? -1);
}

// A new moment on top; the ones before it folded to their headline, the oldest let go.
export function addMoment(node, step) {
  if (step !== undefined) node.dataset.step = step;
  for (const older of ui.moments) older.classList.add("older");
  ui.moments.unshift(node);
  $("moments").prepend(node);
  while (ui.moments.length > MOMENTS_KEPT) ui.moments.pop().remove();
  $("stage").hidden = false;
}

export function dismissStage() {
  const had = $("stage").contains(document.activeElement);
  if (ui.tableId && ui.stagedStep > dismissedStep()) {
    localStorage.setItem(`tortuga:dismissed:${ui.tableId}`, String(ui.stagedStep));
  }
  ui.moments = [];
  put($("moments"), );
  $("stage").hidden = true;
  if (had) $("prompt").focus();
}

export function consequenceList(after) {
  return after.length ? el("ul", {class: "consequences later"},
    after.map((e) => el("li", {}, ...namedWords(e.text), " ", e.clause ? clauseLink(e.clause) : null))) : null;
}

// A vote: its kind and place, its cards turned one by one, then the tally, the verdict
// and what it did.
export function voteMoment(reveal, rest, after) {
  const call = ui.calls && ui.calls.vote === reveal.vote ? ui.calls : null;
  const result = rest.find((e) => e.kind === "vote-result");
  const title = [capital(word("votes", reveal.vote)), call && call.place ? capital(word("places", call.place)) : null];
  const cards = reveal.cards.map((c, i) => {
    const card = voteCard(ui.view, c, "flip");
    card.style.animationDelay = `${i * CARD_TURN}s`;
    return card;
  });
  const counts = Object.entries(reveal.counts || {});
  const later = [
    el("p", {class: "tally later"}, counts.length ? counts.map(([icon, k]) => el("span", {},
      iconSvg(icon), `${word("icons", icon)}: ${k}`)) : "—"),
    result ? el("p", {class: "verdict-line later " + (result.success ? "passed" : "failed")},
      ...namedWords(result.text), " ", result.clause ? clauseLink(result.clause) : null) : null,
    consequenceList(after)];
  for (const node of later) if (node) node.style.animationDelay = `${cards.length * CARD_TURN}s`;
  // the verdict under the title (in sight first where the stage must give way), then the
  // cards with the tally beside them, then what the vote did
  const [tally, verdict, done] = later;
  return el("article", {class: "moment vote-moment"},
    el("h3", {text: title.filter(Boolean).join(" · ")}),
    call && call.caller !== null && call.caller !== undefined
      ? el("p", {class: "called"}, dot(call.caller), " " + t("Called by {name}", {name: seatName(call.caller)})) : null,
    verdict,
    el("div", {class: "turned"}, el("ul", {class: "hand small", "aria-label": reveal.text}, cards), tally),
    done);
}

// An event card revealed: who revealed it, the card, what it did.
export function revealMoment(e, after) {
  return el("article", {class: "moment reveal-moment"},
    el("p", {class: "headline"}, ...namedWords(e.text), " ", e.clause ? clauseLink(e.clause) : null),
    eventCard(e.card), consequenceList(after));
}

// A moment said in one line (a marooning; the dice game's screens lifted, and what follows).
export function lineMoment(e, after) {
  return el("article", {class: "moment"},
    el("p", {class: after ? "headline" : "verdict-line headline"}, ...namedWords(e.text), " ", e.clause ? clauseLink(e.clause) : null),
    after ? consequenceList(after) : null);
}
