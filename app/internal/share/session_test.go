package share

import (
	"errors"
	"strings"
	"testing"

	"robotstester/app/model"
)

func TestSame(t *testing.T) {
	other := sample
	other.Rows = append([]model.Row(nil), sample.Rows...)
	for _, tt := range []struct {
		name string
		a, b model.State
		want bool
	}{
		{"equal", sample, other, true},
		{"nil and empty rows", model.State{}, model.State{Rows: []model.Row{}}, true},
		{"selection clamped", model.State{Rows: []model.Row{{}}, Selected: 5}, model.State{Rows: []model.Row{{}}}, true},
		{"file", sample, model.State{Robots: "x", Rows: sample.Rows, Dialect: sample.Dialect, Selected: 1}, false},
		{"dialect", sample, model.State{Robots: sample.Robots, Rows: sample.Rows, Selected: 1}, false},
		{"selected", sample, model.State{Robots: sample.Robots, Rows: sample.Rows, Dialect: sample.Dialect}, false},
		{"rows", sample, model.State{Robots: sample.Robots, Rows: sample.Rows[:1], Dialect: sample.Dialect, Selected: 1}, false},
	} {
		if got := Same(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: Same = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestLink(t *testing.T) {
	link, err := Link("https://x.example/tools/?q=1", sample)
	if err != nil {
		t.Fatal(err)
	}
	page, frag, _ := strings.Cut(link, "#")
	if page != "https://x.example/tools/?q=1" {
		t.Errorf("page %q", page)
	}
	got, ok, err := FromFragment(frag)
	if !ok || err != nil || !Same(got, sample) {
		t.Errorf("FromFragment(link) = %+v, %v, %v", got, ok, err)
	}

	// Text that DEFLATE cannot shrink makes a link too long.
	var b strings.Builder
	x := uint32(1)
	for b.Len() < 40000 {
		x = x*1664525 + 1013904223
		b.WriteByte("abcdefghijklmnopqrstuvwxyz0123456789"[x>>26%36])
	}
	long, err := Link("https://x.example/", model.State{Robots: b.String()})
	if !errors.Is(err, ErrLinkTooLong) || len(long) <= MaxLink {
		t.Errorf("long link: %d characters, error %v", len(long), err)
	}
}

func TestForStorage(t *testing.T) {
	data, err := ForStorage(sample)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Unmarshal(data); err != nil || !Same(got, sample) {
		t.Errorf("saved state reads back as %+v, %v", got, err)
	}
	// A file of 1 MiB grows past the limit once escaped.
	if _, err := ForStorage(model.State{Robots: strings.Repeat("\"", MaxDecoded/2+1)}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge state: error %v, want ErrTooLarge", err)
	}
}
