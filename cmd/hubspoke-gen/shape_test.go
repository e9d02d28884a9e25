package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// loadBalancerStep returns the storage step of ingress's v1beta1 (towards
// v1) generated from api, and the action on IngressStatus.LoadBalancer.
func loadBalancerStep(t *testing.T, api string) (*step, action) {
	t.Helper()
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range out.chain.versions {
		if s := out.chain.storage[v]; v.name == "v1beta1" && s != nil {
			p := s.byName["IngressStatus"]
			if p == nil {
				t.Fatal("the step of v1beta1 does not convert IngressStatus")
			}
			for _, pr := range p.props {
				if pr.name() == "LoadBalancer" {
					return s, pr.action
				}
			}
			t.Fatal("IngressStatus has no property LoadBalancer")
		}
	}
	t.Fatal("no storage step from v1beta1")
	return nil, 0
}

// TestSameShapeConverts: ingress's load balancer status, corev1's
// LoadBalancerStatus in v1beta1 and IngressLoadBalancerStatus in v1 with
// the same JSON, is converted field by field (three pairs of structs, what
// only corev1 has, ipMode, in v1's bag), not kept in the bags; the
// generated copy calls the pair's functions both ways and no note asks
// for a hook.
func TestSameShapeConverts(t *testing.T) {
	s, act := loadBalancerStep(t, "testdata/ingress/api")
	if act != actConvert {
		t.Fatalf("IngressStatus.LoadBalancer is %s, want converted", act)
	}
	var got []string
	for _, sp := range s.shapes {
		line := sp.toLocal()
		for _, f := range sp.extOnly {
			line += " +" + f.jsonName
		}
		got = append(got, line)
	}
	slices.Sort(got)
	want := []string{
		"convert_v1_LoadBalancerIngress_To_v1storage_IngressLoadBalancerIngress +ipMode",
		"convert_v1_LoadBalancerStatus_To_v1storage_IngressLoadBalancerStatus",
		"convert_v1_PortStatus_To_v1storage_IngressPortStatus",
	}
	if !slices.Equal(got, want) {
		t.Errorf("same-shape pairs:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSameShapeDiffers: when v1's struct has a property corev1's lacks, or
// one of another type, the shapes differ and the property keeps today's
// behaviour: kept in the bags both ways, with the note asking for a hook.
func TestSameShapeDiffers(t *testing.T) {
	for name, edit := range map[string]func([]byte) []byte{
		"a property corev1 lacks": func(b []byte) []byte {
			return bytes.Replace(b, []byte("\tIP string `json:\"ip,omitempty\"`"), []byte("\tIP string `json:\"ip,omitempty\"`\n\t// +optional\n\tZone string `json:\"zone,omitempty\"`"), 1)
		},
		"a property of another type": func(b []byte) []byte {
			return bytes.Replace(b, []byte("\tIP string `json:\"ip,omitempty\"`"), []byte("\tIP int32 `json:\"ip,omitempty\"`"), 1)
		},
	} {
		t.Run(name, func(t *testing.T) {
			edited := false
			api := freshCase(t, "ingress", func(dir string, b []byte) []byte {
				if dir != "v1" || !bytes.Contains(b, []byte("type IngressLoadBalancerIngress struct")) {
					return b
				}
				edited = true
				return edit(b)
			}, nil)
			if !edited {
				t.Fatal("the edit found no IngressLoadBalancerIngress in v1")
			}
			s, act := loadBalancerStep(t, api)
			if act != actRetype {
				t.Errorf("IngressStatus.LoadBalancer is %s, want type changed", act)
			}
			for _, sp := range s.shapes {
				if sp.local.name == "IngressLoadBalancerStatus" {
					t.Errorf("%s is paired although the shapes differ", sp.toLocal())
				}
			}
		})
	}
}
