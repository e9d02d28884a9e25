package convtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

// goldenClaims maps the golden files (their path, without the suffixes
// of the two files) that Golden checked or wrote in this test binary to
// the exemplar, as JSON, that they are of. The files are named by kind,
// variant and versions, so a second exemplar of the same version would
// check against, or in update mode overwrite, the first one's files: its
// failure would say to regenerate, which breaks the first.
var goldenClaims struct {
	sync.Mutex
	byBase map[string]claim
}

// claim is an exemplar, as JSON, and its metadata.name.
type claim struct {
	data []byte
	name string
}

// fileName is a metadata.name that may name a file as it is: a DNS
// subdomain, as the API server requires of most names.
var fileName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`)

// goldenBase picks the golden files of exemplar in dir: base, the kind
// and versions, or base_<metadata.name> for a second exemplar of one
// version (members of a one-of, say, which no one object can show
// together). The first exemplar of a version keeps the files named by
// versions alone, as one exemplar per version always had: base is
// another exemplar's when this test binary claimed it for one, or when
// its file holds an object of another name; base_<name> is the
// exemplar's once its file exists. So the choice does not depend on which
// exemplars a go test -run selects, only, when the files are first
// written, on the order of the exemplars. (The files of an exemplar whose
// metadata.name changed therefore stay: it gets files of its new name,
// and the old ones are deleted by hand.)
func goldenBase(dir, base string, exemplar runtime.Object) (string, error) {
	name := ""
	if m, err := meta.Accessor(exemplar); err == nil {
		name = m.GetName()
	}
	if !fileName.MatchString(name) {
		return base, claimGolden(filepath.Join(dir, base), exemplar)
	}
	named := base + "_" + name
	if _, err := os.Stat(filepath.Join(dir, named+".yaml")); err == nil ||
		claimedByOther(filepath.Join(dir, base), name) ||
		goldenOwner(filepath.Join(dir, base+".yaml")) != name && goldenOwner(filepath.Join(dir, base+".yaml")) != "" {
		return named, claimGolden(filepath.Join(dir, named), exemplar)
	}
	return base, claimGolden(filepath.Join(dir, base), exemplar)
}

// goldenOwner is the metadata.name of the object in the golden file at
// path, "" when there is no such file or it holds no name.
func goldenOwner(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var obj struct {
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if yaml.Unmarshal(data, &obj) != nil {
		return ""
	}
	return obj.Metadata.Name
}

// claimedByOther says whether an exemplar of another name claimed the
// files at base.
func claimedByOther(base, name string) bool {
	abs, err := filepath.Abs(base)
	if err != nil {
		return false
	}
	goldenClaims.Lock()
	defer goldenClaims.Unlock()
	prev, ok := goldenClaims.byBase[abs]
	return ok && prev.name != name
}

// claimGolden records that the golden files at base are exemplar's, and
// fails when another exemplar claimed them before.
func claimGolden(base string, exemplar runtime.Object) error {
	abs, err := filepath.Abs(base)
	if err != nil {
		return err
	}
	data, err := json.Marshal(exemplar)
	if err != nil {
		return fmt.Errorf("encoding the exemplar: %w", err)
	}
	goldenClaims.Lock()
	defer goldenClaims.Unlock()
	if goldenClaims.byBase == nil {
		goldenClaims.byBase = map[string]claim{}
	}
	if prev, ok := goldenClaims.byBase[abs]; ok && string(prev.data) != string(data) {
		return fmt.Errorf("two different exemplars of one version would share the golden files %s*.yaml "+
			"(they are named by kind, versions and, for a second exemplar of a version, its metadata.name, "+
			"so one would check against or overwrite the other's): give each exemplar of a version a metadata.name of its own, "+
			"or keep one and put what the other shows into it\n first:  %s\n second: %s",
			strings.TrimSuffix(base, ".yaml"), prev.data, data)
	}
	name := ""
	if m, err := meta.Accessor(exemplar); err == nil {
		name = m.GetName()
	}
	goldenClaims.byBase[abs] = claim{data: data, name: name}
	return nil
}
