// The Hand and Foot page: it creates a table with one person's seat (seat 0)
// and three computer players, and plays it through the server's API.
"use strict";

let table = null; // {id, token}
let seen = 0;     // the last action number shown in the log
let busy = false;

const $ = (id) => document.getElementById(id);

// api calls the server with the seat's token and returns the decoded JSON,
// or throws the server's error message.
async function api(method, path, body) {
  const headers = {};
  if (table) headers["Authorization"] = "Bearer " + table.token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const resp = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await resp.json();
  if (!resp.ok) throw new Error(data.error || resp.statusText);
  return data;
}

function cardSpan(c) {
  const s = document.createElement("span");
  s.className = "card" + (/[HD]$/.test(c) ? " red" : "");
  s.textContent = c;
  return s;
}

function seatName(v, seat) {
  if (seat === v.seat) return "You";
  const p = v.players[seat];
  return (p && p.name) || "Seat " + seat;
}

function render(v) {
  const status = v.toAct < 0 ? "The game is over." :
    v.toAct === v.seat ? "Your turn (round " + v.round + ", " + v.phase + ")." :
    seatName(v, v.toAct) + " is to act.";
  $("status").textContent = status;
  $("upcard").replaceChildren(v.upcard ? cardSpan(v.upcard) : "none");
  $("pileSize").textContent = v.pileSize;
  $("stockSize").textContent = v.stockSize;

  const rows = [["Seat", "Team", "Hand", "Foot"]].concat(v.players.map((p) =>
    [seatName(v, p.seat), String(p.team + 1), String(p.hand), p.inFoot ? "playing it" : String(p.foot)]));
  $("players").replaceChildren(...rows.map((r, i) => {
    const tr = document.createElement("tr");
    tr.id = i === 0 ? "" : "player-" + (i - 1);
    for (const x of r) {
      const td = document.createElement(i === 0 ? "th" : "td");
      td.textContent = x;
      tr.append(td);
    }
    return tr;
  }));

  // Rule set B: before choosing its hand a seat sees both its packets.
  const choosing = v.packets && (v.packets[0].length > 0 || v.packets[1].length > 0);
  $("hand").replaceChildren(...(choosing
    ? v.packets.flatMap((p, i) => [(i ? " Packet 2: " : "Packet 1: "), ...p.map(cardSpan)])
    : v.hand.map(cardSpan)));

  $("teams").replaceChildren(...v.teams.map((t) => {
    const div = document.createElement("div");
    div.id = "team-" + t.team;
    const h = document.createElement("h3");
    h.textContent = "Team " + (t.team + 1) + (t.team === v.team ? " (yours)" : "") +
      ": total " + t.total + ", canastas " + t.canastas.clean + " clean, " + t.canastas.dirty + " dirty";
    div.append(h);
    if (t.melds.length === 0) div.append("No melds yet.");
    for (const m of t.melds) {
      const p = document.createElement("p");
      p.className = "meld";
      p.append(m.ref + ": ", ...m.cards.map(cardSpan));
      div.append(p);
    }
    return div;
  }));

  $("legal").replaceChildren(...v.legal.map((a) => {
    const b = document.createElement("button");
    b.className = "action";
    b.textContent = a;
    b.addEventListener("click", () => act(a));
    return b;
  }));
}

// showHappened appends events to the log.
function showHappened(v, events) {
  for (const e of events) {
    seen = e.seq;
    const line = document.createElement("div");
    line.className = "event";
    line.dataset.seat = e.seat;
    let text = seatName(v, e.seat) + ": " + e.action;
    if (e.drawn && e.drawn.length) text += " (" + e.drawn.join(" ") + ")";
    else if (e.draws) text += " (" + e.draws + " cards)";
    if (e.took) text += " (takes " + e.took + " cards of the pile)";
    if (e.foot) text += " (picks up the foot)";
    if (e.roundOver) text += " — the round is over";
    if (e.gameOver) text += " — the game is over";
    line.textContent = text;
    $("log").append(line);
  }
  $("log").scrollTop = $("log").scrollHeight;
}

// refresh shows the view v and what happened since the last refresh, both
// at once.
async function refresh(v) {
  const events = await api("GET", "/tables/" + table.id + "/happened?since=" + seen);
  render(v);
  showHappened(v, events);
}

async function act(text) {
  if (busy) return;
  busy = true;
  $("error").textContent = "";
  try {
    await refresh(await api("POST", "/tables/" + table.id + "/actions", {text}));
  } catch (e) {
    $("error").textContent = e.message;
  } finally {
    busy = false;
  }
}

async function newGame() {
  table = null;
  seen = 0;
  $("log").replaceChildren();
  $("error").textContent = "";
  try {
    const t = await api("POST", "/tables", {game: "handfoot", seats: 4, humans: 1});
    table = {id: t.id, token: t.tokens[0].token};
    await refresh(await api("GET", "/tables/" + table.id + "/view"));
  } catch (e) {
    $("error").textContent = e.message;
  }
}

$("new").addEventListener("click", newGame);
newGame();
