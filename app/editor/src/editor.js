// The robots.txt tester's editor: CodeMirror 6, driven by the Go app. The
// bundle's packages are MIT-licensed; their licences are written beside it
// (web/editor.js.LICENSES.txt, make editor).
//
// The Go side (app/ui/editor.go, editing.go) mounts one editor with window.RobotsEditor.mount
// and owns the meaning of every line: this file never reads robots.txt itself.
// The two speak in changes and in the lines in view; a key is one call
// into Go (the change), and Go answers with one push:
//   - each transaction the user makes is handed to hooks.change as a list of
//     changes in the old document: [fromLine, fromColumn, toLine, toColumn,
//     inserted, ...] (columns in UTF-16 units), one list per transaction,
//     with "undo" or "redo" when the editor's own history made them all,
//     the change's number, and what the editor shows (wants: the lines in
//     view, and those whose findings it shows);
//   - once it has the analysis of the text, the Go side pushes, in one
//     call (RobotsEditor.show), one message: what the lines in view are and
//     the findings near view, once the linter has them, with the page's
//     verdicts, painted in the same call. Its shape, and that of every
//     mark, is declared once, in Go (app/internal/textedit: Push, LineMark,
//     FindingMark, Findings), which writes it as JSON; this file reads it.
//     Lines scrolled into view that the editor has no mark for are asked
//     for with hooks.lines(first, last, ...wants), the findings of a view
//     moved far with hooks.findings(first, last, lines, whole), which
//     answers all of them (all: true) when there are at most whole; never
//     during a change;
//   - the Go side replaces the text (setText) and scrolls (reveal).
import { EditorState, Transaction, StateEffect, Annotation, Compartment, RangeSetBuilder } from "@codemirror/state";
import {
  EditorView, ViewPlugin, Decoration, WidgetType, keymap, lineNumbers, highlightSpecialChars,
  drawSelection, highlightActiveLineGutter,
} from "@codemirror/view";
import { history, defaultKeymap, historyKeymap } from "@codemirror/commands";
import { search, searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { setDiagnostics, lintGutter, lintKeymap } from "@codemirror/lint";
import { early, handOver, handOverParts, wantedEvent } from "./early.js";

// fromGo marks the transactions the Go side makes: they are not handed back.
const fromGo = Annotation.define();

// marksGiven tells the line plugin that the Go side pushed the marks of
// the lines in view (handle.marks): it draws them again.
const marksGiven = StateEffect.define();

// findingsChanged tells the findings plugin that the Go side has others.
const findingsChanged = StateEffect.define();

// findingMarks shows the findings (hooks.findings) as diagnostics: a
// gutter marker and an underline each, the message on hover and in the
// lint panel. All of them while there are at most wholeFindings (the Go
// side then answers them all), so that the lint panel (Ctrl+Shift+M) lists them
// all and F8 goes from one to the next anywhere in the file. A file may
// have tens of thousands: then only those near view are asked for, again
// when the view moves far enough, and the page's Findings list them all.
const wholeFindings = 2000;

function findingMarks(hooks) {
  const margin = 200;
  return ViewPlugin.fromClass(class {
    constructor(view) { this.range = null; this.queue(view, true); }
    // A change moves the findings shown with the text (the lint
    // extension maps them): the Go side pushes the new ones once it has
    // them (handle.findings). A view moved far enough asks for those near it.
    update(u) {
      const changed = u.transactions.some(t => t.effects.some(e => e.is(findingsChanged)));
      if (changed || u.viewportChanged) this.queue(u.view, changed);
    }
    // want returns the lines whose findings are wanted, first and last,
    // the file's lines and wholeFindings, and notes them as asked for.
    want(view) {
      const doc = view.state.doc, { from, to } = view.viewport;
      const first = doc.lineAt(from).number, last = doc.lineAt(to).number;
      this.range = [Math.max(1, first - margin), Math.min(doc.lines, last + margin)];
      return [this.range[0], this.range[1], doc.lines, wholeFindings];
    }
    queue(view, force) {
      const doc = view.state.doc, { from, to } = view.viewport;
      const first = doc.lineAt(from).number, last = doc.lineAt(to).number;
      const r = this.range;
      if (!force && r && first >= r[0] && last <= r[1]) return;
      this.want(view);
      // Not while an update is under way: a transaction of its own.
      queueMicrotask(() => {
        const total = view.state.doc.lines, [a, b] = this.range;
        let res;
        try { res = hooks.findings(a, b, total, wholeFindings); } catch (e) { res = ""; }
        this.show(view, res);
      });
    }
    // show shows res, the findings of the lines asked for (hooks.findings).
    show(view, res) {
      const spec = this.diagnostics(view, res);
      if (spec) view.dispatch(spec);
    }
    // diagnostics returns the transaction that shows res (as show), or
    // null when res says none are known yet (the linter waits for a pause
    // in the typing): those shown stay, moved with the text.
    diagnostics(view, res) {
      if (res === undefined || res === null) return null;
      const given = typeof res === "string" ? JSON.parse(res) : res;
      // all: they are all the file's (at most wholeFindings).
      if (given.all) this.range = [1, view.state.doc.lines];
      const d = view.state.doc, list = [];
      for (const { line, severity, message } of given.marks || []) {
        if (!(line >= 1 && line <= d.lines) || !message) continue;
        const l = d.line(line);
        list.push({ from: l.from, to: l.to, severity, message });
      }
      return setDiagnostics(view.state, list);
    }
  });
}

// lineMarks decorates the lines in view with what the Go side says they
// are (a LineMark each): data-line on every line, data-kind, data-group
// and data-deciding, and a rule's note. It keeps a mark a line (undefined
// while not known),
// moved with the text at every change, so that an update of the editor
// never calls into Go while the user types: the Go side pushes the rows of
// the lines in view once it has the analysis (handle.marks). Lines shown
// with no row known (the view scrolled to them, or a text set) are asked
// for, once, outside a change (hooks.lines, with the lines in view, which
// the Go side's next push covers), unless a push is awaited (waiting:
// changes the Go side has not answered yet).
function lineMarks(hooks, waiting) {
  return ViewPlugin.fromClass(class {
    constructor(view) {
      this.rows = new Array(view.state.doc.lines);
      this.decorations = this.build(view, true);
    }
    update(u) {
      if (u.docChanged) {
        for (const tr of u.transactions) if (tr.docChanged) this.rows = moveMarks(this.rows, tr);
      }
      const given = u.transactions.some(t => t.effects.some(e => e.is(marksGiven)));
      if (u.docChanged || u.viewportChanged || given) {
        this.decorations = this.build(u.view, !u.docChanged && !waiting());
      }
    }
    // take keeps marks, the marks of lines first to last of the text as
    // it is; the others are no longer known (the marks may have changed
    // anywhere). It reports whether the lines drawn must be drawn again.
    take(view, first, last, marks) {
      const doc = view.state.doc, next = new Array(doc.lines);
      let changed = false;
      for (let n = Math.max(first, 1); n <= Math.min(last, doc.lines); n++) {
        const row = marks[n - first] || noMark;
        next[n - 1] = row;
        if (n >= this.first && n <= this.last && !sameMark(this.rows[n - 1], row)) changed = true;
      }
      for (let n = this.first; n <= this.last && !changed; n++) if (n < first || n > last) changed = true;
      this.rows = next;
      return changed;
    }
    build(view, mayAsk) {
      const doc = view.state.doc;
      const { from, to } = view.viewport;
      const first = doc.lineAt(from).number, last = doc.lineAt(to).number;
      if (mayAsk) {
        let a = 0, b = 0;
        for (let n = first; n <= last; n++) if (this.rows[n - 1] === undefined) { if (!a) a = n; b = n; }
        if (a) {
          let marks = [];
          try { marks = readMarks(hooks.lines(a, b, first, last)); } catch (e) { marks = []; }
          for (let n = a; n <= b; n++) this.rows[n - 1] = marks[n - a] || noMark;
        }
      }
      this.first = first;
      this.last = last;
      const b = new RangeSetBuilder();
      for (let n = first; n <= last; n++) {
        const { kind = "", group = false, deciding = false, note = "" } = this.rows[n - 1] || noMark;
        const attrs = { "data-line": String(n) };
        let cls = "";
        if (kind) { attrs["data-kind"] = kind; cls += " k-" + kind.replace(/[^a-z0-9-]/gi, "_"); }
        if (group) { attrs["data-group"] = "true"; cls += " in-group"; }
        if (deciding) { attrs["data-deciding"] = "true"; cls += " deciding"; }
        if (cls) attrs.class = cls.trim();
        const line = doc.line(n);
        b.add(line.from, line.from, Decoration.line({ attributes: attrs }));
        if (note) b.add(line.to, line.to, Decoration.widget({ widget: new NoteWidget(note), side: 1 }));
      }
      return b.finish();
    }
  }, { decorations: v => v.decorations });
}

// noMark is the mark of a line that is nothing to mark (blank, or past
// the lines read).
const noMark = Object.freeze({});

// readMarks reads a JSON list of LineMark (or the list itself, from the
// page made at build time).
function readMarks(given) {
  if (given === undefined || given === null || given === "") return [];
  return typeof given === "string" ? JSON.parse(given) : given;
}

// sameMark reports whether two marks draw a line alike.
function sameMark(a, b) {
  a = a || noMark;
  b = b || noMark;
  return (a.kind || "") === (b.kind || "") && !a.group === !b.group && !a.deciding === !b.deciding && (a.note || "") === (b.note || "");
}

// moveMarks moves the rows of the lines (lineMarks) with a transaction's
// changes and returns them: a line edited keeps its row, a line inserted
// has none known.
function moveMarks(rows, tr) {
  const doc = tr.startState.doc, list = [];
  tr.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    list.push(doc.lineAt(fromA).number, doc.lineAt(toA).number, inserted.lines);
  });
  for (let i = list.length - 3; i >= 0; i -= 3) {
    const from = list[i], to = list[i + 1], lines = list[i + 2];
    const kept = new Array(lines);
    kept[0] = rows[from - 1];
    if (lines < 1000) rows.splice(from - 1, to - from + 1, ...kept);
    else rows = rows.slice(0, from - 1).concat(kept, rows.slice(to));
  }
  return rows;
}

// A NoteWidget is a line's note after its text: what the rule decides over
// the site's URLs. It is text, never markup, and no part of the document.
class NoteWidget extends WidgetType {
  constructor(text) { super(); this.text = text; }
  eq(other) { return other.text === this.text; }
  toDOM() {
    const span = document.createElement("span");
    span.className = "cm-line-note";
    span.setAttribute("aria-hidden", "true"); // the panel says it in words
    span.textContent = this.text;
    return span;
  }
  ignoreEvent() { return false; }
}

// narrowLayout reports whether the page has its narrow layout: tester.css
// says so in --layout, where its breakpoint is written once.
function narrowLayout() {
  return getComputedStyle(document.documentElement).getPropertyValue("--layout").trim() === "narrow";
}

// replacesAll reports whether a transaction replaced the whole of a
// document that was not empty.
function replacesAll(tr) {
  let n = 0, all = false;
  tr.changes.iterChanges((fromA, toA) => {
    n++;
    all = fromA === 0 && toA === tr.startState.doc.length;
  });
  return n === 1 && all && tr.startState.doc.length > 0;
}

// changesOf lists a transaction's changes in the old document, as the Go
// side takes them.
function changesOf(tr) {
  const out = [];
  const doc = tr.startState.doc;
  tr.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    const a = doc.lineAt(fromA), b = doc.lineAt(toA);
    out.push(a.number, fromA - a.from, b.number, toA - b.from, inserted.toString());
  });
  return out;
}

// mount makes the editor inside host and returns the handle the Go side
// drives it with.
function mount(host, opts) {
  // While the Go side answers a hook that the editor calls in the middle of
  // an update (lines scrolled into view, asked for as they are drawn), Go runs its
  // other goroutines too, and one of them may drive the editor: the
  // analysis of a file typed, the linter's findings. CodeMirror takes no
  // update inside another ("Calls to EditorView.update are not allowed
  // while an update is in progress", which stopped the Go program): such a
  // call is made once the hook has returned (whenFree).
  let answering = 0;
  const ask = fn => (...args) => {
    answering++;
    try { return fn(...args); } finally { answering--; }
  };
  // The hooks are the Go side's, or, for the editor made before it
  // started (early.js), stand-ins until it adopts the editor (adopt).
  let given = opts.hooks;
  const hooks = {
    lines: ask((a, b, first, last) => given.lines(a, b, first, last)),
    findings: ask((a, b, lines, whole) => given.findings(a, b, lines, whole)),
    change: (lists, kind, seq, wants) => given.change(lists, kind, seq, wants),
    drop: (file) => given.drop(file),
  };
  // target is the element the editor belongs in: where it was made, or the
  // live page's host once the Go side adopted it (place moves it there).
  let target = host;
  const whenFree = (fn, meanwhile) => (...args) => {
    if (answering === 0) return fn(...args);
    queueMicrotask(() => fn(...args));
    return meanwhile;
  };
  const editable = new Compartment();
  // sent counts the changes handed to the Go side (when it pushes the
  // marks: hooks.pushes), taken counts those whose marks it pushed: the
  // marks pushed for an older text are left, the editor keeping its own
  // moved with the text until those of the text it shows come.
  let sent = 0, taken = 0;
  const marks = lineMarks(hooks, () => !!given.pushes && taken !== sent);
  const findingsPlugin = findingMarks(hooks);
  let lastInput = 0; // when the user last changed the text
  // The changes go to the Go side after the update that made them (it
  // answers by asking the editor to draw again, which it may not do while an
  // update is under way), in order: a key's in the same task, a large
  // paste's in a task of its own, so that the browser shows the text pasted
  // before the Go side reads it.
  let queue = [], scheduled = false;
  const flush = () => {
    scheduled = false;
    const q = queue;
    queue = [];
    // What the editor shows goes with the change, for the Go side's push
    // to cover it without asking.
    const w = wants();
    for (const [lists, kind, seq] of q) hooks.change(lists, kind, seq, w);
  };
  const send = (lists, kind) => {
    // Each change carries its number, which the Go side's pushes give
    // back: the number of the last change it applied, not a count of its
    // own, which a change lost or a new editor would set apart for good.
    if (given.pushes) sent++;
    queue.push([lists, kind, sent]);
    if (scheduled) return;
    scheduled = true;
    const size = lists.reduce((n, l) => l.reduce((m, x) => m + (typeof x === "string" ? x.length : 0), n), 0);
    if (size > 1 << 18) setTimeout(flush, 0);
    else queueMicrotask(flush);
  };
  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc: opts.text || "",
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        drawSelection(),
        history(),
        search({ top: true }),
        highlightSelectionMatches(),
        lintGutter(),
        // Tab is left to the browser: keyboard users move on out of the
        // editor (no indentWithTab).
        keymap.of([...searchKeymap, ...historyKeymap, ...lintKeymap, ...defaultKeymap]),
        editable.of(EditorView.editable.of(!opts.readOnly)),
        EditorView.contentAttributes.of({
          id: opts.id || "robots-txt",
          // A tab stop said outright, read-only too: axe-core and the tools
          // built on it (Lighthouse) count no contenteditable as focusable,
          // and take the scroller for a region keyboards cannot reach.
          tabindex: "0",
          "aria-label": opts.label || "robots.txt",
          "aria-describedby": opts.describedBy || "",
          spellcheck: "false",
          autocorrect: "off",
          autocapitalize: "off",
          translate: "no",
        }),
        marks,
        findingsPlugin,
        // A text pasted or dropped over the whole file leaves the view
        // where it is, not at its end where the caret goes: the Go side
        // then shows the new file's deciding line (reveal). Scrolling to
        // the caret and then to that line raced with CodeMirror's
        // measures: while the page drew its parts the view could stay at
        // the end.
        EditorState.transactionFilter.of(tr => {
          if (!tr.scrollIntoView || tr.annotation(fromGo) || !tr.isUserEvent("input") || !replacesAll(tr)) return tr;
          // The view goes to the new text's top, not where the old text
          // left it: the Go side reveals the deciding line only when its
          // number changed, and a group without a rule is line 1 again.
          return {
            changes: tr.changes,
            selection: tr.selection,
            effects: [...tr.effects, EditorView.scrollIntoView(0, { y: "start" })],
            annotations: Transaction.userEvent.of(tr.annotation(Transaction.userEvent)),
            scrollIntoView: false,
          };
        }),
        EditorView.updateListener.of(u => {
          if (!u.docChanged) return;
          const lists = [];
          let whole = true, undo = true, redo = true;
          for (const tr of u.transactions) {
            if (!tr.docChanged || tr.annotation(fromGo)) continue;
            lists.push(changesOf(tr));
            whole = whole && replacesAll(tr);
            undo = undo && tr.isUserEvent("undo");
            redo = redo && tr.isUserEvent("redo");
          }
          if (lists.length) {
            // A text that replaced the whole file (pasted over it all) is
            // no typing within it: the editor may then show the deciding
            // line of the new file (reveal's unlessTyping).
            lastInput = whole ? 0 : performance.now();
            send(lists, undo ? "undo" : redo ? "redo" : "");
          }
        }),
        EditorView.domEventHandlers({
          // A file dropped on the editor replaces the text; dropped text
          // is the editor's to insert.
          drop(e) {
            const files = e.dataTransfer && e.dataTransfer.files;
            if (!files || files.length === 0) return false;
            e.preventDefault();
            hooks.drop(files[0]);
            return true;
          },
        }),
      ],
    }),
  });

  // wants returns what the editor shows, for the Go side to push it: the
  // first and last lines in view (with CodeMirror's margin), then those
  // whose findings it shows (first, last, the file's lines and
  // wholeFindings: the findings plugin's want).
  const wants = () => {
    const doc = view.state.doc, { from, to } = view.viewport;
    const p = view.plugin(findingsPlugin);
    return [doc.lineAt(from).number, doc.lineAt(to).number, ...(p ? p.want(view) : [1, 0, doc.lines, wholeFindings])];
  };

  // lineRange returns the range of line n, clamped to the document.
  const lineRange = n => view.state.doc.line(Math.min(Math.max(n, 1), view.state.doc.lines));

  // The editor's scroll, noted as it scrolls: place reads it without
  // reading the element's, which lays out the page then and there.
  let scrolled = [0, 0];
  view.scrollDOM.addEventListener("scroll", () => { scrolled = [view.scrollDOM.scrollTop, view.scrollDOM.scrollLeft]; }, { passive: true });
  const handle = {
    view,
    // setText replaces the whole text as one step of the editor's history.
    // The view goes to the top by a measure of its own, not by a scroll
    // effect: CodeMirror makes that after every measure's writes, which
    // would undo a reveal asked for right after (a link's deciding line).
    setText: whenFree(text => {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: { anchor: 0 },
        annotations: fromGo.of(true),
        userEvent: "set",
      });
      view.requestMeasure({ read() {}, write() { view.scrollDOM.scrollTop = 0; } });
    }),
    // paste replaces the whole text as a paste does: handed to the Go side.
    paste: whenFree(text => {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        userEvent: "input.paste",
      });
    }),
    // insert inserts text at UTF-16 offset at (the end when not given), as
    // typing it does.
    insert: whenFree((text, at) => {
      const pos = at === undefined ? view.state.doc.length : Math.min(Math.max(at, 0), view.state.doc.length);
      view.dispatch({ changes: { from: pos, insert: text }, userEvent: "input.type" });
    }),
    text() { return view.state.doc.toString(); },
    // selection returns the main selection's lines and length.
    selection() {
      const r = view.state.selection.main, doc = view.state.doc;
      return { startLine: doc.lineAt(r.from).number, endLine: doc.lineAt(r.to).number, length: r.to - r.from };
    },
    length() { return view.state.doc.length; },
    lines() { return view.state.doc.lines; },
    // push takes the Go side's answer to the seq-th change handed to it
    // (the last it applied): lines, the marks of lines first to last (a
    // list of LineMark, as hooks.lines answers; none: none), drawn again
    // where they changed (a key typed within a rule's text changes none),
    // and findings, those of the lines wanted (as hooks.findings answers;
    // none: none). An answer to an older text is left. One transaction
    // draws both. It returns what the editor shows (wants), for the next
    // push; undefined when it is made later (whenFree).
    // wants returns what the editor shows (as the changes carry it).
    wants() { return wants(); },
    push: whenFree((seq, first, last, lines, findings) => {
      if (seq !== sent) return wants();
      const effects = [];
      if (lines !== null && lines !== undefined) {
        taken = seq;
        const p = view.plugin(marks);
        if (p && p.take(view, first, last, lines)) effects.push(marksGiven.of(null));
      }
      const f = view.plugin(findingsPlugin), spec = f && f.diagnostics(view, findings);
      if (spec) effects.push(...[].concat(spec.effects || []));
      if (effects.length) view.dispatch({ effects });
      return wants();
    }),
    setReadOnly: whenFree(readOnly => {
      view.dispatch({ effects: editable.reconfigure(EditorView.editable.of(!readOnly)) });
    }),
    // reveal scrolls line n into the middle of the editor; with select,
    // it selects the line and gives the editor the focus. unlessTyping
    // leaves the view where it is while the user types in it.
    // Asked for during a hook, it is made after it, and reports true.
    reveal: whenFree((n, select, unlessTyping) => {
      if (unlessTyping && view.hasFocus && performance.now() - lastInput < 1500) return false;
      const l = lineRange(n);
      // A phone scrolls the editor and the page to the line, near the
      // top, where the Why may cover the bottom half as a sheet.
      const narrow = select && narrowLayout();
      if (narrow) {
        view.dispatch({
          selection: { anchor: l.from, head: l.to },
          effects: EditorView.scrollIntoView(l.from, { y: "start", yMargin: 48 }),
        });
        view.focus();
        return true;
      }
      // Otherwise the line goes to the middle of the editor; when asked
      // from elsewhere on the page ("line N" in the table), the page
      // brings the editor's pane wholly into view if it is not (a line
      // at the screen's very edge, the lines around it cut, says little).
      // A page that shows it already stays where the user has it.
      const pane = view.dom.closest(".editor-pane") || view.dom;
      let tries = 0;
      const scroll = () => view.requestMeasure({
        read: () => {
          const b = view.lineBlockAt(l.from), dom = view.scrollDOM;
          const top = b.top + view.documentTop - dom.getBoundingClientRect().top + dom.scrollTop;
          const r = pane.getBoundingClientRect();
          // The middle, yet never past the line's own top: while the
          // page lays its parts out, the editor can be measured shorter
          // than a line, and the middle of that cut line 1 (by the
          // editor's padding) on some windows and not on others.
          const middle = Math.max(0, Math.min(top, top - (dom.clientHeight - b.height) / 2));
          return { top: middle, short: dom.clientHeight < 2 * b.height, out: r.top < 0 || r.bottom > window.innerHeight };
        },
        write: ({ top, short, out }) => {
          view.scrollDOM.scrollTop = top;
          if (select && out) pane.scrollIntoView({ block: "nearest" });
          // Measured before the editor had its height: once more, when
          // it has (a few frames at most).
          if (short && tries++ < 5) requestAnimationFrame(scroll);
        },
      });
      if (select) {
        view.dispatch({ selection: { anchor: l.from, head: l.to } });
        view.focus();
      }
      scroll();
      return true;
    }, true),
    // typing reports whether the user changed the text within the last
    // moment while the editor has the focus.
    typing() { return view.hasFocus && performance.now() - lastInput < 1500; },
    destroy() { view.destroy(); },
    // adopt gives the editor made before the Go side started (early.js) to
    // the Go side, as mount would make it: its hooks answer from now on,
    // and the changes the user made meanwhile are handed to them, as they
    // were made, in the text the Go side opens with (opts.text). Should the
    // Go side open other text (it opens the example the editor was made
    // with: early.js takes no input when a visit opens other work), what
    // was typed replaces it as a paste, a step that Undo takes back. host
    // is where place will move the editor.
    adopt(host, opts, before) {
      given = opts.hooks;
      target = host;
      sent = taken = 0;
      if (opts.readOnly) handle.setReadOnly(true);
      const typed = before.pending.splice(0);
      if (opts.text !== before.text) {
        const now = view.state.doc.toString();
        handle.setText(opts.text);
        if (typed.length) handle.paste(now);
      } else {
        for (const [lists, kind] of typed) send(lists, kind);
      }
      if (before.drop) given.drop(before.drop);
      // The marks shown stay until the Go side pushes its own.
      view.dispatch({ effects: findingsChanged.of(null) });
      return handle;
    },
    // place moves the editor into the element it belongs in, with its
    // focus, caret, selection and scroll as they were: it notes them now
    // and returns the function that moves it, to call once that element
    // is shown (an element of a hidden page takes no focus).
    place() {
      const focused = view.hasFocus, [top, left] = scrolled;
      return () => {
        if (view.dom.parentNode !== target) target.appendChild(view.dom);
        // Set only when scrolled: a scroll set lays the page out at once,
        // in the hand-over's task, where the next frame would.
        if (top || left) {
          view.scrollDOM.scrollTop = top;
          view.scrollDOM.scrollLeft = left;
        }
        if (focused) view.focus();
        view.requestMeasure();
      };
    },
  };
  return handle;
}

// made is what the page made at build time took before the Go side started
// (early.js); null when it takes nothing.
let made = null;

// mountOrAdopt makes the editor in host, or, once, hands over the one
// made before the Go side started.
function mountOrAdopt(host, opts) {
  const e = made && made.editor;
  if (e && !e.adopted) {
    e.adopted = true;
    return e.handle.adopt(host, opts, e);
  }
  return mount(host, opts);
}

// The page's skip link (.skip-link, href="#robots-txt") moves the focus
// to the editor, from the first paint on, without changing the address,
// whose fragment is the share link's: on the document as the click
// bubbles, before go-app's handler on the window, which takes any link's
// click for a navigation. (Not in the capture phase: the page made at
// build time lets go of its capturing listeners once the page is live.)
document.addEventListener("click", (e) => {
  const link = e.target && e.target.closest ? e.target.closest("a.skip-link") : null;
  if (!link) return;
  e.preventDefault();
  e.stopPropagation();
  const target = document.getElementById(link.getAttribute("href").slice(1));
  if (target) {
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "nearest" });
  }
});

// painted is whether the browser has painted what show last showed: an
// animation frame has run since.
let painted = true;

// paintVerdicts writes the verdicts (one letter a test: "a" allowed, "b"
// blocked) into the tests drawn and the test bar, in the words given, where
// they changed: the test bar's is in a live region, which a screen reader
// reads again at every write. The page's names (ui: its attributes and
// classes) are the Go side's, given with each push.
function paintVerdicts(verdicts, allowed, blocked, ui) {
  const paint = (el, ok) => {
    const v = ok ? "allowed" : "blocked", want = ok ? allowed : blocked;
    if (el.getAttribute("data-verdict") !== v) el.setAttribute("data-verdict", v);
    const text = el.firstChild;
    if (text && text.nodeType === 3 && text.nodeValue !== want) text.nodeValue = want;
  };
  for (const el of document.querySelectorAll("[" + ui.rowAttr + "] ." + ui.verdictClass)) {
    const i = Number(el.closest("[" + ui.rowAttr + "]").getAttribute(ui.rowAttr));
    if (i >= 0 && i < verdicts.length) paint(el, verdicts[i] === "a");
  }
  const bar = document.querySelector("#" + ui.barID + "[" + ui.testAttr + "]"), el = bar && bar.querySelector("." + ui.verdictClass);
  const i = bar ? Number(bar.getAttribute(ui.testAttr)) : -1;
  if (el && i >= 0 && i < verdicts.length) paint(el, verdicts[i] === "a");
}

window.RobotsEditor = {
  // show shows one push of the Go side (textedit.Push, as JSON): the
  // verdicts first, as they are what the user waits for, then, with an
  // editor (a mount's handle), its marks and findings. It returns the
  // editor's answer (wants), or null.
  show(editor, message, ui) {
    if (painted) {
      painted = false;
      requestAnimationFrame(() => { painted = true; });
    }
    const p = JSON.parse(message);
    if (p.verdicts) paintVerdicts(p.verdicts, p.allowed || "", p.blocked || "", ui);
    if (!editor) return null;
    return editor.push(p.seq, p.first, p.last, p.lines === undefined ? null : p.lines, p.findings === undefined ? null : p.findings);
  },
  painted() { return painted; },
  // live asks the Go side to draw the parts it left to the page made at
  // build time (app/ui/dom's PartsWantedEvent; robotsTester.live).
  live() { document.dispatchEvent(new Event(wantedEvent)); },
  mount: mountOrAdopt,
  // handOver puts the live page in place of the page made at build time
  // with what the user did there (early.js); staged: the live page has
  // drawn its first screen only, and handOverParts follows as it draws the
  // rest. handOverParts reports whether any part is still to come.
  handOver(old, live, mountingClass, staged) {
    const e = made && made.editor;
    handOver(made, old, live, mountingClass, e && e.adopted ? () => e.handle.place() : null, staged);
  },
  // staged reports whether the page made at build time stands for the
  // work the live page opens with, and takes input: the live page may show
  // at its first screen.
  staged() { return !!made && !made.opening; },
  handOverParts(live) {
    const more = handOverParts(made, live);
    if (!more) made = null;
    return more;
  },
};
try {
  made = early(mount);
} catch (err) {
  console.warn("robots.txt tester: the page made at build time takes no input until it is live:", err);
}
