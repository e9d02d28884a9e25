package boundary_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A rule of an unkeyed list as an API version shows it, and its twin's
// bag, which holds what the version cannot show (here a timeout).
type rule struct {
	Path string `json:"path"`
}

// stashRules plays the generated stash of an unkeyed list at list: each
// element's bag, then its fingerprint.
func stashRules(t *testing.T, c *boundary.Carrier, list string, rules []rule, bags []propertybag.PropertyBag) {
	t.Helper()
	mark := c.Mark()
	for i := range rules {
		c.Bag(list+"["+itoa(i)+"]", &bags[i])
	}
	if err := boundary.Elements(c, list, mark, rules); err != nil {
		t.Fatal(err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// stashedRules stashes rules whose bags hold the timeouts (none where "")
// and returns the annotation.
func stashedRules(t *testing.T, paths []string, timeouts []string) map[string]string {
	t.Helper()
	var c boundary.Carrier
	rules := make([]rule, len(paths))
	bags := make([]propertybag.PropertyBag, len(paths))
	for i, p := range paths {
		rules[i] = rule{Path: p}
		if timeouts[i] != "" {
			bags[i] = propertybag.PropertyBag{"Timeout": `"` + timeouts[i] + `"`}
		}
	}
	stashRules(t, &c, "spec.rules", rules, bags)
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	return meta.Annotations
}

// recallRules plays the generated recall: the timeouts each rule the
// client sent gets back ("" for none).
func recallRules(t *testing.T, annotations map[string]string, sent []rule) []string {
	t.Helper()
	var r boundary.Carrier
	if err := r.Open(annotations, nil); err != nil {
		t.Fatal(err)
	}
	bags := make([]propertybag.PropertyBag, len(sent))
	for r.Next() {
		order := boundary.Match(&r, "spec.rules", sent)
		for j := range sent {
			r.Bag(order.Path("spec.rules", j), &bags[j])
		}
	}
	if err := r.Done(&metav1.ObjectMeta{}, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]string, len(sent))
	for j, bag := range bags {
		if text, ok := bag["Timeout"]; ok {
			got[j] = strings.Trim(text, `"`)
		}
	}
	return got
}

func rules(paths ...string) []rule {
	out := make([]rule, len(paths))
	for i, p := range paths {
		out[i] = rule{Path: p}
	}
	return out
}

// One case per row of the table in docs/design-unkeyed-lists.md: what a
// client of the API version does to an unkeyed list, and which hidden
// values each element it sent gets back.
func TestHiddenValuesFollowTheirElement(t *testing.T) {
	stashedPaths := []string{"/a", "/b", "/c"}
	stashedTimeouts := []string{"1s", "2s", ""}
	cases := []struct {
		name string
		sent []rule
		want []string
	}{
		{"unchanged", rules("/a", "/b", "/c"), []string{"1s", "2s", ""}},
		{"swap", rules("/b", "/a", "/c"), []string{"2s", "1s", ""}},
		{"reverse", rules("/c", "/b", "/a"), []string{"", "2s", "1s"}},
		{"remove the first", rules("/b", "/c"), []string{"2s", ""}},
		{"remove the second", rules("/a", "/c"), []string{"1s", ""}},
		{"insert first", rules("/new", "/a", "/b", "/c"), []string{"", "1s", "2s", ""}},
		{"append", rules("/a", "/b", "/c", "/d"), []string{"1s", "2s", "", ""}},
		{"edit in place", rules("/a2", "/b", "/c"), []string{"1s", "2s", ""}},
		{"edit in place and append", rules("/a", "/b2", "/c", "/d"), []string{"1s", "2s", "", ""}},
		{"remove the first, edit the last", rules("/b", "/c2"), []string{"2s", ""}},
		// What fingerprints cannot tell: an element moved and edited in
		// one write, or edited beside one deleted (which of the two was
		// deleted?), gets none: its values are lost rather than given to
		// another element.
		{"move and edit", rules("/b", "/a2", "/c"), []string{"2s", "", ""}},
		{"remove the first, edit the second", rules("/b2", "/c"), []string{"", ""}},
		{"edit the first, remove the second", rules("/a2", "/c"), []string{"", ""}},
		{"empty", nil, []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			annotations := stashedRules(t, stashedPaths, stashedTimeouts)
			if got := recallRules(t, annotations, tc.sent); !slices.Equal(got, tc.want) {
				t.Errorf("timeouts back %q, want %q", got, tc.want)
			}
		})
	}
}

// The last element edited and another appended in one write: the edited
// one keeps its values. The first deleted and the second edited (a port of
// Key Vault's access policies found it: the hidden value is a principal):
// the edited one gets none, not the deleted one's.
func TestEditedBesideAddedOrDeleted(t *testing.T) {
	annotations := stashedRules(t, []string{"/a", "/b"}, []string{"1s", "2s"})
	for _, tc := range []struct {
		sent []rule
		want []string
	}{
		{rules("/a", "/b2", "/c"), []string{"1s", "2s", ""}},
		{rules("/b2"), []string{""}},
		{rules("/a2"), []string{""}},
		{rules("/x", "/a2", "/b"), []string{"", "", "2s"}},
	} {
		if got := recallRules(t, annotations, tc.sent); !slices.Equal(got, tc.want) {
			t.Errorf("sent %v: timeouts back %q, want %q", tc.sent, got, tc.want)
		}
	}
}

// Elements with equal JSON: the client cannot tell them apart. One still
// at its place keeps its values, and the others are paired in order.
func TestEqualElementsArePairedInOrder(t *testing.T) {
	annotations := stashedRules(t, []string{"/a", "/a", "/b"}, []string{"1s", "2s", "3s"})
	for _, tc := range []struct {
		sent []rule
		want []string
	}{
		{rules("/a", "/a", "/b"), []string{"1s", "2s", "3s"}},
		{rules("/a", "/b"), []string{"1s", "3s"}},
		{rules("/b", "/a", "/a"), []string{"3s", "2s", "1s"}},
		{rules("/a", "/a"), []string{"1s", "2s"}},
		// Both /a moved: the first takes the first one's values.
		{rules("/x", "/b", "/a", "/a"), []string{"", "3s", "1s", "2s"}},
	} {
		if got := recallRules(t, annotations, tc.sent); !slices.Equal(got, tc.want) {
			t.Errorf("sent %v: timeouts back %q, want %q", tc.sent, got, tc.want)
		}
	}
	// Eight equal elements, none still at its place (the eight before them
	// were deleted): they are paired in the order they were stashed, however
	// a map holds the stashed fingerprints (several recalls, since map order
	// changes from one to the next).
	var paths, timeouts, want []string
	for i := range 8 {
		paths, timeouts = append(paths, "/b"+itoa(i)), append(timeouts, "")
	}
	for i := range 8 {
		paths, timeouts = append(paths, "/a"), append(timeouts, itoa(i+1)+"s")
		want = append(want, itoa(i+1)+"s")
	}
	annotations = stashedRules(t, paths, timeouts)
	sent := rules("/a", "/a", "/a", "/a", "/a", "/a", "/a", "/a")
	for range 20 {
		if got := recallRules(t, annotations, sent); !slices.Equal(got, want) {
			t.Fatalf("eight equal elements moved: timeouts back %q, want %q", got, want)
		}
	}
}

// Every element of a list with something below an element gets a
// fingerprint, in the bag #elements of the annotation; elements inside
// status get theirs in the status bags, beside their own. A list with
// nothing below its elements gets none.
func TestFingerprintsAreWrittenBesideTheBags(t *testing.T) {
	var c boundary.Carrier
	specRules := rules("/a", "/b")
	specBags := []propertybag.PropertyBag{nil, {"Timeout": `"2s"`}}
	stashRules(t, &c, "spec.rules", specRules, specBags)
	stashRules(t, &c, "spec.quiet", rules("/q"), []propertybag.PropertyBag{nil})
	conditions := rules("Ready")
	mark := c.Mark()
	if err := c.Twin("status.conditions[0]", "observedGeneration", nil); err != nil {
		t.Fatal(err)
	}
	if err := boundary.Elements(&c, "status.conditions", mark, conditions); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	var status propertybag.Bags
	if err := c.Done(&meta, &status); err != nil {
		t.Fatal(err)
	}
	var annotation map[string]map[string]any
	if err := json.Unmarshal([]byte(meta.Annotations[boundary.Annotation]), &annotation); err != nil {
		t.Fatal(err)
	}
	fps := annotation["#elements"]
	if len(fps) != 2 || fps["spec.rules[0]"] == nil || fps["spec.rules[1]"] == fps["spec.rules[0]"] {
		t.Fatalf("#elements %v, want two fingerprints, one for each element of spec.rules", fps)
	}
	if fp, _ := fps["spec.rules[1]"].(string); len(fp) != 11 {
		t.Errorf("fingerprint %q, want 11 characters of base64url", fp)
	}
	if len(status["status.#elements"]) != 1 || status["status.#elements"]["status.conditions[0]"] == "" {
		t.Errorf("status bags %v, want status.#elements with the fingerprint of status.conditions[0]", status)
	}
	// A version without status bags leaves the status's fingerprints out,
	// as it leaves its twinKey entries out.
	var c2 boundary.Carrier
	mark = c2.Mark()
	if err := c2.Twin("status.conditions[0]", "observedGeneration", nil); err != nil {
		t.Fatal(err)
	}
	if err := boundary.Elements(&c2, "status.conditions", mark, conditions); err != nil {
		t.Fatal(err)
	}
	if err := c2.Done(&metav1.ObjectMeta{}, nil); err != nil {
		t.Errorf("Done without status bags: %v", err)
	}
}

// Nested unkeyed lists: the inner elements are named under the outer
// element's stashed index, so they follow a moved outer element, and are
// matched by their own fingerprints within it.
func TestNestedElementsFollowTheirParent(t *testing.T) {
	type route struct {
		Name  string `json:"name"`
		Rules []rule `json:"rules"`
	}
	stashed := []route{{"x", rules("/a", "/b")}, {"y", rules("/c")}}
	var c boundary.Carrier
	mark := c.Mark()
	for i := range stashed {
		path := "spec.routes[" + itoa(i) + "]"
		bags := make([]propertybag.PropertyBag, len(stashed[i].Rules))
		for j := range bags {
			bags[j] = propertybag.PropertyBag{"Timeout": `"` + stashed[i].Name + stashed[i].Rules[j].Path + `"`}
		}
		stashRules(t, &c, path+".rules", stashed[i].Rules, bags)
	}
	if err := boundary.Elements(&c, "spec.routes", mark, stashed); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	for _, sent := range [][]route{
		{{"y", rules("/c")}, {"x", rules("/a", "/b")}}, // the routes swapped
		{{"x", rules("/b", "/a")}, {"y", rules("/c")}}, // x's rules swapped: x is edited in place
	} {
		var r boundary.Carrier
		if err := r.Open(meta.Annotations, nil); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for r.Next() {
			outer := boundary.Match(&r, "spec.routes", sent)
			for i := range sent {
				path := outer.Path("spec.routes", i)
				inner := boundary.Match(&r, path+".rules", sent[i].Rules)
				for j := range sent[i].Rules {
					var bag propertybag.PropertyBag
					r.Bag(inner.Path(path+".rules", j), &bag)
					got[sent[i].Name+sent[i].Rules[j].Path] = bag["Timeout"]
				}
			}
		}
		if len(got) != 3 {
			t.Errorf("sent %v: %d rules back, want 3", sent, len(got))
		}
		for name, timeout := range got {
			if timeout != `"`+name+`"` {
				t.Errorf("sent %v: rule %s got %s, want its own", sent, name, timeout)
			}
		}
	}
}

// An annotation written without fingerprints (by an earlier release) is
// matched by index, as it always was.
func TestWithoutFingerprintsElementsKeepTheirIndex(t *testing.T) {
	annotations := map[string]string{boundary.Annotation: `{"spec.rules[0]":{"Timeout":"1s"},"spec.rules[1]":{"Timeout":"2s"}}`}
	if got, want := recallRules(t, annotations, rules("/b", "/a")), []string{"1s", "2s"}; !slices.Equal(got, want) {
		t.Errorf("timeouts back %q, want %q (by index)", got, want)
	}
}

func TestMalformedFingerprintsAreErrors(t *testing.T) {
	for _, tc := range []struct {
		annotation string
		status     propertybag.Bags
		want       string
	}{
		{`{"#elements":{"spec.rules[0]":1}}`, nil, `the fingerprint of spec.rules[0] is not a JSON string`},
		// The path as it is, its quoted keys unescaped: a client who
		// corrupts the value of this property finds its name in the error.
		{`{"#elements":{"spec.hosts[name=\"a b\"].rules[0]":{}}}`, nil, `the fingerprint of spec.hosts[name="a b"].rules[0] is not a JSON string`},
		{`{"#elements":{"spec.rules":"x"}}`, nil, `"spec.rules" is not the path of a list element outside status`},
		{`{"#elements":{"spec.rules[+1]":"x"}}`, nil, `"spec.rules[+1]" is not the path of a list element`},
		{`{"#elements":{"spec.rules[01]":"x"}}`, nil, `"spec.rules[01]" is not the path of a list element`},
		{`{"#elements":{"status.conditions[0]":"x"}}`, nil, `"status.conditions[0]" is not the path of a list element outside status`},
		{``, propertybag.Bags{"status.#elements": {"spec.rules[0]": `"x"`}}, `"spec.rules[0]" is not the path of a list element inside status`},
	} {
		var r boundary.Carrier
		annotations := map[string]string{}
		if tc.annotation != "" {
			annotations[boundary.Annotation] = tc.annotation
		}
		err := r.Open(annotations, tc.status)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: error %v, want one saying %s", tc.annotation, tc.status, err, tc.want)
		}
	}
}

func TestStashOfABagAtTheFingerprintsPathFails(t *testing.T) {
	var c boundary.Carrier
	bag := propertybag.PropertyBag{"X": "1"}
	c.Bag("#elements", &bag)
	meta := metav1.ObjectMeta{Annotations: map[string]string{"keep": "me"}}
	if err := c.Done(&meta, nil); err == nil || !strings.Contains(err.Error(), `"#elements"`) {
		t.Errorf("error %v, want one naming #elements", err)
	}
	if len(meta.Annotations) != 1 {
		t.Errorf("annotations %v after a failed Done, want them unchanged", meta.Annotations)
	}
}

// A list reached twice (below two elements with the same keys) is matched
// afresh each time: an element path both reach gets nothing, as any place
// reached twice, and one only one of them reaches gets its values.
func TestAListReachedTwiceIsMatchedEachTime(t *testing.T) {
	annotations := stashedRules(t, []string{"/a", "/b"}, []string{"1s", "2s"})
	var r boundary.Carrier
	if err := r.Open(annotations, nil); err != nil {
		t.Fatal(err)
	}
	twice := [][]rule{rules("/b", "/a"), rules("/a")}
	bags := [][]propertybag.PropertyBag{make([]propertybag.PropertyBag, 2), make([]propertybag.PropertyBag, 1)}
	for r.Next() {
		for k, sent := range twice {
			order := boundary.Match(&r, "spec.rules", sent)
			for j := range sent {
				r.Bag(order.Path("spec.rules", j), &bags[k][j])
			}
		}
	}
	if got := bags[0][0]["Timeout"]; got != `"2s"` {
		t.Errorf("/b of the first list got %q, want its own 2s (only it reaches spec.rules[1])", got)
	}
	if bags[0][1] != nil || bags[1][0] != nil {
		t.Errorf("/a got %v and %v, want nothing (both reach spec.rules[0])", bags[0][1], bags[1][0])
	}
}

// A bag that holds nothing but a stale twinKey entry (which Done drops) is
// nothing to follow: no fingerprints, no annotation.
func TestStaleTwinEntryAloneWritesNoFingerprints(t *testing.T) {
	var c boundary.Carrier
	mark := c.Mark()
	stale := propertybag.PropertyBag{"$twin": `{"x":null}`}
	c.Bag("spec.rules[0]", &stale)
	if err := boundary.Elements(&c, "spec.rules", mark, rules("/a")); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	if text, ok := meta.Annotations[boundary.Annotation]; ok {
		t.Errorf("annotation %s, want none", text)
	}
}

// A client may write thousands of fingerprints that no element has (the
// annotation's 256 KiB hold about 8000) and send a list of tens of
// thousands of elements: matching takes time linear in both, not their
// product (which took seconds: each element without a match looked at
// every stashed fingerprint).
func TestMatchIsLinearInHostileFingerprints(t *testing.T) {
	if testing.Short() {
		t.Skip("times a large match")
	}
	const stashed, sent = 8000, 64000
	var b strings.Builder
	b.WriteString(`{"spec.rules[0]":{"Timeout":"1s"},"#elements":{`)
	for i := range stashed {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"spec.rules[` + itoa(i) + `]":"` + strings.Repeat("x", 11-len(itoa(i))) + itoa(i) + `"`)
	}
	b.WriteString(`}}`)
	elems := make([]rule, sent) // all alike, matching no fingerprint
	var got []string
	if elapsed := quickest(2*time.Second, func() {
		got = recallRules(t, map[string]string{boundary.Annotation: b.String()}, elems)
	}); elapsed > 2*time.Second {
		t.Errorf("matching %d elements against %d fingerprints took %v, want well under two seconds (0.1 s, 0.7 s under the race detector; quadratic, it took 15 s)", sent, stashed, elapsed)
	}
	if got[0] != "1s" || got[1] != "" {
		t.Errorf("timeouts back %q..., want 1s for the first (edited in place) and none for the others", got[:2])
	}
}

// The twin's list may be longer than the one the client sent (a hook added
// elements): Order.Path names the elements past the end of the match by
// their index, as without fingerprints, unless the match gave that index
// to an element the client sent, which keeps its values (both reaching one
// path, neither got them).
func TestOrderPathPastTheMatchedElements(t *testing.T) {
	annotations := stashedRules(t, []string{"/a", "/b"}, []string{"1s", "2s"})
	var r boundary.Carrier
	if err := r.Open(annotations, nil); err != nil {
		t.Fatal(err)
	}
	sent := rules("/b") // /a deleted
	twin := make([]propertybag.PropertyBag, 3)
	var paths []string
	for r.Next() {
		order := boundary.Match(&r, "spec.rules", sent)
		paths = paths[:0]
		for i := range twin { // the twin's list: /b and two the hook added
			paths = append(paths, order.Path("spec.rules", i))
			r.Bag(order.Path("spec.rules", i), &twin[i])
		}
	}
	if want := []string{"spec.rules[1]", "spec.rules[+1]", "spec.rules[2]"}; !slices.Equal(paths, want) {
		t.Errorf("paths %q, want %q", paths, want)
	}
	if got := twin[0]["Timeout"]; got != `"2s"` {
		t.Errorf("/b got %q, want its own 2s", got)
	}
	if got := (boundary.Order{}).Path("spec.rules", 3); got != "spec.rules[3]" {
		t.Errorf("zero Order: Path(3) = %s, want spec.rules[3]", got)
	}
}

// A fingerprint written with escapes (any JSON string is accepted) reads
// as the one without them.
func TestEscapedFingerprintsReadAsTheirText(t *testing.T) {
	var c boundary.Carrier
	sent := rules("/a", "/b")
	stashRules(t, &c, "spec.rules", sent, []propertybag.PropertyBag{{"Timeout": `"1s"`}, {"Timeout": `"2s"`}})
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	var bags map[string]map[string]string
	if err := json.Unmarshal([]byte(meta.Annotations[boundary.Annotation]), &bags); err != nil {
		t.Fatal(err)
	}
	escaped := map[string]any{}
	for path, bag := range bags {
		escaped[path] = bag
	}
	fps := map[string]json.RawMessage{}
	for path, fp := range bags["#elements"] {
		var b strings.Builder
		b.WriteString(`"`)
		for _, r := range fp {
			b.WriteString(`\u00` + strconv.FormatInt(int64(r), 16))
		}
		b.WriteString(`"`)
		fps[path] = json.RawMessage(b.String())
	}
	escaped["#elements"] = fps
	text, err := json.Marshal(escaped)
	if err != nil {
		t.Fatal(err)
	}
	got := recallRules(t, map[string]string{boundary.Annotation: string(text)}, rules("/b", "/a"))
	if want := []string{"2s", "1s"}; !slices.Equal(got, want) {
		t.Errorf("timeouts back %q, want %q", got, want)
	}
}

// quickest runs run three times at most, until it takes no more than
// limit, and returns the shortest time it took: a check that work is
// linear, not quadratic, should not fail on one run that a loaded machine
// slowed (quadratic work misses the limit every time).
func quickest(limit time.Duration, run func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		run()
		if elapsed := time.Since(start); elapsed < best {
			best = elapsed
		}
		if best <= limit {
			break
		}
	}
	return best
}
