package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"

	"robotstester/robots"
)

// crawlerJSON is one crawler of `robotstxt crawlers --json`: the contract
// is token, operator and role; the rest is the catalogue's facts.
type crawlerJSON struct {
	Token        string   `json:"token"`
	Operator     string   `json:"operator"`
	Role         string   `json:"role"`
	Aliases      []string `json:"aliases,omitempty"`
	UAs          []string `json:"ua,omitempty"`
	Purpose      string   `json:"purpose"`
	Featured     bool     `json:"featured,omitempty"`
	Fetches      bool     `json:"fetches"`
	Reading      string   `json:"reading"`
	Fallbacks    []string `json:"fallbacks,omitempty"`
	Docs         string   `json:"docs,omitempty"`
	Robots       string   `json:"robots,omitempty"`
	RobotsSource string   `json:"robots_source,omitempty"`
	Ranges       []string `json:"ranges,omitempty"`
	RDNS         []string `json:"rdns,omitempty"`
	Sources      []string `json:"sources"`
	Note         string   `json:"note,omitempty"`
}

func runCrawlers(c *cli, args []string) int {
	fs := c.flags("[--json] [--role ROLE] [--operator NAME]", `
Lists the catalogue of crawlers the tester knows: each one's token, operator,
role and purpose, with --json one object a line with every fact the
catalogue holds (token, operator, role, aliases, ua, purpose, fetches,
reading, docs, robots, ranges, rdns, sources). --role keeps one role
(`+catalogueRoles()+`); --operator keeps the crawlers whose operator holds NAME.`)
	var (
		asJSON         bool
		role, operator string
	)
	fs.BoolVar(&asJSON, "json", false, "one JSON object a crawler")
	fs.StringVar(&role, "role", "", "only the crawlers of this role")
	fs.StringVar(&operator, "operator", "", "only the crawlers whose operator holds this (any case)")
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if len(rest) > 0 {
		return c.fail(fmt.Errorf("crawlers takes no argument (%q): filter with --role or --operator", rest[0]))
	}
	var want robots.Role
	if role != "" {
		r, ok := robots.LookupRole(role)
		if !ok {
			return c.fail(fmt.Errorf("--role %q: want one of %s", role, catalogueRoles()))
		}
		want = r
	}
	out := bufio.NewWriter(c.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	n := 0
	for _, cr := range robots.Crawlers() {
		if role != "" && cr.Role != want || operator != "" && !strings.Contains(strings.ToLower(cr.Vendor), strings.ToLower(operator)) {
			continue
		}
		n++
		if asJSON {
			enc.Encode(crawlerJSON{Token: cr.Token, Operator: cr.Vendor, Role: cr.Role.String(), Aliases: cr.Aliases, UAs: cr.UAs,
				Purpose: cr.Purpose, Featured: cr.Featured, Fetches: !cr.ControlOnly, Reading: cr.Dialect.String(), Fallbacks: cr.Fallbacks,
				Docs: cr.Docs, Robots: string(cr.Robots), RobotsSource: cr.RobotsSource, Ranges: cr.Ranges, RDNS: cr.RDNS,
				Sources: cr.Sources, Note: cr.Note})
			continue
		}
		if n == 1 {
			fmt.Fprintf(out, "%-32s %-24s %-12s %s\n", "TOKEN", "OPERATOR", "ROLE", "PURPOSE")
		}
		fmt.Fprintf(out, "%-32s %-24s %-12s %s\n", cr.Token, cr.Vendor, cr.Role, cr.Purpose)
	}
	if n == 0 {
		out.Flush()
		return c.fail(fmt.Errorf("no crawler of the catalogue is %s", strings.TrimSpace(role+" "+operator)))
	}
	return exitOK
}

// catalogueRoles lists the roles' names, for help and errors.
func catalogueRoles() string {
	var names []string
	for r := robots.Role(0); ; r++ {
		if _, ok := robots.LookupRole(r.String()); !ok {
			break
		}
		names = append(names, r.String())
	}
	return strings.Join(names, ", ")
}
