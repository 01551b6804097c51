package ui

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/parts"
	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
	"robotstester/app/ui/widget"
)

// RelayEnv names the page's setting (go-app's Env, set at build time)
// that holds the fetch relay's address: the site's own {prefix}/fetch, or
// the one given to make build FETCH_RELAY=….
const RelayEnv = "FETCH_RELAY"

// The transfers (the share link, exports, imports, the live box's fetch)
// are a part the session holds (parts.Transfers): their views send it
// messages, and the page carries out the IO it asks for here, sending
// back what came of it.

// shareView draws the share bar.
func (v pageView) shareView() app.UI {
	l := v.work.Parts().Transfers().Link()
	return &panel.ShareBar{Status: l.Status, Link: l.Link, TooLong: l.TooLong, To: v.to}
}

// fetchView draws the live box, which fetches nothing until the page is
// ready.
func (v pageView) fetchView() app.UI {
	return &panel.FetchPanel{View: v.work.Parts().Transfers().Fetch(), Disabled: !v.ready, To: v.to}
}

// transferView draws Import and export.
func (v pageView) transferView() app.UI { return &panel.TransferPanel{To: v.to} }

// pageIO carries out the IO of the parts (package parts) that is the
// browser's: files, the clipboard, the address bar, fetches, timers and
// frames, paced work. What came of each it sends to the page (to), which
// hands it to the session as a message.
type pageIO struct {
	to   widget.Sender
	work *session.Session
	// own is the page's own context: an answer that comes after the
	// handler that asked (a fetch, a frame, paced work) outlives its
	// context, as a child drawn then may be gone.
	own app.Context
}

// run carries out w.
func (p pageIO) run(ctx app.Context, w effect.IO) {
	own := p.own
	switch w := w.(type) {
	case effect.ReadFile:
		p.readFile(ctx, w)
	case effect.CopyText:
		dom.CopyText(w.Text, func(err error) {
			ctx.Dispatch(func(ctx app.Context) { p.to.Send(ctx, parts.Copied{Link: w.Text, Refused: err != nil}) })
		})
	case effect.ReplaceURL:
		dom.ReplaceURL(w.URL)
	case effect.NextFrame:
		dom.AfterFrame(own, func(ctx app.Context) { p.to.Send(ctx, w.Then) })
	case effect.SetField:
		dom.SetFieldText(w.ID, w.Text)
	case effect.ClearField:
		if el := dom.Element(w.ID); el.Truthy() && (w.Only == "" || el.Get("value").String() == w.Only) {
			dom.ClearField(w.ID)
		}
	case effect.RelayFetch:
		relay := app.Getenv(RelayEnv)
		if relay == "" {
			p.to.Send(ctx, parts.RelayAnswered{URL: w.URL, NoRelay: true})
			return
		}
		dom.FetchRelay(relay, w.Page, func(text string, err error) {
			own.Dispatch(func(ctx app.Context) { p.to.Send(ctx, parts.RelayAnswered{URL: w.URL, Text: text, Failed: err != nil}) })
		})
	case effect.FetchText:
		dom.FetchText(w.URL, w.Max, func(status int, body string, err error) {
			own.Dispatch(func(ctx app.Context) {
				p.to.Send(ctx, parts.TextFetched{URL: w.URL, Status: status, Body: body, Failed: err != nil})
			})
		})
	case effect.ComparePaced:
		// Made before the panel opens, in a goroutine that pauses
		// (pacer), on a copy of the state: nothing changes on screen
		// until it is done.
		ctx.PreventUpdate()
		own.Async(func() {
			c, _ := model.ComparePaced(w.Analysis.File, &w.State, pacer()) // pacer never stops it
			own.Dispatch(func(ctx app.Context) { p.to.Send(ctx, parts.Compared{Analysis: w.Analysis, State: w.State, C: c}) })
		})
	case effect.DropFile:
		p.dropAhead(w.Text)
	}
}

// readFile reads a file the user chose or dropped and sends its text, or
// why it could not be read, as the message its part asked for.
func (p pageIO) readFile(ctx app.Context, w effect.ReadFile) {
	file, ok := w.File.(app.Value)
	if !ok {
		p.to.Send(ctx, w.Then.Read("", "no file was given"))
		return
	}
	dom.ReadText(file, w.Max, func(text string, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			failure := ""
			if err != nil {
				failure = dom.PlainError(err)
			}
			p.to.Send(ctx, w.Then.Read(text, failure))
		})
	})
}

// dropAhead makes the analysis of a robots.txt dropped on the editor (a
// large file's: every test checked against it) in a goroutine that
// pauses, so that no single task holds the page, then applies the drop.
func (p pageIO) dropAhead(text string) {
	w := p.work.DropAhead(text)
	own := p.own
	own.Async(func() {
		w.Run(pacer()) // stopped by a key: the drop's own analysis is made at once
		own.Dispatch(func(ctx app.Context) { p.to.Send(ctx, session.DropFile{Text: text, Ahead: w}) })
	})
}

// fileFailed says that reading or writing a file failed.
func (p pageIO) fileFailed(ctx app.Context, what string, err error) {
	if err == nil {
		err = errors.New("unknown error")
	}
	p.to.Send(ctx, session.Report{Note: session.Note{ID: session.NoteFile, Alert: true, Text: what + ": " + dom.PlainError(err) + "."}})
}
