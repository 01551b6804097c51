package csvrow

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"testing"
)

// Cell's guard, and Write as encoding/csv reads it.

func TestCellGuardsFormulas(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/a", "/a"},
		{"", ""},
		{"=1+1", "'=1+1"},
		{"+1", "'+1"},
		{"-1", "'-1"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{" =1+1", "' =1+1"},
		{"\n=1+1", "'\n=1+1"},
		{"\r\n  @x", "'\r\n  @x"},
		{"\tx", "'\tx"},
		{" /a b", " /a b"},
	} {
		if got := Cell(c.in); got != c.want {
			t.Errorf("Cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestWriteReadsBack: what Write writes, encoding/csv reads as it was
// given, quotes, commas, line breaks and leading spaces included.
func TestWriteReadsBack(t *testing.T) {
	rec := []string{"a", "", "b,c", `say "hi"`, "line\nbreak", " lead", "\ttab", "ü"}
	var b bytes.Buffer
	Write(&b, rec)
	Write(&b, rec[:1])
	r := csv.NewReader(&b)
	r.FieldsPerRecord = -1
	got, err := r.ReadAll()
	if err != nil || len(got) != 2 || fmt.Sprint(got[0]) != fmt.Sprint(rec) || got[1][0] != "a" {
		t.Errorf("read back %q (%v), want %q", got, err, rec)
	}
}

func ExampleWrite() {
	var b bytes.Buffer
	Write(&b, []string{"url", "rule"})
	Write(&b, []string{"https://example.com/a,b", Cell("=HYPERLINK(\"x\")")})
	fmt.Print(b.String())
	// Output:
	// url,rule
	// "https://example.com/a,b","'=HYPERLINK(""x"")"
}
