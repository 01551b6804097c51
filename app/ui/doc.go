// Package ui is the tester's page: the Tester, which applies the user's
// edits to the session (app/internal/session) and shows their effects, the
// page drawn from the session's state with the components of app/ui/results,
// app/ui/panel and app/ui/widget wired to it, the start (mount.go), the
// arrival of links and saved work, the editor's binding, the embed mode and
// go-app's routes.
//
// Everything that computes something lives in app/model and the
// session, tested natively; every reach into the page outside go-app's
// drawing is in app/ui/dom. Nothing a user types is ever inserted as
// markup: text goes through app.Text, attribute values and textarea
// values, never app.Raw.
package ui
