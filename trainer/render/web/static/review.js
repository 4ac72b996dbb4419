// /review: the arrow keys step through the game, and a move of the list opens its moment; htmx asks for the
// moment's fragment (the links and forms carry hx-get). Without this script every control still works.
"use strict";
document.addEventListener("keydown", (e) => {
  const keys = {ArrowLeft: "prev", ArrowUp: "prev", ArrowRight: "next", ArrowDown: "next", Home: "first", End: "last"};
  if (!(e.key in keys) || e.target.closest("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
  const link = document.getElementById(keys[e.key]);
  if (link) { e.preventDefault(); link.click(); }
});
document.addEventListener("click", (e) => {
  const row = e.target.closest(".eventlist li[data-move]");
  if (!row || e.target.closest("a") || !window.htmx) return;
  htmx.ajax("GET", row.parentElement.dataset.at + row.dataset.move, {target: "#step"});
});
function showCurrent() {  // the current move in the middle of the event list (the page itself does not move)
  const moment = document.getElementById("moment");
  const here = moment && document.querySelector(`.eventlist #m${moment.dataset.event}`);
  if (here) here.parentElement.scrollTop = here.offsetTop - here.parentElement.clientHeight / 2;
}
document.addEventListener("htmx:afterSwap", showCurrent);
document.addEventListener("DOMContentLoaded", showCurrent);
