package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"robotstester/internal/server"
)

// serveContext returns the context serve runs in: until an interrupt or
// a SIGTERM. Tests replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func runServe(c *cli, args []string) int {
	fs := c.flags("[flags]", `
Serves the tester's built site (make build) and the fetch relay, one
program for a server: PREFIX/ is the site, PREFIX/fetch?url=SITE fetches
SITE's robots.txt for the page and answers JSON (docs/relay.md). The relay
is safe to expose: it reaches only public addresses on ports 80 and 443,
limits each client's fetches and the fetches made at once, and logs a line
per fetch (on stderr) without the client's address. -fetch=false serves
the site alone, -dir "" the relay alone (behind a static host's proxy).
It stops on an interrupt or SIGTERM.`)
	opts := server.Options{Addr: "127.0.0.1:8000", Dir: "site", Fetch: true}
	opts.Register(fs)
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if len(rest) > 0 {
		return c.fail(errors.New("serve takes no arguments (see --help)"))
	}
	opts.Relay.Logger = slog.New(slog.NewTextHandler(c.stderr, nil))
	h, err := opts.Handler()
	if err != nil {
		return c.fail(err)
	}
	ctx, stop := serveContext()
	defer stop()
	err = server.Serve(ctx, opts.Addr, h, func(addr net.Addr) {
		fmt.Fprintf(c.stderr, "%s: %s\n", c.name, opts.Describe(addr))
	})
	if err != nil {
		return c.fail(err)
	}
	return exitOK
}
