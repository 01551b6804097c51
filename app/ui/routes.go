package ui

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
)

// Routes registers the app's routes with go-app.
//
// The app has a single page, reached at every path: the same build works
// at the root of a site and under any subpath, where the browser asks for
// paths such as /sub/path/ or /sub/path/index.html. Building the site, a
// catch-all route stands for them all. In the browser the page registers
// the path it was opened at (and the root) instead, which go-app looks up
// in a map: a regular-expression route is compiled and then run with
// backtracking at the start, for a route that always matches (its cost
// was within the noise of the start's measures, docs/speed.md).
// Call it after Guard, which may repair the page's address.
// Registering twice is harmless: the first matching route wins.
func Routes() {
	newTester := func() app.Composer { return &Tester{work: takePrepared()} }
	var u *url.URL
	if app.IsClient {
		u = dom.URL()
	}
	if u == nil {
		routeAll(newTester)
		return
	}
	app.Route("/", newTester)
	if p := routePath(u.Path, app.Getenv("GOAPP_ROOT_PREFIX")); p != "/" {
		app.Route(p, newTester)
	}
}

// routePath returns the route go-app looks up for the page's path under
// prefix: the path without the prefix, starting with "/".
func routePath(path, prefix string) string {
	p := strings.TrimPrefix(path, prefix)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}

// Prepare does, in the browser, the tester's work that would otherwise be
// done in the task of go-app's start and first render, the start's
// longest: the catalogue of crawlers read (a test's user-agent string
// needs it), a few records a task, then the example's first analysis (the
// Tester the route makes takes it: takePrepared), in tasks of its own.
// On a phone each of them was 30 to 60 ms more in that task. Call it after
// Guard, before go-app starts.
func Prepare() {
	if !app.IsClient {
		return
	}
	pause := pacer()
	model.PrepareCrawlers(pause)
	dom.WaitForBrowser()
	prepared = session.New(nil, nil, model.Example())
	dom.WaitForBrowser()
}

// prepared is the session Prepare made, until the page's Tester takes it.
var prepared *session.Session

// takePrepared returns the session Prepare made, once; nil when there is
// none (natively, or taken already).
func takePrepared() *session.Session {
	s := prepared
	prepared = nil
	return s
}
