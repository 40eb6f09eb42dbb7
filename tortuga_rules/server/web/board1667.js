// Tortuga 1667's board in SVG: ships, island, galleon, pawns and chests, moves animated,
// labels fitted, the board's targets clicked for decisions, and the cards (vote and event
// cards, icons).
import {$, el, put, sv} from "./dom.js";
import {kitWord} from "./kitboard.js";
import {act} from "./net.js";
import {ui} from "./page.js";
import {colour, openSeats, seatName, teamName, word} from "./table.js";
import {capital, t} from "./words.js";

// The boxes the board is drawn in: side by side on a wide screen, stacked on a phone.
export function layout(wide) {
  if (wide) {
    return {w: 1000, h: 560, ships: [{x: 10, y: 10, w: 600, h: 260}, {x: 10, y: 290, w: 600, h: 260}],
            island: {x: 630, y: 10, w: 360, h: 330}, galleon: {x: 630, y: 360, w: 360, h: 190}};
  }
  return {w: 420, h: 1090, ships: [{x: 10, y: 10, w: 400, h: 260}, {x: 10, y: 290, w: 400, h: 260}],
          island: {x: 10, y: 570, w: 400, h: 300}, galleon: {x: 10, y: 885, w: 400, h: 195}};
}

export function drawBoard(v, into) {
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
export function spotOf(view, seat) {
  if (!view) return null;
  for (const [place, line] of Object.entries(view.places)) {
    const i = line.indexOf(seat);
    if (i >= 0) return `${place}:${i}`;
  }
  return null;
}

export function pawnNode(v, seat, x, y, r, low = 0) {
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

export function initials(name) {
  const parts = name.split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[1][0] : name.slice(0, 2)).toUpperCase();
}

// The board's words as drawn: a name or role label is moved inside the board's edge, and
// of two that run into each other the longer loses letters (to "…") until they part; a
// pawn's whole name stays its title.
export function fitLabels(svg, width) {
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
export function animateMoves(svg, wide, v) {
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
export const lineGap = () => (ui.narrow ? 20 : 14);

// A name short enough for the space under a pawn.
export function short(name) {
  const most = ui.narrow ? 9 : 11;
  return name.length > most ? name.slice(0, most - 1) + "…" : name;
}

// The roles a seat holds, in words ("crew" left out), for the label above its pawn.
export function roleWords(v, seat) {
  return (v.roles[seat] || []).map((r) => word("roles", r)).join(" · ");
}

// A line of pawns from (x, y) leftwards or rightwards, at least ``spaces`` spaces long,
// each pawn labelled by the roles it holds; labels and names alternate in height so that
// neighbours' do not run into each other.
export function pawnLine(v, line, x, y, step, spaces, r) {
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

export function chestRow(v, spot, x, y, label, cls, width = 200) {
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
export function chestCount(n) {
  return n === 1 ? t("1 chest") : t("{n} chests", {n});
}

export function chestIcon(x, y) {
  return sv("g", {transform: `translate(${x} ${y})`, class: "chest"},
    sv("rect", {width: 22, height: 16, rx: 3}), sv("rect", {y: 6, width: 22, height: 3, class: "band"}));
}

export function drawShip(v, ship, b) {
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

export function drawIsland(v, b) {
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

export function drawGalleon(v, b) {
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
export function boardText(v) {
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
// ("@2": the notation marks every value its rules type as a seat, in every game), row
// slots ("1,3", "slot 2"), places and chest spots by their ids, a kit game's dice by their
// letters, chests by their colour. Clicking them one by one
// builds the choice; the buttons send the same actions (for keyboard and screen readers).

export const board = {pick: [], key: null};

// The board things a choice names, in order; null if some part of it is no board thing
// (a "use" or "keep" word), so that only the buttons offer it.
export function choiceTargets(v, action) {
  const words = action.split(/\s+/);
  const rest = words[0] === "choose" ? words.slice(2) : words.slice(1);
  if (!rest.length) return null;
  const out = [];
  for (const w of rest) {
    const found = wordTargets(v, w);
    if (!found) return null;
    out.push(...found);
  }
  return out;
}

export function wordTargets(v, w) {
  if (/^@\d+$/.test(w)) return [`seat:${w.slice(1)}`];
  if (/^\d+(,\d+)*$/.test(w) && v.row) return w.split(",").map((n) => `slot:${n}`);
  if (v.places && w in v.places) return [`place:${w}`];
  if (v.chests && w.split(">").every((s) => s in v.chests)) return w.split(">").map((s) => `spot:${s}`);
  if (v.game && /^[\w-]+>[A-Z]+$/.test(w)) return [...w.split(">")[1]].map((d) => `die:${d}`);
  if (v.game && kitChestColour(v, w)) return [`token:${w}`];
  return null;
}

export function kitChestColour(v, w) {
  return Object.values(v.zones || {}).some((z) => [z].flat().some((part) => part
    && (part.tokens || []).includes(w)));
}

// Slots and dice are picked as a set (any order); the other things in the choice's order.
export const setLike = (target) => target.startsWith("slot:") || target.startsWith("die:");

export function pickMatches(pick, targets) {
  const loose = targets.filter(setLike);
  const fixed = targets.filter((x) => !setLike(x));
  const pickedLoose = pick.filter(setLike);
  const pickedFixed = pick.filter((x) => !setLike(x));
  return pickedLoose.every((x) => loose.includes(x)) && new Set(pickedLoose).size === pickedLoose.length
    && pickedFixed.every((x, i) => fixed[i] === x);
}

export function nextTargets(pick, targets) {
  const loose = targets.filter((x) => setLike(x) && !pick.includes(x));
  if (loose.length) return loose;
  const fixed = targets.filter((x) => !setLike(x));
  const done = pick.filter((x) => !setLike(x)).length;
  return done < fixed.length ? [fixed[done]] : [];
}

// The choices the board may offer now: those of the chosen turn action; with none chosen,
// a thing only one kind of turn action starts from (a rowboat: Row), never a guess between
// kinds (a slot starts a View, a Reveal and a Force alike: the button says which).
export function boardCandidates(v) {
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

export function boardChoices(v) {
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

export function targetSelector(target) {
  const [kind, id] = target.split(":");
  if (kind === "die") return `.kit-seat.me [data-die="${id}"]`;
  if (kind === "token") return `.kit-seat.me [data-token="${id}"], .shared [data-token="${id}"]`;
  // (a row slot's card, not its list item: a list holds list items only)
  if (kind === "slot") return `#row [data-target="${target}"] > :last-child`;
  return `[data-target="${target}"]`;
}

export function markTarget(v, node, target) {
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

export function unmarkTarget(node) {
  node.classList.remove("target", "picked");
  for (const a of ["role", "tabindex", "aria-label"]) node.removeAttribute(a);
  node.onclick = null;
  node.onkeydown = null;
}

// A board thing in the player's words (its spoken name as a target).
export function targetName(v, target) {
  const [kind, id] = target.split(":");
  if (kind === "seat") return seatName(Number(id));
  if (kind === "slot") return t("slot {n}", {n: id});
  if (kind === "place") return capital(word("places", id));
  if (kind === "spot") return capital(word("chest_spots", id));
  if (kind === "die") return t("die {letter}", {letter: id});
  return kitWord(v, "tokens", id);
}

export function pickTarget(target) {
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
export function drawPick(v, candidates) {
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

export const ICON_DRAWINGS = {
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

export function iconSvg(icon) {
  const svg = sv("svg", {viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true"});
  svg.append(...(ICON_DRAWINGS[icon] || ICON_DRAWINGS.blank)());
  return svg;
}

// A vote card, drawn with its three sections' icons and named in words.
export function voteCard(v, id, cls) {
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
export function eventCard(id, extra, folded) {
  const card = ui.gl.cards[id];
  const name = card ? card.name : id;
  const text = card ? el("p", {class: "card-text", lang: card.text_lang, text: card.text}) : null;
  return el("div", {class: `event-card ${card ? card.category : ""}`, title: card ? `${name}: ${card.text}` : null},
    el("strong", {class: "card-name", text: name}),
    card && card.gloss ? el("span", {class: "gloss", text: card.gloss}) : null,
    folded && text ? el("details", {}, el("summary", {text: t("The card's text")}), text) : text,
    extra ? el("span", {class: "card-note", text: extra}) : null);
}
