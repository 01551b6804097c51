package sitework

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"robotstester/robots/sitemap"
)

// entries lists what s holds, entry by entry, to compare two SiteURLs.
func entries(s *SiteURLs) []string {
	h, _ := s.view()
	var out []string
	for _, set := range []*URLSet{&h.submitted, &h.listed} {
		for i := range set.Len() {
			out = append(out, set.At(i))
		}
		out = append(out, "--")
	}
	for i := range h.requests.Len() {
		u, agent, status := h.requests.At(i)
		out = append(out, fmt.Sprintf("%s %q %d", u, agent, status))
	}
	return out
}

// TestStateRoundTrip: what AppendState writes, Load reads back whole
// (URLs across blocks, requests, sources, notes, base, version), and the
// SiteURLs loaded takes more URLs as the one saved did.
func TestStateRoundTrip(t *testing.T) {
	big := &SiteURLs{}
	src := big.Begin("long.txt", "list", "")
	for i := range 30_000 {
		big.Add(src, entry(fmt.Sprintf("https://example.com/%d/%s", i, strings.Repeat("x", i%90))), false)
	}
	if len(big.listed.blocks) < 2 {
		t.Fatal("the test must cross a block")
	}
	failed := randomURLs(t, rand.New(rand.NewPCG(1, 2)), 500)
	failed.Fail(Source{i: 1}, "the relay refused")
	failed.Rebase(splitEdit)
	for name, s := range map[string]*SiteURLs{"empty": {}, "random": randomURLs(t, rand.New(rand.NewPCG(1, 1)), 2000), "failed and rebased": failed, "long": big} {
		b := s.AppendState(nil)
		var got SiteURLs
		if err := got.Load(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(entries(&got), entries(s)) || got.Version() != s.Version() ||
			!reflect.DeepEqual(got.Sources(), s.Sources()) || !reflect.DeepEqual(got.Notes(), s.Notes()) ||
			got.hasBase != s.hasBase || got.baseText != s.baseText {
			t.Errorf("%s: loaded %d entries of version %d, sources %+v, notes %v; want %d of %d, %+v, %v",
				name, got.Total(), got.Version(), got.Sources(), got.Notes(), s.Total(), s.Version(), s.Sources(), s.Notes())
		}
		if again := got.AppendState(nil); !bytes.Equal(again, b) {
			t.Errorf("%s: written again, %d bytes differ from %d", name, len(again), len(b))
		}
		// The loaded panel reads on: a new request, of a known agent.
		got.Add(got.Begin("more.log", "log", ""), sitemap.Entry{URL: "/x", Agent: "GPTBot/1.1", Status: 200}, false)
		if n := len(got.requests.agents); got.Total() != s.Total()+1 || n != max(len(s.requests.agents), 1) {
			t.Errorf("%s: after an Add, %d entries, %d agents", name, got.Total(), n)
		}
	}
}

// TestStateShare: the helper's share is the second half of each set,
// with the base and version, without the sources and notes.
func TestStateShare(t *testing.T) {
	s := randomURLs(t, rand.New(rand.NewPCG(2, 1)), 1001)
	b, version, _ := s.appendShare(nil, maxShare)
	var got SiteURLs
	if err := got.Load(b); err != nil {
		t.Fatal(err)
	}
	h, _ := s.view()
	_, second := h.whole().halves()
	var want []string
	for _, x := range []struct {
		set *URLSet
		sp  span
	}{{&h.submitted, second.submitted}, {&h.listed, second.listed}} {
		for i := x.sp.from; i < x.sp.to; i++ {
			want = append(want, x.set.At(i))
		}
		want = append(want, "--")
	}
	for i := second.requests.from; i < second.requests.to; i++ {
		u, agent, status := h.requests.At(i)
		want = append(want, fmt.Sprintf("%s %q %d", u, agent, status))
	}
	if !reflect.DeepEqual(entries(&got), want) || version != s.Version() || got.Version() != version ||
		got.baseText != s.baseText || len(got.Sources()) != 0 || len(got.Notes()) != 0 {
		t.Errorf("the share holds %d entries of version %d, sources %v; want %d of %d", got.Total(), got.Version(), got.Sources(), len(want)-2, version)
	}
}

// TestStateBad: bytes cut short, or not the form at all, are refused
// with ErrState, and the SiteURLs keeps what it held.
func TestStateBad(t *testing.T) {
	good := randomURLs(t, rand.New(rand.NewPCG(3, 1)), 40).AppendState(nil)
	var s SiteURLs
	s.Add(s.Begin("kept", "list", ""), entry("/kept"), false)
	for n := range len(good) {
		if err := s.Load(good[:n]); !errors.Is(err, ErrState) {
			t.Fatalf("cut at %d of %d: %v", n, len(good), err)
		}
	}
	for _, b := range [][]byte{nil, []byte("RTSU\x02"), append(bytes.Clone(good), 0), []byte(stateMagic + "\x00\x02")} {
		if err := s.Load(b); !errors.Is(err, ErrState) {
			t.Errorf("%q: %v", b, err)
		}
	}
	if s.Total() != 1 || s.listed.At(0) != "/kept" {
		t.Errorf("after the refusals, %d URLs", s.Total())
	}
}

// FuzzLoad: no bytes make Load panic, or take memory out of proportion;
// what it reads, written again and read again, is the same.
func FuzzLoad(f *testing.F) {
	for i, n := range []int{0, 3, 40} {
		f.Add(randomURLs(f, rand.New(rand.NewPCG(4, uint64(i))), n).AppendState(nil))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var s SiteURLs
		if err := s.Load(b); err != nil {
			if !errors.Is(err, ErrState) {
				t.Fatalf("%v is not an ErrState", err)
			}
			return
		}
		once := s.AppendState(nil)
		var again SiteURLs
		if err := again.Load(once); err != nil {
			t.Fatalf("written again, not read: %v", err)
		}
		if twice := again.AppendState(nil); !bytes.Equal(twice, once) {
			t.Fatalf("written again, read, written: %q, then %q", once, twice)
		}
	})
}
