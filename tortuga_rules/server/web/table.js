// The table screen: players' panels, turn cues, status and clock, the decision, the event
// row, the vote, your hand, the phone's panes.
import {boardChoices, drawBoard, eventCard, roleWords, voteCard} from "./board1667.js";
import {$, el, put, sv} from "./dom.js";
import {drawEnd} from "./end.js";
import {drawKitBoard, drawKitEnd, drawKitStatus} from "./kitboard.js";
import {rulesName} from "./lobby.js";
import {followLog} from "./log.js";
import {act, api} from "./net.js";
import {ui} from "./page.js";
import {t} from "./words.js";

// Seat colours (pawns, dots): told apart by colour and by the name beside them.
export const COLOURS = ["#c0392b", "#2e6fd0", "#1e8449", "#d68910", "#8e44ad", "#16a085", "#d35400",
                 "#5d6d7e", "#c2185b"];
// A seat as everyone at the table calls it (the server's name for it).
export function seatName(seat) {
  if (seat === null || seat === undefined) return "—";
  const s = ui.table.seats[seat];
  return s ? s.called : "—";
}

// A seat's colour: the game's own (the dice game's seats are coloured), else ours.
export function colour(seat) {
  const own = ui.view && ui.view.labels && ui.view.labels.colours;
  return (own && own[String(seat)]) || COLOURS[seat % COLOURS.length];
}

// A seat's colour beside its name (drawn: the page's policy allows no inline style).
export function dot(seat) {
  const svg = sv("svg", {class: "dot", viewBox: "0 0 10 10", "aria-hidden": "true"});
  svg.append(sv("circle", {cx: 5, cy: 5, r: 4.4, fill: colour(seat), stroke: "rgba(0,0,0,.4)"}));
  return svg;
}

export const word = (section, id) => (ui.gl && ui.gl[section] && ui.gl[section][id]) || id;
export const cardName = (id) => (ui.gl.cards[id] ? ui.gl.cards[id].name : id);
export const teamName = (id) => (ui.gl.teams && ui.gl.teams[id] ? ui.gl.teams[id].name : id);
export const openSeats = () => ui.table.seats.filter((s) => s.kind === "open").length;

export function draw() {
  const v = ui.view;
  const kit = Boolean(v.game);  // a game written with the component kit (the dice game)
  for (const id of ["board", "row-panel", "vote", "mine-panel", "kept-panel"]) $(id).hidden = kit;
  $("kit-board").hidden = !kit;
  if (!kit) $("kit-mine").hidden = true;
  // a kit game has no hand apart from one's board, which a phone shows under the question
  document.querySelector("#panes [data-show=hand]").hidden = kit;
  if (kit && $("game").dataset.pane === "hand") showPane("board");
  $("home").textContent = kit ? rulesName(ui.table).split(" + ")[0] : "Tortuga 1667";
  drawPlayers(v);
  drawWaiting();
  drawDecision(v);
  drawClock(v);
  cueTurn(v);
  if (kit) {
    drawKitStatus(v);
    drawKitBoard(v);
    drawKitEnd(v);
    if (typeof boardChoices === "function") boardChoices(v);
    return;
  }
  drawStatus(v);
  drawBoard(v);
  drawRow(v);
  drawVote(v);
  drawHand(v);
  drawKept(v);
  drawEnd(v);
  if (typeof boardChoices === "function") boardChoices(v);
}

// Every seat: its colour, name, the roles it holds, whether it is you, a bot (and how
// strong) or waiting for a player; whose turn it is.
export function drawPlayers(v) {
  put($("players-list"), ...ui.table.seats.map((s) => {
    const tags = [];
    if (s.seat === ui.seat) tags.push(t("you"));
    if (s.kind === "open") tags.push(t("waiting for a player"));
    const away = s.kind === "human" && s.seat !== ui.seat && ui.connected && !ui.connected.includes(s.seat);
    if (away) tags.push(t("not connected"));
    else if (s.kind !== "human") tags.push(botTag(s.kind));
    // the markers cards leave on a player (Scurvy), by the card's name
    for (const mark of (v.marks && v.marks[s.seat]) || []) {
      if (ui.gl.cards && ui.gl.cards[mark]) tags.push("⚑ " + cardName(mark));
    }
    const roles = v.roles && !v.game ? roleWords(v, s.seat) : "";
    const acting = s.seat === v.current_player && !v.outcome;
    return el("li", {class: "player" + (acting ? " acting" : "") + (s.seat === ui.seat ? " me" : "")
                       + (away ? " away" : ""),
                     "aria-current": acting ? "true" : null, "data-seat": s.seat},
      dot(s.seat), el("span", {class: "pname", text: s.called}),
      roles ? el("span", {class: "roles", text: roles}) : null,
      tags.length ? el("span", {class: "tag", text: tags.join(" · ")}) : null,
      el("span", {class: "pclock", "aria-hidden": "true"}));
  }));
}

// A bot as the table shows it: its level's name from the server (``bot_levels``), else
// the kind of player it is.
export function botTag(kind) {
  const level = ui.info && ui.info.bot_levels && ui.info.bot_levels[kind];
  if (!level) return t("bot");
  return t("bot, level {n}: {name}", {n: level.level, name: level.name});
}

// While a seat is open, the table waits for its player: the invitation to send.
export function drawWaiting() {
  const open = openSeats();
  $("waiting").hidden = open === 0;
  if (!open) return;
  const link = `${location.origin}/#/table/${ui.tableId}/join`;
  const taken = ui.table.seats.length - open;
  put($("waiting"), 
    el("p", {class: "waiting-title", text: t("Waiting for players: {n} of {m} seats taken.",
                                             {n: taken, m: ui.table.seats.length})}),
    el("p", {}, t("Send this invitation: "), el("a", {href: link, id: "invite-link", text: link}), " ",
      el("button", {type: "button", class: "quiet", onclick: () => {
        if (navigator.clipboard) navigator.clipboard.writeText(link);
      }, text: t("Copy")})));
}

// Your turn shows in the page's title (and with a sound if you asked for one).
export function cueTurn(v) {
  const d = v.decision;
  const mine = Boolean(d && ui.seat !== null && d.seat === ui.seat && !openSeats()
                      && document.querySelector("#choices button"));
  const base = $("home").textContent;
  document.title = mine ? `▶ ${t("Your turn")} · ${base}` : base;
  // the first option takes the focus when the turn comes (or the pressed button went with
  // the last view): a keyboard player answers with Tab and Enter alone
  const active = document.activeElement;
  const lost = !active || active === document.body;
  if (mine && !ui.mineBefore && $("sound").checked) chime();
  if (mine && (lost || (!ui.mineBefore && !active.closest("#decision, header, #table-rules")))) {
    const first = document.querySelector("#choices button");
    if (first) first.focus({preventScroll: !lost});
  }
  ui.mineBefore = mine;
}

export function chime() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.5);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.5);
  } catch (err) { /* no sound here: the title still tells */ }
}

// -- a game written with the component kit: its tracks, counters and zones as the view
// gives them, named in the player's language by the view's labels --------------------

// Whose turn it is; at the end that the game is over; while seats are open, that the table
// waits (no "Turn 0" before the first turn).
export function drawStatus(v) {
  if (v.outcome) $("turn").textContent = t("The game is over.");
  else if (openSeats()) $("turn").textContent = t("Waiting for players");
  else if (!v.turn.number) $("turn").textContent = "";
  else $("turn").textContent = t("Turn {n}: {name}", {n: v.turn.number, name: seatName(v.turn.seat)});
}

// A timed decision (rules with a timer, or the server's turn clock): the seconds left
// (the server plays the rule, or a bot, when they run out).
export function drawClock(v) {
  clearInterval(ui.clockTimer);
  const clock = v.clock && v.clock.deadline ? v.clock : ui.clock;
  $("clock").hidden = !clock || !clock.deadline;
  if (!clock || !clock.deadline) return;
  const tick = () => {
    const left = Math.max(0, Math.ceil(clock.deadline - Date.now() / 1000));
    $("clock").textContent = t("Time left for {name}: {n} s", {name: seatName(clock.seat), n: left});
    // and beside the seat's name (the line above says it in words)
    const beside = document.querySelector(`#players-list li[data-seat="${clock.seat}"] .pclock`);
    if (beside) beside.textContent = `⏱ ${left}`;
  };
  tick();
  ui.clockTimer = setInterval(tick, 1000);
}

export async function drawTableRules() {
  try {
    const r = await api("GET", `/api/tables/${ui.tableId}/rules`);
    put($("rules-diff"), ...r.diff.map((d) => el("li", {},
      el("code", {text: d.clause || d.path}), ` ${d.before} → ${d.after}`)));
    put($("rulebook"), ...r.rulebook.split("\n").filter((l) => l.trim()).map(
      (l) => el("p", {text: l.replace(/\*\*|`/g, "")})));
  } catch (err) {
    $("rulebook").textContent = err.message;
  }
}

export function drawDecision(v) {
  const d = v.decision;
  const mine = d && ui.seat !== null && d.seat === ui.seat;
  $("decision").classList.toggle("mine", Boolean(mine));
  $("undo").hidden = !(ui.message && ui.message.undo);
  $("decision").hidden = Boolean(v.outcome);
  if (!d) {
    $("prompt").textContent = v.outcome ? t("The game is over.") : "";
    put($("choices"), );
    return;
  }
  if (openSeats()) {  // the table waits for its players: nobody is asked anything yet
    $("prompt").textContent = t("The game goes on when every seat is taken.");
    put($("choices"), );
    return;
  }
  $("prompt").textContent = mine ? d.prompt : (d.waiting || seatName(d.seat));
  if (!mine) {
    put($("choices"), );
    return;
  }
  const groups = d.groups || [];
  if (groups.length > 1 && ui.group === null) {
    put($("choices"), ...groups.map((g) => el("button", {type: "button",
      class: "choice group", onclick: () => { ui.group = g.kind; drawDecision(ui.view); focusChoice(); },
      text: g.label})));
    return;
  }
  const shown = d.choices.filter((c) => ui.group === null
    || c.action === ui.group || c.action.startsWith(ui.group + " "));
  const back = ui.group === null ? [] : [el("button", {type: "button", class: "back",
    onclick: () => { ui.group = null; drawDecision(ui.view); focusChoice(); }, text: t("Back")})];
  put($("choices"), ...shown.map((c) => el("button", {type: "button", class: "choice",
    "data-action": c.action, onclick: () => act(c.action)}, ...choiceFace(v, d, c))), ...back);
}

// What a choice's button shows: its label, and a vote card's icons beside it (the hand
// shows the same cards drawn).
export function choiceFace(v, d, c) {
  const icons = !v.game && ui.gl.vote_card_icons;
  const drawn = icons ? (c.action.match(/[\w-]+/g) || []).filter((id) => icons[id]) : [];
  if (!drawn.length) return [c.label];
  return [el("span", {class: "mini-cards", "aria-hidden": "true"},
    drawn.map((id) => voteCard(v, id, "mini"))), " ", c.label];
}

export function focusChoice() {
  const first = document.querySelector("#choices button");
  if (first) first.focus();
}

// -- the board, an SVG drawing of the view ------------------------------------------------

export function drawRow(v) {
  put($("row"), ...v.row.map((slot) => {
    const before = ui.seen && ui.seen.row.find((s) => s.slot === slot.slot);
    const changed = before && (before.face_down !== slot.face_down || before.card !== slot.card);
    const cls = "slot" + (changed ? " changed" : "");
    const label = t("slot {n}", {n: slot.slot});
    if (!slot.face_down) return el("li", {class: cls + " empty", "data-target": `slot:${slot.slot}`}, el("span", {class: "slot-n", text: label}),
      el("span", {text: t("empty")}));
    if (slot.card) {
      return el("li", {class: cls + " seen", "data-target": `slot:${slot.slot}`}, el("span", {class: "slot-n", text: label}),
        eventCard(slot.card, t("you saw it")));
    }
    return el("li", {class: cls + " down", "data-target": `slot:${slot.slot}`}, el("span", {class: "slot-n", text: label}),
      el("div", {class: "card-back", role: "img", "aria-label": t("face down")}));
  }));
  $("piles").textContent = t("Event deck: {n} · Vote deck: {m} · Discarded: {d}",
    {n: v.event_deck_size, m: v.vote_deck_size, d: v.discard.map(cardName).join(", ") || "—"});
  // the discarded cards' texts, on hover (or a tap: the browser's title)
  $("piles").title = v.discard.map((id) => (ui.gl.cards[id] ? `${cardName(id)}: ${ui.gl.cards[id].text}` : id)).join("\n");
}

// A vote: who called it where, who has voted, and its cards revealed one by one.
export function drawVote(v) {
  const vote = v.vote;
  $("vote").hidden = !vote;
  if (!vote) return;
  const before = ui.seen && ui.seen.vote ? ui.seen.vote.revealed.length : 0;
  const title = [vote.kind ? word("votes", vote.kind) : null, vote.place ? word("places", vote.place) : null]
    .filter(Boolean).join(" · ");
  put($("vote"), 
    el("h2", {text: title || t("Vote")}),
    el("p", {class: "vote-who"}, vote.caller !== null && vote.caller !== undefined
      ? [dot(vote.caller), " " + t("Called by {name}", {name: seatName(vote.caller)}), " · "] : null,
      t("Voted: {names}", {names: vote.voted.map(seatName).join(", ") || "—"})),
    vote.my_cards && vote.my_cards.length ? el("div", {},
      el("span", {text: t("Your cards: ")}), el("ul", {class: "hand small"}, vote.my_cards.map((c) => voteCard(v, c)))) : null,
    vote.revealed.length ? el("div", {class: "reveal"}, el("span", {text: t("Revealed: ")}),
      el("ul", {class: "hand small"}, vote.revealed.map((c, i) => {
        const card = voteCard(v, c, i >= before ? "flip" : "");
        card.style.animationDelay = `${Math.max(0, i - before) * 0.6}s`;
        return card;
      }))) : null);
}

export function drawHand(v) {
  put($("loyalty"), v.my_loyalty
    ? el("div", {class: `loyalty-card ${v.my_loyalty}`}, el("span", {text: t("Your loyalty")}),
      el("strong", {text: teamName(v.my_loyalty)}))
    : el("p", {text: t("You are watching.")}));
  put($("hand"), ...(v.my_hand || []).map((c) => voteCard(v, c)));
}

export function drawKept(v) {
  const rows = v.kept.map((cards, seat) => [cards, seat]).filter(([cards]) => cards.length);
  put($("kept"), ...(rows.length ? rows.map(([cards, seat]) => el("li", {},
    dot(seat), ` ${seatName(seat)}: `, el("div", {class: "kept-cards"}, cards.map((c) => eventCard(c, null, true)))))
    : [el("li", {text: "—"})]));
}

// On a phone the table shows one pane at a time under the question: the board, your hand
// or the log (a wide screen shows them all and hides the tabs).
export function showPane(name) {
  $("game").dataset.pane = name;
  for (const button of document.querySelectorAll("#panes button")) {
    button.setAttribute("aria-pressed", String(button.dataset.show === name));
  }
  if (name === "log") followLog();
  if (name === "board" && ui.view && !ui.view.game) drawBoard(ui.view);
}

// -- start -----------------------------------------------------------------------------
