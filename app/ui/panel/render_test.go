package panel

import (
	"regexp"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// render draws c and the components inside it, as go-app would, by
// mounting them in a test engine.
func render(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

// attrValue matches an attribute's value as go-app writes it: a quoted Go
// string.
var attrValue = regexp.MustCompile(`="(?:[^"\\]|\\.)*"`)
