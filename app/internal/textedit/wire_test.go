package textedit

import (
	"encoding/json"
	"reflect"
	"testing"
)

// sameJSON fails unless got and want read back as the same JSON value.
func sameJSON(t *testing.T, what string, got []byte, want any) {
	t.Helper()
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var g, v any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %s is not JSON: %v", what, got, err)
	}
	if err := json.Unmarshal(w, &v); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, v) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, w)
	}
}

// strangeStrings are texts a file's lines and findings may carry.
var strangeStrings = []string{"", "plain", `quote " and \ backslash`, "line\nbreak\r\ttab", "\x00\x01\x1f\x7f",
	"café ✓ 🤖", "bad \xff utf-8 \xc3", "\u2028\u2029", "<script>&amp;</script>"}

// TestWireAgrees holds the hand-written JSON to what encoding/json writes
// from the struct tags.
func TestWireAgrees(t *testing.T) {
	for _, s := range strangeStrings {
		lines := []LineMark{{}, {Kind: s}, {Kind: "disallow", Group: true, Deciding: true, Note: s}, {Group: true}, {Note: s}}
		sameJSON(t, "line marks", AppendLineMarks(nil, lines), lines)
		finds := []FindingMark{{Line: 3, Severity: "error", Message: s}, {}}
		sameJSON(t, "finding marks", AppendFindingMarks(nil, finds), finds)
		for _, f := range []Findings{{}, {All: true, Marks: AppendFindingMarks(nil, finds)}} {
			sameJSON(t, "findings", f.AppendJSON(nil), f)
		}
		for _, p := range []Push{{}, {Verdicts: "ab", Allowed: s, Blocked: s, Seq: -1, First: 2, Last: 9,
			Lines: AppendLineMarks(nil, lines), Findings: &Findings{Marks: AppendFindingMarks(nil, finds)}}} {
			sameJSON(t, "push", p.AppendJSON(nil), p)
		}
	}
	sameJSON(t, "no line marks", AppendLineMarks(nil, nil), []LineMark{})
	sameJSON(t, "no finding marks", AppendFindingMarks(nil, nil), []FindingMark{})
}

// FuzzWireString holds appendString to encoding/json on any text.
func FuzzWireString(f *testing.F) {
	for _, s := range strangeStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameJSON(t, "string", appendString(nil, s), s)
	})
}
