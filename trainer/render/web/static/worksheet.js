// The worksheet form (the button says the set is being built) and the printable pages (the Print button).
"use strict";
(function () {
  const button = document.getElementById("print");
  if (button) button.addEventListener("click", () => window.print());
  const form = document.querySelector("form.sheetform");
  if (form) form.addEventListener("submit", () => {
    const build = form.querySelector("button[type=submit]");
    build.textContent = "Building…";
    build.setAttribute("aria-busy", "true");
  });
})();
