package convtest_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Library is a test resource for unkeyed lists (lists without list-map
// keys): an API version v1 with a list of books, and its storage twin
// v1storage, the hub, whose books have property bags and an optional
// title that v1 shows as a plain string. What a v1 book cannot show (a
// title the hub leaves absent, which v1 shows as "", and the entries a
// newer release's client left in the book's bag) v1 carries in its bags
// annotation, through reflectbags as generated code does. A v1 client that
// reorders the books, or deletes the first, must not move those values to
// another book (docs/design-unkeyed-lists.md).
// Switchable bugs: bugBagsByIndex makes v1 place the bags by index, as a
// release before fingerprints does: no fingerprint matches a book.
// bugSparseFingerprints keeps the fingerprints of the books with something
// carried at or below them only.

var libraryGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Library"}

func libraryScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(libraryGK.WithVersion("v1"), &LibraryV1{})
	s.AddKnownTypeWithName(libraryGK.WithVersion("v1storage"), &LibraryV1Storage{})
	return s
}

type LibraryV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              LibraryV1Spec `json:"spec"`
}

type LibraryV1Spec struct {
	Books []BookV1 `json:"books,omitempty"`
}

type BookV1 struct {
	Title string `json:"title"`
}

type LibraryV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              LibraryV1StorageSpec `json:"spec"`
}

type LibraryV1StorageSpec struct {
	Books       []BookV1Storage         `json:"books,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type BookV1Storage struct {
	Title       *string                 `json:"title,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

func (*LibraryV1Storage) Hub() {}

func (s *LibraryV1) DeepCopyObject() runtime.Object        { return deepCopy(s) }
func (s *LibraryV1Storage) DeepCopyObject() runtime.Object { return deepCopy(s) }

func (s *LibraryV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(s, h) }
func (s *LibraryV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(s, h) }
func (s *LibraryV1) Link() convert.Link {
	return convert.LinkTo((*LibraryV1).assignTo, (*LibraryV1).assignFrom)
}

func (s *LibraryV1) assignTo(dst *LibraryV1Storage) error {
	dst.Spec = LibraryV1StorageSpec{}
	if s.Spec.Books != nil {
		dst.Spec.Books = make([]BookV1Storage, len(s.Spec.Books))
		for i, b := range s.Spec.Books {
			dst.Spec.Books[i] = BookV1Storage{Title: ptr(b.Title)}
		}
	}
	src := s
	switch activeBug() {
	case bugBagsByIndex:
		src = withFingerprints(s, func(string) bool { return false })
	case bugSparseFingerprints:
		src = withFingerprints(s, carriesBelow(s))
	}
	return reflectbags.Recall(dst, src)
}

func (s *LibraryV1) assignFrom(src *LibraryV1Storage) error {
	s.Spec = LibraryV1Spec{}
	if src.Spec.Books != nil {
		s.Spec.Books = make([]BookV1, len(src.Spec.Books))
		for i, b := range src.Spec.Books {
			s.Spec.Books[i] = BookV1{Title: deref(b.Title)}
		}
	}
	if err := reflectbags.Stash(s, src); err != nil {
		return err
	}
	return nil
}

// elementsBag is the bag in which an API version carries the fingerprints
// of the elements of its unkeyed lists (docs/design-unkeyed-lists.md).
const elementsBag = "#elements"

// withFingerprints is s with the fingerprints its bags annotation carries
// changed as the bugs change them (fingerprintsChanged).
func withFingerprints(s *LibraryV1, keep func(path string) bool) *LibraryV1 {
	annotations, ok := fingerprintsChanged(s.Annotations, keep)
	if !ok {
		return s
	}
	out := *s
	out.Annotations = annotations
	return &out
}

// fingerprintsChanged returns a copy of annotations with the fingerprints
// their bags annotation carries changed as the bugs change them: keep
// reports whether the fingerprint of an element (by path) stays; the
// others are replaced by one no element has (bugBagsByIndex: every element
// is then placed by index) or removed (bugSparseFingerprints). A
// fingerprint that is not a JSON string is left as it is, for Recall to
// refuse. It returns false, and changes nothing, when the annotation is
// absent, does not parse or carries no fingerprints.
func fingerprintsChanged(annotations map[string]string, keep func(path string) bool) (map[string]string, bool) {
	text, ok := annotations[boundary.Annotation]
	if !ok {
		return nil, false
	}
	bags, err := propertybag.UnmarshalBags(text)
	fps, has := bags[elementsBag]
	if err != nil || !has {
		return nil, false // Recall reports a broken annotation
	}
	fps = maps.Clone(fps)
	for path, fp := range fps {
		if keep(path) || !strings.HasPrefix(fp, `"`) {
			continue
		}
		if activeBug() == bugSparseFingerprints {
			delete(fps, path)
		} else {
			fps[path] = `"-"`
		}
	}
	bags[elementsBag] = fps
	out := maps.Clone(annotations)
	if out[boundary.Annotation], err = propertybag.MarshalBags(bags); err != nil {
		return nil, false
	}
	return out, true
}

// carriesBelow reports, for the path of a book, whether the annotation of s
// carries a bag at or below it: bugSparseFingerprints keeps the
// fingerprints of those books only.
func carriesBelow(s *LibraryV1) func(path string) bool {
	bags, _ := propertybag.UnmarshalBags(s.Annotations[boundary.Annotation])
	return func(path string) bool {
		for name := range bags {
			if name == path || strings.HasPrefix(name, path+".") || strings.HasPrefix(name, path+"[") {
				return true
			}
		}
		return false
	}
}

// The healthy Library passes every check: a client of v1 that reorders the
// books keeps what each book carries for the hub.
func TestLibrary(t *testing.T) {
	convtest.RoundTripAll(t, libraryScheme(), libraryGK, raceCases()...)
	convtest.Reliability(t, libraryScheme(), libraryGK, raceCases()...)
}
