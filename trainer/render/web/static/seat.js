// A seat's own link (/t/CODE#seat=SECRET) opens the seat in this browser: the secret is sent once to the server,
// which keeps it in this browser's cookie, and leaves the address bar. Everything else on the page is htmx.
(() => {
  const found = /^#seat=([\w-]{1,100})$/.exec(location.hash);
  if (!found) return;
  history.replaceState(null, "", location.pathname);
  const token = document.querySelector('meta[name="csrf-token"]').content;
  fetch(location.pathname + "/resume", {
    method: "POST", body: new URLSearchParams({ secret: found[1] }), headers: { "X-CSRF-Token": token },
  }).then(() => location.reload());
})();
