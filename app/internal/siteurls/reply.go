package siteurls

import (
	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
)

// reply takes a reply of the worker.
func (m *SiteURLs) reply(st *step, r sitemsg.Reply) {
	switch r.Kind {
	case sitemsg.State:
		if r.State != nil {
			m.setKept(st, r.State.Kept)
			m.held = *r.State
		}
		m.follow(st)
	case sitemsg.Status:
		if r.ID == m.loadGen {
			m.status = r.Status
		}
	case sitemsg.Done:
		m.loads = max(m.loads-1, 0)
		m.resuming = false
		if m.pasted != "" {
			st.do(effect.ClearField{ID: PasteID, Only: m.pasted})
			m.pasted = ""
		}
		if r.ID == m.loadGen {
			if m.fileReading && m.loads == 0 {
				// The next file of a drop, once the last is read: and
				// every other reading (the URLs kept read back first, a
				// paste), so that none runs beside it.
				m.fileReading = false
				m.readNext(st)
			}
			m.endLoad(st, r.Status)
		}
	case sitemsg.Progress:
		if r.ID != m.asked {
			st.do(effect.NoRedraw{})
			break
		}
		drawn := m.counting[1] > 0
		m.counting = [2]int{r.Done, r.Total}
		if drawn {
			// Once drawn, the progress is moved in place: a few messages
			// a second during a count need not redraw the page, whose
			// every redraw is a task of the page's thread.
			st.do(effect.MoveProgress{Done: r.Done, Total: r.Total, Text: ProgressText(r.Done, r.Total)})
		}
	case sitemsg.Counted:
		if r.ID == m.asked {
			m.counting = [2]int{}
		}
		if r.ID == m.asked && r.View != nil {
			m.cov = &model.SiteCoverage{Query: m.asking, View: *r.View}
			m.matrix, m.cov.Matrix = r.View.Matrix, model.FoldMatrix(r.View.Matrix, m.open)
			m.notes = nil
			for _, n := range r.View.Notes {
				if m.notes == nil {
					m.notes = map[int]string{}
				}
				m.notes[n.Line] = n.Text
			}
			st.do(effect.ShowNotes{})
			if r.View.Log != nil {
				m.wantLists(st, r.View.Log.Wants)
			}
		}
	case sitemsg.Exported:
		if r.ID == m.exportID && m.exporting {
			m.exporting = false
			st.do(effect.ExportSave{Name: "robots-site-urls.csv", Type: "text/csv"})
		}
	case sitemsg.Failed:
		switch r.ID {
		case m.exportID:
			if m.exporting && r.Error == sitemsg.NeedText {
				m.sent.Forget()
				m.postExport(st)
				break
			}
			if m.exporting {
				m.exporting = false
				st.do(effect.ExportDrop{}, effect.Failure{What: "The export failed", Why: r.Error})
			}
		case m.asked:
			m.pending = model.SiteQuery{} // to be asked for again
			if r.Error == sitemsg.NeedText {
				// The worker holds none of the texts the file's edit
				// could be made to: the file goes whole.
				m.sent.Forget()
				m.follow(st)
				break
			}
			m.status = "The URLs could not be counted: " + r.Error + "."
		}
	case sitemsg.Previewed:
		if r.ID == m.previewID && m.previewFor != 0 {
			st.Intent = append(st.Intent, byintent.SiteCounted{ID: m.previewFor, Asked: true, Node: r.Site, URLs: r.Total, Failed: r.Error})
		}
	case sitemsg.Written:
		if id := m.writing; r.ID == m.writeID && id != 0 {
			m.writing = 0
			st.Intent = append(st.Intent, byintent.Wrote{ID: id, Text: r.Written, Targets: r.Targets, Failed: r.Error})
		}
	case sitemsg.Fatal:
		why := r.Error
		if m.resuming {
			// Reading them back ended the worker (its memory, say): the
			// next start must not try again, and fail again.
			m.setKept(st, false)
			why += ", while it read back the URLs kept from your last visit: they are no longer read back"
		}
		m.failed(st, why)
	}
}

// failed says that the worker could not start, or stopped: what it held
// is lost, nothing else is (the file and the tests are the session's),
// and the next use starts a new worker.
func (m *SiteURLs) failed(st *step, why string) {
	if m.running {
		st.do(effect.StopWorker{})
		m.running = false
	}
	lost := ""
	switch {
	case m.kept:
		lost = " The URLs it held are kept in this browser: they are read back when the panel starts again."
	case m.held.Pages+m.held.Requests > 0:
		lost = " The URLs it held are lost: add them again."
	}
	m.held, m.cov, m.loads, m.loaded, m.resuming = sitemsg.URLsState{}, nil, 0, false, false
	m.queued, m.fileReading, m.pasted = nil, false, ""
	m.pending, m.asked = model.SiteQuery{}, 0
	m.loadGen++
	if m.exporting {
		m.exporting = false
		st.do(effect.ExportDrop{})
	}
	if why == "" {
		why = "it stopped"
	}
	m.failure = why
	if id := m.writing; id != 0 {
		m.writing = 0
		st.Intent = append(st.Intent, byintent.Wrote{ID: id, Failed: why})
	}
	m.status = "The panel's worker, which reads and counts the URLs apart from the page, failed: " + why + "." + lost +
		" Your robots.txt and your tests are untouched; the command line counts any number of URLs: robotstxt check --sitemap SOURCE --summary robots.txt"
}

// Shown is what the panel draws of the model.
type Shown struct {
	View model.SiteView
	// Sitemaps are the file's Sitemap: lines.
	Sitemaps []string
	// List is the sources read and the notes of the reading, as the
	// worker lists them.
	List *sitemsg.Node
	// Status says what the loading does now, or what went wrong.
	Status string
	// Busy: URLs are being read. Done: they are read and counted.
	Busy, Done bool
	Exporting  bool
	// Kept: the URLs are kept in the browser for the next visit.
	Kept bool
	// Sources counts the sources read: Clear drops them, and their
	// notes, even when they gave no URL. Repeats counts the URLs they
	// gave that were held already (a URL is held, and counted, once).
	Sources, Repeats int
	// Counting is how far the count under way is: URLs and requests
	// counted, of how many (zero when no count says).
	Counting [2]int
	// Log is the log's requests as a table (#site-urls-log), sorted and
	// opened as the user chose; nil when no log is counted.
	Log *sitemsg.Node
}

// Shown returns what the panel draws over the file shown (an, of s).
func (m *SiteURLs) Shown(an *model.Analysis, s *model.State) Shown {
	v := model.SiteViewOf(&m.held, m.cov, m.query(an, s), m.loads > 0)
	repeats := 0
	for _, src := range m.held.Sources {
		repeats += src.Repeats
	}
	return Shown{
		View:      v,
		Sitemaps:  an.SitemapURLs(),
		List:      m.held.List,
		Status:    m.status,
		Busy:      m.loads > 0,
		Done:      m.loads == 0 && m.loaded && (v.Counted || v.Pages+v.Requests == 0),
		Exporting: m.exporting,
		Kept:      m.held.Kept,
		Sources:   len(m.held.Sources),
		Repeats:   repeats,
		Counting:  m.counting,
		Log:       m.logNode(&v),
	}
}
