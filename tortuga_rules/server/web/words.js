// The client's own words: t() in the player's language, Korean particles, choosing and
// loading a language.
import {$} from "./dom.js";
import {showLobby} from "./lobby.js";
import {api, send} from "./net.js";
import {ui} from "./page.js";
import {dismissStage} from "./stage.js";
import {drawTableRules, word} from "./table.js";

export const LANG_NAMES = {en: "English", es: "Español", de: "Deutsch", ko: "한국어", it: "Italiano"};
export function t(message, fields) {
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
export const BOTH_WAYS = {"이(가)": "이/가", "(이)가": "이/가", "가(이)": "이/가", "을(를)": "을/를",
  "를(을)": "을/를", "(을)를": "을/를", "은(는)": "은/는", "(은)는": "은/는", "는(은)": "은/는",
  "(으)로": "으로/로", "과(와)": "과/와", "와(과)": "과/와", "(이)다": "이다/다"};
export const BOTH_WAYS_RE = Object.keys(BOTH_WAYS).map((k) => k.replace(/[()]/g, "\\$&")).join("|");
export const LETTER_FINAL = {l: "ㄹ", r: "ㄹ", m: "ㅁ", n: "ㄴ"};
export const DIGIT_FINAL = {0: "ㅇ", 1: "ㄹ", 2: "", 3: "ㅁ", 4: "", 5: "", 6: "ㄱ", 7: "ㄹ", 8: "ㄹ", 9: ""};

export function wordFinal(word) {
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
export const JONG = ["", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ",
  "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"];

export function finalConsonant(name) {
  const text = name.replace(/[^\p{L}\p{N}]+$/u, "");
  if (!text) return null;
  const last = text.at(-1);
  if (last >= "가" && last <= "힣") return JONG[(last.charCodeAt(0) - 0xAC00) % 28];
  if (last in DIGIT_FINAL) return DIGIT_FINAL[last];
  const word = text.match(/[A-Za-z]+$/);
  return word ? wordFinal(word[0]) : null;
}

export function particle(name, forms) {
  const [afterConsonant, afterVowel] = forms.split("/");
  const final = finalConsonant(name);
  if (final === null) return `${name}${afterConsonant}(${afterVowel})`;
  if (afterConsonant === "으로") return name + (final === "" || final === "ㄹ" ? "로" : "으로");
  return name + (final ? afterConsonant : afterVowel);
}

export async function setLanguage(lang) {
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
export async function gameInfo(lang) {
  if (!ui.infos[lang]) ui.infos[lang] = await api("GET", "/api/info");
  return ui.infos[lang];
}

export function pickLanguage() {
  const saved = localStorage.getItem("tortuga:lang");
  const browser = (navigator.language || "en").slice(0, 2);
  return [saved, browser].find((l) => l && l in LANG_NAMES) || "en";
}

// A place's name as a heading ("el Galeón Español" -> "El Galeón Español").
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
