// /play: the table, the clicks that build a move, the bots' moves one by one at the chosen pace.
// Every form on the page still works without this script (it posts and the page comes back).
"use strict";
(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const name = root.dataset.name;
  const token = document.querySelector('meta[name="csrf-token"]').content;
  const pace = document.getElementById("pace");
  const said = document.getElementById("said");
  let busy = false;
  let timer = null;
  let chosenCard = null;

  const saved = window.localStorage ? localStorage.getItem("lit-pace") : null;
  if (saved !== null && [...pace.options].some(o => o.value === saved)) pace.value = saved;
  pace.addEventListener("change", () => {
    if (window.localStorage) localStorage.setItem("lit-pace", pace.value);
    schedule();
  });

  function table() { return document.getElementById("table"); }

  async function post(path, data) {
    busy = true;
    try {
      const response = await fetch(`/play/game/${encodeURIComponent(name)}/${path}`, {
        method: "POST", body: data, credentials: "same-origin",
        headers: {"Accept": "application/json", "X-CSRF-Token": token},
      });
      const json = (response.headers.get("content-type") || "").includes("json");
      if (!response.ok) {  // an error page, in JSON for a script: {"error": ..., "status": ...}
        const error = json ? (await response.json()).error : "";
        show([error || `The server said ${response.status}: reload the page.`], "invalid");
        return;
      }
      const answer = await response.json();
      const old = table();
      old.insertAdjacentHTML("afterend", answer.table);
      old.remove();
      if (answer.said.length || path === "say") show(answer.said, answer.said_kind, true);
      wire();
      const latest = document.querySelector("#table .events li.latest");
      if (latest && answer.moved.length) latest.classList.add("fresh");
    } catch (error) {
      show(["The server could not be reached: is literature serve still running?"], "invalid");
    } finally {
      busy = false;
      schedule();
    }
  }

  function show(lines, kind, html) {
    said.className = "said" + (kind === "invalid" ? " invalid" : kind === "confirm" ? " confirm" : "");
    said.innerHTML = "";
    for (const line of lines) {
      const p = document.createElement("p");
      if (html) p.innerHTML = line; else p.textContent = line;
      said.appendChild(p);
    }
  }

  function say(line) {
    const data = new FormData();
    data.append("line", line);
    return post("say", data);
  }

  function botsMove() {
    if (busy) return;
    post("bot", new FormData());
  }

  function schedule() {
    clearTimeout(timer);
    const t = table();
    const next = document.getElementById("next-bot");
    const waiting = t.dataset.over === "0" && t.dataset.yourMove === "0";
    next.disabled = !waiting;
    next.textContent = pace.value === "step" ? "Next bot move" : "Bots' moves";
    if (!waiting || busy || pace.value === "step") return;
    timer = setTimeout(botsMove, Number(pace.value));
  }

  // a card to ask for, then an opponent: "Bob 6D"
  function wire() {
    const t = table();
    chosenCard = null;
    t.querySelectorAll("button.pick").forEach(button => button.addEventListener("click", () => {
      t.querySelectorAll("button.pick").forEach(b => b.classList.toggle("chosen", b === button));
      chosenCard = button;
      const targets = button.dataset.targets.split(" ");
      t.querySelectorAll(".seat.theirs").forEach(seat => {
        seat.classList.toggle("target", targets.includes(seat.dataset.player));
      });
      const select = t.querySelector("form.ask select[name=card]");
      if (select) select.value = button.dataset.card;
    }));
    t.querySelectorAll(".seat").forEach(seat => seat.addEventListener("click", () => {
      if (!chosenCard) {
        const select = t.querySelector("form.ask select[name=target]");
        if (select) select.value = seat.dataset.player;
        show([`Now click a card to ask ${seat.dataset.player} for.`], "info");
        return;
      }
      say(`${seat.dataset.player} ${chosenCard.dataset.card}`);
    }));
    const claim = t.querySelector("form.claim");
    if (claim) wireClaim(claim);
  }

  function wireClaim(form) {
    const sets = JSON.parse(form.dataset.sets);
    const claimers = form.dataset.claimers.split(" ").filter(Boolean);
    const you = table().dataset.you;
    const mine = new Set([...table().querySelectorAll(".hand-sets .card")].map(c => c.dataset.card));
    const rows = form.querySelector(".claimrows");
    form.querySelectorAll("button.pickset").forEach(button => button.addEventListener("click", () => {
      form.querySelectorAll("button.pickset").forEach(b => b.classList.toggle("chosen", b === button));
      const set = sets.find(s => s.code === button.dataset.set);
      rows.innerHTML = "";
      for (const card of set.cards) {
        const label = document.createElement("label");
        label.className = "claimrow";
        const shown = document.createElement("span");
        shown.className = "card " + (/[HD]$/.test(card) ? "red" : "black");
        shown.textContent = card.replace(/S$/, "♠").replace(/H$/, "♥").replace(/D$/, "♦").replace(/C$/, "♣");
        const select = document.createElement("select");
        select.dataset.card = card;
        const pick = mine.has(card) ? you : "";
        select.appendChild(new Option("who?", ""));
        for (const player of claimers) select.appendChild(new Option(player, player, false, player === pick));
        label.append(shown, " ", select);
        rows.appendChild(label);
      }
      const submit = document.createElement("button");
      submit.type = "submit";
      submit.textContent = `Claim ${set.code}`;
      rows.appendChild(submit);
    }));
    form.addEventListener("submit", event => {
      const selects = [...rows.querySelectorAll("select")];
      if (!selects.length) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const set = form.querySelector("button.pickset.chosen").dataset.set;
      const groups = new Map();
      for (const select of selects) {
        const who = select.value || "?";
        if (!groups.has(who)) groups.set(who, []);
        groups.get(who).push(select.dataset.card);
      }
      const parts = [...groups].map(([who, cards]) => `${who} ${cards.join(" ")}`);
      say(`claim ${set}: ${parts.join(", ")}`);
    }, true);
  }

  // every form posts through fetch: the answer replaces the table
  root.addEventListener("submit", event => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (busy && !form.classList.contains("say")) return;
    const data = new FormData(form);
    data.delete("csrf");
    const path = form.action.endsWith("/bot") ? "bot" : "say";
    if (path === "bot") data.delete("all");
    if (form.classList.contains("say")) {
      const input = form.querySelector("input[name=line]");
      input.value = "";
    }
    if (path === "say" && !data.get("line") && data.get("card") && data.get("target")) {
      data.set("line", `${data.get("target")} ${data.get("card")}`);
    }
    post(path, data);
  });

  document.addEventListener("keydown", event => {
    if (event.key === "Enter" && pace.value === "step" && document.activeElement === document.body) botsMove();
  });

  wire();
  schedule();
})();
