package ui

import "testing"

func TestRoutePath(t *testing.T) {
	for _, c := range []struct{ path, prefix, want string }{
		{"/", "/", "/"},
		{"/", "", "/"},
		{"/index.html", "/", "/index.html"},
		{"/tools/robots/", "/tools/robots", "/"},
		{"/tools/robots", "/tools/robots", "/"},
		{"/tools/robots/index.html", "/tools/robots", "/index.html"},
		{"/other/", "/tools/robots", "/other/"},
	} {
		if got := routePath(c.path, c.prefix); got != c.want {
			t.Errorf("routePath(%q, %q) = %q, want %q", c.path, c.prefix, got, c.want)
		}
	}
}
