package dom

import (
	"net/url"
	"testing"
)

func TestRepairURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://x.example/#%E0%A4%A", "https://x.example/#%E0%A4%25A"},
		{"https://x.example/?a=%ZZ&b=%", "https://x.example/?a=%25ZZ&b=%25"},
		{"https://x.example/#s=abc", "https://x.example/#s=abc"},
		{"https://x.example/%41%", "https://x.example/%41%25"},
	} {
		got := RepairURL(c.in)
		if got != c.want {
			t.Errorf("RepairURL(%q) = %q, want %q", c.in, got, c.want)
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Errorf("%q does not parse: %v", got, err)
			continue
		}
		if _, err := url.ParseQuery(u.RawQuery); err != nil {
			t.Errorf("%q: query does not parse: %v", got, err)
		}
	}
}
