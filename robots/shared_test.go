package robots_test

import (
	"testing"

	"robotstester/robots/internal/benchdata"
)

func sharedDir(t testing.TB, sub string) string {
	t.Helper()
	return benchdata.SharedDir(t, sub)
}
