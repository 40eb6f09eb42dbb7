// The reference web client of tortuga-rules serve: plain JavaScript, no build step.
// It speaks only the documented protocol (docs/server.md): HTTP to make and join
// tables, one websocket per seat for views in and moves out. It shows what the
// server sends and never works out the rules itself.
"use strict";

const LANG_NAMES = {en: "English", es: "Español", de: "Deutsch", ko: "한국어", it: "Italiano"};
const ui = {
  lang: "en", words: {}, info: null, gl: null,
  tableId: null, token: null, seat: null, table: null, view: null,
  ws: null, retry: 0, leaving: false, group: null, lobbyTimer: null,
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid !== null && kid !== undefined) node.append(kid);
  }
  return node;
}

function t(message, fields) {
  let text = ui.words[message] || message;
  for (const [k, v] of Object.entries(fields || {})) text = text.replaceAll(`{${k}}`, v);
  return text;
}

async function api(method, path, body) {
  const headers = {"Content-Type": "application/json"};
  if (ui.token) headers.Authorization = "Bearer " + ui.token;
  const response = await fetch(path, {method, headers, body: body ? JSON.stringify(body) : undefined});
  const data = await response.json();
  if (!response.ok) {
    const err = new Error(data.error ? data.error.message : response.statusText);
    err.problems = data.error && data.error.problems;
    throw err;
  }
  return data;
}

// -- language --------------------------------------------------------------------------

async function setLanguage(lang) {
  ui.lang = lang;
  localStorage.setItem("tortuga:lang", lang);
  document.documentElement.lang = lang;
  ui.words = (await api("GET", "/api/words?lang=" + lang)).words;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  if (ui.tableId) {
    ui.gl = await api("GET", `/api/tables/${ui.tableId}/glossary?lang=${lang}`);
    send({type: "lang", lang});
    send({type: "history"});
  } else if (ui.info) {
    showLobby();
  }
}

function pickLanguage() {
  const saved = localStorage.getItem("tortuga:lang");
  const browser = (navigator.language || "en").slice(0, 2);
  return [saved, browser].find((l) => l && l in LANG_NAMES) || "en";
}

// -- lobby -----------------------------------------------------------------------------

function showLobby() {
  closeSocket();
  $("home").textContent = "Tortuga 1667";
  ui.tableId = null;
  $("game").hidden = true;
  $("lobby").hidden = false;
  $("name").value = localStorage.getItem("tortuga:name") || "";
  const rulesets = $("ruleset");
  const chosen = rulesets.value || "standard";
  rulesets.replaceChildren(...ui.info.rulesets.filter((r) => isBase(r.id)).map(
    (r) => el("option", {value: r.id, selected: r.id === chosen, text: r.name})));
  drawVariants();
  drawSeats();
  drawOptions();
  $("problems").replaceChildren();
  listTables();
  clearInterval(ui.lobbyTimer);
  ui.lobbyTimer = setInterval(listTables, 5000);
}

// Every option of the chosen ruleset and variants, as a field with its range or choices
// and its default.
function drawOptions() {
  const chosen = [$("ruleset").value,
                  ...[...document.querySelectorAll("input[name=variant]:checked")].map((c) => c.value)];
  const decls = {};
  for (const r of ui.info.rulesets.filter((r) => chosen.includes(r.id))) Object.assign(decls, r.options);
  $("options").replaceChildren(...Object.entries(decls).map(([name, d]) => {
    const id = `option-${name}`;
    let field;
    if (d.type === "boolean") {
      field = el("input", {type: "checkbox", id, name: "option", "data-option": name, checked: d.default});
    } else if (d.type === "integer") {
      field = el("input", {type: "number", id, name: "option", "data-option": name,
                           min: d.min, max: d.max, value: d.default});
    } else {
      field = el("select", {id, name: "option", "data-option": name},
        (d.choices || []).map((c) => el("option", {value: c, text: c, selected: c === d.default})));
    }
    const range = d.type === "integer" ? ` (${d.min ?? ""}–${d.max ?? ""})` : "";
    return el("label", {class: "option", title: d.description, for: id},
      el("span", {text: d.label + range}), " ", field);
  }));
}

function chosenOptions() {
  const out = {};
  for (const f of document.querySelectorAll("#options [data-option]")) {
    const name = f.dataset.option;
    out[name] = f.type === "checkbox" ? f.checked : f.type === "number" ? Number(f.value) : f.value;
  }
  return out;
}

function isBase(id) {
  return ["standard", "first-edition", "intermediate", "first-edition-intermediate",
          "tortuga-dice"].includes(id);
}

// The variants of the chosen ruleset's game (a dice-game variant cannot go on Tortuga 1667).
function drawVariants() {
  const base = ui.info.rulesets.find((r) => r.id === $("ruleset").value);
  const game = base ? base.game : "tortuga-1667";
  $("variants").replaceChildren(...ui.info.rulesets.filter((r) => !isBase(r.id)
    && (r.game || "tortuga-1667") === game).map(
    (r) => el("label", {class: "check", title: r.description},
      el("input", {type: "checkbox", name: "variant", value: r.id}), " " + r.name)));
}

function drawSeats() {
  const n = Math.max(2, Math.min(9, Number($("players").value) || 4));
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const kinds = [["open", t("a friend (open seat)")],
                 ...ui.info.bots.map((b) => [b, t("a bot: {name}", {name: b})])];
  $("seats").replaceChildren(...Array.from({length: n}, (_, i) => el("li", {},
    i === 0 ? el("span", {text: t("you")}) : el("label", {},
      el("span", {class: "sr", text: t("Seat {n}", {n: i})}),
      el("select", {name: "seat"}, kinds.map(([value, label]) => el("option",
        {value, text: label, selected: (old[i - 1] || ui.info.bots[0]) === value})))))));
}

async function listTables() {
  let tables;
  try {
    tables = (await api("GET", "/api/tables")).tables;
  } catch (err) {
    return;
  }
  $("tables").replaceChildren(...(tables.length ? tables.map(tableItem)
    : [el("li", {text: t("No table yet: create one.")})]));
}

function tableItem(table) {
  const open = table.seats.filter((s) => s.kind === "open");
  const names = table.seats.map((s) => s.kind === "open" ? t("open") : s.name).join(", ");
  return el("li", {class: "table-item"},
    el("span", {text: `${table.ruleset} · ${names}`}),
    open.length ? el("button", {type: "button", onclick: () => joinTable(table.id),
                                text: t("Join")}) : null,
    el("button", {type: "button", onclick: () => { location.hash = `#/table/${table.id}`; },
                  text: t("Watch")}));
}

async function createTable(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  localStorage.setItem("tortuga:name", name);
  const variants = [...document.querySelectorAll("input[name=variant]:checked")].map((c) => c.value);
  const seats = ["human", ...[...document.querySelectorAll("#seats select")].map((s) => s.value)];
  const body = {ruleset: $("ruleset").value, variants, players: seats.length, seats, name,
                options: chosenOptions()};
  const house = $("house").value.trim();
  if (house) body.house_rules = house;
  if ($("private").checked) body.private = true;
  $("problems").replaceChildren();
  try {
    const made = await api("POST", "/api/tables", body);
    remember(made.table.id, made.token);
    location.hash = `#/table/${made.table.id}`;
  } catch (err) {
    showLobbyError(err.message);
    $("problems").replaceChildren(...(err.problems || []).map((p) => el("li", {text: p})));
  }
}

function showLobbyError(message) {
  $("status").textContent = message;
}

async function joinTable(id) {
  const name = $("name").value.trim() || localStorage.getItem("tortuga:name") || t("player");
  try {
    ui.token = null;
    const joined = await api("POST", `/api/tables/${id}/join`, {name});
    remember(id, joined.token);
    location.hash = `#/table/${id}`;
  } catch (err) {
    showLobbyError(err.message);
  }
}

function remember(id, token) {
  localStorage.setItem("tortuga:token:" + id, token);
}

// -- the table's socket ----------------------------------------------------------------

async function openTable(id) {
  clearInterval(ui.lobbyTimer);
  closeSocket();
  Object.assign(ui, {tableId: id, token: localStorage.getItem("tortuga:token:" + id),
                     seat: null, view: null, group: null, retry: 0});
  $("lobby").hidden = true;
  $("game").hidden = false;
  try {
    ui.gl = await api("GET", `/api/tables/${id}/glossary?lang=${ui.lang}`);
  } catch (err) {
    $("status").textContent = err.message;
    return;
  }
  connect();
}

function connect() {
  ui.leaving = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${ui.tableId}/socket`);
  ui.ws = ws;
  ws.onopen = () => {
    ui.retry = 0;
    $("status").textContent = t("connected");
    ws.send(JSON.stringify({type: "hello", token: ui.token, lang: ui.lang}));
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    if (ui.ws !== ws || ui.leaving) return;
    $("status").textContent = t("reconnecting…");
    ui.retry = Math.min(ui.retry + 1, 6);
    setTimeout(() => { if (ui.ws === ws) connect(); }, 250 * 2 ** ui.retry);
  };
}

function closeSocket() {
  ui.leaving = true;
  if (ui.ws) ui.ws.close();
  ui.ws = null;
}

function send(message) {
  if (ui.ws && ui.ws.readyState === WebSocket.OPEN) ui.ws.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "welcome") {
    ui.seat = message.seat;
    ui.table = message.table;
    send({type: "history"});
  } else if (message.type === "view") {
    const before = ui.view ? ui.view.step : -1;
    ui.table = message.table;
    ui.view = message.view;
    ui.clock = message.clock || null;  // the server's turn clock, if the table is timed
    if (ui.view.step === before + 1) addLog(ui.view.events.map((e) => ({step: ui.view.step, ...e})));
    else if (ui.view.step !== before) send({type: "history"});
    draw();
  } else if (message.type === "history") {
    showLog(message.events);
  } else if (message.type === "refused") {
    $("error").textContent = message.error.message;
    if (message.error.code === "forbidden" && ui.seat === null) ui.token = null;
    if (message.error.code === "gone" || message.error.code === "revoked") {
      ui.leaving = true;  // the server closes the socket: do not come back
      if (message.error.code === "revoked") localStorage.removeItem("tortuga:token:" + ui.tableId);
    }
  } else if (message.type === "done") {
    $("error").textContent = "";
  }
}

function act(action) {
  ui.group = null;
  $("error").textContent = "";
  send({type: "act", token: ui.token, action, step: ui.view.step});
}

// -- drawing ---------------------------------------------------------------------------

function seatName(seat) {
  if (seat === null || seat === undefined) return "—";
  const s = ui.table.seats[seat];
  const you = seat === ui.seat ? ` (${t("you")})` : "";
  if (!s || s.kind === "open") return t("Seat {n}", {n: seat}) + you;
  return (s.kind === "human" ? s.name : `${s.name} ${seat}`) + you;
}

const word = (section, id) => (ui.gl && ui.gl[section] && ui.gl[section][id]) || id;
const cardName = (id) => (ui.gl.cards[id] ? ui.gl.cards[id].name : id);
const teamName = (id) => (ui.gl.teams[id] ? ui.gl.teams[id].name : id);

function draw() {
  const v = ui.view;
  const kit = Boolean(v.game);  // a game written with the component kit (the dice game)
  for (const id of ["board", "row-panel", "vote", "mine-panel", "kept-panel"]) {
    if (kit) $(id).hidden = true;
  }
  $("kit-board").hidden = !kit;
  if (kit) {
    drawKitStatus(v);
    drawDecision(v);
    drawClock(v);
    drawKitBoard(v);
    drawKitEnd(v);
    return;
  }
  drawStatus(v);
  drawDecision(v);
  drawClock(v);
  drawBoard(v);
  drawRow(v);
  drawVote(v);
  drawHand(v);
  drawKept(v);
  drawEnd(v);
}

// -- a game written with the component kit: its tracks, counters and zones as the view
// gives them, named in the player's language by the view's labels --------------------

const kitWord = (v, group, id) => (v.labels && v.labels[group] && v.labels[group][id]) || id;

// Who you are at the table, and the invitation while a seat is open (both games).
function drawSeatLine() {
  $("me").textContent = ui.seat === null ? t("You are watching.")
    : t("You are {name}.", {name: seatName(ui.seat)});
  const open = ui.table.seats.some((s) => s.kind === "open");
  $("invite").hidden = !open;
  if (open) {
    const link = `${location.origin}/#/table/${ui.tableId}/join`;
    $("invite").replaceChildren(t("Invite friends: "), el("a", {href: link, text: link}));
  }
}

function drawKitStatus(v) {
  const round = v.counters.round;
  const start = v.counters.start;
  $("turn").textContent = (round !== undefined ? t("Round {n}", {n: round}) : "")
    + (start !== undefined ? " · " + t("Start player: {name}", {name: seatName(start)}) : "")
    + (v.current_player !== null ? " · " + t("deciding: {name}", {name: seatName(v.current_player)}) : "");
  drawSeatLine();
  $("home").textContent = ui.table.rules.name;
}

function token(v, item) {
  if (item && typeof item === "object" && "die" in item) {
    const side = kitWord(v, "sides", item.side);
    return el("li", {class: `die side-${item.side}`, title: `${item.die}: ${side} ${item.pips}`},
      el("b", {text: item.die}), el("span", {text: item.pips ? `${side} ${item.pips}` : side}));
  }
  return el("li", {class: `token tok-${item}`, text: kitWord(v, "tokens", item)});
}

function zoneBox(v, name, z) {
  if (!z) return null;
  const title = kitWord(v, "zones", name);
  const body = z.tokens ? el("ul", {class: "tokens", "aria-label": title}, z.tokens.map((i) => token(v, i)))
    : el("p", {class: "hidden-count", text: t("{n} hidden", {n: z.count ?? "?"})});
  return el("div", {class: `zone zone-${name}`}, el("h4", {text: title}), body);
}

function trackRow(v, name, seat) {
  const space = v.tracks[name][seat];
  const cells = [];
  for (let i = 1; i <= 8; i++) cells.push(el("span", {class: "cell" + (i === space ? " here" : ""), text: String(i)}));
  return el("div", {class: `track track-${name}`, "aria-label": `${kitWord(v, "tracks", name)}: ${space}`},
    el("span", {class: "track-name", text: `${kitWord(v, "tracks", name)} ${space}`}), ...cells);
}

function drawKitBoard(v) {
  const shared = Object.entries(v.zones).filter(([, z]) => !Array.isArray(z));
  const own = Object.entries(v.zones).filter(([, z]) => Array.isArray(z));
  const bonus = Object.keys(v.tracks).filter((n) => n.startsWith("bonus-"));
  const main = Object.keys(v.tracks).filter((n) => !n.startsWith("bonus-"));
  const seats = [];
  for (let seat = 0; seat < v.players; seat++) {
    const bonuses = bonus.filter((n) => v.tracks[n][seat] > 0).map((n) =>
      `${kitWord(v, "tracks", n)}: ${v.tracks[n][seat]}`);
    seats.push(el("article", {class: `kit-seat seat-${seat}` + (seat === ui.seat ? " me" : "")
      + (seat === v.current_player ? " acting" : "")},
      el("h3", {text: kitWord(v, "seats", String(seat)) + " · " + seatName(seat)}),
      ...main.map((n) => trackRow(v, n, seat)),
      bonuses.length ? el("p", {class: "bonus", text: bonuses.join(" · ")}) : null,
      el("div", {class: "zones"}, ...own.filter(([, z]) => z[seat] && z[seat].count)
        .map(([name, z]) => zoneBox(v, name, z[seat])))));
  }
  $("kit-board").replaceChildren(
    el("div", {class: "shared"}, ...shared.map(([name, z]) => zoneBox(v, name, z))),
    el("div", {class: "kit-seats"}, ...seats));
}

function drawKitEnd(v) {
  const o = v.outcome;
  $("end").hidden = !o;
  if (!o) return;
  $("end").replaceChildren(
    el("h2", {id: "winner", text: t("Winners: {teams}", {teams: o.winners.map(seatName).join(", ")})}),
    el("ul", {class: "scores", "aria-label": t("Scores")}, (o.scores || []).map((score, seat) =>
      el("li", {text: `${seatName(seat)}: ${score}`}))),
    el("button", {type: "button", id: "reveal-log", onclick: showWholeLog,
                  text: t("Show the whole log")}));
}

function drawStatus(v) {
  $("turn").textContent = t("Turn {n}: {name}", {n: v.turn.number, name: seatName(v.turn.seat)})
    + (v.current_player !== null ? " · " + t("deciding: {name}", {name: seatName(v.current_player)}) : "");
  drawSeatLine();
}

// A timed decision (rules with a timer, or the server's turn clock): the seconds left
// (the server plays the rule, or a bot, when they run out).
function drawClock(v) {
  clearInterval(ui.clockTimer);
  const clock = v.clock && v.clock.deadline ? v.clock : ui.clock;
  $("clock").hidden = !clock || !clock.deadline;
  if (!clock || !clock.deadline) return;
  const tick = () => {
    const left = Math.max(0, Math.ceil(clock.deadline - Date.now() / 1000));
    $("clock").textContent = t("Time left for {name}: {n} s", {name: seatName(clock.seat), n: left});
  };
  tick();
  ui.clockTimer = setInterval(tick, 1000);
}

async function drawTableRules() {
  try {
    const r = await api("GET", `/api/tables/${ui.tableId}/rules`);
    $("rules-diff").replaceChildren(...r.diff.map((d) => el("li", {},
      el("code", {text: d.clause || d.path}), ` ${d.before} → ${d.after}`)));
    $("rulebook").textContent = r.rulebook;
  } catch (err) {
    $("rulebook").textContent = err.message;
  }
}

function drawDecision(v) {
  const d = v.decision;
  const mine = d && ui.seat !== null && d.seat === ui.seat;
  $("decision").classList.toggle("mine", Boolean(mine));
  $("undo").hidden = ui.seat === null || v.outcome !== null;
  if (!d) {
    $("prompt").textContent = v.outcome ? t("The game is over.") : "";
    $("choices").replaceChildren();
    return;
  }
  $("prompt").textContent = mine ? d.prompt
    : t("Waiting for {name}: {prompt}", {name: seatName(d.seat), prompt: d.prompt});
  if (!mine) {
    $("choices").replaceChildren();
    return;
  }
  const groups = d.groups || [];
  if (groups.length > 1 && ui.group === null) {
    $("choices").replaceChildren(...groups.map((g) => el("button", {type: "button",
      class: "choice group", onclick: () => { ui.group = g.kind; drawDecision(ui.view); },
      text: g.count > 1 ? `${g.label} (${g.count})` : g.label})));
    return;
  }
  const shown = d.choices.filter((c) => ui.group === null
    || c.action === ui.group || c.action.startsWith(ui.group + " "));
  const back = ui.group === null ? [] : [el("button", {type: "button", class: "back",
    onclick: () => { ui.group = null; drawDecision(ui.view); }, text: t("Back")})];
  $("choices").replaceChildren(...shown.map((c) => el("button", {type: "button", class: "choice",
    "data-action": c.action, onclick: () => act(c.action), text: c.label})), ...back);
}

function pawn(seat, v) {
  const roles = v.roles[seat].map((r) => word("roles", r)).join(", ");
  return el("li", {class: `pawn seat-${seat}` + (seat === v.current_player ? " acting" : "")
    + (seat === ui.seat ? " me" : "")}, seatName(seat) + (roles ? ` · ${roles}` : ""));
}

function chests(n) {
  return el("span", {class: "chests", "aria-label": t("{n} chests", {n})},
    el("span", {"aria-hidden": "true", text: "▣".repeat(Math.min(n, 12))}), ` ${n}`);
}

function drawBoard(v) {
  for (const ship of ["flying_dutchman", "jolly_roger"]) {
    const boat = ship + "_boat";
    const sunk = v.sunk_rowboats.includes(boat);
    $(ship).replaceChildren(
      el("h3", {text: word("places", ship)}),
      el("ol", {class: "line", "aria-label": t("line")}, v.places[ship].map((s) => pawn(s, v))),
      el("p", {class: "hold"}, `${word("chest_spots", ship + "_british")}: `, chests(v.chests[ship + "_british"])),
      el("p", {class: "hold"}, `${word("chest_spots", ship + "_french")}: `, chests(v.chests[ship + "_french"])),
      el("div", {class: "rowboat" + (sunk ? " sunk" : "")},
        el("span", {text: word("places", boat) + (sunk ? ` (${t("sunk")})` : "") + ": "}),
        el("ol", {class: "line"}, v.places[boat].map((s) => pawn(s, v)))));
  }
  $("tortuga").replaceChildren(
    el("h3", {text: word("places", "tortuga")}),
    el("ol", {class: "line"}, v.places.tortuga.map((s) => pawn(s, v))),
    ...["tortuga_british", "tortuga_french", "tortuga_loose"].filter((c) => c in v.chests).map(
      (c) => el("p", {class: "hold"}, `${word("chest_spots", c)}: `, chests(v.chests[c]))));
  $("galleon").replaceChildren(el("h3", {text: word("chest_spots", "galleon")}),
    chests(v.chests.galleon),
    el("p", {}, `${teamName("british")}: ${v.team_chests.british} · ${teamName("french")}: ${v.team_chests.french}`));
}

function cardItem(id, extra) {
  const card = ui.gl.cards[id];
  return el("li", {class: "card"}, el("details", {},
    el("summary", {text: (card ? card.name : id) + (extra || "")}),
    card ? el("p", {lang: card.text_lang, text: card.text}) : null));
}

function drawRow(v) {
  $("row").replaceChildren(...v.row.map((slot) => {
    if (!slot.face_down) return el("li", {class: "slot empty", text: t("slot {n}: empty", {n: slot.slot})});
    if (slot.card) {
      return el("li", {class: "slot seen"}, `${t("slot {n}", {n: slot.slot})}: `,
        el("ul", {class: "cards"}, cardItem(slot.card, ` (${t("you saw it")})`)));
    }
    return el("li", {class: "slot down", text: t("slot {n}: face down", {n: slot.slot})});
  }));
  $("piles").textContent = t("Event deck: {n} · Vote deck: {m} · Discarded: {d}",
    {n: v.event_deck_size, m: v.vote_deck_size, d: v.discard.map(cardName).join(", ") || "—"});
}

function drawVote(v) {
  const vote = v.vote;
  $("vote").hidden = !vote;
  if (!vote) return;
  $("vote").replaceChildren(
    el("h2", {text: `${word("votes", vote.kind)} · ${word("places", vote.place)}`}),
    el("p", {text: t("Called by {name}", {name: seatName(vote.caller)})}),
    el("p", {text: t("Voted: {names}", {names: vote.voted.map(seatName).join(", ") || "—"})}),
    vote.my_cards ? el("p", {text: t("Your cards: {cards}",
      {cards: vote.my_cards.map((c) => word("vote_cards", c)).join(", ")})}) : null,
    vote.revealed.length ? el("p", {class: "reveal", text: t("Revealed: {cards}",
      {cards: vote.revealed.map((c) => word("vote_cards", c)).join(", ")})}) : null);
}

function drawHand(v) {
  $("loyalty").textContent = v.my_loyalty ? t("Your loyalty: {team}", {team: teamName(v.my_loyalty)})
    : t("You are watching.");
  $("hand").replaceChildren(...(v.my_hand || []).map((c) => el("li", {class: "vote-card",
    text: word("vote_cards", c)})));
}

function drawKept(v) {
  $("kept").replaceChildren(...v.kept.map((cards, seat) => el("li", {},
    `${seatName(seat)}: `, cards.length ? el("ul", {class: "cards"}, cards.map((c) => cardItem(c)))
      : "—")));
}

function drawEnd(v) {
  const o = v.outcome;
  $("end").hidden = !o;
  if (!o) return;
  const winners = o.winners.map(teamName).join(", ");
  $("end").replaceChildren(
    el("h2", {id: "winner", text: o.winners.length ? t("Winners: {teams}", {teams: winners})
      : t("A draw.")}),
    el("p", {text: `${teamName("british")}: ${o.chests.british ?? "—"} · ${teamName("french")}: ${o.chests.french ?? "—"}`}),
    el("ul", {class: "loyalties", "aria-label": t("Loyalties")}, (v.loyalty || []).map((team, seat) =>
      el("li", {text: `${seatName(seat)}: ${teamName(team)}`}))),
    el("button", {type: "button", id: "reveal-log", onclick: showWholeLog,
                  text: t("Show the whole log")}));
}

async function showWholeLog() {
  showLog((await api("GET", `/api/tables/${ui.tableId}/reveal?lang=${ui.lang}`)).events);
}

function showLog(events) {
  $("log").replaceChildren();
  addLog(events);
}

function addLog(events) {
  // a bare citation of a clause (the dice game's tagged steps) says nothing on its own line
  events = events.filter((e) => !(e.kind === "rule" && e.text === ""));
  const items = events.map((e) => el("li", {class: e.private_to !== undefined ? "private" : null},
    e.text || e.kind, " ",
    e.clause ? el("a", {href: "#clause-" + e.clause, class: "clause",
      onclick: (ev) => { ev.preventDefault(); showClause(e.clause); }, text: "§ " + e.clause}) : null));
  $("log").prepend(...items.reverse());
}

function showClause(id) {
  const text = ui.gl.clauses[id] || "";
  $("clause").hidden = false;
  $("clause").replaceChildren(el("strong", {text: "§ " + id}), " ", el("span", {lang: "en", text}),
    " ", el("button", {type: "button", onclick: () => { $("clause").hidden = true; }, text: t("Close")}));
}

// -- start -----------------------------------------------------------------------------

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "table" && parts[1]) {
    if (parts[2] === "join" && !localStorage.getItem("tortuga:token:" + parts[1])) {
      await joinTable(parts[1]);
      return;
    }
    await openTable(parts[1]);
  } else {
    showLobby();
  }
}

async function start() {
  ui.info = await api("GET", "/api/info");
  $("lang").replaceChildren(...ui.info.languages.map((l) => el("option", {value: l, text: LANG_NAMES[l] || l})));
  const lang = pickLanguage();
  $("lang").value = lang;
  $("lang").addEventListener("change", () => setLanguage($("lang").value));
  $("players").addEventListener("change", drawSeats);
  $("variants").addEventListener("change", drawOptions);
  $("ruleset").addEventListener("change", () => { drawVariants(); drawOptions(); });
  $("house-file").addEventListener("change", async () => {
    const file = $("house-file").files[0];
    if (file) $("house").value = (await file.text()).slice(0, 16000);
  });
  $("table-rules").addEventListener("toggle", () => { if ($("table-rules").open) drawTableRules(); });
  $("create").addEventListener("submit", createTable);
  $("undo").addEventListener("click", () => send({type: "undo", token: ui.token}));
  window.addEventListener("hashchange", route);
  await setLanguage(lang);
  await route();
}

start();
