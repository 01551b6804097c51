// Package uitest draws go-app components natively for the UI packages'
// tests, as go-app draws them in the page.
package uitest

import (
	"regexp"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Render draws c and the components inside it, as go-app would, by
// mounting them in a test engine, and returns the HTML.
func Render(t testing.TB, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

// AttrValue matches an attribute's value as go-app writes it: a quoted Go
// string. Replacing every match leaves the text outside attributes.
var AttrValue = regexp.MustCompile(`="(?:[^"\\]|\\.)*"`)

// Recorder is a view's Sender in a test: it keeps what it is sent.
type Recorder struct{ Sent []any }

// Send records msg.
func (r *Recorder) Send(_ app.Context, msg any) { r.Sent = append(r.Sent, msg) }
