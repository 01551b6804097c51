package session

import (
	"reflect"
	"testing"

	"robotstester/app/internal/effect"
	"robotstester/app/model"
)

// TestChoiceOverLinkIsKept: the user's answer to a link's tests asks the
// page to save at once and to drop the link from the address bar, either
// way; the saved work that could not be read is handed over as a file.
func TestChoiceOverLinkIsKept(t *testing.T) {
	want := []effect.IO{effect.SaveNow{}, effect.DropLink{}}
	for _, m := range []Msg{OpenShared{}, KeepMine{}} {
		s := New(MemoryStorage{}, nil, model.Example())
		p := model.Example()
		s.pending = &p
		if fx := s.Apply(m); !reflect.DeepEqual(fx.IO, want) {
			t.Errorf("%T: IO %v, want %v", m, fx.IO, want)
		}
		if s.Pending() != nil {
			t.Errorf("%T: the link still waits", m)
		}
	}
	s := New(MemoryStorage{}, nil, model.Example())
	s.save.aside = `{"robots":"x"}`
	fx := s.Apply(ExportAside{})
	if len(fx.IO) != 1 {
		t.Fatalf("IO %v", fx.IO)
	}
	if d, ok := fx.IO[0].(effect.Download); !ok || string(d.Data) != s.save.aside || d.Failed == "" {
		t.Errorf("download %+v", fx.IO[0])
	}
	if fx := s.Apply(struct{}{}); !fx.None() {
		t.Errorf("a message no part takes: %+v", fx)
	}
}
