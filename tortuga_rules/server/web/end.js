// The end of a game (results, rematch) and the replay of a finished table, step by step.
import {board, chestCount, drawBoard, roleWords} from "./board1667.js";
import {$, el, put} from "./dom.js";
import {drawKitBoard, drawKitEnd} from "./kitboard.js";
import {rulesName} from "./lobby.js";
import {clauseLink, showWholeLog} from "./log.js";
import {api, closeSocket, remember} from "./net.js";
import {ui} from "./page.js";
import {dot, seatName, teamName} from "./table.js";
import {t} from "./words.js";

// Why the game ended: the rule that decided it, in the rulebook's words.
export function endReason(o) {
  const text = o.reason && ui.gl.clauses ? ui.gl.clauses[o.reason] : null;
  if (!text) return null;
  return el("p", {class: "reason"}, el("span", {text: t("Why: ")}),
    el("q", {lang: ui.gl.clauses_lang || ui.lang, text}), " ", clauseLink(o.reason));
}

export function drawEnd(v) {
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
export function winnerLine(names) {
  if (!names.length) return t("A draw.");
  return t("Winners: {teams}", {teams: names.join(", ")});
}

export function teamWinners(id) {
  const team = ui.gl.teams && ui.gl.teams[id];
  return (team && (team.people || team.name)) || id;
}

// Every seat's result as a table: its colour and name, what the game revealed of it
// (``cells`` under ``heads``) and whether it won.
export function endResults(v, rows, heads, cls) {
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
export function endTools() {
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
export async function rematch() {
  try {
    const made = await api("POST", `/api/tables/${ui.tableId}/rematch`, {token: ui.token});
    remember(made.table, made.token);
    location.hash = `#/table/${made.table}`;
  } catch (err) {
    $("status").textContent = err.message;
  }
}

// The server says a rematch was made: the end offers to join it.
export function showRematch(id) {
  board.rematch = id;
  if (ui.view && ui.view.outcome) (ui.view.game ? drawKitEnd : drawEnd)(ui.view);
}

// -- a finished table replayed step by step, as any seat saw it or with everything shown ----

// The share link's parts: "#/replay/ID?as=all&step=K".
export function replayAddress(id, as, step) {
  return `#/replay/${id}?as=${as}&step=${step}`;
}

export async function showReplay(id, query) {
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

export function drawReplay(id, got) {
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

export function replayButton(id, icon, label, onclick, disabled) {
  return el("button", {type: "button", id, class: "quiet", "aria-label": label, title: label,
                       onclick, disabled, text: icon});
}

// A line of the replay: its sentence and the rule it cites, whose words open beneath it.
export function replayLine(e) {
  const quote = el("q", {class: "replay-clause", lang: ui.gl.clauses_lang || ui.lang, hidden: true,
                         text: e.clause ? ui.gl.clauses[e.clause] || "" : ""});
  return el("li", {}, e.text, " ", e.clause ? el("a", {href: "#clause-" + e.clause, class: "clause",
    title: t("The rule"), onclick: (ev) => { ev.preventDefault(); quote.hidden = !quote.hidden; }, text: "§"}) : null,
    " ", quote);
}

// -- the log, oldest first, each line citing its rule -------------------------------------
