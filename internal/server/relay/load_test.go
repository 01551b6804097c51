package relay

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"robotstester/robots"
)

// The faults and the load are measured here, against local servers only:
//
//	go test -run TestRelayFaults -v ./internal/server/relay
//	go test -run NONE -bench BenchmarkRelayLoad -benchtime 2000x ./internal/server/relay
//
// or make bench-relay. docs/relay.md records the figures.

// faultTimeout is the relay's time bound in TestRelayFaults: short, so
// that the faults that run into it take little time.
const faultTimeout = 2 * time.Second

// TestRelayFaults: each hostile or broken server gets its right answer
// within the relay's time bound, while the relay goes on answering a
// good site at once.
func TestRelayFaults(t *testing.T) {
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: -1, Timeout: faultTimeout}, "")

	// A good site, asked again and again while the faults run.
	good, _ := site(t, serveFile(file))
	stop := make(chan struct{})
	var served, slowest atomic.Int64
	var others sync.WaitGroup
	others.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			start := time.Now()
			rep := relay.get(t, good)
			if rep.code != 200 || rep.answer.Class != "success" || rep.answer.Body != file {
				t.Errorf("the good site, during the faults: %d %s", rep.code, rep.raw)
				return
			}
			took := time.Since(start).Milliseconds()
			if took > slowest.Load() {
				slowest.Store(took)
			}
			served.Add(1)
			time.Sleep(20 * time.Millisecond)
		}
	})

	big := strings.Repeat("Disallow: /x\n", 10<<20/13) // 10 MB
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		exempt  bool // loopback off, this site let through alone
		code    int
		check   func(a Answer) bool
		err     string
	}{
		{name: "10 MB body", handler: serveFile(big), code: 200, check: func(a Answer) bool {
			return a.Class == "success" && len(a.Body) == robots.FetchLimit && a.Body == big[:robots.FetchLimit] &&
				!a.Complete && a.Size == DefaultMaxBody
		}},
		{name: "endless body", handler: func(w http.ResponseWriter, r *http.Request) {
			line := []byte(strings.Repeat("Disallow: /endless\n", 100))
			for {
				if _, err := w.Write(line); err != nil {
					return
				}
			}
		}, code: 200, check: func(a Answer) bool {
			return a.Class == "success" && len(a.Body) == robots.FetchLimit && !a.Complete && a.Size == DefaultMaxBody
		}},
		{name: "endless trickle", handler: func(w http.ResponseWriter, r *http.Request) {
			for {
				if _, err := io.WriteString(w, "Disallow: /slow\n"); err != nil {
					return
				}
				w.(http.Flusher).Flush()
				select {
				case <-time.After(100 * time.Millisecond):
				case <-r.Context().Done():
					return
				}
			}
		}, code: 200, check: func(a Answer) bool {
			return a.Class == "network-error" && a.Status == 200 && strings.Contains(a.FetchError, "timed out") && !a.Complete
		}},
		{name: "headers a byte a second", handler: byteASecond, code: 200, check: func(a Answer) bool {
			return a.Class == "network-error" && a.Status == 0 && strings.Contains(a.FetchError, "timed out")
		}},
		{name: "no answer", handler: func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}, code: 200, check: func(a Answer) bool {
			return a.Class == "network-error" && a.Status == 0 && strings.Contains(a.FetchError, "timed out")
		}},
		{name: "redirect loop", handler: func(w http.ResponseWriter, r *http.Request) {
			to := map[string]string{"/robots.txt": "/a", "/a": "/robots.txt"}[r.URL.Path]
			http.Redirect(w, r, to, http.StatusFound)
		}, code: 200, check: func(a Answer) bool {
			return a.Class == "redirect" && a.Status == 302 && a.Loop && len(a.Hops) == 5
		}},
		{name: "redirect to 127.0.0.1", handler: func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://127.0.0.1/robots.txt", http.StatusMovedPermanently)
		}, exempt: true, code: 403, err: "redirect 1, to http://127.0.0.1/robots.txt: 127.0.0.1 is a loopback address"},
		{name: "redirect to 169.254.169.254", handler: func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		}, exempt: true, code: 403, err: "redirect 1, to http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a cloud metadata address"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			base, addr := site(t, tc.handler)
			r := relay
			if tc.exempt {
				r = newRelay(t, Config{PerClient: -1, CacheTTL: -1, Timeout: faultTimeout}, addr)
			}
			start := time.Now()
			rep := r.get(t, base)
			took := time.Since(start)
			if rep.code != tc.code || tc.check != nil && !tc.check(rep.answer) || rep.err != tc.err {
				a := rep.answer
				t.Errorf("%d %q: status %d class %s hops %d loop %v fetch_error %q size %d complete %v body %d bytes",
					rep.code, rep.err, a.Status, a.Class, len(a.Hops), a.Loop, a.FetchError, a.Size, a.Complete, len(a.Body))
			}
			if took > faultTimeout+time.Second {
				t.Errorf("answered after %v, past the %v bound", took, faultTimeout)
			}
			t.Logf("%-28s %d %-14s in %4d ms, %7d bytes of JSON", tc.name, rep.code, rep.answer.Class, took.Milliseconds(), len(rep.raw))
		})
	}
	t.Cleanup(func() {
		close(stop)
		others.Wait()
		if served.Load() == 0 {
			t.Error("the good site was never served during the faults")
		}
		t.Logf("the good site meanwhile: %d answers, the slowest in %d ms", served.Load(), slowest.Load())
	})
}

// byteASecond sends the head of an answer one byte a second.
func byteASecond(w http.ResponseWriter, r *http.Request) {
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	head := "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 20\r\n\r\n"
	for i := range len(head) {
		if _, err := buf.WriteString(head[i : i+1]); err != nil || buf.Flush() != nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// anyTest resolves every name under .test to 127.0.0.1, so that many
// sites, each an origin of its own, are one local server.
type anyTest struct{}

func (anyTest) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if strings.HasSuffix(host, ".test") {
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// BenchmarkRelayLoad: 200 clients at once, each asking for the
// robots.txt of its own site (every fetch a real one: no cache) from a
// slow local server, through a relay with its default limits. It reports
// the throughput, the latencies, and the heap and goroutines at their
// peak, and checks every answer.
func BenchmarkRelayLoad(b *testing.B) {
	for _, size := range []int{200, 400 << 10} {
		b.Run(fmt.Sprintf("file=%dB", size), func(b *testing.B) { benchLoad(b, 200, 100*time.Millisecond, size) })
	}
}

func benchLoad(b *testing.B, clients int, delay time.Duration, size int) {
	// Each site's file is a line naming it, then a filler common to all:
	// the clients check their answers against one copy of it.
	filler := strings.Repeat("# filler line of a long robots.txt\n", size/35+1)[:max(0, size-60)]
	head := func(host string) string { return "User-agent: *\nDisallow: /" + host + "/\n" }
	_, addr := site(b, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		io.WriteString(w, head(r.Host))
		io.WriteString(w, filler)
	})
	_, port, _ := net.SplitHostPort(addr)
	relay := newRelay(b, Config{AllowLoopback: true, PerClient: -1, CacheTTL: -1, Resolver: anyTest{}, Logger: slog.New(slog.DiscardHandler)}, "")
	tail := []byte(jsonEscape(filler) + `"`)

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	var peakHeap, peakGoroutines atomic.Uint64
	sampled := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peakHeap.Load() {
				peakHeap.Store(ms.HeapInuse)
			}
			if g := uint64(runtime.NumGoroutine()); g > peakGoroutines.Load() {
				peakGoroutines.Store(g)
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()

	var next atomic.Int64
	latencies := make([][]time.Duration, clients)
	var failures atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for c := range clients {
		wg.Go(func() {
			host := fmt.Sprintf("site-%d.test:%s", c, port)
			target := relay.srv.URL + "/fetch?url=" + url.QueryEscape("http://"+host+"/page")
			want := []byte(`"class":"success"`)
			body := []byte(`"body":"` + jsonEscape(head(host)))
			for next.Add(1) <= int64(b.N) {
				t0 := time.Now()
				ok := loadOnce(client, target, want, body, tail)
				latencies[c] = append(latencies[c], time.Since(t0))
				if !ok {
					failures.Add(1)
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	close(done)
	<-sampled

	if n := failures.Load(); n > 0 {
		b.Errorf("%d of %d answers wrong", n, b.N)
	}
	all := slices.Sorted(slices.Values(slices.Concat(latencies...)))
	pct := func(p float64) float64 { return float64(all[int(p*float64(len(all)-1))].Milliseconds()) }
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "fetches/s")
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(peakHeap.Load())/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(peakGoroutines.Load()), "peak-goroutines")
	b.ReportMetric(0, "ns/op") // the clients' wall time says nothing per fetch
	// Bounded: 32 fetches at once, each keeping at most 1 MiB of body and
	// its answer; the waiting requests hold no body. The heap is the
	// whole process's: the clients and the slow site too.
	if peak := peakHeap.Load(); peak > 256<<20 {
		b.Errorf("the heap peaked at %d MiB", peak>>20)
	}
}

// buffers hold the answers the clients read.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// loadOnce asks the relay for target and reports whether the answer is
// a success whose body starts with body and ends with tail.
func loadOnce(client *http.Client, target string, want, body, tail []byte) bool {
	resp, err := client.Get(target)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	buf := buffers.Get().(*bytes.Buffer)
	defer buffers.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(resp.Body); err != nil || resp.StatusCode != 200 {
		return false
	}
	data := buf.Bytes()
	i := bytes.Index(data, body)
	return bytes.Contains(data, want) && i >= 0 && bytes.HasPrefix(data[i+len(body):], tail)
}

// jsonEscape is how the relay's JSON writes a file of plain ASCII text.
func jsonEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}
