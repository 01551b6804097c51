package sitemap

import (
	"bufio"
	"bytes"
	"io"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// maxLine is the longest line of a list or log read, and the longest
// record of a CSV; a longer one is skipped (and noted), so that memory
// stays bounded whatever the bytes.
const maxLine = 64 << 10

// eachLine calls fn with each line of r (without its line break), and
// its number; lines longer than maxLine are counted in long, not given.
func eachLine(r *bufio.Reader, fn func(line []byte, n int) error) (long skipped, err error) {
	n := 0
	skipping := false
	for {
		line, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if !skipping {
				n++
				long.add(n)
			}
			skipping = true
			continue
		}
		if skipping {
			skipping = false
		} else if len(line) > 0 {
			n++
			if len(line) > maxLine {
				long.add(n)
			} else if ferr := fn(bytes.TrimRight(line, "\r\n"), n); ferr != nil {
				return long, ferr
			}
		}
		if err == io.EOF {
			return long, nil
		}
		if err != nil {
			return long, err
		}
	}
}

// readList reads one URL a line: a text sitemap, or a list a person
// pasted (URLs, paths, blank lines, # comments). A line that is no URL
// or path (isURLOrPath) is skipped and counted; a source that looks
// binary from its first 4 KiB is not read.
func readList(r *bufio.Reader, from string, note func(from, text string), yield func(Entry) error) error {
	if why := notText(r); why != "" {
		note(from, why+", not a list of URLs: not read")
		return nil
	}
	var notURL skipped
	long, err := eachLine(r, func(line []byte, n int) error {
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			return nil
		}
		if !isURLOrPath(line) {
			notURL.add(n)
			return nil
		}
		return yield(Entry{URL: string(line), From: from, Line: n})
	})
	notURL.say(note, from, "line is not a URL or a path", "lines are not URLs or paths")
	long.say(note, from, "line is longer than 64 KiB", "lines are longer than 64 KiB")
	return err
}

// readLog reads a web server's access log, in the Common or Combined Log
// Format: each request's target, status and User-Agent string. A source
// that looks binary from its first 4 KiB is not read.
func readLog(r *bufio.Reader, from string, note func(from, text string), yield func(Entry) error) error {
	if why := notText(r); why != "" {
		note(from, why+", not an access log: not read")
		return nil
	}
	var bad skipped
	long, err := eachLine(r, func(line []byte, n int) error {
		e, ok := parseLogLine(line)
		if !ok {
			if len(bytes.TrimSpace(line)) > 0 {
				bad.add(n)
			}
			return nil
		}
		e.From, e.Line = from, n
		return yield(e)
	})
	bad.say(note, from, "line is no request of the Common or Combined Log Format", "lines are no request of the Common or Combined Log Format")
	long.say(note, from, "line is longer than 64 KiB", "lines are longer than 64 KiB")
	return err
}

// parseLogLine reads one line of the Common Log Format,
//
//	host ident authuser [date] "request" status bytes
//
// or the Combined Log Format, which adds "referer" "user-agent". The
// request is "METHOD target HTTP/x"; a line whose request has no target
// (a "-", a TLS handshake sent to the HTTP port) is no request. A host
// that is no address, or a date that cannot be read, leaves the entry's
// Addr or Time zero: the request is still one.
func parseLogLine(line []byte) (Entry, bool) {
	s := string(line)
	open := strings.IndexByte(s, '[')
	if open < 0 {
		return Entry{}, false
	}
	head := strings.Fields(s[:open])
	if len(head) != 3 {
		return Entry{}, false
	}
	end := strings.IndexByte(s[open:], ']')
	if end < 0 {
		return Entry{}, false
	}
	addr, when := logAddr(head[0]), logTime(s[open+1:open+end])
	rest := strings.TrimLeft(s[open+end+1:], " ")
	request, rest, ok := quoted(rest)
	if !ok {
		return Entry{}, false
	}
	fields := strings.Fields(rest)
	if len(fields) < 2 {
		return Entry{}, false
	}
	status, err := strconv.Atoi(fields[0])
	if err != nil || status < 100 || status > 999 {
		return Entry{}, false
	}
	method, target, ok := strings.Cut(request, " ")
	if !ok || method == "" {
		return Entry{}, false
	}
	if i := strings.LastIndexByte(target, ' '); i >= 0 && strings.HasPrefix(target[i+1:], "HTTP/") {
		target = target[:i]
	}
	if target == "" || target != "*" && target[0] != '/' && !strings.Contains(target, "://") {
		return Entry{}, false
	}
	e := Entry{URL: target, Status: status, Addr: addr, Time: when}
	// Combined: after status and bytes, the quoted referer and agent.
	if i := strings.IndexByte(rest, '"'); i >= 0 {
		if _, after, ok := quoted(rest[i:]); ok {
			after = strings.TrimLeft(after, " ")
			if agent, _, ok := quoted(after); ok && agent != "-" {
				e.Agent = agent
			}
		}
	}
	return e, true
}

// logAddr reads a log's host field as an address. Servers that log
// through a dual-stack socket write IPv4 clients as ::ffff:a.b.c.d; they
// are unmapped so that they compare with IPv4 prefixes. A zone
// (fe80::1%eth0) is dropped: no published prefix names one.
func logAddr(host string) netip.Addr {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap().WithZone("")
}

// logDate is the layout of the date field of the Common Log Format,
// without its brackets.
const logDate = "02/Jan/2006:15:04:05 -0700"

// logTime reads a log's date field; the zero Time if it is in another
// form.
func logTime(field string) time.Time {
	t, err := time.Parse(logDate, field)
	if err != nil {
		return time.Time{}
	}
	return t
}

// quoted reads a double-quoted field at the start of s, as Apache httpd
// and nginx write them (\" and \\ escaped; nginx's \x22 kept as is), and
// returns its text and what follows.
func quoted(s string) (text, rest string, ok bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", s, false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			b.WriteByte(s[i+1])
			i++
		case c == '"':
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(c)
		}
	}
	return "", s, false
}

// urlColumns are the header names of a URL column, most telling first:
// Screaming Frog's Address, then URL (Sitebulb and many others), then
// the sitemap's own word.
var urlColumns = []string{"address", "url", "loc", "page url", "uri", "page", "link"}

// urlColumn returns the index of the URL column of a header row.
func urlColumn(header []string) (int, bool) {
	for _, name := range urlColumns {
		for i, h := range header {
			if strings.EqualFold(strings.TrimSpace(h), name) {
				return i, true
			}
		}
	}
	return 0, false
}

// splitHeader splits a CSV's first line at its delimiter (a comma, a tab
// or a semicolon, whichever comes first), quotes and BOM removed; it is
// for telling a CSV, not for reading one.
func splitHeader(line []byte) []string {
	s := strings.TrimPrefix(string(line), "\ufeff")
	sep := delimiter(s)
	fields := strings.Split(s, string(sep))
	for i, f := range fields {
		fields[i] = strings.Trim(strings.TrimSpace(f), `"`)
	}
	return fields
}

func delimiter(header string) rune {
	if i := strings.IndexAny(header, ",\t;"); i >= 0 {
		return rune(header[i])
	}
	return ','
}
