package widget

import (
	"reflect"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/internal/uitest"
)

// TestControlsSendWhatTheyHold: a notice's buttons and the choice over a
// link send the messages they were given, and nothing else.
func TestControlsSendWhatTheyHold(t *testing.T) {
	var r uitest.Recorder
	n := &Notice{ID: "n", Dismissed: "dismiss n", Action: "undo", To: &r}
	c := &SharedChoice{Open: "open", Keep: "keep", To: &r}
	n.dismiss(app.Context{}, app.Event{})
	n.action(app.Context{}, app.Event{})
	c.open(app.Context{}, app.Event{})
	c.keep(app.Context{}, app.Event{})
	if want := []any{"dismiss n", "undo", "open", "keep"}; !reflect.DeepEqual(r.Sent, want) {
		t.Errorf("sent %v, want %v", r.Sent, want)
	}
}
