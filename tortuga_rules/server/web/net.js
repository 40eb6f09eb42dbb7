// Talking to the server: HTTP (api), the table's websocket, views patched in place
// (applyPatch), moves sent.
import {$, put} from "./dom.js";
import {showRematch} from "./end.js";
import {show} from "./lobby.js";
import {addLog, showLog} from "./log.js";
import {ui} from "./page.js";
import {dismissStage, stageEvents, stageFromHistory} from "./stage.js";
import {draw, drawPlayers} from "./table.js";
import {t} from "./words.js";

export async function api(method, path, body) {
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

export function remember(id, token) {
  localStorage.setItem("tortuga:token:" + id, token);
}

// -- the table's socket ----------------------------------------------------------------

export async function openTable(id) {
  clearInterval(ui.lobbyTimer);
  closeSocket();
  Object.assign(ui, {tableId: id, token: localStorage.getItem("tortuga:token:" + id),
                     seat: null, view: null, group: null, retry: 0, seen: null,
                     mineBefore: false, logCount: 0, logPinned: true, stagedStep: -1});
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

export function connect() {
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

export function closeSocket() {
  ui.leaving = true;
  if (ui.ws) ui.ws.close();
  ui.ws = null;
}

export function send(message) {
  if (ui.ws && ui.ws.readyState === WebSocket.OPEN) ui.ws.send(JSON.stringify(message));
}

export function receive(message) {
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
    if (message.connected) ui.connected = connectedSeats(message.connected);
    if (ui.view.step === before + 1) {
      addLog(ui.view.events.map((e) => ({step: ui.view.step, ...e})));
      stageEvents(ui.view.events, ui.view.step);
    }
    else if (ui.view.step !== before) send({type: "history"});
    if (ui.view.step !== before) ui.group = null;
    $("error").textContent = ui.table.failed || "";  // the table's rules failed a move: why
    draw();
  } else if (message.type === "presence") {
    // a seat's connection opened or closed: the players' panels say so at once
    if (message.table !== ui.tableId || !ui.view) return;
    ui.connected = connectedSeats(message.connected);
    drawPlayers(ui.view);
  } else if (message.type === "history") {
    showLog(message.events);
    stageFromHistory(message.events);
  } else if (message.type === "rematch") {
    showRematch(message.table);
  } else if (message.type === "refused") {
    $("error").textContent = message.error.said || message.error.message;
  } else if (message.type === "closed" || message.type === "expired" || message.type === "revoked") {
    $("status").textContent = message.error ? (message.error.said || message.error.message) : t("This table has closed.");
  }
}

// The seats with an open socket, from a message's ``connected``: one flag per seat (as the
// ``presence`` message says it) or the seats' numbers.
export function connectedSeats(connected) {
  return connected.every((x) => typeof x === "boolean")
    ? connected.flatMap((open, seat) => (open ? [seat] : [])) : connected;
}

// A view patched (RFC 6902: add, replace, remove; JSON Pointer paths with ~0 and ~1): a
// new object, the old view untouched. Arrays come replaced whole, but "-" and indices
// are read as the RFC says.
export function applyPatch(doc, patch) {
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

export function act(action) {
  ui.seen = ui.view;  // what changes from here on is shown as new
  send({type: "act", token: ui.token, action, step: ui.view.step});
}

// -- names -----------------------------------------------------------------------------
