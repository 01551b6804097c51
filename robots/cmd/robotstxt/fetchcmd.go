package main

import (
	"bufio"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"robotstester/robots"
	"robotstester/robots/fetch"
)

func runFetch(c *cli, args []string) int {
	fs := c.flags("[flags] URL", `
Fetches the robots.txt of a site (a site, a page of it, or its robots.txt)
as a crawler does: up to five redirects, the first 500 KiB kept. Prints the
status, the redirects, the size and where the 500 KiB limit cuts, what each
reading (Google, RFC 9309, the older drafts, Python's robotparser) does with
that answer, and the file. A server that fails or cannot be reached is an
answer too: the exit status is 0 whenever the fetch was made.`)
	var (
		ff       fetchFlags
		bodyOnly bool
		noBody   bool
	)
	ff.register(fs)
	fs.BoolVar(&bodyOnly, "body", false, "print only the file, as crawlers read it (nothing when no file came)")
	fs.BoolVar(&noBody, "no-body", false, "leave the file out")
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if len(rest) != 1 {
		return c.fail(errors.New("give one URL (see --help)"))
	}
	src, err := loadURL(&ff, rest[0])
	if err != nil {
		return c.fail(err)
	}
	res := src.fetched
	w := bufio.NewWriter(c.stdout)
	if bodyOnly {
		if res.File != nil {
			w.WriteString(fileText(res.File))
		}
	} else {
		describe(w, res, !noBody)
	}
	if err := w.Flush(); err != nil {
		return c.fail(err)
	}
	return exitOK
}

// describe writes what a fetch found, for people.
func describe(w *bufio.Writer, res *fetch.Result, body bool) {
	line := func(label, format string, args ...any) {
		fmt.Fprintf(w, "%-10s %s\n", label, fmt.Sprintf(format, args...))
	}
	line("URL", "%s", res.URL)
	for i, h := range res.Hops {
		line(fmt.Sprintf("Hop %d", i+1), "%d %s -> %s", h.Status, h.URL, h.Location)
	}
	if res.Loop {
		line("", "the redirects run in a loop")
	}
	if len(res.Hops) > 0 {
		line("Final URL", "%s", res.FinalURL)
	}
	switch {
	case res.Status == 0:
		line("Status", "no answer: %v", res.Err)
	case res.Err != nil:
		line("Status", "%d %s (%s): %v", res.Status, http.StatusText(res.Status), res.Class, res.Err)
	default:
		line("Status", "%d %s (%s)", res.Status, http.StatusText(res.Status), res.Class)
	}
	if res.ContentType != "" {
		line("Type", "%s", res.ContentType)
	}
	if f := res.File; f != nil {
		size := fmt.Sprintf("%d bytes, %d lines", f.Size, f.TotalLines)
		if !res.Complete {
			size = fmt.Sprintf("at least %d bytes (reading stopped there)", res.BodyBytes)
		}
		line("Size", "%s", size)
		if f.Cut > 0 {
			line("Cut", "at byte %d, in line %d: crawlers ignore the rest", f.Cut, f.CutLine)
		} else {
			line("Cut", "no: the file is within the 500 KiB crawlers read")
		}
		line("Content", "%s", f.Content())
	}
	line("Took", "%d ms", res.Took.Milliseconds())

	fmt.Fprintln(w, "\nWhat each reading does with this answer:")
	// Readings that do the same for the same reason share a line.
	var order []string
	byReason := map[string][]string{}
	for _, d := range robots.Dialects() {
		a := res.Access(d)
		key := fmt.Sprintf("%-13s %s", a.Permission, a.Reason)
		if byReason[key] == nil {
			order = append(order, key)
		}
		byReason[key] = append(byReason[key], d.String())
	}
	// The names' column is as wide as its widest cell, so that the
	// permissions line up whatever the readings share.
	names := make([]string, len(order))
	width := 0
	for i, key := range order {
		names[i] = strings.Join(byReason[key], ", ")
		if len(byReason[key]) == len(robots.Dialects()) {
			names[i] = "all"
		}
		width = max(width, len(names[i]))
	}
	for i, key := range order {
		fmt.Fprintf(w, "  %-*s  %s\n", width, names[i], key)
	}
	if notes := res.Notes(); len(notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
		for _, n := range notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	if body && res.File != nil {
		fmt.Fprintf(w, "\n--- %s ---\n", res.FinalURL)
		text := fileText(res.File)
		w.WriteString(text)
		if text != "" && !strings.HasSuffix(text, "\n") {
			w.WriteByte('\n')
		}
		fmt.Fprintln(w, "--- end ---")
	}
}

// fileText returns the file as crawlers read it: up to the fetch limit.
func fileText(f *robots.File) string {
	if len(f.Lines) == 0 {
		return ""
	}
	var b strings.Builder
	for i := range f.Lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f.Text(i + 1))
	}
	return b.String()
}
