//go:build js && wasm

package main

import "syscall/js"

// keeper is sitework's Keeper in the browser: IndexedDB, through
// siteworker.js's siteKeep, whose promises it awaits (never on the event
// loop: the worker's requests run in goroutines).
type keeper struct{}

// Keep keeps state, handed over as an ArrayBuffer.
func (keeper) Keep(state []byte) error {
	var p js.Value
	if err := try(func() {
		u8 := js.Global().Get("Uint8Array").New(len(state))
		js.CopyBytesToJS(u8, state)
		p = self.Get("siteKeep").Call("keep", u8.Get("buffer"))
	}); err != nil {
		return err
	}
	_, err := await(p)
	return err
}

// Kept returns what is kept, nil when nothing is.
func (keeper) Kept() ([]byte, error) {
	var p js.Value
	if err := try(func() { p = self.Get("siteKeep").Call("kept") }); err != nil {
		return nil, err
	}
	v, err := await(p)
	if err != nil || !v.Truthy() {
		return nil, err
	}
	var b []byte
	err = try(func() {
		u8 := js.Global().Get("Uint8Array").New(v)
		b = make([]byte, u8.Get("length").Int())
		js.CopyBytesToGo(b, u8)
	})
	return b, err
}

// Forget drops what is kept.
func (keeper) Forget() error {
	var p js.Value
	if err := try(func() { p = self.Get("siteKeep").Call("forget") }); err != nil {
		return err
	}
	_, err := await(p)
	return err
}
