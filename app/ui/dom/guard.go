package dom

import (
	"net/url"
	"os"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// boot is what Guard found before go-app started: facts about the page
// that the Tester reports once mounted. It is written once, before any
// component exists, and only read after.
var boot struct {
	damaged    string // what was wrong with the page's address, "" if nothing
	fragment   string // the fragment as it was, before any repair
	storageErr error  // why localStorage cannot be used, nil if it can
}

// navDamaged is what guardNavigation found wrong with the address the open
// page was last given ("" if nothing), for the Tester's linkGiven, which
// clears it: written on the browser's popstate event, read on the
// hashchange event after it; wasm has one thread.
var navDamaged string

// Guard makes the page safe for go-app to start, and must run before
// app.RunWhenOnBrowser. go-app reads window.localStorage and parses the
// page's address with no care for failure, and either failure leaves the
// page on "Loading…" for good:
//
//   - where storage is denied (private modes, blocked site data, a
//     cross-site iframe), reading window.localStorage throws, and go-app's
//     start (its clean-up of persisted states) panics. Guard then puts an
//     empty storage in memory in its place, and the tester says that the
//     work is not saved.
//   - an address with a broken percent-escape (as mail and chat apps make
//     them) does not parse, and go-app dereferences the nil URL. Guard
//     escapes the stray '%' signs in the address bar, keeping the rest; a
//     query that does not parse (whose options would be dropped in
//     silence) is repaired the same way.
//
// It also keeps the prerendered page on screen while the live one is built
// (mount.go), and gives the browser a turn before and after the guards.
func Guard() {
	if !app.IsClient {
		return
	}
	// The Go runtime's start (its tables, the packages' variables) is a
	// task's worth already, and so are go-app's start and first render:
	// the guards run in a task between them.
	WaitForBrowser()
	guardURL()
	guardNavigation()
	guardStorage()
	keepPrerendered()
	WaitForBrowser()
}

func guardURL() {
	boot.fragment, boot.damaged = repairAddress()
}

// guardNavigation repairs, as guardURL does at the start, an address the
// open page is given: a link pasted in the address bar, Back or Forward.
// go-app reads it on the browser's popstate event, unguarded, and a nil
// URL there stops the Go program for good while the page stays on screen,
// taking every later key with it. The listener is added before go-app's
// (window.onpopstate, set as it starts), so it runs first.
func guardNavigation() {
	repair := app.FuncOf(func(app.Value, []app.Value) any {
		if _, damaged := repairAddress(); damaged != "" {
			navDamaged = damaged
		}
		return nil
	})
	Try(func() { app.Window().Call("addEventListener", "popstate", repair) })
}

// repairAddress escapes the stray '%' signs of the page's address in the
// address bar when Go cannot parse it (or its query), keeping the rest, and
// returns the fragment as it was and what was wrong ("" if nothing).
func repairAddress() (fragment, damaged string) {
	var href string
	Try(func() { href = app.Window().Get("location").Get("href").String() })
	_, fragment, _ = strings.Cut(href, "#")
	u, err := url.Parse(href)
	if err == nil {
		if _, err = url.ParseQuery(u.RawQuery); err == nil {
			return fragment, ""
		}
	}
	fixed := RepairURL(href)
	if _, err := url.Parse(fixed); err != nil {
		// Not a percent-escape problem: keep only the page itself.
		fixed, _, _ = strings.Cut(href, "?")
		fixed, _, _ = strings.Cut(fixed, "#")
		fixed = RepairURL(fixed)
	}
	Try(func() { app.Window().Get("history").Call("replaceState", app.Null(), "", fixed) })
	return fragment, "a broken %-escape"
}

// RepairURL escapes the '%' signs of u that do not start a valid
// percent-escape, so that u parses; the rest is left as it is.
func RepairURL(u string) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		if u[i] == '%' && !(i+2 < len(u) && isHex(u[i+1]) && isHex(u[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(u[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// guardStorage checks that localStorage can be read, and puts a storage in
// memory in its place when it cannot. A storage that can be read but not
// written (full) is kept: the saved work stays readable.
func guardStorage() {
	err := Try(func() {
		ls := localStorage()
		ls.Call("getItem", "robots-tester:probe")
		ls.Get("length").Int()
	})
	if err == nil {
		return
	}
	boot.storageErr = err
	Try(func() {
		w := app.Window()
		w.Get("Object").Call("defineProperty", w.JSValue(), "localStorage",
			map[string]any{"value": memoryStorage(), "configurable": true})
	})
}

// memoryStorage returns an object with the methods of the Web Storage API
// that go-app calls, holding its items in memory.
func memoryStorage() app.Value {
	items := map[string]string{}
	var keys []string
	obj := app.Window().Get("Object").New()
	method := func(name string, f func(args []app.Value) any) {
		obj.Set(name, app.FuncOf(func(_ app.Value, args []app.Value) any { return f(args) }))
	}
	arg := func(args []app.Value, i int) string {
		if i < len(args) {
			return args[i].String()
		}
		return ""
	}
	method("getItem", func(args []app.Value) any {
		if v, ok := items[arg(args, 0)]; ok {
			return v
		}
		return nil
	})
	method("setItem", func(args []app.Value) any {
		k := arg(args, 0)
		if _, ok := items[k]; !ok {
			keys = append(keys, k)
		}
		items[k] = arg(args, 1)
		obj.Set("length", len(keys))
		return nil
	})
	method("removeItem", func(args []app.Value) any {
		k := arg(args, 0)
		if _, ok := items[k]; ok {
			delete(items, k)
			for i, x := range keys {
				if x == k {
					keys = append(keys[:i], keys[i+1:]...)
					break
				}
			}
		}
		obj.Set("length", len(keys))
		return nil
	})
	method("clear", func([]app.Value) any {
		clear(items)
		keys = nil
		obj.Set("length", 0)
		return nil
	})
	method("key", func(args []app.Value) any {
		if len(args) > 0 {
			if i := args[0].Int(); i >= 0 && i < len(keys) {
				return keys[i]
			}
		}
		return nil
	})
	obj.Set("length", 0)
	return obj
}

// Arrival returns what Guard found before go-app started: the address's
// fragment as it was, what was wrong with the address ("" if nothing) and
// why localStorage cannot be used (nil if it can).
func Arrival() (fragment, damaged string, storageErr error) {
	return boot.fragment, boot.damaged, boot.storageErr
}

// TakeNavDamaged returns what was wrong with the address the open page was
// last given ("" if nothing), once: the hashchange event that follows the
// popstate event it was found on takes it.
func TakeNavDamaged() string {
	d := navDamaged
	navDamaged = ""
	return d
}

// WarmEnv is the environment variable the worker that compiled app.wasm
// sets when it runs the program itself, beside the page (site's loader):
// its value is the page's address.
const WarmEnv = "ROBOTS_TESTER_WARM"

// Warming reports whether the program runs in that worker, which has no
// page, only to have the start's code compiled there (ui.Warm), and for
// which page.
func Warming() (page *url.URL, ok bool) {
	if !app.IsClient {
		return nil, false
	}
	v := os.Getenv(WarmEnv)
	if v == "" {
		return nil, false
	}
	u, err := url.Parse(v)
	if err != nil {
		u = &url.URL{}
	}
	return u, true
}

// warmedCall is the worker's function that hands the module to the page.
const warmedCall = "robotsTesterWarmed"

// Warmed tells the worker that what the page's start runs first is
// compiled: it hands the module to the page, whose start begins while the
// worker goes on with the rest.
func Warmed() {
	if f := app.Window().Get(warmedCall); f.Truthy() {
		app.Window().Call(warmedCall)
	}
}
