package ui

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// Tester is the app's root component. It owns the state (what the user
// chose) and its analysis (the parsed file and every row's verdict), and
// hands its children the views they draw.
//
// Its root element carries data-ready once the WebAssembly app has
// mounted, which tells browser tests that the DOM they see is go-app's and
// no longer the prerendered page.
type Tester struct {
	app.Compo

	ready bool
	state model.State
	an    *model.Analysis

	editTop, editHeight float64 // the editor's scroll
	readTop, readHeight float64 // the read view's scroll
	highlight           int     // the line last revealed
	compareOpen         bool    // the side-by-side comparison is shown

	sess session // autosave, share links, embed mode (session.go)
}

// OnInit loads the example, unless a state was given: the page is
// prerendered with it too.
func (t *Tester) OnInit() {
	if t.an == nil {
		t.state = model.Example()
		t.an = model.Analyze(&t.state)
	}
	// Prerendered pages show the findings at once.
	t.an.Lint()
	t.editHeight, t.readHeight = ViewHeight, ViewHeight
}

// NewTester returns a Tester showing s instead of the example.
func NewTester(s model.State) *Tester {
	return &Tester{state: s, an: model.Analyze(&s)}
}

// OnMount runs in the browser only, once the wasm app has taken over the page.
func (t *Tester) OnMount(ctx app.Context) {
	t.ready = true
	t.arrive(ctx)
}

// State returns a copy of what the user chose.
func (t *Tester) State() model.State {
	s := t.state
	s.Rows = append([]model.Row(nil), s.Rows...)
	return s
}

// Render returns the component's markup.
func (t *Tester) Render() app.UI {
	if t.an == nil {
		t.OnInit()
	}
	if t.sess.embed.On {
		return t.renderEmbed()
	}
	an := t.an
	root := app.Main().Class("tester")
	if t.ready {
		root = root.DataSet("ready", "true")
	}
	why, hasWhy := an.Why()
	findings, more := an.FindingList()

	rows := t.rowItems(false)
	dialects := model.DialectChoices()
	opts := make([]app.UI, len(dialects))
	for i, d := range dialects {
		opts[i] = app.Option().Value(d.Value).Selected(d.Value == t.state.Dialect).Text(d.Title)
	}

	return root.Body(
		app.Header().Class("top").Body(
			app.H1().Text("robots.txt tester"),
			app.P().Class("lede").Text("Paste a robots.txt, add crawlers and URLs: every verdict, the group that applied and the line that decided update as you type. Everything runs in your browser."),
			app.If(!t.ready, func() app.UI {
				// Shown in the prerendered page: go-app replaces the DOM when
				// the wasm starts, so text typed before then would be lost.
				return app.P().Class("loading").Aria("live", "polite").Text("Loading the tester…")
			}),
			&ShareBar{
				Status:   t.sess.linkStatus,
				Link:     t.sess.linkShown,
				TooLong:  t.sess.linkTooLong,
				onCopy:   t.copyLink,
				onExport: t.exportState,
			},
			t.notices(),
		),
		app.Div().Class("workspace").Body(
			app.Section().Class("pane").Aria("labelledby", "editor-title").Body(
				app.Div().Class("pane-head").Body(
					app.H2().Body(app.Label().ID("editor-title").For(EditorID).Text("robots.txt")),
					app.Div().Class("tools").Body(
						app.Button().Type("button").ID("load-example").OnClick(t.loadExample).Text("Example"),
						app.Button().Type("button").ID("clear-file").OnClick(t.clearFile).Text("Clear"),
					),
				),
				t.editor(false),
				t.summary(),
			),
			app.Section().Class("pane").Aria("labelledby", "read-title").Body(
				app.Div().Class("pane-head").Body(
					app.H2().ID("read-title").Text("As "+an.Reading.Dialect.Title()+" reads it"),
					app.Span().Class("legend note").Body(
						app.Span().Class("key group").Text("group used"),
						app.Span().Class("key deciding").Text("deciding line"),
					),
				),
				t.fileView(),
			),
		),
		app.Section().ID("tests").Class("tests").Aria("labelledby", "tests-title").Body(
			app.Div().Class("pane-head").Body(
				app.H2().ID("tests-title").Text("Tests"),
				app.Div().Class("tools").Body(
					app.Label().For("dialect").Text("Read as "),
					app.Select().ID("dialect").Name("dialect").OnChange(t.setDialect).Body(opts...),
				),
			),
			app.Div().ID("rows").Class("rows").Body(rows...),
			app.Div().Class("tools").Body(
				app.Button().Type("button").ID("add-row").OnClick(t.addRow).Text("+ Add a test"),
				app.Span().Class("note").Text("Tip: paste a list of URLs, one per line, into a URL field to make one test per URL."),
			),
			&CrawlerList{},
		),
		&TransferPanel{
			onExport:    t.export,
			onStateFile: t.importStateFile,
			onURLs:      t.importURLs,
			onURLFile:   t.importURLFile,
		},
		app.Div().Class("details").Body(
			&WhyPanel{Why: why, Has: hasWhy, onReveal: t.reveal},
			&OverviewPanel{O: an.Overview(), onReveal: t.reveal},
			&FindingsPanel{List: findings, More: more, onReveal: t.reveal},
			t.comparePanel(),
		),
		app.Footer().Class("note").Text("Verdicts follow Google's open-source reading unless another dialect is chosen. Nothing you type leaves this page."),
	)
}

// editor returns the robots.txt editor; readOnly locks it (in an embed).
func (t *Tester) editor(readOnly bool) app.UI {
	e := &Editor{
		Lines:    t.an.File.TotalLines,
		Top:      t.editTop,
		Height:   t.editHeight,
		Disabled: !t.ready,
		ReadOnly: readOnly,
		initial:  t.state.Robots,
		onInput:  t.setRobots,
		onScroll: t.scrollEditor,
	}
	if !readOnly {
		e.onDrop = t.dropRobots
	}
	return e
}

// fileView returns the file as read, the lines near the screen drawn.
func (t *Tester) fileView() app.UI {
	an := t.an
	w := model.Visible(t.readTop, t.readHeight, LineHeight, len(an.File.Lines), Margin)
	return &FileView{
		Lines:     an.Lines(w),
		Total:     len(an.File.Lines),
		Highlight: t.highlight,
		Dialect:   an.Reading.Dialect.Title(),
		onScroll:  t.scrollRead,
		onReveal:  t.reveal,
	}
}

// summary returns the line under the editor: the file's lines and bytes.
func (t *Tester) summary() app.UI {
	f := t.an.File
	return app.P().ID("summary").Class("note").
		DataSet("lines", f.TotalLines).
		DataSet("bytes", f.Size).
		Text(plural(f.TotalLines, "line", "lines") + ", " + plural(f.Size, "byte", "bytes"))
}

// rowItems returns the test rows; readOnly locks them (in an embed).
func (t *Tester) rowItems(readOnly bool) []app.UI {
	an := t.an
	rows := make([]app.UI, len(an.Rows))
	for i := range an.Rows {
		rows[i] = &RowItem{
			Index:    i,
			View:     an.Rows[i],
			Selected: i == an.Selected,
			ReadOnly: readOnly,
			onAgent:  t.setAgent,
			onURL:    t.setURL,
			onPaste:  t.pasteURLs,
			onSelect: t.selectRow,
			onRemove: t.removeRow,
			onReveal: t.reveal,
		}
	}
	return rows
}

// comparePanel draws every test in every dialect, once asked to: the
// comparison reads the file once per dialect.
func (t *Tester) comparePanel() app.UI {
	p := &ComparePanel{Open: t.compareOpen, Rows: t.an.Rows, onToggle: t.toggleCompare, onReveal: t.reveal}
	if t.compareOpen {
		p.C = t.an.Comparison(&t.state)
	}
	return p
}

func (t *Tester) toggleCompare(ctx app.Context) { t.compareOpen = !t.compareOpen }

// lintPause is how long the file must stay unchanged before the linter
// runs: it costs several parses of the file (tens of milliseconds at 500
// KiB), so it waits for a pause in the typing rather than hold up the next
// keystroke.
const lintPause = 400 * time.Millisecond

// lintLater works out the findings once the user pauses, in a task of its
// own, after the verdicts are drawn. A newer change makes it moot.
func (t *Tester) lintLater(ctx app.Context) {
	an := t.an
	if an.Linted() {
		return
	}
	ctx.After(lintPause, func(ctx app.Context) {
		if t.an == an {
			an.Lint()
		}
	})
}

// setRobots is the one place a change of the file is handled: the file is
// parsed once, then every row is checked against it.
func (t *Tester) setRobots(ctx app.Context, text string) {
	t.state.Robots = text
	t.an = model.Analyze(&t.state)
	paintVerdicts(t.an)
	renderNextTask(ctx)
	t.highlight = 0
	t.lintLater(ctx)
	t.changed(ctx)
}

func (t *Tester) setAgent(ctx app.Context, i int, agent string) {
	t.editRow(ctx, i, func(r *model.Row) { r.Agent = agent })
}

func (t *Tester) setURL(ctx app.Context, i int, url string) {
	t.editRow(ctx, i, func(r *model.Row) { r.URL = url })
}

// editRow applies an edit to row i, which becomes the selected row, and
// checks the rows again.
func (t *Tester) editRow(ctx app.Context, i int, edit func(*model.Row)) {
	if i < len(t.state.Rows) {
		edit(&t.state.Rows[i])
		t.state.Selected = i
		t.an.Recheck(&t.state)
		paintVerdicts(t.an)
		t.changed(ctx)
	}
	t.lintLater(ctx)
}

func (t *Tester) pasteURLs(ctx app.Context, i int, text string) {
	if t.state.PasteURLs(i, text) > 0 {
		t.state.Selected = i
		t.an.Recheck(&t.state)
		t.changed(ctx)
	}
	t.lintLater(ctx)
}

func (t *Tester) selectRow(ctx app.Context, i int) {
	t.state.Selected = i
	t.an.Select(&t.state)
	t.lintLater(ctx)
	t.changed(ctx)
}

func (t *Tester) removeRow(ctx app.Context, i int) {
	t.state.RemoveRow(i)
	t.an.Recheck(&t.state)
	t.lintLater(ctx)
	t.changed(ctx)
}

func (t *Tester) addRow(ctx app.Context, e app.Event) {
	agent := "Googlebot"
	if n := len(t.state.Rows); n > 0 {
		agent = t.state.Rows[n-1].Agent
	}
	t.state.Rows = append(t.state.Rows, model.Row{Agent: agent, URL: "/"})
	t.state.Selected = len(t.state.Rows) - 1
	t.an.Recheck(&t.state)
	t.changed(ctx)
	n := strconv.Itoa(len(t.state.Rows))
	ctx.Defer(func(app.Context) {
		if el := app.Window().GetElementByID("url-" + n); el.Truthy() {
			el.Call("focus")
			el.Call("select")
		}
	})
}

func (t *Tester) setDialect(ctx app.Context, e app.Event) {
	t.state.Dialect = ctx.JSSrc().Get("value").String()
	t.an.Recheck(&t.state)
	t.lintLater(ctx)
	t.changed(ctx)
}

func (t *Tester) scrollEditor(ctx app.Context, top, height float64) {
	t.editTop, t.editHeight = top, height
}

func (t *Tester) scrollRead(ctx app.Context, top, height float64) {
	t.readTop, t.readHeight = top, height
}

func (t *Tester) loadExample(ctx app.Context, e app.Event) {
	t.load(model.Example())
	t.lintLater(ctx)
	t.changed(ctx)
}

func (t *Tester) clearFile(ctx app.Context, e app.Event) {
	s := t.state
	s.Robots = ""
	t.load(s)
	t.lintLater(ctx)
	t.changed(ctx)
}

// load replaces the state, writing the file into the editor: the one case
// where the code sets the textarea, and through the DOM, since go-app
// cannot clear a field it drew (go-app #1083).
func (t *Tester) load(s model.State) {
	t.state = s
	t.an = model.Analyze(&t.state)
	t.highlight = 0
	if el := app.Window().GetElementByID(EditorID); el.Truthy() {
		el.Set("value", s.Robots)
		el.Set("scrollTop", 0)
	}
	t.editTop, t.readTop = 0, 0
	if el := app.Window().GetElementByID(ReadViewID); el.Truthy() {
		el.Set("scrollTop", 0)
	}
}

// reveal shows line n: selected in the editor, scrolled into both views and
// highlighted in the read view.
func (t *Tester) reveal(ctx app.Context, n int) {
	f := t.an.File
	if n < 1 || n > len(f.Lines) {
		return
	}
	t.highlight = n
	top := max(0, float64((n-1)*LineHeight)-t.readHeight/3)
	t.readTop = top
	if el := app.Window().GetElementByID(ReadViewID); el.Truthy() {
		el.Set("scrollTop", top)
	}
	if el := app.Window().GetElementByID(EditorID); el.Truthy() {
		l := f.Lines[n-1]
		start := utf16Len(t.state.Robots, l.Start)
		end := start + utf16Len(t.state.Robots[min(l.Start, len(t.state.Robots)):], l.End-l.Start)
		el.Call("focus", map[string]any{"preventScroll": true})
		el.Call("setSelectionRange", start, end)
		top := max(0, float64((n-1)*LineHeight)-t.editHeight/3)
		el.Set("scrollTop", top)
		t.editTop = top
	}
}

// utf16Len returns the length in UTF-16 code units, as JavaScript counts
// string offsets, of the first n bytes of s.
func utf16Len(s string, n int) int {
	s = s[:min(max(n, 0), len(s))]
	u := 0
	for _, r := range s {
		if r >= 0x10000 {
			u += 2
		} else {
			u++
		}
	}
	return u
}
