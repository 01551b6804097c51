//go:build !js

// Command serve serves a built site for development and tests, and the
// fetch relay with -fetch:
//
//	go run ./app/cmd/serve [-addr 127.0.0.1:8000] [-dir site] [-prefix /sub/path] [-fetch]
//
// It sends .wasm as application/wasm and app.wasm.br or app.wasm.gz when the
// browser accepts them. A site built with a prefix must be served with the
// same -prefix. With -fetch, PREFIX/fetch?url=... fetches a site's
// robots.txt for the page (docs/relay.md; -help lists its limits).
// robotstxt serve is the same server in the command line tool.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"syscall"

	"robotstester/internal/server"
)

func main() {
	opts := server.Options{Addr: "127.0.0.1:8000", Dir: "site"}
	opts.Register(flag.CommandLine)
	flag.Parse()
	if err := run(opts); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(opts server.Options) error {
	h, err := opts.Handler()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return server.Serve(ctx, opts.Addr, h, func(addr net.Addr) {
		log.Print(opts.Describe(addr))
	})
}
