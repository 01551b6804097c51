package peerbench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// A query is one check: a product token and a URL, with the path cut from
// the URL in advance for the libraries that take a path.
type query struct {
	agent, url, path string
}

func newQuery(agent, url string) query {
	return query{agent: agent, url: url, path: robots.PathOf(url)}
}

// A peer is one library, seen through the two things the benchmarks do.
type peer struct {
	name string
	// parser returns a function that parses data once per call. Any
	// conversion of data to the library's input type is done in advance.
	parser func(data []byte) func()
	// checker parses data, once, and returns a function that checks a
	// query against it. ok is false if the library rejected the file.
	checker func(data []byte) (check func(query) bool, ok bool)
}

// peers are the libraries compared, ours first.
var peers = []peer{
	{
		name: "ours",
		parser: func(data []byte) func() {
			return func() { robots.Parse(data) }
		},
		checker: func(data []byte) (func(query) bool, bool) {
			f := robots.Parse(data)
			return func(q query) bool { return f.Check(q.agent, q.url).Allowed }, true
		},
	},
	{
		name: "temoto",
		parser: func(data []byte) func() {
			return func() { robotstxt.FromBytes(data) }
		},
		checker: func(data []byte) (func(query) bool, bool) {
			r, err := robotstxt.FromBytes(data)
			if err != nil {
				return nil, false
			}
			return func(q query) bool { return r.FindGroup(q.agent).Test(q.path) }, true
		},
	},
	{
		name: "grobotstxt",
		parser: func(data []byte) func() {
			body := string(data)
			return func() { grobotstxt.Parse(body, nopHandler{}) }
		},
		checker: func(data []byte) (func(query) bool, bool) {
			body := string(data)
			return func(q query) bool { return grobotstxt.AgentAllowed(body, q.agent, q.url) }, true
		},
	},
}

// nopHandler is a grobotstxt.ParseHandler that does nothing.
type nopHandler struct{}

func (nopHandler) HandleRobotsStart()                      {}
func (nopHandler) HandleRobotsEnd()                        {}
func (nopHandler) HandleUserAgent(int, string)             {}
func (nopHandler) HandleAllow(int, string)                 {}
func (nopHandler) HandleDisallow(int, string)              {}
func (nopHandler) HandleSitemap(int, string)               {}
func (nopHandler) HandleUnknownAction(int, string, string) {}

func sharedDir(t testing.TB, sub string) string {
	t.Helper()
	return benchdata.SharedDir(t, sub)
}

// corpus returns the files of the shared corpus, each cut at the fetch
// limit, as a crawler would have fetched it.
func corpus(t testing.TB) [][]byte {
	dir := filepath.Join(sharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files [][]byte
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, data[:min(len(data), robots.FetchLimit)])
	}
	return files
}
