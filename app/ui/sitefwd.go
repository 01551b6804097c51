package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// The site panel's files (sitepanel.go, siteurls.go) are being rewritten
// beside this layout: these forwarders keep the names they call until they
// call the packages themselves.

func jsTry(f func()) error                                    { return dom.Try(f) }
func await(p app.Value, ok func(app.Value), fail func(error)) { dom.Await(p, ok, fail) }
func firstFile(ctx app.Context, e app.Event) app.Value        { return dom.FirstFile(ctx, e) }
func plainError(err error) string                             { return dom.PlainError(err) }
func waitForBrowser()                                         { dom.WaitForBrowser() }
func element(id string) app.Value                             { return dom.Element(id) }
func clearField(id string)                                    { dom.ClearField(id) }

var errNoRelay = dom.ErrNoRelay

type relayReply struct {
	status     int
	retryAfter string
	text       string
	err        error
}

func relayGet(relay, param, value string, timeout time.Duration, done func(relayReply)) {
	dom.RelayGet(relay, param, value, timeout, func(r dom.RelayReply) {
		done(relayReply{status: r.Status, retryAfter: r.RetryAfter, text: r.Text, err: r.Err})
	})
}

type blobParts struct{ dom.BlobParts }

func newBlobParts() (blobParts, error) {
	b, err := dom.NewBlobParts()
	return blobParts{b}, err
}

func (b blobParts) push(data []byte) error       { return b.Push(data) }
func (b blobParts) save(name, mime string) error { return b.Save(name, mime) }

func lineButton(n int, onClick app.EventHandler) app.UI { return widget.LineButton(n, onClick) }
func revealLine(ctx app.Context, onReveal func(ctx app.Context, line int)) {
	widget.RevealLine(ctx, onReveal)
}
func acceptDrop(ctx app.Context, e app.Event) { widget.AcceptDrop(ctx, e) }
