// On a phone the table sticks to the top of the screen once a card is picked (table.css). If a swap leaves the
// picked card under it (the hand was scrolled to the top), the page scrolls just enough to show the card below it.
document.addEventListener("htmx:afterSettle", () => {
  const card = document.querySelector("a.pick.chosen"), felt = document.querySelector(".felt:has(.ask-seat)");
  if (!card || !felt || getComputedStyle(felt).position !== "sticky") return;
  const under = felt.getBoundingClientRect().bottom + 8 - card.getBoundingClientRect().top;
  if (under > 0) window.scrollBy(0, -under);
});

// What the table says back to a person's own request (a typed line, Hint, the coach's Yes/No question) is drawn
// at the top of the table; on a phone the person is further down, at the moves or the text box. After such a
// request (not the bots' own paced moves) the page scrolls the answer into view if it is off the screen.
document.addEventListener("htmx:afterSettle", (event) => {
  const from = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!from || from.closest(".bots")) return;
  const said = document.querySelector(".table-frame .said");
  if (!said) return;
  const box = said.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) said.scrollIntoView({block: "start"});
});

// The bots' paced moves redraw the whole table, text box included: what the person was typing meanwhile (and the
// focus, and the caret) is put back as the new table is swapped in, so a line typed while the bots move is not lost.
let typing = null;
document.addEventListener("htmx:beforeSwap", (event) => {
  const from = event.detail.requestConfig && event.detail.requestConfig.elt, line = document.getElementById("line");
  typing = from && from.closest(".bots") && line && line.value
    ? {value: line.value, focused: document.activeElement === line, caret: line.selectionStart} : null;
});
document.addEventListener("htmx:afterSwap", () => {  // (at once: an Enter pressed before the settle sends it)
  const line = document.getElementById("line");
  if (!typing || !line || line.value) return;
  line.value = typing.value;
  if (typing.focused) {
    line.focus();
    line.setSelectionRange(typing.caret, typing.caret);
  }
  typing = null;
});

// A bots' move asked for before the person's latest request may answer after it: its table is older than the
// one the person's answer drew (which holds that move too), so it is not drawn over it.
let asked = 0;
document.addEventListener("htmx:beforeRequest", (event) => {
  const from = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (from && from.closest(".bots")) event.detail.xhr.personAsked = asked;
  else asked += 1;
});
document.addEventListener("htmx:beforeSwap", (event) => {
  const xhr = event.detail.xhr;
  if (xhr && xhr.personAsked !== undefined && xhr.personAsked !== asked) event.detail.shouldSwap = false;
});
