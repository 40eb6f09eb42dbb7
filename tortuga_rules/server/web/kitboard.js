// The dice game's board (the kit's board): tokens, dice, zones, tracks, each seat's board.
import {$, el, put, sv} from "./dom.js";
import {endReason, endResults, endTools, winnerLine} from "./end.js";
import {ui} from "./page.js";
import {colour, dot, seatName} from "./table.js";
import {capital, t} from "./words.js";

export const kitWord = (v, group, id) => (v.labels && v.labels[group] && v.labels[group][id]) || id;

export function drawKitStatus(v) {
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
export function tokenColour(id) {
  return typeof id === "string" && window.CSS && CSS.supports("color", id) ? id : "#c9b68a";
}

export function kitToken(v, item, x, y) {
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
export function kitDie(v, item, x, y) {
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

export const DIE_FACES = {
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
export function sideMark(v, side) {
  if (side === "skull") return "☠";
  const w = kitWord(v, "sides", side);
  return w.replace(/^(the|la|el|le|il|die|der|das)\s+/i, "").slice(0, 2).toUpperCase();
}

// A zone's tokens laid out ten to a row from (left, top), rows `rowStep` apart: their
// drawings, the right edge of the widest row and the last row's top.
function layTokens(v, tokens, left, top, rowStep) {
  const body = [];
  let cx = left, cy = top, widest = 0;
  tokens.forEach((item, i) => {
    if (i > 0 && i % 10 === 0) { cx = left; cy += rowStep; }
    const [node, w] = kitToken(v, item, cx, cy);
    body.push(node);
    cx += w;
    widest = Math.max(widest, cx);
  });
  return {body, widest, cy};
}

// A zone as a box of its tokens (or how many are hidden), laid out from (x, y).
export function kitZone(v, name, z, x, y) {
  const title = kitWord(v, "zones", name);
  const tokens = z.tokens || [];
  // (dice carry their letter on a tab above them: they start lower, clear of the name)
  const top = tokens.some((i) => i && typeof i === "object" && "die" in i) ? 30 : 22;
  const {body, widest, cy} = layTokens(v, tokens, 8, top, 36);
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

// Zones flowed into rows of at most ``width``, each drawn by ``draw`` (a zone's box, by
// default); the group, its height and its width.
export function flowZones(v, zones, width, y0, draw = kitZone) {
  const g = sv("g", {});
  let x = 0, y = y0, tallest = 0, widest = 0;
  for (const [name, z] of zones) {
    const [node, w] = draw(v, name, z, 0, 0);
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
export function kitTrack(v, name, seat, y, width) {
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
export function kitSeatBoard(v, seat, mainTracks, bonus, own) {
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
export function kitPicks(v, seat) {
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

export function kitSeatText(v, seat, mainTracks, bonuses, zones) {
  const parts = mainTracks.map((n) => `${kitWord(v, "tracks", n)} ${v.tracks[n][seat]}`);
  for (const [name, z] of zones) {
    parts.push(`${kitWord(v, "zones", name)}: ` + (z.tokens ? z.tokens.map((i) => typeof i === "object"
      ? `${kitWord(v, "sides", i.side)} ${i.pips || ""}` : kitWord(v, "tokens", i)).join(", ")
      : t("{n} hidden", {n: z.count})));
  }
  return [seatName(seat), ...parts, ...bonuses, ...kitPicks(v, seat)].join("; ");
}

// The shared zones a kit game puts on the table drawn as what they are - a bag, a pile of
// treasure tokens, an island - by the zone's id (a picture, like a die face's); any other
// zone is a box of its tokens.
export const ZONE_PICTURES = {
  bag: () => [sv("path", {d: "M15 15 Q3 31 7 43 Q9 49 24 49 Q39 49 41 43 Q45 31 33 15 Z",
                          fill: "#a87b45", stroke: "#5a3a1a", "stroke-width": 1.5}),
              sv("path", {d: "M17 15 Q24 11 31 15 L33 7 Q24 11 15 7 Z", fill: "#8a5a2b", stroke: "#5a3a1a"}),
              sv("path", {d: "M15 16 H33", stroke: "#e0c080", "stroke-width": 2.6}),
              sv("path", {d: "M14 40 Q24 45 34 40", fill: "none", stroke: "#5a3a1a", "stroke-width": 1})],
  treasure: () => [[10, 38], [22, 42], [34, 38], [16, 30], [28, 30], [22, 22]].map(([cx, cy]) =>
    sv("g", {}, sv("ellipse", {cx, cy: cy + 2, rx: 9, ry: 4, fill: "#8a6a10"}),
                sv("ellipse", {cx, cy, rx: 9, ry: 4, fill: "#e0a526", stroke: "#8a6a10"}))),
  central: () => [sv("ellipse", {cx: 24, cy: 42, rx: 22, ry: 7, fill: "#2e86c1", opacity: .35}),
                  sv("path", {d: "M4 42 Q24 26 44 42 Z", fill: "#e9d29a", stroke: "#b08d4a"}),
                  sv("path", {d: "M23 36 Q25 22 21 12", fill: "none", stroke: "#7a4a1f", "stroke-width": 2.4}),
                  sv("path", {d: "M21 12 Q13 9 8 15 M21 12 Q29 8 34 14 M21 12 Q18 4 11 5 M21 12 Q26 4 32 6",
                              fill: "none", stroke: "#1e8449", "stroke-width": 2.6, "stroke-linecap": "round"})],
};

// About how wide a label is drawn at ``size`` px (Hangul and CJK are about a square each).
export function textWidth(text, size) {
  return [...String(text)].reduce((w, ch) => w + (ch.codePointAt(0) >= 0x1100 ? 1.05 : 0.62) * size, 0);
}

// A shared zone: pictured where the kit has a picture for it, else a box of its tokens.
function sharedZone(v, name, z, x, y) {
  return (ZONE_PICTURES[name] ? pictureZone : kitZone)(v, name, z, x, y);
}

// A shared zone as its picture, its name and either how many it holds (a bag's tokens are
// hidden: only their number is known) or its tokens laid on it.
export function pictureZone(v, name, z, x, y) {
  const title = capital(kitWord(v, "zones", name));
  const tokens = z.tokens || [];
  const g = sv("g", {class: `kit-zone pictured zone-${name}`, transform: `translate(${x} ${y})`});
  const face = sv("g", {class: "zone-picture", transform: "translate(6 8)"});
  face.append(...ZONE_PICTURES[name]());
  const {body, widest, cy} = layTokens(v, tokens, 62, 30, 32);
  const count = tokens.length ? null : String(z.count ?? tokens.length);
  const width = Math.max(120, widest + 8, 62 + textWidth(title, 13) + 10,
                         count ? 62 + textWidth(count, 22) + 12 : 0);
  const height = Math.max(64, cy + 30);
  g.append(sv("rect", {width, height, rx: 9, class: "zone-box"}), face,
           sv("text", {x: 62, y: 20, class: "zone-name", text: title}), ...body);
  if (count) g.append(sv("text", {x: 62, y: 50, class: "zone-count", text: count}));
  g.height = height;
  return [g, width];
}

// What a seat's board says to a screen reader: its tracks, zones, bonuses and picks.
export function zoneText(v, name, z) {
  return `${kitWord(v, "zones", name)}: ` + (z.tokens
    ? z.tokens.map((i) => kitWord(v, "tokens", i)).join(", ") || "—" : t("{n} hidden", {n: z.count}));
}

// One seat's board: its name and colour, its tracks and zones (a target: ``seat:N``).
export function kitSeat(v, seat, main, bonus, own) {
  const mine = seat === ui.seat;
  return el("article", {class: "kit-seat" + (mine ? " me" : "")
    + (seat === v.current_player ? " acting" : ""), "data-target": `seat:${seat}`},
    el("h3", {id: mine ? "kit-mine-title" : null}, dot(seat),
       " " + seatName(seat) + " · " + kitWord(v, "seats", String(seat))),
    kitSeatBoard(v, seat, main, bonus, own));
}

// The kit's board: the shared zones, then every seat's board - at the table one's own board
// sits beside the question (``#kit-mine``, the phone's "hand" pane), the others' here; a
// replay (``into`` another node) shows every seat where it is drawn.
export function drawKitBoard(v, into = $("kit-board")) {
  const shared = Object.entries(v.zones).filter(([, z]) => !Array.isArray(z));
  const own = Object.entries(v.zones).filter(([, z]) => Array.isArray(z));
  const bonus = Object.keys(v.tracks).filter((n) => n.startsWith("bonus-"));
  const main = Object.keys(v.tracks).filter((n) => !n.startsWith("bonus-"));
  const across = ($("kit-board").clientWidth || window.innerWidth) < 600 ? 400 : 1000;
  const [g, height, widest] = flowZones(v, shared, across, 0, sharedZone);
  // (drawn at its own size, smaller only where the screen is narrower)
  const top = sv("svg", {viewBox: `-4 -4 ${widest + 8} ${height + 12}`, class: "kit-shared",
    width: widest + 8, height: height + 12,
    role: "img", "aria-label": shared.map(([n, z]) => zoneText(v, n, z)).join("; ")});
  top.append(g);
  const atTable = into === $("kit-board") && ui.seat !== null && ui.seat !== undefined
    && ui.seat < v.players;
  const seats = [];
  for (let seat = 0; seat < v.players; seat++) {
    if (!(atTable && seat === ui.seat)) seats.push(kitSeat(v, seat, main, bonus, own));
  }
  put(into, el("div", {class: "shared"}, top), el("div", {class: "kit-seats"}, ...seats));
  if (into !== $("kit-board")) return;
  $("kit-mine").hidden = !atTable;
  put($("kit-mine"), atTable ? kitSeat(v, ui.seat, main, bonus, own) : null);
}

export function drawKitEnd(v) {
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
