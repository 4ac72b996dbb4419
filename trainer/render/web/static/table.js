// literature serve: the tables' pages. Plain JavaScript over the JSON API (docs/tables.md).
// A seat's secret stays in this browser (localStorage) and in the seat's link (#seat=..., never sent to the server).
"use strict";
(function () {
  const SUITS = { S: ["\u2660", "black"], H: ["\u2665", "red"], D: ["\u2666", "red"], C: ["\u2663", "black"] };
  const CARD = /\b(10|[2-9TJQKA])([SHDC])\b|\b([RB])J\b/g;
  const csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }
  function card(code) {
    const joker = code === "RJ" || code === "BJ";
    const suit = joker ? null : SUITS[code.slice(-1)];
    const text = joker ? code : code.slice(0, -1) + suit[0];
    return el("span", { class: "card " + (joker ? "joker" : suit[1]), "data-card": code }, text);
  }
  function withCards(line) {  // a .lit line, its cards drawn
    const span = el("span");
    let last = 0;
    for (const match of line.matchAll(CARD)) {
      span.append(line.slice(last, match.index), card(match[0]));
      last = match.index + match[0].length;
    }
    span.append(line.slice(last));
    return span;
  }
  async function call(method, url, secret, body) {
    const headers = { "X-CSRF-Token": csrf };
    if (secret) headers.Authorization = "Bearer " + secret;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = {};
    try { data = await response.json(); } catch (e) { data = { error: "the server said " + response.status }; }
    if (!response.ok) throw new Error(data.error || "refused (" + response.status + ")");
    return data;
  }
  const store = {
    get: (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set: (key, value) => { try { localStorage.setItem(key, value); } catch (e) { /* private mode: the link still works */ } },
  };

  // -- /tables -------------------------------------------------------------------------------
  const newForm = document.getElementById("new-table");
  if (newForm) {
    newForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = new FormData(newForm);
      const error = newForm.querySelector('[data-role="error"]');
      error.textContent = "";
      try {
        const made = await call("POST", "/api/tables", null, {
          variant: data.get("variant"), players: Number(data.get("players")), bots: data.get("bots"), coach: data.get("coach"),
        });
        store.set("lit-host-" + made.table, made.host);
        location.href = "/t/" + made.table;
      } catch (e) { error.textContent = e.message; }
    });
    document.getElementById("join-table").addEventListener("submit", (event) => {
      event.preventDefault();
      const code = new FormData(event.target).get("code").trim().toLowerCase();
      if (/^[a-z2-9]{8}$/.test(code)) location.href = "/t/" + code;
    });
  }

  // -- /t/CODE/review ---------------------------------------------------------------------------
  const reviewPage = document.getElementById("review");
  if (reviewPage) {
    const code = reviewPage.dataset.code;
    const secret = store.get("lit-seat-" + code);
    const own = reviewPage.querySelector('[data-role="own"]');
    const pending = reviewPage.querySelector('[data-role="pending"]');
    const load = () => call("GET", "/api/tables/" + code + "/review", secret).then((review) => {
      if (pending) { location.reload(); return; }  // the public notes are ready too
      if (!secret || !own || !review.you) return;
      own.replaceChildren(el("h2", {}, "Your notes (" + review.you + ")"));
      if (review.queued && review.queued[0] > 0) {
        own.append(el("p", { class: "good" }, review.queued[0] + " moment(s) you missed are in your training queue (" +
          review.queued[1] + " new): Train brings them back."));
      }
      if (!review.own.length) own.append(el("p", {}, "Nothing to remark: every move was as good as your view allowed."));
      const list = el("ul", { class: "notes" });
      for (const note of review.own) {
        const auto = review.auto.includes(note.event) ? " (auto)" : "";
        list.append(el("li", {}, el("span", { class: "dim" }, "move " + note.event + auto + " "), withCards(note.text)));
      }
      own.append(list);
    }).catch((e) => {
      if (/being worked out/.test(e.message)) setTimeout(load, 1500);
      else if (own) own.append(el("p", { class: "reason" }, e.message));
    });
    if (reviewPage.dataset.over === "yes") load();
  }

  // -- /t/CODE ------------------------------------------------------------------------------------
  const root = document.getElementById("table");
  if (!root) return;
  const code = root.dataset.code;
  const part = (role) => root.querySelector('[data-role="' + role + '"]');
  const fromLink = /#seat=([A-Za-z0-9_-]{10,100})/.exec(location.hash);
  if (fromLink) {
    store.set("lit-seat-" + code, fromLink[1]);
    history.replaceState(null, "", location.pathname);
  }
  let seat = store.get("lit-seat-" + code);
  const host = store.get("lit-host-" + code);
  let state = null;
  let stream = null;

  function say(text) { part("error").textContent = text || ""; }
  async function act(method, path, body, secret) {
    say("");
    try { return await call(method, "/api/tables/" + code + path, secret === undefined ? seat : secret, body); }
    catch (e) { say(e.message); return null; }
  }
  async function move(line) {
    const result = await act("POST", "/moves", { move: line });
    if (result && result.reply && result.reply.length) part("coach").hidden = false, showReply(result.reply);
  }
  function showReply(lines) {
    const box = part("coach");
    const reply = box.querySelector(".reply") || box.appendChild(el("div", { class: "reply" }));
    reply.replaceChildren(...lines.map((line) => el("p", {}, withCards(line))));
  }

  async function connect() {  // the live stream, read with fetch so that the secret goes in a header
    const controller = new AbortController();
    stream = controller;
    try {
      const headers = seat ? { Authorization: "Bearer " + seat } : {};
      const response = await fetch("/api/tables/" + code + "/events", { headers, signal: controller.signal, cache: "no-store" });
      if (response.status === 403 && seat) { seat = null; return connect(); }  // a stale secret: watch instead
      if (!response.ok) {
        let error = "the table cannot be reached";
        try { error = (await response.json()).error; } catch (e) { /* not JSON */ }
        part("status").textContent = error;
        if (response.status === 404) return;
        throw new Error(error);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of chunk.split("\n")) if (line.startsWith("data: ")) render(JSON.parse(line.slice(6)));
        }
      }
    } catch (e) {
      if (controller.signal.aborted) return;
    }
    part("status").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, 1000);
  }

  function seatLabel(s) {
    if (s.bot && s.held) return s.person + " (a bot for now)";
    if (s.bot) return "bot";
    return s.person || "free";
  }

  function render(next) {
    state = next;
    const mine = state.you || null;
    const playing = state.phase !== "waiting";
    part("lobby").hidden = playing;
    part("game").hidden = !playing;
    const turn = state.turn;
    let status;
    if (state.phase === "waiting") status = "Waiting for the host to start. " + (mine ? "You sit at " + mine + "." : "Take a free seat.");
    else if (state.over) status = "Game over: team 1 " + state.score[0] + ", team 2 " + state.score[1] + ".";
    else if (turn === mine) status = "Your move (" + (state.role === "pass" ? "pass the turn" : state.role) + ").";
    else status = turn + " to " + (state.role === "claim" ? "claim" : "play") + ". Score " + state.score[0] + "–" + state.score[1] + ".";
    if (playing && !state.over && state.event_count === 0 && state.dealer) {
      status += state.dealer === mine ? " You deal and ask first." : " " + state.dealer + " deals and asks first.";
    }
    part("status").textContent = status;
    part("status").classList.toggle("yours", turn === mine && !state.over && playing);
    if (!playing) renderLobby(mine); else renderGame(mine);
  }

  function renderLobby(mine) {
    part("share").value = location.origin + "/t/" + code;
    part("name-row").hidden = Boolean(mine);
    part("host-start").hidden = !host;
    const list = part("lobby-seats");
    list.replaceChildren();
    for (const s of state.seats) {
      const row = el("li", { class: "team" + s.team + (s.name === mine ? " me" : "") },
        el("strong", {}, s.name), " ", el("span", { class: "dim" }, "team " + s.team), " ", s.held ? s.person : "");
      if (!s.held && !mine) {
        row.append(" ", el("button", { type: "button", "data-seat": s.name, onclick: () => take(s.name) }, "Take " + s.name));
      }
      if (s.name === mine) row.append(" ", el("span", { class: "good" }, "(you)"));
      list.append(row);
    }
  }
  async function take(name) {
    const person = part("name").value.trim();
    if (!person) { say("Write your name first."); part("name").focus(); return; }
    const taken = await act("POST", "/seats/" + encodeURIComponent(name), { name: person }, null);
    if (!taken) return;
    seat = taken.secret;
    store.set("lit-seat-" + code, seat);
    if (stream) stream.abort();
    connect();
  }

  function renderGame(mine) {
    const seats = part("seats");
    seats.replaceChildren();
    for (const s of state.seats) {
      const item = el("li", { class: "team" + s.team + (s.name === state.turn ? " turn" : "") + (s.name === mine ? " me" : "") },
        el("strong", {}, s.name), el("span", { class: "who" }, seatLabel(s)),
        el("span", { class: "count" }, (state.hand_sizes[s.name] ?? 0) + " cards"));
      if (s.held && !s.bot) item.append(el("span", { class: "dot " + (s.connected ? "on" : "off"), title: s.connected ? "here" : "away" }));
      if (host && s.held && !s.bot && !s.connected && !state.over) {
        item.append(el("button", { type: "button", class: "quiet small", onclick: () => act("POST", "/seats/" + s.name + "/bot", {}, host) }, "hand to a bot"));
      }
      seats.append(item);
    }
    part("hand-panel").hidden = !mine || state.over;
    if (mine) renderHand();
    renderRecap();
    renderMove(mine);
    renderCoach(mine);
    const lines = state.events;
    const open = lines.length === state.event_count;
    part("events-title").textContent = open ? "Events (" + state.event_count + ")" : "Last event (" + state.event_count + " so far)";
    const list = part("events");
    list.replaceChildren(...lines.slice(-300).reverse().map((line) => el("li", {}, withCards(line))));
    list.setAttribute("start", String(state.event_count));
    renderOver();
    renderMe(mine);
  }
  function renderHand() {
    const groups = {};
    for (const c of state.hand) (groups[setOf(c)] = groups[setOf(c)] || []).push(c);
    const hand = part("hand");
    hand.replaceChildren();
    if (!state.hand.length) hand.append(el("span", { class: "dim" }, "no cards"));
    for (const [name, cards] of Object.entries(groups)) {
      hand.append(el("span", { class: "set" }, el("abbr", {}, name), " ", ...cards.flatMap((c) => [card(c), " "])));
    }
  }
  function setOf(code) {
    if (code === "RJ" || code === "BJ" || code.startsWith("8")) return "8J";
    const rank = code.slice(0, -1);
    return (["2", "3", "4", "5", "6", "7"].includes(rank) ? "L" : "H") + code.slice(-1);
  }
  function renderMove(mine) {
    const box = part("move");
    const options = state.options || {};
    const yours = Boolean(mine) && state.turn === mine && !state.over && options.asks !== undefined;
    box.hidden = !yours;
    if (!yours) return;
    const asks = options.asks || {};
    part("ask-row").hidden = !Object.keys(asks).length;
    const target = part("ask-target");
    const keep = target.value;
    target.replaceChildren(...Object.keys(asks).map((t) => el("option", {}, t)));
    if (asks[keep]) target.value = keep;
    fillCards();
    const claims = options.claims || {};
    part("claim-row").hidden = !Object.keys(claims).length;
    const set = part("claim-set");
    const keptSet = set.value;
    set.replaceChildren(...Object.keys(claims).map((h) => el("option", {}, h)));
    if (claims[keptSet]) set.value = keptSet;
    fillClaim();
    const passes = options.passes || [];
    part("pass-row").replaceChildren(...passes.map((p) => el("button", { type: "button", class: "quiet", onclick: () => move("pass " + p) }, "Pass to " + p)));
    part("hint").hidden = !state.coach || state.coach.level === "off";
  }
  function fillCards() {
    const asks = (state.options || {}).asks || {};
    const cards = asks[part("ask-target").value] || [];
    const select = part("ask-card");
    const keep = select.value;
    select.replaceChildren(...cards.map((c) => el("option", { value: c }, c)));
    if (cards.includes(keep)) select.value = keep;
  }
  function fillClaim() {
    const options = state.options || {};
    const cards = (options.claims || {})[part("claim-set").value] || [];
    const box = part("claim-cards");
    box.replaceChildren(...cards.map((c) => el("label", {}, card(c), " ",
      el("select", { "data-card": c, "aria-label": "holder of " + c },
        ...(options.claimers || []).map((p) => {
          const option = el("option", {}, p);
          if (p === state.you && state.hand.includes(c)) option.selected = true;
          return option;
        })))));
  }
  function renderCoach(mine) {
    const box = part("coach");
    const coach = state.coach;
    const lines = coach ? [...coach.alerts, ...coach.notes] : [];
    box.hidden = !mine || (!lines.length && !(coach && coach.question));
    const reply = box.querySelector(".reply");
    box.replaceChildren(el("h2", {}, "Coach"), ...lines.map((line) => el("p", {}, withCards(line))));
    if (coach && coach.question) {
      box.append(el("p", { class: "question" }, withCards(coach.question)),
        el("p", {}, el("button", { type: "button", onclick: () => move("yes") }, "Yes"), " ",
          el("button", { type: "button", class: "quiet", onclick: () => move("no") }, "No")));
    }
    if (reply) box.append(reply);
  }
  function renderRecap() {  // the moves since this seat's last one, when its turn comes (coach on)
    const box = part("recap");
    const lines = state.recap || [];
    box.hidden = !lines.length;
    box.replaceChildren(...(lines.length ? [el("h2", {}, lines[0]),
      el("ul", {}, ...lines.slice(1).map((line) => el("li", {}, withCards(line))))] : []));
  }
  function renderOver() {
    const box = part("over");
    box.hidden = !state.over;
    if (!state.over) return;
    const result = state.winner ? "Team " + state.winner + " wins" : "A tie";
    box.replaceChildren(el("h2", {}, state.verdict || result + ", " + state.score[0] + "–" + state.score[1]),
      el("p", {}, el("a", { href: "/api/tables/" + code + "/log", download: "table-" + code + ".lit" }, "Download the game (.lit)"),
        " · ", el("a", { href: "/t/" + code + "/review" }, "The review, with your notes")));
  }
  function renderMe(mine) {
    const box = part("me");
    const me = state.seats.find((s) => s.name === mine);
    box.hidden = !mine || state.over;
    if (box.hidden) return;
    box.replaceChildren();
    if (me && me.bot) {
      box.append(el("p", {}, "A bot plays your seat for now. ",
        el("button", { type: "button", onclick: () => act("POST", "/seats/" + mine + "/back", {}) }, "Take my seat back")));
    }
    const allowed = state.coach_allowed;
    if (allowed.length > 1 && !state.over) {
      const select = el("select", { "aria-label": "coach level", onchange: (e) => act("POST", "/coach", { level: e.target.value }) },
        ...allowed.map((level) => el("option", {}, level)));
      select.value = state.coach ? state.coach.level : allowed[allowed.length - 1];
      box.append(el("label", {}, "Coach ", select), " ");
    }
    box.append(el("span", { class: "dim" }, "Your seat's link (to come back from another device): "),
      el("button", { type: "button", class: "quiet small", onclick: () => {
        const link = location.origin + "/t/" + code + "#seat=" + seat;
        if (navigator.clipboard) navigator.clipboard.writeText(link);
        say("Your seat's link is copied: keep it to yourself.");
      } }, "copy"));
  }

  part("ask-target").addEventListener("change", fillCards);
  part("claim-set").addEventListener("change", fillClaim);
  root.querySelector('[data-action="ask"]').addEventListener("click", () => move(part("ask-target").value + " " + part("ask-card").value));
  root.querySelector('[data-action="claim"]').addEventListener("click", () => {
    const byHolder = {};
    for (const select of part("claim-cards").querySelectorAll("select")) (byHolder[select.value] = byHolder[select.value] || []).push(select.dataset.card);
    move("claim " + part("claim-set").value + ": " + Object.entries(byHolder).map(([p, cs]) => p + " " + cs.join(" ")).join(", "));
  });
  root.querySelector('[data-action="auto"]').addEventListener("click", () => move("auto"));
  root.querySelector('[data-action="hint"]').addEventListener("click", () => move("hint"));
  root.querySelector('[data-action="start"]').addEventListener("click", () => act("POST", "/start", {}, host));
  root.querySelector('[data-action="copy"]').addEventListener("click", () => {
    part("share").select();
    if (navigator.clipboard) navigator.clipboard.writeText(part("share").value);
  });
  part("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const line = part("line").value.trim();
    if (line) move(line).then(() => { part("line").value = ""; });
  });
  connect();
})();
