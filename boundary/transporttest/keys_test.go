package transporttest_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
)

// Key writers a generator could emit in place of boundary.Key, each right
// for plain words and wrong for some keys that paths quote.
var (
	// Writes text keys as they are.
	unquotedKey = func(v any) string {
		if s, ok := v.(*string); ok && s != nil {
			return *s
		}
		if s, ok := v.(string); ok {
			return s
		}
		return boundary.Key(v)
	}
	// Quotes a key with a '.', which paths hold plain ([x.y]).
	dotQuotedKey = func(v any) string {
		if s, ok := v.(*string); ok && s != nil && strings.Contains(*s, ".") {
			return strconv.Quote(*s)
		}
		return boundary.Key(v)
	}
	// Quotes as encoding/json does ("<" as \u003c, a NUL as \u0000, DEL
	// as it is), not as strconv.Quote.
	jsonQuotedKey = func(v any) string {
		k := boundary.Key(v)
		if s, ok := v.(string); ok && strings.HasPrefix(k, `"`) {
			b, _ := json.Marshal(s)
			return string(b)
		}
		return k
	}
	// Escapes quotes but not backslashes.
	halfEscapedKey = func(v any) string {
		k := boundary.Key(v)
		if s, ok := v.(string); ok && strings.HasPrefix(k, `"`) {
			return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
		}
		return k
	}
)

// TestCheckCatchesMisquotedKeys: the random keys of list maps and maps
// hold, now and then, what paths must quote and escape, so Check catches
// a transport whose paths write such keys otherwise than reflectbags
// does: list-map keys (the harbour's docks, by name) written unquoted, or
// quoted where they hold a '.'; map keys (the route's groups) quoted as
// JSON, or with their backslashes unescaped. Each writes plain words as
// boundary.Key does.
func TestCheckCatchesMisquotedKeys(t *testing.T) {
	for _, c := range []struct {
		name string
		pair transporttest.Pair
	}{
		{"docks unquoted", transporttest.PairOf("docks unquoted", harbourTransport{key: unquotedKey}.from, harbourTransport{key: unquotedKey}.to)},
		{"docks dot quoted", transporttest.PairOf("docks dot quoted", harbourTransport{key: dotQuotedKey}.from, harbourTransport{key: dotQuotedKey}.to)},
		{"groups quoted as JSON", transporttest.PairOf("groups quoted as JSON", routeTransport{key: jsonQuotedKey}.from, routeTransport{key: jsonQuotedKey}.to)},
		{"groups half escaped", transporttest.PairOf("groups half escaped", routeTransport{key: halfEscapedKey}.from, routeTransport{key: halfEscapedKey}.to)},
	} {
		err := transporttest.Check(c.pair, 500)
		if err == nil || !strings.Contains(err.Error(), c.name+": seed ") ||
			!strings.Contains(err.Error(), "stash: annotation differs") && !strings.Contains(err.Error(), "stash: status bags differ") {
			t.Errorf("%s: Check says %v, want an error at the stash, for the annotation or the status bags", c.name, err)
		}
	}
}
