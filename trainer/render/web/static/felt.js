// On a phone the table sticks to the top of the screen once a card is picked (table.css). If a swap leaves the
// picked card under it (the hand was scrolled to the top), the page scrolls just enough to show the card below it.
document.addEventListener("htmx:afterSettle", () => {
  const card = document.querySelector("a.pick.chosen"), felt = document.querySelector(".felt:has(.ask-seat)");
  if (!card || !felt || getComputedStyle(felt).position !== "sticky") return;
  const under = felt.getBoundingClientRect().bottom + 8 - card.getBoundingClientRect().top;
  if (under > 0) window.scrollBy(0, -under);
});
