package session

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// Storage is where the work is saved: the browser's localStorage in the
// page, a map in tests.
type Storage interface {
	// Get returns the value of key; ok is false when there is none.
	Get(key string) (value string, ok bool, err error)
	// Set stores value under key.
	Set(key, value string) error
}

// MemoryStorage is a Storage in memory.
type MemoryStorage map[string]string

// Get returns the value of key.
func (m MemoryStorage) Get(key string) (string, bool, error) {
	v, ok := m[key]
	return v, ok, nil
}

// Set stores value under key.
func (m MemoryStorage) Set(key, value string) error {
	m[key] = value
	return nil
}

// Storage keys. SaveKey holds the work; VersionsKey the last few versions
// before it; AsideKey a saved state that could not be read, kept so that
// it is never overwritten.
const (
	SaveKey     = share.SaveKey
	VersionsKey = "robots-tester:versions"
	AsideKey    = "robots-tester:unreadable"
	// StampKey names the session that wrote SaveKey last, and its write:
	// a tab sees from it, cheaply, that another one saved since.
	StampKey = "robots-tester:saved-by"
)

// SavePause is how long the work must stay unchanged before it is saved:
// saving a large file costs milliseconds, so it waits for a pause in the
// typing rather than run per keystroke.
const SavePause = 500 * time.Millisecond

// MaxVersions is how many earlier versions of the work are kept.
const MaxVersions = 5

// Autosave is what the page reads of the autosave: when to save the
// work, whether it is saved at all, and the versions kept. It writes
// nothing: the autosave writes when the page sends the session a message
// (Save, SaveDue, Leaving, OtherTabSaved).
type Autosave interface {
	// SaveIn returns how long to wait before the work should be saved,
	// and false when there is nothing to save.
	SaveIn() (time.Duration, bool)
	// Saves reports whether the work is saved in this browser at all.
	Saves() bool
	// Versions returns the versions kept, newest first.
	Versions() []Version
	// VersionsKept returns how many versions this session has kept.
	VersionsKept() int
	// VersionRobots returns the robots.txt of version i of Versions.
	VersionRobots(i int) (string, error)
	// AsideState returns the saved state that could not be read when
	// the page opened, "" when there is none.
	AsideState() string
}

// autosave keeps a session's work in the browser's storage, once the
// typing pauses, with the last few versions before it (Versions), and
// reads the saved work back as the page opens. It is part of the session,
// which counts the changes it saves; the page asks it when to save
// (SaveIn) and sends the session the messages that have it write (Save,
// or SaveDue and SavePrepared in two tasks, Leaving) or that tell it of
// another tab's saves (OtherTabSaved): its writes are reached through
// Apply alone.
type autosave struct {
	work  *Session // whose state it writes, and whose notices say what happened
	store Storage
	now   func() time.Time

	changes    int       // changes made, counted: a write knows whether one came after what it holds
	settled    int       // the changes storage holds, or gave up on: the work is unsaved while they differ
	writes     int       // works written: a write prepared before another one is not made
	lastChange time.Time // a save waits for a pause after it
	noSave     bool      // storage failed, or holds work that must not be overwritten
	versionDue string    // the saved state becomes a version at the next save, with this label
	// visitAt, when versionDue is the visit's, is the visit's time, which
	// the label ends with: written when the version is kept (visitLabel).
	visitAt     time.Time
	aside       string // a saved state that could not be read, kept for export
	savedBefore string // the state in storage when the session last read or wrote it
	stamp       string // StampKey's value when the session last read or wrote it
	versions    int    // versions kept by this session (VersionsKept)
	id          string // tells this session's writes from another tab's (StampKey)
}

// changed counts a change to the work, to be saved after a pause.
func (a *autosave) changed() {
	a.changes++
	a.lastChange = a.now()
}

// versionBefore makes the saved state a version at the next save, labelled
// as what came after it, unless one is due already.
func (a *autosave) versionBefore(label string) {
	if a.versionDue == "" {
		a.versionDue = label
	}
}

// SaveIn returns how long to wait before the work should be saved, and
// false when there is nothing to save (or saving is off: embed mode,
// storage failed). A link waiting for the user's choice does not stop it:
// the work shown is the user's own, and what they type meanwhile is kept
// like any other change (a tab closed before choosing loses nothing).
func (a *autosave) SaveIn() (time.Duration, bool) {
	if !a.canSave() {
		return 0, false
	}
	return max(0, SavePause-a.now().Sub(a.lastChange)), true
}

// unsaved reports whether changes were made that storage neither holds nor
// gave up on.
func (a *autosave) unsaved() bool { return a.changes != a.settled }

func (a *autosave) canSave() bool {
	return a.unsaved() && a.Saves()
}

// save writes the work to storage now, if it changed. Before the first
// save after the page opened, and before the first save after an action
// that can be undone, the work as it was saved becomes a version. It
// reports whether it wrote.
func (a *autosave) save() bool {
	w, ok := a.prepare()
	return ok && a.finish(w)
}

// A saveWrite is the work as prepare encoded it, for finish to write.
type saveWrite struct {
	data    string
	changes int // the session's changes when it was encoded
	writes  int // and its writes
}

// prepare encodes the work for storage, if it changed; finish writes it.
// save does both at once; the page has them done in two tasks (SaveDue,
// then SavePrepared), as each costs a task's worth at 4 MiB. The work
// stays to be saved until written: a save meanwhile (the page being left)
// writes it itself, and the prepared write is then not made. ok is false when there is nothing
// to write, or the work is too large (with a notice).
func (a *autosave) prepare() (w saveWrite, ok bool) {
	if !a.canSave() {
		return saveWrite{}, false
	}
	data, err := share.ForStorage(a.work.state)
	if err != nil {
		a.settled = a.changes
		a.work.notes.add(Note{ID: NoteStorage, Alert: true, Text: "This work is too large to be saved in the browser (" +
			err.Error() + "): export the state as a JSON file to keep it."})
		return saveWrite{}, false
	}
	// One string: at 4 MiB each copy is work for the collector.
	return saveWrite{data: string(data), changes: a.changes, writes: a.writes}, true
}

// saveLeaving writes the work now, as the page is hidden or left, with
// the text of an analysis still due in the file's place. That analysis is
// not made here: a large file's is seconds of a slow machine's time, which
// a page being left may not have, and which the browser's event (and so
// the reload or the next page) would wait on. It reports whether it wrote.
func (a *autosave) saveLeaving() bool {
	w := a.work.due
	if w == nil || !a.Saves() {
		return a.save()
	}
	data, err := share.ForStorage(w.state)
	if err != nil {
		return a.save() // says why it cannot
	}
	// What the analysis will count as a change is written already; its
	// save, when it lands, writes the same again.
	return a.write(saveWrite{data: string(data), changes: a.changes, writes: a.writes})
}

// finish writes what prepare encoded, unless the work was written
// since, and reports whether it wrote. The work is saved if it did not
// change meanwhile.
func (a *autosave) finish(w saveWrite) bool {
	if !a.canSave() || w.writes != a.writes {
		return false
	}
	return a.write(w)
}

// write writes the work w encoded, keeping a version first when one is
// due, and reports whether it wrote.
func (a *autosave) write(w saveWrite) bool {
	if a.versionDue != "" && a.savedBefore != "" && a.savedBefore != w.data {
		label := a.versionDue
		if !a.visitAt.IsZero() {
			label += a.visitAt.Local().Format("2 Jan 15:04")
		}
		a.pushVersion(a.savedBefore, label)
	}
	a.versionDue, a.visitAt = "", time.Time{}
	a.keepOtherTabs(w.data)
	err := a.store.Set(SaveKey, w.data)
	if err != nil && a.dropVersions() {
		// Storage is full: the versions make room for the work itself.
		err = a.store.Set(SaveKey, w.data)
	}
	if err != nil {
		a.settled = a.changes
		a.storageFailed(err)
		return false
	}
	a.writes++
	a.settled = w.changes
	a.savedBefore = w.data
	stamp := a.id + ":" + strconv.Itoa(a.writes)
	if a.store.Set(StampKey, stamp) == nil {
		a.stamp = stamp
	}
	a.work.notes.dismiss(NoteStorage)
	return true
}

// keepOtherTabs keeps as a version the work another tab of the tester (or
// window) saved since this session last read or wrote storage, before this
// session's work is written over it: with the tester open twice, each
// tab saves its own work, and the last one to save would otherwise drop
// the other's in silence. The notice says where it is.
func (a *autosave) keepOtherTabs(data string) {
	if stamp, _, err := a.store.Get(StampKey); err != nil || stamp == a.stamp {
		return
	}
	other, ok, err := a.store.Get(SaveKey)
	if err != nil || !ok || other == "" || other == data || other == a.savedBefore {
		return
	}
	a.pushVersion(other, "Saved by another tab")
	a.work.notes.add(Note{ID: NoteTabs, Text: "The tester is open in another tab too, which saved other work in this browser. " +
		"This tab's work is saved now; the other's is kept in Earlier versions of your work (under More)."})
}

// otherTabSaved takes the stamp another tab of the tester (or window) just
// wrote under StampKey with its work, and says so at once, rather than at
// this tab's next save: the user then knows that the work stored in this
// browser is no longer this tab'a. Nothing is lost: this tab's work stays,
// and its next save keeps the other's as a version (keepOtherTabs). It
// reports whether a notice came.
func (a *autosave) otherTabSaved(stamp string) bool {
	if stamp == "" || stamp == a.stamp || strings.HasPrefix(stamp, a.id+":") || !a.Saves() {
		return false
	}
	a.work.notes.add(Note{ID: NoteTabs, Text: "The tester is open in another tab too, which has just saved its work in this browser. " +
		"This tab's work stays here and is saved at its next change; the other's is then kept in Earlier versions of your work (under More)."})
	return true
}

// storageFailed says, once, that the work is not being saved.
func (a *autosave) storageFailed(err error) {
	if a.noSave {
		return
	}
	a.noSave = true
	why := "its storage is disabled (a private window, blocked site data, or a page embedding the tester)"
	if errors.Is(err, ErrQuota) {
		why = "its storage is full"
	}
	a.work.notes.add(Note{ID: NoteStorage, Alert: true, Text: "Your work is not being saved in this browser: " + why +
		". Everything still works; copy a link or export the state to keep your work."})
}

// ErrQuota is the error a Storage returns when it is full.
var ErrQuota = errors.New("storage is full")

// Version is an earlier version of the work, kept by the autosave.
type Version struct {
	Label string    `json:"label"` // what came after it: "Before: Example"
	Saved time.Time `json:"saved"`
	State string    `json:"state"` // as a state file
}

// Versions returns the versions kept, newest first.
func (a *autosave) Versions() []Version {
	raw, ok, err := a.store.Get(VersionsKey)
	if !ok || err != nil {
		return nil
	}
	var vs []Version
	if json.Unmarshal([]byte(raw), &vs) != nil {
		return nil
	}
	return vs
}

// Saves reports whether the work, and its versions, are saved in this
// browser: not when storage is denied or failed, nor in the embed mode.
func (a *autosave) Saves() bool { return !a.noSave && !a.work.embed }

// VersionsKept returns how many versions this session has kept: a list of
// them shown is read again when it changes.
func (a *autosave) VersionsKept() int { return a.versions }

func (a *autosave) pushVersion(state, label string) {
	a.versions++
	vs := append([]Version{{Label: label, Saved: a.now().UTC(), State: state}}, a.Versions()...)
	if len(vs) > MaxVersions {
		vs = vs[:MaxVersions]
	}
	for len(vs) > 0 {
		data, _ := json.Marshal(vs) // versions always encode
		if a.store.Set(VersionsKey, string(data)) == nil {
			return
		}
		vs = vs[:len(vs)-1] // too large: keep fewer
	}
	a.store.Set(VersionsKey, "[]")
}

// dropVersions empties the versions to make room, reporting whether there
// were any.
func (a *autosave) dropVersions() bool {
	if len(a.Versions()) == 0 {
		return false
	}
	return a.store.Set(VersionsKey, "[]") == nil
}

// RestoreVersion puts version i of Versions in place of the work. It can
// be undone.
type RestoreVersion struct{ Index int }

func (e RestoreVersion) apply(s *Session) Effects {
	vs := s.save.Versions()
	if e.Index < 0 || e.Index >= len(vs) {
		return Effects{}
	}
	v := vs[e.Index]
	st, err := share.Unmarshal([]byte(v.State))
	if err != nil {
		s.notes.add(Note{ID: NoteStorage, Alert: true, Text: "That version could not be read: " + err.Error() + "."})
		return Effects{}
	}
	// Not the version's own label: a version of a restore would nest it
	// ("Before: Version “Before: …” restored").
	return Replace{State: st, Label: "Version of " + v.Saved.Local().Format("2 Jan 15:04") + " restored"}.apply(s)
}

// VersionSummary describes a version in a few words: its label, time and
// size.
func VersionSummary(v Version) string {
	text := v.Label + ", " + v.Saved.Local().Format("2 Jan 15:04")
	if st, err := share.Unmarshal([]byte(v.State)); err == nil {
		text += " (" + model.Plural(len(st.Rows), "test", "tests") + ", " + model.Plural(len(st.Robots), "byte", "bytes") + ")"
	}
	return text
}

// VersionRobots returns the robots.txt of version i of Versions, to
// compare it with the current file.
func (a *autosave) VersionRobots(i int) (string, error) {
	vs := a.Versions()
	if i < 0 || i >= len(vs) {
		return "", errors.New("that version is no longer kept")
	}
	st, err := share.Unmarshal([]byte(vs[i].State))
	if err != nil {
		return "", err
	}
	return st.Robots, nil
}

// restore reads the saved work. Saved work that cannot be read whole, or
// holds more than the tester does, is kept aside, never overwritten, and
// offered for export.
func (a *autosave) restore() (model.State, bool) {
	a.stamp, _, _ = a.store.Get(StampKey)
	saved, ok, err := a.store.Get(SaveKey)
	if err != nil {
		a.storageFailed(err)
		return model.State{}, false
	}
	if !ok || saved == "" {
		return model.State{}, false
	}
	a.savedBefore = saved
	st, err := share.Unmarshal([]byte(saved))
	if err != nil {
		a.keepAside(saved, "Your saved work could not be read ("+err.Error()+")")
		return model.State{}, false
	}
	c := st.Fit()
	if c.Any() {
		a.keepAside(saved, "Your saved work holds more than the tester does: "+c.String()+"; what fits is open")
	}
	a.work.sayLineEnds("Your saved robots.txt", c)
	return st, true
}

// keepAside keeps saved work that could not be opened whole under
// AsideKey, and says so; when it cannot be kept aside, the saved work is
// not overwritten at all.
func (a *autosave) keepAside(saved, why string) {
	a.aside = saved
	text := why + ". It is kept aside in this browser, not overwritten: export it to keep it."
	if prev, _, _ := a.store.Get(AsideKey); prev != saved {
		if err := a.store.Set(AsideKey, saved); err != nil {
			a.noSave = true
			text = why + ". Nothing will be saved over it in this browser: export it to keep it."
		}
	}
	a.work.notes.add(Note{ID: NoteAside, Alert: true, Text: text, Action: ActionExportAside})
}

// AsideState returns the saved state that could not be read when the page
// opened, as it was stored, for the user to export; "" when there is none.
func (a *autosave) AsideState() string { return a.aside }
