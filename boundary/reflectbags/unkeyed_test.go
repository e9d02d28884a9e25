package reflectbags_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A train whose lists have no list-map keys: cars in spec and in the
// values of a map of yards, seats inside each car, signals in status.
type trainStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              trainStorageSpec   `json:"spec,omitempty"`
	Status            trainStorageStatus `json:"status,omitempty"`
}

type trainStorageSpec struct {
	Cars  []carStorage            `json:"cars,omitempty"`
	Yards map[string][]carStorage `json:"yards,omitempty"`
}

type carStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Seats       []seatStorage           `json:"seats,omitempty"`
}

type seatStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Number      *int32                  `json:"number,omitempty"`
}

type trainStorageStatus struct {
	Signals []carStorage `json:"signals,omitempty"`
}

type train struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              trainSpec   `json:"spec,omitempty"`
	Status            trainStatus `json:"status,omitempty"`
}

type trainSpec struct {
	Cars  []car            `json:"cars,omitempty"`
	Yards map[string][]car `json:"yards,omitempty"`
}

type car struct {
	Name  string `json:"name,omitempty"`
	Seats []seat `json:"seats,omitempty"`
}

type seat struct {
	Number int32 `json:"number,omitempty"`
}

type trainStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
	Signals      []car            `json:"signals,omitempty"`
}

// The copies of the plain fields (a name or number absent in the twin is
// shown as zero, and a zero one comes back absent).
func (s *trainStorage) toAPI() *train {
	out := &train{ObjectMeta: s.ObjectMeta}
	out.Spec.Cars = carsToAPI(s.Spec.Cars)
	for k, v := range s.Spec.Yards {
		if out.Spec.Yards == nil {
			out.Spec.Yards = map[string][]car{}
		}
		out.Spec.Yards[k] = carsToAPI(v)
	}
	out.Status.Signals = carsToAPI(s.Status.Signals)
	return out
}

func carsToAPI(cs []carStorage) []car {
	var out []car
	for _, c := range cs {
		a := car{}
		if c.Name != nil {
			a.Name = *c.Name
		}
		for _, s := range c.Seats {
			var n int32
			if s.Number != nil {
				n = *s.Number
			}
			a.Seats = append(a.Seats, seat{Number: n})
		}
		out = append(out, a)
	}
	return out
}

func (a *train) toTwin() *trainStorage {
	out := &trainStorage{ObjectMeta: a.ObjectMeta}
	out.Spec.Cars = carsToTwin(a.Spec.Cars)
	for k, v := range a.Spec.Yards {
		if out.Spec.Yards == nil {
			out.Spec.Yards = map[string][]carStorage{}
		}
		out.Spec.Yards[k] = carsToTwin(v)
	}
	out.Status.Signals = carsToTwin(a.Status.Signals)
	return out
}

func carsToTwin(cs []car) []carStorage {
	var out []carStorage
	for _, c := range cs {
		s := carStorage{}
		if c.Name != "" {
			s.Name = str(c.Name)
		}
		for _, seat := range c.Seats {
			st := seatStorage{}
			if seat.Number != 0 {
				st.Number = i32(seat.Number)
			}
			s.Seats = append(s.Seats, st)
		}
		out = append(out, s)
	}
	return out
}

// storedTrain has a bag in every car, seat and signal, naming it.
func storedTrain() *trainStorage {
	cars := func(names ...string) []carStorage {
		var out []carStorage
		for _, n := range names {
			out = append(out, carStorage{Name: str(n), PropertyBag: bag("Of", `"`+n+`"`), Seats: []seatStorage{
				{Number: i32(1), PropertyBag: bag("Of", `"`+n+`/1"`)},
				{Number: i32(2), PropertyBag: bag("Of", `"`+n+`/2"`)},
			}})
		}
		return out
	}
	return &trainStorage{
		Spec:   trainStorageSpec{Cars: cars("a", "b", "c"), Yards: map[string][]carStorage{"north": cars("x", "y")}},
		Status: trainStorageStatus{Signals: cars("red", "green")},
	}
}

// carryTrain stashes src in its API version, sends it through JSON, lets
// edit change it as a client would, and recalls it.
func carryTrain(t *testing.T, src *trainStorage, edit func(*train)) *trainStorage {
	t.Helper()
	api := src.toAPI()
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(api)
	if err != nil {
		t.Fatal(err)
	}
	var sent train
	if err := json.Unmarshal(data, &sent); err != nil {
		t.Fatal(err)
	}
	edit(&sent)
	dst := sent.toTwin()
	if err := reflectbags.Recall(dst, &sent); err != nil {
		t.Fatal(err)
	}
	return dst
}

// checkOwnBags reports every car, seat or signal of cars that came back
// with another's bag or without its own (want tells whose it should be:
// "" for none).
func checkOwnBags(t *testing.T, where string, cars []carStorage, want func(name string) string) {
	t.Helper()
	for _, c := range cars {
		name := *c.Name
		if got := strings.Trim(c.PropertyBag["Of"], `"`); got != want(name) {
			t.Errorf("%s: car %s has the bag of %q, want %q", where, name, got, want(name))
		}
		for _, s := range c.Seats {
			seat := name + "/" + jsonText(s.Number)
			wantSeat := ""
			if want(name) != "" {
				wantSeat = want(name) + "/" + jsonText(s.Number)
			}
			if got := strings.Trim(s.PropertyBag["Of"], `"`); got != wantSeat {
				t.Errorf("%s: seat %s has the bag of %q, want %q", where, seat, got, wantSeat)
			}
		}
	}
}

func own(name string) string { return name }

// Nested unkeyed lists: the seats of a car that moved go with it, and a
// car's seats are matched among themselves, also in the lists that are
// values of a map.
func TestNestedUnkeyedBagsFollowTheirElements(t *testing.T) {
	got := carryTrain(t, storedTrain(), func(a *train) {
		cars := a.Spec.Cars
		seats := cars[2].Seats
		seats[0], seats[1] = seats[1], seats[0]
		a.Spec.Cars = []car{cars[1], cars[0], cars[2], {Name: "new", Seats: []seat{{Number: 1}}}} // a and b swapped, c edited in place
		yard := a.Spec.Yards["north"]
		a.Spec.Yards["north"] = []car{yard[1], yard[0]}
	})
	checkOwnBags(t, "spec.cars", got.Spec.Cars, func(name string) string {
		if name == "new" {
			return ""
		}
		return name
	})
	checkOwnBags(t, "spec.yards[north]", got.Spec.Yards["north"], own)
	checkOwnBags(t, "status.signals", got.Status.Signals, own)
}

// A list in status: its fingerprints travel in the status bags, beside its
// bags, never in the annotation.
func TestStatusUnkeyedBagsFollowTheirElements(t *testing.T) {
	src := storedTrain()
	src.Spec = trainStorageSpec{}
	api := src.toAPI()
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	if text, ok := api.Annotations[boundary.Annotation]; ok {
		t.Errorf("annotation %s, want none: only status has bags", text)
	}
	fps := api.Status.PropertyBags["status.#elements"]
	if len(fps) != 6 || len(fps["status.signals[1]"]) != 13 || fps["status.signals[0].seats[1]"] == "" {
		t.Errorf("status.#elements %v, want the fingerprints of both signals and their seats", fps)
	}
	got := carryTrain(t, src, func(a *train) {
		s := a.Status.Signals
		a.Status.Signals = []car{s[1], s[0]}
	})
	checkOwnBags(t, "status.signals", got.Status.Signals, own)
}

// An annotation written without fingerprints (by an earlier release, or
// a list whose fingerprints were taken out) is recalled by index, as
// before.
func TestWithoutFingerprintsBagsBelongToTheirIndex(t *testing.T) {
	got := carryTrain(t, storedTrain(), func(a *train) {
		bags, err := propertybag.UnmarshalBags(a.Annotations[boundary.Annotation])
		if err != nil {
			t.Fatal(err)
		}
		if len(bags["#elements"]) == 0 {
			t.Fatalf("annotation %s: no fingerprints to take out", a.Annotations[boundary.Annotation])
		}
		delete(bags, "#elements")
		text, err := propertybag.MarshalBags(bags)
		if err != nil {
			t.Fatal(err)
		}
		a.Annotations = map[string]string{boundary.Annotation: text}
		cars := a.Spec.Cars
		a.Spec.Cars = []car{cars[1], cars[0], cars[2]}
		s := a.Status.Signals
		a.Status.Signals = []car{s[1], s[0]} // its fingerprints are still there
	})
	byIndex := map[string]string{"a": "b", "b": "a", "c": "c"}
	checkOwnBags(t, "spec.cars", got.Spec.Cars, func(name string) string { return byIndex[name] })
	checkOwnBags(t, "status.signals", got.Status.Signals, own)
}

// Stash writes the fingerprints byte for byte as package boundary does
// for the generated code (boundary.Elements).
func TestFingerprintsAsBoundaryWritesThem(t *testing.T) {
	src := storedTrain()
	src.Spec.Yards, src.Status = nil, trainStorageStatus{}
	src.Spec.Cars[1].PropertyBag = nil
	src.Spec.Cars[1].Seats[0].PropertyBag = nil // car b and one seat without bags
	src.Spec.Cars[2].Seats[0].PropertyBag = nil
	src.Spec.Cars[2].Seats[1].PropertyBag = nil // no bag below car c's seats
	api := src.toAPI()
	var c boundary.Carrier
	cars := c.Mark()
	for i, s := range src.Spec.Cars {
		path := "spec.cars[" + jsonText(i) + "]"
		c.Bag(path, &src.Spec.Cars[i].PropertyBag)
		seats := c.Mark()
		for j := range s.Seats {
			c.Bag(path+".seats["+jsonText(j)+"]", &s.Seats[j].PropertyBag)
		}
		if err := boundary.Elements(&c, path+".seats", seats, api.Spec.Cars[i].Seats); err != nil {
			t.Fatal(err)
		}
	}
	if err := boundary.Elements(&c, "spec.cars", cars, api.Spec.Cars); err != nil {
		t.Fatal(err)
	}
	var want train
	if err := c.Done(&want.ObjectMeta, &want.Status.PropertyBags); err != nil {
		t.Fatal(err)
	}
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	if got, want := api.Annotations[boundary.Annotation], want.Annotations[boundary.Annotation]; got != want || !strings.Contains(got, `"#elements":{"spec.cars[0]":`) {
		t.Errorf("annotation\n got %s\nwant %s", got, want)
	}
	if strings.Contains(api.Annotations[boundary.Annotation], "spec.cars[2].seats[") {
		t.Errorf("annotation %s: fingerprints of car c's seats, below which nothing was stashed", api.Annotations[boundary.Annotation])
	}
}

// A malformed bag of fingerprints is an error naming the bag and the
// path, as package boundary's (TestMalformedFingerprintsAreErrors).
func TestMalformedFingerprintsAreErrors(t *testing.T) {
	for _, tc := range []struct {
		annotation string
		status     propertybag.Bags
		want       string
	}{
		{`{"#elements":{"spec.cars[0]":1}}`, nil, `bag "#elements": the fingerprint of spec.cars[0] is not a JSON string`},
		{`{"#elements":{"spec.cars":"x"}}`, nil, `bag "#elements": "spec.cars" is not the path of a list element outside status`},
		{`{"#elements":{"spec.cars[+1]":"x"}}`, nil, `"spec.cars[+1]" is not the path of a list element`},
		{`{"#elements":{"spec.cars[01]":"x"}}`, nil, `"spec.cars[01]" is not the path of a list element`},
		{`{"#elements":{"spec.cars[-1]":"x"}}`, nil, `"spec.cars[-1]" is not the path of a list element`},
		{`{"#elements":{"[0]":"x"}}`, nil, `"[0]" is not the path of a list element`},
		{`{"#elements":{"status.signals[0]":"x"}}`, nil, `"status.signals[0]" is not the path of a list element outside status`},
		{``, propertybag.Bags{"status.#elements": {"spec.cars[0]": `"x"`}}, `bag "status.#elements": "spec.cars[0]" is not the path of a list element inside status`},
		{``, propertybag.Bags{"status.#elements": {"status.signals[0]": `["x"]`}}, `bag "status.#elements": the fingerprint of status.signals[0] is not a JSON string`},
	} {
		api := &train{}
		if tc.annotation != "" {
			api.Annotations = map[string]string{boundary.Annotation: tc.annotation}
		}
		api.Status.PropertyBags = tc.status
		dst := api.toTwin()
		err := reflectbags.Recall(dst, api)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "hubspoke") {
			t.Errorf("%s %v: error %v, want one saying %s", tc.annotation, tc.status, err, tc.want)
		}
		// Package boundary says the same.
		var r boundary.Carrier
		if err := r.Open(api.Annotations, tc.status); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: boundary's error %v, want one saying %s", tc.annotation, tc.status, err, tc.want)
		}
	}
}

// A fingerprint no element has, or one of an index past the list's end,
// gives nothing to anyone; the other elements keep theirs.
func TestStrayFingerprintsAreIgnored(t *testing.T) {
	got := carryTrain(t, storedTrain(), func(a *train) {
		bags, err := propertybag.UnmarshalBags(a.Annotations[boundary.Annotation])
		if err != nil {
			t.Fatal(err)
		}
		bags["#elements"]["spec.cars[0]"] = `"AAAAAAAAAAA"`
		bags["#elements"]["spec.cars[7]"] = `"AAAAAAAAAAA"`
		bags["#elements"]["spec.gone[0]"] = `"AAAAAAAAAAA"`
		text, err := propertybag.MarshalBags(bags)
		if err != nil {
			t.Fatal(err)
		}
		a.Annotations = map[string]string{boundary.Annotation: text}
	})
	// Car a matches no fingerprint: it keeps its index, which no other
	// car claimed (step 3).
	checkOwnBags(t, "spec.cars", got.Spec.Cars, own)
}

// The names of the fingerprints' bags are reserved: a twin's bag at either
// path is an error, as in package boundary.
func TestStashOfABagAtTheFingerprintsPathFails(t *testing.T) {
	type odd struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
		Elements          carStorage `json:"#elements"`
	}
	src := &odd{Elements: carStorage{PropertyBag: bag("X", `1`)}}
	err := reflectbags.Stash(&train{}, src)
	if err == nil || !strings.Contains(err.Error(), `a bag at "#elements": the name is reserved`) {
		t.Errorf("error %v, want one naming #elements", err)
	}
}

// Recall renames the bags it recalls, not the object the client sent.
func TestRecallRenamesItsOwnCopies(t *testing.T) {
	src := storedTrain()
	api := src.toAPI()
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	cars := api.Spec.Cars
	api.Spec.Cars = []car{cars[1], cars[0], cars[2]}
	annotation := api.Annotations[boundary.Annotation]
	statusBags := api.Status.PropertyBags.DeepCopy()
	dst := api.toTwin()
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	if api.Annotations[boundary.Annotation] != annotation {
		t.Error("Recall changed the annotation of its source")
	}
	if diff := cmp.Diff(statusBags, api.Status.PropertyBags); diff != "" {
		t.Errorf("Recall changed the status bags of its source (-before +after):\n%s", diff)
	}
	checkOwnBags(t, "spec.cars", dst.Spec.Cars, own)
}

// Lists of lists: each inner list is an unkeyed list at the path of its
// element of the outer list.
type gridStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Rows [][]seatStorage `json:"rows,omitempty"`
	} `json:"spec,omitempty"`
}

type grid struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Rows [][]seat `json:"rows,omitempty"`
	} `json:"spec,omitempty"`
}

func TestListsOfListsFollowTheirElements(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(rows [][]seat) [][]seat
	}{
		{"rows swapped", func(r [][]seat) [][]seat { return [][]seat{r[1], r[0]} }},
		{"seats of a row swapped", func(r [][]seat) [][]seat { r[0][0], r[0][1] = r[0][1], r[0][0]; return r }},
		{"first row removed", func(r [][]seat) [][]seat { return r[1:] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &gridStorage{}
			src.Spec.Rows = [][]seatStorage{
				{{Number: i32(1), PropertyBag: bag("Of", `1`)}, {Number: i32(2), PropertyBag: bag("Of", `2`)}},
				{{Number: i32(3), PropertyBag: bag("Of", `3`)}},
			}
			api := &grid{}
			for _, row := range src.Spec.Rows {
				var r []seat
				for _, s := range row {
					r = append(r, seat{Number: *s.Number})
				}
				api.Spec.Rows = append(api.Spec.Rows, r)
			}
			if err := reflectbags.Stash(api, src); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(api.Annotations[boundary.Annotation], `"spec.rows[0][1]":"`) {
				t.Errorf("annotation %s: no fingerprint of the second seat of the first row", api.Annotations[boundary.Annotation])
			}
			api.Spec.Rows = tc.edit(api.Spec.Rows)
			dst := &gridStorage{ObjectMeta: api.ObjectMeta}
			for _, row := range api.Spec.Rows {
				var r []seatStorage
				for _, s := range row {
					r = append(r, seatStorage{Number: i32(s.Number)})
				}
				dst.Spec.Rows = append(dst.Spec.Rows, r)
			}
			if err := reflectbags.Recall(dst, api); err != nil {
				t.Fatal(err)
			}
			for _, row := range dst.Spec.Rows {
				for _, s := range row {
					if got := s.PropertyBag["Of"]; got != jsonText(s.Number) {
						t.Errorf("seat %d has the bag of %s", *s.Number, got)
					}
				}
			}
		})
	}
}

// A bag that holds nothing but a stale twinKey entry (which Stash drops)
// is nothing to follow: no fingerprints, no annotation, as boundary's
// Carrier writes.
func TestStaleTwinEntryAloneWritesNoFingerprints(t *testing.T) {
	src := &trainStorage{Spec: trainStorageSpec{Cars: []carStorage{
		{Name: ptrTo("a"), PropertyBag: propertybag.PropertyBag{"$twin": `{"name":null}`}},
	}}}
	dst := src.toAPI()
	if err := reflectbags.Stash(dst, src); err != nil {
		t.Fatal(err)
	}
	if text, ok := dst.Annotations[boundary.Annotation]; ok {
		t.Errorf("annotation %s, want none", text)
	}
}

func ptrTo[T any](v T) *T { return &v }

// What a client writes in the fingerprints costs time linear in it and in
// the list it sends: thousands of fingerprints no element has against tens
// of thousands of elements (each element without a match looked at every
// fingerprint: seconds), a path of 120000 parts (each part's path hashed:
// quadratic), a path with an unclosed quoted bracket (each later bracket
// scanned to the end: quadratic), a bag whose path has 120000 brackets
// (renamed by looking up the path up to each: quadratic). They match
// nothing and are no error, in package boundary either. The train has 40
// yards, so that the lists the walk reached are more than a small map
// holds (whose lookups compare, not hash, a key).
func TestHostileFingerprintsCostLinearTime(t *testing.T) {
	skipTiming(t)
	var many strings.Builder
	many.WriteString(`{"spec.cars[0]":{"Of":"a"},"#elements":{`)
	for i := range 8000 {
		if i > 0 {
			many.WriteByte(',')
		}
		n := strconv.Itoa(i)
		many.WriteString(`"spec.cars[` + n + `]":"` + strings.Repeat("x", 11-len(n)) + n + `"`)
	}
	many.WriteString(`}}`)
	for _, tc := range []struct {
		name       string
		annotation string
		cars       int
		within     time.Duration // linear: a tenth or less of what it took
	}{
		{"8000 fingerprints, 64000 elements", many.String(), 64000, 2 * time.Second},
		{"a path of 120000 parts", `{"#elements":{"spec.` + strings.Repeat("a.", 120000) + `b[0]":"AAAAAAAAAAA"}}`, 1, 100 * time.Millisecond},
		{"an unclosed bracket", `{"#elements":{"spec.cars[\"` + strings.Repeat("[", 120000) + `[0]":"AAAAAAAAAAA"}}`, 1, 100 * time.Millisecond},
		// A bag (not a fingerprint) whose path has 120000 brackets, with
		// more lists than a small map holds (whose lookups hash no key):
		// renaming it looked up the path up to each bracket, each hashed.
		{"a bag path of 120000 brackets", `{"#elements":{"spec.cars[0]":"AAAAAAAAAAA"` + yardFingerprints(40) + `},"spec.cars[0]` + strings.Repeat("[]", 120000) + `":{"Of":"a"}}`, 1, 100 * time.Millisecond},
	} {
		api := &train{}
		api.Annotations = map[string]string{boundary.Annotation: tc.annotation}
		api.Spec.Cars = make([]car, tc.cars)
		api.Spec.Yards = map[string][]car{}
		for i := range 40 {
			api.Spec.Yards["y"+strconv.Itoa(i)] = make([]car, 1)
		}
		if elapsed := quickest(tc.within, func() {
			if err := reflectbags.Recall(api.toTwin(), api); err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
		}); elapsed > tc.within {
			t.Errorf("%s: recall took %v, want under %v", tc.name, elapsed, tc.within)
		}
		var r boundary.Carrier
		if err := r.Open(api.Annotations, nil); err != nil {
			t.Errorf("%s: boundary: %v", tc.name, err)
		}
	}
}

// yardFingerprints returns members of "#elements" for the first car of
// each of n yards, y0 to y<n-1>, each list's own.
func yardFingerprints(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(`,"spec.yards[y` + strconv.Itoa(i) + `][0]":"AAAAAAAAAAA"`)
	}
	return b.String()
}

// The twin's list may be longer than the one the client sent (a hook added
// cars): a car past those matched keeps its index, unless the match gave
// that index to a car the client sent, which keeps its bags, as in
// package boundary (TestOrderPathPastTheMatchedElements).
func TestTwinLongerThanTheListSent(t *testing.T) {
	src := storedTrain()
	api := src.toAPI()
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	api.Spec.Cars = api.Spec.Cars[1:] // car a deleted: b and c sent
	dst := api.toTwin()
	dst.Spec.Cars = append(dst.Spec.Cars, carStorage{Name: str("added")})
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	checkOwnBags(t, "spec.cars", dst.Spec.Cars, func(name string) string {
		if name == "added" {
			return ""
		}
		return name
	})
}
