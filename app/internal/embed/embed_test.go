package embed

import (
	"net/url"
	"reflect"
	"regexp"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		query string
		want  Options
	}{
		{"", Options{}},
		{"readonly=1&panels=why", Options{}}, // not embedded: no options
		{"embed=1", Options{On: true, Panels: DefaultPanels}},
		{"embed=true&readonly=1", Options{On: true, ReadOnly: true, Panels: DefaultPanels}},
		{"embed=1&panels=why,%20File,bogus,why", Options{On: true, Panels: []string{Why, File}}},
		{"embed=1&panels=bogus", Options{On: true, Panels: DefaultPanels}},
		{"embed=1&height=480", Options{On: true, Panels: DefaultPanels, Height: 480}},
		{"embed=1&height=480px", Options{On: true, Panels: DefaultPanels, Height: 480}},
		{"embed=1&height=5", Options{On: true, Panels: DefaultPanels, Height: MinHeight}},
		{"embed=1&height=99999999", Options{On: true, Panels: DefaultPanels, Height: MaxHeight}},
		{"embed=1&height=-4", Options{On: true, Panels: DefaultPanels}},
		{"embed=1&height=tall", Options{On: true, Panels: DefaultPanels}},
		{"embed=0", Options{}},
	} {
		q, _ := url.ParseQuery(tt.query)
		if got := Parse(q); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.query, got, tt.want)
		}
	}
}

func TestFullURL(t *testing.T) {
	for _, tt := range []struct{ in, frag, want string }{
		{"https://h.example/?embed=1#s=old", "s=new", "https://h.example/#s=new"},
		{"https://h.example/sub/path/?embed=1&readonly=1&panels=why&height=300&lang=fr#x", "s=abc-_", "https://h.example/sub/path/?lang=fr#s=abc-_"},
		{"http://127.0.0.1:8000/index.html?embed=1", "s=z", "http://127.0.0.1:8000/index.html#s=z"},
	} {
		u, err := url.Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := FullURL(u, tt.frag); got != tt.want {
			t.Errorf("FullURL(%s) = %s, want %s", tt.in, got, tt.want)
		}
		if got := PageURL(u); got != tt.in[:len(tt.in)-len(u.Fragment)-len("#")] && u.Fragment != "" {
			t.Errorf("PageURL(%s) = %s", tt.in, got)
		}
	}
}

// TestQueryPattern: the page's script and Parse agree on when the embed
// mode is on.
func TestQueryPattern(t *testing.T) {
	re := regexp.MustCompile(QueryPattern)
	for _, q := range []string{
		"embed=1", "embed=true", "embed=Yes", "embed=TRUE", "EMBED=1", "embed=on&readonly=1", "readonly=1&embed=1", "a=b&embed=1&c=d",
		"", "embed=0", "embed=", "embed=10", "xembed=1", "embed=1x", "embed=no", "readonly=1",
	} {
		v, _ := url.ParseQuery(q)
		if got, want := re.MatchString("?"+q), Parse(v).On; got != want {
			t.Errorf("?%s: the pattern says %v, Parse %v", q, got, want)
		}
	}
}
