package ui

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/session"
	"robotstester/app/internal/siteurls"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
	"robotstester/internal/relayapi"
)

// siteIO is the page's side of the site URLs (siteurls, a model the
// session holds): the site worker (dom.SiteWorker), the files given to
// it, the export gathered from it, and the model's waits for a pause in
// the typing. It carries out the model's effects and sends back as
// messages what comes of them; it decides nothing.
type siteIO struct {
	// to takes what comes back: the Tester.
	to     widget.Sender
	work   *session.Session
	worker *dom.SiteWorker // nil until asked for, or after it failed

	// files are the files the user gave, by handle (siteurls.File), until
	// posted to the worker; lastFile numbers them.
	files    map[int]app.Value
	lastFile int

	// export gathers the pieces of the export exportID, while exporting.
	export    dom.BlobParts
	exportID  int64
	exporting bool

	// timers are the model's waits (effect.After), by key: each one Go
	// timer, pushed back at each key (a timer a key woke Go once a key).
	timers map[string]*deadline
}

// lineNotes returns what each line decides over the site's URLs, for the
// editor to show after it.
func (io *siteIO) lineNotes() map[int]string { return io.work.Parts().SiteLineNotes() }

// give holds the files the user gave, and returns their handles.
func (io *siteIO) give(files []app.Value) []siteurls.File {
	if io.files == nil {
		io.files = map[int]app.Value{}
	}
	out := make([]siteurls.File, len(files))
	for i, f := range files {
		io.lastFile++
		io.files[io.lastFile] = f
		out[i] = siteurls.File{ID: io.lastFile, Name: f.Get("name").String()}
	}
	return out
}

// run carries out one of the site URLs' effects, or a timer, with own the
// page's own context (the worker's replies and the timers outlive the
// handler that asked for them), and reports whether w was one. An effect
// of another kind is none of its.
func (io *siteIO) run(ctx, own app.Context, w effect.IO) bool {
	switch w := w.(type) {
	case effect.StartWorker:
		io.start(ctx, own)
	case effect.StopWorker:
		if io.worker != nil {
			io.worker.Stop()
			io.worker = nil
		}
	case effect.Post:
		io.post(w)
	case effect.After:
		if w.Key == "" {
			to, msg := io.to, w.Msg
			own.After(w.Delay, func(ctx app.Context) { to.Send(ctx, msg) })
			break
		}
		if io.timers == nil {
			io.timers = map[string]*deadline{}
		}
		d := io.timers[w.Key]
		if d == nil {
			d = &deadline{}
			io.timers[w.Key] = d
		}
		to, msg := io.to, w.Msg
		d.set(w.Delay, func() {
			own.Dispatch(func(ctx app.Context) { to.Send(ctx, msg) })
		})
	case effect.StoreFlag:
		dom.StorageSet(w.Key, w.Value) // storage denied: no resume then, and nothing else is lost
	case effect.ExportBegin:
		parts, err := dom.NewBlobParts()
		if err != nil {
			io.to.Send(ctx, siteurls.ExportFailed{Why: err.Error()})
			break
		}
		io.export, io.exportID, io.exporting = parts, w.ID, true
	case effect.ExportSave:
		err := io.export.Save(w.Name, w.Type)
		io.export, io.exporting = dom.BlobParts{}, false
		if err != nil {
			io.to.Send(ctx, failure{What: "The export failed", Err: err})
		}
	case effect.ExportDrop:
		io.export, io.exporting = dom.BlobParts{}, false
	case effect.MoveProgress:
		if el := dom.Element(siteurls.ProgressID); el.Truthy() {
			el.Call("setAttribute", "data-done", strconv.Itoa(w.Done))
			el.Call("querySelector", "progress").Set("value", w.Done)
			el.Call("querySelector", "span").Set("textContent", w.Text)
			ctx.PreventUpdate()
		}
	case effect.ReadList:
		to, list := io.to, w.List
		dom.ListGet(list.Key(), func(r dom.ListRecord, err error) {
			own.Dispatch(func(ctx app.Context) {
				to.Send(ctx, siteurls.ListRead{List: list, Text: r.Text, Fetched: r.Fetched, Source: r.Source, Now: time.Now(), Denied: err != nil})
			})
		})
	case effect.FetchList:
		io.fetchList(own, w.List)
	case effect.StoreList:
		to := io.to
		dom.ListPut(dom.ListRecord{Key: w.List.Key(), Text: w.Text, Fetched: w.Fetched, Source: w.Source}, func(err error) {
			if err != nil {
				own.Dispatch(func(ctx app.Context) { to.Send(ctx, siteurls.ListsUnkept{}) })
			}
		})
	case effect.NoRedraw:
		ctx.PreventUpdate()
	default:
		return false
	}
	return true
}

// failure is a browser's work that failed, for the page to say (a
// notice): the page's own message.
type failure struct {
	What string
	Err  error
}

// start starts the worker, unless it runs; the model is told when it
// cannot start.
func (io *siteIO) start(ctx, own app.Context) {
	if io.worker != nil {
		return
	}
	if !app.IsClient {
		io.to.Send(ctx, siteurls.Stopped{Why: "it cannot run here"})
		return
	}
	w, err := dom.NewSiteWorker(own, io.reply, func(why string) { io.to.Send(own, siteurls.Stopped{Why: why}) })
	if err != nil {
		io.to.Send(ctx, siteurls.Stopped{Why: strings.TrimPrefix(err.Error(), "JavaScript error: ")})
		return
	}
	io.worker = w
}

// reply takes a reply of the worker, on the UI goroutine: a piece of the
// export is gathered here (it is the page's JavaScript memory), and the
// reply goes to the model.
func (io *siteIO) reply(ctx app.Context, r sitemsg.Reply, data app.Value) {
	if r.Kind == sitemsg.Chunk {
		if r.ID == io.exportID && io.exporting && data.Truthy() {
			io.export.PushJS(data)
		}
		return
	}
	io.to.Send(ctx, siteurls.Reply{Reply: r})
}

// post posts a request to the worker, with its body; nothing when the
// worker does not run (the model is told of that apart).
func (io *siteIO) post(p effect.Post) {
	var body any
	switch {
	case p.Text != "":
		body = p.Text
	case p.File != 0:
		f, ok := io.files[p.File]
		if !ok {
			return
		}
		delete(io.files, p.File)
		body = f
	}
	if io.worker == nil {
		return
	}
	if relay := app.Getenv(RelayEnv); p.Relay && relay != "" {
		p.Request.Relay = dom.AbsoluteURL(relay)
	}
	io.worker.Post(p.Request, body)
}

// fetchList asks the relay for the address list list
// (PREFIX/ranges?token=TOKEN, beside the relay's PREFIX/fetch; &n=N for
// a crawler's list after its first), and sends back what came of it.
func (io *siteIO) fetchList(own app.Context, list sitemsg.ListWant) {
	to := io.to
	answer := func(m siteurls.ListFetched) { own.Dispatch(func(ctx app.Context) { to.Send(ctx, m) }) }
	relay, ok := strings.CutSuffix(app.Getenv(RelayEnv), "/fetch")
	if !ok {
		answer(siteurls.ListFetched{List: list, Failed: "the relay's address does not end in /fetch, beside which its lists are"})
		return
	}
	at := relay + "/ranges"
	if list.N > 0 {
		at += "?n=" + strconv.Itoa(list.N)
	}
	dom.RelayGet(dom.AbsoluteURL(at), "token", list.Token, dom.FetchTimeout, func(r dom.RelayReply) {
		m := siteurls.ListFetched{List: list, Text: r.Text, Fetched: r.Fetched, Source: r.Source}
		switch {
		case errors.Is(r.Err, dom.ErrNoRelay):
			m.Failed = "this site has no relay to get it through"
		case r.Err != nil:
			m.Failed = "the relay could not be asked (" + r.Err.Error() + ")"
		case r.Status != 200:
			var e relayapi.Error
			json.Unmarshal([]byte(r.Text), &e)
			m.Failed = "this site's relay answered " + strconv.Itoa(r.Status)
			if e.Error != "" {
				m.Failed += " (" + e.Error + ")"
			}
		}
		if m.Failed != "" {
			m.Text = ""
		}
		answer(m)
	})
}

// siteBegin is the site URLs' message at the page's start: whether the
// worker kept URLs at the last visit, which it then reads back (not in
// the embed mode, which opens no saved work).
func siteBegin(embedded bool) siteurls.Begin {
	kept, _, _ := dom.StorageGet(siteurls.KeptKey)
	return siteurls.Begin{Kept: kept == "1", Embedded: embedded, Relay: app.Getenv(RelayEnv) != ""}
}
