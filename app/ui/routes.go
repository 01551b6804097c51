package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Routes registers the app's routes with go-app.
//
// The app has a single page, reached at every path: a catch-all route lets
// the same build work at the root of a site and under any subpath, where the
// browser asks for paths such as /sub/path/ or /sub/path/index.html.
// Registering twice is harmless: the first matching route wins.
func Routes() {
	app.RouteWithRegexp("^/.*", func() app.Composer { return &Tester{} })
}
