package siteurls

import (
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
)

// ListFresh is how long an address list kept in the browser is used as
// it is: operators publish a new one a day at most. An older one is asked
// for again, and used still when the relay cannot give a newer.
const ListFresh = 24 * time.Hour

// UnkeptNote is what the log's view says, once, when the browser keeps
// no address list.
const UnkeptNote = "This browser does not let the page keep the address lists: they are kept only until the page is closed."

// A keptList is an address list the model got, kept in memory: a worker
// started again is given it again.
type keptList struct{ text, fetched, source string }

// logState is the log's table's state, and the address lists the
// worker's counts of it asked for.
type logState struct {
	sort model.LogSort
	open map[string]bool
	// lists are the lists got, by the token asked for; asked the tokens
	// asked for since the worker started; stored, a list kept in the
	// browser but old, to use when the relay gives no newer one.
	lists  map[sitemsg.ListWant]keptList
	asked  map[sitemsg.ListWant]bool
	stored map[sitemsg.ListWant]keptList
	// unkept: the browser keeps no list (said once, in the log's view).
	unkept bool
}

// wantLists asks for the address lists the worker's count wants, each
// once: from the browser's store first, then the relay.
func (m *SiteURLs) wantLists(st *step, wants []sitemsg.ListWant) {
	for _, w := range wants {
		if m.log.asked[w] {
			continue
		}
		if m.log.asked == nil {
			m.log.asked = map[sitemsg.ListWant]bool{}
		}
		m.log.asked[w] = true
		if l, ok := m.log.lists[w]; ok {
			m.giveList(st, w, l)
			continue
		}
		st.do(effect.ReadList{List: w})
	}
}

// listRead takes a list kept in the browser: used when fresh, else the
// relay is asked, the old one kept to fall back on.
func (m *SiteURLs) listRead(st *step, r ListRead) {
	if r.Denied {
		m.log.unkept = true
	}
	l := keptList{text: r.Text, fetched: r.Fetched, source: r.Source}
	if r.Text != "" {
		if at, err := time.Parse(time.RFC3339, r.Fetched); err == nil && r.Now.Sub(at) < ListFresh {
			m.useList(st, r.List, l)
			return
		}
	}
	switch {
	case m.relay:
		if r.Text != "" {
			if m.log.stored == nil {
				m.log.stored = map[sitemsg.ListWant]keptList{}
			}
			m.log.stored[r.List] = l
		}
		st.do(effect.FetchList{List: r.List})
	case r.Text != "":
		m.useList(st, r.List, l)
	default:
		m.missing(st, r.List, "this site has no fetch relay to get it through")
	}
}

// listFetched takes the relay's answer: a list is kept in the browser
// and given to the worker; a failure falls back on a list kept, else the
// crawler's requests stay unverified, and the view says why.
func (m *SiteURLs) listFetched(st *step, r ListFetched) {
	if r.Failed == "" {
		l := keptList{text: r.Text, fetched: r.Fetched, source: r.Source}
		if !m.log.unkept {
			st.do(effect.StoreList{List: r.List, Text: r.Text, Fetched: r.Fetched, Source: r.Source})
		}
		m.useList(st, r.List, l)
		return
	}
	if l, ok := m.log.stored[r.List]; ok {
		m.useList(st, r.List, l)
		return
	}
	m.missing(st, r.List, r.Failed)
}

// useList keeps a list in memory and gives it to the worker.
func (m *SiteURLs) useList(st *step, w sitemsg.ListWant, l keptList) {
	if m.log.lists == nil {
		m.log.lists = map[sitemsg.ListWant]keptList{}
	}
	m.log.lists[w] = l
	m.giveList(st, w, l)
}

// giveList gives the worker a list.
func (m *SiteURLs) giveList(st *step, w sitemsg.ListWant, l keptList) {
	st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Addresses,
		List: &sitemsg.AddressList{Token: w.Token, N: w.N, Fetched: l.fetched, Source: l.source}}, Text: l.text})
}

// missing tells the worker why the list w is not at hand.
func (m *SiteURLs) missing(st *step, w sitemsg.ListWant, why string) {
	st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Addresses, List: &sitemsg.AddressList{Token: w.Token, N: w.N, Missing: why}}})
}

// restartLists gives a worker started again the lists got so far; the
// others it will ask for again.
func (m *SiteURLs) restartLists(st *step) {
	m.log.asked = nil
	for w, l := range m.log.lists {
		if m.log.asked == nil {
			m.log.asked = map[sitemsg.ListWant]bool{}
		}
		m.log.asked[w] = true
		m.giveList(st, w, l)
	}
}

// logNode returns the log's table as the panel draws it, sorted and
// opened as the user chose; nil when no log is counted.
func (m *SiteURLs) logNode(v *model.SiteView) *sitemsg.Node {
	if v.Log == nil {
		return nil
	}
	note := ""
	if m.log.unkept {
		note = UnkeptNote
	}
	n := model.LogTable(v.Log, m.log.sort, m.log.open, note)
	return &n
}
