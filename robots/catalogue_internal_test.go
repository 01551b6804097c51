package robots

import (
	"reflect"
	"strings"
	"testing"
)

// TestFeaturedLookup checks that the featured crawlers, parsed alone for
// the page's first lookups (loadFeatured), are the whole catalogue's: every
// one, by its token and aliases, and nothing else.
func TestFeaturedLookup(t *testing.T) {
	featured := loadFeatured()
	want := 0
	for _, c := range loadCatalogue().crawlers {
		if !c.Featured {
			continue
		}
		for _, name := range append([]string{c.Token}, c.Aliases...) {
			want++
			got, ok := featured[strings.ToLower(name)]
			if !ok {
				t.Errorf("%s: not among the featured crawlers parsed alone", name)
				continue
			}
			if !reflect.DeepEqual(got, c) {
				t.Errorf("%s: parsed alone\n%+v\nwhole catalogue\n%+v", name, got, c)
			}
		}
	}
	if len(featured) != want || want == 0 {
		t.Errorf("%d names among the featured crawlers parsed alone, want %d", len(featured), want)
	}
}
