package convtest

import (
	"reflect"
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// A storage version whose keyed lists are found deep down: in the elements
// of a list, in the values of a map, as pointers, in a recursive type; and
// an API version with an unexported field of the same JSON name.
type nestedKeysObj struct {
	metav1.TypeMeta `json:",inline"`
	Groups          []nestedKeysGroup           `json:"groups,omitempty"`
	ByZone          map[string]*nestedKeysGroup `json:"byZone,omitempty"`
	Tree            *nestedKeysNode             `json:"tree,omitempty"`
}

type nestedKeysGroup struct {
	Ports []*nestedKeysPort `json:"ports,omitempty" hubspoke:"listMapKey=port"`
	ports []*nestedKeysPort // JSON would name it ports
}

type nestedKeysPort struct {
	Port *int32  `json:"port,omitempty"`
	Name *string `json:"name,omitempty"`
}

type nestedKeysNode struct {
	Children []*nestedKeysNode `json:"children,omitempty"`
	Ports    []*nestedKeysPort `json:"ports,omitempty" hubspoke:"listMapKey=port"`
}

// An API version whose list is optional in the twin (a pointer to it).
type nestedKeysAPI struct {
	metav1.TypeMeta `json:",inline"`
	Groups          []nestedKeysGroup `json:"groups,omitempty"`
}

type nestedKeysTwin struct {
	metav1.TypeMeta `json:",inline"`
	Groups          *[]nestedKeysGroup `json:"groups,omitempty"`
}

func (o *nestedKeysAPI) DeepCopyObject() runtime.Object { c := *o; return &c }

func (o *nestedKeysObj) DeepCopyObject() runtime.Object { c := *o; return &c }

var _ = nestedKeysGroup{}.ports // the API server never sees it; the kit must not look

// TestListKeysDeepDown: repeated keys are found in keyed lists inside list
// elements, map values and a recursive type, comparing the keys of pointer
// elements; an unexported field is no keyed list.
func TestListKeysDeepDown(t *testing.T) {
	k := listKeys{}
	typ := reflect.TypeFor[*nestedKeysObj]()
	k.learn(typ, typ, map[[2]reflect.Type]bool{}) // returns although the type is recursive
	port := func(p int32, name string) *nestedKeysPort { return &nestedKeysPort{Port: &p, Name: &name} }
	twice := []*nestedKeysPort{port(80, "a"), port(80, "b")}
	distinct := []*nestedKeysPort{port(80, "a"), port(81, "a")}
	for name, tc := range map[string]struct {
		obj  *nestedKeysObj
		want bool
	}{
		"distinct":                  {&nestedKeysObj{Groups: []nestedKeysGroup{{Ports: distinct}}, ByZone: map[string]*nestedKeysGroup{"z": {Ports: distinct}}}, false},
		"in a list element":         {&nestedKeysObj{Groups: []nestedKeysGroup{{Ports: distinct}, {Ports: twice}}}, true},
		"in a map value":            {&nestedKeysObj{ByZone: map[string]*nestedKeysGroup{"z": {Ports: twice}}}, true},
		"in a recursive type":       {&nestedKeysObj{Tree: &nestedKeysNode{Children: []*nestedKeysNode{{Ports: twice}}}}, true},
		"in an unexported field":    {&nestedKeysObj{Groups: []nestedKeysGroup{{ports: twice}}}, false},
		"distinct in a nested list": {&nestedKeysObj{Tree: &nestedKeysNode{Children: []*nestedKeysNode{{Ports: distinct}}}}, false},
	} {
		if got := k.repeated(tc.obj); got != tc.want {
			t.Errorf("%s: repeated = %v, want %v", name, got, tc.want)
		}
	}
	api := listKeys{}
	api.learn(reflect.TypeFor[*nestedKeysAPI](), reflect.TypeFor[*nestedKeysTwin](), map[[2]reflect.Type]bool{})
	if !api.repeated(&nestedKeysAPI{Groups: []nestedKeysGroup{{Ports: twice}}}) {
		t.Errorf("the keys of a list the twin holds by pointer are not learned")
	}
	list := reflect.ValueOf(&nestedKeysGroup{Ports: append(slices.Clone(twice), port(81, "c"))}).Elem()
	k.dedupe(list.Type(), 0, list.Field(0))
	if got := list.Field(0).Len(); got != 2 {
		t.Errorf("dedupe of pointer elements kept %d, want 2", got)
	}
}

// TestTagKeys: the keys of a hubspoke tag, spaces around them trimmed, and
// nothing but listMapKey values that name a key.
func TestTagKeys(t *testing.T) {
	f := reflect.StructField{Tag: `hubspoke:"listMapKey=port, listMapKey=protocol,listMapKey=,other"`}
	if got := tagKeys(f); !slices.Equal(got, []string{"port", "protocol"}) {
		t.Errorf("tagKeys = %q", got)
	}
}

// A storage version (and API version) holding a keyed list through a
// pointer (Hosts *Hosts with +listMapKey on Hosts, or *[]Port with the
// markers on the field).
type pointerKeysObj struct {
	metav1.TypeMeta `json:",inline"`
	Ports           *[]nestedKeysPort `json:"ports,omitempty" hubspoke:"listMapKey=port"`
}

func (o *pointerKeysObj) DeepCopyObject() runtime.Object { c := *o; return &c }

// TestListKeysThroughPointer: a keyed list held through a pointer is
// learned, its repeated keys found and removed, as those of a list held
// directly (the API server refuses such an object all the same).
func TestListKeysThroughPointer(t *testing.T) {
	k := listKeys{}
	typ := reflect.TypeFor[*pointerKeysObj]()
	k.learn(typ, typ, map[[2]reflect.Type]bool{})
	port := func(p int32, name string) nestedKeysPort { return nestedKeysPort{Port: &p, Name: &name} }
	twice := []nestedKeysPort{port(80, "a"), port(80, "b"), port(81, "c")}
	if !k.repeated(&pointerKeysObj{Ports: &twice}) {
		t.Errorf("repeated keys in a list held through a pointer are not found")
	}
	if k.repeated(&pointerKeysObj{}) {
		t.Errorf("a nil list held through a pointer repeats keys")
	}
	obj := reflect.ValueOf(&pointerKeysObj{Ports: &twice}).Elem()
	k.dedupe(obj.Type(), 1, obj.Field(1))
	if got := len(*obj.Interface().(pointerKeysObj).Ports); got != 2 {
		t.Errorf("dedupe of a list held through a pointer kept %d elements, want 2", got)
	}
	var none *[]nestedKeysPort
	k.dedupe(obj.Type(), 1, reflect.ValueOf(&none).Elem()) // a nil pointer stays nil, no panic
}
