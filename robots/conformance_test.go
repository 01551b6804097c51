package robots_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"robotstester/robots"
)

// conformanceCase is one robots.txt body of Google's compliance suite.
type conformanceCase struct {
	File         string `json:"file"`
	Test         int    `json:"test"`
	Body         []byte `json:"robotstxt_b64"`
	Expectations []struct {
		URL         string `json:"url"`
		Agent       string `json:"agent"`
		Allowed     bool   `json:"allowed"`
		Explanation string `json:"explanation"`
	} `json:"expectations"`
}

func loadConformance(t testing.TB) []conformanceCase {
	data, err := os.ReadFile(filepath.Join(sharedDir(t, "conformance"), "google-correctness.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []conformanceCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestGoogleConformance runs every expectation of Google's compliance
// suite (correctness part) against Check.
func TestGoogleConformance(t *testing.T) {
	cases := loadConformance(t)
	n := 0
	for _, c := range cases {
		f := robots.Parse(c.Body)
		for _, e := range c.Expectations {
			n++
			v := f.Check(e.Agent, e.URL)
			if v.Allowed != e.Allowed {
				t.Errorf("%s #%d: Check(%q, %q) allowed = %v, want %v\n%s\nrobots.txt:\n%s",
					c.File, c.Test, e.Agent, e.URL, v.Allowed, e.Allowed, e.Explanation, c.Body)
			}
		}
	}
	if n != 146 {
		t.Errorf("ran %d expectations, want 146", n)
	}
}
