package widget

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// A Sender takes what a view's user did, as a message of the session
// (session.Msg): an edit of the work, or a message to one of its parts.
// The page is the one Sender of the live page; a test's records what it is
// sent. A view holds a Sender and no other way into the page.
type Sender interface {
	Send(ctx app.Context, msg any)
}
