// Hand-written: v1beta1 names a backend's service and port in two fields
// (serviceName, servicePort: a number or a name); v1 in a struct
// (service: {name, port: {number} or {name}}).

package v1beta1storage

import (
	"example.com/fixtures/ingress/api/v1storage"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Each version drops an empty name and a zero or empty port (omitempty),
// so only names and ports that are not empty map from one to the other:
// anything else stays in the bag, as the generated copy left it.

// AssignPropertiesTo is called last by the generated copy to v1storage,
// which kept serviceName and servicePort in the bag: when both are set and
// v1storage has no service of its own, they become the service.
func (s *IngressBackend) AssignPropertiesTo(dst *v1storage.IngressBackend) error {
	if dst.Service != nil || s.ServiceName == nil || *s.ServiceName == "" || s.ServicePort == nil ||
		(s.ServicePort.Type == intstr.Int && s.ServicePort.IntVal == 0) ||
		(s.ServicePort.Type == intstr.String && s.ServicePort.StrVal == "") ||
		(s.ServicePort.Type != intstr.Int && s.ServicePort.Type != intstr.String) {
		return nil
	}
	name := *s.ServiceName
	port := &v1storage.ServiceBackendPort{}
	if s.ServicePort.Type == intstr.Int {
		number := s.ServicePort.IntVal
		port.Number = &number
	} else {
		portName := s.ServicePort.StrVal
		port.Name = &portName
	}
	dst.Service = &v1storage.IngressServiceBackend{Name: &name, Port: port}
	dst.PropertyBag.Remove("ServiceName")
	dst.PropertyBag.Remove("ServicePort")
	return nil
}

// AssignPropertiesFrom is called last by the generated copy from
// v1storage, which kept the service in the bag: when v1beta1 can say the
// service exactly (a name, and a port by number or by name, neither of
// which v1beta1 would drop as empty, and nothing in their bags), it
// becomes serviceName and servicePort; otherwise it stays in the bag.
func (s *IngressBackend) AssignPropertiesFrom(src *v1storage.IngressBackend) error {
	svc := src.Service
	if svc == nil || s.ServiceName != nil || s.ServicePort != nil || len(svc.PropertyBag) > 0 ||
		svc.Name == nil || *svc.Name == "" || svc.Port == nil || len(svc.Port.PropertyBag) > 0 {
		return nil
	}
	var port intstr.IntOrString
	switch p := svc.Port; {
	case p.Number != nil && p.Name == nil && *p.Number != 0:
		port = intstr.FromInt32(*p.Number)
	case p.Name != nil && p.Number == nil && *p.Name != "":
		port = intstr.FromString(*p.Name)
	default:
		return nil
	}
	name := *svc.Name
	s.ServiceName, s.ServicePort = &name, &port
	s.PropertyBag.Remove("Service")
	return nil
}
