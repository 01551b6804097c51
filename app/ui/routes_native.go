//go:build !js

package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// routeAll has every path draw the page: building the site, where go-app
// asks for the paths it prerenders.
func routeAll(page func() app.Composer) { app.RouteWithRegexp("^/.*", page) }
