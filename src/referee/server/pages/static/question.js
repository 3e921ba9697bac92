// The question's few lines of script: a point chosen by a click on the
// board (Old West, Samurai), and token steppers that count what is left to
// place (a Samurai allocation). Everything works without it: the numbers
// can be typed. Listeners sit on the document, so parts of the page swapped
// in later (the live page) need nothing more.
(function () {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";

  function tableOf(svg) {
    var parts = (svg.getAttribute("data-table") || "").split(" ").map(Number);
    if (parts.length !== 5 || parts.some(isNaN)) { return null; }
    return { left: parts[0], bottom: parts[1], scale: parts[2], width: parts[3], depth: parts[4] };
  }

  function axis(name) {
    return document.querySelector('[data-point-form] input[data-axis="' + name + '"]');
  }

  function board() {
    var svg = document.querySelector("figure.q-board[data-point] svg[data-table]");
    var table = svg && tableOf(svg);
    return table ? { svg: svg, table: table } : null;
  }

  function marker(svg) {
    var mark = svg.querySelector("g.q-pick");
    if (mark) { return mark; }
    mark = document.createElementNS(SVG, "g");
    mark.setAttribute("class", "q-pick");
    mark.setAttribute("pointer-events", "none");
    [["circle", { r: 7, fill: "none", stroke: "#d10", "stroke-width": 2.5 }],
     ["line", { x1: -12, y1: 0, x2: 12, y2: 0, stroke: "#d10", "stroke-width": 2 }],
     ["line", { x1: 0, y1: -12, x2: 0, y2: 12, stroke: "#d10", "stroke-width": 2 }]
    ].forEach(function (shape) {
      var el = document.createElementNS(SVG, shape[0]);
      Object.keys(shape[1]).forEach(function (key) { el.setAttribute(key, shape[1][key]); });
      mark.appendChild(el);
    });
    svg.appendChild(mark);
    return mark;
  }

  // The mark on the board where the form's numbers point.
  function showPoint() {
    var found = board(), x = axis("x"), y = axis("y");
    if (!found || !x || !y) { return; }
    var ix = parseFloat(String(x.value).replace(",", ".")),
      iy = parseFloat(String(y.value).replace(",", "."));
    var mark = marker(found.svg);
    if (isNaN(ix) || isNaN(iy)) { mark.style.display = "none"; return; }
    mark.style.display = "";
    mark.setAttribute("transform", "translate(" + (found.table.left + ix * found.table.scale) +
      "," + (found.table.bottom - iy * found.table.scale) + ")");
  }

  function tenth(value) { return Math.round(value * 10) / 10; }

  function pick(event) {
    var figure = event.target.closest && event.target.closest("figure.q-board[data-point]");
    var found = figure && board(), x = axis("x"), y = axis("y");
    if (!found || !x || !y || !found.svg.getScreenCTM()) { return; }
    var point = found.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    var at = point.matrixTransform(found.svg.getScreenCTM().inverse());
    var ix = (at.x - found.table.left) / found.table.scale,
      iy = (found.table.bottom - at.y) / found.table.scale;
    if (ix < 0 || iy < 0 || ix > found.table.width || iy > found.table.depth) { return; }
    x.value = tenth(ix);
    y.value = tenth(iy);
    showPoint();
    y.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Tokens: what each fighter has been given and what is left to place.
  function count(box) {
    if (!box) { return; }
    var total = parseInt(box.getAttribute("data-tokens-total"), 10) || 0, placed = 0;
    box.querySelectorAll("fieldset[data-cp]").forEach(function (fighter) {
      var own = 0;
      fighter.querySelectorAll("input[data-token]").forEach(function (input) {
        var value = parseInt(input.value, 10);
        own += isNaN(value) ? 0 : value;
      });
      var out = fighter.querySelector("output[data-placed]");
      if (out) { out.textContent = own; }
      fighter.classList.toggle("q-off", own !== (parseInt(fighter.getAttribute("data-cp"), 10) || 0));
      placed += own;
    });
    var left = box.querySelector("output[data-left]");
    if (left) { left.textContent = total - placed; }
    box.classList.toggle("q-off", total !== placed);
  }

  function step(button) {
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) { return; }
    var value = parseInt(input.value, 10);
    value = (isNaN(value) ? 0 : value) + (parseInt(button.getAttribute("data-step"), 10) || 0);
    var low = parseInt(input.getAttribute("min"), 10), high = parseInt(input.getAttribute("max"), 10);
    if (!isNaN(low)) { value = Math.max(low, value); }
    if (!isNaN(high)) { value = Math.min(high, value); }
    input.value = value;
    count(input.closest("[data-tokens-total]"));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-step]");
    if (button) { step(button); return; }
    pick(event);
  });
  document.addEventListener("input", function (event) {
    var target = event.target;
    if (target.matches && target.matches("input[data-token]")) {
      count(target.closest("[data-tokens-total]"));
    } else if (target.matches && target.matches("[data-point-form] input")) {
      showPoint();
    }
  });
  function ready() {
    showPoint();
    document.querySelectorAll("[data-tokens-total]").forEach(count);
  }
  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("referee:swapped", ready);
  document.addEventListener("htmx:afterSwap", ready);
  if (document.readyState !== "loading") { ready(); }
})();
