// literature serve: the puzzle page's clicks. Plain JavaScript, no framework; the page works without it
// (type the answer), this only writes the same words from clicks: a card, then the player who holds it.
(function () {
  "use strict";
  var page = document.querySelector(".puzzle-page");
  if (!page) { return; }
  var kind = page.getAttribute("data-kind");
  var line = document.getElementById("line");
  var builder = page.querySelector(".builder");
  var places = Array.prototype.slice.call(page.querySelectorAll(".place"));
  var seats = Array.prototype.slice.call(page.querySelectorAll(".seat"));
  var owners = {};          // card code -> player
  var selected = null;      // the card button waiting for its player

  function seatOrder() { return seats.map(function (s) { return s.getAttribute("data-seat"); }); }

  function write() {        // the answer in the trainer's words: "Ann 2D 3D, Cat 6D"
    var groups = {};
    places.forEach(function (p) {
      var card = p.getAttribute("data-card");
      if (owners[card]) { (groups[owners[card]] = groups[owners[card]] || []).push(card); }
    });
    var parts = [];
    seatOrder().forEach(function (name) { if (groups[name]) { parts.push(name + " " + groups[name].join(" ")); } });
    if (line) { line.value = parts.join(", "); }
  }

  function label(p) {
    var to = p.querySelector(".to");
    var owner = owners[p.getAttribute("data-card")];
    var viewer = page.getAttribute("data-viewer");
    if (to) { to.textContent = owner ? "→ " + (owner === viewer ? "you" : owner) : "?"; }
    p.classList.toggle("assigned", !!owner);
  }

  function targets(on) {
    seats.forEach(function (s) {
      var allowed = on && !(kind === "claim" && s.getAttribute("data-offteam") === "yes");
      s.disabled = !allowed;
      s.classList.toggle("target", allowed);
      s.classList.toggle("holds", !!selected && owners[selected.getAttribute("data-card")] === s.getAttribute("data-seat"));
    });
  }

  if (builder && places.length) {
    builder.hidden = false;
    places.forEach(function (p) {
      var owner = p.getAttribute("data-owner");
      if (owner) { owners[p.getAttribute("data-card")] = owner; }
      label(p);
      p.addEventListener("click", function () {
        if (selected === p) {            // clicked twice: the card is left out
          delete owners[p.getAttribute("data-card")];
          label(p); p.classList.remove("selected"); selected = null; targets(false); write();
          return;
        }
        if (selected) { selected.classList.remove("selected"); }
        selected = p; p.classList.add("selected"); targets(true);
      });
    });
    seats.forEach(function (s) {
      s.addEventListener("click", function () {
        if (!selected) { return; }
        owners[selected.getAttribute("data-card")] = s.getAttribute("data-seat");
        label(selected); selected.classList.remove("selected");
        var next = places.filter(function (p) { return !owners[p.getAttribute("data-card")]; })[0];
        selected = null; targets(false); write();
        if (next && kind !== "certain") { next.click(); }
      });
    });
    write();
  }

  var none = page.querySelector("[data-none]");
  if (none && line) {
    none.addEventListener("click", function () {
      line.value = "none";
      line.form.requestSubmit ? line.form.requestSubmit(line.form.querySelector(".answer-button")) : line.form.submit();
    });
  }

  // the history: all moves, or only those of the question's sets (and claims)
  var history = document.getElementById("history");
  var filter = page.querySelector(".history-filter");
  if (filter && history) {
    filter.hidden = false;
    filter.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-filter]");
      if (!button) { return; }
      var focus = button.getAttribute("data-filter") === "focus";
      history.classList.toggle("only-focus", focus);
      filter.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-pressed", String(b === button)); });
    });
  }

  // the explanation, one step at a time; a step's moves are marked in the history
  function cite(moves) {
    if (!history) { return; }
    history.querySelectorAll("li.cited").forEach(function (li) { li.classList.remove("cited"); });
    var first = null;
    moves.forEach(function (n) {
      var li = document.getElementById("m" + n);
      if (li) { li.classList.add("cited"); first = first || li; }
    });
    if (first) {
      history.classList.remove("only-focus");
      history.scrollTop = first.offsetTop - history.offsetTop - 20;
    }
  }
  function movesOf(step) {
    var text = step.getAttribute("data-events") || "";
    return text ? text.split(" ") : [];
  }
  var explanation = page.querySelector(".explanation");
  if (explanation) {
    var steps = Array.prototype.slice.call(explanation.querySelectorAll(".step"));
    var buttons = explanation.querySelector(".step-buttons");
    var at = 0;
    function showStep(index) {
      at = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (s, i) {
        s.classList.toggle("current", i === at);
        s.classList.toggle("past", i < at);
      });
      cite(movesOf(steps[at]));
      buttons.querySelector("[data-step=prev]").disabled = at === 0;
      buttons.querySelector("[data-step=next]").disabled = at === steps.length - 1;
    }
    if (steps.length > 1 && buttons) {
      buttons.hidden = false;
      explanation.classList.add("stepping");
      buttons.addEventListener("click", function (event) {
        var button = event.target.closest("button[data-step]");
        if (!button) { return; }
        var what = button.getAttribute("data-step");
        if (what === "all") { explanation.classList.remove("stepping"); buttons.hidden = true; return; }
        showStep(at + (what === "next" ? 1 : -1));
      });
      showStep(0);
    }
    steps.forEach(function (s) {
      s.addEventListener("click", function (event) {
        if (event.target.closest("a.cite")) { event.preventDefault(); cite([event.target.getAttribute("data-move")]); return; }
        cite(movesOf(s));
      });
    });
  }
})();
