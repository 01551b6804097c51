package share

import (
	"bytes"
	"encoding/csv"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"robotstester/app/internal/csvrow"
)

// TestCSVAgainstEncodingCSV checks the small CSV writer and reader against
// the standard library's, on random records.
func TestCSVAgainstEncodingCSV(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "b c", ",", `"`, "\n", "\r\n", " x", "ü", "", "https://e.com/a?b=c,d"}
	for n := 0; n < 2000; n++ {
		var records [][]string
		for r := rng.IntN(5) + 1; r > 0; r-- {
			var rec []string
			for f := rng.IntN(4) + 1; f > 0; f-- {
				var b strings.Builder
				for k := rng.IntN(4); k > 0; k-- {
					b.WriteString(pieces[rng.IntN(len(pieces))])
				}
				rec = append(rec, b.String())
			}
			if len(rec) == 1 && rec[0] == "" {
				rec[0] = "x" // encoding/csv skips empty lines
			}
			records = append(records, rec)
		}
		var ours bytes.Buffer
		for _, rec := range records {
			csvrow.Write(&ours, rec)
		}
		cr := csv.NewReader(bytes.NewReader(ours.Bytes()))
		cr.FieldsPerRecord = -1
		got, err := cr.ReadAll()
		if err != nil {
			t.Fatalf("encoding/csv cannot read %q: %v", ours.String(), err)
		}
		normalize := func(rs [][]string) [][]string {
			// encoding/csv reads \r\n inside quotes as \n.
			out := make([][]string, len(rs))
			for i, r := range rs {
				out[i] = make([]string, len(r))
				for j, f := range r {
					out[i][j] = strings.ReplaceAll(f, "\r\n", "\n")
				}
			}
			return out
		}
		if !reflect.DeepEqual(normalize(got), normalize(records)) {
			t.Fatalf("wrote %q, read back %q", records, got)
		}
		var std bytes.Buffer
		w := csv.NewWriter(&std)
		w.WriteAll(records)
		var firsts []string
		for _, r := range records {
			firsts = append(firsts, strings.ReplaceAll(r[0], "\r\n", "\n"))
		}
		if got := normalize([][]string{firstColumns(std.String())})[0]; !reflect.DeepEqual(got, firsts) {
			t.Fatalf("first columns of %q: %q, want %q", std.String(), got, firsts)
		}
	}
}
