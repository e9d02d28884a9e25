package webhook_test

import (
	"testing"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// BenchmarkAdmission: one AdmissionReview of Mickey through the manager's
// validating webhook, in-process: a create at the newest version and an
// update at the oldest (every served version converted and checked).
//
//	go -C examples test -run '^$' -bench Admission -benchtime 2000x ./person/webhook/
func BenchmarkAdmission(b *testing.B) {
	log.SetLogger(logr.Discard()) // controller-runtime's admission handler logs every answer
	c := newConverter(b)
	at := func(version string) client.Object {
		obj, err := c.ToVersion(mickey(), version)
		if err != nil {
			b.Fatal(err)
		}
		return obj.(client.Object)
	}
	h := newManager(b).GetWebhookServer().WebhookMux()
	for _, bc := range []struct {
		name     string
		obj, old client.Object
	}{
		{"create-v5", at("v5"), nil},
		{"update-v1", at("v1"), at("v1")},
	} {
		review := admissionReview(b, bc.obj, bc.old)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if resp := admit(b, h, review); !resp.Allowed {
					b.Fatalf("refused: %s", resp.Result.Message)
				}
			}
		})
	}
}
