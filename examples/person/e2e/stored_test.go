//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// testStoredAtHub reads objects straight from etcd: whatever version they
// were created at, they are stored at the hub, v5storage, and what only a
// property bag can hold is in the bag.
func testStoredAtHub(t *testing.T, ns string) {
	ctx := withTimeout(t, time.Minute)
	createNamespace(ctx, t, ns)

	// v1's names: the hub has FullName and friends, and keeps FirstName
	// and LastName in its bag when they do not follow from those, so that
	// v1 reads them back exactly. A first name of two words would split
	// into a first and a middle name.
	twoWords := mickeyV1()
	twoWords.Spec.FirstName = "Mickey Jr."
	fromV1 := at(t, twoWords, "v1", ns, "from-v1")
	// v3's birth date is text; v4 on have a Date, which cannot hold
	// "18 November 1928": the Date's bag keeps the text.
	oddDate := mickeyV3()
	oddDate.Spec.BirthDate = "18 November 1928"
	fromV3 := at(t, oddDate, "v3", ns, "from-v3")
	fromV5 := at(t, mickeyV5(), "v5", ns, "from-v5")
	for _, obj := range []client.Object{fromV1, fromV3, fromV5} {
		if err := createWithStatus(ctx, obj.DeepCopyObject().(client.Object)); err != nil {
			t.Fatal(err)
		}
	}

	wantBags := map[string]struct {
		path  []string // where the bag is, in the stored object
		entry string
		value any
	}{
		"from-v1": {[]string{"spec", "$propertyBag"}, "FirstName", "Mickey Jr."},
		"from-v3": {[]string{"spec", "birthDate", "$propertyBag"}, "BirthDate", "18 November 1928"},
	}
	for _, sent := range []client.Object{fromV1, fromV3, fromV5} {
		key := fmt.Sprintf("/registry/%s/people/%s/%s", api.GroupKind.Group, ns, sent.GetName())
		raw, err := etcdGet(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		var stored map[string]any
		if err := json.Unmarshal(raw, &stored); err != nil {
			t.Fatalf("%s: the value in etcd is not JSON: %v\n%.200q", key, err, raw)
		}
		if stored["apiVersion"] != "crm.hubspoke.dev/v5storage" || stored["kind"] != "Person" {
			t.Errorf("%s: stored as %v %v, want crm.hubspoke.dev/v5storage Person", key, stored["apiVersion"], stored["kind"])
		}
		want := view(t, convertTo(t, sent, api.HubVersion))
		for _, part := range []string{"spec", "status"} {
			if diff := cmp.Diff(want[part], stored[part]); diff != "" {
				t.Errorf("%s: stored %s differs from the in-process conversion to the hub (-want +etcd):\n%s", key, part, diff)
			}
		}
		if w, ok := wantBags[sent.GetName()]; ok {
			bag, _ := dig(stored, w.path...).(map[string]any)
			text, _ := bag[w.entry].(string)
			wantText, _ := json.Marshal(w.value)
			if text != string(wantText) {
				t.Errorf("%s: %s[%q] = %q, want %s (stored %s: %v)", key, strings.Join(w.path, "."), w.entry, text, wantText, w.path[0], stored[w.path[0]])
			}
		}
	}

	// Read at v5storage, which is served, the API shows the same bags.
	hub, err := get(ctx, t, ns, "from-v1", api.HubVersion)
	if err != nil {
		t.Fatal(err)
	}
	if first, err := propertybag.Get[string](hub.(*v5storage.Person).Spec.PropertyBag, "FirstName"); err != nil || first == nil || *first != "Mickey Jr." {
		t.Errorf("from-v1 read at v5storage: FirstName in the bag = %v, %v", first, err)
	}
	// And v3 reads the odd date back as it was written.
	got, err := get(ctx, t, ns, "from-v3", "v3")
	if err != nil {
		t.Fatal(err)
	}
	if d := got.(*v3.Person).Spec.BirthDate; d != "18 November 1928" {
		t.Errorf("from-v3 read at v3: birth date %q", d)
	}

	// Every Person in etcd, of every scenario so far, is at the hub.
	all, err := etcdRange(ctx, fmt.Sprintf("/registry/%s/people/", api.GroupKind.Group))
	if err != nil {
		t.Fatal(err)
	}
	for key, raw := range all {
		var tm struct{ APIVersion, Kind string }
		if err := json.Unmarshal(raw, &tm); err != nil || tm.APIVersion != "crm.hubspoke.dev/v5storage" || tm.Kind != "Person" {
			t.Errorf("%s: stored as %q %q (%v), want crm.hubspoke.dev/v5storage Person", key, tm.APIVersion, tm.Kind, err)
		}
	}

	var crd apiextensionsv1.CustomResourceDefinition
	if err := env.client.Get(ctx, client.ObjectKey{Name: "people.crm.hubspoke.dev"}, &crd); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(crd.Status.StoredVersions, []string{api.HubVersion}) {
		t.Errorf("CRD status.storedVersions = %v, want [%s]", crd.Status.StoredVersions, api.HubVersion)
	}
	t.Logf("%d Persons in etcd, all at %s; CRD storedVersions %v", len(all), api.HubVersion, crd.Status.StoredVersions)
}

func dig(m map[string]any, path ...string) any {
	var v any = m
	for _, p := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[p]
	}
	return v
}

// etcdGet returns the value etcd holds at key, read through etcd's JSON
// gateway (POST /v3/kv/range) on envtest's etcd client URL.
func etcdGet(ctx context.Context, key string) ([]byte, error) {
	kvs, err := etcdRangeRequest(ctx, map[string]string{"key": b64(key)})
	if err != nil {
		return nil, err
	}
	v, ok := kvs[key]
	if !ok {
		return nil, fmt.Errorf("etcd has no key %s", key)
	}
	return v, nil
}

// etcdRange returns every key and value under prefix.
func etcdRange(ctx context.Context, prefix string) (map[string][]byte, error) {
	end := []byte(prefix)
	end[len(end)-1]++ // the first key after every key with the prefix
	return etcdRangeRequest(ctx, map[string]string{"key": b64(prefix), "range_end": b64(string(end))})
}

func etcdRangeRequest(ctx context.Context, req map[string]string) (map[string][]byte, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	url := env.testEnv.ControlPlane.Etcd.URL.String() + "/v3/kv/range"
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		return nil, fmt.Errorf("etcd range: %w", err)
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("etcd range: HTTP %d: %s", resp.StatusCode, text)
	}
	var answer struct {
		Kvs []struct{ Key, Value string }
	}
	if err := json.Unmarshal(text, &answer); err != nil {
		return nil, fmt.Errorf("etcd range: %w: %.200s", err, text)
	}
	out := make(map[string][]byte, len(answer.Kvs))
	for _, kv := range answer.Kvs {
		k, err := base64.StdEncoding.DecodeString(kv.Key)
		if err != nil {
			return nil, err
		}
		v, err := base64.StdEncoding.DecodeString(kv.Value)
		if err != nil {
			return nil, err
		}
		out[string(k)] = v
	}
	return out, nil
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
