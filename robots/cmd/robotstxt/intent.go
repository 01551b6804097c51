package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"robotstester/robots"
)

// intentLimit is the largest file intent reads: far past what crawlers
// read (500 KiB), which WriteIntent keeps as it is beyond the cut.
const intentLimit = 64 << 20

func runIntent(c *cli, args []string) int {
	fs := c.flags("FILE --set ROLE=CHOICE... [--crawler TOKEN=CHOICE]...", `
Prints FILE (- for standard input) with an intent written in, as the
tester's Rules by intent writes it: per line of its form (--set ROLE=CHOICE,
ROLE one of `+roleNames()+`) and per crawler
(--crawler TOKEN=CHOICE, over its role's), CHOICE allow, block or leave.
It changes only what the intent says: a crawler whose access already matches
its choice is left as it is; allow takes away what keeps a crawler off the
site (a Disallow of /, in the groups it reads) and keeps its other rules;
block names it in a group that disallows /. When nothing is to change, the
file is printed as it is, byte for byte.`)
	var sets, named stringsFlag
	fs.Var(&sets, "set", "ROLE=CHOICE: a line of the form, allow, block or leave (repeatable)")
	fs.Var(&named, "crawler", "TOKEN=CHOICE: a crawler apart from its role (repeatable)")
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if len(rest) != 1 {
		return c.fail(errors.New("give one FILE, or - for standard input (see --help)"))
	}
	if len(sets) == 0 && len(named) == 0 {
		return c.fail(errors.New("say what to write: --set ROLE=CHOICE or --crawler TOKEN=CHOICE (see --help)"))
	}
	in, err := parseIntent(sets, named)
	if err != nil {
		return c.fail(err)
	}
	text, err := readIntentFile(rest[0], c.stdin)
	if err != nil {
		return c.fail(err)
	}
	if _, err := io.WriteString(c.stdout, robots.WriteIntent(text, in)); err != nil {
		return c.fail(err)
	}
	return exitOK
}

// stringsFlag is a flag that may be given many times.
type stringsFlag []string

func (s *stringsFlag) String() string { return strings.Join(*s, ", ") }

func (s *stringsFlag) Set(v string) error {
	*s = append(*s, v)
	return nil
}

// roleNames lists the form's lines, as --set names them.
func roleNames() string {
	var names []string
	for _, r := range robots.IntentRoles() {
		names = append(names, r.Name)
	}
	return strings.Join(names, ", ")
}

// parseIntent makes the intent of the --set and --crawler flags.
func parseIntent(sets, named []string) (robots.Intent, error) {
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{}, Crawlers: map[string]robots.Choice{}}
	roles := robots.IntentRoles()
	for _, s := range sets {
		name, ch, err := splitChoice("--set", s)
		if err != nil {
			return in, err
		}
		found := false
		for _, r := range roles {
			if strings.EqualFold(r.Name, name) {
				for _, role := range r.Roles {
					in.Roles[role] = ch
				}
				found = true
			}
		}
		if !found {
			return in, fmt.Errorf("--set %s: no line of the form is named %q; the roles are %s", s, name, roleNames())
		}
	}
	for _, s := range named {
		tok, ch, err := splitChoice("--crawler", s)
		if err != nil {
			return in, err
		}
		if tok == "*" || robots.ProductToken(tok) != tok {
			return in, fmt.Errorf("--crawler %s: %q is not a crawler's product token (as GPTBot)", s, tok)
		}
		if c, ok := robots.LookupCrawler(tok); ok {
			tok = c.Token
		}
		in.Crawlers[tok] = ch
	}
	return in, nil
}

// splitChoice splits NAME=CHOICE, the choice allow, block or leave.
func splitChoice(flag, s string) (string, robots.Choice, error) {
	name, choice, ok := strings.Cut(s, "=")
	name, choice = strings.TrimSpace(name), strings.ToLower(strings.TrimSpace(choice))
	if !ok || name == "" {
		return "", 0, fmt.Errorf("%s %s: write NAME=CHOICE, as %s search=allow", flag, s, flag)
	}
	ch := robots.ParseChoice(choice)
	if ch.String() != choice {
		return "", 0, fmt.Errorf("%s %s: the choice is allow, block or leave, not %q", flag, s, choice)
	}
	return name, ch, nil
}

// readIntentFile reads the whole of a file, "-" standard input, up to
// intentLimit.
func readIntentFile(spec string, stdin io.Reader) (string, error) {
	r := stdin
	if spec != "-" {
		f, err := os.Open(spec)
		if err != nil {
			return "", plainFileError(err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, intentLimit+1))
	if err != nil {
		return "", fmt.Errorf("reading %s: %v", spec, err)
	}
	if len(b) > intentLimit {
		return "", fmt.Errorf("%s passes %d MiB: not a robots.txt", spec, intentLimit>>20)
	}
	return string(b), nil
}
