package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"slices"
	"strings"
	"time"
)

// Bounds of a published address list. The largest lists published (Google's
// and Bing's) are some tens of kilobytes and a few hundred prefixes.
const (
	// MaxListBytes is the largest list ParseList reads; a larger one is
	// an error rather than a list cut short, which would call forged
	// the addresses past the cut.
	MaxListBytes = 2 << 20
	// MaxPrefixes is the most prefixes a list may hold.
	MaxPrefixes = 100_000
	// maxSkippedTexts is how many skipped prefixes a List keeps as text.
	maxSkippedTexts = 5
)

// A List is an operator's published address list, in the form Google,
// Bing, OpenAI and Perplexity publish:
//
//	{"creationTime": "2026-11-30T15:46:03.000000",
//	 "prefixes": [{"ipv4Prefix": "66.249.64.0/27"}, {"ipv6Prefix": "2001:4860:4801:10::/64"}]}
type List struct {
	// CreationTime is the list's creationTime as written; "" when it
	// has none.
	CreationTime string
	// Created is CreationTime read as a time (UTC when it gives no
	// offset); the zero Time when it cannot be read.
	Created time.Time
	// Skipped is how many entries of prefixes were not read: not a
	// prefix, or of the other family than their key says.
	Skipped int
	// SkippedTexts are the first few skipped entries, as written.
	SkippedTexts []string

	prefixes []netip.Prefix // as read, masked, for Prefixes
	v4, v6   []span         // merged and sorted, for Contains
}

// A span is the addresses from lo to hi, both included, of one family.
type span struct{ lo, hi netip.Addr }

// listJSON is the published form; the fields are kept raw so that one
// odd entry is skipped rather than failing the whole list.
type listJSON struct {
	CreationTime json.RawMessage   `json:"creationTime"`
	Prefixes     []json.RawMessage `json:"prefixes"`
}

type prefixJSON struct {
	IPv4 *string `json:"ipv4Prefix"`
	IPv6 *string `json:"ipv6Prefix"`
}

// ParseList reads a published address list. A body that is not a JSON
// object with a prefixes array, that is larger than MaxListBytes or that
// holds more than MaxPrefixes prefixes is an error; an entry that is no
// prefix is counted in Skipped and passed over.
func ParseList(r io.Reader) (*List, error) {
	body, err := io.ReadAll(io.LimitReader(r, MaxListBytes+1))
	if err != nil {
		return nil, err
	}
	if len(body) > MaxListBytes {
		return nil, fmt.Errorf("address list larger than %d bytes: not read", MaxListBytes)
	}
	var raw listJSON
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, fmt.Errorf("not an address list (a JSON object with a prefixes array): %w", err)
	}
	if raw.Prefixes == nil {
		if !hasKey(body, "prefixes") {
			return nil, errors.New("not an address list: no prefixes array")
		}
		raw.Prefixes = []json.RawMessage{} // "prefixes": null or []
	}
	if len(raw.Prefixes) > MaxPrefixes {
		return nil, fmt.Errorf("address list of %d prefixes, more than %d: not read", len(raw.Prefixes), MaxPrefixes)
	}
	l := &List{}
	var s string
	if json.Unmarshal(raw.CreationTime, &s) == nil {
		l.CreationTime = s
		l.Created = parseCreated(s)
	}
	for _, e := range raw.Prefixes {
		p, ok := readPrefix(e)
		if !ok {
			l.skip(string(e))
			continue
		}
		l.prefixes = append(l.prefixes, p)
	}
	l.v4, l.v6 = spans(l.prefixes, true), spans(l.prefixes, false)
	return l, nil
}

// hasKey reports whether the JSON object body has the top-level key.
func hasKey(body []byte, key string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	_, ok := m[key]
	return ok
}

// readPrefix reads one entry of prefixes: an object with an ipv4Prefix
// holding an IPv4 prefix or an ipv6Prefix holding an IPv6 one.
func readPrefix(e json.RawMessage) (netip.Prefix, bool) {
	var pj prefixJSON
	if json.Unmarshal(e, &pj) != nil || (pj.IPv4 == nil) == (pj.IPv6 == nil) {
		return netip.Prefix{}, false
	}
	text, v4 := pj.IPv6, false
	if pj.IPv4 != nil {
		text, v4 = pj.IPv4, true
	}
	p, err := netip.ParsePrefix(strings.TrimSpace(*text))
	if err != nil || p.Addr().Zone() != "" || p.Addr().Is4() != v4 {
		return netip.Prefix{}, false
	}
	return p.Masked(), true
}

func (l *List) skip(text string) {
	l.Skipped++
	if len(l.SkippedTexts) < maxSkippedTexts {
		if len(text) > 100 {
			text = text[:100] + "…"
		}
		l.SkippedTexts = append(l.SkippedTexts, text)
	}
}

// createdLayouts are the forms of creationTime seen in published lists:
// RFC 3339, and Google's and Bing's local form with microseconds and no
// offset. Fractional seconds are read whatever the layout says.
var createdLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05"}

func parseCreated(s string) time.Time {
	for _, layout := range createdLayouts {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t
		}
	}
	return time.Time{}
}

// spans returns the addresses of the prefixes of one family as sorted
// spans, overlapping and adjacent ones merged.
func spans(prefixes []netip.Prefix, v4 bool) []span {
	var out []span
	for _, p := range prefixes {
		if p.Addr().Is4() == v4 {
			out = append(out, span{p.Addr(), lastAddr(p)})
		}
	}
	slices.SortFunc(out, func(a, b span) int { return a.lo.Compare(b.lo) })
	merged := out[:0]
	for _, s := range out {
		if n := len(merged); n > 0 {
			last := &merged[n-1]
			if next := last.hi.Next(); s.lo.Compare(last.hi) <= 0 || next.IsValid() && s.lo == next {
				if s.hi.Compare(last.hi) > 0 {
					last.hi = s.hi
				}
				continue
			}
		}
		merged = append(merged, s)
	}
	return slices.Clip(merged)
}

// lastAddr returns the last address of the masked prefix p.
func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// Contains reports whether the list holds the address; an IPv4-mapped
// IPv6 address is looked up as the IPv4 address it maps.
func (l *List) Contains(a netip.Addr) bool {
	if l == nil || !a.IsValid() {
		return false
	}
	a = a.Unmap().WithZone("")
	ss := l.v6
	if a.Is4() {
		ss = l.v4
	}
	// The last span starting at or before a is the only one that can
	// hold it: the spans do not overlap.
	i, _ := slices.BinarySearchFunc(ss, a, func(s span, a netip.Addr) int {
		if s.lo.Compare(a) <= 0 {
			return -1
		}
		return 1
	})
	return i > 0 && a.Compare(ss[i-1].hi) <= 0
}

// Len returns how many prefixes the list holds, skipped ones left out.
func (l *List) Len() int {
	if l == nil {
		return 0
	}
	return len(l.prefixes)
}

// Prefixes returns the list's prefixes in the order published, masked.
func (l *List) Prefixes() []netip.Prefix {
	if l == nil {
		return nil
	}
	return slices.Clone(l.prefixes)
}

// ByList checks an address against the list of the crawler it claims:
// Verified inside, Forged outside. Without a list, with a list that
// holds no prefix, or without a valid address, it is Unverified.
func ByList(l *List, a netip.Addr) Status {
	if l.Len() == 0 || !a.IsValid() {
		return Unverified
	}
	if l.Contains(a) {
		return Verified
	}
	return Forged
}
