// Package docs holds the tests of the project's Markdown documentation
// (README.md and docs/): every relative link points at a file, and at a
// heading of it when it names one, and every Go block of a guide is the
// body of an Example function that go test runs.
//
// It has no code of its own; the command line's transcripts are tested
// beside the command (robots/cmd/robotstxt, TestDocs).
package docs
