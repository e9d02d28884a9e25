package convtest

import (
	"encoding/json"
	"testing"
)

// rawDoc holds JSON text in a field Raw, as apiextensions' JSON does.
type rawDoc struct {
	Raw []byte `json:"-"`
}

func (d rawDoc) MarshalJSON() ([]byte, error) { return d.Raw, nil }

func (d *rawDoc) UnmarshalJSON(b []byte) error {
	d.Raw = append(d.Raw[:0], b...)
	return nil
}

// TestFieldValuesRawJSONAsTheAPIServerSendsIt: JSON text given to
// FieldValues (prometheus-operator's AlertmanagerConfig child routes,
// apiextensions' JSON written by hand in the test options) is drawn as the
// API server passes it to a conversion webhook, which holds a custom
// resource as a tree of maps: keys in order, compact, integers as
// integers. Text kept as written would show hooks a text no API server
// sends them (a hook that compares the text with what it wrote earlier
// passes the kit and fails in a cluster).
func TestFieldValuesRawJSONAsTheAPIServerSendsIt(t *testing.T) {
	written := `{"receiver": "a", "matchers": [{"value": "x", "name": "sev", "n": 2.0, "f": 1.5}]}`
	want := `{"matchers":[{"f":1.5,"n":2,"name":"sev","value":"x"}],"receiver":"a"}`
	doc := rawDoc{Raw: []byte(written)}
	c := newConfig([]Option{
		FieldValues("Doc", doc),
		FieldValues("Msg", json.RawMessage(written)),
	})
	if got := string(c.fields["Doc"][0].Interface().(rawDoc).Raw); got != want {
		t.Errorf("a struct with Raw: drawn %s, want %s", got, want)
	}
	if got := string(c.fields["Msg"][0].Interface().(json.RawMessage)); got != want {
		t.Errorf("json.RawMessage: drawn %s, want %s", got, want)
	}
	if string(doc.Raw) != written {
		t.Errorf("the caller's value changed: %s", doc.Raw)
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("text that is no JSON: no panic")
		}
	}()
	FieldValues("Doc", rawDoc{Raw: []byte(`{"a":`)})
}
