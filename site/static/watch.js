// The page's own scripts are modules: if one of them, or one it imports, does not load or is not this
// build's (its integrity), the browser runs none of them and fires "error" on its element. This small
// classic script, loaded before them, names each such file in the page's notice at once. (If this file
// itself does not load, the notice still appears by itself after a few seconds, unnamed: style.css.)
(function () {
  "use strict";
  var failed = [];

  function show() {
    var named = document.getElementById("scripts-failed-file");
    if (!named) {
      document.addEventListener("DOMContentLoaded", show, { once: true });
      return;
    }
    named.textContent = named.getAttribute("data-template").replace("{file}", failed.join(", "));
    named.hidden = false;
  }

  window.addEventListener("error", function (event) {
    var node = event.target;
    var url = node && (node.tagName === "SCRIPT" ? node.src : node.tagName === "LINK" ? node.href : "");
    if (!url) return;
    var name = url.split("/").pop();
    if (failed.indexOf(name) === -1) failed.push(name);
    document.documentElement.setAttribute("data-script-failed", failed.join(" "));
    show();
  }, true);
})();
