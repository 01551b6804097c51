// Command robotstxt fetches, checks and tests robots.txt files from the
// command line, with the engine of the robots.txt tester.
//
// Usage:
//
//	robotstxt fetch URL                      the live file, and what the server's answer means
//	robotstxt check --file F | --url U ...   verdicts for agents × URLs, streamed
//	robotstxt test STATE.json                the tester's pinned expectations, for CI
//	robotstxt diff OLD NEW ...               the verdicts that an edit changes
//	robotstxt intent FILE --set ROLE=CHOICE  the file with rules by intent written in
//	robotstxt open ...                       a tester link carrying a file and tests
//	robotstxt serve [-dir site] [-addr A]    the built site and the fetch relay, one server
//
// Each subcommand has its own --help. Errors are one line on stderr; the
// exit status is 2 for an error, 1 for a failed test or a changed verdict,
// 0 otherwise.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitChanged = 1 // a test failed, or a verdict changed
	exitError   = 2
)

// A command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(c *cli, args []string) int
}

var commands = []command{
	{"fetch", "fetch a site's robots.txt and say what the server's answer means", runFetch},
	{"check", "check agents × URLs against a file, streaming a table, CSV or JSON", runCheck},
	{"test", "run the tests saved by the tester, with their expected verdicts", runTest},
	{"diff", "list the verdicts that change between two versions of a file", runDiff},
	{"intent", "print a file with rules by intent written in (search allowed, AI training blocked)", runIntent},
	{"open", "print a tester link carrying a file and tests", runOpen},
	{"crawlers", "list the catalogue of crawlers: token, operator, role, address lists", runCrawlers},
	{"serve", "serve the built site and the fetch relay (docs/relay.md)", runServe},
}

// cli is what a subcommand runs with: its streams.
type cli struct {
	name   string // "robotstxt check"
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	usage  func() // prints the subcommand's --help
}

// run runs the command line args (without the program's name) and returns
// the exit status. It is main, minus the process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitError
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(&cli{name: "robotstxt " + c.name, stdin: stdin, stdout: stdout, stderr: stderr}, args[1:])
		}
	}
	fmt.Fprintf(stderr, "robotstxt: unknown command %q (commands: fetch, check, test, diff, intent, open, crawlers, serve; see robotstxt --help)\n", args[0])
	return exitError
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "robotstxt reads robots.txt files as crawlers do.")
	fmt.Fprintln(w, "\nUsage: robotstxt COMMAND [flags] [arguments]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-6s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nrobotstxt COMMAND --help describes each. Exit status: 0 done, 1 a test failed or a verdict changed, 2 an error.")
}

// fail reports an error in one line and returns the error status.
func (c *cli) fail(err error) int {
	fmt.Fprintf(c.stderr, "%s: %v\n", c.name, err)
	return exitError
}

// flags returns a flag set whose errors the subcommand reports itself, in
// one line: the flag package would print its whole usage.
func (c *cli) flags(synopsis, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on every error
	c.usage = func() {
		w := c.stdout
		fmt.Fprintf(w, "Usage: %s %s\n\n%s\n\nFlags:\n", c.name, synopsis, strings.TrimSpace(about))
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parse reads flags and arguments in any order (flag.Parse stops at the
// first argument), everything after "--" an argument. done is true when
// the subcommand should return status at once: after --help, or an error.
func (c *cli) parse(fs *flag.FlagSet, args []string) (positional []string, status int, done bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.usage()
				return nil, exitOK, true
			}
			fmt.Fprintf(c.stderr, "%s: %v (see %s --help)\n", c.name, err, c.name)
			return nil, exitError, true
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, 0, false
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(positional, rest...), 0, false
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// isTerminal reports whether w is a terminal, where a progress line may
// be drawn.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
