// Applied before first paint so a stored dark theme doesn't flash light. A file, not inline, so the CSP can
// refuse every inline script.
(function () {
  try {
    var t = localStorage.getItem("theme");
    if (t !== "dark" && t !== "light") t = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    document.documentElement.dataset.theme = t;
  } catch (e) {}
})();
