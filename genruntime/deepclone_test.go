package genruntime

import (
	"fmt"
	"reflect"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// ---- fixtures ----

type inner struct {
	Name   string
	Count  *int
	Tags   []string
	Labels map[string]string
}

type Embedded struct {
	E *int
}

type outer struct {
	Embedded
	ID        int
	Ptr       *inner
	NilPtr    *inner
	Items     []inner
	ItemPtrs  []*inner // contains a nil
	Empty     []int
	NilSlice  []int
	ByName    map[string]*inner // contains a nil value
	EmptyMap  map[string]int
	NilMap    map[string]int
	Any       any
	NilAny    any
	AnySlice  []any
	Arr       [2]*int
	PlainArr  [3]int
	Matrix    [][]int
	Nested    map[string]map[string][]int
	Stringer  fmt.Stringer
	Timestamp time.Time
}

type stringerImpl struct{ S *string }

func (s stringerImpl) String() string { return *s.S }

func newOuter() outer {
	return outer{
		Embedded: Embedded{E: Ptr(-1)},
		ID:       1,
		Ptr:      &inner{Name: "p", Count: Ptr(1), Tags: []string{"t1", "t2"}, Labels: map[string]string{"a": "b"}},
		Items: []inner{
			{Name: "i0", Count: Ptr(10), Tags: []string{}, Labels: map[string]string{}},
			{Name: "i1"},
		},
		ItemPtrs:  []*inner{{Name: "ip0", Count: Ptr(20)}, nil},
		Empty:     []int{},
		ByName:    map[string]*inner{"x": {Name: "x", Tags: []string{"xt"}}, "nil": nil},
		EmptyMap:  map[string]int{},
		Any:       &inner{Name: "any", Count: Ptr(30)},
		AnySlice:  []any{nil, 1, "s", []int{1, 2}, map[string]any{"k": []string{"v"}}, &inner{Name: "in-any"}, inner{Tags: []string{"by value"}}},
		Arr:       [2]*int{Ptr(40), nil},
		PlainArr:  [3]int{1, 2, 3},
		Matrix:    [][]int{{1, 2}, nil, {}},
		Nested:    map[string]map[string][]int{"a": {"b": {1}}, "e": {}},
		Stringer:  stringerImpl{S: Ptr("str")},
		Timestamp: time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC),
	}
}

// reporter is the part of *testing.T that assertDisjoint uses, so that its own
// test can hand it a recorder.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// assertDisjoint walks a and b (same type) in parallel and fails if they share
// any mutable memory reachable through exported fields, or if nil-ness
// differs anywhere. Channels and funcs are skipped (documented as copied by
// reference), as are zero-sized pointees (Go may give them all one address).
func assertDisjoint(t reporter, a, b any) {
	t.Helper()
	seen := map[[2]uintptr]bool{}
	var walk func(path string, a, b reflect.Value)
	walk = func(path string, a, b reflect.Value) {
		if a.Type() != b.Type() {
			t.Errorf("%s: type %v vs %v", path, a.Type(), b.Type())
			return
		}
		switch a.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			if a.IsNil() != b.IsNil() {
				t.Errorf("%s: nil-ness changed (source nil=%v, clone nil=%v)", path, a.IsNil(), b.IsNil())
				return
			}
			if a.IsNil() {
				return
			}
		}
		switch a.Kind() {
		case reflect.Pointer:
			key := [2]uintptr{a.Pointer(), b.Pointer()}
			if seen[key] {
				return
			}
			seen[key] = true
			if a.Pointer() == b.Pointer() && a.Type().Elem().Size() > 0 {
				t.Errorf("%s: pointer shared", path)
			}
			walk("(*"+path+")", a.Elem(), b.Elem())
		case reflect.Slice:
			if a.Len() != b.Len() {
				t.Errorf("%s: len %d vs %d", path, a.Len(), b.Len())
				return
			}
			if a.Len() > 0 && a.Pointer() == b.Pointer() {
				t.Errorf("%s: slice backing array shared", path)
			}
			for i := 0; i < a.Len(); i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
			}
		case reflect.Map:
			key := [2]uintptr{a.Pointer(), b.Pointer()}
			if seen[key] {
				return
			}
			seen[key] = true
			if a.Pointer() == b.Pointer() {
				t.Errorf("%s: map shared", path)
			}
			if a.Len() != b.Len() {
				t.Errorf("%s: len %d vs %d", path, a.Len(), b.Len())
			}
			for _, k := range a.MapKeys() {
				bv := b.MapIndex(k)
				if !bv.IsValid() {
					t.Errorf("%s: key %v missing in clone", path, k)
					continue
				}
				walk(fmt.Sprintf("%s[%v]", path, k), a.MapIndex(k), bv)
			}
		case reflect.Interface:
			walk(path, a.Elem(), b.Elem())
		case reflect.Array:
			for i := 0; i < a.Len(); i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
			}
		case reflect.Struct:
			for i := 0; i < a.NumField(); i++ {
				if a.Type().Field(i).IsExported() {
					walk(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
				}
			}
		}
	}
	walk("v", reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem())
}

// ---- basic behaviour ----

func TestDeepCloneNestedStruct(t *testing.T) {
	src := newOuter()
	got := DeepClone(src)
	if !reflect.DeepEqual(got, src) { // DeepEqual also tells nil from empty
		t.Fatalf("clone differs from source:\n got %+v\nwant %+v", got, src)
	}
	assertDisjoint(t, src, got)

	// Mutate the clone everywhere; the source must still equal a fresh fixture.
	*got.E = 100
	got.Ptr.Name = "changed"
	*got.Ptr.Count = 100
	got.Ptr.Tags[0] = "changed"
	got.Ptr.Labels["a"] = "changed"
	got.Items[0].Tags = append(got.Items[0].Tags, "added")
	*got.Items[0].Count = 100
	got.Items[0].Labels["new"] = "x"
	got.ItemPtrs[0].Name = "changed"
	got.ItemPtrs[1] = &inner{}
	got.Empty = append(got.Empty, 1)
	got.ByName["x"].Tags[0] = "changed"
	got.ByName["new"] = nil
	got.EmptyMap["new"] = 1
	got.Any.(*inner).Name = "changed"
	got.AnySlice[3].([]int)[0] = 100
	got.AnySlice[4].(map[string]any)["k"].([]string)[0] = "changed"
	got.AnySlice[5].(*inner).Name = "changed"
	got.AnySlice[6].(inner).Tags[0] = "changed"
	*got.Arr[0] = 100
	got.Matrix[0][0] = 100
	got.Nested["a"]["b"][0] = 100
	got.Nested["e"]["new"] = nil
	*got.Stringer.(stringerImpl).S = "changed"
	if want := newOuter(); !reflect.DeepEqual(src, want) {
		t.Fatalf("mutating the clone changed the source:\n got %+v\nwant %+v", src, want)
	}

	// And the other way round.
	got = DeepClone(src)
	*src.Ptr.Count = -5
	src.Items[0].Tags = append(src.Items[0].Tags, "src")
	src.ByName["x"].Name = "src"
	src.AnySlice[6].(inner).Tags[0] = "src"
	if want := newOuter(); !reflect.DeepEqual(got, want) {
		t.Fatalf("mutating the source changed the clone:\n got %+v\nwant %+v", got, want)
	}
}

// cloneCase clones v twice: once as its own static type T, once as the
// dynamic value of an interface (T = any), which takes the interface path.
type cloneCase struct {
	name string
	run  func() (src, typed, viaAny any)
}

func caseOf[T any](name string, v T) cloneCase {
	return cloneCase{name, func() (any, any, any) {
		return v, DeepClone(v), DeepClone(any(v))
	}}
}

func TestDeepCloneTable(t *testing.T) {
	type withArray struct{ A [2][]int }
	var nilStringer fmt.Stringer
	tests := []cloneCase{
		caseOf[any]("nil any", nil),
		caseOf("int", 5),
		caseOf("string", "s"),
		caseOf("nil pointer", (*int)(nil)),
		caseOf("pointer", Ptr(3)),
		caseOf("pointer to pointer", Ptr(Ptr(3))),
		caseOf("nil slice", []int(nil)),
		caseOf("empty slice", []int{}),
		caseOf("empty slice spare cap", make([]int, 0, 4)),
		caseOf("slice of nil pointers", []*int{nil, Ptr(1), nil}),
		caseOf("nil map", map[string]int(nil)),
		caseOf("empty map", map[string]int{}),
		caseOf("map of pointers with nil", map[string]*int{"a": Ptr(1), "b": nil}),
		caseOf("map of nil and empty slices", map[int][]int{1: nil, 2: {}}),
		caseOf("nil interface", nilStringer),
		caseOf[any]("typed nil pointer in interface", (*int)(nil)),
		caseOf[any]("typed nil map in interface", map[string]int(nil)),
		caseOf[any]("empty slice in interface", []string{}),
		caseOf("map of interfaces", map[string]any{"nil": nil, "typed nil": (*int)(nil), "p": Ptr(2), "s": []int{}}),
		caseOf("slice of nil interfaces", []fmt.Stringer{nil, nil}),
		caseOf("array of slices", withArray{A: [2][]int{{1}, nil}}),
		caseOf("array of pointers", [3]*int{nil, Ptr(1), nil}),
		caseOf("bytes", []byte("hello")),
		caseOf("struct value", inner{Name: "x", Count: Ptr(1)}),
		caseOf("pointer to struct", &inner{Tags: []string{}}),
		caseOf("pointer to empty struct", &struct{}{}),
		caseOf("nested interfaces", []any{[]any{[]any{Ptr(1)}}}),
		caseOf("nested struct", newOuter()),
		caseOf("pointer to nested struct", Ptr(newOuter())),
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, typed, viaAny := tt.run()
			for _, got := range []any{typed, viaAny} {
				if reflect.TypeOf(got) != reflect.TypeOf(src) {
					t.Fatalf("dynamic type changed: %T vs %T", got, src)
				}
				if !reflect.DeepEqual(got, src) { // DeepEqual tells nil from empty
					t.Fatalf("DeepClone(%#v) = %#v", src, got)
				}
				assertDisjoint(t, src, got)
			}
		})
	}
}

func TestDeepCloneConcreteTypes(t *testing.T) {
	// Typed T (not any) for the shapes whose nil/empty handling matters.
	if got := DeepClone([]int(nil)); got != nil {
		t.Fatal("nil slice became non-nil")
	}
	if got := DeepClone([]int{}); got == nil || len(got) != 0 || cap(got) != 0 {
		t.Fatalf("empty slice: %#v cap %d", got, cap(got))
	}
	if got := DeepClone(map[string]int(nil)); got != nil {
		t.Fatal("nil map became non-nil")
	}
	if got := DeepClone(map[string]int{}); got == nil || len(got) != 0 {
		t.Fatalf("empty map: %#v", got)
	}
	if got := DeepClone((*inner)(nil)); got != nil {
		t.Fatal("nil pointer became non-nil")
	}
	var s fmt.Stringer
	if got := DeepClone(s); got != nil {
		t.Fatal("nil interface became non-nil")
	}
	src := make([]int, 2, 10)
	got := DeepClone(src)
	if cap(got) != 2 {
		t.Fatalf("cap = %d, want 2", cap(got))
	}
	_ = append(got, 7)
	if src[:3][2] == 7 {
		t.Fatal("append to clone wrote into source")
	}
	// The same inside a struct, where the field starts as a shallow copy of
	// the source slice, spare capacity included.
	type withSpare struct{ S []int }
	ws := withSpare{S: make([]int, 2, 10)}
	wc := DeepClone(ws)
	if cap(wc.S) != 2 {
		t.Fatalf("field cap = %d, want 2", cap(wc.S))
	}
	wc.S[0] = 5
	wc.S = append(wc.S, 7)
	if ws.S[0] != 0 || ws.S[:3][2] == 7 {
		t.Fatal("clone of a struct field slice writes into the source array")
	}
	// Map with pointer keys: the keys are copied too, so the clone's keys are
	// new pointers to equal values.
	k := Ptr("key")
	pm := map[*string]int{k: 1}
	pc := DeepClone(pm)
	if len(pc) != 1 {
		t.Fatalf("pointer key: %d entries, want 1", len(pc))
	}
	for ck, v := range pc {
		if ck == k || *ck != "key" || v != 1 {
			t.Fatalf("pointer key: %p %q %d", ck, *ck, v)
		}
	}
}

func TestDeepClonePlainTypesShareNothing(t *testing.T) {
	type plain struct {
		A int
		B string
		C [4]float64
		D struct{ E bool }
	}
	src := plain{A: 1, B: "b", C: [4]float64{1, 2}, D: struct{ E bool }{true}}
	if got := DeepClone(src); got != src {
		t.Fatalf("DeepClone = %+v", got)
	}
	if typeInfoFor(reflect.TypeOf(src)).mode != modePlain {
		t.Fatal("a struct without references should be cached as plain")
	}
	if n := testing.AllocsPerRun(100, func() { _ = DeepClone(src) }); n != 0 {
		t.Fatalf("DeepClone of a plain value allocated %v times, want 0", n)
	}
	if typeInfoFor(reflect.TypeOf(outer{})).mode != modeStruct {
		t.Fatal("outer should need a deep copy")
	}
}

// ---- unexported fields, channels, funcs ----

type withHidden struct {
	Visible []int
	hidden  []int
	ch      chan int
	Ch      chan int
	Fn      func() int
}

func TestDeepCloneShallowParts(t *testing.T) {
	ch := make(chan int, 1)
	src := withHidden{Visible: []int{1}, hidden: []int{2}, ch: ch, Ch: ch, Fn: func() int { return 9 }}
	got := DeepClone(src)
	got.Visible[0] = 10
	if src.Visible[0] != 1 {
		t.Fatal("exported slice shared")
	}
	// Documented: unexported fields are shallow.
	got.hidden[0] = 20
	if src.hidden[0] != 20 {
		t.Fatal("expected the unexported slice to be shared (documented as shallow)")
	}
	if got.Ch != ch || got.ch != ch {
		t.Fatal("channels must be copied by reference")
	}
	if got.Fn == nil || got.Fn() != 9 {
		t.Fatal("func lost")
	}
	var nilFn withHidden
	if got := DeepClone(nilFn); got.Fn != nil || got.Ch != nil || got.Visible != nil {
		t.Fatal("nil func/chan/slice became non-nil")
	}
}

// ---- DeepCopy methods ----

var (
	valueMethodCalls atomic.Int64
	ptrMethodCalls   atomic.Int64
	k8sMethodCalls   atomic.Int64
)

// byValue has DeepCopy() T with a value receiver (like resource.Quantity).
type byValue struct {
	P      *int
	hidden *int // only the method can deep-copy this
	Marker string
}

func (b byValue) DeepCopy() byValue {
	valueMethodCalls.Add(1)
	out := b
	out.P = ClonePointer(b.P)
	out.hidden = ClonePointer(b.hidden)
	out.Marker = "by method"
	return out
}

// byPtrValue has DeepCopy() T with a pointer receiver.
type byPtrValue struct {
	S      []int
	Marker string
}

func (b *byPtrValue) DeepCopy() byPtrValue {
	ptrMethodCalls.Add(1)
	return byPtrValue{S: CloneSlice(b.S), Marker: "by method"}
}

// k8sStyle has DeepCopy() *T with a pointer receiver, as deepcopy-gen writes.
type k8sStyle struct {
	M      map[string]string
	Marker string
}

func (in *k8sStyle) DeepCopy() *k8sStyle {
	if in == nil {
		return nil
	}
	k8sMethodCalls.Add(1)
	return &k8sStyle{M: CloneMap(in.M), Marker: "by method"}
}

// promoted embeds k8sStyle: the promoted DeepCopy returns *k8sStyle, not
// *promoted, so DeepClone must not use it.
type promoted struct {
	k8sStyle
	Own []int
}

type holder struct {
	V     byValue
	VP    *byValue
	PV    byPtrValue
	K     k8sStyle
	KP    *k8sStyle
	KNil  *k8sStyle
	KList []k8sStyle
	KMap  map[string]*k8sStyle
	KAny  any
	Prom  promoted
}

func TestDeepCloneUsesDeepCopyMethods(t *testing.T) {
	src := holder{
		V:     byValue{P: Ptr(1), hidden: Ptr(2)},
		VP:    &byValue{P: Ptr(3)},
		PV:    byPtrValue{S: []int{4}},
		K:     k8sStyle{M: map[string]string{"a": "b"}},
		KP:    &k8sStyle{M: map[string]string{"c": "d"}},
		KList: []k8sStyle{{}, {M: map[string]string{}}},
		KMap:  map[string]*k8sStyle{"x": {}, "nil": nil},
		KAny:  &k8sStyle{},
		Prom:  promoted{Own: []int{5}},
	}
	v0, p0, k0 := valueMethodCalls.Load(), ptrMethodCalls.Load(), k8sMethodCalls.Load()
	got := DeepClone(src)
	if n := valueMethodCalls.Load() - v0; n != 2 {
		t.Errorf("byValue.DeepCopy called %d times, want 2", n)
	}
	if n := ptrMethodCalls.Load() - p0; n != 1 {
		t.Errorf("(*byPtrValue).DeepCopy called %d times, want 1", n)
	}
	// K, KP, 2×KList, KMap["x"], KAny; not KNil or KMap["nil"]; not Prom.
	if n := k8sMethodCalls.Load() - k0; n != 6 {
		t.Errorf("(*k8sStyle).DeepCopy called %d times, want 6", n)
	}
	for name, marker := range map[string]string{
		"V": got.V.Marker, "VP": got.VP.Marker, "PV": got.PV.Marker, "K": got.K.Marker,
		"KP": got.KP.Marker, "KList[1]": got.KList[1].Marker, "KMap[x]": got.KMap["x"].Marker,
		"KAny": got.KAny.(*k8sStyle).Marker,
	} {
		if marker != "by method" {
			t.Errorf("%s was not copied by its DeepCopy method", name)
		}
	}
	if got.KNil != nil || got.KMap["nil"] != nil {
		t.Error("nil pointers with DeepCopy methods became non-nil")
	}
	if v, ok := got.KMap["nil"]; !ok || v != nil {
		t.Error("nil map value lost")
	}
	if got.Prom.Marker != "" {
		t.Error("promoted DeepCopy of an embedded field was used for the outer type")
	}
	// The method can reach what reflection cannot: the unexported pointer.
	*got.V.hidden = 20
	if *src.V.hidden != 2 {
		t.Error("unexported field shared despite DeepCopy method")
	}
	got.Prom.Own[0] = 50
	if src.Prom.Own[0] != 5 {
		t.Error("promoted: exported field shared")
	}
	*got.VP.P = 30
	got.PV.S[0] = 40
	got.KP.M["c"] = "changed"
	if *src.VP.P != 3 || src.PV.S[0] != 4 || src.KP.M["c"] != "d" {
		t.Error("method-copied values share memory with the source")
	}
}

func TestDeepCloneTopLevelMethod(t *testing.T) {
	k0 := k8sMethodCalls.Load()
	src := &k8sStyle{M: map[string]string{"a": "b"}}
	got := DeepClone(src)
	if got == src || got.Marker != "by method" || k8sMethodCalls.Load()-k0 != 1 {
		t.Fatalf("top-level *k8sStyle: %+v", got)
	}
	if DeepClone((*k8sStyle)(nil)) != nil || k8sMethodCalls.Load()-k0 != 1 {
		t.Fatal("nil receiver: method called or nil lost")
	}
	v0 := valueMethodCalls.Load()
	if got := DeepClone(byValue{}); got.Marker != "by method" || valueMethodCalls.Load()-v0 != 1 {
		t.Fatal("top-level byValue not copied by its method")
	}
}

// strict's DeepCopy, like many hand-written ones, cannot take a nil receiver.
type strict struct{ X *int }

func (s *strict) DeepCopy() *strict { return &strict{X: ClonePointer(s.X)} }

// labelSet's DeepCopy turns nil into empty, which DeepClone must not let
// happen.
type labelSet map[string]string

func (l labelSet) DeepCopy() labelSet {
	out := make(labelSet, len(l))
	for k, v := range l {
		out[k] = v
	}
	return out
}

func TestDeepCloneMethodNotCalledOnNil(t *testing.T) {
	if got := DeepClone((*strict)(nil)); got != nil {
		t.Fatal("nil *strict became non-nil")
	}
	if got := DeepClone(labelSet(nil)); got != nil {
		t.Fatal("nil labelSet became non-nil: DeepCopy was called on nil")
	}
	if got := DeepClone(labelSet{}); got == nil {
		t.Fatal("empty labelSet became nil")
	}
	type both struct {
		S   *strict
		L   labelSet
		Any any
	}
	got := DeepClone(both{Any: (*strict)(nil)})
	if got.S != nil || got.L != nil {
		t.Fatal("nil fields became non-nil")
	}
	if p, ok := got.Any.(*strict); !ok || p != nil {
		t.Fatalf("typed nil in interface: %#v", got.Any)
	}
	src := both{S: &strict{X: Ptr(1)}, L: labelSet{"a": "b"}}
	got = DeepClone(src)
	*got.S.X = 2
	got.L["a"] = "c"
	if *src.S.X != 1 || src.L["a"] != "b" {
		t.Fatal("method-copied values share memory with the source")
	}
}

func TestDeepCloneMethodSharing(t *testing.T) {
	// The same *k8sStyle reached twice is copied once, and shared in the clone.
	shared := &k8sStyle{}
	src := []*k8sStyle{shared, shared}
	k0 := k8sMethodCalls.Load()
	got := DeepClone(src)
	if got[0] != got[1] || got[0] == shared {
		t.Fatal("sharing not preserved for method-copied pointers")
	}
	if n := k8sMethodCalls.Load() - k0; n != 1 {
		t.Fatalf("DeepCopy called %d times, want 1", n)
	}
}

// ---- cycles and sharing ----

type node struct {
	Val  int
	Next *node
	Prev *node
	Kids []*node
	Meta map[string]any
}

func TestDeepCloneCycles(t *testing.T) {
	t.Run("self loop", func(t *testing.T) {
		n := &node{Val: 1}
		n.Next = n
		c := DeepClone(n)
		if c == n || c.Next != c || c.Val != 1 {
			t.Fatalf("self loop not reproduced: %p %p", c, c.Next)
		}
	})
	t.Run("doubly linked ring", func(t *testing.T) {
		a, b, d := &node{Val: 1}, &node{Val: 2}, &node{Val: 3}
		a.Next, b.Next, d.Next = b, d, a
		a.Prev, b.Prev, d.Prev = d, a, b
		c := DeepClone(a)
		if c == a || c.Next == b || c.Next.Next == d {
			t.Fatal("ring shares nodes with the source")
		}
		if c.Next.Next.Next != c || c.Prev.Prev.Prev != c || c.Next.Prev != c {
			t.Fatal("ring shape not reproduced")
		}
		if c.Next.Val != 2 || c.Prev.Val != 3 {
			t.Fatal("values wrong")
		}
		c.Next.Val = 20
		if b.Val != 2 {
			t.Fatal("mutation leaked to source")
		}
	})
	t.Run("shared pointer stays shared", func(t *testing.T) {
		leaf := &node{Val: 9}
		root := &node{Kids: []*node{leaf, leaf}, Next: leaf}
		c := DeepClone(root)
		if c.Kids[0] != c.Kids[1] || c.Kids[0] != c.Next || c.Next == leaf {
			t.Fatal("sharing structure not reproduced")
		}
	})
	t.Run("map containing itself", func(t *testing.T) {
		m := map[string]any{"v": 1}
		m["self"] = m
		c := DeepClone(m)
		self, ok := c["self"].(map[string]any)
		if !ok || reflect.ValueOf(self).Pointer() != reflect.ValueOf(c).Pointer() {
			t.Fatal("map self-reference not reproduced")
		}
		if reflect.ValueOf(c).Pointer() == reflect.ValueOf(m).Pointer() {
			t.Fatal("map shared")
		}
		c["v"] = 2
		if m["v"] != 1 {
			t.Fatal("mutation leaked")
		}
	})
	t.Run("slice containing itself", func(t *testing.T) {
		s := []any{1, nil}
		s[1] = s
		c := DeepClone(s)
		self, ok := c[1].([]any)
		if !ok || &self[0] != &c[0] || &c[0] == &s[0] {
			t.Fatal("slice self-reference not reproduced")
		}
	})
	t.Run("cycle through interface in struct", func(t *testing.T) {
		n := &node{Meta: map[string]any{}}
		n.Meta["owner"] = n
		c := DeepClone(n)
		if c.Meta["owner"].(*node) != c || c == n {
			t.Fatal("cycle via interface not reproduced")
		}
	})
	t.Run("long list does not overflow", func(t *testing.T) {
		// With an 8 MB stack cap, a recursive implementation (about two
		// frames per node) would die with a fatal stack overflow here.
		defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
		const n = 200_000
		head := &node{}
		cur := head
		for i := 1; i < n; i++ {
			cur.Next = &node{Val: i}
			cur = cur.Next
		}
		c := DeepClone(head)
		count := 0
		for p, q := c, head; p != nil; p, q = p.Next, q.Next {
			if p == q || p.Val != q.Val {
				t.Fatalf("node %d wrong", count)
			}
			count++
		}
		if count != n {
			t.Fatalf("clone has %d nodes, want %d", count, n)
		}
	})
}

// ---- concurrency ----

func TestDeepCloneConcurrent(t *testing.T) {
	src := newOuter()
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				c := DeepClone(src)
				*c.Ptr.Count = j // each goroutine mutates only its own clone
				c.ByName["x"].Tags[0] = "mine"
				if c.Items[0].Name != "i0" {
					errs <- "bad clone"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	if !reflect.DeepEqual(src, newOuter()) {
		t.Fatal("source changed")
	}
}

type recorder struct{ errors []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// TestAssertDisjointCatchesSharing makes sure the checker used above can fail.
func TestAssertDisjointCatchesSharing(t *testing.T) {
	p := Ptr(1)
	s := []int{1}
	tests := []struct {
		name string
		a, b any
	}{
		{"shared pointer", inner{Count: p}, inner{Count: p}},
		{"shared slice", inner{Tags: []string{"x"}[:1]}, nil},
		{"shared backing array", s, s},
		{"nil vs empty", []int(nil), []int{}},
		{"shared inside interface", []any{p}, []any{p}},
	}
	tests[1].b = tests[1].a
	for _, tt := range tests {
		var r recorder
		assertDisjoint(&r, tt.a, tt.b)
		if len(r.errors) == 0 {
			t.Errorf("%s: assertDisjoint reported nothing", tt.name)
		}
	}
	var r recorder
	assertDisjoint(&r, DeepClone(newOuter()), newOuter())
	if len(r.errors) != 0 {
		t.Errorf("false positives on independent values: %v", r.errors)
	}
}

// ---- methods named DeepCopy that are not copy methods ----

// Only DeepCopy() T and DeepCopy() *T count. These have other signatures,
// so DeepClone copies them by reflection and never calls the method.
type deepCopyTakesArg struct{ P *int }

func (d deepCopyTakesArg) DeepCopy(int) deepCopyTakesArg { panic("called") }

type deepCopyNoResult struct{ P *int }

func (*deepCopyNoResult) DeepCopy() { panic("called") }

type deepCopyOtherType struct{ P *int }

func (deepCopyOtherType) DeepCopy() int { panic("called") }

type deepCopyTwoResults struct{ P *int }

func (*deepCopyTwoResults) DeepCopy() (*deepCopyTwoResults, error) { panic("called") }

func TestDeepCloneIgnoresOtherDeepCopySignatures(t *testing.T) {
	type all struct {
		A deepCopyTakesArg
		B deepCopyNoResult
		C deepCopyOtherType
		D deepCopyTwoResults
		E *deepCopyNoResult
	}
	src := all{
		A: deepCopyTakesArg{Ptr(1)}, B: deepCopyNoResult{Ptr(2)}, C: deepCopyOtherType{Ptr(3)},
		D: deepCopyTwoResults{Ptr(4)}, E: &deepCopyNoResult{Ptr(5)},
	}
	got := DeepClone(src)
	if !reflect.DeepEqual(got, src) {
		t.Fatalf("clone %+v differs from %+v", got, src)
	}
	assertDisjoint(t, src, got)
}

// Arrays of every length holding references are deep-copied, one element
// included; arrays of plain values are copied by assignment.
func TestDeepCloneArrays(t *testing.T) {
	one := [1]*int{Ptr(1)}
	c1 := DeepClone(one)
	if c1[0] == one[0] || *c1[0] != 1 {
		t.Fatalf("[1]*int shares its element: %p %p", c1[0], one[0])
	}
	three := [3][]string{{"a"}, nil, {}}
	c3 := DeepClone(three)
	if !reflect.DeepEqual(c3, three) || c3[1] != nil || c3[2] == nil {
		t.Fatalf("[3][]string = %#v", c3)
	}
	c3[0][0] = "changed"
	if three[0][0] != "a" {
		t.Fatal("[3][]string shares its elements")
	}
	type withArrays struct {
		One   [1]*int
		Plain [2]int
	}
	w := withArrays{One: [1]*int{Ptr(7)}, Plain: [2]int{1, 2}}
	cw := DeepClone(w)
	if cw.One[0] == w.One[0] || *cw.One[0] != 7 || cw.Plain != w.Plain {
		t.Fatalf("struct with arrays: %+v", cw)
	}
}

// A cloned slice has capacity equal to its length, whatever the length, so
// that appending to it never writes into memory it shares.
func TestDeepCloneSliceCapacity(t *testing.T) {
	for n := 1; n <= 40; n++ {
		plain := make([]int32, n, n+7)
		if got := DeepClone(plain); len(got) != n || cap(got) != n {
			t.Fatalf("[]int32 of %d: len %d cap %d", n, len(got), cap(got))
		}
		refs := make([]*int, n)
		for i := range refs {
			refs[i] = Ptr(i)
		}
		got := DeepClone(refs)
		if len(got) != n || cap(got) != n {
			t.Fatalf("[]*int of %d: len %d cap %d", n, len(got), cap(got))
		}
		for i := range got {
			if got[i] == refs[i] || *got[i] != i {
				t.Fatalf("[]*int of %d: element %d shared or wrong", n, i)
			}
		}
		type field struct{ S []*int }
		f := DeepClone(field{S: refs[:n:n]})
		if cap(f.S) != n {
			t.Fatalf("field []*int of %d: cap %d", n, cap(f.S))
		}
	}
}

// Maps whose keys and values both hold references: every entry is there,
// with new keys and new values.
func TestDeepCloneMapOfReferences(t *testing.T) {
	src := map[*string]*int{Ptr("a"): Ptr(1), Ptr("b"): Ptr(2), Ptr("c"): nil}
	got := DeepClone(src)
	if len(got) != len(src) {
		t.Fatalf("%d entries, want %d", len(got), len(src))
	}
	want := map[string]*int{"a": Ptr(1), "b": Ptr(2), "c": nil}
	for k, v := range got {
		if _, shared := src[k]; shared {
			t.Errorf("key %q shared with the source", *k)
		}
		w, ok := want[*k]
		if !ok || (v == nil) != (w == nil) || (v != nil && *v != *w) {
			t.Errorf("entry %q: %v, want %v", *k, v, w)
		}
		delete(want, *k)
		for sk, sv := range src {
			if v != nil && sv == v {
				t.Errorf("value of %q shared with the source's %q", *k, *sk)
			}
		}
	}
	type key struct{ P *int }
	byStruct := map[key][]string{{Ptr(1)}: {"x"}, {Ptr(2)}: {}, {nil}: nil}
	gs := DeepClone(byStruct)
	if len(gs) != 3 {
		t.Fatalf("struct keys: %d entries, want 3", len(gs))
	}
	wantByValue := map[int][]string{1: {"x"}, 2: {}, 0: nil}
	for k, v := range gs {
		n := 0
		if k.P != nil {
			n = *k.P
			for sk := range byStruct {
				if sk.P == k.P {
					t.Errorf("key %d shares its pointer with the source", n)
				}
			}
		}
		if w := wantByValue[n]; !reflect.DeepEqual(v, w) || (v == nil) != (w == nil) {
			t.Errorf("key %d: %#v, want %#v", n, v, w)
		}
	}
}

// Sharing is kept for maps copied by their DeepCopy method too: the same
// labelSet reached twice is copied once.
func TestDeepCloneMethodSharingMaps(t *testing.T) {
	shared := labelSet{"a": "b"}
	got := DeepClone([]labelSet{shared, shared, {"c": "d"}})
	if reflect.ValueOf(got[0]).UnsafePointer() != reflect.ValueOf(got[1]).UnsafePointer() {
		t.Fatal("the same labelSet reached twice became two copies")
	}
	if reflect.ValueOf(got[0]).UnsafePointer() == reflect.ValueOf(shared).UnsafePointer() {
		t.Fatal("the labelSet was not copied")
	}
	if reflect.ValueOf(got[0]).UnsafePointer() == reflect.ValueOf(got[2]).UnsafePointer() {
		t.Fatal("different labelSets became one")
	}
	if !reflect.DeepEqual(got, []labelSet{{"a": "b"}, {"a": "b"}, {"c": "d"}}) {
		t.Fatalf("got %v", got)
	}
}

// A DeepCopy method with a pointer receiver is called on values that are
// not addressable (map values, values held by an interface) through a
// copy, which sees the value itself.
func TestDeepCloneMethodOnUnaddressableValues(t *testing.T) {
	m := map[string]k8sStyle{"x": {M: map[string]string{"a": "b"}, Marker: "source"}}
	gm := DeepClone(m)
	if got := gm["x"]; got.Marker != "by method" || got.M["a"] != "b" {
		t.Fatalf("map value: %+v", got)
	}
	pv := map[string]byPtrValue{"x": {S: []int{1, 2}}}
	gp := DeepClone(pv)
	if got := gp["x"]; got.Marker != "by method" || !reflect.DeepEqual(got.S, []int{1, 2}) {
		t.Fatalf("map value with DeepCopy() T on *T: %+v", got)
	}
	var held any = k8sStyle{M: map[string]string{"k": "v"}}
	gh := DeepClone(struct{ A any }{held})
	if got, ok := gh.A.(k8sStyle); !ok || got.Marker != "by method" || got.M["k"] != "v" {
		t.Fatalf("interface value: %#v", gh.A)
	}
	gm["x"].M["a"] = "changed"
	if m["x"].M["a"] != "b" {
		t.Fatal("map value shares memory with the source")
	}
}

// nilCopier's DeepCopy gives nil for a non-nil receiver. DeepClone does not
// panic on it: the copy is the zero value, at the top level and in a field.
type nilCopier struct{ X int }

func (*nilCopier) DeepCopy() *nilCopier { return nil }

func TestDeepCloneMethodReturningNil(t *testing.T) {
	if got := DeepClone(nilCopier{X: 1}); got != (nilCopier{}) {
		t.Fatalf("top level: %+v, want the zero value", got)
	}
	type wrapper struct {
		N nilCopier
		P *int
	}
	got := DeepClone(wrapper{N: nilCopier{X: 1}, P: Ptr(2)})
	if got.N != (nilCopier{}) || got.P == nil || *got.P != 2 {
		t.Fatalf("in a field: %+v, want N zero", got)
	}
}
