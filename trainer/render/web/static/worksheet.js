// The printable worksheet and answer key: the Print button.
"use strict";
(function () {
  const button = document.getElementById("print");
  if (button) button.addEventListener("click", () => window.print());
})();
