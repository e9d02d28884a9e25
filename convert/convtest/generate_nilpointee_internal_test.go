package convtest

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// nilPointeeObj holds pointers to values whose nil JSON writes as null,
// as Flux's HelmRelease snapshot holds its test hooks
// (`TestHooks *map[string]*TestHookStatus`).
type nilPointeeObj struct {
	Hooks *map[string]string `json:"hooks,omitempty"`
	Tags  *[]string          `json:"tags,omitempty"`
	PP    **int32            `json:"pp,omitempty"`
}

// TestBuilderNoPointerToNil: the builder never draws a pointer to a nil
// map, slice or pointer. JSON writes one as null, which reads back as a nil
// pointer, so an object holding one is not what the API server stores, and
// a round trip through a bag (the value of another version, kept as JSON)
// reported it as changed. Pointers to empty and to filled values are
// drawn.
func TestBuilderNoPointerToNil(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	set, empty := 0, 0
	for i := range 400 {
		b := &builder{r: r, size: i % 5, cfg: newConfig(nil)}
		var v nilPointeeObj
		b.fill(reflect.ValueOf(&v).Elem(), 1)
		text, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back nilPointeeObj
		if err := json.Unmarshal(text, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(v, back) {
			t.Fatalf("drew %s, which reads back otherwise: %#v", text, back)
		}
		if v.Hooks != nil {
			set++
			if len(*v.Hooks) == 0 {
				empty++
			}
		}
	}
	if set == 0 || empty == 0 || empty == set {
		t.Errorf("pointers to maps: %d set, %d to an empty map; want both empty and filled", set, empty)
	}
}
