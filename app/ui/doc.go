// Package ui holds the go-app components of the robots.txt tester and the
// plain functions they call.
//
// Components only wire events to state and state to markup; everything that
// computes something lives in plain functions so that it can be tested with a
// native go test. Nothing a user types is ever inserted as markup: text goes
// through app.Text, attribute values and textarea values, never app.Raw.
package ui
