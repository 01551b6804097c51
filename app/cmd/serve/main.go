//go:build !js

// Command serve serves a built site for development and tests:
//
//	go run ./app/cmd/serve [-addr 127.0.0.1:8000] [-dir site] [-prefix /sub/path]
//
// It sends .wasm as application/wasm and app.wasm.br or app.wasm.gz when the
// browser accepts them. A site built with a prefix must be served with the
// same -prefix.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"robotstester/app/internal/site"
	"robotstester/internal/server"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8000", "address to listen on")
	dir := flag.String("dir", "site", "folder of the built site")
	prefix := flag.String("prefix", "", "URL path the site was built for (make build PREFIX=...)")
	flag.Parse()
	if err := run(*addr, *dir, *prefix); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(addr, dir, prefix string) error {
	prefix, err := site.CleanPrefix(prefix)
	if err != nil {
		return err
	}
	if _, err := os.Stat(dir + "/index.html"); err != nil {
		return fmt.Errorf("%w (run make build first)", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           server.Mount(prefix, server.Handler(dir)),
		ReadHeaderTimeout: 10 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	log.Printf("serving %s at http://%s%s/", dir, ln.Addr(), prefix)
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
