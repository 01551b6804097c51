package sitework

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"robotstester/app/sitemsg"
)

// memKeeper keeps in memory, as the browser's IndexedDB does across
// visits; refuse makes Keep fail, as a storage denied or full does; slow,
// when not nil, holds Kept until it is closed.
type memKeeper struct {
	mu     sync.Mutex
	state  []byte
	refuse error
	keeps  int
	slow   chan struct{}
}

func (k *memKeeper) Keep(b []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.refuse != nil {
		return k.refuse
	}
	k.state = append([]byte(nil), b...)
	k.keeps++
	return nil
}

func (k *memKeeper) Kept() ([]byte, error) {
	if k.slow != nil {
		<-k.slow
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.state, nil
}

func (k *memKeeper) Forget() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.state = nil
	return nil
}

func (k *memKeeper) holds() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.state != nil
}

// TestWorkerKeeps keeps the URLs read for the next visit: a new worker
// (a reload) given the same Keeper reads them back, counts them alike, and
// a Clear forgets them (its Undo keeps them again).
func TestWorkerKeeps(t *testing.T) {
	var keeper memKeeper
	var out replies
	w := &Worker{Send: out.send, Keeper: &keeper}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, ID: 0, Name: "urls.txt", Text: siteFile}, strings.NewReader("/a\n/private/x\n/old/y\n"))
	if !keeper.holds() {
		t.Fatal("the URLs read are not kept")
	}
	if st := out.last(sitemsg.State).State; !st.Kept {
		t.Errorf("the page is not told the URLs are kept: %+v", st)
	}
	q := sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: q}, nil)
	before := out.last(sitemsg.Counted).View

	var out2 replies
	w2 := &Worker{Send: out2.send, Keeper: &keeper}
	w2.Handle(sitemsg.Request{Kind: sitemsg.Resume, ID: 0}, nil)
	if d := out2.last(sitemsg.Done); d == nil || d.Status != "" {
		t.Fatalf("resume: %+v", out2.got)
	}
	st := out2.last(sitemsg.State).State
	if st.Pages != 3 || len(st.Sources) != 1 || st.Sources[0].Name != "urls.txt" || !st.Kept {
		t.Fatalf("state read back %+v", st)
	}
	w2.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: q}, nil)
	if after := out2.last(sitemsg.Counted).View; after.Allowed != before.Allowed || after.Blocked != before.Blocked || len(after.Parts) != len(before.Parts) {
		t.Errorf("counted %+v once read back, want %+v", after, before)
	}

	w2.Handle(sitemsg.Request{Kind: sitemsg.Clear, ID: 1}, nil)
	w2.syncKept(1, "") // what Clear starts in a goroutine, done here to see its end
	if keeper.holds() || out2.last(sitemsg.State).State.Kept {
		t.Error("a Clear leaves the URLs kept")
	}
	w2.Handle(sitemsg.Request{Kind: sitemsg.Restore}, nil)
	w2.syncKept(1, "")
	if !keeper.holds() || !out2.last(sitemsg.State).State.Kept {
		t.Error("the Clear undone leaves the URLs not kept")
	}
}

// TestWorkerKeepRefused goes on without keeping when the storage refuses,
// and says so; a resume finds nothing, or bytes that are not the panel's,
// and says so without failing.
func TestWorkerKeepRefused(t *testing.T) {
	keeper := memKeeper{refuse: errors.New("QuotaExceededError")}
	var out replies
	w := &Worker{Send: out.send, Keeper: &keeper}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, ID: 0, Name: "urls.txt", Text: siteFile}, strings.NewReader("/a\n"))
	if st := out.last(sitemsg.State).State; st.Pages != 1 || st.Kept {
		t.Errorf("state %+v, want the URL read and not kept", st)
	}
	if s := out.last(sitemsg.Status); s == nil || !strings.Contains(s.Status, "not kept") || !strings.Contains(s.Status, "QuotaExceededError") {
		t.Errorf("status %+v, want the refusal said", s)
	}

	var nothing memKeeper
	var out2 replies
	w2 := &Worker{Send: out2.send, Keeper: &nothing}
	w2.Handle(sitemsg.Request{Kind: sitemsg.Resume}, nil)
	if d := out2.last(sitemsg.Done); d == nil || d.Status != "" || out2.last(sitemsg.State).State.Pages != 0 {
		t.Errorf("resume with nothing kept: %+v", out2.got)
	}

	bad := memKeeper{state: []byte("RTSU\x01 not really")}
	var out3 replies
	w3 := &Worker{Send: out3.send, Keeper: &bad}
	w3.Handle(sitemsg.Request{Kind: sitemsg.Resume}, nil)
	if d := out3.last(sitemsg.Done); d == nil || !strings.Contains(d.Status, "could not be read back") || bad.holds() {
		t.Errorf("resume of damaged bytes: %+v, kept %v; want it said and forgotten", out3.got, bad.holds())
	}
}

// TestReadDuringResume reads a file dropped while the URLs kept are read
// back once they are: both are held, the kept first, and both kept.
func TestReadDuringResume(t *testing.T) {
	var old SiteURLs
	old.Add(old.Begin("old.txt", "list", ""), entry("/old"), false)
	keeper := memKeeper{state: old.AppendState(nil), slow: make(chan struct{})}
	var out replies
	w := &Worker{Send: out.send, Keeper: &keeper}
	w.Receive(sitemsg.Request{Kind: sitemsg.Resume}, nil)
	w.Receive(sitemsg.Request{Kind: sitemsg.Read, Name: "new.txt"}, strings.NewReader("/new\n"))
	close(keeper.slow)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		out.mu.Lock()
		dones := 0
		for _, r := range out.got {
			if r.Kind == sitemsg.Done {
				dones++
			}
		}
		out.mu.Unlock()
		if dones == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replies %+v", out.got)
		}
	}
	st := w.URLs.State()
	if st.Pages != 2 || len(st.Sources) != 2 || st.Sources[0].Name != "old.txt" || st.Sources[1].Name != "new.txt" {
		t.Errorf("state %+v, want the kept source, then the new one", st)
	}
	var back SiteURLs
	if err := back.Load(keeper.state); err != nil || back.Total() != 2 {
		t.Errorf("kept %d URLs (%v), want both", back.Total(), err)
	}
}

// TestResumeAfterARead leaves a source read before the resume as it is:
// the URLs kept are not put in its place.
func TestResumeAfterARead(t *testing.T) {
	var old SiteURLs
	old.Add(old.Begin("old.txt", "list", ""), entry("/old"), false)
	keeper := memKeeper{state: old.AppendState(nil)}
	var out replies
	w := &Worker{Send: out.send, Keeper: &keeper}
	w.URLs.Add(w.URLs.Begin("new.txt", "list", ""), entry("/new"), false)
	w.Handle(sitemsg.Request{Kind: sitemsg.Resume}, nil)
	if st := out.last(sitemsg.State).State; st.Pages != 1 || st.Sources[0].Name != "new.txt" {
		t.Errorf("state %+v, want the new source alone", st)
	}
}
