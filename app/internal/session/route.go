package session

import (
	"robotstester/app/internal/byintent"
	"robotstester/app/internal/parts"
	"robotstester/app/internal/siteurls"
)

// route returns the Edit that carries out m: m itself, or the message of
// a part the session holds, given to that part. A message of no known
// type changes nothing.
func route(m Msg) Edit {
	switch m := m.(type) {
	case Edit:
		return m
	case byintent.Msg:
		return intentEdit{m}
	case siteurls.Msg:
		return siteEdit{m}
	}
	if e, ok := routePart(m); ok {
		return e
	}
	return unknown{}
}

// settles reports whether the analysis of the text typed must be made
// before m is carried out (settle): an edit must find the work as the
// user typed it. The editor's own edits and an arrival need not; nor do
// a part's messages that only follow the work (a preview made again, a
// worker's answer), which would otherwise end the pacing of every key.
func settles(m Msg) bool {
	switch m.(type) {
	case EditText, Analyzed, Arrived:
		return false
	case byintent.Refresh, byintent.Apply:
		return true // they read the file as typed
	case byintent.Msg:
		return false
	case siteurls.Fetch, siteurls.Export, siteurls.Add, siteurls.Rebase, siteurls.AddFiles:
		return true // they read the file as typed
	case siteurls.Msg:
		return false
	case parts.VersionsSaved, parts.OtherTabKept:
		return false // a save's news: the versions' list read again
	}
	return true
}

// unknown is a message no part takes.
type unknown struct{}

func (unknown) apply(*Session) Effects { return Effects{} }

// intentEdit is a message to Rules by intent (byintent). The file it
// writes is an edit of the work: one step that Undo takes back.
type intentEdit struct{ m byintent.Msg }

func (e intentEdit) apply(s *Session) Effects {
	r := s.intent.Update(e.m, s.an, &s.state)
	fx := Effects{IO: r.IO}
	if r.Write {
		st := s.snapshot()
		st.Robots = r.Text
		fx = fx.and(Replace{State: st, Label: "Rules by intent written"}.apply(s))
	}
	return fx
}

// Intent returns what Rules by intent shows.
func (v PartsView) Intent() byintent.Shown { return v.s.intent.Shown() }

// siteEdit is a message to the site URLs (siteurls). Their answers for
// Rules by intent go to it in turn.
type siteEdit struct{ m siteurls.Msg }

func (e siteEdit) apply(s *Session) Effects {
	r := s.site.Update(e.m, s.an, &s.state)
	fx := Effects{IO: r.IO}
	for _, m := range r.Intent {
		fx = fx.and(intentEdit{m}.apply(s))
	}
	return fx
}

// SiteURLs returns what the site URLs panel shows.
func (v PartsView) SiteURLs() siteurls.Shown { return v.s.site.Shown(v.s.an, &v.s.state) }

// SiteLineNotes returns what each line of the file decides over the
// site's URLs, for the editor to show after it (siteurls.LineNotes).
func (v PartsView) SiteLineNotes() map[int]string { return v.s.site.LineNotes(v.s.an, &v.s.state) }
