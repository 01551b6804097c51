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

// startingText is the test bar's line while the page starts.
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
  const state = { main, editor: null, clicks: [], pastes: [], changed: false, opening: "", off: null, wanted: false, seen: null };
  // The crawler fields' suggestions are the same in the live page, which
  // keeps these instead of drawing them again (app/ui/widget/crawlerlist.go).
  const list = main.querySelector("datalist#crawler-list");
  if (list) document.body.appendChild(list);
  const opening = state.opening = arrivalOf(main);
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
  // The page made at build time, and its parts that stay on in the live
  // page until it draws them (handOver), take input.
  const early = (t) => t && t.closest && (main.contains(t) || t.closest("." + pendingClass));
  // A part left to the page made at build time (handOver) is drawn live
  // once the user is in it (want).
  const inPending = (t) => t && t.closest && t.closest("." + pendingClass);
  const onInput = (e) => {
    if (!early(e.target)) return;
    typed();
    if (inPending(e.target)) want(state);
  };
  // A button pressed now is pressed again once its part is live; it says
  // that it waits.
  const onClick = (e) => {
    const b = e.target.closest && e.target.closest("button");
    if (!b || !early(b) || b.closest(".cm-editor")) return;
    e.preventDefault();
    press(state, b);
    if (inPending(b)) want(state);
  };
  // A list pasted into a field that takes one (data-paste="lines": a
  // test's URL, which the live page turns into tests) would be joined
  // into one line by the field: the field shows its first line, and the
  // list is pasted into the field's twin once it is live.
  const onPaste = (e) => {
    const f = e.target;
    if (!early(f) || !f.matches("input[data-paste=lines]") || f.readOnly) return;
    const text = e.clipboardData ? e.clipboardData.getData("text") : "";
    const sel = selectorOf(f);
    if (!/[\r\n]/.test(text.trim()) || !sel) return;
    e.preventDefault();
    state.pastes.push([sel, text]);
    f.value = text.trim().split(/\r\n|\r|\n/)[0];
    typed();
    if (inPending(f)) want(state);
  };
  // The focus, or a part of More opened, in a part left to the page made
  // at build time.
  const onUse = (e) => { if (inPending(e.target)) want(state); };
  const listening = [["input", onInput], ["change", onInput], ["click", onClick], ["paste", onPaste], ["focusin", onUse], ["toggle", onUse]];
  for (const [type, fn] of listening) document.addEventListener(type, fn, true);
  // Once every part is live, nothing of the page made at build time is
  // left to listen for.
  state.off = () => {
    for (const [type, fn] of listening) document.removeEventListener(type, fn, true);
    if (state.seen) state.seen.disconnect();
    state.off = state.seen = null;
  };
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

// pendingClass marks a part of the page made at build time that stays on
// in the live page until the live page draws it (handOver, handOverParts).
const pendingClass = "early-pending";
// drawingClass marks a live part drawn over several tasks, not yet whole
// (app/ui/dom's DrawingClass).
const drawingClass = "part-drawing";
// wantedEvent, on the document, asks the live page to draw the parts it
// left to the page made at build time (app/ui/dom's PartsWantedEvent).
export const wantedEvent = "robots-tester-wanted";

// want asks the live page, once, to draw the parts it left to the page made
// at build time: the user is in one of them (its field, a button, the
// focus), one comes into view, or what the user did there before the live
// page showed is to be carried over. Until then they stand for the live
// parts: the same markup, made at build time for the work the page opened
// with. (The live page draws them too as soon as the work changes.)
function want(state) {
  if (!state || state.wanted) return;
  state.wanted = true;
  if (state.seen) state.seen.disconnect();
  state.seen = null;
  // Out of the call that may come from the Go side (handOver).
  setTimeout(() => document.dispatchEvent(new Event(wantedEvent)), 0);
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

// selectorOf returns a selector that finds element el's twin in the live
// page: its id, or its tag with its data attributes and label (a test's
// Why?, pin and remove buttons have no id). A verdict is left out: the live
// page may have another by then.
function selectorOf(el) {
  if (el.id) return "#" + CSS.escape(el.id);
  const attrs = [...el.attributes].filter((a) => a.name.startsWith("data-") && a.name !== "data-verdict" || a.name === "aria-label");
  if (!attrs.length) return "";
  return el.tagName.toLowerCase() + attrs.map((a) => "[" + a.name + '="' + CSS.escape(a.value) + '"]').join("");
}

// find returns the element of root (root itself included) that sel
// matches, outside the parts of the page made at build time still shown in
// it (pendingClass): those are where the user did it, not its twin.
// With pending, it finds one in those parts only.
function find(root, sel, pending) {
  if (root.matches(sel)) return pending ? null : root;
  for (const el of root.querySelectorAll(sel)) if (!el.closest("." + pendingClass) === !pending) return el;
  return null;
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
  // The marks the page was made with, as the Go side gives them (LineMark).
  const rows = [...shown.querySelectorAll(".cm-line")].map((l) => ({
    kind: l.getAttribute("data-kind") || "",
    group: l.hasAttribute("data-group"),
    deciding: l.hasAttribute("data-deciding"),
  }));
  const content = shown.querySelector(".cm-content");
  const made = { handle: null, text, pending: [], drop: null };
  const hooks = {
    lines: (a, b) => rows.slice(a - 1, b),
    findings: () => null,
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
    const kept = [rows[from - 1] || {}];
    for (let k = 1; k < lines; k++) kept.push({});
    rows.splice(from - 1, to - from + 1, ...kept);
  }
}

// handOver puts the live page in place of the page made at build time, in
// one step, with what the user typed, chose and pressed there: the fields'
// values (handed to the live page as input events, as typing them there
// would), the focus, the caret and the selection, and the buttons pressed,
// pressed again. The editor moves over whole (it is the same editor). The
// live page is marked data-ready.
//
// With staged, the live page has drawn its first screen only: the parts of
// the page made at build time that it has not drawn yet stay, as they are,
// at its end, taking input, until it draws them (handOverParts). It is
// never staged when the visit opens other work than the page shows.
export function handOver(state, old, live, mountingClass, place, staged) {
  const focus = noteFocus(old);
  const put = place ? place() : null;
  const pending = [];
  if (staged && state && !state.opening) {
    for (const part of [...old.children]) {
      if (part.id === "app-wasm-loader" || twinOf(live, part)) continue;
      part.classList.add(pendingClass);
      live.appendChild(part);
      pending.push(part);
    }
  }
  const fields = changedFields(state, old, live);
  old.remove();
  live.classList.remove(mountingClass);
  live.setAttribute("data-ready", "true");
  if (put) put();
  carry(state, fields, focus, live);
  // A part moved to the live page's end lost the focus it had: it has it
  // back until its twin takes it (handOverParts).
  const held = focus && !(document.activeElement || document.body).closest("main[data-ready]") ? find(live, focus.find, true) : null;
  if (held) focusOn(held, focus.range);
  if (!staged) {
    stopListening(state);
    return;
  }
  // The parts left are drawn live when first wanted (want): at once if the
  // user did anything in them, else once one is used or comes into view.
  if (state && (state.changed || state.clicks.length || state.pastes.length)) want(state);
  else if (state && pending.length && typeof IntersectionObserver === "function") {
    state.seen = new IntersectionObserver((seen) => { if (seen.some((s) => s.isIntersecting)) want(state); });
    for (const part of pending) state.seen.observe(part);
  }
}

// stopListening removes the listeners of the page made at build time once
// none of its parts is left.
function stopListening(state) {
  if (state && state.off) state.off();
}

// handOverParts puts each part that the live page has drawn since
// handOver in place of the part of the page made at build time that stood
// for it, with what the user did there, as handOver does; the parts still
// to come stay after it. It reports whether any part is still to come.
export function handOverParts(state, live) {
  let handed = 0;
  for (const part of live.querySelectorAll(":scope > ." + pendingClass)) {
    const twin = twinOf(live, part);
    if (!twin) continue;
    const focus = noteFocus(part);
    const fields = changedFields(state, part, twin);
    part.remove();
    carry(state, fields, focus, twin);
    handed++;
  }
  const left = live.querySelectorAll(":scope > ." + pendingClass);
  // After the parts just drawn; moved only then: a move lays the page out
  // again, at every step of a part drawn over several (the tests).
  if (handed > 0) for (const part of left) live.appendChild(part);
  if (left.length === 0) stopListening(state);
  return left.length > 0;
}

// twinOf returns the live page's part (a child of live) that stands for
// part, a child of the page made at build time: the one with its id, or
// with its tag and classes. A part still being drawn (drawingClass: the
// tests, a line a task) has none yet.
function twinOf(live, part) {
  for (const c of live.children) {
    if (c === part || c.classList.contains(pendingClass) || c.classList.contains(drawingClass) || c.tagName !== part.tagName) continue;
    if (part.id ? c.id === part.id : !c.id && c.className === [...part.classList].filter((k) => k !== pendingClass).join(" ")) return c;
  }
  return null;
}

// noteFocus notes the element of root that has the focus (a field, a
// button), and a field's caret and selection; null when none of root's
// has it (the editor carries its own: place).
function noteFocus(root) {
  const active = document.activeElement;
  if (!active || active === root || !root.contains(active) || active.closest(".cm-editor")) return null;
  const focus = { id: active.id, find: selectorOf(active), range: null };
  if (!focus.find) return null;
  try {
    if (typeof active.selectionStart === "number") focus.range = [active.selectionStart, active.selectionEnd, active.selectionDirection];
  } catch (e) { /* not a text field */ }
  return focus;
}

// changedFields pairs each field of old that the user changed with its
// twin in live.
function changedFields(state, old, live) {
  const fields = [];
  if (!state || !state.changed) return fields;
  for (const el of old.querySelectorAll("input[id], select[id], textarea[id]")) {
    if (el.closest(".cm-editor") || !changedField(el)) continue;
    const twin = live.querySelector("#" + CSS.escape(el.id));
    if (twin && twin.tagName === el.tagName) fields.push([el, twin]);
  }
  return fields;
}

// carry gives the live page's fields the values of the fields paired
// (changedFields), the focus noted (noteFocus), pastes the lists pasted
// and presses the buttons pressed whose twins live now has.
function carry(state, fields, focus, live) {
  for (const [el, twin] of fields) {
    const focused = focus && focus.id !== "" && focus.id === el.id;
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
    const twin = find(live, focus.find);
    if (twin) focusOn(twin, focus.range);
  }
  if (state) {
    state.pastes = state.pastes.filter(([sel, text]) => {
      const f = find(live, sel);
      if (!f) return true; // its part is still to come
      const data = new DataTransfer();
      data.setData("text/plain", text);
      f.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      return false;
    });
    state.clicks = state.clicks.filter((sel) => {
      const b = find(live, sel);
      if (!b) return true; // its part is still to come
      if (!b.disabled) b.click();
      return false;
    });
  }
}

// focusOn gives el the focus, and a text field's caret and selection range
// ([start, end, direction]) when given.
function focusOn(el, range) {
  if (document.activeElement !== el) el.focus({ preventScroll: true });
  if (range && typeof el.setSelectionRange === "function") {
    try { el.setSelectionRange(range[0], range[1], range[2]); } catch (e) { /* not a text field */ }
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
