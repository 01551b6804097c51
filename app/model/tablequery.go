package model

import "strings"

// The table's controls: the choices of filter, order and grouping, and the
// query they make.

// Choice is one option of a control: the value it sends and its title.
type Choice struct{ Value, Title string }

// crawlerPrefix starts the filter control's value of a one-crawler filter.
const crawlerPrefix = "crawler:"

// FilterChoices returns the options of the filter control: the four
// filters, then one per crawler token of tokens (value "crawler:TOKEN").
func FilterChoices(tokens []string) []Choice {
	out := []Choice{
		{"all", "All tests"},
		{string(ShowBlocked), "Blocked only"},
		{string(ShowAllowed), "Allowed only"},
		{string(ShowDisagree), "Readings disagree"},
		{string(ShowBroken), "Expectations broken"},
	}
	for _, tok := range tokens {
		out = append(out, Choice{crawlerPrefix + tok, "Only " + tok})
	}
	return out
}

// FilterValue returns the filter control's value for q. No control value
// is empty: an option without one would send its title.
func (q TableQuery) FilterValue() string {
	switch q.Filter {
	case ShowCrawler:
		return crawlerPrefix + q.Crawler
	case ShowAll:
		return "all"
	}
	return string(q.Filter)
}

// SortValue returns the order control's value for q.
func (q TableQuery) SortValue() string {
	if q.Sort == SortEntered {
		return "entered"
	}
	return string(q.Sort)
}

// GroupValue returns the grouping control's value for q.
func (q TableQuery) GroupValue() string {
	if q.Group == GroupNone {
		return "none"
	}
	return string(q.Group)
}

// WithFilter returns q with the filter of a filter control's value (see
// FilterChoices); an unknown value shows every test.
func (q TableQuery) WithFilter(value string) TableQuery {
	q.Crawler = ""
	switch f := Filter(value); f {
	case ShowBlocked, ShowAllowed, ShowDisagree, ShowBroken:
		q.Filter = f
	default:
		if tok, ok := strings.CutPrefix(value, crawlerPrefix); ok && tok != "" {
			q.Filter, q.Crawler = ShowCrawler, tok
		} else {
			q.Filter = ShowAll
		}
	}
	return q
}

// SortChoices returns the options of the order control.
func SortChoices() []Choice {
	return []Choice{
		{"entered", "As entered"},
		{string(SortCrawler), "Crawler"},
		{string(SortURL), "URL"},
		{string(SortVerdict), "Verdict (blocked first)"},
		{string(SortLine), "Deciding line"},
	}
}

// WithSort returns q in the order of an order control's value; an
// unknown value is the order of entry.
func (q TableQuery) WithSort(value string) TableQuery {
	switch k := SortKey(value); k {
	case SortCrawler, SortURL, SortVerdict, SortLine:
		q.Sort = k
	default:
		q.Sort = SortEntered
	}
	return q
}

// GroupChoices returns the options of the grouping control.
func GroupChoices() []Choice {
	return []Choice{
		{"none", "No groups"},
		{string(GroupURL), "URL"},
		{string(GroupCrawler), "Crawler"},
	}
}

// WithGroup returns q grouped by a grouping control's value; an unknown
// value is no groups.
func (q TableQuery) WithGroup(value string) TableQuery {
	switch k := GroupKey(value); k {
	case GroupURL, GroupCrawler:
		q.Group = k
	default:
		q.Group = GroupNone
	}
	return q
}
