// /review: step through the game (slider, arrow keys, the event list) without reloading the page; each moment
// keeps its own address. Without this script every control is a link or a form and still works.
"use strict";
(function () {
  const root = document.getElementById("review");
  if (!root) return;
  const address = root.dataset.address;
  const total = Number(root.dataset.total);
  const slider = document.getElementById("slider");
  const number = document.getElementById("event-number");
  const view = document.getElementById("view");
  let wanted = null;
  let loading = false;
  let poll = null;

  let position = Number(document.getElementById("moment").dataset.event);
  function current() { return position; }  // where the reader asked to be, even before the page caught up

  async function go(event, push) {
    event = Math.max(0, Math.min(total, event));
    position = event;
    slider.value = number.value = event;
    wanted = event;
    if (loading) return;
    loading = true;
    try {
      while (wanted !== null) {
        const target = wanted;
        wanted = null;
        const url = `${address}?event=${target}&view=${encodeURIComponent(view.value)}`;
        const response = await fetch(`${url}&fragment=1`, {credentials: "same-origin"});
        if (!response.ok) { window.location.href = url; return; }
        document.getElementById("step").innerHTML = await response.text();
        if (push) history.replaceState(null, "", url);
        document.getElementById("prev").href = `${address}?event=${Math.max(0, target - 1)}&view=${view.value}`;
        document.getElementById("next").href = `${address}?event=${Math.min(total, target + 1)}&view=${view.value}`;
        const here = document.querySelector(".eventlist li.current");
        if (here) here.scrollIntoView({block: "nearest"});
      }
    } finally {
      loading = false;
      watch();
    }
  }

  function watch() {
    clearTimeout(poll);
    const moment = document.getElementById("moment");
    if (moment.dataset.status === "working") poll = setTimeout(() => go(current(), false), 1500);
  }

  slider.addEventListener("input", () => go(Number(slider.value), true));
  number.addEventListener("change", () => go(Number(number.value), true));
  view.addEventListener("change", () => go(current(), true));
  document.getElementById("prev").addEventListener("click", e => { e.preventDefault(); go(current() - 1, true); });
  document.getElementById("next").addEventListener("click", e => { e.preventDefault(); go(current() + 1, true); });
  document.getElementById("stepper").addEventListener("submit", e => { e.preventDefault(); go(Number(number.value), true); });
  document.getElementById("step").addEventListener("click", e => {
    const link = e.target.closest("a[data-event]");
    if (!link) return;
    e.preventDefault();
    go(Number(link.dataset.event), true);
  });
  document.addEventListener("keydown", e => {
    if (e.target.closest("input, select, textarea") && e.target !== slider) return;
    if (e.target === slider && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;  // the slider steps itself
    const moves = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1};
    if (e.key in moves) { e.preventDefault(); go(current() + moves[e.key], true); }
    else if (e.key === "Home") { e.preventDefault(); go(0, true); }
    else if (e.key === "End") { e.preventDefault(); go(total, true); }
  });
  watch();
})();
