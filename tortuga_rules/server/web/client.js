// The reference web client of tortuga-rules serve: plain JavaScript, no build step.
// It speaks only the documented protocol (docs/server.md): HTTP to make and join
// tables, one websocket per seat for views in and moves out. It shows what the
// server sends - every word of the game comes from the server, in the player's
// language - and never works out the rules itself.
"use strict";

const LANG_NAMES = {en: "English", es: "Español", de: "Deutsch", ko: "한국어", it: "Italiano"};
const SVG = "http://www.w3.org/2000/svg";
// Seat colours (pawns, dots): told apart by colour and by the name beside them.
const COLOURS = ["#c0392b", "#2e6fd0", "#1e8449", "#d68910", "#8e44ad", "#16a085", "#d35400",
                 "#5d6d7e", "#c2185b"];
const ui = {
  lang: "en", words: {}, info: null, gl: null,
  tableId: null, token: null, seat: null, table: null, view: null, message: null,
  ws: null, retry: 0, leaving: false, group: null, lobbyTimer: null,
  seen: null, mineBefore: false, logCount: 0,
  logPinned: true,  // the log follows its newest line (until the player scrolls up in it)
  infos: {},  // /api/info by language: fetched once per page and language
  moments: [],  // the stage's moments on screen, newest first, until dismissed
  calls: null,  // the last vote called (its kind, place and caller), for the stage's title
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  return fill(node, attrs, kids);
}

function sv(tag, attrs, ...kids) {
  const node = document.createElementNS(SVG, tag);
  return fill(node, attrs, kids);
}

function fill(node, attrs, kids) {
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

// Replace a node's children with ``kids``, leaving out the absent ones (null, undefined,
// false), which the DOM would otherwise write out as the text "null".
function put(node, ...kids) {
  node.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
}

function t(message, fields) {
  let text = ui.words[message] || message;
  for (const [k, v] of Object.entries(fields || {})) {
    text = text.replace(new RegExp(`\\{${k}\\}(${BOTH_WAYS_RE})?`, "g"),
                        (_, both) => both ? particle(String(v), BOTH_WAYS[both]) : String(v));
  }
  return text;
}

// -- Korean particles: the client fills names into its own words, so it chooses a particle
// by the name's last syllable as the server's grammar does (tortuga_rules/game/grammar.py;
// a browser test holds the two to the same answers).
const BOTH_WAYS = {"이(가)": "이/가", "(이)가": "이/가", "가(이)": "이/가", "을(를)": "을/를",
  "를(을)": "을/를", "(을)를": "을/를", "은(는)": "은/는", "(은)는": "은/는", "는(은)": "은/는",
  "(으)로": "으로/로", "과(와)": "과/와", "와(과)": "과/와", "(이)다": "이다/다"};
const BOTH_WAYS_RE = Object.keys(BOTH_WAYS).map((k) => k.replace(/[()]/g, "\\$&")).join("|");
const LETTER_FINAL = {l: "ㄹ", r: "ㄹ", m: "ㅁ", n: "ㄴ"};
const DIGIT_FINAL = {0: "ㅇ", 1: "ㄹ", 2: "", 3: "ㅁ", 4: "", 5: "", 6: "ㄱ", 7: "ㄹ", 8: "ㄹ", 9: ""};

function wordFinal(word) {
  const lower = word.toLowerCase();
  const last = lower.at(-1);
  if (word.length === 1 || word === word.toUpperCase()) return LETTER_FINAL[last] || "";
  if (lower.endsWith("ng")) return "ㅇ";
  if (last === "n") return "ㄴ";
  if (last === "m") return "ㅁ";
  if (last === "l") return "ㄹ";
  if (/(ck|k|b|p)$/.test(lower) && lower.length > 1 && "aeiouc".includes(lower.at(-2))) {
    return "ck".includes(last) ? "ㄱ" : "ㅂ";
  }
  return "";
}

// The final consonants of a Hangul syllable, by its final index (0: none).
const JONG = ["", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ",
  "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"];

function finalConsonant(name) {
  const text = name.replace(/[^\p{L}\p{N}]+$/u, "");
  if (!text) return null;
  const last = text.at(-1);
  if (last >= "가" && last <= "힣") return JONG[(last.charCodeAt(0) - 0xAC00) % 28];
  if (last in DIGIT_FINAL) return DIGIT_FINAL[last];
  const word = text.match(/[A-Za-z]+$/);
  return word ? wordFinal(word[0]) : null;
}

function particle(name, forms) {
  const [afterConsonant, afterVowel] = forms.split("/");
  const final = finalConsonant(name);
  if (final === null) return `${name}${afterConsonant}(${afterVowel})`;
  if (afterConsonant === "으로") return name + (final === "" || final === "ㄹ" ? "로" : "으로");
  return name + (final ? afterConsonant : afterVowel);
}

async function api(method, path, body) {
  const headers = {"Content-Type": "application/json"};
  if (ui.token) headers.Authorization = "Bearer " + ui.token;
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(path + sep + "lang=" + ui.lang,
    {method, headers, body: body ? JSON.stringify(body) : undefined});
  const data = await response.json();
  if (!response.ok) {
    const err = new Error(data.error ? (data.error.said || data.error.message) : response.statusText);
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
  ui.words = (await api("GET", "/api/words")).words;
  dismissStage();  // its moments were told in the other language (the log is told again)
  ui.info = await gameInfo(lang);  // the rulesets' names and options in this language
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("house").setAttribute("aria-label", t("House rules"));
  if (ui.tableId && !$("game").hidden) {
    ui.gl = await api("GET", `/api/tables/${ui.tableId}/glossary`);
    send({type: "lang", lang});
    send({type: "history"});
    if ($("table-rules").open) drawTableRules();
  } else if (ui.info && !$("lobby").hidden) {
    showLobby();
  }
}

// /api/info in a language, asked for once per page (it is large) and kept in ``ui``.
async function gameInfo(lang) {
  if (!ui.infos[lang]) ui.infos[lang] = await api("GET", "/api/info");
  return ui.infos[lang];
}

function pickLanguage() {
  const saved = localStorage.getItem("tortuga:lang");
  const browser = (navigator.language || "en").slice(0, 2);
  return [saved, browser].find((l) => l && l in LANG_NAMES) || "en";
}

function show(section) {
  for (const id of ["lobby", "joining", "game"]) $(id).hidden = id !== section;
}

// -- lobby: who plays first, then which game and variants ----------------------------------

function showLobby() {
  closeSocket();
  $("home").textContent = "Tortuga 1667";
  document.title = "Tortuga 1667";
  ui.tableId = null;
  show("lobby");
  $("name").value = localStorage.getItem("tortuga:name") || "";
  const rulesets = $("ruleset");
  const chosen = rulesets.value || "standard";
  rulesets.replaceChildren(...ui.info.rulesets.filter((r) => isBase(r.id)).map(
    (r) => el("option", {value: r.id, selected: r.id === chosen, text: r.name})));
  drawSeats();
  drawVariants();
  put($("problems"), );
  listTables();
  clearInterval(ui.lobbyTimer);
  ui.lobbyTimer = setInterval(listTables, 5000);
}

// A whole ruleset a table starts from (not a variant): the server says so (``base``);
// an older server's are these.
function isBase(id) {
  const info = ui.info.rulesets.find((r) => r.id === id);
  if (info && info.base !== undefined) return info.base;
  return ["standard", "first-edition", "intermediate", "first-edition-intermediate",
          "tortuga-dice"].includes(id);
}

function rulesetInfo(id) {
  return ui.info.rulesets.find((r) => r.id === id);
}

// A table's rules by name in the player's language: its ruleset and its variants' titles.
function rulesName(table) {
  const base = rulesetInfo(table.ruleset);
  if (!base) return table.rules.name;
  return [base.name, ...table.variants.map((v) => (rulesetInfo(v) || {title: v}).title)].join(" + ");
}

// One option as a field: a checkbox, a number with its range, or a list of choices.
function optionField(name, d) {
  const id = `option-${name}`;
  let field;
  if (d.type === "boolean") {
    field = el("input", {type: "checkbox", id, name: "option", "data-option": name, checked: d.default});
  } else if (d.type === "integer") {
    field = el("input", {type: "number", id, name: "option", "data-option": name,
                         min: d.min, max: d.max, value: d.default});
  } else {
    field = el("select", {id, name: "option", "data-option": name},
      (d.choices || []).map((c) => el("option", {value: c, selected: c === d.default,
        text: (d.choice_words && d.choice_words[c]) || c})));
  }
  const range = d.type === "integer" ? ` (${d.min ?? ""}–${d.max ?? ""})` : "";
  return el("label", {class: "option", title: d.description, for: id},
    el("span", {text: d.label + range}), " ", field);
}

// The chosen game's variants, each by its own name; a checked variant shows the options
// it brings beneath it. The game's own options come first.
function drawVariants() {
  const base = rulesetInfo($("ruleset").value);
  const game = base ? base.game : "tortuga-1667";
  const baseOptions = base ? base.options : {};
  put($("base-options"), ...Object.entries(baseOptions).map(([n, d]) => optionField(n, d)));
  put($("variants"), ...ui.info.rulesets.filter((r) => !isBase(r.id)
    && (r.game || "tortuga-1667") === game).map((r) => {
    const own = Object.entries(r.options).filter(([n]) => !(n in baseOptions));
    const box = el("input", {type: "checkbox", name: "variant", value: r.id,
                             "aria-describedby": `about-${r.id}`});
    const extra = el("div", {class: "variant-options", hidden: true},
      own.map(([n, d]) => optionField(n, d)));
    box.addEventListener("change", () => { extra.hidden = !box.checked; });
    return el("div", {class: "variant"},
      el("label", {class: "check"}, box, " ", el("strong", {text: r.title || r.name})),
      el("p", {class: "about", id: `about-${r.id}`, text: r.description}), extra);
  }));
}

function chosenOptions() {
  const out = {};
  const fields = [...document.querySelectorAll("#base-options [data-option]"),
                  ...[...document.querySelectorAll(".variant")].filter(
                    (v) => v.querySelector("input[name=variant]").checked).flatMap(
                    (v) => [...v.querySelectorAll("[data-option]")])];
  for (const f of fields) {
    const name = f.dataset.option;
    out[name] = f.type === "checkbox" ? f.checked : f.type === "number" ? Number(f.value) : f.value;
  }
  return out;
}

// A new seat's bot: the middle level (bots come weakest first) - a fair game for a newcomer
// and cheap for the server.
function defaultBot() {
  return ui.info.bots[Math.min(1, ui.info.bots.length - 1)];
}

function drawSeats() {
  const n = Math.max(2, Math.min(9, Number($("players").value) || 4));
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const kinds = [["open", t("a friend (open seat)")],
                 ...ui.info.bots.map((b) => [b, t("a bot: {name}", {name: botName(b)}) + botElo(b)])];
  put($("seats"), ...Array.from({length: n}, (_, i) => {
    if (i === 0) {
      return el("li", {}, el("span", {class: `dot c${i}`, "aria-hidden": "true"}), el("span", {text: t("you")}));
    }
    const about = el("small", {class: "bot-about", id: `bot-about-${i}`});
    const pick = el("select", {name: "seat", "aria-describedby": `bot-about-${i}`},
      kinds.map(([value, label]) => el("option",
        {value, text: label, selected: (old[i - 1] || defaultBot()) === value})));
    const tell = () => { about.textContent = botAbout(pick.value); };
    pick.addEventListener("change", tell);
    tell();
    return el("li", {}, el("span", {class: `dot c${i}`, "aria-hidden": "true"}),
      el("label", {}, el("span", {class: "sr", text: t("Player {n}", {n: i + 1})}), pick), about);
  }));
}

// A bot by the kind of player it is, in the player's words (the server's name for its
// level when it gives one).
function botName(id) {
  const level = ui.info.bot_levels && ui.info.bot_levels[id];
  if (level && level.name) return level.name;
  const names = {random: t("plays at random"), heuristic: t("plays by rules of thumb")};
  return names[id] || id;
}

// A bot's measured strength beside its name (" · Elo 1350"), if the server measured it.
function botElo(id) {
  const level = ui.info.bot_levels && ui.info.bot_levels[id];
  return level && typeof level.elo === "number" ? ` · ${t("Elo {n}", {n: Math.round(level.elo)})}` : "";
}

function botAbout(id) {
  const level = ui.info.bot_levels && ui.info.bot_levels[id];
  if (!level) return "";
  return [level.level ? t("level {n}", {n: level.level}) : null, level.about].filter(Boolean).join(": ");
}

async function listTables() {
  let tables;
  try {
    tables = (await api("GET", "/api/tables")).tables;
  } catch (err) {
    return;
  }
  put($("tables"), ...(tables.length ? tables.map(tableItem)
    : [el("li", {text: t("No table yet: create one.")})]));
}

function tableItem(table) {
  const open = table.seats.filter((s) => s.kind === "open");
  const names = table.seats.filter((s) => s.kind !== "open").map((s) => s.called).join(", ");
  return el("li", {class: "table-item"},
    el("span", {text: `${rulesName(table)} · ${names}` + (open.length
      ? " · " + t("{n} open seats", {n: open.length}) : "")}),
    open.length ? el("button", {type: "button", onclick: () => { location.hash = `#/table/${table.id}/join`; },
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
  put($("problems"), );
  try {
    ui.token = null;
    const made = await api("POST", "/api/tables", body);
    remember(made.table.id, made.token);
    location.hash = `#/table/${made.table.id}`;
  } catch (err) {
    $("status").textContent = err.message;
    put($("problems"), ...(err.problems || []).map((p) => el("li", {text: p})));
    if (err.problems && err.problems.length) $("problems").closest("form").querySelector("details").open = true;
  }
}

// -- an invitation: ask the name, then take the seat -------------------------------------

async function showInvitation(id) {
  closeSocket();
  clearInterval(ui.lobbyTimer);
  show("joining");
  ui.tableId = null;
  $("join-name").value = localStorage.getItem("tortuga:name") || "";
  $("join-table").textContent = "";
  try {
    const table = (await api("GET", `/api/tables/${id}`)).table;
    const open = table.seats.filter((s) => s.kind === "open").length;
    $("join-table").textContent = `${rulesName(table)} · ` + t("{n} open seats", {n: open});
    $("join-button").disabled = open === 0;
  } catch (err) {
    $("join-table").textContent = err.message;
  }
  $("join-form").onsubmit = async (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    if (!name) return;
    localStorage.setItem("tortuga:name", name);
    try {
      ui.token = null;
      const joined = await api("POST", `/api/tables/${id}/join`, {name});
      remember(id, joined.token);
      location.hash = `#/table/${id}`;
    } catch (err) {
      $("join-table").textContent = err.message;
    }
  };
  $("join-watch").onclick = () => { location.hash = `#/table/${id}`; };
  $("join-name").focus();
}

function remember(id, token) {
  localStorage.setItem("tortuga:token:" + id, token);
}

// -- the table's socket ----------------------------------------------------------------

async function openTable(id) {
  clearInterval(ui.lobbyTimer);
  closeSocket();
  Object.assign(ui, {tableId: id, token: localStorage.getItem("tortuga:token:" + id),
                     seat: null, view: null, group: null, retry: 0, seen: null,
                     mineBefore: false, logCount: 0, logPinned: true});
  show("game");
  put($("log"), );
  dismissStage();
  $("end").hidden = true;
  try {
    ui.gl = await api("GET", `/api/tables/${id}/glossary`);
  } catch (err) {
    $("status").textContent = err.message;
    return;
  }
  connect();
}

function connect() {
  ui.leaving = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${ui.tableId}/socket?patches=1`);
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
  } else if (message.type === "view" || message.type === "view_patch") {
    if (message.type === "view_patch") {
      if (!ui.view) { send({type: "history"}); return; }  // nothing to patch: wait for a view
      message = {...message, type: "view", view: applyPatch(ui.view, message.patch)};
    }
    const before = ui.view ? ui.view.step : -1;
    if (ui.view && ui.seen === null) ui.seen = ui.view;
    ui.table = message.table;
    ui.view = message.view;
    ui.message = message;
    ui.clock = message.clock || null;  // the server's turn clock, if the table is timed
    if (message.connected) ui.connected = message.connected;
    if (ui.view.step === before + 1) {
      addLog(ui.view.events.map((e) => ({step: ui.view.step, ...e})));
      stageEvents(ui.view.events);
    }
    else if (ui.view.step !== before) send({type: "history"});
    if (ui.view.step !== before) ui.group = null;
    $("error").textContent = ui.table.failed || "";  // the table's rules failed a move: why
    draw();
  } else if (message.type === "history") {
    showLog(message.events);
  } else if (message.type === "rematch") {
    showRematch(message.table);
  } else if (message.type === "refused") {
    $("error").textContent = message.error.said || message.error.message;
  } else if (message.type === "closed" || message.type === "expired" || message.type === "revoked") {
    $("status").textContent = message.error ? (message.error.said || message.error.message) : t("This table has closed.");
  }
}

// A view patched (RFC 6902: add, replace, remove; JSON Pointer paths with ~0 and ~1): a
// new object, the old view untouched. Arrays come replaced whole, but "-" and indices
// are read as the RFC says.
function applyPatch(doc, patch) {
  const root = {doc: structuredClone(doc)};
  for (const op of patch) {
    const path = op.path === "" ? [] : op.path.slice(1).split("/")
      .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
    let parent = root, key = "doc";
    for (const part of path) { parent = parent[key]; key = part; }
    if (Array.isArray(parent) && key !== "doc") {
      const i = key === "-" ? parent.length : Number(key);
      if (op.op === "add") parent.splice(i, 0, op.value);
      else if (op.op === "replace") parent[i] = op.value;
      else if (op.op === "remove") parent.splice(i, 1);
    } else if (op.op === "add" || op.op === "replace") {
      parent[key] = op.value;
    } else if (op.op === "remove") {
      delete parent[key];
    }
  }
  return root.doc;
}

function act(action) {
  ui.seen = ui.view;  // what changes from here on is shown as new
  send({type: "act", token: ui.token, action, step: ui.view.step});
}

// -- names -----------------------------------------------------------------------------

// A seat as everyone at the table calls it (the server's name for it).
function seatName(seat) {
  if (seat === null || seat === undefined) return "—";
  const s = ui.table.seats[seat];
  return s ? s.called : "—";
}

// A seat's colour: the game's own (the dice game's seats are coloured), else ours.
function colour(seat) {
  const own = ui.view && ui.view.labels && ui.view.labels.colours;
  return (own && own[String(seat)]) || COLOURS[seat % COLOURS.length];
}

// A seat's colour beside its name (drawn: the page's policy allows no inline style).
function dot(seat) {
  const svg = sv("svg", {class: "dot", viewBox: "0 0 10 10", "aria-hidden": "true"});
  svg.append(sv("circle", {cx: 5, cy: 5, r: 4.4, fill: colour(seat), stroke: "rgba(0,0,0,.4)"}));
  return svg;
}

const word = (section, id) => (ui.gl && ui.gl[section] && ui.gl[section][id]) || id;
const cardName = (id) => (ui.gl.cards[id] ? ui.gl.cards[id].name : id);
const teamName = (id) => (ui.gl.teams && ui.gl.teams[id] ? ui.gl.teams[id].name : id);
const openSeats = () => ui.table.seats.filter((s) => s.kind === "open").length;

function draw() {
  const v = ui.view;
  const kit = Boolean(v.game);  // a game written with the component kit (the dice game)
  for (const id of ["board", "row-panel", "vote", "mine-panel", "kept-panel"]) $(id).hidden = kit;
  $("kit-board").hidden = !kit;
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
function drawPlayers(v) {
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
function botTag(kind) {
  const level = ui.info && ui.info.bot_levels && ui.info.bot_levels[kind];
  if (!level) return t("bot");
  return t("bot, level {n}: {name}", {n: level.level, name: level.name});
}

// While a seat is open, the table waits for its player: the invitation to send.
function drawWaiting() {
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
function cueTurn(v) {
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

function chime() {
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

const kitWord = (v, group, id) => (v.labels && v.labels[group] && v.labels[group][id]) || id;

function drawKitStatus(v) {
  const round = v.counters.round;
  const start = v.counters.start;
  // every other counter by its name and value (a game's own: No Thanks!'s chips in the pot)
  const others = Object.entries(v.counters).filter(([n]) => n !== "round" && n !== "start")
    .map(([n, x]) => `${kitWord(v, "counters", n)}: ${(v.seat_counters || []).includes(n)
      ? (x >= 0 && x < v.players ? seatName(x) : "—") : x}`);
  $("turn").textContent = [round !== undefined ? t("Round {n}", {n: round}) : null,
    start !== undefined ? t("Start player: {name}", {name: seatName(start)}) : null, ...others]
    .filter(Boolean).join(" · ");
}

// A token's look: a chest in its colour, a die with its pips, a treasure token.
function tokenColour(id) {
  return typeof id === "string" && window.CSS && CSS.supports("color", id) ? id : "#c9b68a";
}

function kitToken(v, item, x, y) {
  if (item && typeof item === "object" && "die" in item) return [kitDie(v, item, x, y - 6), 40];
  const name = kitWord(v, "tokens", item);
  if (typeof item === "string" && item.startsWith("coins-")) {
    const g = sv("g", {class: "coin", transform: `translate(${x} ${y})`});
    g.append(sv("title", {text: name}), sv("circle", {cx: 12, cy: 13, r: 11}),
             sv("text", {x: 12, y: 18, "text-anchor": "middle", text: item.slice(6)}));
    return [g, 26];
  }
  if (typeof item !== "string" || !(window.CSS && CSS.supports("color", item))) {
    // a token named by no colour (a card, a tile): a tile with its name on it
    const text = String(name);
    const w = Math.max(26, text.length * 8 + 10);
    const g = sv("g", {class: "kit-tile", transform: `translate(${x} ${y - 2})`});
    g.append(sv("title", {text}), sv("rect", {width: w, height: 28, rx: 4}),
             sv("text", {x: w / 2, y: 19, "text-anchor": "middle", text}));
    return [g, w + 4];
  }
  const g = sv("g", {class: "kit-chest", transform: `translate(${x} ${y + 4})`, "data-token": item});
  g.append(sv("title", {text: name}),
           sv("rect", {width: 22, height: 17, rx: 3, fill: tokenColour(item)}),
           sv("rect", {y: 6, width: 22, height: 3, fill: "#e0a526"}));
  return [g, 26];
}

// A die as it lies on the table: its face's picture (the rulebook's action icons: a ship,
// a pirate, a chest, a grappling hook, crossed sabres, a skull), its pips as dots and its
// letter - the prompts name dice by it - on a tab at its corner. Its words are its title.
function kitDie(v, item, x, y) {
  const drawing = DIE_FACES[item.side];
  const g = sv("g", {class: "die-svg" + (item.side === "skull" ? " skull" : ""),
                     transform: `translate(${x} ${y})`, "data-die": item.die});
  g.append(sv("title", {text: `${t("die {letter}", {letter: item.die})}: ${kitWord(v, "sides", item.side)}`
                              + (item.pips ? ` ${item.pips}` : "")}),
           sv("rect", {x: 2, y: 4, width: 34, height: 34, rx: 6}));
  if (drawing) {
    const face = sv("g", {class: "die-face", transform: "translate(7 7) scale(1)"});
    face.append(...drawing());
    g.append(face);
  } else {
    g.append(sv("text", {x: 19, y: 26, class: "die-side", "text-anchor": "middle", text: sideMark(v, item.side)}));
  }
  for (let i = 0; i < (item.pips || 0); i++) g.append(sv("circle", {cx: 31 - i * 6, cy: 34, r: 2, class: "die-pip"}));
  g.append(sv("circle", {cx: 4, cy: 5, r: 7, class: "die-tab"}),
           sv("text", {x: 4, y: 9, class: "die-letter", "text-anchor": "middle", text: item.die}));
  return g;
}

const DIE_FACES = {
  expand: () => [sv("path", {d: "M2 16 H22 L18 22 H6 Z", fill: "#7a4a1f"}),
                 sv("path", {d: "M12 2 V16", stroke: "#4a2a0f", "stroke-width": 1.6}),
                 sv("path", {d: "M12 3 L20 13 H12 Z", fill: "#f4ecd8", stroke: "#4a2a0f", "stroke-width": 1})],
  recruit: () => [sv("path", {d: "M4 23 Q12 13 20 23 Z", fill: "#2b3a55"}),
                  sv("circle", {cx: 12, cy: 10, r: 5.5, fill: "#f1c7a0", stroke: "#5a3a1a"}),
                  sv("path", {d: "M6 9 Q12 1 18 9 Z", fill: "#c0392b"}),
                  sv("circle", {cx: 10, cy: 11, r: 1, fill: "#222"})],
  search: () => [sv("rect", {x: 3, y: 9, width: 18, height: 12, rx: 2, fill: "#8a5a2b", stroke: "#4a2a0f"}),
                 sv("path", {d: "M3 12 Q12 3 21 12 Z", fill: "#a86d35", stroke: "#4a2a0f"}),
                 sv("rect", {x: 10, y: 12, width: 4, height: 4, fill: "#e0a526"})],
  board: () => [sv("path", {d: "M12 3 V20 M5 14 Q6 21 12 21 Q18 21 19 14 M8 7 H16", fill: "none",
                            stroke: "#333", "stroke-width": 2.2, "stroke-linecap": "round"}),
                sv("circle", {cx: 12, cy: 3.5, r: 2, fill: "none", stroke: "#333", "stroke-width": 1.6})],
  raid: () => [sv("path", {d: "M4 4 L19 19 M20 4 L5 19", stroke: "#555", "stroke-width": 2.4, "stroke-linecap": "round"}),
               sv("path", {d: "M15 17 L19 13 M9 17 L5 13", stroke: "#8a5a2b", "stroke-width": 2.4, "stroke-linecap": "round"})],
  skull: () => [sv("circle", {cx: 12, cy: 10, r: 7.5, fill: "#eee"}),
                sv("circle", {cx: 9.3, cy: 10, r: 2, fill: "#222"}), sv("circle", {cx: 14.7, cy: 10, r: 2, fill: "#222"}),
                sv("rect", {x: 8.5, y: 16, width: 7, height: 5, rx: 1, fill: "#eee"})],
};

// A die's face in two letters of its side's word (the whole word is its title).
function sideMark(v, side) {
  if (side === "skull") return "☠";
  const w = kitWord(v, "sides", side);
  return w.replace(/^(the|la|el|le|il|die|der|das)\s+/i, "").slice(0, 2).toUpperCase();
}

// A zone as a box of its tokens (or how many are hidden), laid out from (x, y).
function kitZone(v, name, z, x, y) {
  const title = kitWord(v, "zones", name);
  const tokens = z.tokens || [];
  const body = [];
  let cx = 8, cy = 22, widest = 0;
  tokens.forEach((item, i) => {
    if (i > 0 && i % 10 === 0) { cx = 8; cy += 36; }  // ten to a row
    const [node, w] = kitToken(v, item, cx, cy);
    body.push(node);
    cx += w;
    widest = Math.max(widest, cx);
  });
  const hidden = !z.tokens;
  const label = hidden ? t("{n} hidden", {n: z.count ?? "?"}) : null;
  const width = Math.max(96, widest + 8, title.length * 7 + 16, label ? label.length * 7 + 16 : 0);
  const height = cy + 34;
  const g = sv("g", {class: `kit-zone zone-${name}`, transform: `translate(${x} ${y})`});
  g.append(sv("rect", {width, height, rx: 7, class: "zone-box"}),
           sv("text", {x: 8, y: 15, class: "zone-name", text: capital(title)}), ...body);
  if (hidden) g.append(sv("text", {x: 8, y: 42, class: "zone-hidden", text: label}));
  g.height = height;
  return [g, width];
}

// Zones flowed into rows of at most ``width``; the group, its height and its width.
function flowZones(v, zones, width, y0) {
  const g = sv("g", {});
  let x = 0, y = y0, tallest = 0, widest = 0;
  for (const [name, z] of zones) {
    const [node, w] = kitZone(v, name, z, 0, 0);
    if (x > 0 && x + w > width) { x = 0; y += tallest + 8; tallest = 0; }
    node.setAttribute("transform", `translate(${x} ${y})`);
    g.append(node);
    x += w + 8;
    widest = Math.max(widest, x);
    tallest = Math.max(tallest, node.height);
  }
  return [g, zones.length ? y + tallest : y0, widest];
}

// A track: a row of its spaces (the view's ``track_spans``), or, when it has more than a
// dozen, a bar filled to the marker with its number.
function kitTrack(v, name, seat, y, width) {
  const [low, high] = (v.track_spans && v.track_spans[name]) || [1, 8];
  const space = v.tracks[name][seat];
  const g = sv("g", {class: "kit-track", transform: `translate(0 ${y})`});
  g.append(sv("text", {x: 0, y: 21, class: "track-label", text: `${kitWord(v, "tracks", name)}`}));
  if (high - low + 1 > 12) {
    const full = width - 104;
    const x = full * (space - low) / Math.max(1, high - low);
    g.append(sv("rect", {x: 104, y: 2, width: full, height: 28, rx: 5, class: "cell"}),
             sv("rect", {x: 104, y: 2, width: Math.max(4, x), height: 28, rx: 5, fill: colour(seat),
                         class: "track-fill"}),
             sv("text", {x: 112, y: 21, class: "marker-n track-value", text: String(space)}));
    return g;
  }
  const step = (width - 104) / (high - low + 1);
  for (let i = low; i <= high; i++) {
    const x = 104 + (i - low) * step;
    g.append(sv("rect", {x, y: 2, width: step - 4, height: 28, rx: 5, class: "cell" + (i === space ? " here" : "")}),
             sv("text", {x: x + step / 2 - 2, y: 21, class: "cell-n", "text-anchor": "middle", text: String(i)}));
    if (i === space) {
      g.append(sv("circle", {cx: x + step / 2 - 2, cy: 16, r: 12, fill: colour(seat), class: "marker"}),
               sv("text", {x: x + step / 2 - 2, y: 21, class: "marker-n", "text-anchor": "middle", text: String(i)}));
    }
  }
  return g;
}

// The board of one seat: its tracks, its bonuses and its zones.
function kitSeatBoard(v, seat, mainTracks, bonus, own) {
  const width = ($("kit-board").clientWidth || window.innerWidth) < 600 ? 340 : 420;
  const g = sv("g", {});
  mainTracks.forEach((n, i) => g.append(kitTrack(v, n, seat, i * 36, width)));
  let y = mainTracks.length * 36 + 4;
  const bonuses = bonus.filter((n) => v.tracks[n][seat] > 0).map((n) =>
    `${kitWord(v, "tracks", n)} +${v.tracks[n][seat]}`);
  for (const bonus of bonuses) {
    g.append(sv("text", {x: 0, y: y + 14, class: "bonus-line", text: bonus}));
    y += 18;
  }
  for (const line of kitPicks(v, seat)) {
    g.append(sv("text", {x: 0, y: y + 14, class: "bonus-line pick-line", text: line}));
    y += 18;
  }
  const zones = own.filter(([, z]) => z[seat] && z[seat].count).map(([name, z]) => [name, z[seat]]);
  const [zg, bottom] = flowZones(v, zones, width, y + 4);
  g.append(zg);
  const svg = sv("svg", {viewBox: `-4 -4 ${width + 8} ${bottom + 12}`, class: "kit-svg", role: "img",
                         "aria-label": kitSeatText(v, seat, mainTracks, bonuses, zones)});
  svg.append(g);
  return svg;
}

// What a seat holds in secret (its own pick, or that it holds one) and what it revealed.
function kitPicks(v, seat) {
  const out = [];
  const said = (x) => (Array.isArray(x) ? x.map(said).join(" ") : x === null ? "—"
    : kitWord(v, "sides", String(x)));
  // (a lock: a pick kept secret - its value only on the seat's own board)
  if (seat === v.seat && v.my_held !== undefined) out.push(`🔒 ${said(v.my_held)}`);
  else if (v.holding && v.holding[seat]) out.push("🔒 ?");
  if (v.shown && v.shown[seat] !== null && v.shown[seat] !== undefined) {
    out.push(t("Revealed: ") + said(v.shown[seat]));
  }
  return out;
}

function kitSeatText(v, seat, mainTracks, bonuses, zones) {
  const parts = mainTracks.map((n) => `${kitWord(v, "tracks", n)} ${v.tracks[n][seat]}`);
  for (const [name, z] of zones) {
    parts.push(`${kitWord(v, "zones", name)}: ` + (z.tokens ? z.tokens.map((i) => typeof i === "object"
      ? `${kitWord(v, "sides", i.side)} ${i.pips || ""}` : kitWord(v, "tokens", i)).join(", ")
      : t("{n} hidden", {n: z.count})));
  }
  return [seatName(seat), ...parts, ...bonuses, ...kitPicks(v, seat)].join("; ");
}

function drawKitBoard(v, into = $("kit-board")) {
  const shared = Object.entries(v.zones).filter(([, z]) => !Array.isArray(z));
  const own = Object.entries(v.zones).filter(([, z]) => Array.isArray(z));
  const bonus = Object.keys(v.tracks).filter((n) => n.startsWith("bonus-"));
  const main = Object.keys(v.tracks).filter((n) => !n.startsWith("bonus-"));
  const across = ($("kit-board").clientWidth || window.innerWidth) < 600 ? 400 : 1000;
  const [sharedG, h, used] = flowZones(v, shared, across, 0);
  const top = sv("svg", {viewBox: `-4 -4 ${used + 8} ${h + 12}`, class: "kit-shared", role: "img",
    "aria-label": shared.map(([n, z]) => `${kitWord(v, "zones", n)}: ` + (z.tokens
      ? z.tokens.map((i) => kitWord(v, "tokens", i)).join(", ") || "—" : t("{n} hidden", {n: z.count}))).join("; ")});
  top.append(sharedG);
  const seats = [];
  for (let seat = 0; seat < v.players; seat++) {
    seats.push(el("article", {class: "kit-seat" + (seat === ui.seat ? " me" : "")
      + (seat === v.current_player ? " acting" : ""), "data-target": `seat:${seat}`},
      el("h3", {}, dot(seat), " " + seatName(seat) + " · " + kitWord(v, "seats", String(seat))),
      kitSeatBoard(v, seat, main, bonus, own)));
  }
  put(into, el("div", {class: "shared"}, top), el("div", {class: "kit-seats"}, ...seats));
}

function drawKitEnd(v) {
  const o = v.outcome;
  $("end").hidden = !o;
  if (!o) return;
  const won = ui.seat !== null && o.winners.includes(ui.seat);
  const scores = o.scores || [];
  const order = scores.map((score, seat) => ({seat, score})).sort((a, b) => b.score - a.score);
  put($("end"),
    el("h2", {id: "winner", text: winnerLine(o.winners.map(seatName))}),
    ui.seat !== null ? el("p", {class: "verdict " + (won ? "won" : "lost"),
                                text: won ? t("You won!") : t("You did not win.")}) : null,
    endReason(o),
    endResults(v, order.map(({seat, score}) => ({seat, won: o.winners.includes(seat),
      cells: [score]})), [t("Score")], "scores"),
    endTools());
}

// Why the game ended: the rule that decided it, in the rulebook's words.
function endReason(o) {
  const text = o.reason && ui.gl.clauses ? ui.gl.clauses[o.reason] : null;
  if (!text) return null;
  return el("p", {class: "reason"}, el("span", {text: t("Why: ")}),
    el("q", {lang: ui.gl.clauses_lang || ui.lang, text}), " ", clauseLink(o.reason));
}

// Whose turn it is; at the end that the game is over; while seats are open, that the table
// waits (no "Turn 0" before the first turn).
function drawStatus(v) {
  if (v.outcome) $("turn").textContent = t("The game is over.");
  else if (openSeats()) $("turn").textContent = t("Waiting for players");
  else if (!v.turn.number) $("turn").textContent = "";
  else $("turn").textContent = t("Turn {n}: {name}", {n: v.turn.number, name: seatName(v.turn.seat)});
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
    // and beside the seat's name (the line above says it in words)
    const beside = document.querySelector(`#players-list li[data-seat="${clock.seat}"] .pclock`);
    if (beside) beside.textContent = `⏱ ${left}`;
  };
  tick();
  ui.clockTimer = setInterval(tick, 1000);
}

async function drawTableRules() {
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

function drawDecision(v) {
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
function choiceFace(v, d, c) {
  const icons = !v.game && ui.gl.vote_card_icons;
  const drawn = icons ? (c.action.match(/[\w-]+/g) || []).filter((id) => icons[id]) : [];
  if (!drawn.length) return [c.label];
  return [el("span", {class: "mini-cards", "aria-hidden": "true"},
    drawn.map((id) => voteCard(v, id, "mini"))), " ", c.label];
}

function focusChoice() {
  const first = document.querySelector("#choices button");
  if (first) first.focus();
}

// -- the board, an SVG drawing of the view ------------------------------------------------

// The boxes the board is drawn in: side by side on a wide screen, stacked on a phone.
function layout(wide) {
  if (wide) {
    return {w: 1000, h: 560, ships: [{x: 10, y: 10, w: 600, h: 260}, {x: 10, y: 290, w: 600, h: 260}],
            island: {x: 630, y: 10, w: 360, h: 330}, galleon: {x: 630, y: 360, w: 360, h: 190}};
  }
  return {w: 420, h: 1090, ships: [{x: 10, y: 10, w: 400, h: 260}, {x: 10, y: 290, w: 400, h: 260}],
          island: {x: 10, y: 570, w: 400, h: 300}, galleon: {x: 10, y: 885, w: 400, h: 195}};
}

function drawBoard(v, into) {
  const wide = ((into ? into.clientWidth : $("board").clientWidth) || window.innerWidth) >= 720;
  ui.narrow = !wide;
  const L = layout(wide);
  const svg = sv("svg", {viewBox: `0 0 ${L.w} ${L.h}`, class: "board-svg", role: "img",
                         "aria-labelledby": "board-title"});
  svg.append(sv("rect", {x: 0, y: 0, width: L.w, height: L.h, rx: 18, class: "sea"}));
  ["flying_dutchman", "jolly_roger"].forEach((ship, i) => svg.append(drawShip(v, ship, L.ships[i])));
  svg.append(drawIsland(v, L.island), drawGalleon(v, L.galleon));
  const words = boardText(v).map((line) => el("li", {text: line}));
  if (into) {
    svg.setAttribute("aria-label", t("Board"));
    svg.removeAttribute("aria-labelledby");
    put(into, svg, el("ul", {class: "sr"}, words));
    fitLabels(svg, L.w);
    animateMoves(svg, wide, v);
    return;
  }
  put($("board-svg"), svg);
  put($("board-text"), ...words);
  fitLabels(svg, L.w);
  animateMoves(svg, wide, v);
}

// Where a seat's pawn stands in a view: "place:index".
function spotOf(view, seat) {
  if (!view) return null;
  for (const [place, line] of Object.entries(view.places)) {
    const i = line.indexOf(seat);
    if (i >= 0) return `${place}:${i}`;
  }
  return null;
}

function pawnNode(v, seat, x, y, r, low = 0) {
  const moved = ui.seen && spotOf(ui.seen, seat) !== spotOf(v, seat);
  const name = seatName(seat);
  const g = sv("g", {class: "pawn" + (moved ? " moved" : "") + (seat === v.current_player ? " acting" : "")
                       + (seat === ui.seat ? " me" : ""), transform: `translate(${x} ${y})`,
                     "data-target": `seat:${seat}`, "data-seat": seat});
  g.append(sv("title", {text: name}));
  if (seat === v.current_player) g.append(sv("circle", {r: r + 6, class: "halo"}));
  g.append(sv("circle", {r, fill: colour(seat), class: "body"}),
           sv("text", {y: 6, class: "initial", "text-anchor": "middle", text: initials(name)}),
           sv("text", {y: r + 17 + low * lineGap(), class: "pname", "text-anchor": "middle", text: name}));
  return g;
}

// A place's name as a heading ("el Galeón Español" -> "El Galeón Español").
function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function initials(name) {
  const parts = name.split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[1][0] : name.slice(0, 2)).toUpperCase();
}

// The board's words as drawn: a name or role label is moved inside the board's edge, and
// of two that run into each other the longer loses letters (to "…") until they part; a
// pawn's whole name stays its title.
function fitLabels(svg, width) {
  if (!svg.getScreenCTM()) return;  // not drawn (a hidden board): nothing to measure
  const labels = [...svg.querySelectorAll("text.pname, text.role")];
  const box = (node) => {
    const b = node.getBBox();
    const m = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
    return {x: m.a * b.x + m.e, y: m.d * b.y + m.f, w: m.a * b.width, h: m.d * b.height, scale: m.a};
  };
  for (const node of labels) {
    const b = box(node);
    const shift = b.x < 4 ? 4 - b.x : b.x + b.w > width - 4 ? width - 4 - b.x - b.w : 0;
    if (shift) node.setAttribute("x", Number(node.getAttribute("x") || 0) + shift / b.scale);
  }
  // (a text's box holds its font's whole ascent and descent: lines of neighbours, set
  // apart by less than that, touch only where their boxes overlap by more than a quarter)
  const meet = (a, b) => a.x < b.x + b.w + 3 && b.x < a.x + a.w + 3
    && a.y < b.y + b.h - b.h / 4 && b.y < a.y + a.h - a.h / 4;
  for (let round = 0; round < 200; round++) {
    const boxes = labels.map(box);
    let pair = null;
    for (let i = 0; i < labels.length && !pair; i++) {
      for (let j = i + 1; j < labels.length && !pair; j++) if (meet(boxes[i], boxes[j])) pair = [i, j];
    }
    if (!pair) return;
    const [i, j] = pair;
    const node = labels[boxes[i].w >= boxes[j].w ? i : j];
    const text = node.textContent.replace(/…$/, "");
    if (text.length <= 3) return;
    node.textContent = text.slice(0, -1).trimEnd() + "…";
  }
}

// Moves shown as moves: a pawn slides from where it stood to its new place, a chest
// travels from the spot that lost it to the one that gained it - unless the player asked
// for less motion. Where things stand is kept from one drawing to the next.
function animateMoves(svg, wide, v) {
  if (!svg.getScreenCTM()) return;
  const toSvg = svg.getScreenCTM().inverse();
  const at = (node) => { const m = toSvg.multiply(node.getScreenCTM()); return {x: m.e, y: m.f}; };
  const pawns = new Map([...svg.querySelectorAll(".pawn[data-seat]")].map((n) => [n.dataset.seat, n]));
  const spots = new Map([...svg.querySelectorAll("[data-spot]")].map((n) => [n.dataset.spot, n]));
  const now = {wide, table: ui.tableId, pawns: new Map([...pawns].map(([k, n]) => [k, at(n)])),
               chests: new Map([...spots].map(([k, n]) => [k, {...at(n), n: v.chests[k] || 0}]))};
  const before = board.drawn;
  board.drawn = now;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (still || !before || before.wide !== wide || before.table !== now.table) return;
  for (const [seat, node] of pawns) {
    const from = before.pawns.get(seat);
    const to = now.pawns.get(seat);
    if (!from || (from.x === to.x && from.y === to.y)) continue;
    const base = toSvg.multiply(node.parentNode.getScreenCTM());
    node.animate([{transform: `translate(${from.x - base.e}px, ${from.y - base.f}px)`},
                  {transform: `translate(${to.x - base.e}px, ${to.y - base.f}px)`}],
                 {duration: 650, easing: "ease-in-out"});
  }
  const lost = [...now.chests].filter(([k, c]) => before.chests.has(k) && c.n < before.chests.get(k).n);
  const gained = [...now.chests].filter(([k, c]) => before.chests.has(k) && c.n > before.chests.get(k).n);
  lost.forEach(([, src], i) => {
    const dst = gained[i] && gained[i][1];
    if (!dst) return;
    const chest = chestIcon(0, 0);
    chest.classList.add("travelling");
    svg.append(chest);
    chest.animate([{transform: `translate(${src.x + 20}px, ${src.y + 20}px)`},
                   {transform: `translate(${dst.x + 20}px, ${dst.y + 20}px)`}],
                  {duration: 800, easing: "ease-in-out"}).onfinish = () => chest.remove();
  });
}

// How far apart the alternating rows of names are: a line of the board's words (larger
// on a phone).
const lineGap = () => (ui.narrow ? 20 : 14);

// A name short enough for the space under a pawn.
function short(name) {
  const most = ui.narrow ? 9 : 11;
  return name.length > most ? name.slice(0, most - 1) + "…" : name;
}

// The roles a seat holds, in words ("crew" left out), for the label above its pawn.
function roleWords(v, seat) {
  return (v.roles[seat] || []).map((r) => word("roles", r)).join(" · ");
}

// A line of pawns from (x, y) leftwards or rightwards, at least ``spaces`` spaces long,
// each pawn labelled by the roles it holds; labels and names alternate in height so that
// neighbours' do not run into each other.
function pawnLine(v, line, x, y, step, spaces, r) {
  const g = sv("g", {});
  for (let i = 0; i < Math.max(line.length, spaces); i++) {
    g.append(sv("circle", {cx: x + i * step, cy: y, r: r + 3, class: "space"}));
  }
  line.forEach((seat, i) => {
    const cx = x + i * step;
    const roles = roleWords(v, seat);
    if (roles) {
      g.append(sv("text", {x: cx, y: y - r - 9 - (i % 2) * (lineGap() + 2), class: "role", "text-anchor": "middle",
                           text: roles}));
    }
    g.append(pawnNode(v, seat, cx, y, r, i % 2));
  });
  return g;
}

function chestRow(v, spot, x, y, label, cls, width = 200) {
  const n = v.chests[spot] || 0;
  const changed = ui.seen && ui.seen.chests[spot] !== n;
  const g = sv("g", {class: `hold ${cls}` + (changed ? " changed" : ""), transform: `translate(${x} ${y})`,
                     "data-target": `spot:${spot}`, "data-spot": spot});
  g.append(sv("title", {text: `${label}: ${chestCount(n)}`}));
  g.append(sv("rect", {width, height: 50, rx: 8, class: "hold-box"}),
           sv("text", {x: 8, y: 17, class: "hold-label", text: label}));
  for (let i = 0; i < Math.min(n, Math.floor((width - 40) / 26)); i++) g.append(chestIcon(10 + i * 26, 24));
  g.append(sv("text", {x: width - 8, y: 42, class: "count", "text-anchor": "end", text: String(n)}));
  return g;
}

// "1 chest", "3 chests" (one form for 1, another for the rest, as es, de and it say it).
function chestCount(n) {
  return n === 1 ? t("1 chest") : t("{n} chests", {n});
}

function chestIcon(x, y) {
  return sv("g", {transform: `translate(${x} ${y})`, class: "chest"},
    sv("rect", {width: 22, height: 16, rx: 3}), sv("rect", {y: 6, width: 22, height: 3, class: "band"}));
}

function drawShip(v, ship, b) {
  const boat = ship + "_boat";
  const g = sv("g", {class: "ship", transform: `translate(${b.x} ${b.y})`, "data-target": `place:${ship}`});
  g.append(sv("text", {x: 14, y: 26, class: "place-name", text: capital(word("places", ship))}));
  // the hull, its bow on the right (the captain stands at the front of the line)
  g.append(sv("path", {class: "hull", d: `M20 62 H${b.w - 90} L${b.w - 20} 100 L${b.w - 70} 212 H60 Z`}));
  const line = v.places[ship];
  const step = Math.min(92, (b.w - 150) / Math.max(line.length, 3));
  g.append(pawnLine(v, [...line], b.w - 110, ui.narrow ? 98 : 104, -step, 3, 17));
  const hold = Math.min(200, (b.w - 150) / 2);
  g.append(chestRow(v, ship + "_british", 60, 158, teamName("british"), "british", hold));
  g.append(chestRow(v, ship + "_french", 72 + hold, 158, teamName("french"), "french", hold));
  // the rowboat, behind the ship
  const sunk = v.sunk_rowboats.includes(boat);
  const rb = sv("g", {class: "rowboat" + (sunk ? " sunk" : ""), transform: "translate(20 214)",
                      "data-target": `place:${boat}`});
  rb.append(sv("path", {class: "boat", d: `M0 14 H${b.w - 60} L${b.w - 80} 50 H20 Z`}),
            sv("text", {x: b.w - 90, y: 38, class: "boat-name", "text-anchor": "end",
                        text: capital(word("places", boat)) + (sunk ? ` (${t("sunk")})` : "")}));
  rb.append(pawnLine(v, [...v.places[boat]], 50, 30, 46, 0, 13));
  g.append(rb);
  return g;
}

function drawIsland(v, b) {
  const g = sv("g", {class: "island", transform: `translate(${b.x} ${b.y})`, "data-target": "place:tortuga"});
  g.append(sv("path", {class: "land", d: `M30 40 Q${b.w / 2} -10 ${b.w - 20} 50 Q${b.w + 10} ${b.h / 2} ${b.w - 30} ${b.h - 20} Q${b.w / 2} ${b.h + 10} 20 ${b.h - 30} Q-10 ${b.h / 2} 30 40 Z`}));
  g.append(sv("text", {x: 30, y: 40, class: "place-name", text: capital(word("places", "tortuga"))}));
  const line = v.places.tortuga;
  const perRow = Math.floor((b.w - 40) / 96);
  for (let row = 0; row * perRow < Math.max(line.length, 1); row++) {
    const part = line.slice(row * perRow, (row + 1) * perRow);
    g.append(pawnLine(v, part, 60, 104 + row * 70, 96, row === 0 ? 1 : 0, 16));
  }
  // the areas: the British and French ones side by side, chests outside them above
  const half = (b.w - 50) / 2;
  if ("tortuga_loose" in v.chests && v.chests.tortuga_loose) {
    g.append(chestRow(v, "tortuga_loose", 20, b.h - 140, word("chest_spots", "tortuga_loose"), "loose", b.w - 50));
  }
  ["british", "french"].forEach((team, i) => g.append(
    chestRow(v, `tortuga_${team}`, 20 + i * (half + 10), b.h - 76, teamName(team), team, half)));
  return g;
}

function drawGalleon(v, b) {
  const g = sv("g", {class: "galleon", transform: `translate(${b.x} ${b.y})`});
  g.append(sv("path", {class: "galleon-hull", d: `M20 70 H${b.w - 20} L${b.w - 60} 150 H60 Z`}),
           sv("path", {class: "sail", d: `M${b.w - 90} 10 V70 M${b.w - 140} 20 H${b.w - 40} L${b.w - 50} 62 H${b.w - 130} Z`}),
           sv("text", {x: 14, y: 26, class: "place-name", text: capital(word("chest_spots", "galleon"))}));
  const n = v.chests.galleon;
  const changed = ui.seen && ui.seen.chests.galleon !== n;
  const row = sv("g", {class: "hold" + (changed ? " changed" : ""), transform: "translate(70 92)",
                       "data-target": "spot:galleon", "data-spot": "galleon"});
  for (let i = 0; i < Math.min(n, 8); i++) row.append(chestIcon(i * 28, 4));
  row.append(sv("text", {x: b.w - 140, y: 20, class: "count", "text-anchor": "end", text: String(n)}));
  g.append(row);
  g.append(sv("text", {x: 14, y: b.h - 12, class: "totals",
    text: `${teamName("british")}: ${v.team_chests.british} · ${teamName("french")}: ${v.team_chests.french}`}));
  return g;
}

// The board in words, for screen readers (the drawing's text alternative).
function boardText(v) {
  const line = (place) => v.places[place].map((s, i) => {
    const roles = (v.roles[s] || []).map((r) => word("roles", r)).join(", ");
    return seatName(s) + (roles ? ` (${roles})` : "");
  }).join(", ") || "—";
  const out = [];
  for (const place of ["flying_dutchman", "jolly_roger", "tortuga", "flying_dutchman_boat", "jolly_roger_boat"]) {
    out.push(`${word("places", place)}: ${line(place)}`);
  }
  for (const [spot, n] of Object.entries(v.chests)) out.push(`${word("chest_spots", spot)}: ${chestCount(n)}`);
  return out;
}

// -- the board as the place decisions are made -------------------------------------------
// The pending decision's choices, each read as the board things it names: a seat's pawn
// ("@2"), row slots ("1,3", "slot 2"), places and chest spots by their ids, a kit game's
// dice by their letters, chests by their colour, seats by number. Clicking them one by one
// builds the choice; the buttons send the same actions (for keyboard and screen readers).

const board = {pick: [], key: null};

// The board things a choice names, in order; null if some part of it is no board thing
// (a "use" or "keep" word), so that only the buttons offer it.
function choiceTargets(v, action) {
  const words = action.split(/\s+/);
  const rest = words[0] === "choose" ? words.slice(2) : words.slice(1);
  if (!rest.length) return null;
  const out = [];
  for (const w of rest) {
    const found = wordTargets(v, w, words[0] === "choose" ? words[1] : words[0]);
    if (!found) return null;
    out.push(...found);
  }
  return out;
}

function wordTargets(v, w, name) {
  if (/^@\d+$/.test(w)) return [`seat:${w.slice(1)}`];
  if (/^\d+(,\d+)*$/.test(w) && (v.row || name === "victim")) {
    return w.split(",").map((n) => (v.row ? `slot:${n}` : `seat:${n}`));
  }
  if (v.places && w in v.places) return [`place:${w}`];
  if (v.chests && w.split(">").every((s) => s in v.chests)) return w.split(">").map((s) => `spot:${s}`);
  if (v.game && /^[\w-]+>[A-Z]+$/.test(w)) return [...w.split(">")[1]].map((d) => `die:${d}`);
  if (v.game && kitChestColour(v, w)) return [`token:${w}`];
  return null;
}

function kitChestColour(v, w) {
  return Object.values(v.zones || {}).some((z) => [z].flat().some((part) => part
    && (part.tokens || []).includes(w)));
}

// Slots and dice are picked as a set (any order); the other things in the choice's order.
const setLike = (target) => target.startsWith("slot:") || target.startsWith("die:");

function pickMatches(pick, targets) {
  const loose = targets.filter(setLike);
  const fixed = targets.filter((x) => !setLike(x));
  const pickedLoose = pick.filter(setLike);
  const pickedFixed = pick.filter((x) => !setLike(x));
  return pickedLoose.every((x) => loose.includes(x)) && new Set(pickedLoose).size === pickedLoose.length
    && pickedFixed.every((x, i) => fixed[i] === x);
}

function nextTargets(pick, targets) {
  const loose = targets.filter((x) => setLike(x) && !pick.includes(x));
  if (loose.length) return loose;
  const fixed = targets.filter((x) => !setLike(x));
  const done = pick.filter((x) => !setLike(x)).length;
  return done < fixed.length ? [fixed[done]] : [];
}

// The choices the board may offer now: those of the chosen turn action; with none chosen,
// a thing only one kind of turn action starts from (a rowboat: Row), never a guess between
// kinds (a slot starts a View, a Reveal and a Force alike: the button says which).
function boardCandidates(v) {
  const d = v.decision;
  const kind = (c) => c.action.split(" ")[0];
  const all = d.choices.map((c) => ({choice: c, targets: choiceTargets(v, c.action)}))
    .filter((x) => x.targets && x.targets.length
      && (ui.group === null || kind(x.choice) === ui.group));
  if (ui.group !== null || !(d.groups && d.groups.length > 1)) return all;
  const starts = {};
  for (const x of all) (starts[x.targets[0]] = starts[x.targets[0]] || new Set()).add(kind(x.choice));
  return all.filter((x) => starts[x.targets[0]].size === 1);
}

function boardChoices(v) {
  for (const node of document.querySelectorAll(".target, .picked")) unmarkTarget(node);
  const d = v.decision;
  const mine = d && ui.seat !== null && d.seat === ui.seat && !v.outcome && !openSeats();
  if (board.tableId !== ui.tableId) Object.assign(board, {tableId: ui.tableId, rematch: null});
  const key = `${v.step}:${ui.group}`;
  if (board.key !== key) board.pick = [];
  board.key = key;
  const candidates = mine ? boardCandidates(v).filter((x) => pickMatches(board.pick, x.targets)) : [];
  const offered = new Set(candidates.flatMap((x) => nextTargets(board.pick, x.targets)));
  for (const target of offered) {
    for (const node of document.querySelectorAll(targetSelector(target))) markTarget(v, node, target);
  }
  for (const target of board.pick) {
    for (const node of document.querySelectorAll(targetSelector(target))) node.classList.add("picked");
  }
  drawPick(v, candidates);
}

// The decision panel redraws itself when a turn action is chosen (or Back): the board
// offers that action's things then.
new MutationObserver(() => { if (ui.view && !$("game").hidden) boardChoices(ui.view); })
  .observe($("choices"), {childList: true});

function targetSelector(target) {
  const [kind, id] = target.split(":");
  if (kind === "die") return `.kit-seat.me [data-die="${id}"]`;
  if (kind === "token") return `.kit-seat.me [data-token="${id}"], .shared [data-token="${id}"]`;
  // (a row slot's card, not its list item: a list holds list items only)
  if (kind === "slot") return `#row [data-target="${target}"] > :last-child`;
  return `[data-target="${target}"]`;
}

function markTarget(v, node, target) {
  node.classList.add("target");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", targetName(v, target));
  node.onclick = (ev) => { ev.stopPropagation(); pickTarget(target); };
  node.onkeydown = (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pickTarget(target); }
  };
  const svg = node.closest("svg.board-svg, svg.kit-svg, svg.kit-shared");
  if (svg) svg.setAttribute("role", "group");
}

function unmarkTarget(node) {
  node.classList.remove("target", "picked");
  for (const a of ["role", "tabindex", "aria-label"]) node.removeAttribute(a);
  node.onclick = null;
  node.onkeydown = null;
}

// A board thing in the player's words (its spoken name as a target).
function targetName(v, target) {
  const [kind, id] = target.split(":");
  if (kind === "seat") return seatName(Number(id));
  if (kind === "slot") return t("slot {n}", {n: id});
  if (kind === "place") return capital(word("places", id));
  if (kind === "spot") return capital(word("chest_spots", id));
  if (kind === "die") return t("die {letter}", {letter: id});
  return kitWord(v, "tokens", id);
}

function pickTarget(target) {
  const v = ui.view;
  board.pick = [...board.pick, target];
  const left = boardCandidates(v).filter((x) => pickMatches(board.pick, x.targets));
  const done = left.filter((x) => x.targets.length === board.pick.length);
  if (done.length === 1 && left.length === 1) {
    board.pick = [];
    act(done[0].choice.action);
    return;
  }
  if (!left.length) board.pick = [];
  boardChoices(v);
  const again = document.querySelector(".target");
  if (again) again.focus({preventScroll: true});
}

// What has been picked on the board so far, with the choice it makes when that may be
// all (a die kept alone or with others), and a way to start again.
function drawPick(v, candidates) {
  let bar = $("board-pick");
  if (!bar) {
    bar = el("div", {id: "board-pick", class: "board-pick", "aria-live": "polite"});
    $("choices").after(bar);
  }
  bar.hidden = !board.pick.length;
  if (!board.pick.length) { put(bar, ); return; }
  const done = candidates.filter((x) => x.targets.length === board.pick.length);
  put(bar, el("span", {text: t("On the board: {things}", {things: board.pick.map((x) => targetName(v, x)).join(", ")})}),
    " ", ...done.map((x) => el("button", {type: "button", class: "choice", onclick: () => {
      board.pick = [];
      act(x.choice.action);
    }, text: x.choice.label})),
    " ", el("button", {type: "button", class: "quiet", id: "pick-cancel",
      onclick: () => { board.pick = []; boardChoices(ui.view); }, text: t("Start again")}));
}

// -- cards -------------------------------------------------------------------------------

const ICON_DRAWINGS = {
  cannon: () => [sv("circle", {cx: 9, cy: 15, r: 4, fill: "#333"}),
                 sv("rect", {x: 4, y: 6, width: 16, height: 6, rx: 3, fill: "#222", transform: "rotate(-20 12 9)"})],
  torch: () => [sv("rect", {x: 10, y: 9, width: 4, height: 12, fill: "#8a5a2b"}),
                sv("path", {d: "M12 2 C17 7 16 10 12 11 C8 10 7 7 12 2 Z", fill: "#f39c12"})],
  water: () => [sv("path", {d: "M12 3 C17 10 18 13 12 19 C6 13 7 10 12 3 Z", fill: "#2e86c1"})],
  british: () => [sv("rect", {x: 3, y: 5, width: 18, height: 13, fill: "#b3202a"}),
                  sv("path", {d: "M12 5 V18 M3 11.5 H21", stroke: "#fff", "stroke-width": 3})],
  french: () => [sv("rect", {x: 3, y: 5, width: 18, height: 13, fill: "#1f4fa8"}),
                 sv("path", {d: "M12 7 L14 11 L12 16 L10 11 Z", fill: "#f4d03f"})],
  helm: () => [sv("circle", {cx: 12, cy: 12, r: 7, fill: "none", stroke: "#6e4b1f", "stroke-width": 2.5}),
               sv("path", {d: "M12 2 V22 M2 12 H22 M5 5 L19 19 M19 5 L5 19", stroke: "#6e4b1f", "stroke-width": 1.6})],
  skull: () => [sv("circle", {cx: 12, cy: 10, r: 7, fill: "#eee", stroke: "#222"}),
                sv("circle", {cx: 9.5, cy: 10, r: 1.8, fill: "#222"}), sv("circle", {cx: 14.5, cy: 10, r: 1.8, fill: "#222"}),
                sv("rect", {x: 9, y: 16, width: 6, height: 4, fill: "#eee", stroke: "#222"})],
  blank: () => [],
};

function iconSvg(icon) {
  const svg = sv("svg", {viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true"});
  svg.append(...(ICON_DRAWINGS[icon] || ICON_DRAWINGS.blank)());
  return svg;
}

// A vote card, drawn with its three sections' icons and named in words.
function voteCard(v, id, cls) {
  const icons = (v.labels && v.labels.vote_card_icons && v.labels.vote_card_icons[id])
    || (ui.gl.vote_card_icons && ui.gl.vote_card_icons[id]) || {};
  const label = (v.labels && v.labels.vote_cards && v.labels.vote_cards[id]) || word("vote_cards", id);
  // a tap shows the card's words under its icons (a hover its title)
  const tell = (cls || "").includes("mini") ? null
    : (ev) => { if (!ev.currentTarget.closest(".target")) ev.currentTarget.classList.toggle("told"); };
  return el("li", {class: "vote-card " + (cls || ""), title: label, onclick: tell},
    el("span", {class: "sr", text: label}),
    ...["top", "middle", "bottom"].map((section) => el("span", {class: "section", "aria-hidden": "true"},
      ...(icons[section] || []).flatMap(([icon, k]) => Array.from({length: k}, () => iconSvg(icon))))));
}

// An event card: its name as the rulebook prints it (with that edition's gloss where it
// keeps an English name) and its text, folded away where cards pile up.
function eventCard(id, extra, folded) {
  const card = ui.gl.cards[id];
  const name = card ? card.name : id;
  const text = card ? el("p", {class: "card-text", lang: card.text_lang, text: card.text}) : null;
  return el("div", {class: `event-card ${card ? card.category : ""}`, title: card ? `${name}: ${card.text}` : null},
    el("strong", {class: "card-name", text: name}),
    card && card.gloss ? el("span", {class: "gloss", text: card.gloss}) : null,
    folded && text ? el("details", {}, el("summary", {text: t("The card's text")}), text) : text,
    extra ? el("span", {class: "card-note", text: extra}) : null);
}

function drawRow(v) {
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
function drawVote(v) {
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

function drawHand(v) {
  put($("loyalty"), v.my_loyalty
    ? el("div", {class: `loyalty-card ${v.my_loyalty}`}, el("span", {text: t("Your loyalty")}),
      el("strong", {text: teamName(v.my_loyalty)}))
    : el("p", {text: t("You are watching.")}));
  put($("hand"), ...(v.my_hand || []).map((c) => voteCard(v, c)));
}

function drawKept(v) {
  const rows = v.kept.map((cards, seat) => [cards, seat]).filter(([cards]) => cards.length);
  put($("kept"), ...(rows.length ? rows.map(([cards, seat]) => el("li", {},
    dot(seat), ` ${seatName(seat)}: `, el("div", {class: "kept-cards"}, cards.map((c) => eventCard(c, null, true)))))
    : [el("li", {text: "—"})]));
}

function drawEnd(v) {
  const o = v.outcome;
  $("end").hidden = !o;
  if (!o) return;
  const mine = v.my_loyalty || (v.loyalty && ui.seat !== null ? v.loyalty[ui.seat] : null);
  const won = mine && o.winners.includes(mine);
  put($("end"),
    el("h2", {id: "winner", text: winnerLine(o.winners.map(teamWinners))}),
    mine ? el("p", {class: "verdict " + (won ? "won" : "lost"), text: won ? t("You won!") : t("You did not win.")}) : null,
    endReason(o),
    el("p", {class: "team-chests", text: `${teamName("british")}: ${chestCount(o.chests.british ?? 0)} · `
      + `${teamName("french")}: ${chestCount(o.chests.french ?? 0)}`}),
    endResults(v, (v.loyalty || []).map((team, seat) => ({seat, won: o.winners.includes(team),
      cells: [teamName(team), roleWords(v, seat) || "—"]})), [t("Loyalty"), t("Roles at the end")], "loyalties"),
    endTools());
}

// The winning teams (as the rulebook names their people: "die Franzosen") or seats in a
// line.
function winnerLine(names) {
  if (!names.length) return t("A draw.");
  return t("Winners: {teams}", {teams: names.join(", ")});
}

function teamWinners(id) {
  const team = ui.gl.teams && ui.gl.teams[id];
  return (team && (team.people || team.name)) || id;
}

// Every seat's result as a table: its colour and name, what the game revealed of it
// (``cells`` under ``heads``) and whether it won.
function endResults(v, rows, heads, cls) {
  return el("table", {class: "results " + cls, "aria-label": cls === "scores" ? t("Scores") : t("Loyalties")},
    el("thead", {}, el("tr", {}, el("th", {scope: "col", text: t("Player")}),
      ...heads.map((h) => el("th", {scope: "col", text: h})), el("th", {scope: "col", text: t("Result")}))),
    el("tbody", {}, rows.map((r) => el("tr", {class: (r.won ? "won" : "lost") + (r.seat === ui.seat ? " me" : "")},
      el("th", {scope: "row"}, dot(r.seat), " " + seatName(r.seat)),
      ...r.cells.map((c) => el("td", {text: String(c)})),
      el("td", {text: r.won ? "★ " + t("won") : t("lost")})))));
}

// What comes after the end: a rematch with the same seats, the lobby, the replay and the
// whole log.
function endTools() {
  const tools = el("p", {class: "end-tools"});
  if (ui.token && ui.seat !== null) {
    tools.append(el("button", {type: "button", id: "rematch", class: "primary",
      onclick: rematch, text: board.rematch ? t("Join the rematch") : t("Rematch")}), " ");
  } else if (board.rematch) {
    tools.append(el("a", {href: `#/table/${board.rematch}`, id: "rematch", text: t("Watch the rematch")}), " ");
  }
  tools.append(
    el("button", {type: "button", id: "to-lobby", onclick: () => { location.hash = "#/"; },
                  text: t("Back to the lobby")}), " ",
    el("a", {href: `#/replay/${ui.tableId}?as=${ui.seat ?? "all"}&step=0`, id: "replay-link",
             class: "button-link", text: t("Watch the replay")}), " ",
    el("button", {type: "button", id: "reveal-log", onclick: showWholeLog, text: t("Show the whole log")}));
  return tools;
}

// A rematch: the same rules, players and seats at a new table (the first asks for it,
// every other seat joins it with its own old key); the new table opens.
async function rematch() {
  try {
    const made = await api("POST", `/api/tables/${ui.tableId}/rematch`, {token: ui.token});
    remember(made.table, made.token);
    location.hash = `#/table/${made.table}`;
  } catch (err) {
    $("status").textContent = err.message;
  }
}

// The server says a rematch was made: the end offers to join it.
function showRematch(id) {
  board.rematch = id;
  if (ui.view && ui.view.outcome) (ui.view.game ? drawKitEnd : drawEnd)(ui.view);
}

// -- a finished table replayed step by step, as any seat saw it or with everything shown ----

// The share link's parts: "#/replay/ID?as=all&step=K".
function replayAddress(id, as, step) {
  return `#/replay/${id}?as=${as}&step=${step}`;
}

async function showReplay(id, query) {
  closeSocket();
  clearInterval(ui.lobbyTimer);
  for (const section of ["lobby", "joining", "game"]) $(section).hidden = true;
  $("replay").hidden = false;
  $("status").textContent = "";  // no table's socket is open
  const params = new URLSearchParams(query || "");
  const as = params.get("as") || "all";
  const step = Math.max(0, Number(params.get("step")) || 0);
  try {
    if (!board.replay || board.replay.id !== id || board.replay.lang !== ui.lang) {
      board.replay = {id, lang: ui.lang, gl: await api("GET", `/api/tables/${id}/glossary`), views: {}};
    }
    ui.gl = board.replay.gl;
    const got = await api("GET", `/api/tables/${id}/replay?as=${as}&step=${step}`);
    const before = board.replay.views[`${as}:${step - 1}`] || null;
    board.replay.views[`${as}:${step}`] = got.view;
    Object.assign(ui, {table: got.table, seat: as === "all" ? null : Number(as), seen: before, tableId: null});
    drawReplay(id, got);
  } catch (err) {
    put($("replay"), el("p", {class: "error", role: "alert", text: err.message}),
      el("a", {href: "#/", text: t("Back to the lobby")}));
  }
}

function drawReplay(id, got) {
  const v = got.view;
  const as = got.as === "all" ? "all" : String(got.as);
  const go = (step) => { location.hash = replayAddress(id, as, Math.max(0, Math.min(got.last, step))); };
  const link = `${location.origin}/${replayAddress(id, as, got.step)}`;
  const seats = [["all", t("everything revealed")], ...got.table.seats.map((s) => [String(s.seat), s.called])];
  const stage = el("div", {class: "replay-board"});
  put($("replay"),
    el("section", {class: "panel replay-bar", "aria-labelledby": "replay-title"},
      el("h2", {id: "replay-title", text: `${t("Replay")} · ${rulesName(got.table)}`}),
      el("p", {class: "replay-controls"},
        replayButton("replay-first", "|◀", t("First step"), () => go(0), got.step === 0),
        replayButton("replay-prev", "◀", t("Previous step"), () => go(got.step - 1), got.step === 0),
        el("span", {id: "replay-step", "aria-live": "polite",
                    text: t("Step {n} of {m}", {n: got.step, m: got.last})}),
        replayButton("replay-next", "▶", t("Next step"), () => go(got.step + 1), got.step >= got.last),
        replayButton("replay-last", "▶|", t("Last step"), () => go(got.last), got.step >= got.last),
        el("label", {class: "replay-as"}, el("span", {text: t("As seen by")}), " ",
          el("select", {id: "replay-as", onchange: (ev) => { location.hash = replayAddress(id, ev.target.value, got.step); }},
            seats.map(([value, text]) => el("option", {value, text, selected: value === as}))))),
      el("p", {class: "replay-share"}, el("span", {text: t("Share: ")}),
        el("a", {href: link, id: "replay-share", text: link}), " ",
        el("button", {type: "button", class: "quiet", onclick: () => {
          if (navigator.clipboard) navigator.clipboard.writeText(link);
        }, text: t("Copy")}), " ", el("a", {href: "#/", text: t("Back to the lobby")})),
      v.decision ? el("p", {class: "replay-waiting", text: v.decision.waiting || v.decision.prompt || ""}) : null,
      el("ol", {id: "replay-events", class: "replay-events", "aria-label": t("What happened")},
        (got.events || []).filter((e) => e.text).map(replayLine))),
    stage);
  if (v.game) drawKitBoard(v, stage);
  else drawBoard(v, stage);
  board.replayKeys = {ArrowLeft: got.step - 1, ArrowRight: got.step + 1, Home: 0, End: got.last, go};
}

// The arrow keys step through a replay (Home and End: its first and last step).
document.addEventListener("keydown", (ev) => {
  const keys = board.replayKeys;
  if (!keys || $("replay").hidden || ev.target.closest("select, input, textarea")) return;
  if (ev.key in keys && ev.key !== "go") { ev.preventDefault(); keys.go(keys[ev.key]); }
});

function replayButton(id, icon, label, onclick, disabled) {
  return el("button", {type: "button", id, class: "quiet", "aria-label": label, title: label,
                       onclick, disabled, text: icon});
}

// A line of the replay: its sentence and the rule it cites, whose words open beneath it.
function replayLine(e) {
  const quote = el("q", {class: "replay-clause", lang: ui.gl.clauses_lang || ui.lang, hidden: true,
                         text: e.clause ? ui.gl.clauses[e.clause] || "" : ""});
  return el("li", {}, e.text, " ", e.clause ? el("a", {href: "#clause-" + e.clause, class: "clause",
    title: t("The rule"), onclick: (ev) => { ev.preventDefault(); quote.hidden = !quote.hidden; }, text: "§"}) : null,
    " ", quote);
}

// -- the log, oldest first, each line citing its rule -------------------------------------

async function showWholeLog() {
  showLog((await api("GET", `/api/tables/${ui.tableId}/reveal`)).events);
}

function showLog(events) {
  put($("log"), );
  addLog(events);
}

// The rule behind a line: a § whose quote shows on hover (its title) and, on a click or
// Enter, in full in the log's aside.
function clauseLink(id) {
  const quote = ui.gl && ui.gl.clauses ? ui.gl.clauses[id] : null;
  const link = el("a", {href: "#clause-" + id, class: "clause", title: quote || t("The rule"),
    "aria-label": t("The rule"), "data-clause": id, text: "§"});
  link.addEventListener("click", (ev) => {
    ev.preventDefault();
    showClause(id, link.dataset.also ? link.dataset.also.split(" ") : []);
  });
  return link;
}

function addLog(events) {
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
function followLog() {
  if (!ui.logPinned) return;
  $("log").scrollTop = $("log").scrollHeight;
  ui.logScrolling = false;
}

// Only the player's own scrolling (wheel, touch, keys, the scroll bar) unpins the log: the
// scroll events of new lines and of the screen's changes come late, when more lines are in.
function watchLog() {
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
function foldClause(line, id) {
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
function logLine(e) {
  const cls = [e.kind === "turn" ? "turn-head" : null, e.private_to !== undefined ? "private" : null];
  return el("li", {class: cls.filter(Boolean).join(" ") || null},
    ...namedWords(e.text || e.kind), " ", e.clause ? clauseLink(e.clause) : null);
}

// A sentence with each player's name marked by the seat's colour (a dot beside it).
function namedWords(text) {
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

// -- the stage: the moments of the game - a vote's cards turned one by one, its tally, its
// verdict and what follows; an event card revealed; a marooning - kept on screen until
// the player dismisses them (the log keeps them too) ----------------------------------

const MOMENTS_KEPT = 3;
const CARD_TURN = 0.6;  // seconds between two vote cards turned

// Which of a step's events make a moment: each one found starts one.
function stageEvents(events) {
  let told = -1;  // the last event a moment already tells (a vote's consequences)
  events.forEach((e, i) => {
    if (e.kind === "vote-call") ui.calls = e;
    if (i <= told) return;
    const [after, end] = consequences(events, i + 1);
    if (e.kind === "vote-reveal") addMoment(voteMoment(e, events.slice(i + 1), after));
    else if (e.kind === "reveal") addMoment(revealMoment(e, after));
    else if (e.kind === "maroon") addMoment(lineMoment(e));
    else if (e.kind === "revealed-together") addMoment(lineMoment(e, after));  // screens lifted
    else return;
    told = e.kind === "maroon" ? i : end - 1;
  });
}

// What follows a moment in its step, until the next turn or moment: the lines that say
// what it did (not the vote's cards going back, nor the next turn's bookkeeping); and
// the index it stopped at.
function consequences(events, from) {
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

// A new moment on top; the ones before it folded to their headline, the oldest let go.
function addMoment(node) {
  for (const older of ui.moments) older.classList.add("older");
  ui.moments.unshift(node);
  $("moments").prepend(node);
  while (ui.moments.length > MOMENTS_KEPT) ui.moments.pop().remove();
  $("stage").hidden = false;
}

function dismissStage() {
  const had = $("stage").contains(document.activeElement);
  ui.moments = [];
  put($("moments"), );
  $("stage").hidden = true;
  if (had) $("prompt").focus();
}

function consequenceList(after) {
  return after.length ? el("ul", {class: "consequences later"},
    after.map((e) => el("li", {}, ...namedWords(e.text), " ", e.clause ? clauseLink(e.clause) : null))) : null;
}

// A vote: its kind and place, its cards turned one by one, then the tally, the verdict
// and what it did.
function voteMoment(reveal, rest, after) {
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
function revealMoment(e, after) {
  return el("article", {class: "moment reveal-moment"},
    el("p", {class: "headline"}, ...namedWords(e.text), " ", e.clause ? clauseLink(e.clause) : null),
    eventCard(e.card), consequenceList(after));
}

// A moment said in one line (a marooning; the dice game's screens lifted, and what follows).
function lineMoment(e, after) {
  return el("article", {class: "moment"},
    el("p", {class: after ? "headline" : "verdict-line headline"}, ...namedWords(e.text), " ", e.clause ? clauseLink(e.clause) : null),
    after ? consequenceList(after) : null);
}

// A rule in the words of the player's rulebook; where none says it, our wording, marked;
// where that language's 1st-edition rulebook says otherwise (the Italian one), that too.
function showClause(id, also = []) {
  $("clause").hidden = false;
  put($("clause"), ...[id, ...also].map(clauseQuote),
    el("button", {type: "button", class: "quiet", onclick: () => { $("clause").hidden = true; }, text: t("Close")}));
}

function clauseQuote(id) {
  const text = ui.gl.clauses[id] || "";
  const kind = ui.gl.clause_kinds ? ui.gl.clause_kinds[id] : "quote";
  const first = ui.gl.first_edition ? ui.gl.first_edition[id] : null;
  return el("p", {class: "quote"}, el("q", {lang: ui.gl.clauses_lang || ui.lang, text}), " ",
    kind === "own" ? el("small", {class: "own", text: `(${t("no rulebook in this language says it: our wording")})`}) : null,
    first ? el("small", {class: "first", text: ` (${t("the 1st edition says: {text}", {text: first})})`}) : null);
}

// On a phone the table shows one pane at a time under the question: the board, your hand
// or the log (a wide screen shows them all and hides the tabs).
function showPane(name) {
  $("game").dataset.pane = name;
  for (const button of document.querySelectorAll("#panes button")) {
    button.setAttribute("aria-pressed", String(button.dataset.show === name));
  }
  if (name === "log") followLog();
  if (name === "board" && ui.view && !ui.view.game) drawBoard(ui.view);
}

// -- start -----------------------------------------------------------------------------

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  $("replay").hidden = true;
  if (parts[0] === "replay" && parts[1]) {
    await showReplay(...parts[1].split("?"));
    return;
  }
  if (parts[0] === "table" && parts[1]) {
    if (parts[2] === "join" && !localStorage.getItem("tortuga:token:" + parts[1])) {
      await showInvitation(parts[1]);
      return;
    }
    await openTable(parts[1]);
  } else {
    showLobby();
  }
}

async function start() {
  const lang = pickLanguage();
  ui.lang = lang;
  ui.info = await gameInfo(lang);
  put($("lang"), ...ui.info.languages.map((l) => el("option", {value: l, text: LANG_NAMES[l] || l})));
  $("lang").value = lang;
  $("lang").addEventListener("change", () => setLanguage($("lang").value));
  $("sound").checked = localStorage.getItem("tortuga:sound") === "on";
  $("sound").addEventListener("change", () => localStorage.setItem("tortuga:sound", $("sound").checked ? "on" : "off"));
  $("players").addEventListener("change", drawSeats);
  $("ruleset").addEventListener("change", drawVariants);
  $("house-file").addEventListener("change", async () => {
    const file = $("house-file").files[0];
    if (file) $("house").value = (await file.text()).slice(0, 16000);
  });
  $("table-rules").addEventListener("toggle", () => { if ($("table-rules").open) drawTableRules(); });
  $("create").addEventListener("submit", createTable);
  $("undo").addEventListener("click", () => send({type: "undo", token: ui.token}));
  $("stage-close").addEventListener("click", dismissStage);
  watchLog();
  for (const button of document.querySelectorAll("#panes button")) {
    button.addEventListener("click", () => showPane(button.dataset.show));
  }
  window.addEventListener("hashchange", route);
  window.addEventListener("resize", () => {
    if (!ui.view || $("game").hidden) return;
    if (ui.view.game) drawKitBoard(ui.view);
    else drawBoard(ui.view);
  });
  await setLanguage(lang);
  await route();
}

start();
