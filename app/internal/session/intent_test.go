package session

import (
	"testing"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/model"
)

// TestIntentRouted: Rules by intent's messages reach the session's
// Intent, which asks the worker to write; its Apply, once written, is one
// edit of the work that Undo takes back; a form's change does not settle
// the typing (its pacing), an Apply does.
func TestIntentRouted(t *testing.T) {
	s := New(MemoryStorage{}, nil, model.State{Robots: "User-agent: *\nDisallow: /admin/\n"})
	fx := s.Apply(byintent.SetRole{Name: "ai-training", Choice: "block"})
	if len(fx.IO) != 1 {
		t.Fatalf("IO %+v", fx.IO)
	}
	w, ok := fx.IO[0].(effect.WriteIntent)
	if !ok || w.Text != s.State().Robots {
		t.Fatalf("a write of the file shown: %+v", fx.IO[0])
	}
	if fx := s.Apply(byintent.Apply{}); fx.File || len(fx.IO) != 0 {
		t.Errorf("applied before written: %+v", fx)
	}
	before := s.State().Robots
	fx = s.Apply(byintent.WriteNow(w))
	if !fx.File || s.State().Robots == before || s.Parts().Intent().Preview == nil {
		t.Fatalf("written: %+v, file %q", fx, s.State().Robots)
	}
	if label, ok := s.CanUndo(); !ok || label != "Rules by intent written" {
		t.Errorf("undo %q %v", label, ok)
	}
	if !settles(byintent.Apply{}) || settles(byintent.Follow{}) || settles(byintent.Wrote{}) || !settles(Undo{}) || settles(EditText{}) {
		t.Error("settles")
	}
}
