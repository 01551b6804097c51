package ui

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/internal/share"
	"robotstester/app/ui/dom"
)

// pageState is the Tester's part that belongs to the browser rather than
// to the work: the embed mode, the save timer, the full tester's link.
type pageState struct {
	embed     embed.Options
	listeners []app.Func // the browser's events the page follows, kept alive
	fullLink  string     // embed mode: the "Open in full tester" link
}

// arrive picks the state the page opens with: the link's, the autosaved
// work or the example, and in embed mode sets up the compact layout; then
// it calls then.
//
// Reading a link or saved work of 1000 tests on a large file is up to a
// second of WebAssembly: it runs on a session of its own, not yet shown, in
// a goroutine that pauses every slice (pacer) so that the browser keeps
// its turn, and the page's session takes what it read in one edit
// (session.Arrived).
func (t *Tester) arrive(ctx app.Context, then func(app.Context)) {
	p := &t.page
	u := dom.URL()
	p.embed = embed.Parse(u.Query())
	fragment, damaged, storageErr := dom.Arrival()
	work := session.New(browserStorage{denied: storageErr}, nil, *t.work.State())
	if p.embed.On {
		work = session.NewEmbed(*t.work.State())
	}
	arrive := session.Arrive{Fragment: unescapeFragment(fragment), Damaged: damaged}
	t.own.Async(func() {
		arrive.Pause = pacer()
		fx := work.Apply(arrive)
		t.own.Dispatch(func(ctx app.Context) {
			t.arrived(ctx, t.work.Apply(session.Arrived{Read: work, Effects: fx}))
			then(ctx)
		})
	})
}

// arrived shows the state the page opens with and sets up what follows
// the work: the autosave on leaving, Undo's keys.
func (t *Tester) arrived(ctx app.Context, fx session.Effects) {
	p := &t.page
	u := dom.URL()
	t.show(ctx, fx)
	t.opened = true
	if p.embed.On {
		p.fullLink = embed.FullURL(u, share.Fragment(*t.work.State()))
		dom.ReportHeight()
		return
	}
	if fx.Link == session.LinkOpened {
		// The link's work is the user's from now on; it is saved in a
		// task of its own (1000 tests are tens of milliseconds of JSON).
		dom.AfterFrame(ctx, func(ctx app.Context) {
			ctx.PreventUpdate()
			t.run(ctx, t.work.Apply(session.Save{}).IO)
		})
	}
	if fx.Link == session.LinkOpened || fx.Link == session.LinkFailed {
		dom.ReplaceURL(embed.PageURL(u)) // a reload must not ask again
	}
	// Hidden tabs may be closed without notice: what is left is saved
	// (dom.PageLeft); another tab's save, a link given to the open page
	// are followed too (Send).
	p.listeners = dom.FollowPage(t.own, t)
	p.listeners = append(p.listeners, dom.OnUndoKeys(ctx, t, session.Undo{}, session.Redo{}))
}

// linkGiven takes a link given to the page already open, on the browser's
// hashchange event: a link pasted in the address bar, Back or Forward (the
// page's own changes of its address make no such event). Its tests wait
// for the user's choice, as a link does over saved work at the start; one
// that cannot be read, or whose address was damaged, is said.
func (t *Tester) linkGiven(ctx app.Context) {
	damaged := dom.TakeNavDamaged()
	u := dom.URL()
	if u == nil {
		return // guardNavigation repairs what Go cannot parse
	}
	fx := t.work.Apply(session.LinkGiven{Fragment: unescapeFragment(u.EscapedFragment()), Damaged: damaged})
	if fx.None() && damaged == "" {
		ctx.PreventUpdate() // a jump within the page
		return
	}
	t.show(ctx, fx)
	switch fx.Link {
	case session.LinkOpened, session.LinkFailed:
		dom.ReplaceURL(embed.PageURL(u)) // a reload must not ask again
	case session.LinkWaits:
		// The choice is drawn at the top of the page, which the user
		// may have scrolled far from: it comes into view, its first
		// answer focused.
		dom.AfterFrame(ctx, func(ctx app.Context) {
			ctx.PreventUpdate()
			if dom.Focus("open-shared") {
				dom.ScrollIntoView("shared-choice")
			}
		})
	}
}

// unescapeFragment returns an address's fragment as the session reads a
// link from it: unescaped, or as it is when it does not unescape.
func unescapeFragment(fragment string) string {
	if f, err := url.PathUnescape(fragment); err == nil {
		return f
	}
	return fragment
}

// browserStorage is localStorage as a session.Storage. denied, when not
// nil, is why the page could not use it at all (Guard put a storage in
// memory in its place).
type browserStorage struct{ denied error }

func (b browserStorage) Get(key string) (string, bool, error) {
	if b.denied != nil {
		return "", false, b.denied
	}
	return dom.StorageGet(key)
}

func (b browserStorage) Set(key, value string) error {
	if b.denied != nil {
		return b.denied
	}
	err := dom.StorageSet(key, value)
	if err != nil && strings.Contains(strings.ToLower(err.Error()), "quota") {
		return session.ErrQuota
	}
	return err
}
