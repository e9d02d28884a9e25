package webhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/types"
)

// reviewIn is the part of a ConversionReview the handler reads.
type reviewIn struct {
	APIVersion string
	Kind       string
	Request    *requestIn
}

type requestIn struct {
	UID               types.UID
	DesiredAPIVersion string
	// Objects holds the text of every object, a slice of the request
	// body, which the handler owns and keeps until it has answered, up
	// to the first that is not an object with an apiVersion and a kind
	// (see scanner.objects); Dropped counts the values after that one.
	Objects [][]byte
	Dropped int
}

// parseReview reads a ConversionReview from text: its apiVersion and kind
// and, of its request, the uid, the desiredAPIVersion and the text of each
// object. It does not decode the objects: each is decoded into its Go type,
// and so checked, when it is converted; everything else in text is checked
// to be JSON. Reading the review this way, rather than decoding it with
// encoding/json and then each object again, scans the objects once fewer
// times. As with encoding/json, a key given twice counts with its last
// value, null leaves a string as it was, and a second request object fills
// in the first (objects it replaces are checked to be JSON); but keys match
// exactly (as with the API machinery's decoder), not also in another case.
func parseReview(text []byte, review *reviewIn) error {
	s := scanner{text: text}
	err := s.members(func(key string) error {
		var err error
		switch key {
		case "apiVersion":
			err = s.stringValue(key, &review.APIVersion)
		case "kind":
			err = s.stringValue(key, &review.Kind)
		case "request":
			old := review.Request
			if review.Request, err = s.request(old); err == nil && review.Request == nil && old != nil {
				err = replaced(old.Objects)
			}
		default:
			err = s.skipValid(key)
		}
		return err
	})
	if err != nil {
		return err
	}
	s.space()
	if s.i < len(s.text) {
		return s.syntaxError("after the review")
	}
	return nil
}

// request reads the request (or null) into r, or into a new request when r
// is nil.
func (s *scanner) request(r *requestIn) (*requestIn, error) {
	if s.null() {
		return nil, nil
	}
	if r == nil {
		r = &requestIn{}
	}
	err := s.members(func(key string) error {
		var err error
		switch key {
		case "uid":
			uid := string(r.UID)
			err = s.stringValue("request.uid", &uid)
			r.UID = types.UID(uid)
		case "desiredAPIVersion":
			err = s.stringValue("request.desiredAPIVersion", &r.DesiredAPIVersion)
		case "objects":
			if err = replaced(r.Objects); err == nil {
				r.Objects, r.Dropped, err = s.objects()
			}
		default:
			err = s.skipValid("request." + key)
		}
		return err
	})
	return r, err
}

// replaced checks objects that a later value replaces, which no decode
// will check, to be JSON.
func replaced(objects [][]byte) error {
	for i, o := range objects {
		if !json.Valid(o) {
			return fmt.Errorf("object %d of request.objects, which a later value replaces, is not JSON", i)
		}
	}
	return nil
}

// objects reads an array of objects (or null), returning the text of
// each up to the first that is not an object with an apiVersion and a
// kind (see typeOf), which fails the review: the values after that one
// are counted (dropped), not kept, and the array is checked to be JSON.
// The handler needs no more to answer, and so a review of many tiny
// values ("[{},{},...]", 3 bytes each against the 24 of a slice in
// objects, which took 2.8 GiB for 64 MiB of them) keeps no more slices
// than it has objects typeOf reads, each at least 27 bytes of text (64
// MiB of the smallest: 2.4 million objects, 336 MiB allocated in all,
// most of it the slice's growth).
func (s *scanner) objects() (objects [][]byte, dropped int, err error) {
	if s.null() {
		return nil, 0, nil
	}
	start := s.i
	if !s.consume('[') {
		return nil, 0, s.syntaxError("in request.objects, which is not an array")
	}
	s.space()
	if s.consume(']') {
		return objects, 0, nil
	}
	keep := true
	for {
		s.space()
		at := s.i
		if !s.skip() {
			return nil, 0, s.syntaxError("in request.objects")
		}
		if keep {
			objects = append(objects, s.text[at:s.i])
			if _, _, err := typeOf(s.text[at:s.i]); err != nil {
				keep = false
			}
		} else {
			dropped++
		}
		s.space()
		if s.consume(']') {
			if dropped > 0 && !json.Valid(s.text[start:s.i]) {
				return nil, 0, errors.New("request.objects is not JSON")
			}
			return objects, dropped, nil
		}
		if !s.consume(',') {
			return nil, 0, s.syntaxError("in request.objects")
		}
	}
}

// members reads a JSON object, calling value for each key with the scanner
// at the key's value, which value must read.
func (s *scanner) members(value func(key string) error) error {
	s.space()
	if !s.consume('{') {
		return s.syntaxError("looking for an object")
	}
	s.space()
	if s.consume('}') {
		return nil
	}
	for {
		s.space()
		key, ok := s.str()
		if !ok {
			return s.syntaxError("looking for a key")
		}
		s.space()
		if !s.consume(':') {
			return s.syntaxError("after key " + key)
		}
		s.space()
		if err := value(key); err != nil {
			return err
		}
		s.space()
		if s.consume('}') {
			return nil
		}
		if !s.consume(',') {
			return s.syntaxError("after the value of " + key)
		}
	}
}

// stringValue reads a string into v; null leaves v as it was.
func (s *scanner) stringValue(name string, v *string) error {
	if s.null() {
		return nil
	}
	str, ok := s.str()
	if !ok {
		return fmt.Errorf("%s is not a string", name)
	}
	*v = str
	return nil
}

// skipValid passes over a value that the handler does not read, which
// must be JSON.
func (s *scanner) skipValid(name string) error {
	start := s.i
	if !s.skip() || !json.Valid(s.text[start:s.i]) {
		return fmt.Errorf("the value of %s is not JSON", name)
	}
	return nil
}

func (s *scanner) null() bool {
	if bytes.HasPrefix(s.text[s.i:], []byte("null")) {
		s.i += 4
		return true
	}
	return false
}

func (s *scanner) syntaxError(where string) error {
	if s.i >= len(s.text) {
		return fmt.Errorf("unexpected end of JSON input %s", where)
	}
	return fmt.Errorf("invalid character %q at offset %d %s", s.text[s.i], s.i, where)
}

// typeOf returns the top-level "apiVersion" and "kind" of the JSON object
// text, scanning only as far as it must to find both: the values of other
// keys are skipped, not parsed. The full decode that follows checks the
// rest of the text.
func typeOf(text []byte) (apiVersion, kind string, err error) {
	var s scanner
	s.text = text
	s.space()
	if !s.consume('{') {
		return "", "", errors.New("not a JSON object")
	}
	var haveVersion, haveKind bool
	for first := true; ; first = false {
		s.space()
		if s.consume('}') {
			break
		}
		if !first && (!s.consume(',') || !s.spaceThen()) {
			return "", "", errors.New("not a JSON object")
		}
		key, ok := s.str()
		s.space()
		if !ok || !s.consume(':') {
			return "", "", errors.New("not a JSON object")
		}
		s.space()
		switch key {
		case "apiVersion", "kind":
			v, ok := s.str()
			if !ok {
				return "", "", fmt.Errorf("its %s is not a string", key)
			}
			if key == "kind" {
				kind, haveKind = v, true
			} else {
				apiVersion, haveVersion = v, true
			}
			if haveKind && haveVersion {
				return apiVersion, kind, nil
			}
		default:
			if !s.skip() {
				return "", "", errors.New("not a JSON object")
			}
		}
	}
	if !haveVersion || !haveKind {
		return apiVersion, kind, errors.New("it has no apiVersion and kind")
	}
	return apiVersion, kind, nil
}

// scanner walks JSON text without decoding it.
type scanner struct {
	text []byte
	i    int
}

func (s *scanner) space() {
	for s.i < len(s.text) {
		switch s.text[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// spaceThen skips white space and reports whether text follows.
func (s *scanner) spaceThen() bool {
	s.space()
	return s.i < len(s.text)
}

func (s *scanner) consume(c byte) bool {
	if s.i < len(s.text) && s.text[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a JSON string; one with escapes is decoded by encoding/json.
func (s *scanner) str() (string, bool) {
	start := s.i
	if !s.skipString() {
		return "", false
	}
	lit := s.text[start:s.i]
	if plain(lit) {
		return string(lit[1 : len(lit)-1]), true
	}
	var v string
	if json.Unmarshal(lit, &v) != nil {
		return "", false
	}
	return v, true
}

func (s *scanner) skipString() bool {
	if !s.consume('"') {
		return false
	}
	for s.i < len(s.text) {
		switch s.text[s.i] {
		case '\\':
			s.i += 2
		case '"':
			s.i++
			return true
		default:
			s.i++
		}
	}
	return false
}

// skip passes over one JSON value, counting brackets and braces; a number
// or literal runs to the next delimiter, and is not checked, but must not
// be empty.
func (s *scanner) skip() bool {
	if s.i >= len(s.text) {
		return false
	}
	switch s.text[s.i] {
	case '"':
		return s.skipString()
	case '{', '[':
		depth := 0
		for s.i < len(s.text) {
			switch s.text[s.i] {
			case '"':
				if !s.skipString() {
					return false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return true
				}
			}
			s.i++
		}
		return false
	default: // a number or literal, which must not be empty
		start := s.i
		for s.i < len(s.text) {
			switch s.text[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return s.i > start
			}
			s.i++
		}
		return true
	}
}

// plain reports whether the string literal lit has no escapes, no control
// characters and no invalid UTF-8 (which encoding/json reads as U+FFFD),
// so that its text is its value.
func plain(lit []byte) bool {
	ascii := true
	for _, c := range lit {
		if c == '\\' || c < 0x20 {
			return false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	return ascii || utf8.Valid(lit)
}
