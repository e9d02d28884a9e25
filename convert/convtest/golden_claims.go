package convtest

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
)

// goldenClaims maps the golden files (their path, without the suffixes
// of the two files) that Golden checked or wrote in this test binary to
// the exemplar, as JSON, that they are of. The files are named by kind,
// variant and versions alone, so a second exemplar of the same version
// would check against, or in update mode overwrite, the first one's files:
// its failure would say to regenerate, which breaks the first.
var goldenClaims struct {
	sync.Mutex
	byBase map[string][]byte
}

// claimGolden records that the golden files at base are exemplar's, and
// fails when another exemplar claimed them before.
func claimGolden(base string, exemplar any) error {
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
		goldenClaims.byBase = map[string][]byte{}
	}
	if prev, ok := goldenClaims.byBase[abs]; ok && string(prev) != string(data) {
		return fmt.Errorf("two different exemplars of one version would share the golden files %s*.yaml "+
			"(they are named by kind and versions alone, so one would check against or overwrite the other's): "+
			"keep one exemplar per version, and put what the other shows into it\n first:  %s\n second: %s",
			base, prev, data)
	}
	goldenClaims.byBase[abs] = data
	return nil
}
