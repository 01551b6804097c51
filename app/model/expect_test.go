package model

import "testing"

func TestExpectations(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /private/\n", Rows: []Row{
		{Agent: "Googlebot", URL: "/private/x", Expect: "blocked"},
		{Agent: "Googlebot", URL: "/private/y", Expect: " Allowed "}, // broken, cleaned
		{Agent: "Googlebot", URL: "/public", Expect: "maybe"},        // read as none
		{Agent: "Googlebot", URL: "/public"},
	}}
	a := Analyze(&s)
	if pinned, broken := a.Expectations(); pinned != 2 || broken != 1 {
		t.Errorf("pinned %d, broken %d; want 2, 1", pinned, broken)
	}
	if a.Rows[0].ExpectBroken() || !a.Rows[1].ExpectBroken() || a.Rows[2].Expect != "" || a.Rows[2].ExpectBroken() {
		t.Errorf("rows: %+v", a.Rows)
	}
	if got := PinFor(&a.Rows[3]); got != ExpectAllowed {
		t.Errorf("pin of an allowed test: %q", got)
	}
	if got := PinFor(&a.Rows[0]); got != "" {
		t.Errorf("pin of a pinned test: %q, want it taken off", got)
	}
	tb := NewTable(a, &s, TableQuery{Filter: ShowBroken})
	if tb.Pinned != 2 || tb.Broken != 1 || len(tb.Shown) != 1 || tb.Shown[0] != 1 {
		t.Errorf("table: pinned %d broken %d shown %v", tb.Pinned, tb.Broken, tb.Shown)
	}
	for _, tt := range []struct {
		pinned, broken int
		want           string
	}{{0, 0, ""}, {1, 0, "1 expectation holds"}, {3, 0, "3 expectations hold"}, {5, 2, "2 expectations broken of 5"}} {
		if got := ExpectCounts(tt.pinned, tt.broken); got != tt.want {
			t.Errorf("ExpectCounts(%d, %d) = %q, want %q", tt.pinned, tt.broken, got, tt.want)
		}
	}
	// A server answer changes the verdicts shown, not the file's: under
	// a 503 every test is blocked, and the expectations stand as they were.
	s.Answer = "503"
	a503 := Analyze(&s)
	if pinned, broken := a503.Expectations(); pinned != 2 || broken != 1 || a503.Rows[3].Allowed || PinFor(&a503.Rows[3]) != ExpectAllowed {
		t.Errorf("under 503: pinned %d, broken %d, pin %q", pinned, broken, PinFor(&a503.Rows[3]))
	}
	if got := ExpectText(&a.Rows[1]); got != "Expected allowed, but the file has it blocked (click to unpin)" {
		t.Errorf("ExpectText: %q", got)
	}
}
