package robots

import (
	"strings"
)

// RFC 9651 structured fields, as much of them as Content-Usage needs:
// a Dictionary's members, their bare items, parameters and inner lists
// read and skipped.

// A dictEntry is one member of a structured-field Dictionary.
type dictEntry struct {
	key     string
	value   string // a token's or string's text
	token   bool   // the value is a Token
	written string // the value as written, for messages; "" for none (true)
}

// parseDictionary parses s as an RFC 9651 Dictionary, parameters read and
// dropped. It returns the members in order, each key once (the last
// occurrence's value, in the first occurrence's place), or what is wrong.
func parseDictionary(s string) ([]dictEntry, string) {
	s = strings.Trim(s, " ")
	var out []dictEntry
	i := 0
	for i < len(s) {
		start := i
		if !isLCAlpha(s[i]) && s[i] != '*' {
			return nil, "a key must start with a lower-case letter or *, not " + quote(s[i:i+1])
		}
		i = keyEnd(s, i)
		e := dictEntry{key: s[start:i]}
		if i < len(s) && s[i] == '=' {
			i++
			vs := i
			var err string
			if i < len(s) && s[i] == '(' {
				i, err = skipInnerList(s, i)
			} else {
				e.value, e.token, i, err = bareItem(s, i)
			}
			if err != "" {
				return nil, err
			}
			e.written = s[vs:i]
		}
		var err string
		if i, err = skipParams(s, i); err != "" {
			return nil, err
		}
		if j := indexEntry(out, e.key); j >= 0 {
			out[j] = e
		} else {
			out = append(out, e)
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == len(s) {
			break
		}
		if s[i] != ',' {
			return nil, "expected a comma at " + quote(s[i:])
		}
		i++
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == len(s) {
			return nil, "a comma at the end"
		}
	}
	return out, ""
}

func indexEntry(es []dictEntry, key string) int {
	for i := range es {
		if es[i].key == key {
			return i
		}
	}
	return -1
}

// keyEnd returns the end of the structured-field key that starts at s[i].
func keyEnd(s string, i int) int {
	for i < len(s) && (isLCAlpha(s[i]) || '0' <= s[i] && s[i] <= '9' || s[i] == '_' || s[i] == '-' || s[i] == '.' || s[i] == '*') {
		i++
	}
	return i
}

// quote puts s in double quotes, for messages.
func quote(s string) string { return `"` + s + `"` }

func isLCAlpha(c byte) bool { return 'a' <= c && c <= 'z' }

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isTChar(c byte) bool {
	return isAlpha(c) || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~:/", c) >= 0
}

// bareItem reads an RFC 9651 bare item at s[i:]: a token, a string, a
// number, a boolean or a byte sequence.
func bareItem(s string, i int) (value string, token bool, next int, err string) {
	if i >= len(s) {
		return "", false, i, "a value is missing after ="
	}
	switch c := s[i]; {
	case isAlpha(c) || c == '*':
		j := i + 1
		for j < len(s) && isTChar(s[j]) {
			j++
		}
		return s[i:j], true, j, ""
	case c == '"':
		// A string is never the token y or n: it is only checked.
		for j := i + 1; j < len(s); j++ {
			switch {
			case s[j] == '\\':
				if j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\\') {
					j++
					continue
				}
				return "", false, j, "a bad escape in a string"
			case s[j] == '"':
				return s[i+1 : j], false, j + 1, ""
			case s[j] < 0x20 || s[j] > 0x7e:
				return "", false, j, "a string holds a byte that is not printable ASCII"
			}
		}
		return "", false, len(s), "a string is not closed"
	case c == '-' || '0' <= c && c <= '9':
		j := i
		if c == '-' {
			j++
		}
		d := j
		for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.') {
			j++
		}
		if j == d {
			return "", false, j, "a number has no digits"
		}
		return s[i:j], false, j, ""
	case c == '?':
		if i+1 < len(s) && (s[i+1] == '0' || s[i+1] == '1') {
			return s[i : i+2], false, i + 2, ""
		}
		return "", false, i, "a boolean must be ?0 or ?1"
	case c == ':':
		j := strings.IndexByte(s[i+1:], ':')
		if j < 0 {
			return "", false, len(s), "a byte sequence is not closed"
		}
		return s[i : i+j+2], false, i + j + 2, ""
	}
	return "", false, i, "a value cannot start with " + quote(s[i:i+1])
}

// skipInnerList skips an inner list "( item item )" at s[i:].
func skipInnerList(s string, i int) (int, string) {
	i++
	for {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			return i, "an inner list is not closed"
		}
		if s[i] == ')' {
			return skipParams(s, i+1)
		}
		var err string
		if _, _, i, err = bareItem(s, i); err != "" {
			return i, err
		}
		if i, err = skipParams(s, i); err != "" {
			return i, err
		}
		if i < len(s) && s[i] != ' ' && s[i] != ')' {
			return i, "items of an inner list must be separated by spaces"
		}
	}
}

// skipParams skips parameters ";key=value" at s[i:]: they are ignored.
func skipParams(s string, i int) (int, string) {
	for i < len(s) && s[i] == ';' {
		i++
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) || !isLCAlpha(s[i]) && s[i] != '*' {
			return i, "a parameter must start with a lower-case letter or *"
		}
		i = keyEnd(s, i)
		if i < len(s) && s[i] == '=' {
			var err string
			if _, _, i, err = bareItem(s, i+1); err != "" {
				return i, err
			}
		}
	}
	return i, ""
}
