// The lobby: new tables (seats, bots by level, variants, house rules), open tables,
// invitations.
import {$, el, put} from "./dom.js";
import {api, closeSocket, remember} from "./net.js";
import {ui} from "./page.js";
import {dot} from "./table.js";
import {t} from "./words.js";

export function show(section) {
  for (const id of ["lobby", "joining", "game"]) $(id).hidden = id !== section;
}

// -- lobby: who plays first, then which game and variants ----------------------------------

export function showLobby() {
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
export function isBase(id) {
  const info = ui.info.rulesets.find((r) => r.id === id);
  if (info && info.base !== undefined) return info.base;
  return ["standard", "first-edition", "intermediate", "first-edition-intermediate",
          "tortuga-dice"].includes(id);
}

export function rulesetInfo(id) {
  return ui.info.rulesets.find((r) => r.id === id);
}

// A table's rules by name in the player's language: its ruleset and its variants' titles.
export function rulesName(table) {
  const base = rulesetInfo(table.ruleset);
  if (!base) return table.rules.name;
  return [base.name, ...table.variants.map((v) => (rulesetInfo(v) || {title: v}).title)].join(" + ");
}

// One option as a field: a checkbox, a number with its range, or a list of choices.
export function optionField(name, d) {
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
export function drawVariants() {
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

export function chosenOptions() {
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
export function defaultBot() {
  return ui.info.bots[Math.min(1, ui.info.bots.length - 1)];
}

export function drawSeats() {
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
export function botName(id) {
  const level = ui.info.bot_levels && ui.info.bot_levels[id];
  if (level && level.name) return level.name;
  const names = {random: t("plays at random"), heuristic: t("plays by rules of thumb")};
  return names[id] || id;
}

// A bot's measured strength in the chosen ruleset's game beside its name (" · Elo 1350"),
// if the server measured it there (an older server gives one figure, Tortuga 1667's).
export function botElo(id) {
  const level = ui.info.bot_levels && ui.info.bot_levels[id];
  const base = rulesetInfo($("ruleset").value);
  const game = base ? base.game || "tortuga-1667" : "tortuga-1667";
  const elo = level && (level.elo_by_game ? level.elo_by_game[game] : level.elo);
  return typeof elo === "number" ? ` · ${t("Elo {n}", {n: Math.round(elo)})}` : "";
}

export function botAbout(id) {
  const level = ui.info.bot_levels && ui.info.bot_levels[id];
  if (!level) return "";
  return [level.level ? t("level {n}", {n: level.level}) : null, level.about].filter(Boolean).join(": ");
}

export async function listTables() {
  let tables;
  try {
    tables = (await api("GET", "/api/tables")).tables;
  } catch (err) {
    return;
  }
  put($("tables"), ...(tables.length ? tables.map(tableItem)
    : [el("li", {text: t("No table yet: create one.")})]));
}

export function tableItem(table) {
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

export async function createTable(event) {
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

export async function showInvitation(id) {
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
