// Hand-written: v1beta1 says on which node an endpoint runs twice, in
// nodeName and in topology["kubernetes.io/hostname"]; v1 once, in
// nodeName (its deprecatedTopology, v1beta1's topology renamed, keeps the
// hostname key only when it differs from nodeName, as Kubernetes does).
// The zone key is v1's zone by +hubspoke:movedFrom, which the generated
// copy writes before these hooks run.

package v1beta1storage

import (
	"maps"

	"example.com/fixtures/endpointslice/api/v1storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/utils/ptr"
)

// hostnameKey is the well-known topology key of the node's name
// (corev1.LabelHostname).
const hostnameKey = "kubernetes.io/hostname"

// The marks that keep what one version cannot say for the way back.
const (
	// In v1's bag: v1beta1 had no nodeName, its topology's hostname
	// became v1's nodeName.
	nodeNameFromTopology = "NodeName@topology"
	// In v1's bag: v1beta1 had a nodeName and no hostname in its
	// topology.
	topologyWithoutHostname = "Topology[kubernetes.io/hostname]@absent"
	// In v1beta1's bag: v1's deprecatedTopology held the hostname key
	// itself (where the way to v1 would otherwise take it for nodeName).
	hostnameInDeprecatedTopology = "DeprecatedTopology[kubernetes.io/hostname]@map"
)

// AssignPropertiesTo is called last by the generated copy to v1storage,
// which copied nodeName and topology (as deprecatedTopology, without the
// zone): the hostname is v1's nodeName when v1beta1 has no other nodeName,
// and leaves deprecatedTopology when it is nodeName.
//
// The way back reads the marks only for a nodeName without the hostname
// in deprecatedTopology: there they say where v1beta1 had them, and are
// written afresh. Elsewhere the bag may still hold marks a client of the
// hub left when it changed nodeName or deprecatedTopology, which
// AssignPropertiesFrom passed on unread: they stay, so that an update
// through v1beta1 that changes nothing keeps the hub as it was.
func (s *Endpoint) AssignPropertiesTo(dst *v1storage.Endpoint) error {
	own, err := propertybag.Pull[bool](&dst.PropertyBag, hostnameInDeprecatedTopology)
	if err != nil {
		return err
	}
	host, hadHost := dst.DeprecatedTopology[hostnameKey]
	hadNodeName := dst.NodeName != nil
	switch {
	case hadHost && own != nil:
		// v1's own key, as v1 had it.
	case !hadHost:
	case !hadNodeName:
		dst.NodeName = &host
		dst.DeprecatedTopology = without(dst.DeprecatedTopology, hostnameKey)
	case *dst.NodeName == host:
		dst.DeprecatedTopology = without(dst.DeprecatedTopology, hostnameKey)
	}
	// A hostname other than nodeName stays in deprecatedTopology.
	if _, kept := dst.DeprecatedTopology[hostnameKey]; kept || dst.NodeName == nil {
		return nil // the way back reads no mark
	}
	if !hadHost {
		// A nodeName-from-topology mark beside it is not read.
		return propertybag.Add(&dst.PropertyBag, topologyWithoutHostname, ptr.To(true))
	}
	dst.PropertyBag.Remove(topologyWithoutHostname)
	if !hadNodeName {
		return propertybag.Add(&dst.PropertyBag, nodeNameFromTopology, ptr.To(true))
	}
	dst.PropertyBag.Remove(nodeNameFromTopology)
	return nil
}

// AssignPropertiesFrom is called last by the generated copy from
// v1storage, which copied nodeName and deprecatedTopology (as topology,
// with the zone): v1's nodeName is also topology's hostname, unless the
// marks say v1beta1 had it elsewhere or deprecatedTopology has its own.
// It reads (and takes from the bag) the marks only where
// AssignPropertiesTo writes them, for a nodeName without the hostname in
// deprecatedTopology; elsewhere they stay in the bag, unread.
func (s *Endpoint) AssignPropertiesFrom(src *v1storage.Endpoint) error {
	if host, inMap := src.DeprecatedTopology[hostnameKey]; inMap {
		// topology has it (the generated copy of deprecatedTopology); the
		// way back must leave it there.
		if src.NodeName == nil || *src.NodeName == host {
			return propertybag.Add(&s.PropertyBag, hostnameInDeprecatedTopology, ptr.To(true))
		}
		return nil
	}
	if src.NodeName == nil {
		return nil
	}
	withoutHost, err := propertybag.Pull[bool](&s.PropertyBag, topologyWithoutHostname)
	if err != nil || withoutHost != nil {
		return err // v1beta1 had no hostname: a nodeName-from-topology mark is not read
	}
	fromTopology, err := propertybag.Pull[bool](&s.PropertyBag, nodeNameFromTopology)
	if err != nil {
		return err
	}
	s.Topology = with(s.Topology, hostnameKey, *src.NodeName)
	if fromTopology != nil {
		s.NodeName = nil
	}
	return nil
}

// without returns m without key, as a new map (m is shared with the source).
func without(m map[string]string, key string) map[string]string {
	m = maps.Clone(m)
	delete(m, key)
	return m
}

// with returns m with key set to value, as a new map.
func with(m map[string]string, key, value string) map[string]string {
	m = maps.Clone(m)
	if m == nil {
		m = map[string]string{}
	}
	m[key] = value
	return m
}
