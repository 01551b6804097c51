package sitework

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unsafe"

	"robotstester/app/sitemsg"
)

// The panel's binary form of what a SiteURLs holds (AppendState, Load),
// or of a share of it (the helper worker's: the second half of each set),
// all numbers unsigned varints:
//
//	"RTSU" 2        the form and its format's number
//	version
//	base            a byte, 1 when there is one; then its text
//	sources         their number; for each its name, kind, URLs, error
//	                and repeats (format 1, which Load reads too, has none)
//	notes           their number; each a string
//	submitted       a set
//	listed          a set
//	requests        a set of their targets; the user-agent strings (their
//	                number, each a string); then each request's string
//	                (its index) and status, and (format 3) its address's
//	                family (0, 4 or 6) and bytes (none, 4 or 16) and its
//	                day (its number since 1970 plus 1; 0 for none)
//
// A string is its length and its bytes. A set is its number of URLs, the
// length of each, then their bytes one after another, as a URLSet's blocks
// hold them: encoding one is mostly copies of its blocks, a few dozen for
// a million URLs.
const stateMagic = "RTSU\x03"

// stateMagicV1 begins the format before the sources' repeats, and
// stateMagicV2 the one before the requests' addresses and days: URLs
// kept by an older page are read back.
const (
	stateMagicV1 = "RTSU\x01"
	stateMagicV2 = "RTSU\x02"
)

// ErrState is what Load returns for bytes that are not what AppendState
// writes: cut short, changed, or of another format.
var ErrState = errors.New("not the panel's URLs in their binary form")

// AppendState appends to b everything s holds (its URLs and requests, the
// sources and notes, the base and the version) in the panel's binary
// form, for Load to read back. What a Clear dropped is not in it.
func (s *SiteURLs) AppendState(b []byte) []byte {
	h, version := s.view()
	return h.appendTo(b, version, h.whole())
}

// StateSize returns about how many bytes AppendState would append: at
// least as many.
func (s *SiteURLs) StateSize() int {
	h, _ := s.view()
	return h.size(h.whole())
}

// appendShare appends to b the helper's share of what s holds: the
// second half of each set, with the base and the version (not the
// sources and notes: the helper only counts). It returns the version,
// and false, with b as it was, when the share would take more than most
// bytes.
func (s *SiteURLs) appendShare(b []byte, most int) ([]byte, int, bool) {
	h, version := s.view()
	_, second := h.whole().halves()
	h.sources, h.notes = nil, nil
	if h.size(second) > most {
		return b, version, false
	}
	return h.appendTo(b, version, second), version, true
}

// size returns about how many bytes the share sh of h takes in the
// binary form, at most.
func (h *held) size(sh share) int {
	size := len(stateMagic) + 2*binary.MaxVarintLen64 + len(h.baseText) + 27*sh.requests.len()
	for _, src := range h.sources {
		size += len(src.Name) + len(src.Kind) + len(src.Error) + 5*binary.MaxVarintLen64
	}
	for _, n := range h.notes {
		size += len(n) + binary.MaxVarintLen64
	}
	for _, a := range h.requests.agents {
		size += len(a) + binary.MaxVarintLen64
	}
	for _, x := range []struct {
		s  *URLSet
		sp span
	}{{&h.submitted, sh.submitted}, {&h.listed, sh.listed}, {&h.requests.URLs, sh.requests}} {
		size += 3*x.sp.len() + binary.MaxVarintLen64
		x.s.runs(x.sp, func(run []byte) { size += len(run) })
	}
	return size
}

// appendTo appends the share sh of h, at version, in the binary form.
func (h *held) appendTo(b []byte, version int, sh share) []byte {
	b = slices.Grow(b, h.size(sh))
	b = append(b, stateMagic...)
	b = binary.AppendUvarint(b, uint64(version))
	if h.hasBase {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = appendString(b, h.baseText)
	b = binary.AppendUvarint(b, uint64(len(h.sources)))
	for _, src := range h.sources {
		b = appendString(appendString(b, src.Name), src.Kind)
		b = appendString(binary.AppendUvarint(b, uint64(src.URLs)), src.Error)
		b = binary.AppendUvarint(b, uint64(src.Repeats))
	}
	b = binary.AppendUvarint(b, uint64(len(h.notes)))
	for _, n := range h.notes {
		b = appendString(b, n)
	}
	b = h.submitted.appendSpan(b, sh.submitted)
	b = h.listed.appendSpan(b, sh.listed)
	r := &h.requests
	b = r.URLs.appendSpan(b, sh.requests)
	b = binary.AppendUvarint(b, uint64(len(r.agents)))
	for _, a := range r.agents {
		b = appendString(b, a)
	}
	for i := sh.requests.from; i < sh.requests.to; i++ {
		b = binary.AppendUvarint(binary.AppendUvarint(b, uint64(r.agent[i])), uint64(r.status[i]))
		b = append(b, r.fam[i])
		switch r.fam[i] {
		case 4:
			b = append(b, r.ip[i][:4]...)
		case 6:
			b = append(b, r.ip[i][:]...)
		}
		b = binary.AppendUvarint(b, uint64(r.day[i]))
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// appendSpan appends the URLs sp of s: their number, their lengths, then
// their bytes.
func (s *URLSet) appendSpan(b []byte, sp span) []byte {
	b = binary.AppendUvarint(b, uint64(sp.len()))
	for i := sp.from; i < sp.to; i++ {
		_, off, end := s.place(i)
		b = binary.AppendUvarint(b, uint64(end-off))
	}
	s.runs(sp, func(run []byte) { b = append(b, run...) })
	return b
}

// runs hands fn the bytes of the URLs sp of s, a run of a block at a
// time: within a block, URLs follow one another.
func (s *URLSet) runs(sp span, fn func([]byte)) {
	for i := sp.from; i < sp.to; {
		blk, off, _ := s.place(i)
		j := i + 1
		for j < sp.to && s.pos[j]>>urlBlockShift == blk {
			j++
		}
		_, _, end := s.place(j - 1)
		fn(s.blocks[blk][off:end])
		i = j
	}
}

// Load replaces what s holds with the state b holds (AppendState's, or
// the helper's share), version and all: what a Clear dropped is gone, and
// the readings under way stop. When b is not such a state, Load returns
// why (an ErrState), and s holds what it held.
func (s *SiteURLs) Load(b []byte) error {
	h, version, err := decodeState(b)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.held, s.dropped, s.version = h, nil, version
	s.cleared++
	return nil
}

// LoadIfEmpty is Load when s holds nothing, no source read nor being
// read; otherwise it leaves s as it is and reports false.
func (s *SiteURLs) LoadIfEmpty(b []byte) (bool, error) {
	h, version, err := decodeState(b)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.total() > 0 || len(s.sources) > 0 {
		return false, nil
	}
	s.held, s.dropped, s.version = h, nil, max(version, s.version+1)
	s.cleared++
	return true, nil
}

// Empty reports whether s holds no URL and no source.
func (s *SiteURLs) Empty() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total() == 0 && len(s.sources) == 0
}

// decodeState reads the binary form: what it holds, and its version.
func decodeState(b []byte) (held, int, error) {
	var h held
	v1 := strings.HasPrefix(string(b), stateMagicV1)
	v2 := strings.HasPrefix(string(b), stateMagicV2)
	if !v1 && !v2 && !strings.HasPrefix(string(b), stateMagic) {
		return h, 0, fmt.Errorf("%w: it does not begin as they do", ErrState)
	}
	d := &decoder{b: b[len(stateMagic):]}
	version := d.uvarint()
	if version > math.MaxInt32 {
		d.fail("its version is out of range")
	}
	switch d.byte() {
	case 0:
	case 1:
		h.hasBase = true
	default:
		d.fail("the base is neither there nor not")
	}
	h.baseText = d.str()
	for range d.count("sources") {
		var src sitemsg.Source
		src.Name = d.str()
		src.Kind = d.str()
		src.URLs = d.int()
		src.Error = d.str()
		if !v1 {
			src.Repeats = d.int()
		}
		h.sources = append(h.sources, src)
	}
	for range d.count("notes") {
		h.notes = append(h.notes, d.str())
	}
	d.set(&h.submitted)
	d.set(&h.listed)
	r := &h.requests
	d.set(&r.URLs)
	for range d.count("user-agent strings") {
		r.agents = append(r.agents, d.str())
	}
	r.index = map[string]uint32{}
	for i, a := range r.agents {
		if _, ok := r.index[a]; !ok {
			r.index[a] = uint32(i)
		}
	}
	for range r.URLs.Len() {
		agent, status := d.uvarint(), d.uvarint()
		if agent >= uint64(len(r.agents)) || status > 999 {
			d.fail("a request's user-agent string or status is out of range")
			break
		}
		r.agent = append(r.agent, uint32(agent))
		r.status = append(r.status, uint16(status))
		var fam uint8
		var ip [16]byte
		var day uint64
		if !v1 && !v2 {
			switch fam = d.byte(); fam {
			case 0:
			case 4:
				copy(ip[:], d.bytes(4))
			case 6:
				copy(ip[:], d.bytes(16))
			default:
				d.fail("a request's address is of no family")
			}
			if day = d.uvarint(); day >= 1<<32 {
				d.fail("a request's day is out of range")
			}
		}
		r.fam = append(r.fam, fam)
		r.ip = append(r.ip, ip)
		r.day = append(r.day, uint32(day))
	}
	if d.err == nil && len(d.b) > 0 {
		d.fail("bytes follow its end")
	}
	if d.err != nil {
		return held{}, 0, d.err
	}
	return h, int(version), nil
}

// A decoder reads the binary form; its first error stays, and what it
// reads after one is zero.
type decoder struct {
	b   []byte
	err error
	// urls counts the URLs and requests read, which must stay within
	// MaxSiteURLs.
	urls int
}

func (d *decoder) fail(why string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %s", ErrState, why)
	}
	d.b = nil
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("it is cut short")
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if len(d.b) == 0 {
		d.fail("it is cut short")
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// int reads a number that is an int.
func (d *decoder) int() int {
	v := d.uvarint()
	if v > math.MaxInt32 {
		d.fail("a number is out of range")
		return 0
	}
	return int(v)
}

// count reads the number of things that follow, each at least a byte
// long: never more than the bytes left, so that a number changed does not
// have the decoder make room for billions.
func (d *decoder) count(what string) int {
	v := d.uvarint()
	if v > uint64(len(d.b)) {
		d.fail("it has more " + what + " than bytes")
		return 0
	}
	return int(v)
}

// bytes reads the next n bytes.
func (d *decoder) bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n > len(d.b) {
		d.fail("it is cut short")
		return nil
	}
	p := d.b[:n]
	d.b = d.b[n:]
	return p
}

func (d *decoder) str() string { return string(d.bytes(d.count("bytes in a string"))) }

// set reads a set into s, which is empty.
func (d *decoder) set(s *URLSet) {
	n := d.count("URLs")
	if d.urls += n; d.urls > MaxSiteURLs {
		d.fail(fmt.Sprintf("it holds more than %d URLs", MaxSiteURLs))
		return
	}
	// The lengths are read twice: once to find the bytes, then to cut
	// them into URLs.
	lengths := d.b
	size := 0
	for range n {
		l := d.uvarint()
		if l >= urlBlock {
			d.fail("a URL is longer than a block")
			return
		}
		size += int(l)
	}
	data := d.bytes(size)
	if d.err != nil || n == 0 {
		return
	}
	s.pos = make([]uint32, 0, n)
	for range n {
		l, k := binary.Uvarint(lengths)
		lengths = lengths[k:]
		// Add copies the bytes: the string is theirs only meanwhile.
		s.Add(unsafe.String(unsafe.SliceData(data), int(l)))
		data = data[l:]
	}
}
