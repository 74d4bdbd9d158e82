// The countdown of a game page: updates every element with a data-deadline
// attribute (an RFC 3339 instant) every second, counting from the server's
// time when the page was made (data-now), so a wrong clock on the player's
// device does not matter. The page already shows the time left as the
// server computed it: without this script nothing is lost.
(function () {
  "use strict";
  var loaded = Date.now();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var els = document.querySelectorAll("[data-deadline]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var end = Date.parse(el.getAttribute("data-deadline"));
      var serverNow = Date.parse(el.getAttribute("data-now"));
      if (isNaN(end)) { continue; }
      var now = isNaN(serverNow) ? Date.now() : serverNow + (Date.now() - loaded);
      var left = Math.floor((end - now) / 1000);
      if (left <= 0) {
        el.textContent = el.getAttribute("data-passed") || "";
        continue;
      }
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
      var m = Math.floor(left % 3600 / 60), s = left % 60;
      var days = d > 0 ? d + " " + (el.getAttribute("data-days") || "d") + " " : "";
      el.textContent = days + pad(h) + ":" + pad(m) + ":" + pad(s);
    }
    var locals = document.querySelectorAll("[data-local-time]");
    for (var j = 0; j < locals.length; j++) {
      var t = new Date(locals[j].getAttribute("data-local-time"));
      if (!isNaN(t.getTime()) && !locals[j].getAttribute("data-done")) {
        locals[j].textContent = (locals[j].getAttribute("data-prefix") || "") + t.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "full", timeStyle: "short" });
        locals[j].setAttribute("data-done", "1");
      }
    }
  }
  tick();
  setInterval(tick, 1000);
})();
