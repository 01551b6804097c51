package dom

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The crawlers' address lists the page got through the relay are kept in
// IndexedDB, a database of their own (not the site worker's, which keeps
// the user's URLs), one record a crawler, so that a later visit, or the
// same one offline, need not ask again.
const (
	listsDB    = "robots-tester-lists"
	listsStore = "lists"
)

// A ListRecord is an address list kept: its key (the crawler asked for,
// and its place among the crawler's lists after the first: "GPTBot",
// "Google-Read-Aloud.1"), the list's text as the relay answered it, and
// when and where from the relay got it.
type ListRecord struct {
	Key, Text, Fetched, Source string
}

// errNoIndexedDB is what a browser without IndexedDB (or one that denies
// it) gives.
var errNoIndexedDB = errors.New("this browser keeps nothing for the page (IndexedDB)")

// inLists runs fn on the lists' store in a transaction of mode, and gives
// done what fn's request gave, or why it failed: storage denied, full,
// or no IndexedDB at all. Each call opens the database and closes it.
func inLists(mode string, fn func(store app.Value) app.Value, done func(app.Value, error)) {
	var open app.Value
	if err := Try(func() {
		idb := app.Window().Get("indexedDB")
		if !idb.Truthy() {
			panic(errNoIndexedDB)
		}
		open = idb.Call("open", listsDB, 1)
	}); err != nil {
		done(app.Null(), err)
		return
	}
	var funcs []app.Func
	release := func() {
		for _, f := range funcs {
			f.Release()
		}
	}
	on := func(target app.Value, event string, f func()) {
		fn := app.FuncOf(func(app.Value, []app.Value) any { f(); return nil })
		funcs = append(funcs, fn)
		target.Set(event, fn)
	}
	fail := func(v app.Value) {
		release()
		err := errNoIndexedDB
		if e := v.Get("error"); e.Truthy() {
			err = errors.New(e.Get("message").String())
		}
		done(app.Null(), err)
	}
	on(open, "onupgradeneeded", func() {
		Try(func() { open.Get("result").Call("createObjectStore", listsStore, map[string]any{"keyPath": "key"}) })
	})
	on(open, "onerror", func() { fail(open) })
	on(open, "onblocked", func() { fail(open) })
	on(open, "onsuccess", func() {
		db := open.Get("result")
		var tx, req app.Value
		if err := Try(func() {
			tx = db.Call("transaction", listsStore, mode)
			req = fn(tx.Call("objectStore", listsStore))
		}); err != nil {
			Try(func() { db.Call("close") })
			release()
			done(app.Null(), err)
			return
		}
		on(tx, "oncomplete", func() {
			res := req.Get("result")
			Try(func() { db.Call("close") })
			release()
			done(res, nil)
		})
		on(tx, "onerror", func() { Try(func() { db.Call("close") }); fail(tx) })
		on(tx, "onabort", func() { Try(func() { db.Call("close") }); fail(tx) })
	})
}

// ListGet reads the list kept under key, and gives done it (Text ""
// when none is kept) or why the storage could not be read.
func ListGet(key string, done func(ListRecord, error)) {
	inLists("readonly", func(s app.Value) app.Value { return s.Call("get", key) }, func(v app.Value, err error) {
		var r ListRecord
		if err == nil && v.Truthy() {
			Try(func() {
				r = ListRecord{Key: key, Text: v.Get("text").String(), Fetched: v.Get("fetched").String(), Source: v.Get("source").String()}
			})
		}
		done(r, err)
	})
}

// ListPut keeps r, and gives done why it could not, if it could not.
func ListPut(r ListRecord, done func(error)) {
	rec := map[string]any{"key": r.Key, "text": r.Text, "fetched": r.Fetched, "source": r.Source}
	inLists("readwrite", func(s app.Value) app.Value { return s.Call("put", rec) }, func(_ app.Value, err error) { done(err) })
}
