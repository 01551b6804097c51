package widget

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
)

// VerdictText is the verdict in words with its sign, so that it does not
// rest on colour alone. The verdicts painted ahead of go-app's frame
// (dom.PaintVerdicts) are written in the same words.
func VerdictText(allowed bool) string {
	if allowed {
		return "✓ Allowed"
	}
	return "✕ Blocked"
}

// ChoiceSelect is a select named id of choices, value chosen. A browser
// no longer follows its selected attributes once the user has picked an
// option: dom.SelectChoice sets the choice after a change made by code.
func ChoiceSelect(id string, choices []model.Choice, value string, onChange app.EventHandler) app.UI {
	opts := make([]app.UI, len(choices))
	for i, c := range choices {
		opts[i] = app.Option().Value(c.Value).Selected(c.Value == value).Text(c.Title)
	}
	return app.Select().ID(id).Name(id).OnChange(onChange).Body(opts...)
}

// AcceptDrop lets files be dropped on the element: without it the browser
// opens a dropped file in the tab.
func AcceptDrop(ctx app.Context, e app.Event) {
	if dt := e.Get("dataTransfer"); dt.Truthy() && hasFiles(dt) {
		e.PreventDefault()
		dt.Set("dropEffect", "copy")
	}
}

// hasFiles reports whether a drag carries files, rather than text.
func hasFiles(dt app.Value) bool {
	types := dt.Get("types")
	for i := 0; i < types.Length(); i++ {
		if types.Index(i).String() == "Files" {
			return true
		}
	}
	return false
}

// VerdictWord is the verdict as the data-verdict attribute carries it:
// "allowed" or "blocked".
func VerdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}
