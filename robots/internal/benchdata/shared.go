package benchdata

import (
	"testing"

	"robotstester/internal/shared"
)

// SharedDir finds a folder of the project's shared data (see shared.Dir).
func SharedDir(t testing.TB, sub string) string {
	t.Helper()
	return shared.Dir(t, sub)
}
