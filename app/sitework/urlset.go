package sitework

import (
	"hash/maphash"
	"net/netip"
	"time"
	"unsafe"

	"robotstester/app/sitemsg"
)

// MaxSiteURLs is the most URLs (and logged requests) the worker holds.
const MaxSiteURLs = sitemsg.MaxURLs

// urlBlockShift sets the size of a URLSet's blocks: a mebibyte each.
const (
	urlBlockShift = 20
	urlBlock      = 1 << urlBlockShift
)

// A URLSet holds many URLs compactly: their bytes one after another in
// blocks of a mebibyte, and one offset each. A million sitemap URLs are
// about 80 MB of text and 4 MB of offsets in a few dozen objects that
// hold no pointers, which the garbage collector marks at once; a million
// strings would be a million objects, and a slice of pointers to scan at
// every collection.
//
// A URLSet is only ever added to: a copy of it (its value) stays a view of
// the URLs it held then, which is how a coverage running in a goroutine
// reads the set while more is being read into it.
type URLSet struct {
	blocks [][]byte
	// pos holds each URL's block (the high bits) and its offset in it;
	// a URL ends where the next one of its block starts, or at the end of
	// the block's bytes.
	pos []uint32
	// ends holds the length of each block when the view was taken, so
	// that a URL added later to the last block does not lengthen the
	// view's last URL.
	ends []int
}

// Add appends u, and reports false when it is too long to keep (a
// mebibyte: no list or sitemap gives such lines).
func (s *URLSet) Add(u string) bool {
	if len(u) >= urlBlock {
		return false
	}
	n := len(s.blocks)
	if n == 0 || len(s.blocks[n-1])+len(u) >= urlBlock {
		s.blocks = append(s.blocks, make([]byte, 0, urlBlock))
		s.ends = append(s.ends, 0)
		n++
	}
	b := &s.blocks[n-1]
	s.pos = append(s.pos, uint32(n-1)<<urlBlockShift|uint32(len(*b)))
	*b = append(*b, u...)
	s.ends[n-1] = len(*b)
	return true
}

// Len returns the number of URLs.
func (s *URLSet) Len() int { return len(s.pos) }

// At returns URL i. The string shares the set's memory, which is never
// written again: it stays valid, and costs no copy, which a coverage of a
// million URLs would otherwise make a million times.
func (s *URLSet) At(i int) string {
	blk, off, end := s.place(i)
	if end == off {
		return ""
	}
	return unsafe.String(&s.blocks[blk][off], end-off)
}

// place returns where URL i is: its block, and where its bytes begin and
// end in it.
func (s *URLSet) place(i int) (blk uint32, off, end int) {
	p := s.pos[i]
	blk, off = p>>urlBlockShift, int(p&(urlBlock-1))
	end = s.ends[blk]
	if i+1 < len(s.pos) && s.pos[i+1]>>urlBlockShift == blk {
		end = int(s.pos[i+1] & (urlBlock - 1))
	}
	return blk, off, end
}

// View returns a copy of s that later Adds to s do not change.
func (s *URLSet) View() URLSet {
	return URLSet{blocks: s.blocks[:len(s.blocks):len(s.blocks)], pos: s.pos[:len(s.pos):len(s.pos)], ends: append([]int(nil), s.ends...)}
}

// Requests are the requests of access logs, as compactly as a URLSet:
// each request's target, its user-agent string (an index into the
// distinct strings, of which a log has a few thousand), its status, the
// address it came from and its day: 24 bytes a request and no pointer,
// which the collector need not mark.
type Requests struct {
	URLs   URLSet
	agent  []uint32
	status []uint16
	// fam is each request's address family (0 when the log gave no
	// address, 4 or 6) and ip its bytes (an IPv4 address in the first
	// four); day is its day, its number since 1970 plus 1 (0: no time).
	fam    []uint8
	ip     [][16]byte
	day    []uint32
	agents []string
	index  map[string]uint32
}

// Add appends a request: its target, user-agent string and status, and
// the address and time the log gave it (zero values when none).
func (r *Requests) Add(url, agent string, status int, addr netip.Addr, at time.Time) bool {
	if !r.URLs.Add(url) {
		return false
	}
	i, ok := r.index[agent]
	if !ok {
		if r.index == nil {
			r.index = map[string]uint32{}
		}
		i = uint32(len(r.agents))
		r.agents = append(r.agents, agent)
		r.index[agent] = i
	}
	r.agent = append(r.agent, i)
	r.status = append(r.status, uint16(min(max(status, 0), 999)))
	var fam uint8
	var ip [16]byte
	switch {
	case addr.Is4():
		fam, ip = 4, [16]byte{}
		a4 := addr.As4()
		copy(ip[:], a4[:])
	case addr.Is6():
		fam, ip = 6, addr.As16()
	}
	r.fam = append(r.fam, fam)
	r.ip = append(r.ip, ip)
	r.day = append(r.day, dayOf(at))
	return true
}

// dayOf returns t's day as Requests keep it: its number since 1970 (UTC)
// plus 1, 0 for the zero time.
func dayOf(t time.Time) uint32 {
	if t.IsZero() {
		return 0
	}
	d := t.UTC().Unix() / 86400
	if d < 0 || d >= 1<<31 {
		return 0
	}
	return uint32(d) + 1
}

// Len returns the number of requests.
func (r *Requests) Len() int { return r.URLs.Len() }

// At returns request i: its target, user-agent string and status.
func (r *Requests) At(i int) (url, agent string, status int) {
	return r.URLs.At(i), r.agents[r.agent[i]], int(r.status[i])
}

// From returns where request i came from, the zero Addr when the log
// gave no address, and its day (its number since 1970, UTC), -1 when
// the log gave no time.
func (r *Requests) From(i int) (netip.Addr, int) {
	day := int(r.day[i]) - 1
	switch r.fam[i] {
	case 4:
		return netip.AddrFrom4([4]byte(r.ip[i][:4])), day
	case 6:
		return netip.AddrFrom16(r.ip[i]), day
	}
	return netip.Addr{}, day
}

// View returns a copy of r that later Adds to r do not change.
func (r *Requests) View() Requests {
	return Requests{URLs: r.URLs.View(), agent: r.agent[:len(r.agent):len(r.agent)],
		status: r.status[:len(r.status):len(r.status)], fam: r.fam[:len(r.fam):len(r.fam)],
		ip: r.ip[:len(r.ip):len(r.ip)], day: r.day[:len(r.day):len(r.day)],
		agents: r.agents[:len(r.agents):len(r.agents)]}
}

// A urlIndex finds a URL among those of a panel's two sets (the URLs
// sitemaps submit, and those of lists), so that a URL read again, from
// the same source or another, is held once. It is open addressing over
// the URLs' places in the sets: a slot holds the URL's hash and place, no
// string of its own (a million strings would be a million objects for
// the collector to mark), 8 bytes a slot, a million URLs in 16 MB. The
// hash kept in the slot spares reading a URL's bytes, scattered over the
// sets' blocks, but for the one that matches, and growing the slots
// reads none.
//
// It indexes the sets' URLs lazily (sync): after a Load, a Restore or a
// merge it catches up with what the sets hold before the next lookup.
type urlIndex struct {
	// slots hold, each, 0 when empty; else the URL's hash (the high 32
	// bits) and 1 + its place (placeOf, the low 32).
	slots []uint64
	n     int    // the URLs indexed
	done  [2]int // of each set, how many are indexed
	seed  maphash.Seed
}

// placeOf numbers URL i of set k (0 submitted, 1 listed) for a slot.
func placeOf(k, i int) uint32 { return uint32(k)<<31 | uint32(i) }

// sync indexes the URLs of sets not yet indexed.
func (x *urlIndex) sync(sets [2]*URLSet) {
	for k, s := range sets {
		for i := x.done[k]; i < s.Len(); i++ {
			x.put(x.hash(s.At(i)), k, i)
		}
		x.done[k] = s.Len()
	}
}

// hash returns u's hash: the seed is made with the first slots.
func (x *urlIndex) hash(u string) uint32 {
	if x.slots == nil {
		x.seed = maphash.MakeSeed()
		x.slots = make([]uint64, 1024)
	}
	return uint32(maphash.String(x.seed, u))
}

// has reports whether u, whose hash is h, is among the URLs of sets,
// which must be synced.
func (x *urlIndex) has(sets [2]*URLSet, u string, h uint32) bool {
	mask := uint32(len(x.slots) - 1)
	for j := h & mask; ; j = (j + 1) & mask {
		e := x.slots[j]
		if e == 0 {
			return false
		}
		if uint32(e>>32) != h {
			continue
		}
		p := uint32(e) - 1
		if sets[p>>31].At(int(p&(1<<31-1))) == u {
			return true
		}
	}
}

// added indexes URL i of set k, whose hash is h, just added: it keeps
// the index synced.
func (x *urlIndex) added(h uint32, k, i int) {
	if x.done[k] == i {
		x.put(h, k, i)
		x.done[k] = i + 1
	}
}

// put indexes URL i of set k, whose hash is h.
func (x *urlIndex) put(h uint32, k, i int) {
	if 2*(x.n+1) > len(x.slots) {
		x.grow()
	}
	x.insert(uint64(h)<<32 | uint64(placeOf(k, i)+1))
	x.n++
}

// insert puts slot e in its place.
func (x *urlIndex) insert(e uint64) {
	mask := uint32(len(x.slots) - 1)
	j := uint32(e>>32) & mask
	for x.slots[j] != 0 {
		j = (j + 1) & mask
	}
	x.slots[j] = e
}

// grow doubles the slots, and puts back what they held by its hash.
func (x *urlIndex) grow() {
	old := x.slots
	x.slots = make([]uint64, 2*len(old))
	for _, e := range old {
		if e != 0 {
			x.insert(e)
		}
	}
}
