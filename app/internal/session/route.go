package session

// route returns the Edit that carries out m: m itself, or the message of
// a part the session holds, given to that part. A message of no known
// type changes nothing.
func route(m Msg) Edit {
	switch m := m.(type) {
	case Edit:
		return m
	}
	if e, ok := routePart(m); ok {
		return e
	}
	return unknown{}
}

// unknown is a message no part takes.
type unknown struct{}

func (unknown) apply(*Session) Effects { return Effects{} }
