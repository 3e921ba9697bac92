// The pages' few lines of script: times in the reader's zone, copy buttons,
// the live parts of a page (server-sent events), htmx showing refusals.
(function () {
  "use strict";

  function localise(root) {
    var lang = document.documentElement.lang || "en";
    var format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    root.querySelectorAll("time[data-local]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (!isNaN(when)) { el.textContent = format.format(when); }
    });
  }

  function copyButtons(root) {
    root.querySelectorAll("button[data-copy]").forEach(function (button) {
      if (button.dataset.ready) { return; }
      button.dataset.ready = "1";
      button.addEventListener("click", function () {
        var field = document.getElementById(button.dataset.copy);
        field.select();
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(field.value);
        } else {
          document.execCommand("copy");
        }
      });
    });
  }

  // The status under the question (a receipt, a refusal, "you are ready")
  // belongs to the question it answered, told by the turn its form posted;
  // once the question shown is another one, or none (the end), a refusal
  // goes and an acceptance leaves its receipt alone, marked as earlier.
  function shownQuestion() {
    var turn = document.querySelector("#part-question #answer-form input[name=turn]");
    return turn ? turn.value : "";
  }

  function dropStaleStatus() {
    var status = document.getElementById("answer-status");
    if (!status || status.dataset.question === shownQuestion()) { return; }
    var receipt = status.querySelector(".receipt");
    status.innerHTML = "";
    if (receipt) {
      status.appendChild(receipt);
      status.classList.add("earlier");
    }
    delete status.dataset.question;
  }

  function swap(name, part) {
    var el = document.getElementById("part-" + name);
    if (!el || el.dataset.v === part.v) { return; }
    el.innerHTML = part.html;
    el.dataset.v = part.v;
    if (window.htmx) { window.htmx.process(el); }
    localise(el);
    copyButtons(el);
    if (name === "question") { dropStaleStatus(); }
    document.dispatchEvent(new CustomEvent("referee:swapped", { detail: { part: name } }));
  }

  function listen() {
    var url = document.body.dataset.events;
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    source.addEventListener("parts", function (event) {
      var data = JSON.parse(event.data);
      Object.keys(data.parts).forEach(function (name) { swap(name, data.parts[name]); });
      document.body.dataset.live = "1";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) {
      // A refused form's message (4xx) is shown beside the form like any answer.
      window.htmx.config.responseHandling = [
        { code: "204", swap: false },
        { code: "[23]..", swap: true },
        { code: "4..", swap: true, error: false },
        { code: "...", swap: false, error: true }
      ];
    }
    localise(document);
    copyButtons(document);
    listen();
    var ruleset = document.getElementById("ruleset");
    var example = document.getElementById("example");
    if (ruleset && example) {
      ruleset.addEventListener("change", function () {
        var group = example.querySelector('optgroup[data-ruleset="' + ruleset.value + '"] option');
        if (group) { example.value = group.value; }
      });
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var status = event.detail.target;
    if (!status || status.id !== "answer-status") { return; }
    var turn = event.detail.elt.querySelector && event.detail.elt.querySelector("input[name=turn]");
    status.dataset.posting = turn ? turn.value : "";
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    localise(event.target);
    copyButtons(event.target);
    if (event.target.id === "answer-status") {
      // The question may have moved on while the answer was on its way.
      event.target.classList.remove("earlier");
      event.target.dataset.question = event.target.dataset.posting || "";
      dropStaleStatus();
    }
  });
})();
