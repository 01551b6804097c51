package results

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/internal/uitest"
)

// render draws c as go-app would (uitest.Render).
func render(t *testing.T, c app.Composer) string { return uitest.Render(t, c) }

// attrValue matches an attribute's value as go-app writes it.
var attrValue = uitest.AttrValue
