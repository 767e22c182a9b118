// The server's page: it creates a table of any of the four games, gives
// each person's seat its own link (#table=ID&token=T, in the fragment, so
// the token never reaches a server's logs), and plays the seat through the
// server's API: GET /view, GET /happened, POST /actions. The seat's View
// drives everything: its legal actions are the buttons, the cards picked
// in the hand play only the legal actions that name just those cards, and
// a refused action shows the engine's own words. The seat is kept in sessionStorage
// (and the tables a browser joined in localStorage), so a reload rejoins it.
"use strict";

// GAMES are the games the server plays, with their presets: for each, the
// players it seats by default, and the fewest and most the page offers,
// each a table of that preset (Rummy's basic-4 is for four players only:
// for two, the table would be basic-2).
const GAMES = {
  handfoot: {title: "Hand and Foot", presets: {"A": [4, 2, 8], "B": [4, 2, 8]}},
  canasta: {title: "Canasta", presets: {"classic": [4, 4, 4], "two": [2, 2, 2], "three": [3, 3, 3], "cutthroat": [3, 3, 3]}},
  rummy: {title: "Rummy", presets: {"basic": [2, 2, 2], "basic-2": [2, 2, 2], "basic-3": [3, 3, 3], "basic-4": [4, 4, 4], "basic-5": [5, 5, 5], "basic-6": [6, 6, 6]}},
  doublets: {title: "Doublets", presets: {"aisleriot": [1, 1, 1], "pysol": [1, 1, 1]}},
};

// PRESET_INFO says what each preset is, for the form.
const PRESET_INFO = {
  handfoot: {
    "A": "Rule set A: five decks with two jokers each; an 11-card hand and foot; draw two. The pile is taken with a natural pair, or by adding its upcard to your side's meld. The first-meld minimum goes by your side's score (50/90/120/150). A red three may lock a clean canasta (+100). Going out takes 2 clean and 2 dirty canastas (1 and 1 below four players). The game is to 10000.",
    "B": "Rule set B: four decks with two jokers each; two 11-card packets, and you choose, face down, which is your hand; draw two. The pile is taken only with a natural pair. The first-meld minimum goes by round (50/90/120/150). Threes are never laid; a red three left in hand counts -500. Going out takes 1 clean and 1 dirty canasta, after asking your partner. The game is four rounds.",
  },
  canasta: {
    "classic": "Classic Canasta for four, in two partnerships (seats 0 and 2 against 1 and 3): two decks and four jokers, 11 cards each, draw one. The first-meld minimum goes by your side's total (15/50/90/120). Going out takes one canasta. The game is to 5000.",
    "two": "Canasta for two: as classic, with 15 cards each, two cards drawn (one discarded), and two canastas to go out.",
    "three": "Three-handed Canasta, each for themselves: as classic, with 13 cards each and one canasta to go out.",
    "cutthroat": "Cutthroat Canasta for three: 13 cards each, two drawn and one discarded. The first to take the pile plays the lone hand, and the other two play as partners. The game is to 7500.",
  },
  rummy: {
    "basic": "Basic rummy for two: 10 cards each; melds are runs of a suit (ace low) or three or four of a rank; one hand, scored aces 20, tens and pictures 10, the rest 5.",
    "basic-2": "Basic rummy for two players, 10 cards each: the same as basic.",
    "basic-3": "Basic rummy for three players, 7 cards each.",
    "basic-4": "Basic rummy for four players, 7 cards each.",
    "basic-5": "Basic rummy for five players, 6 cards each.",
    "basic-6": "Basic rummy for six players, 6 cards each.",
  },
  doublets: {
    "aisleriot": "Doublets patience as GNOME Aisleriot plays it: build the foundation up by doubling (A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7, A…), kings aside; three passes through the stock.",
    "pysol": "Doublets patience as PySolFC lays it out: the kings set aside before the deal, and one card turned to the waste once the deal is done; three passes.",
  },
};

// STRENGTHS are the computer players' strengths, weakest first, as every
// game's bot package names them (cardrules.Strengths); DEFAULT_STRENGTH
// is the server's when a table names none.
const STRENGTHS = ["random", "heuristic", "search"];
const DEFAULT_STRENGTH = "heuristic";
const STRENGTH_INFO = {
  "random": "random: any legal action, by chance — an easy game",
  "heuristic": "heuristic: plays by rules of thumb, quickly",
  "search": "search: tries its choices on deals the hidden cards could be, and takes the best — the strongest, and slower",
};

// FINISHED_IDLE_MINUTES and ABANDONED_IDLE_HOURS are how long the server,
// by default, keeps a finished table, and any table, without a request.
const FINISHED_IDLE_MINUTES = 10;
const ABANDONED_IDLE_HOURS = 24;

// PLACEHOLDERS show an action of each game in the typed action's field.
const PLACEHOLDERS = {handfoot: "meld 5C 5D 5H", canasta: "meld 5C 5D 5H", rummy: "discard 7H", doublets: "play 1"};

// PASSES are the passes through the stock of Doublets' presets: a View
// names its rules by the preset's name, and gives them whole otherwise.
const PASSES = {"aisleriot": 3, "pysol": 3};

// DOUBLETS_MAX_SCORE is Doublets' winning score, doublets.MaxScore: the
// 48 cards but the kings, which never go up to the foundation.
const DOUBLETS_MAX_SCORE = 48;

// The legal actions' groups, in the order of a turn, by an action's first
// word; a label per game where the games' words differ.
const GROUPS = [
  {key: "packet", words: ["packet"], label: "Choose your hand"},
  {key: "draw", words: ["draw", "take"], label: "Draw or take the pile"},
  {key: "going-out", words: ["ask", "yes", "no"], label: "Going out"},
  {key: "meld", words: ["meld"], label: "New melds"},
  {key: "add", words: ["add"], label: "Add to your side's melds"},
  {key: "lay", words: ["lay"], label: "Lay a red three on a clean canasta", rummy: "Lay off on a meld"},
  {key: "back", words: ["back"], label: "Take back this turn's cards"},
  {key: "discard", words: ["discard"], label: "Discard (ends your turn)"},
  {key: "move", words: ["play", "turn", "redeal"], label: "Moves"},
  {key: "next", words: ["next"], label: "Next round"},
];

const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
const LOG_LINES = 200; // the most lines the log keeps
const POLL_MS = 1500;  // how often a seat not to act asks for its View

let seat = null;     // the seat played: {id, token}
let view = null;     // its last View
let viewText = "";   // and that View's JSON, to see a change
let seen = 0;        // the last action number shown in the log
let busy = false;    // a request is under way
let pollTimer = 0;
let joined = 0;      // counts the joins and leaves: an answer to an older one is dropped
let picked = [];     // the indexes of the cards picked in the hand
let pickedHand = ""; // the hand they were picked in, as JSON: a new hand clears them

const $ = (id) => document.getElementById(id);

// el makes an element with a class (or none) and children (strings or
// nodes).
function el(tag, cls, ...children) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  e.append(...children);
  return e;
}

// ---- storage

function stored(store, key) {
  try {
    return JSON.parse(store.getItem(key) || "null");
  } catch (e) {
    return null;
  }
}

function store(st, key, value) {
  try {
    if (value === null) st.removeItem(key);
    else st.setItem(key, JSON.stringify(value));
  } catch (e) {
    // storage full or refused: the link in the address still rejoins
  }
}

// recent returns the tables this browser joined, newest first.
function recent() {
  const list = stored(localStorage, "cardrules.tables");
  return Array.isArray(list) ? list : [];
}

// remember records a seat this browser plays (and, for its creator, the
// links of the table's people) in localStorage.
function remember(entry) {
  const list = recent();
  const old = list.find((t) => t.id === entry.id && t.token === entry.token) || {};
  const rest = list.filter((t) => !(t.id === entry.id && t.token === entry.token));
  store(localStorage, "cardrules.tables", [Object.assign(old, entry, {when: Date.now()}), ...rest].slice(0, 10));
}

function forget(id) {
  store(localStorage, "cardrules.tables", recent().filter((t) => t.id !== id));
  const s = stored(sessionStorage, "cardrules.seat");
  if (s && s.id === id) store(sessionStorage, "cardrules.seat", null);
}

// ---- the server

// UNREACHABLE is the error when no answer comes from the server.
const UNREACHABLE = "The server cannot be reached: it may be stopped, or the network down. Nothing was played; try again once it is back.";

// request calls the server with the seat's token, and returns the response
// or throws the server's error: its message, with the rule it names.
async function request(method, path, body, token) {
  const headers = {};
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let resp;
  try {
    resp = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (e) {
    // The browser's own words ("Failed to fetch") say nothing to a person.
    const err = new Error(UNREACHABLE);
    err.rule = "";
    err.status = 0;
    throw err;
  }
  if (!resp.ok) {
    let data = {};
    try {
      data = await resp.json();
    } catch (e) {
      // not the server's JSON
    }
    const err = new Error(data.error || resp.status + " " + resp.statusText);
    err.rule = data.rule || "";
    err.status = resp.status;
    throw err;
  }
  return resp;
}

async function api(method, path, body) {
  return (await request(method, path, body, seat && seat.token)).json();
}

const tablePath = (what) => "/tables/" + encodeURIComponent(seat.id) + "/" + what;

// ---- cards and names

// cardLabel is a card's string with its suit as a symbol: "10H" is "10♥".
function cardLabel(c) {
  if (c === "JK") return "Joker";
  const s = SUITS[c.slice(-1)];
  return s ? c.slice(0, -1) + s : c;
}

// actionLabel is an action's text with its cards' suits as symbols.
function actionLabel(text) {
  return text.replace(/\b(10|[2-9AJQK])([CDHS])\b/g, (m, r, s) => r + SUITS[s]).replace(/\bJK\b/g, "Joker");
}

// count says "1 card", "2 cards".
const count = (n, word) => n + " " + word + (n === 1 ? "" : "s");

// article is "an " before the ranks read with a vowel (ace, eight), else "a ".
const article = (rank) => rank === "A" || rank === "8" ? "an " : "a ";

const isRedThree = (c) => c === "3H" || c === "3D";
const isWild = (c) => c === "JK" || /^2[CDHS]$/.test(c);

// cardSpan shows a card; wilds marks the canasta family's wild cards.
function cardSpan(c, wilds) {
  const s = el("span", "card" + (/[HD]$/.test(c) ? " red" : "") + (wilds && isWild(c) ? " wild" : ""), cardLabel(c));
  s.title = c;
  s.dataset.card = c;
  return s;
}

function cards(list, wilds) {
  return (list || []).map((c) => cardSpan(c, wilds));
}

// handCards shows a hand: its cards, or that it is empty.
function handCards(list, wilds) {
  return list && list.length ? cards(list, wilds) : ["No cards."];
}

// gameOf tells a View's game by its shape.
function gameOf(v) {
  if ("foundation" in v) return "doublets";
  if (Array.isArray(v.pile)) return "rummy";
  if ("loneHand" in v) return "canasta";
  return "handfoot";
}

const rulesName = (v) => typeof v.rules === "string" ? v.rules : (v.rules && v.rules.name) || "";

// nameOf is a seat's name: the rules' name for it, or "Seat N".
function nameOf(v, s) {
  const p = (v.players || [])[s];
  const name = p && p.name ? p.name : "Seat " + s;
  return s === v.seat ? name + " (you)" : name;
}

// sideName names a team of the canasta family by its players.
function sideName(v, team) {
  const who = v.players.filter((p) => p.team === team).map((p) => nameOf(v, p.seat));
  return "Side " + (team + 1) + ": " + who.join(" & ");
}

function over(v) {
  return gameOf(v) === "doublets" ? v.over : v.toAct < 0;
}

// ---- what the seat needs to know

function statusText(v, game) {
  if (game === "doublets") {
    if (!v.over) return "Your move: the foundation needs " + article(v.needed) + v.needed + ".";
    return v.won ? "You won: all " + DOUBLETS_MAX_SCORE + " cards but the kings are on the foundation." : "The game is over: " + count(v.score, "card") + " on the foundation.";
  }
  if (v.toAct < 0) return "The game is over. " + winners(v, game);
  const where = " (round " + v.round + ", " + v.phase + ")";
  if (v.phase === "round over") {
    return v.toAct === v.seat ? "Your turn: round " + v.round + " is over; deal the next round." : "Round " + v.round + " is over: " + nameOf(v, v.toAct) + " is to deal the next round. " + waitText(v.toAct);
  }
  if (v.toAct === v.seat) {
    if (v.turn !== v.seat) return "Your turn: " + nameOf(v, v.turn) + " asks you whether to go out" + where + ".";
    return "Your turn" + where + ".";
  }
  if (v.turn !== v.toAct) return nameOf(v, v.toAct) + " is to answer " + nameOf(v, v.turn) + "'s question" + where + ".";
  return nameOf(v, v.toAct) + " is to act" + where + ". " + waitText(v.toAct);
}

// waitText says how another seat comes to play: a person plays a seat
// from that seat's own link, and this page shows the turn once played.
// The page that created the table knows the people's seats.
function waitText(s) {
  const links = seat && (recent().find((t) => t.id === seat.id && t.links) || {}).links;
  if (links && links.some((l) => l.seat === s)) return "That seat is a person's: they play it by opening Seat " + s + "'s link (below). This page shows their turn once played.";
  if (links) return "That seat is a computer player's.";
  return "If a person plays that seat, they play it from its own link; this page shows their turn once played.";
}

// needText says what the seat's side must still meet: the first-meld
// minimum of the canasta family, and how far this turn's melds went, once
// cards have been laid this turn: before that, discarding is legal and
// there is nothing to take back.
function needText(v, game) {
  if (game !== "handfoot" && game !== "canasta") return "";
  if (v.toAct < 0 || v.phase === "round over" || v.phase === "choosing") return "";
  const team = v.teams[v.team];
  if (!team || team.down) return "";
  let text = "Your side has not melded this round: its first melds must reach " + team.minimum + " points.";
  const laid = v.laidThisTurn || 0;
  const laidAny = laid > 0 || (v.turn === v.seat && (v.legal || []).includes("back"));
  if (laidAny && v.players[v.turn] && v.players[v.turn].team === v.team && v.phase !== "drawing") {
    const met = "minimumMet" in v ? v.minimumMet : laid >= team.minimum;
    const who = v.turn === v.seat ? "You have" : nameOf(v, v.turn) + " has";
    text += " " + who + " laid " + laid + " this turn: " + (met
      ? "enough."
      : (team.minimum - laid) + " more to lay before discarding, or take the cards back (back).");
  }
  return text;
}

// winners names who leads or won on the totals.
function winners(v, game) {
  const rows = game === "rummy"
    ? v.players.map((p) => ({who: nameOf(v, p.seat), total: p.total}))
    : v.teams.map((t) => ({who: sideName(v, t.team), total: t.total}));
  if (rows.length === 0) return "";
  const best = Math.max(...rows.map((r) => r.total));
  const top = rows.filter((r) => r.total === best).map((r) => r.who);
  return (top.length > 1 ? "A tie: " + top.join("; ") : top[0] + " wins") + ", with " + best + ".";
}

// ---- the table

function render(v) {
  const game = gameOf(v);
  view = v;
  const title = GAMES[game].title;
  document.title = title + " — " + (game === "doublets" ? "cardrules" : nameOf(v, v.seat));
  $("title").textContent = title;
  $("where").textContent = title + " (" + rulesName(v) + "), table " + seat.id.slice(0, 8) + "…" +
    (game === "doublets" ? "" : ", seat " + v.seat);
  $("actionText").placeholder = PLACEHOLDERS[game];
  $("play").dataset.game = game;
  $("actions").hidden = false;
  $("side").hidden = false;
  $("status").textContent = statusText(v, game);
  $("need").textContent = needText(v, game);

  const table = $("table"), hand = $("hand");
  if (game === "doublets") {
    table.replaceChildren(...doubletsTable(v));
    $("mine").hidden = true;
  } else if (game === "rummy") {
    table.replaceChildren(...rummyTable(v));
    $("mine").hidden = false;
    hand.replaceChildren(el("p", "handcards", ...handCards(v.hand)));
  } else {
    table.replaceChildren(...familyTable(v, game));
    $("mine").hidden = false;
    hand.replaceChildren(...familyHand(v, game));
  }
  pickable(v);
  $("legal").replaceChildren(...legalGroups(v, game));
  $("scores").replaceChildren(...scoreSheet(v, game));
  $("showRecord").hidden = !over(v);
  $("hinting").hidden = !(v.legal && v.legal.length);
  $("hintText").textContent = "";
  $("typed").hidden = over(v);
}

// playersTable is a table of the players: a row each, the seat to act marked.
function playersTable(v, head, row) {
  const t = el("table");
  t.id = "players";
  t.append(el("tr", "", ...head.map((h) => el("th", "", h))));
  for (const p of v.players) {
    const acting = p.seat === v.toAct;
    const tr = el("tr", acting ? "acting" : "", ...row(p).map(([cls, x]) => el("td", cls, x)));
    tr.id = "player-" + p.seat;
    if (acting) tr.title = "to act";
    t.append(tr);
  }
  return t;
}

function familyTable(v, game) {
  const out = [];
  const myTeam = v.teams[v.team];
  const pile = el("p");
  pile.id = "pile";
  pile.append("Discard pile: ", v.upcard ? cardSpan(v.upcard, true) : "no upcard", " (" + count(v.pileSize, "card") + "); stock: " + count(v.stockSize, "card") + ".");
  if (myTeam && myTeam.frozen) pile.append(" ", el("strong", "", "Frozen for your side"), ": it is taken only with a natural pair matching the upcard.");
  if (v.upcard === "3C" || v.upcard === "3S") pile.append(" ", el("strong", "", "Blocked"), ": a black three on top cannot be taken.");
  out.push(pile);
  if (v.loneHand >= 0) out.push(el("p", "", nameOf(v, v.loneHand) + " plays the lone hand; the other two play as partners."));
  if (v.asked) {
    const answer = v.answer > 0 ? "yes" : v.answer < 0 ? "no" : "not answered yet";
    out.push(el("p", "", nameOf(v, v.turn) + " asked to go out: " + answer + "."));
  }
  const hf = game === "handfoot";
  out.push(playersTable(v, ["Seat", "Player", "Side", "Hand", hf ? "Foot" : "Melded"], (p) => [
    ["", String(p.seat) + (p.seat === v.toAct ? " (to act)" : "")],
    ["", nameOf(v, p.seat)],
    ["", String(p.team + 1)],
    ["num hand", String(p.hand)],
    ["", hf ? (p.inFoot ? "picked up" : count(p.foot, "card")) : (p.melded ? "yes" : "no")],
  ]));
  const size = (typeof v.rules === "object" && v.rules.meld && v.rules.meld.canastaSize) || 7;
  for (const t of v.teams) out.push(sideBox(v, t, size));
  return out;
}

// sideBox is a team of the canasta family: its total, minimum, canastas,
// red threes and melds, each meld marked when it is a canasta, and the red
// threes apart from the meld's cards.
function sideBox(v, t, size) {
  const div = el("div", "side");
  div.id = "team-" + t.team;
  const words = Object.keys(t.canastas); // the game's own: clean/dirty, natural/mixed
  div.append(el("h3", "", sideName(v, t.team) + (t.team === v.team ? " — your side" : "")));
  const facts = ["game total " + t.total,
    t.down ? "melded this round" : "first melds must reach " + t.minimum,
    "canastas: " + words.map((w) => t.canastas[w] + " " + w).join(", ")];
  if (t.frozen) facts.push("the pile is frozen for it");
  div.append(el("p", "facts", facts.join("; ") + "."));
  if (t.redThrees && t.redThrees.length) div.append(el("p", "redthrees", "Red threes, face up apart: ", ...cards(t.redThrees)));
  if (t.melds.length === 0) div.append(el("p", "", "No melds yet."));
  for (const raw of t.melds) {
    const m = Array.isArray(raw) ? {ref: rankOf(raw), cards: raw} : raw;
    const reds = m.cards.filter(isRedThree), rest = m.cards.filter((c) => !isRedThree(c));
    const p = el("p", "meld", el("span", "ref", m.ref), ...cards(rest, true));
    p.dataset.ref = m.ref;
    if (rest.length >= size) {
      const kind = rest.some(isWild) ? words[1] : words[0];
      p.classList.add("canasta");
      p.dataset.canasta = kind;
      p.append(el("span", "badge", "canasta, " + kind));
    }
    if (reds.length) p.append(el("span", "apart", count(reds.length, "red three").replace(/^1 /, "A ") + " laid on it: ", ...cards(reds)));
    div.append(p);
  }
  return div;
}

// rankOf is the rank of a same-rank meld: its first natural card's.
function rankOf(meld) {
  const c = meld.find((c) => !isWild(c) && !isRedThree(c)) || meld[0] || "";
  return c.slice(0, -1);
}

function familyHand(v, game) {
  const out = [];
  // Before choosing, the seat holds two packets and no hand: face down
  // (their sizes are its hand and foot counts), or seen under the house
  // rule that lets it look at both.
  if (game === "handfoot" && v.phase === "choosing" && !(v.hand && v.hand.length)) {
    const me = v.players[v.seat];
    [me.hand, me.foot].forEach((size, i) => {
      const seen = v.packets && v.packets[i] && v.packets[i].length ? cards(v.packets[i], true) : [count(size, "card") + ", face down."];
      out.push(el("p", "packet", "Packet " + (i + 1) + ": ", ...seen));
    });
    return out;
  }
  out.push(el("p", "handcards", ...handCards(v.hand, true)));
  if (game === "handfoot") {
    const me = v.players[v.seat];
    let foot = me.inFoot ? "You have picked up your foot." : "Your foot: " + count(v.foot, "card") + ", face down.";
    if (v.footSeen && v.footSeen.length && !me.inFoot) foot = "Your foot, face down (you saw it): ";
    out.push(el("p", "foot", foot, ...(foot.endsWith(": ") ? cards(v.footSeen, true) : [])));
  }
  return out;
}

function rummyTable(v) {
  const out = [];
  const top = v.pile.length ? v.pile[v.pile.length - 1] : "";
  const pile = el("p");
  pile.id = "pile";
  pile.append("Discard pile: ", top ? cardSpan(top) : "empty", " (" + count(v.pile.length, "card") + "); stock: " + count(v.stockSize, "card") +
    (v.rebuilds ? ", rebuilt " + count(v.rebuilds, "time") : "") + ".");
  out.push(pile);
  if (v.pile.length > 1) out.push(el("p", "", "Under it, oldest first: ", ...cards(v.pile.slice(0, -1))));
  if (v.taken) out.push(el("p", "", nameOf(v, v.turn) + " took ", cardSpan(v.taken), " from the pile this turn."));
  out.push(playersTable(v, ["Seat", "Player", "Hand", "Known in hand", "Melded", "Game total"], (p) => [
    ["", String(p.seat) + (p.seat === v.toAct ? " (to act)" : "")],
    ["", nameOf(v, p.seat)],
    ["num hand", String(p.hand)],
    ["", el("span", "", ...cards(p.known))],
    ["num", String(p.melded)],
    ["num", String(p.total)],
  ]));
  out.push(el("h3", "", "Melds, numbered as \"lay\" names them"));
  if (v.melds.length === 0) out.push(el("p", "", "No melds yet."));
  v.melds.forEach((m, i) => {
    const p = el("p", "meld", el("span", "ref", "#" + (i + 1)), "laid by " + nameOf(v, m.seat) + ": ", ...cards(m.meld));
    p.dataset.ref = String(i + 1);
    p.dataset.owner = String(m.seat);
    out.push(p);
  });
  return out;
}

function doubletsTable(v) {
  const out = [];
  const passes = typeof v.rules === "object" ? v.rules.passes : PASSES[v.rules];
  const f = el("div");
  f.id = "foundation";
  f.append(el("h3", "", "Foundation: " + count(v.foundation.length, "card") + (v.needed ? "; it needs " + article(v.needed) + v.needed + " next" : "")));
  f.append(el("p", "", ...v.foundation.map((c, i) => {
    const s = cardSpan(c);
    if (i === v.foundation.length - 1) s.classList.add("top");
    return s;
  })));
  out.push(f);
  const r = el("div");
  r.id = "reserve";
  r.append(el("h3", "", "Reserve (\"play N\" plays slot N)"));
  r.append(el("p", "", ...v.reserve.map((c, i) => {
    const slot = el("span", "slot", el("span", "num", "slot " + (i + 1)), c ? cardSpan(c) : el("span", "card", "empty"));
    slot.dataset.slot = String(i + 1);
    return slot;
  })));
  out.push(r);
  const w = el("p");
  w.id = "waste";
  const wtop = v.waste.length ? v.waste[v.waste.length - 1] : "";
  w.append("Waste: ", wtop ? cardSpan(wtop) : "empty", " (" + count(v.waste.length, "card") + ", \"play waste\" plays its top card); stock: " + count(v.stockSize, "card") + ".");
  out.push(w);
  const p = el("p");
  p.id = "passes";
  p.textContent = "Pass " + v.pass + (passes ? " of " + passes + ": " + count(passes - v.pass, "redeal") + " left" : "") + ".";
  out.push(p);
  return out;
}

// ---- picking cards

// CARD is a card's text in an action: "10H", "QS", "JK".
const CARD = /^(?:10|[2-9AJQK])[CDHS]$|^JK$/;

// cardsOf are the cards an action's text names, sorted.
const cardsOf = (text) => text.split(" ").filter((w) => CARD.test(w)).sort();

// pickable makes the hand's cards pickable, keeps the cards picked while
// the hand is the same, and shows what the picked cards can do.
function pickable(v) {
  const handText = JSON.stringify(v.hand || []);
  if (handText !== pickedHand) picked = [];
  pickedHand = handText;
  document.querySelectorAll("#hand .handcards .card").forEach((c, i) => {
    c.dataset.index = String(i);
    c.tabIndex = 0;
    c.setAttribute("role", "button");
    c.setAttribute("aria-pressed", String(picked.includes(i)));
    c.classList.toggle("picked", picked.includes(i));
    c.addEventListener("click", () => pick(i));
    c.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        pick(i);
      }
    });
  });
  showPicked(v);
}

// pick picks a card of the hand, or puts it back.
function pick(i) {
  if (!view) return;
  picked = picked.includes(i) ? picked.filter((j) => j !== i) : [...picked, i];
  const c = document.querySelector('#hand .handcards .card[data-index="' + i + '"]');
  if (c) {
    c.classList.toggle("picked", picked.includes(i));
    c.setAttribute("aria-pressed", String(picked.includes(i)));
  }
  showPicked(view);
}

// pickedActions are the legal actions that name just the cards picked:
// the only actions the picked cards may play.
function pickedActions(v) {
  const hand = v.hand || [];
  const want = picked.map((i) => hand[i]).sort().join(" ");
  if (!want) return [];
  const order = [...GROUPS, {key: "other"}];
  const rank = (a) => order.findIndex((g) => g.key === groupOf(a).key);
  return (v.legal || []).filter((a) => cardsOf(a).join(" ") === want).sort((a, b) => rank(a) - rank(b));
}

// showPicked shows the cards picked and a button for each legal action
// they play.
function showPicked(v) {
  const box = $("pick");
  const hand = v.hand || [];
  if (!(v.legal || []).some((a) => cardsOf(a).length > 0) || hand.length === 0) {
    box.replaceChildren();
    return;
  }
  if (picked.length === 0) {
    box.replaceChildren(el("span", "info", "Click cards to pick them, then meld, add or discard them here."));
    return;
  }
  const acts = pickedActions(v);
  const clear = el("button", "", "Clear");
  clear.type = "button";
  clear.id = "unpick";
  clear.addEventListener("click", () => {
    picked = [];
    pickable(v);
  });
  const buttons = acts.map((a) => {
    const b = el("button", "pickAction", actionLabel(a));
    b.type = "button";
    b.dataset.action = a;
    b.title = a;
    b.addEventListener("click", () => act(a));
    return b;
  });
  box.replaceChildren(el("span", "", "Picked: ", ...picked.map((i) => cardSpan(hand[i], true)), " "),
    ...(buttons.length ? buttons : [el("span", "info", "No legal action plays just these cards. ")]), " ", clear);
}

// ---- actions

function groupOf(text) {
  const word = text.split(" ")[0];
  return GROUPS.find((g) => g.words.includes(word)) || {key: "other", label: "Other"};
}

// legalGroups are the seat's legal actions as buttons, grouped by what
// they do, in the order of a turn.
function legalGroups(v, game) {
  const legal = v.legal || [];
  if (legal.length === 0) return [el("p", "", over(v) ? "The game is over." : "Nothing to do: it is not your turn.")];
  const groups = new Map();
  for (const a of legal) {
    const g = groupOf(a);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(a);
  }
  const order = [...GROUPS, {key: "other"}];
  return [...groups.keys()].sort((a, b) => order.findIndex((g) => g.key === a.key) - order.findIndex((g) => g.key === b.key)).map((g) => {
    const acts = groups.get(g);
    const div = el("div", "group");
    div.dataset.group = g.key;
    div.append(el("h3", "", (g[game] || g.label) + ":"));
    const box = el("span", acts.length > 24 ? "many" : "");
    box.append(...acts.map((a) => {
      const b = el("button", "action", actionLabel(a));
      b.type = "button";
      b.dataset.action = a;
      b.title = a;
      b.addEventListener("click", () => act(a));
      return b;
    }));
    div.append(box);
    return div;
  });
}

function showError(e) {
  $("error").textContent = e ? e.message : "";
  $("rule").textContent = e && e.rule ? "The rule: " + e.rule : "";
}

function setBusy(on) {
  busy = on;
  for (const b of document.querySelectorAll("#legal button, #pick button, #send")) b.disabled = on;
}

// act plays an action's text for the seat.
async function act(text) {
  if (busy || !seat) return;
  setBusy(true);
  showError(null);
  try {
    await refresh(await api("POST", tablePath("actions"), {text}));
    $("actionText").value = "";
  } catch (e) {
    showError(e);
  } finally {
    setBusy(false);
  }
}

// hint asks the server what a computer player of the table's strength
// (in Doublets, the search player) would do from the seat's View, and
// marks that action's button.
async function hint() {
  if (busy || !seat) return;
  showError(null);
  try {
    const h = await api("GET", tablePath("hint"));
    $("hintText").textContent = "Hint: " + actionLabel(h.text) + " (the " + h.strength + " computer player's choice, from what your seat sees).";
    for (const b of document.querySelectorAll("#legal button.action")) {
      b.classList.toggle("hinted", b.dataset.action === h.text);
      if (b.dataset.action === h.text) b.scrollIntoView({block: "nearest"});
    }
  } catch (e) {
    showError(e);
  }
}

// ---- what happened

function eventText(v, e) {
  let text = (e.seat === undefined ? "You" : nameOf(v, e.seat)) + ": " + actionLabel(e.action);
  if (e.drawn && e.drawn.length) text += " (" + e.drawn.map(cardLabel).join(" ") + ")";
  else if (e.draws) text += " (" + count(e.draws, "card") + ")";
  if (e.card) text += " (" + cardLabel(e.card) + ")";
  if (e.refill) text += " (" + cardLabel(e.refill) + " fills the slot)";
  if (e.redThrees && e.redThrees.length) text += " (red threes " + e.redThrees.map(cardLabel).join(" ") + ")";
  if (e.took) text += " (takes " + count(e.took, "card") + " of the pile)";
  if (e.foot) text += " (picks up the foot)";
  if (e.rebuilt) text += " (the stock is rebuilt from the pile)";
  if (e.roundOver) text += " — the round is over";
  if (e.gameOver) text += " — the game is over";
  return text;
}

function showHappened(v, events) {
  const log = $("log");
  for (const e of events) {
    if (e.seq <= seen) continue;
    seen = e.seq;
    const line = el("div", "event", eventText(v, e));
    line.dataset.seat = e.seat === undefined ? String(v.seat) : String(e.seat);
    line.dataset.action = e.action;
    line.dataset.seq = String(e.seq);
    log.append(line);
  }
  while (log.children.length > LOG_LINES) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
  store(sessionStorage, "cardrules.seen." + seat.id, seen);
}

// refresh shows the View v and what happened since the log's last line.
async function refresh(v) {
  const now = joined;
  const events = await api("GET", tablePath("happened?since=" + seen));
  if (now !== joined) return;
  viewText = JSON.stringify(v);
  render(v);
  showHappened(v, events);
  schedulePoll();
}

// schedulePoll asks for the View again in a while when another seat is to
// act: the page learns what the other people did.
function schedulePoll() {
  clearTimeout(pollTimer);
  if (!seat || !view || over(view) || view.toAct === view.seat) return;
  pollTimer = setTimeout(poll, POLL_MS);
}

async function poll() {
  if (!seat) return;
  if (busy) return schedulePoll();
  const now = joined;
  try {
    const v = await api("GET", tablePath("view"));
    if (now !== joined) return;
    if (JSON.stringify(v) !== viewText) await refresh(v);
    else schedulePoll();
  } catch (e) {
    showError(e);
    pollTimer = setTimeout(poll, 4 * POLL_MS);
  }
}

// ---- the score sheet

function scoreSheet(v, game) {
  if (game === "doublets") {
    return [el("p", "", "Score: " + v.score + " of " + DOUBLETS_MAX_SCORE + " cards on the foundation" + (v.over ? (v.won ? ": won." : ": the game is over.") : "."))];
  }
  const out = [];
  const rummy = game === "rummy";
  const cols = rummy ? v.players.map((p) => nameOf(v, p.seat)) : v.teams.map((t) => sideName(v, t.team));
  for (const r of v.results || []) {
    const scores = rummy ? r.players : r.teams;
    const t = el("table", "round");
    t.dataset.round = String(r.number);
    const went = r.wentOut >= 0 ? nameOf(v, r.wentOut) + " went out" + (r.concealed ? " concealed" : "") : "no one went out";
    t.append(el("caption", "", "Round " + r.number + ": " + went + "."));
    t.append(el("tr", "", el("th", "", ""), ...cols.map((c) => el("th", "num", c))));
    // The rows: each item of the breakdowns, in their order.
    const items = [];
    for (const s of scores) {
      const seenItem = {};
      for (const b of s.breakdown) {
        const k = b.item + "#" + (seenItem[b.item] = (seenItem[b.item] || 0) + 1);
        if (!items.some((i) => i.k === k)) items.push({k, item: b.item});
      }
    }
    const value = (s, k) => {
      const seenItem = {};
      const b = s.breakdown.find((b) => b.item + "#" + (seenItem[b.item] = (seenItem[b.item] || 0) + 1) === k);
      return b ? String(b.points) : "";
    };
    for (const i of items) t.append(el("tr", "", el("th", "", i.item), ...scores.map((s) => el("td", "num", value(s, i.k)))));
    t.append(el("tr", "points", el("th", "", "this round"), ...scores.map((s) => el("td", "num", String(s.points)))));
    t.append(el("tr", "total", el("th", "", "game total"), ...scores.map((s) => el("td", "num", String(s.total)))));
    out.push(t);
  }
  if (out.length === 0) out.push(el("p", "", "No round scored yet."));
  const totals = rummy ? v.players.map((p) => nameOf(v, p.seat) + " " + p.total) : v.teams.map((t) => sideName(v, t.team) + " " + t.total);
  const line = el("p", "", "Game totals: " + totals.join("; ") + "." + (over(v) ? " " + winners(v, game) : ""));
  line.id = "totals";
  out.push(line);
  return out;
}

// ---- joining and creating

// parseHash reads the seat from the address: #table=ID&token=T.
function parseHash() {
  const q = new URLSearchParams(location.hash.replace(/^#/, ""));
  const id = q.get("table"), token = q.get("token");
  return id && token ? {id, token} : null;
}

const seatLink = (id, token) => location.origin + location.pathname + "#table=" + encodeURIComponent(id) + "&token=" + encodeURIComponent(token);

async function join(id, token) {
  clearTimeout(pollTimer);
  const now = ++joined;
  seat = {id, token};
  view = null;
  viewText = "";
  history.replaceState(null, "", "#table=" + encodeURIComponent(id) + "&token=" + encodeURIComponent(token));
  store(sessionStorage, "cardrules.seat", seat);
  // After a reload the log shows the last actions before the one last seen.
  seen = Math.max(0, (stored(sessionStorage, "cardrules.seen." + id) || 0) - 40);
  clearTable();
  showError(null);
  $("setup").hidden = true;
  $("play").hidden = false;
  $("new").hidden = false;
  $("status").textContent = "Joining…";
  showLinks();
  try {
    const v = await api("GET", tablePath("view"));
    if (now !== joined) return;
    remember({id, token, game: gameOf(v), seat: v.seat});
    await refresh(v);
  } catch (e) {
    if (now !== joined) return;
    const [status, why] = joinError(e);
    $("status").textContent = status;
    showError(why ? {message: why} : e);
    if (e.status === 404 || e.status === 403) forget(id);
  }
}

// joinError says why a seat cannot be joined, in a person's words: the
// status line, and the error (or "" for the server's own words).
function joinError(e) {
  switch (e.status) {
  case 0:
    return ["This seat cannot be joined now.", ""];
  case 404:
    return ["This table no longer exists.", "The server frees a finished table " + FINISHED_IDLE_MINUTES +
      " minutes after its last request, and any table after " + ABANDONED_IDLE_HOURS +
      " hours without one (by default): a link to it stops working. Start a new table with \"New table\"."];
  case 401:
  case 403:
    return ["This link is no seat's at this table.", "The link's token is no seat's at this table: check that the whole link was copied, or ask for it again."];
  }
  return ["This seat cannot be joined.", ""];
}

// clearTable empties what the page shows of a table: nothing of a table
// left before stays while another is joined.
function clearTable() {
  view = null;
  $("title").textContent = "cardrules";
  document.title = "cardrules";
  $("where").textContent = "";
  delete $("play").dataset.game;
  for (const id of ["log", "table", "hand", "pick", "legal", "scores", "seatLinks"]) $(id).replaceChildren();
  $("need").textContent = "";
  $("hintText").textContent = "";
  $("record").hidden = true;
  $("showRecord").hidden = true;
  $("hinting").hidden = true;
  $("typed").hidden = true;
  for (const id of ["mine", "actions", "side"]) $(id).hidden = true;
  picked = [];
  pickedHand = "";
}

// showLinks lists the people's seats of the table joined, for the browser
// that created it.
function showLinks() {
  const entry = seat && recent().find((t) => t.id === seat.id && t.links);
  $("people").hidden = !entry;
  if (!entry) return;
  const one = entry.links.length === 1;
  $("seatsHead").textContent = one ? "Your game's link" : "The people's seats";
  $("seatsInfo").textContent = one
    ? "This link is your game: open it to come back to it, here or in another browser. Whoever has it can play it."
    : "Send each person the link of their seat: whoever has a link plays that seat, so keep it to them. Reloading a seat's page rejoins it.";
  $("seatLinks").replaceChildren(...entry.links.map((l) => {
    const input = el("input");
    input.readOnly = true;
    input.value = seatLink(seat.id, l.token);
    input.addEventListener("focus", () => input.select());
    const li = el("li", "", (entry.links.length === 1 ? "Your link" : "Seat " + l.seat + (l.token === seat.token ? " (this page)" : "")) + ": ", input);
    li.dataset.seat = String(l.seat);
    return li;
  }));
}

function leave() {
  clearTimeout(pollTimer);
  joined++;
  seat = null;
  view = null;
  store(sessionStorage, "cardrules.seat", null);
  history.replaceState(null, "", location.pathname);
  $("play").hidden = true;
  $("people").hidden = true;
  $("new").hidden = true;
  clearTable();
  $("setup").hidden = false;
  showRecent();
}

function showRecent() {
  const list = recent();
  $("recent").replaceChildren(...(list.length ? [el("h3", "", "Your tables in this browser"), el("ul", "", ...list.map((t) => {
    const a = el("a", "", "Rejoin " + ((GAMES[t.game] || {}).title || t.game) + ", table " + t.id.slice(0, 8) + "…, seat " + t.seat);
    a.href = seatLink(t.id, t.token);
    return el("li", "", a);
  }))] : []));
}

async function create(ev) {
  ev.preventDefault();
  showError(null);
  $("createError").textContent = "";
  const people = Array.from(document.querySelectorAll("#peopleSeats input:checked")).map((i) => Number(i.value));
  if (people.length === 0) {
    $("createError").textContent = "Tick at least one seat for a person: the page plays a person's seat.";
    return;
  }
  const body = {game: $("game").value, rules: $("preset").value, seats: Number($("seats").value), people, strength: $("strength").value};
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  $("createBtn").disabled = true;
  try {
    const t = await (await request("POST", "/tables", body)).json();
    if (t.tokens.length === 0) throw new Error("the table has no seat for a person");
    remember({id: t.id, token: t.tokens[0].token, game: t.game, seat: t.tokens[0].seat, links: t.tokens});
    await join(t.id, t.tokens[0].token);
  } catch (e) {
    $("createError").textContent = "The table was not created: " + e.message;
  } finally {
    $("createBtn").disabled = false;
  }
}

// ---- the form

function options(select, values, chosen) {
  select.replaceChildren(...values.map(([value, label]) => {
    const o = el("option", "", label);
    o.value = value;
    o.selected = value === chosen;
    return o;
  }));
}

function fillPresets() {
  const g = GAMES[$("game").value];
  options($("preset"), Object.keys(g.presets).map((p) => [p, p]), Object.keys(g.presets)[0]);
  fillSeats();
}

function fillSeats() {
  const [def, lo, hi] = GAMES[$("game").value].presets[$("preset").value];
  const n = [];
  for (let i = lo; i <= hi; i++) n.push([String(i), String(i)]);
  options($("seats"), n, String(def));
  $("presetInfo").textContent = PRESET_INFO[$("game").value][$("preset").value] || "";
  fillPeople();
}

// sideOf is the side of a seat at a table of the canasta family, as the
// games seat them (seat modulo the number of sides), or -1 when each
// plays for themselves.
function sideOf(game, preset, seats, s) {
  let sides = seats;
  if (game === "handfoot" && seats % 2 === 0) sides = seats / 2;
  if (game === "canasta" && preset === "classic") sides = 2;
  return sides < seats ? s % sides : -1;
}

// fillPeople offers a box per seat for the people's seats, seat 0 ticked,
// each with its side when the game plays in partnerships.
function fillPeople() {
  const game = $("game").value, preset = $("preset").value, seats = Number($("seats").value);
  const boxes = [];
  for (let s = 0; s < seats; s++) {
    const input = el("input");
    input.type = "checkbox";
    input.value = String(s);
    input.checked = s === 0;
    input.dataset.seat = String(s);
    const side = sideOf(game, preset, seats, s);
    boxes.push(el("label", "", input, " Seat " + s + (side >= 0 ? " (side " + (side + 1) + ")" : "")));
  }
  $("peopleSeats").replaceChildren(...boxes);
  $("peopleBox").hidden = seats === 1;
  const partners = [];
  for (let s = 1; s < seats; s++) if (sideOf(game, preset, seats, s) === 0) partners.push(s);
  $("peopleInfo").textContent = "Tick the seats people play; computer players take the others. Each person's seat gets its own link." +
    (partners.length ? " Seats of the same side are partners: seat 0's partner is seat " + partners.join(" and ") + "." : "");
}

function fillStrength() {
  options($("strength"), STRENGTHS.map((s) => [s, s]), DEFAULT_STRENGTH);
  $("strengthInfo").textContent = "Computer players: " + STRENGTHS.map((s) => STRENGTH_INFO[s]).join("; ") + ".";
}

function boot() {
  options($("game"), Object.keys(GAMES).map((g) => [g, GAMES[g].title]), "handfoot");
  fillPresets();
  fillStrength();
  $("game").addEventListener("change", fillPresets);
  $("preset").addEventListener("change", fillSeats);
  $("seats").addEventListener("change", fillPeople);
  $("create").addEventListener("submit", create);
  $("new").addEventListener("click", leave);
  $("typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("actionText").value.trim();
    if (text) act(text);
  });
  $("hint").addEventListener("click", hint);
  $("showRecord").addEventListener("click", async () => {
    try {
      $("record").textContent = await (await request("GET", tablePath("record"), undefined, seat.token)).text();
      $("record").hidden = false;
    } catch (e) {
      showError(e);
    }
  });
  window.addEventListener("hashchange", () => {
    const h = parseHash();
    if (h && (!seat || h.id !== seat.id || h.token !== seat.token)) join(h.id, h.token);
  });
  const h = parseHash() || stored(sessionStorage, "cardrules.seat");
  if (h && h.id && h.token) join(h.id, h.token);
  else leave();
}

boot();
