package webhook

import "testing"

// A version is newer than the hub when it is a later release by name: not
// the hub's own release under another name (its storage twin, or the
// second name Azure Service Operator's newer releases give an ARM API
// version, v20240801 beside v1api20240801), which hub.Version.Compare
// orders apart only to sort deterministically. At the hub's release the
// hub's schema decides.
func TestNewerThanHubIsALaterRelease(t *testing.T) {
	for _, c := range []struct {
		hub, written string
		want         bool
	}{
		{"v3storage", "v4beta1", true},
		{"v3storage", "v3", false},
		{"v3storage", "v1", false},
		{"v3", "v3storage", false},
		{"v2", "v3alpha1", true},
		{"v1api20221201storage", "v1api20230601preview", true},
		{"v1api20221201storage", "v1api20221201preview", false},
		{"v1api20240801", "v20240801", false},
		{"v1api20240801storage", "v20240801storage", false},
		{"v1api20240801storage", "v20240801", false},
		{"v20240801storage", "v1api20250101", true},
		{"v3storage", "v1beta20210601", false}, // no version: never newer
		// A storage twin carries bags in every struct, which ownFields
		// leaves in: a client's bag entries would pass for its fields.
		{"v3storage", "v4beta1storage", false},
		{"v1api20221201storage", "v1api20230601previewstorage", false},
	} {
		v := &validator{hub: c.hub}
		if got := v.newerThanHub(c.written); got != c.want {
			t.Errorf("hub %s: newerThanHub(%s) = %v, want %v", c.hub, c.written, got, c.want)
		}
	}
}
