// The page made at build time takes input from its first paint.
//
// The page made at build time (app/internal/site) shows the example, its
// verdicts and the test bar long before app.wasm has started (2 to 3 s on a
// 2-core machine). Until then it is live for the user's input, never for
// their answers: this file makes its editor a real editor as soon as this
// script runs (the Go side adopts it later, text, caret, selection and
// history included: editor.js's mount), keeps what is typed or chosen in its
// fields, and the buttons pressed, and hands it all to the live page when it
// takes the page's place (handOver, called by the Go side's showLivePage).
// Meanwhile the test bar says that its verdict follows in a moment.
//
// When the visit will open other work than the example (saved work, a
// link's tests), the page made at build time does not show the user's work:
// then it takes no input, and says what it is opening.

// earlyNote is the test bar's line while the page starts.
const startingText = "Starting the tester: the verdict follows your changes in a moment.";

// early makes the page made at build time take input. mount is editor.js's
// mount. It returns the state the hand-over needs, or null when there is
// no page made at build time to make live (the embed mode hides it until the
// live page is ready).
export function early(mount) {
  const main = document.querySelector("body > main.tester");
  // In a docs page's iframe, the page made at build time is the full
  // tester, hidden until the live page is ready, unless the compact one
  // made at build time took its place (app/internal/site, embedPage).
  const html = document.documentElement;
  if (!main || main.hasAttribute("data-ready") || html.classList.contains("embedding") && !html.classList.contains("embed-early")) return null;
  const state = { main, editor: null, clicks: [], changed: false };
  const opening = arrivalOf(main);
  const bar = main.querySelector("#test-bar");
  if (opening) {
    // Not the user's work on screen: nothing typed here could be kept.
    for (const el of main.querySelectorAll("input, textarea")) el.readOnly = true;
    for (const el of main.querySelectorAll("select, button")) el.disabled = true;
    note(bar, opening);
    return state;
  }
  const note1 = note(bar, startingText);
  const typed = () => {
    if (state.changed) return;
    state.changed = true;
    // The verdict shown is the example's: it stays, faded, until the
    // live page has read what was typed.
    if (bar) bar.classList.add("early-stale");
    if (note1) note1.textContent = "Starting the tester: the verdict of what you typed follows in a moment.";
  };
  main.addEventListener("input", typed, true);
  main.addEventListener("change", typed, true);
  // A button pressed now is pressed again once the page is live; it says
  // that it waits.
  main.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("button");
    if (!b || !main.contains(b) || b.closest(".cm-editor")) return;
    e.preventDefault();
    press(state, b);
  }, true);
  const live = main.querySelector("#live-url"), fetchButton = main.querySelector("#live-fetch");
  if (fetchButton) fetchButton.disabled = false;
  if (live && fetchButton) {
    live.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.isComposing) { e.preventDefault(); press(state, fetchButton); }
    });
  }
  state.editor = earlyEditor(main, mount, typed);
  return state;
}

// arrivalOf says what the visit opens instead of the example, or "".
function arrivalOf(main) {
  const linkKey = main.getAttribute("data-early-link"), saveKey = main.getAttribute("data-early-save");
  if (linkKey && new RegExp("(^#|&)" + linkKey.replace(/[^a-z0-9]/gi, "") + "=").test(location.hash)) {
    return "Opening the link's tests…";
  }
  try {
    if (saveKey && window.localStorage.getItem(saveKey)) return "Opening your saved work…";
  } catch (e) { /* storage denied: no saved work to open */ }
  return "";
}

// note puts a line of text under the test bar's verdict.
function note(bar, text) {
  if (!bar) return null;
  const p = document.createElement("p");
  p.className = "note early-note";
  p.setAttribute("role", "status");
  p.textContent = text;
  const answer = bar.querySelector(".bar-answer");
  if (answer) answer.after(p);
  else bar.append(p);
  return p;
}

// press notes a button pressed before the page is live, once in a row.
function press(state, b) {
  const sel = selectorOf(b);
  if (!sel) return;
  if (state.clicks[state.clicks.length - 1] !== sel) state.clicks.push(sel);
  b.classList.add("early-waiting");
  b.setAttribute("aria-busy", "true");
  state.changed = true;
}

// selectorOf returns a selector that finds button b's twin in the live
// page: its id, or its data attributes.
function selectorOf(b) {
  if (b.id) return "#" + CSS.escape(b.id);
  const attrs = [...b.attributes].filter((a) => a.name.startsWith("data-") || a.name === "aria-label");
  if (!attrs.length) return "";
  return "button" + attrs.map((a) => "[" + a.name + '="' + CSS.escape(a.value) + '"]').join("");
}

// earlyEditor makes the static editor of the page made at build time a
// real one, with the same text and marks. The marks are those the page was
// made with, moved with the lines as they are edited, until the Go side
// adopts the editor and answers for them.
function earlyEditor(main, mount, typed) {
  const host = main.querySelector("#editor"), shown = host && host.querySelector(".cm-static");
  if (!shown || !shown.hasAttribute("data-text")) return null;
  let text;
  try {
    // base64 of the UTF-8 text (app/ui/editor.go).
    const bytes = Uint8Array.from(atob(shown.getAttribute("data-text")), (c) => c.charCodeAt(0));
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (e) {
    return null;
  }
  if (typeof text !== "string") return null;
  const rows = [...shown.querySelectorAll(".cm-line")].map((l) => {
    const flags = (l.hasAttribute("data-group") ? "g" : "") + (l.hasAttribute("data-deciding") ? "d" : "");
    return (l.getAttribute("data-kind") || "") + (flags ? "\t" + flags : "");
  });
  const content = shown.querySelector(".cm-content");
  const made = { handle: null, text, pending: [], drop: null };
  const hooks = {
    lines: (a, b) => rows.slice(a - 1, b).join("\n"),
    findings: () => null,
    findingCount: () => null,
    change(lists, kind) {
      for (const list of lists) moveRows(rows, list);
      made.pending.push([lists, kind]);
      typed();
    },
    // A file dropped now is opened once the page is live.
    drop(file) {
      made.drop = file;
      typed();
    },
  };
  host.removeChild(shown);
  made.handle = mount(host, {
    text,
    id: content ? content.id : "robots-txt",
    label: content ? content.getAttribute("aria-label") : "robots.txt",
    describedBy: content ? content.getAttribute("aria-describedby") : "",
    hooks,
  });
  return made;
}

// moveRows moves the marks of the lines with one change list
// ([fromLine, fromColumn, toLine, toColumn, inserted, ...] in the old text):
// a line edited keeps its marks, a line inserted has none.
function moveRows(rows, list) {
  for (let i = list.length - 5; i >= 0; i -= 5) {
    const from = list[i], to = list[i + 2], lines = String(list[i + 4]).split("\n").length;
    const kept = [rows[from - 1] || ""];
    for (let k = 1; k < lines; k++) kept.push("");
    rows.splice(from - 1, to - from + 1, ...kept);
  }
}

// handOver puts the live page in place of the page made at build time, in
// one step, with what the user typed, chose and pressed there: the fields'
// values (handed to the live page as input events, as typing them there
// would), the focus, the caret and the selection, and the buttons pressed,
// pressed again. The editor moves over whole (it is the same editor). It
// returns nothing; the live page is marked data-ready.
export function handOver(state, old, live, mountingClass, place) {
  const active = document.activeElement;
  let focus = null;
  if (active && old.contains(active) && active.id && !active.closest(".cm-editor")) {
    focus = { id: active.id, sel: null };
    try {
      if (typeof active.selectionStart === "number") focus.sel = [active.selectionStart, active.selectionEnd, active.selectionDirection];
    } catch (e) { /* not a text field */ }
  }
  const fields = [];
  if (state && state.changed) {
    for (const el of old.querySelectorAll("input[id], select[id], textarea[id]")) {
      if (el.closest(".cm-editor") || !changedField(el)) continue;
      const twin = live.querySelector("#" + CSS.escape(el.id));
      if (twin && twin.tagName === el.tagName) fields.push([el, twin]);
    }
  }
  // The editor leaves the page made at build time with its focus and
  // scroll noted, and takes them back in the live page once shown: an
  // element of a hidden page takes no focus.
  const put = place ? place() : null;
  old.remove();
  live.classList.remove(mountingClass);
  live.setAttribute("data-ready", "true");
  if (put) put();
  for (const [el, twin] of fields) {
    const focused = focus && focus.id === el.id;
    if (focused) twin.focus({ preventScroll: true });
    if (el.type === "checkbox" || el.type === "radio") {
      if (twin.checked !== el.checked) twin.click();
      continue;
    }
    twin.value = el.value;
    twin.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    // A field the user left: the live page is told so, as it would be.
    if (!focused) twin.dispatchEvent(new FocusEvent("blur"));
  }
  if (focus) {
    const twin = live.querySelector("#" + CSS.escape(focus.id));
    if (twin) {
      if (document.activeElement !== twin) twin.focus({ preventScroll: true });
      if (focus.sel && typeof twin.setSelectionRange === "function") {
        try { twin.setSelectionRange(focus.sel[0], focus.sel[1], focus.sel[2]); } catch (e) { /* not a text field */ }
      }
    }
  }
  if (state) {
    for (const sel of state.clicks) {
      const b = live.querySelector(sel);
      if (b && !b.disabled) b.click();
    }
  }
}

// changedField reports whether the user changed field el of the page made
// at build time.
function changedField(el) {
  if (el.tagName === "SELECT") {
    const opts = [...el.options], first = opts.findIndex((o) => o.defaultSelected);
    return el.selectedIndex !== (first < 0 ? 0 : first);
  }
  if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
  return el.value !== el.defaultValue;
}
