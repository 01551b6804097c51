package sitework

import (
	"bytes"
	"robotstester/app/internal/csvrow"
	"strconv"

	"robotstester/robots"
)

// siteChunk is how many bytes of the site CSV are handed on at once: the
// page copies each piece out of Go, so that a million rows (about 100 MB)
// are never held whole in Go's memory.
const siteChunk = 1 << 20

// SiteCSV writes every URL of the site URLs panel checked for q, one row
// each (source, url, agent, verdict, line, rule, status, and for a
// crawler's logged request its crawler, role, origin and address: the
// log table's columns, request by request), in pieces of
// about a mebibyte handed to emit, with pause between steps (see
// SiteURLs.EachRow). The URLs and user-agent strings come from the
// user's files: they are guarded against being read as formulas.
func SiteCSV(s *SiteURLs, q Query, pause robots.Pause, emit func([]byte) error) error {
	var buf bytes.Buffer
	csvrow.Write(&buf, []string{"source", "url", "agent", "verdict", "line", "rule", "status", "crawler", "role", "origin", "address"})
	err := s.EachRow(q, pause, func(r SiteRow) error {
		verdict, status := "blocked", ""
		if r.Allowed {
			verdict = "allowed"
		}
		if r.Status != 0 {
			status = strconv.Itoa(r.Status)
		}
		csvrow.Write(&buf, []string{r.Source, csvrow.Cell(r.URL), csvrow.Cell(r.Agent), verdict, strconv.Itoa(r.Line), csvrow.Cell(r.Rule), status,
			csvrow.Cell(r.Crawler), r.Role, r.Origin, r.Address})
		if buf.Len() >= siteChunk {
			err := emit(buf.Bytes())
			buf.Reset()
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	return emit(buf.Bytes())
}
