package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostile serves, at its /index.xml, a sitemap index that names what a
// remote document may not: local files, standard input, a file: URL, the
// metadata service, and a sitemap on another host (the same server under
// the name localhost, where the command was given 127.0.0.1); and one
// sitemap of its own. It returns the index's URL and the other host's
// sitemap's.
func hostile(t *testing.T, secret string) (index, other string) {
	t.Helper()
	var base string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/index.xml":
			fmt.Fprintf(w, `<sitemapindex>
<sitemap><loc>%[1]s</loc></sitemap>
<sitemap><loc>/etc/passwd</loc></sitemap>
<sitemap><loc>/proc/self/environ</loc></sitemap>
<sitemap><loc>-</loc></sitemap>
<sitemap><loc>file://%[1]s</loc></sitemap>
<sitemap><loc>http://169.254.169.254/latest/meta-data/</loc></sitemap>
<sitemap><loc>%[2]s/other.txt</loc></sitemap>
<sitemap><loc>%[3]s/own.txt</loc></sitemap>
</sitemapindex>`, secret, strings.Replace(base, "127.0.0.1", "localhost", 1), base)
		case "/own.txt":
			io.WriteString(w, "https://example.com/own\n")
		case "/other.txt":
			io.WriteString(w, "https://example.com/from-another-host\n")
		case "/to-other.xml":
			http.Redirect(w, r, strings.Replace(base, "127.0.0.1", "localhost", 1)+"/other.txt", http.StatusFound)
		case "/to-file.xml":
			w.Header().Set("Location", "file://"+secret)
			w.WriteHeader(http.StatusFound)
		case "/trickle.xml":
			io.WriteString(w, "https://example.com/trickle/0\n")
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	base = srv.URL
	return base + "/index.xml", strings.Replace(base, "127.0.0.1", "localhost", 1) + "/other.txt"
}

// TestRemoteIndexReadsNothingLocal: a remote index that names local
// files, standard input, the metadata service or another host has none
// of them read: their contents are in no row, whatever the output.
func TestRemoteIndexReadsNothingLocal(t *testing.T) {
	secret := writeFile(t, "secret.txt", "https://example.com/SECRET-FILE\n")
	t.Setenv("ROBOTSTXT_TEST_SECRET", "SECRET-ENV")
	index, _ := hostile(t, secret)
	file := writeFile(t, "robots.txt", shop)
	stdin := "https://example.com/SECRET-STDIN\n"
	for _, args := range [][]string{
		{"check", "--file", file, "--sitemap", index, "-a", "Googlebot"},
		{"check", "--file", file, "--sitemap", index, "-a", "Googlebot", "--summary"},
		{"check", "--file", file, "--sitemap", index, "-a", "Googlebot", "--json"},
	} {
		code, out, errOut := runCmd(stdin, args...)
		for _, leak := range []string{"SECRET", "root:", "from-another-host", "PATH="} {
			if strings.Contains(out, leak) {
				t.Errorf("%v: stdout has %q:\n%s", args, leak, out)
			}
		}
		if code != 0 || !strings.Contains(out, "https://example.com/own") {
			t.Errorf("%v: exit %d, stdout:\n%s\nstderr:\n%s", args, code, out, errOut)
		}
		for _, want := range []string{
			"5 sitemaps it names are not read: an index on the web names only absolute http and https URLs",
			"2 sitemaps it names are not read: an index names sitemaps of its own host only",
		} {
			if !strings.Contains(errOut, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, errOut)
			}
		}
	}
}

// TestTrustSitemaps: --trust-sitemaps lets a remote index name another
// host, on a loopback address (a staging setup), and still no local file.
func TestTrustSitemaps(t *testing.T) {
	secret := writeFile(t, "secret.txt", "https://example.com/SECRET-FILE\n")
	index, _ := hostile(t, secret)
	file := writeFile(t, "robots.txt", shop)
	code, out, errOut := runCmd("", "check", "--file", file, "--sitemap", index, "-a", "Googlebot", "--trust-sitemaps")
	if code != 0 || !strings.Contains(out, "https://example.com/from-another-host") || !strings.Contains(out, "https://example.com/own") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if strings.Contains(out, "SECRET") {
		t.Errorf("stdout has the secret:\n%s", out)
	}
	if !strings.Contains(errOut, "a cloud metadata address") {
		t.Errorf("stderr does not say the metadata service was refused:\n%s", errOut)
	}
}

// TestSitemapFetchErrors: the failures of a sitemap's fetch in plain
// words: no Go error text, no address of the machine's network.
func TestSitemapFetchErrors(t *testing.T) {
	index, _ := hostile(t, "/nonexistent")
	base := strings.TrimSuffix(index, "/index.xml")
	file := writeFile(t, "robots.txt", shop)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String() + "/sitemap.xml"
	l.Close()
	for _, tc := range []struct {
		name, sitemap string
		args          []string
		want          string
	}{
		{"a redirect to another host on a loopback address", base + "/to-other.xml", nil, "refused localhost: localhost resolves to a loopback address"},
		{"a redirect to a file", base + "/to-file.xml", nil, "a redirect to a file: URL: only http and https are fetched"},
		{"connection refused", closed, nil, "connection refused"},
		{"a server that never finishes", base + "/trickle.xml", []string{"--timeout", "1s"}, "timed out"},
		{"not found", base + "/none.xml", nil, "the server answered 404 Not Found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"check", "--file", file, "--sitemap", tc.sitemap, "-a", "Googlebot"}, tc.args...)
			start := time.Now()
			_, out, errOut := runCmd("", args...)
			if !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr lacks %q:\n%s", tc.want, errOut)
			}
			// The sitemap's own URL, which the user gave, may be said;
			// nothing else of the network.
			rest := strings.ReplaceAll(errOut, tc.sitemap, "SITEMAP")
			for _, goWords := range []string{"dial tcp", "127.0.0.1", "use of closed", "unsupported protocol", "context deadline"} {
				if strings.Contains(rest, goWords) {
					t.Errorf("stderr has %q:\n%s", goWords, errOut)
				}
			}
			if strings.Contains(out, "from-another-host") {
				t.Errorf("stdout:\n%s", out)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %v", took)
			}
		})
	}
}

// TestLocalIndexStaysInItsFolder: a local index names files in its own
// folder and below; a path out of it, or a link that leads out, is not
// read.
func TestLocalIndexStaysInItsFolder(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "site")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(top, "outside.txt"), []byte("https://example.com/OUTSIDE\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "in.txt"), []byte("https://example.com/inside\n"), 0o644)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(filepath.Join(top, "outside.txt"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	index := filepath.Join(dir, "index.xml")
	os.WriteFile(index, []byte(`<sitemapindex>
<sitemap><loc>sub/in.txt</loc></sitemap>
<sitemap><loc>../outside.txt</loc></sitemap>
<sitemap><loc>`+filepath.Join(top, "outside.txt")+`</loc></sitemap>
<sitemap><loc>link.txt</loc></sitemap>
<sitemap><loc>-</loc></sitemap>
</sitemapindex>`), 0o644)
	file := writeFile(t, "robots.txt", shop)
	code, out, errOut := runCmd("https://example.com/STDIN\n", "check", "--file", file, "--sitemap", index, "-a", "Googlebot")
	if code != 0 || !strings.Contains(out, "https://example.com/inside") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, leak := range []string{"OUTSIDE", "STDIN"} {
		if strings.Contains(out, leak) {
			t.Errorf("stdout has %q:\n%s", leak, out)
		}
	}
	for _, want := range []string{"2 sitemaps it names are not read: a local index names files in its own folder or below only", "standard input is read only when the command names it", "link.txt"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}
