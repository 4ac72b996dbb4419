// literature serve: the puzzle page's clicks. Answering, hints, Reveal and Skip are forms that htmx posts (the
// server swaps its reply in); this only writes an answer's words from clicks, a card and then the player who
// holds it, into the answer box. No rule of the game here: the server reads and marks the words.
(function () {
  "use strict";
  function all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }
  function selected() { return document.querySelector(".place.selected"); }
  function focus(element) { if (element) { element.focus(); } }

  function write() {        // the answer in the trainer's words, players in seat order: "Ann 2D 3D, Cat 6D"
    var line = document.getElementById("line"), groups = {}, parts = [];
    if (!line) { return; }
    all(".place").forEach(function (p) {
      var owner = p.getAttribute("data-owner");
      if (owner) { (groups[owner] = groups[owner] || []).push(p.getAttribute("data-card")); }
    });
    all(".seat").forEach(function (s) {
      var name = s.getAttribute("data-seat");
      if (groups[name]) { parts.push(name + " " + groups[name].join(" ")); }
    });
    line.value = parts.join(", ");
  }

  function label(p) {
    var owner = p.getAttribute("data-owner"), viewer = document.querySelector(".puzzle-page").getAttribute("data-viewer");
    p.querySelector(".to").textContent = owner ? "→ " + (owner === viewer ? "you" : owner) : "?";
    p.classList.toggle("assigned", !!owner);
  }

  function targets(on) {    // the seats a card may be given to: the claimer's team for a claim (the page marks them)
    var claim = document.querySelector(".puzzle-page").getAttribute("data-kind") === "claim";
    all(".seat").forEach(function (s) {
      var allowed = on && !(claim && s.getAttribute("data-offteam") === "yes");
      s.disabled = !allowed;
      s.classList.toggle("target", allowed);
    });
  }

  function ready() {        // a fresh reply fragment (or the page): show the builder, label its cards
    var builder = document.querySelector(".builder");
    if (builder && document.querySelector(".place")) { builder.hidden = false; }
    all(".place").forEach(label);
    targets(false);
    write();
  }

  document.addEventListener("click", function (event) {
    var place = event.target.closest(".place"), seat = event.target.closest(".seat"), chosen = selected();
    if (place) {
      if (chosen === place) {                        // clicked twice: the card is left out
        place.removeAttribute("data-owner"); place.classList.remove("selected"); label(place); targets(false); write();
        return;
      }
      if (chosen) { chosen.classList.remove("selected"); }
      place.classList.add("selected"); targets(true);
      if (event.detail === 0) { focus(all(".seat.target")[0]); }  // by keyboard: on to the seats (before the cards)
    } else if (seat && chosen) {
      chosen.setAttribute("data-owner", seat.getAttribute("data-seat"));
      chosen.classList.remove("selected"); label(chosen); targets(false); write();
      var next = all(".place").filter(function (p) { return !p.getAttribute("data-owner"); })[0];
      var more = next && document.querySelector(".puzzle-page").getAttribute("data-kind") !== "certain";
      if (more) { next.click(); }
      if (event.detail === 0) { focus(more ? all(".seat.target")[0] : document.getElementById("line")); }
    }
  });
  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("htmx:afterSettle", ready);
})();
