package convert

import (
	"fmt"
	"maps"

	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BagsAnnotation is the annotation in which an object at an API version
// carries the property bags of its storage twin.
//
// API versions have no property bags, so without it, reading an object at
// an old version and writing it back (kubectl edit, an update from an old
// client) would drop every value that only newer versions have fields for.
// Generated code for an API version calls StashBags when it fills the
// object from its storage twin, and RecallBags when it converts it back, so
// the values travel through the old version in metadata, which every version
// shares, and land in the storage twin's bags again. The value is written
// by propertybag.MarshalBags: a JSON object keyed by bag ("spec",
// "status"), each holding its values as plain JSON, for example
//
//	{"spec":{"BirthDate":"1928-11-18","MiddleName":"Theodore"}}
const BagsAnnotation = "hubspoke.dev/property-bags"

// StashBags records the non-empty bags in meta's BagsAnnotation, or removes
// the annotation when every bag is empty. The annotations map is replaced,
// never modified in place, since it may be shared with another object
// during a conversion.
func StashBags(meta *metav1.ObjectMeta, bags map[string]propertybag.PropertyBag) error {
	empty := true
	for _, bag := range bags {
		if len(bag) > 0 {
			empty = false
			break
		}
	}
	if empty {
		if _, ok := meta.Annotations[BagsAnnotation]; ok {
			meta.Annotations = withoutKey(meta.Annotations, BagsAnnotation)
		}
		return nil
	}
	text, err := propertybag.MarshalBags(bags) // sorted, empty bags left out: deterministic
	if err != nil {
		return fmt.Errorf("stashing property bags in annotation %s: %w", BagsAnnotation, err)
	}
	annotations := make(map[string]string, len(meta.Annotations)+1)
	maps.Copy(annotations, meta.Annotations)
	annotations[BagsAnnotation] = text
	meta.Annotations = annotations
	return nil
}

// RecallBags removes BagsAnnotation from meta and returns the bags it held
// (nil when there was none). The annotations map is replaced, never modified
// in place. Text that is not a JSON object of bags is an error naming the
// annotation, and meta is left unchanged.
func RecallBags(meta *metav1.ObjectMeta) (map[string]propertybag.PropertyBag, error) {
	text, ok := meta.Annotations[BagsAnnotation]
	if !ok {
		return nil, nil
	}
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return nil, fmt.Errorf("reading property bags from annotation %s: %w", BagsAnnotation, err)
	}
	meta.Annotations = withoutKey(meta.Annotations, BagsAnnotation)
	return bags, nil
}

// withoutKey returns a copy of m without key, or nil when nothing is left.
func withoutKey(m map[string]string, key string) map[string]string {
	if len(m) <= 1 {
		return nil
	}
	out := make(map[string]string, len(m)-1)
	for k, v := range m {
		if k != key {
			out[k] = v
		}
	}
	return out
}
