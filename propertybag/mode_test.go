package propertybag

import (
	"os"
	"testing"

	"github.com/hubspoke/hubspoke/internal/bagcodec"
)

func TestMain(m *testing.M) {
	switch os.Getenv("BAGCODEC") {
	case "std":
		bagcodec.Mode.Store(bagcodec.StdLib)
	case "v2":
		bagcodec.Mode.Store(bagcodec.V2)
	}
	os.Exit(m.Run())
}
