// The reference web client of tortuga-rules serve: plain JavaScript modules, no build step.
// It speaks only the documented protocol (docs/server.md): HTTP to make and join
// tables, one websocket per seat for views in and moves out. It shows what the
// server sends - every word of the game comes from the server, in the player's
// language - and never works out the rules itself.
//
// This is the entry module (index.html loads it as type="module"): routing between the
// lobby, a table and a replay, and the page's start. The other modules are nouns:
// dom, page (the state), words, net, lobby, table, board1667, kitboard, stage, log, end.
import {drawBoard} from "./board1667.js";
import {$, el, put} from "./dom.js";
import {showReplay} from "./end.js";
import {drawKitBoard} from "./kitboard.js";
import {createTable, drawSeats, drawVariants, showInvitation, showLobby} from "./lobby.js";
import {watchLog} from "./log.js";
import {applyPatch, connect, openTable, send} from "./net.js";
import {ui} from "./page.js";
import {dismissStage, stageEvents} from "./stage.js";
import {drawTableRules, showPane} from "./table.js";
import {LANG_NAMES, gameInfo, particle, pickLanguage, setLanguage, t} from "./words.js";

export async function route() {
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

export async function start() {
  const lang = pickLanguage();
  ui.lang = lang;
  ui.info = await gameInfo(lang);
  put($("lang"), ...ui.info.languages.map((l) => el("option", {value: l, text: LANG_NAMES[l] || l})));
  $("lang").value = lang;
  $("lang").addEventListener("change", () => setLanguage($("lang").value));
  $("sound").checked = localStorage.getItem("tortuga:sound") === "on";
  $("sound").addEventListener("change", () => localStorage.setItem("tortuga:sound", $("sound").checked ? "on" : "off"));
  $("players").addEventListener("change", drawSeats);
  // the game's variants, and the bots' strength measured in that game
  $("ruleset").addEventListener("change", () => { drawVariants(); drawSeats(); });
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

// The browser tests reach into the page through these names (page.evaluate in tests/):
// modules keep their bindings to themselves, so the ones a test reads are put on window
// on purpose, here and nowhere else.
Object.assign(window, {ui, t, particle, applyPatch, connect, stageEvents, dismissStage});

start();
