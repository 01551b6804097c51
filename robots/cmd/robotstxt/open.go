package main

import (
	"errors"
	"fmt"
	"net/url"
	"os/exec"
	"runtime"
	"strings"

	"robotstester/robots"
	"robotstester/robots/statefile"
)

func runOpen(c *cli, args []string) int {
	fs := c.flags("[--file F | --url U | --state S] [-a AGENT]... [--urls FILE] [URL...]", `
Prints a link to the tester that carries a robots.txt and tests: the file
(--file, --url, or the state's), and one test per agent and URL given (the
URLs are the arguments or the lines of --urls FILE; standard input is not
read). With --state, the state's tests come first. The link holds
everything in its #fragment, which browsers never send to a server.`)
	var (
		file, urlArg, stateFile, urlsFile, dialect, base string
		named                                            agentFlag
		ff                                               fetchFlags
		browser                                          bool
	)
	fs.StringVar(&file, "file", "", "the robots.txt to carry (- for standard input)")
	fs.StringVar(&urlArg, "url", "", "a site whose live robots.txt to carry")
	fs.StringVar(&stateFile, "state", "", "a state exported by the tester, to start from")
	fs.StringVar(&urlsFile, "urls", "", "a file of URLs to test, one a line")
	fs.StringVar(&dialect, "dialect", "", dialectHelp)
	fs.StringVar(&base, "base", "http://127.0.0.1:8000/", "the tester's address")
	fs.BoolVar(&browser, "browser", false, "also open the link in a browser, when one is at hand")
	fs.Var(&named, "a", agentHelp+" (default Googlebot)")
	ff.register(fs)
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if file != "" && urlArg != "" {
		return c.fail(errors.New("--file and --url: choose one"))
	}
	d, fixed, err := dialectFlag(dialect)
	if err != nil {
		return c.fail(err)
	}
	b, err := url.Parse(base)
	if err != nil || (b.Scheme != "http" && b.Scheme != "https") || b.Host == "" {
		return c.fail(fmt.Errorf("--base %q is not an http or https address", base))
	}
	b.Fragment, b.RawFragment = "", ""

	var st statefile.State
	if stateFile != "" {
		if st, err = readState(stateFile, c.stdin); err != nil {
			return c.fail(err)
		}
	}
	if file != "" || urlArg != "" {
		var src *source
		if urlArg != "" {
			src, err = loadURL(&ff, urlArg)
		} else {
			src, err = load(&ff, file, c.stdin)
		}
		if err != nil {
			return c.fail(err)
		}
		if src.fetched != nil && src.fetched.Class != robots.Success {
			return c.fail(fmt.Errorf("%s: %s, so there is no file to carry (robotstxt fetch says more)", src.name, answerText(src.fetched)))
		}
		warnCut(c.stderr, c.name, src) // the link carries what crawlers read
		warnNotRobotsTxt(c.stderr, c.name, src)
		st.Robots = fileText(src.file)
	} else if stateFile == "" {
		return c.fail(errors.New("give the robots.txt with --file, --url or --state"))
	}
	switch {
	case fixed:
		st.Dialect = d.String()
	case dialect != "": // "own"
		st.Dialect = ""
	}
	if urlsFile == "-" {
		return c.fail(errors.New("open does not read URLs from standard input: give them as arguments or --urls FILE"))
	}
	if len(rest) > 0 || urlsFile != "" {
		list, closeList, err := urls(rest, urlsFile, strings.NewReader(""), c.note)
		if err != nil {
			return c.fail(err)
		}
		ags := agents(named, "Googlebot")
		for u := range list {
			for _, a := range ags {
				st.Rows = append(st.Rows, statefile.Row{Agent: a.typed, URL: u})
			}
		}
		if err := closeList(); err != nil {
			return c.fail(err)
		}
	}
	link := b.String() + "#" + statefile.Fragment(st)
	fmt.Fprintln(c.stdout, link)
	if len(link) > statefile.MaxLink {
		fmt.Fprintf(c.stderr, "%s: the link is %d characters long; past %d some browsers and chat tools cut it (the tester's Import reads a state file instead)\n", c.name, len(link), statefile.MaxLink)
	}
	if browser {
		if err := openBrowser(link); err != nil {
			return c.fail(err)
		}
	}
	return exitOK
}

// openBrowser opens a link with the system's opener.
func openBrowser(link string) error {
	var name string
	var args []string
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
	default:
		name = "xdg-open"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return errors.New("no browser at hand (" + name + " not found): copy the link")
	}
	return exec.Command(path, append(args, link)...).Start()
}
