//go:build js

package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// routeAll has the root draw the page, when the page's address cannot be
// read. In the browser no route is a regular expression: compiling one
// would link the regexp parser into app.wasm, about 40 KB brotli for a
// route that always matches.
func routeAll(page func() app.Composer) { app.Route("/", page) }
